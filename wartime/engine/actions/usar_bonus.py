"""Usar bonus: the actions some catalogue entries give their bearer, beyond the list.

Mimético is switched on and off for its ENE (the entry's ``switch``), and an energy
shield gets a lost level back for its ``restore`` ENE while it has one left
(Escudo de energía).  The entries with a ``use`` are actions of that ENE:

- Energía psíquica (``stress_ene``): 1 stress more for that much ENE, up to 10;
- Regeneración (``regenerate``): a passed CH CON takes wounds off (not with Sin cura);
- Sed de energía (``steal_ene``): a CH VOL ENF against a figure within the bearer's
  VOL in K, never while in CaC; won, the loser's ENE (what it has above 0, up to that
  much) goes to the bearer, up to 10;
- Marcador de objetivos (``mark``): it marks an enemy it sees within the longest ALC
  of its ranged weapons (Figure.marking; one at a time, until it marks another), and
  its ``marked`` CH IMP +1 holds against that figure (core/modifiers.py).

The action names the entry in ``Action.item`` and the figure aimed at in
``Action.target``.  Pivotante (``pivot``) needs no Usar bonus: it is Pivotar at its
ENE (actions/transport.py), for a Pj on foot in its own activation too.
See docs/rules-interpretations.md, "Actions the entries give".
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain

from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.book import USE_BONUS as ACTION
from wartime.engine.core.checks import acting_modifiers, contest, roll, spend
from wartime.engine.core.combat import sight
from wartime.engine.core.dispatch import register
from wartime.engine.core.events import Event
from wartime.engine.core.figures import ENE_CAP, Figure
from wartime.engine.core.hits import refuse_healing
from wartime.engine.core.movement import engaged_with
from wartime.engine.core.psychology import stress_limits
from wartime.engine.core.shields import shield_of
from wartime.engine.core.state import GameState
from wartime.engine.core.stats import vol
from wartime.engine.core.traits import entries_of
from wartime.errors import IllegalActionError
from wartime.geometry.distance import edge_distance
from wartime.i18n import say
from wartime.rules.dice import OpposedResult
from wartime.rules.effects import Choice, Effect, EntryAction, Special


def _switch_cost(figure: Figure, name: str) -> int | None:
    return next(
        (e.switch for t, e in entries_of(figure, None, Choice) if t.name == name and e.switch),
        None,
    )


def _use_of(figure: Figure, name: str) -> Effect | None:
    """The effect with a ``use`` of the entry ``name`` the figure carries."""
    found = next((e for t, e in entries_of(figure, None) if t.name == name and e.use), None)
    return found or hookspecs.weapon_use.first(figure, name)  # on a weapon (specials.py)


def usar_bonus(state: GameState, figure: Figure, action: Action) -> list[Event]:
    """Switch an entry on or off, restore a level of an energy shield, or use an entry."""
    name = action.item or ""
    taken = hookspecs.bonus_taken.first(state, figure, action)  # Munición incendiaria...
    if taken is not None:
        return taken
    use = _use_of(figure, name)
    hand = isinstance(use, Special) and use.death_hand  # specials.py reads its options
    pet = isinstance(use, EntryAction) and use.pet  # the pet's entry it takes (pet.py)
    if action.options and (use is None or not (hand or pet)):
        raise IllegalActionError(say("refused.options.attack_only", option=action.options[0]))
    cost = _switch_cost(figure, name)
    if cost is not None:
        on = name not in figure.switched
        switch = (
            say("phrase.usar_bonus.switch_on", entry=name)
            if on
            else say("phrase.usar_bonus.switch_off", entry=name)
        )
        event = spend(figure, cost, switch)
        figure.switched = (
            (*figure.switched, name) if on else tuple(n for n in figure.switched if n != name)
        )
        if on:
            text = say("log.usar_bonus.switched_on", figure=figure.id, entry=name)
        else:
            text = say("log.usar_bonus.switched_off", figure=figure.id, entry=name)
        return [event, Event("switched", text, {"figure": figure.id, "entry": name, "on": on})]
    if use is not None:
        return _played(use)(state, figure, action, name, use)
    shield = shield_of(figure)
    if shield is None or shield.name != name or shield.restore is None:
        raise IllegalActionError(
            say("refused.usar_bonus.no_entry", figure=figure.id, entry=repr(name))
        )
    if not figure.shield_lost:
        raise IllegalActionError(say("refused.usar_bonus.all_levels", entry=name))
    if not shield.left(figure):
        raise IllegalActionError(say("refused.usar_bonus.no_level_left", entry=name))
    event = spend(figure, shield.restore, say("phrase.usar_bonus.restore", entry=name))
    figure.shield_lost -= 1
    text = say("log.usar_bonus.shield", figure=figure.id, entry=name, left=shield.left(figure))
    data = {"figure": figure.id, "shield": name, "left": shield.left(figure)}
    return [event, Event("shield", text, data)]


def _played(use: Effect) -> Callable[[GameState, Figure, Action, str, Effect], list[Event]]:
    """Who plays the use: the entry_used answer whose key is the use's kind (the effect
    field it sets), the first in order; a field of another family than the use's is unset."""
    return next(answer.fn for answer in hookspecs.entry_used if getattr(use, answer.key, None))


def _gain(figure: Figure, ene: int, label: str) -> Event:
    """ENE gained, never above 10 (ENERGÍA)."""
    before = figure.ene
    figure.ene = max(figure.ene, min(ENE_CAP, figure.ene + ene))
    text = say(
        "log.checks.ene_gain",
        figure=figure.id,
        label=label,
        gain=figure.ene - before,
        ene=figure.ene,
    )
    return Event("ene_gain", text, {"figure": figure.id, "ene": figure.ene})


def _no_target(action: Action, name: str) -> None:
    if action.target is not None:
        raise IllegalActionError(say("refused.specials.on_bearer", entry=name))


@hookspecs.entry_used.impl(order=10, key="stress_ene")
def _psychic(
    state: GameState, figure: Figure, action: Action, name: str, use: Effect
) -> list[Event]:
    """Energía psíquica: pay the action, take 1 stress, gain the ENE (stress limits apply)."""
    assert isinstance(use, EntryAction)  # played for its ``stress_ene``
    _no_target(action, name)
    if figure.ene >= ENE_CAP:
        raise IllegalActionError(
            say("refused.usar_bonus.ene_full", entry=name, figure=figure.id, cap=ENE_CAP)
        )
    events = [spend(figure, use.use or 1, name)]
    figure.stress += 1
    text = say(
        "log.usar_bonus.stress",
        figure=figure.id,
        entry=name,
        stress=figure.stress,
        vol=vol(state, figure),
    )
    events.append(Event("stress", text, {"figure": figure.id, "stress": figure.stress}))
    events.append(_gain(figure, use.stress_ene, name))
    return events + stress_limits(state, figure)


@hookspecs.entry_used.impl(order=20, key="regenerate")
def _regenerate(
    state: GameState, figure: Figure, action: Action, name: str, use: Effect
) -> list[Event]:
    """Regeneración: pay the action; a passed CH CON takes wounds off."""
    assert isinstance(use, EntryAction)  # played for its ``regenerate``
    _no_target(action, name)
    refuse_healing(figure, name)
    events = [spend(figure, use.use or 1, name)]
    outcome, event = roll(
        state, figure, f"CH CON ({name})", figure.profile.con, acting_modifiers(figure)
    )
    events.append(event)
    if outcome.passed:
        healed = min(use.regenerate, figure.wounds)
        figure.wounds -= healed
        text = say(
            "log.usar_bonus.regenerated", figure=figure.id, healed=healed, wounds=figure.wounds
        )
        events.append(Event("healed", text, {"figure": figure.id, "wounds": figure.wounds}))
    return events


def _target(state: GameState, figure: Figure, action: Action, name: str) -> Figure:
    if action.target is None:
        raise IllegalActionError(say("refused.specials.no_target", entry=name))
    target = state.figures.get(action.target)
    if target is None:
        raise IllegalActionError(say("refused.usar_bonus.no_figure", target=repr(action.target)))
    if target is figure:
        raise IllegalActionError(say("refused.specials.own_bearer", entry=name))
    if target.casualty or target.removed:
        raise IllegalActionError(say("refused.usar_bonus.out_of_game", target=target.id))
    return target


@hookspecs.entry_used.impl(order=30, key="steal_ene")
def _steal(state: GameState, figure: Figure, action: Action, name: str, use: Effect) -> list[Event]:
    """Sed de energía: pay the action, then a CH VOL ENF; won, the ENE changes hands."""
    assert isinstance(use, EntryAction)  # played for its ``steal_ene``
    if engaged_with(state, figure):
        raise IllegalActionError(say("refused.usar_bonus.engaged", entry=name))
    victim = _target(state, figure, action, name)
    reach = vol(state, figure)
    gap = edge_distance(figure.position, figure.radius, victim.position, victim.radius)
    if gap > reach:
        raise IllegalActionError(
            say(
                "refused.usar_bonus.steal_too_far",
                target=victim.id,
                gap=gap,
                entry=name,
                reach=reach,
            )
        )
    if victim.ene <= 0:
        raise IllegalActionError(say("refused.usar_bonus.no_ene", target=victim.id))
    events = [
        spend(figure, use.use or 1, say("phrase.checks.against", label=name, other=victim.id))
    ]
    result, _, contested = contest(state, figure, victim, "VOL", melee=False)
    events += contested
    if result is not OpposedResult.ACTOR:
        return events
    taken = min(use.steal_ene, victim.ene)
    victim.ene -= taken
    text = say(
        "log.usar_bonus.drained", figure=figure.id, taken=taken, target=victim.id, left=victim.ene
    )
    events.append(Event("ene_drained", text, {"figure": victim.id, "by": figure.id,
                                              "ene": victim.ene}))  # fmt: skip
    return [*events, _gain(figure, taken, f"{name} ({victim.id})")]


def mark_reach(figure: Figure) -> float:
    """Marcador de objetivos: the longest ALC of the bearer's ranged weapons (0: none)."""
    return max((w.alc for w in figure.profile.weapons if w.ranged), default=0.0)


@hookspecs.entry_used.impl(order=40, key="mark")
def _mark(state: GameState, figure: Figure, action: Action, name: str, use: Effect) -> list[Event]:
    """Marcador de objetivos: pay the action and mark an enemy in sight within ALC."""
    target = _target(state, figure, action, name)
    if target.side == figure.side:
        raise IllegalActionError(say("refused.usar_bonus.not_enemy", entry=name, target=target.id))
    if figure.marking == target.id:
        raise IllegalActionError(
            say("refused.mind.already_marked", target=target.id, figure=figure.id)
        )
    reach = mark_reach(figure)
    if not reach:
        raise IllegalActionError(say("refused.usar_bonus.no_ranged", entry=name, figure=figure.id))
    seen = sight(state, figure, target)
    if not seen.in_vision or seen.line_of_sight == "blocked":
        raise IllegalActionError(
            say("refused.usar_bonus.unseen", entry=name, figure=figure.id, target=target.id)
        )
    if seen.distance > reach:
        raise IllegalActionError(
            say(
                "refused.usar_bonus.mark_too_far",
                target=target.id,
                gap=seen.distance,
                entry=name,
                reach=reach,
            )
        )
    events = [spend(figure, use.use or 1, f"{name} ({target.id})")]
    figure.marking = target.id
    text = say("log.usar_bonus.marked", figure=figure.id, target=target.id)
    return [*events, Event("marked", text, {"figure": target.id, "by": figure.id,
                                            "entry": name})]  # fmt: skip


@hookspecs.offers.impl(order=60, key="entry_actions")
def choices(state: GameState, figure: Figure) -> list[Action]:
    """The entries the figure may use now, with their targets near enough (checked in
    full by legal_actions)."""
    out: list[Action] = []
    for trait, effect in entries_of(figure, None):
        if (isinstance(effect, Choice) and (effect.switch or effect.restore)) or (
            isinstance(effect, EntryAction) and (effect.stress_ene or effect.regenerate)
        ):
            out.append(Action(ACTION, figure.id, item=trait.name))
            continue
        # the first bonus_offers answer whose key the effect sets: Órdenes, Desaparecer,
        # Fortuna, Sed de energía, Marcador de objetivos, then any other use (specials.py)
        # (a field of another family than the effect's is unset)
        offer = next((a.fn for a in hookspecs.bonus_offers if getattr(effect, a.key, None)), None)
        if offer is not None:
            out += offer(state, figure, trait.name, effect)
    regained = chain.from_iterable(hookspecs.weapon_uses.collect(figure))  # on weapons
    out += [Action(ACTION, figure.id, item=n) for n in regained]
    return list(dict.fromkeys(out))


@hookspecs.bonus_offers.impl(order=30, key="fortune")
def _lucky(state: GameState, figure: Figure, name: str, effect: Effect) -> list[Action]:
    """Fortuna: curar 1 herida, while wounded and not spent this turn."""
    lucky = figure.wounds and any(hookspecs.luck_left.collect(state, figure))
    return [Action(ACTION, figure.id, item=name)] if lucky else []


@hookspecs.bonus_offers.impl(order=40, key="steal_ene")
@hookspecs.bonus_offers.impl(order=50, key="mark")
def _near(state: GameState, figure: Figure, name: str, effect: Effect) -> list[Action]:
    """Sed de energía (anyone within VOL K), Marcador de objetivos (enemies within ALC)."""
    steals = isinstance(effect, EntryAction) and effect.steal_ene
    reach = vol(state, figure) if steals else mark_reach(figure)
    marks = isinstance(effect, EntryAction) and effect.mark
    others = state.enemies_of(figure) if marks else state.figures.values()
    return [
        Action(ACTION, figure.id, target=other.id, item=name)
        for other in others
        if other is not figure and other.present
        and edge_distance(figure.position, figure.radius, other.position, other.radius)
        <= reach
    ]  # fmt: skip


HANDLERS = {ACTION: usar_bonus}
register(HANDLERS)
