"""Batch J: catalogue entries about areas and special actions.

- Área manguante (``fading``): a template's DAÑ drops 1 for each whole K between the
  template's origin (an R's centre; where an L or G starts) and the nearest point of
  the base it reaches; a base the DAÑ does not reach is left alone (actions/areas.py).
- Munición de racimo (``cluster``): the weapon's DAÑ is halved (rounded half up) and
  each shot lays an R template as wide as the DAÑ it had (core/profiles.py).
- Usar bonus with a ``use`` (actions/usar_bonus.py dispatches here):

  - Necrófago (``eat``): the bearer eats from a corpse (a figure taken out by wounds)
    in base contact and heals; each wound healed takes a point of the corpse's CON
    (its :class:`Eaten` mark), and a corpse with no CON left feeds nobody;
  - Munición regenerativa (``regain``): a CH CAL of the weapon the entry sits on (its
    CAL less its wounds) gives back rounds of its magazine; failed, the weapon takes a
    wound, which is how the engine keeps a weapon's lost CAL;
  - Desafiante (``challenge``): a won CH VOL ENF against an enemy within VOL K makes it
    owe the bearer a charge in its next activation, the same way a critical CH LOC
    does (``Figure.fury``, entries/behaviour.py);
  - La mano de la muerte (``death_hand``): a passed CH VOL moves one wound of the
    bearer onto another figure in base contact that is willing (an ally) or
    unconscious; against a conscious enemy the check is a CH VOL ENF.  With VOL 6 the
    wound may come from an ally within VOL K (``Action.options`` names it) and go to a
    figure within VOL K.

See docs/rules-interpretations.md, "Batch J: areas and special actions".
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction

from wartime.engine.core import hookspecs, marks
from wartime.engine.core.action import Action
from wartime.engine.core.book import shot_ids
from wartime.engine.core.checks import acting_modifiers, contest, roll, spend
from wartime.engine.core.combat import magazine_size, rounds_left, wound
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.hits import refuse_healing
from wartime.engine.core.profiles import Weapon
from wartime.engine.core.state import GameState
from wartime.engine.core.stats import vol
from wartime.engine.core.traits import entries_of
from wartime.errors import IllegalActionError
from wartime.geometry.distance import edge_distance
from wartime.i18n import say
from wartime.rules.dice import OpposedResult, round_half_up
from wartime.rules.effects import Effect, Special, effects_of

CONTACT = 0.05  # K: bases this close touch (movement.ENGAGED_GAP)
FAR_HAND_VOL = 6  # La mano de la muerte: from this VOL, source and target within VOL K


@dataclass(frozen=True)
class Eaten(marks.Mark):
    """Necrófago's mark on a corpse: the CON it has lost to eaters."""

    eaten: int = 0


_SLOT = marks.Slot("eat", Eaten())


def mark(figure: Figure) -> Eaten:
    """Its Necrófago mark."""
    return _SLOT.of(figure)


def put(figure: Figure, new: Eaten) -> None:
    """Give it this Necrófago mark."""
    _SLOT.put(figure, new)


@dataclass(frozen=True)
class Manipulated(marks.Mark):
    """Manipulador's mark on a shooter: its CH IMP for the shot being resolved is at −1."""

    manipulated: bool = False


_MANIPULATED = marks.Slot("specials", Manipulated())


def manipulated(figure: Figure) -> bool:
    """Manipulador won against the figure on the shot being resolved."""
    return _MANIPULATED.of(figure).manipulated


@hookspecs.acting_shifts.impl(order=10, key="specials")
def acting_shifts(figure: Figure) -> list[tuple[str, int]]:
    """Manipulador: the CH IMP −1 of the shot it answered."""
    return [(MANIPULATOR, -1)] if manipulated(figure) else []


@hookspecs.answered_resolved.impl(order=10, key="specials")
def answered_resolved(state: GameState, actor: Figure) -> None:
    """Manipulador's −1 was for that shot only."""
    _MANIPULATED.put(actor, Manipulated())


# -- Munición de racimo (Área manguante is played by actions/areas.py) ----------------------


@hookspecs.weapon_built.impl(order=10, key="specials")
def clustered(weapon: Weapon, carried: Iterable[str]) -> Weapon:
    """Munición de racimo, as the profile is built: DAÑ halved, an R(DAÑ) template."""
    if not weapon.ranged or weapon.area is not None:
        return weapon
    names = (*weapon.bonuses, *carried)
    if not any(e.cluster for n in names for e in effects_of(n, Special)):
        return weapon
    half = round_half_up(Fraction(weapon.dan, 2))
    return replace(weapon, dan=half, area=f"R{weapon.dan}")


# -- Usar bonus ----------------------------------------------------------------------------


def _other(state: GameState, figure: Figure, target_id: str | None, name: str) -> Figure:
    if target_id is None:
        raise IllegalActionError(say("refused.specials.no_target", entry=name))
    target = state.figures.get(target_id)
    if target is None:
        raise IllegalActionError(say("refused.specials.no_figure", id=repr(target_id)))
    if target is figure:
        raise IllegalActionError(say("refused.specials.own_bearer", entry=name))
    if target.removed:
        raise IllegalActionError(say("refused.specials.out", figure=target.id))
    return target


def _gap(a: Figure, b: Figure) -> float:
    return edge_distance(a.position, a.radius, b.position, b.radius)


def _dead(figure: Figure) -> bool:
    return figure.wounds >= figure.profile.con


@hookspecs.entry_used.impl(order=80, key="eat")
def _eat(state: GameState, figure: Figure, action: Action, name: str, use: Effect) -> list[Event]:
    """Necrófago: pay the action, heal from a corpse in base contact."""
    assert isinstance(use, Special)  # played for its ``eat``, a field of specials only
    corpse = _other(state, figure, action.target, name)
    if not _dead(corpse):
        raise IllegalActionError(say("refused.specials.no_corpse", entry=name, figure=corpse.id))
    if _gap(figure, corpse) > CONTACT:
        raise IllegalActionError(say("refused.specials.no_contact", entry=name, figure=corpse.id))
    left = corpse.profile.con - mark(corpse).eaten
    if left <= 0:
        raise IllegalActionError(say("refused.specials.eaten", entry=name, figure=corpse.id))
    refuse_healing(figure, name)
    events = [spend(figure, use.use or 1, f"{name} ({corpse.id})")]
    healed = min(use.eat, figure.wounds, left)
    figure.wounds -= healed
    put(corpse, Eaten(mark(corpse).eaten + healed))
    text = say(
        "log.specials.eat", figure=figure.id, corpse=corpse.id, healed=healed,
        wounds=figure.wounds,
    )  # fmt: skip
    data = {"figure": figure.id, "corpse": corpse.id, "wounds": figure.wounds,
            "eaten": mark(corpse).eaten}  # fmt: skip
    return [*events, Event("healed", text, data)]


@hookspecs.weapon_use.impl(order=10, key="specials")
def weapon_use(figure: Figure, name: str) -> Effect | None:
    """A batch J ``use`` of the entry ``name`` sitting on one of the figure's weapons
    (Munición regenerativa is ammunition: it comes on the weapon)."""
    if not any(t.name == name and t.weapon is not None for t in figure.profile.traits):
        return None
    return next((e for e in effects_of(name, Special) if e.use and e.regain), None)


@hookspecs.weapon_uses.impl(order=10, key="specials")
def regain_entries(figure: Figure) -> list[str]:
    """Munición regenerativa entries on the figure's weapons with a magazine to refill."""
    names = {t.name for t in figure.profile.traits if t.weapon is not None}
    return sorted(n for n in names if weapon_use(figure, n) and regain_weapon(figure, n))


def regain_weapon(figure: Figure, name: str) -> Weapon | None:
    """Munición regenerativa: the magazine weapon it serves (the one it sits on, or the
    first with magazines short of rounds when the character carries it)."""
    sits = {t.weapon for t in figure.profile.traits if t.name == name}
    for weapon in figure.profile.weapons:
        size = magazine_size(figure, weapon)
        if size is None or (None not in sits and weapon.id not in sits):
            continue
        if (rounds_left(figure, weapon) or 0) < size:
            return weapon
    return None


@hookspecs.entry_used.impl(order=90, key="regain")
def _regain(
    state: GameState, figure: Figure, action: Action, name: str, use: Effect
) -> list[Event]:
    """Munición regenerativa: pay the action and roll CH CAL for the weapon."""
    assert isinstance(use, Special)  # played for its ``regain``, a field of specials only
    if action.target is not None:
        raise IllegalActionError(say("refused.specials.on_bearer", entry=name))
    weapon = regain_weapon(figure, name)
    if weapon is None:
        raise IllegalActionError(say("refused.specials.full", entry=name, figure=figure.id))
    cal = weapon.cal - figure.weapon_wounds.get(weapon.id, 0)
    if cal <= 0:
        raise IllegalActionError(say("refused.specials.unusable", weapon=weapon.id))
    events = [spend(figure, use.use or 1, f"{name} ({weapon.id})")]
    outcome, event = roll(state, figure, f"CH CAL ({name}, {weapon.id})", cal, [])
    events.append(event)
    if outcome.passed:
        size = magazine_size(figure, weapon) or 0
        figure.rounds[weapon.id] = min(size, (rounds_left(figure, weapon) or 0) + use.regain)
        text = say(
            "log.specials.rounds", figure=figure.id, weapon=weapon.id,
            rounds=figure.rounds[weapon.id],
        )  # fmt: skip
        data = {"figure": figure.id, "weapon": weapon.id, "rounds": figure.rounds[weapon.id]}
        return [*events, Event("rounds", text, data)]
    figure.weapon_wounds[weapon.id] = figure.weapon_wounds.get(weapon.id, 0) + 1
    text = say("log.specials.cal_lost", weapon=weapon.id, figure=figure.id, entry=name)
    data = {"figure": figure.id, "weapon": weapon.id,
            "wounds": figure.weapon_wounds[weapon.id]}  # fmt: skip
    return [*events, Event("weapon_wounded", text, data)]


@hookspecs.entry_used.impl(order=100, key="challenge")
def _challenge(
    state: GameState, figure: Figure, action: Action, name: str, use: Effect
) -> list[Event]:
    """Desafiante: pay the action; a won CH VOL ENF sets the enemy on the bearer."""
    rival = _other(state, figure, action.target, name)
    if rival.side == figure.side or rival.casualty:
        raise IllegalActionError(say("refused.specials.no_enemy", entry=name, figure=rival.id))
    reach = vol(state, figure)
    if _gap(figure, rival) > reach:
        raise IllegalActionError(
            say(
                "refused.specials.challenge_far",
                figure=rival.id,
                gap=_gap(figure, rival),
                entry=name,
                reach=reach,
            )
        )
    events = [spend(figure, use.use or 1, say("phrase.checks.to", label=name, other=rival.id))]
    result, _, contested = contest(state, figure, rival, "VOL", melee=False)
    events += contested
    if result is not OpposedResult.ACTOR:
        return events
    rival.fury = figure.id
    text = say("log.specials.challenge", figure=figure.id, rival=rival.id)
    return [*events, Event("fury", text, {"figure": rival.id, "target": figure.id})]


def hand_reach(state: GameState, figure: Figure) -> float:
    """La mano de la muerte: VOL K with VOL 6 or more, base contact otherwise."""
    reach = vol(state, figure)
    return float(reach) if reach >= FAR_HAND_VOL else CONTACT


def _source(state: GameState, figure: Figure, action: Action, name: str) -> Figure:
    if not action.options:
        return figure
    if vol(state, figure) < FAR_HAND_VOL:
        raise IllegalActionError(say("refused.specials.far_hand", entry=name, vol=FAR_HAND_VOL))
    source = state.figures.get(action.options[0])
    if source is None or source.side != figure.side or source.casualty:
        raise IllegalActionError(say("refused.specials.source", entry=name))
    if source is not figure and _gap(figure, source) > hand_reach(state, figure):
        raise IllegalActionError(say("refused.specials.beyond_vol", entry=name, figure=source.id))
    return source


@hookspecs.entry_used.impl(order=110, key="death_hand")
def _death_hand(
    state: GameState, figure: Figure, action: Action, name: str, use: Effect
) -> list[Event]:
    """La mano de la muerte: pay the action; a passed CH VOL (ENF against a conscious
    enemy) moves one wound from the source onto the target."""
    source = _source(state, figure, action, name)
    target = _other(state, figure, action.target, name)
    if target is source:
        raise IllegalActionError(say("refused.specials.another", entry=name))
    if _dead(target):
        raise IllegalActionError(say("refused.specials.taken_out", entry=name, figure=target.id))
    if not source.wounds:
        raise IllegalActionError(say("refused.specials.no_wound", entry=name, figure=source.id))
    if _gap(figure, target) > hand_reach(state, figure):
        raise IllegalActionError(say("refused.specials.reach", entry=name, figure=target.id))
    events = [spend(figure, use.use or 1, f"{name} ({source.id} → {target.id})")]
    if target.side != figure.side and not target.unconscious:
        result, _, contested = contest(state, figure, target, "VOL", melee=False)
        events += contested
        passed = result is OpposedResult.ACTOR
    else:
        outcome, event = roll(
            state, figure, f"CH VOL ({name})", vol(state, figure), acting_modifiers(figure)
        )
        events.append(event)
        passed = outcome.passed
    if not passed:
        return events
    source.wounds -= 1

    hookspecs.wound_passed.collect(figure, source)  # Condenado: one of its own passed on
    text = say(
        "log.specials.wound_moved", entry=name, figure=figure.id, source=source.id,
        target=target.id,
    )  # fmt: skip
    events.append(Event("wound_moved", text, {"figure": figure.id, "from": source.id,
                                              "to": target.id}))  # fmt: skip
    return events + wound(state, target, 1, by=figure)


# -- Manipulador: an answer to a declared shot (core/responses.py) -------------------------

MANIPULATE = "manipular"  # the answer's kind
MANIPULATOR = "Manipulador"


@hookspecs.answers.impl(order=20, key="specials")
def manipulates(
    state: GameState, target: Figure, shooter: Figure, action: Action, engaged: bool
) -> list[tuple[str, str]]:
    """Manipulador may answer this action: a ranged attack at a bearer whose VOL is above
    the shooter's."""
    if action.kind not in shot_ids():  # a shot or a throw
        return []
    if not any(e.manipulator for _, e in entries_of(target, None, Special)):
        return []
    return [(MANIPULATE, MANIPULATOR)] if vol(state, target) > vol(state, shooter) else []


@hookspecs.answer_given.impl(order=20, key="specials")
def manipulate(
    state: GameState, bearer: Figure, shooter: Figure, action: Action
) -> list[Event] | None:
    """The answer: a CH VOL ENF; won, the shooter's CH IMP for this shot is at −1."""
    if action.kind != MANIPULATE:
        return None
    result, _, events = contest(state, bearer, shooter, "VOL", melee=False)
    if result is not OpposedResult.ACTOR:
        return events
    _MANIPULATED.put(shooter, Manipulated(True))
    text = say("log.specials.manipulated", figure=bearer.id, shooter=shooter.id, entry=MANIPULATOR)
    return [*events, Event("manipulated", text, {"figure": shooter.id, "by": bearer.id})]


@hookspecs.bonus_offers.impl(order=60, key="use")
def special_choices(state: GameState, figure: Figure, name: str, effect: Effect) -> list[Action]:
    """Usar bonus of a batch J entry, with the figures near enough (checked in full by
    legal_actions)."""
    if not isinstance(effect, Special):  # none of the fields below: nothing to offer
        return []
    if effect.regain:
        return [Action("usar_bonus", figure.id, item=name)]
    if effect.eat:
        reach, pool = CONTACT, [f for f in state.figures.values() if _dead(f)]
    elif effect.challenge:
        reach, pool = float(vol(state, figure)), state.enemies_of(figure)
    elif effect.death_hand:
        reach = hand_reach(state, figure)
        pool = [f for f in state.figures.values() if f.unconscious or f.side == figure.side]
    else:
        return []
    return [
        Action("usar_bonus", figure.id, target=f.id, item=name)
        for f in pool
        if f is not figure and not f.removed and _gap(figure, f) <= reach
    ]
