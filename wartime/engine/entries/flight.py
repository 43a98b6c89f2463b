"""Entries about heights of movement (BONUS Y MALUS; MOVIMIENTO, Alturas de movimiento).

- **Sub** (``lowest``), **Planeador** and **Aerostático** (``highest``): the heights the
  bearer may reach, whatever the map placed it at (:func:`widened`, on the ``heights``
  hook of core.heights.reach).  Planeador's take-off and landing cost ENE 3 (plain
  ``stat: ENE`` data), and leaving or reaching rough ground it takes the CH AGI of the
  action list, whose failure costs ENE 3 and a CH CON, failed 3 wounds (:func:`rough_rule`,
  played by core.heights.rough_failure).
- **Aerostático** (``free_high``): at height 3 it may Pivotar and take actions that are
  not movement in a row (:func:`free_high`).
- **Retros** (``brakes``): at height 3 its moves may stop short of the whole MOV, even
  where it is: a Mover (ENE 1, a movement action) that stays put hovers (:func:`brakes`).
- **Pista de aterrizaje** (``runway``): it takes off and lands only along a straight strip
  that many K long, on the table, crossing no wall, obstacle or base on the ground
  (:func:`runway_problem`).
"""

from __future__ import annotations

import math

import shapely

from wartime.board.shapes import Point
from wartime.engine.core import hookspecs
from wartime.engine.core.figures import Figure
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import entries_of, per_profile
from wartime.i18n import Reason, say
from wartime.rules.effects import Flight


@per_profile
def _heights(figure: Figure) -> tuple[int | None, int | None]:
    lows = [e.lowest for _, e in entries_of(figure, None, Flight) if e.lowest is not None]
    highs = [e.highest for _, e in entries_of(figure, None, Flight) if e.highest is not None]
    return (min(lows) if lows else None), (max(highs) if highs else None)


@hookspecs.heights.impl(order=10, key="flight")
def widened(heights: tuple[int, int], figure: Figure) -> tuple[int, int]:
    """The heights the map allows the figure, widened by its entries (Sub, Planeador...)."""
    low, high = heights
    lowest, highest = _heights(figure)
    low = low if lowest is None else min(low, lowest)
    high = high if highest is None else max(high, highest)
    return low, high


def _named(figure: Figure, field: str) -> str | None:
    return next((t.name for t, e in entries_of(figure, None, Flight) if getattr(e, field)), None)


@hookspecs.free_high.impl(order=10, key="flight")
def free_high(figure: Figure) -> str | None:
    """Aerostático: the entry that frees the bearer of Volar en altura 3's limits on
    pivoting and on actions in a row, or None."""
    return _named(figure, "free_high")


@hookspecs.brakes.impl(order=10, key="flight")
def brakes(figure: Figure) -> str | None:
    """Retros: the entry that lets a move at height 3 stop short, or None."""
    return _named(figure, "brakes")


@hookspecs.rough_landing.impl(order=10, key="flight")
def rough_rule(figure: Figure) -> tuple[str, int, int] | None:
    """(entry, ENE lost, wounds) for a failed take-off or landing on rough ground
    (Planeador), or None when the action list's own rule holds."""
    for trait, effect in entries_of(figure, None, Flight):
        if effect.rough_ene is not None and effect.rough_wounds is not None and effect.highest:
            return trait.name, effect.rough_ene, effect.rough_wounds
    return None


def runway(figure: Figure) -> tuple[str, float] | None:
    """Pista de aterrizaje: (entry, K of clear strip it needs), or None."""
    return next(
        ((t.name, float(e.runway)) for t, e in entries_of(figure, None, Flight) if e.runway), None
    )


@hookspecs.runway.impl(order=10, key="flight")
def runway_problem(
    state: GameState, figure: Figure, start: Point, goal: Point, landing: bool
) -> Reason | None:
    """Why the figure cannot take off (from ``start``) or land (at ``goal``) here: the
    strip runs straight on the ground, from where it takes off toward the point, or
    toward where it lands from where it flies; it stays on the table and crosses no wall
    or obstacle and no other base on the ground."""
    need = runway(figure)
    if need is None:
        return None
    name, length = need
    if math.dist(start, goal) == 0:
        return say("refused.flight.no_point", entry=name, figure=figure.id, length=length)
    span = math.dist(start, goal)
    ux, uy = (goal[0] - start[0]) / span, (goal[1] - start[1]) / span
    if landing:
        a, b = (goal[0] - ux * length, goal[1] - uy * length), goal
    else:
        a, b = start, (start[0] + ux * length, start[1] + uy * length)
    width, height = state.world.battlefield.size
    inside = all(0 <= p[0] <= width and 0 <= p[1] <= height for p in (a, b))
    if not inside:
        return say("refused.flight.off_table", entry=name, length=length)
    strip = shapely.LineString([a, b]).buffer(figure.radius)
    solids = [s.id for s in state.world.solids if s.polygon().intersects(strip)]
    bases = [
        o.id
        for o in state.figures.values()
        if o is not figure and o.on_table and not o.removed
        and strip.distance(shapely.Point(o.position)) < o.radius
    ]  # fmt: skip
    blocked = solids + bases
    if blocked:
        return say(
            "refused.flight.not_clear", entry=name, length=length, blocked=", ".join(blocked)
        )
    return None
