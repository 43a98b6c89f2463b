"""Spells of a metaability that work on a body (BONUS Y MALUS, the Magia entries).

A body is a figure taken out by wounds (wounds at least its CON) and not unconscious
from stress or a blow (that one is alive: Poseer is the way to it), whose body was not
taken away (Eliminar) and that does not travel aboard a transport.  Both spells are
cast with Usar of the archetype that carries them (actions/metaabilities.py), at a body
in the caster's CdV within as many K as the caster's VOL (not the archetype's ALC).  A
body has no will: no CH VOL ENF, whatever side it fought for.

- Magia: resucitar (``raises_dead``): the body stands up on the nearest free spot to
  where it lies, on the caster's side, as the caster's puppet (Figure.possessed_by, the
  possession of actions/mind.py): it acts only within the caster's activation, on the
  caster's ENE, and never for itself.  Its profile keeps its CON and takes AGI 3, INT 1,
  VOL 1 (its :class:`Puppet` mark keeps what it goes back to); it stands with no wounds.  It falls
  again (:func:`lapse`) when the caster's next activation starts (Mantener raises it
  again, with no CH ATR), when the caster is out of the game, when its own new wounds
  reach its CON, and when the game ends; the wounds it took while up are added to those
  it had.  A body Rematador finished (revival GONE) cannot be raised.
- Magia: telekinesis (``moves_object``): the only objects the engine weighs are bodies
  (Mover cargado, actions/items.py).  A body of CON up to the caster's VOL goes straight
  toward ``Action.point``, at most VOL K, through the air (walls and bases in between do
  not stop it), and must land where its base overlaps nothing.  It stays a body.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from wartime.board.battlefield import Posture
from wartime.board.shapes import Point
from wartime.engine.core import hookspecs, marks
from wartime.engine.core.action import Action
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.magic import spell_options, within_reach
from wartime.engine.core.movement import free_spot
from wartime.engine.core.profiles import Metaability, Profile
from wartime.engine.core.state import GameState
from wartime.engine.core.stats import vol
from wartime.errors import IllegalActionError
from wartime.geometry.distance import toward
from wartime.i18n import say
from wartime.rules.effects import Necromancy, effects_of

RAISED_AGI, RAISED_INT, RAISED_VOL = 3, 1, 1  # the raised body's profile (CON its own)
WAYS = 4  # sampled directions for a telekinesis in legal_actions
_MIN_MOVE = 1e-6


@dataclass(frozen=True)
class Raised:
    """A body standing as its caster's puppet, and what it goes back to when it falls
    again (its side, wounds and profile)."""

    caster: str
    side: str
    wounds: int
    profile: Profile = field(repr=False)


@dataclass(frozen=True)
class Puppet(marks.Mark):
    """Magia: resucitar's mark: the body is up as a puppet."""

    raised: Raised | None = None


_SLOT = marks.Slot("necromancy", Puppet())


def mark(figure: Figure) -> Puppet:
    """Its Magia: resucitar mark."""
    return _SLOT.of(figure)


def put(figure: Figure, new: Puppet) -> None:
    """Give it this Magia: resucitar mark."""
    _SLOT.put(figure, new)


def _spell(ability: Metaability, kind: str) -> tuple[str, Necromancy] | None:
    return next(
        (
            (t.name, e)
            for t in ability.grants
            for e in effects_of(t.name, Necromancy)
            if getattr(e, kind)
        ),
        None,
    )


def on_bodies(ability: Metaability) -> bool:
    """The metaability carries a spell that works on a body."""
    return _spell(ability, "raises_dead") is not None or _spell(ability, "moves_object") is not None


def body(figure: Figure) -> bool:
    """Down from wounds, not merely unconscious, still on the table and not aboard."""
    return (
        figure.wounds >= figure.profile.con
        and not figure.unconscious
        and not figure.removed
        and figure.aboard is None
        and mark(figure).raised is None
    )


def _reach(state: GameState, caster: Figure, ability: Metaability) -> tuple[str, int]:
    found = _spell(ability, "raises_dead") or _spell(ability, "moves_object")
    assert found is not None
    attribute = found[1].raises_dead or found[1].moves_object or "VOL"
    value = vol(state, caster) if attribute == "VOL" else caster.profile.attribute(attribute)
    return attribute, value


@hookspecs.metaability_refusal.impl(order=10, key="necromancy")
def refusal(
    state: GameState, caster: Figure, action: Action, ability: Metaability, target: Figure
) -> None:
    """Raise unless the metaability can work on the body ``target`` as the action says
    (a living target is entries/spells.py's)."""
    if not target.casualty:
        return
    if not on_bodies(ability):
        raise IllegalActionError(
            say("refused.necromancy.casualty", figure=target.id, ability=ability.id)
        )
    if not body(target):
        raise IllegalActionError(say("refused.necromancy.no_body", figure=target.id))
    attribute, reach = _reach(state, caster, ability)
    within_reach(state, caster, target, ability.id, attribute, reach)
    if spell_options(action.options):
        raise IllegalActionError(say("refused.necromancy.no_options", ability=ability.id))
    raises = _spell(ability, "raises_dead")
    if raises is not None and any(hookspecs.beyond_raising.collect(target)):
        raise IllegalActionError(say("refused.necromancy.finished", figure=target.id))
    moves = _spell(ability, "moves_object")
    if moves is None:
        if action.point is not None:
            raise IllegalActionError(say("refused.necromancy.no_point", ability=ability.id))
        return
    if action.point is None:
        if raises is None:
            raise IllegalActionError(
                say("refused.necromancy.where", entry=moves[0], figure=target.id)
            )
        return
    _landing(state, caster, target, action.point, moves[1])


def _landing(
    state: GameState, caster: Figure, target: Figure, goal: Point, effect: Necromancy
) -> tuple[Point, float]:
    """Where the body lands, carried straight toward ``goal`` up to the caster's VOL K."""
    attribute = effect.moves_object or "VOL"
    strength = vol(state, caster) if attribute == "VOL" else caster.profile.attribute(attribute)
    if target.profile.con > strength:
        raise IllegalActionError(
            say(
                "refused.necromancy.heavy",
                figure=target.id,
                con=target.profile.con,
                attribute=attribute,
                strength=strength,
            )
        )
    gap = math.dist(target.position, goal)
    if gap < _MIN_MOVE:
        raise IllegalActionError(say("refused.necromancy.there", figure=target.id))
    end, travelled = toward(target.position, goal, float(strength))
    if target.level == 1:
        in_the_way = state.physics().overlaps(replace(target.disc(), centre=end), ignore=target.id)
        if in_the_way:
            raise IllegalActionError(
                say("refused.necromancy.land_on", figure=target.id, others=", ".join(in_the_way))
            )
    return end, travelled


@hookspecs.metaability_cast.impl(order=10, key="necromancy")
def cast(
    state: GameState, caster: Figure, target: Figure, ability: Metaability, action: Action
) -> list[Event]:
    """The spells of a metaability that has just landed on the body ``target``."""
    if not target.casualty:
        return []  # a living target: entries/spells.py
    events = []
    moves = _spell(ability, "moves_object")
    if moves is not None and action.point is not None:
        end, travelled = _landing(state, caster, target, action.point, moves[1])
        start, target.position = target.position, end
        text = say(
            "log.necromancy.moved", entry=moves[0], caster=caster.id, figure=target.id,
            travelled=travelled,
        )  # fmt: skip
        data = {"figure": target.id, "by": caster.id, "from": list(start), "to": list(end)}
        events.append(Event("body_moved", text, data))
    raises = _spell(ability, "raises_dead")
    if raises is not None:
        events.append(_raise(state, caster, target, raises[0]))
    return events


def _raise(state: GameState, caster: Figure, target: Figure, name: str) -> Event:
    spot = free_spot(state, target) if target.level == 1 else target.position
    if spot is None:
        text = say("log.necromancy.no_room", entry=name, figure=target.id)
        return Event("raise_failed", text, {"figure": target.id, "by": caster.id})
    put(target, Puppet(Raised(caster.id, target.side, target.wounds, target.profile)))
    target.profile = replace(target.profile, agi=RAISED_AGI, int_=RAISED_INT, vol=RAISED_VOL)
    target.wounds, target.side, target.possessed_by = 0, caster.side, caster.id
    target.position, target.posture = spot, Posture.STANDING
    hookspecs.stands_again.collect(target)
    state.settle(target)
    text = say(
        "log.necromancy.raised", entry=name, figure=target.id, caster=caster.id,
        con=target.profile.con, agi=RAISED_AGI, int=RAISED_INT, vol=RAISED_VOL,
    )  # fmt: skip
    return Event("raised", text, {"figure": target.id, "by": caster.id, "to": list(spot)})


def lapse(state: GameState, *, everyone: bool = False) -> list[Event]:
    """Raised bodies whose caster let go, is out, or that were cut down fall again
    (``everyone``: all of them, as the game ends)."""
    events = []
    for figure in state.figures.values():
        raised = mark(figure).raised
        if raised is None:
            continue
        caster = state.figures.get(raised.caster)
        held = figure.possessed_by == raised.caster and caster is not None and not caster.casualty
        if everyone or figure.casualty or not held:
            events.append(_fall(state, figure, raised))
    return events


def _fall(state: GameState, figure: Figure, raised: Raised) -> Event:
    taken = figure.wounds
    figure.profile, figure.side = raised.profile, raised.side
    figure.wounds = raised.wounds + taken
    if figure.possessed_by == raised.caster:
        figure.possessed_by = None
    put(figure, Puppet())
    state.lift(figure)
    text = say("log.necromancy.fell_again", figure=figure.id, caster=raised.caster)
    return Event("fell_again", text, {"figure": figure.id, "by": raised.caster})


@hookspecs.metaability_offers.impl(order=20, key="necromancy")
def _at_bodies(
    state: GameState, caster: Figure, ability: Metaability, near: list[Figure]
) -> list[Action]:
    return variants(state, caster, ability)


def variants(state: GameState, caster: Figure, ability: Metaability) -> list[Action]:
    """Usar of the metaability at each body within its reach (telekinesis: a few points)."""
    if not on_bodies(ability):
        return []
    _, reach = _reach(state, caster, ability)
    moves = _spell(ability, "moves_object") is not None
    raises = _spell(ability, "raises_dead") is not None
    actions = []
    for other in state.figures.values():
        if not other.casualty or not body(other):
            continue
        gap = math.dist(caster.position, other.position) - caster.radius - other.radius
        if gap > reach:
            continue
        if raises:
            actions.append(Action("usar", caster.id, target=other.id, item=ability.id))
        if moves and other.profile.con <= reach:
            x, y = other.position
            actions += [
                Action(
                    "usar",
                    caster.id,
                    target=other.id,
                    item=ability.id,
                    point=(
                        x + reach * math.cos(2 * math.pi * i / WAYS),
                        y + reach * math.sin(2 * math.pi * i / WAYS),
                    ),
                )
                for i in range(WAYS)
            ]
    return actions


@hookspecs.after_action.impl(order=30, key="necromancy")
def after_action(state: GameState) -> list[Event]:
    """Magia: resucitar: a puppet let go falls again once the action is over."""
    return lapse(state)


@hookspecs.game_ends.impl(order=10, key="necromancy")
def game_ends(state: GameState) -> list[Event]:
    """Raised bodies count as casualties when the game ends on points."""
    return lapse(state, everyone=True)
