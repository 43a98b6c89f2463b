"""BONUS Y MALUS, Desaparecer: the bearer leaves the table and comes back later.

Once a game, in its own activation (not on an ally's Órdenes, not reacting), Usar
bonus of the entry takes the bearer off the table: refused while it is engaged in
CaC, aboard a transport, held, tied or perched, and on a map where its side has no
deployment zone to come back to.  Its activation then ends.

While away (``Figure.vanished`` 1) it is no casualty: its side is still in the game.
It is off the movement table, ``GameState.enemies_of`` leaves it out (nobody sees
it, it sees and answers nothing, no aura reaches from it) and :func:`refusal` keeps
every action aimed at it off.  It still activates in its phases as usual; there it
may only end its activation (and stay away) or use the entry again with a point:
the base goes wholly inside a deployment zone of its side, touching that zone's
edge, clear of every base and not within 1 K of an enemy (the deployment checks,
core/deployment.py), facing the table's centre (``Figure.vanished`` 2: used up).
That return is an action of its activation, which goes on afterwards.
"""

from __future__ import annotations

import shapely

from wartime.board.shapes import Point
from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.book import USE_BONUS as ACTION
from wartime.engine.core.checks import spend
from wartime.engine.core.deployment import centre_facing, spot_reason, zones_of
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.movement import engaged_with, holder
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import entries_of
from wartime.errors import IllegalActionError
from wartime.i18n import Message, Reason, say
from wartime.rules.effects import Effect, EntryAction

AWAY, BACK = 1, 2  # Figure.vanished
SAMPLE_STEP = 1.5  # K between the sampled return spots along a zone's edge
EDGE_TOLERANCE = 1e-6  # K: how near the zone's edge the base must come to touch it


def entry(figure: Figure) -> str | None:
    """The bearer's Desaparecer entry, if it carries one."""
    return next((t.name for t, e in entries_of(figure, None, EntryAction) if e.vanish), None)


@hookspecs.refusal.impl(order=10, key="vanishing")
def refusal(state: GameState, figure: Figure, action: Action) -> Reason | None:
    """An away figure only comes back (or ends); nothing may aim at an away figure."""
    if figure.vanished == AWAY and not (action.kind == ACTION and action.item == entry(figure)):
        return say("refused.vanishing.away", figure=figure.id)
    aimed = state.figures.get(action.target or "")
    if aimed is not None and aimed.vanished == AWAY:
        return say("refused.vanishing.aimed_away", target=aimed.id)
    return None


@hookspecs.entry_used.impl(order=70, key="vanish")
def use(state: GameState, figure: Figure, action: Action, name: str, effect: Effect) -> list[Event]:
    """Usar bonus of Desaparecer: leave the table, or come back at the given point."""
    if action.target is not None:
        raise IllegalActionError(say("refused.specials.on_bearer", entry=name))
    if state.active != figure.id or figure.reacting or state.resume:
        raise IllegalActionError(say("refused.vanishing.own", entry=name))
    if figure.vanished == AWAY:
        return _come_back(state, figure, action, name, effect)
    if figure.vanished == BACK:
        raise IllegalActionError(say("refused.vanishing.used", entry=name, figure=figure.id))
    if action.point is not None:
        raise IllegalActionError(say("refused.vanishing.no_point", figure=figure.id, entry=name))
    reason = _tied_down(state, figure)
    if reason:
        raise IllegalActionError(say("refused.vanishing.tied", entry=name, reason=reason))
    if not _zones(state, figure.side):
        raise IllegalActionError(say("refused.vanishing.no_zone", entry=name, side=figure.side))
    events = [spend(figure, effect.use or 1, name)]
    figure.vanished = AWAY
    state.lift(figure)
    text = say("log.vanishing.away", entry=name, figure=figure.id)
    return [*events, Event("vanished", text, {"figure": figure.id, "entry": name})]


def _tied_down(state: GameState, figure: Figure) -> Message | None:
    if engaged_with(state, figure):
        return say("refused.vanishing.engaged", figure=figure.id)
    if figure.aboard is not None:
        return say("refused.vanishing.aboard", figure=figure.id, ride=figure.aboard)
    if figure.tied is not None or holder(state, figure) is not None:
        return say("refused.vanishing.held", figure=figure.id)
    if figure.perch:
        return say("refused.vanishing.perched", figure=figure.id)
    return None


def _zones(state: GameState, side: str) -> list[shapely.Polygon]:
    return zones_of(state, side)


def return_problem(state: GameState, figure: Figure, point: Point) -> Reason | None:
    """Why the away ``figure`` cannot come back at ``point`` (None: it can)."""
    reason = spot_reason(state, figure.id, figure.side, point, figure.radius)
    if reason:
        return reason
    centre = shapely.Point(point)
    reach = figure.radius + EDGE_TOLERANCE
    if not any(zone.exterior.distance(centre) <= reach for zone in _zones(state, figure.side)):
        return say("refused.vanishing.edge", figure=figure.id)
    return None


def _come_back(
    state: GameState, figure: Figure, action: Action, name: str, effect: Effect
) -> list[Event]:
    if action.point is None:
        raise IllegalActionError(say("refused.vanishing.point", figure=figure.id))
    reason = return_problem(state, figure, action.point)
    if reason:
        raise IllegalActionError(reason)
    events = [spend(figure, effect.use or 1, name)]
    figure.position = action.point
    figure.facing = centre_facing(state, action.point)
    figure.vanished = BACK
    state.settle(figure)
    x, y = action.point
    text = say("log.vanishing.back", entry=name, figure=figure.id, x=x, y=y)
    data = {"figure": figure.id, "entry": name, "point": [x, y]}
    return [*events, Event("came_back", text, data)]


@hookspecs.bonus_offers.impl(order=20, key="vanish")
def choices(state: GameState, figure: Figure, name: str, effect: Effect) -> list[Action]:
    """Leave (once a game, in its own activation), or the sampled spots to come back at."""
    if figure.vanished == BACK or state.active != figure.id:
        return []
    if figure.vanished == AWAY:
        return returns(state, figure)
    return [Action(ACTION, figure.id, item=name)]


@hookspecs.forced_actions.impl(order=10, key="vanishing")
def _away(state: GameState, figure: Figure, reacting: bool) -> list[Action] | None:
    """Away: it may only come back (or end)."""
    return returns(state, figure) if figure.vanished == AWAY else None


def returns(state: GameState, figure: Figure) -> list[Action]:
    """Sampled spots along the edges of its side's zones where the away figure fits."""
    name = entry(figure)
    if name is None or state.active != figure.id:
        return []
    out: list[Action] = []
    for zone in _zones(state, figure.side):
        inner = zone.buffer(-figure.radius)
        rings = [p.exterior for p in getattr(inner, "geoms", [inner]) if not p.is_empty]
        for ring in rings:
            steps = max(1, int(ring.length // SAMPLE_STEP))
            for k in range(steps):
                spot = ring.interpolate(k * ring.length / steps)
                point = (round(spot.x, 6), round(spot.y, 6))
                if return_problem(state, figure, point) is None:
                    out.append(Action(ACTION, figure.id, item=name, point=point))
    return out
