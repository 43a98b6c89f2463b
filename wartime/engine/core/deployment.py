"""Deployment: characters of a list not on the map are placed before the first turn.

The sides take turns, A first, one figure at a time; a figure goes wholly
inside one of its side's deployment zones, touching nothing, and not within
1 K of an enemy.  It faces the table's centre.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import shapely

from wartime.board.battlefield import SIDES
from wartime.board.shapes import Disc, Point
from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.errors import IllegalActionError
from wartime.geometry.movement import too_close
from wartime.i18n import Reason, say

if TYPE_CHECKING:
    from wartime.engine.core.scenario import Reserve
    from wartime.engine.core.state import GameState

SAMPLE_STEP = 1.5  # K between the sampled spots offered as legal actions


def side_to_deploy(state: GameState) -> str | None:
    """The side that places its next figure, or None when every reserve is on the table."""
    waiting = {placing(state.reserve(rid))[0] for rid in state.reserves}  # Perdido: the enemy
    if not waiting:
        return None
    first = state.deploy_side
    return first if first in waiting else next(s for s in SIDES if s in waiting)


def _zones(state: GameState, side: str) -> list[shapely.Polygon]:
    return [
        shapely.Polygon(d.polygon) for d in state.scenario.battlefield.deployment if d.side == side
    ]


def problem(state: GameState, reserve: Reserve, point: Point) -> Reason | None:
    """Why ``reserve`` cannot be deployed at ``point`` (None: it can)."""
    return spot_reason(state, reserve.id, reserve.side, point, reserve.base / 2)


def spot_reason(
    state: GameState, fid: str, side: str, point: Point, radius: float
) -> Reason | None:
    """Why a base of ``radius`` cannot be set down at ``point`` in a zone of ``side``
    (deploying, or coming back with Desaparecer: entries/vanishing.py)."""
    zones = _zones(state, side)
    if not zones:
        return say("refused.deployment.no_zone", side=side)
    body = shapely.Point(point).buffer(radius, quad_segs=16)
    if not any(zone.buffer(1e-9).contains(body) for zone in zones):
        return say("refused.deployment.outside", figure=fid, side=side)
    in_the_way = state.physics().overlaps(Disc(fid, point, radius, side))
    if in_the_way:
        return say("refused.deployment.overlap", figure=fid, others=", ".join(in_the_way))
    enemies = [f.disc() for f in state.figures.values() if f.side != side and f.present]
    near = too_close(Disc(fid, point, radius, side), point, enemies)
    if near and hookspecs.beacon.first(state, side, point, radius) is None:  # Faro
        return say("refused.deployment.enemy", enemies=", ".join(near))
    return None


def zones_of(state: GameState, side: str) -> list[shapely.Polygon]:
    """The deployment zones of ``side`` on this map (none on some maps)."""
    return _zones(state, side)


def centre_facing(state: GameState, point: Point) -> float:
    """The facing, in degrees, from ``point`` towards the table's centre."""
    width, height = state.scenario.battlefield.size
    return math.degrees(math.atan2(height / 2 - point[1], width / 2 - point[0])) % 360


def place(state: GameState, reserve: Reserve, point: Point, facing: float) -> Figure:
    """Set ``reserve`` down on the table at ``point`` as a figure of the game (its spot
    checked by the caller)."""
    figure = Figure(
        reserve.id, reserve.side, reserve.profile, point, facing, reserve.base / 2, reserve.height
    )
    state.figures[figure.id] = figure
    hookspecs.figures_enter.collect((figure,))
    state.physics().place(figure.disc())
    return figure


def deploy(state: GameState, action: Action) -> list[Event]:
    """Place one reserve figure of the side whose turn it is to deploy."""
    side = side_to_deploy(state)
    if action.kind != "deploy":
        raise IllegalActionError(say("refused.deployment.first"))
    if action.figure not in state.reserves:
        raise IllegalActionError(say("refused.deployment.not_waiting", figure=action.figure))
    reserve = state.reserve(action.figure)
    placer, why = placing(reserve)  # Perdido: the enemy places it
    if placer != side and placer != reserve.side:
        raise IllegalActionError(
            say(
                "refused.deployment.placer",
                figure=reserve.id,
                entry=why,
                placer=placer,
                side=reserve.side,
            )
        )
    if placer != side:
        raise IllegalActionError(say("refused.deployment.turn", side=side, placer=placer))
    if action.point is None:
        raise IllegalActionError(say("refused.deployment.no_point"))
    reason = problem(state, reserve, action.point)
    if reason:
        raise IllegalActionError(reason)
    width, height = state.scenario.battlefield.size
    facing = (
        math.degrees(math.atan2(height / 2 - action.point[1], width / 2 - action.point[0])) % 360
    )
    figure = place(state, reserve, action.point, facing)
    state.reserves.remove(reserve.id)
    state.deploy_side = SIDES[1 - SIDES.index(placer)]
    x, y = action.point
    text = say("log.deployment.deploy", figure=figure.id, x=x, y=y)
    if placer != reserve.side:
        text = say("log.deployment.deploy_by", figure=figure.id, x=x, y=y, entry=why, placer=placer)
    return [
        Event(
            "deploy", text, {"figure": figure.id, "point": list(action.point), "side": figure.side}
        )
    ]


def placing(reserve: Reserve) -> tuple[str, str | None]:
    """The side that places ``reserve``, and the entry that makes it the enemy (or None)."""
    return hookspecs.placed_by.first(reserve) or (reserve.side, None)


def choices(state: GameState) -> list[Action]:
    """Sampled legal spots for the next reserve of the deploying side."""
    side = side_to_deploy(state)
    reserve = next(state.reserve(r) for r in state.reserves if placing(state.reserve(r))[0] == side)
    out = []
    for zone in _zones(state, reserve.side):  # a Perdido reserve still goes in its own zone
        minx, miny, maxx, maxy = zone.bounds
        y = miny + reserve.base / 2
        while y <= maxy:
            x = minx + reserve.base / 2
            while x <= maxx:
                spot = (round(x, 6), round(y, 6))
                if problem(state, reserve, spot) is None:
                    out.append(Action("deploy", reserve.id, point=spot))
                x += SAMPLE_STEP
            y += SAMPLE_STEP
    return out
