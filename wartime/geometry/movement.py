"""Placement rules of movement: the 1 K exclusion and grid mode (MOVIMIENTO)."""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence

from wartime.board.shapes import Disc, Point
from wartime.geometry.distance import edge_distance

EXCLUSION_K = 1.0  # Restricciones: no nearer than 1 K to an enemy
_EPS = 1e-9


def too_close(
    mover: Disc, at: Point, others: Sequence[Disc], engaging: Collection[str] = ()
) -> list[str]:
    """Enemies within 1 K (edge to edge) of ``at``, except those being engaged or rammed."""
    return [
        o.id
        for o in others
        if o.side != mover.side
        and o.id != mover.id
        and o.id not in engaging
        and edge_distance(at, mover.radius, o.centre, o.radius) < EXCLUSION_K - _EPS
    ]


Cell = tuple[int, int]


def cell_of(point: Point) -> Cell:
    """Grid mode: 1 K squares, cell (0, 0) spans x and y from 0 to 1."""
    return (math.floor(point[0]), math.floor(point[1]))


def grid_step_allowed(start: Cell, end: Cell, blocked: Collection[Cell]) -> bool:
    """Casillas: a step crosses one side or corner; a corner needs both side cells free."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    if max(abs(dx), abs(dy)) != 1 or end in blocked:
        return False
    if dx and dy:
        return (start[0] + dx, start[1]) not in blocked and (start[0], start[1] + dy) not in blocked
    return True
