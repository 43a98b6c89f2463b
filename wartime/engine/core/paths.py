"""The shortest way for a figure's base to a point, and what walking it costs (MOVIMIENTO).

:func:`find_path` answers the AI and the play mode's move preview: the legs of the
shortest way for the figure's base, the K they add up to, and the ENE of covering them
with Mover, Correr or Esprintar on the ground they cross.  It plans and changes nothing.

- The way keeps the base clear of what stops the movement table: the solids taller than
  a 1 K figure's chest (World.blocking, as GameState.physics), the table's edge and the
  other bases on the table; and out of water unless the figure crosses it as land
  (the ground_cost hook: Levitador, Pez, Anfibio).  Low walls and rough ground are
  crossed: they cost ENE (Terreno y Energía, Obstáculos), they do not turn the way.
- The ENE is what core.routes prices a move at (the same functions, hooks included),
  before the entries' modifiers of the action, which checks.afford adds when it is paid.
  ``reach`` says how far each stride takes the figure: a longer way needs more actions.
- The geometry (solids grown by the base, the visibility graph, networkx's A*) is
  geometry.pathfinding; its preparation is kept per map and radius by World.clearance.
- A figure that does not walk at height 1 or passes through solids (Incorpóreo) goes
  straight, as core.routes moves it.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from wartime.board.shapes import Point
from wartime.engine.core.movement import intangible, moves
from wartime.engine.core.routes import ground_under, stride_cost, surcharge, way
from wartime.engine.core.stats import stride_extra

if TYPE_CHECKING:
    from wartime.engine.core.figures import Figure
    from wartime.engine.core.state import GameState

MOVES = ("mover", "correr", "esprintar")  # the strides a path is priced for


@dataclass(frozen=True)
class Path:
    """The shortest way from a figure to ``goal``, or to the nearest point it can reach.

    ``legs`` are the points the base's centre passes through, from where it stands to
    :attr:`end`, which is ``goal`` when ``reached``.  ``length`` is in K, the sum of the
    legs.  ``ene`` and ``reach`` are keyed by the strides of MOVES.
    """

    goal: Point
    legs: tuple[Point, ...]
    length: float
    ene: Mapping[str, int]  # the ENE of each stride over this ground
    reach: Mapping[str, float]  # the K each stride takes the figure
    reached: bool

    @property
    def end(self) -> Point:
        return self.legs[-1]


def find_path(state: GameState, figure: Figure, goal: Point) -> Path:
    """The shortest way for ``figure``'s base from where it stands to ``goal``."""
    goal = (float(goal[0]), float(goal[1]))
    start = figure.position
    if figure.level == 1 and not intangible(figure):
        found = way(state, figure, goal)
        legs, length, reached = found.points, found.length, found.reached
    else:
        legs = (start, goal) if goal != start else (start,)
        length, reached = sum_legs(legs), True
    ground = surcharge(figure, ground_under(state, figure, legs))
    ene = {kind: stride_cost(figure, moves().strides[kind], ground)[0] for kind in MOVES}
    reach = {
        kind: figure.mov + moves().strides[kind].extra_k + stride_extra(figure, kind)
        for kind in MOVES
    }
    return Path(goal, legs, length, MappingProxyType(ene), MappingProxyType(reach), reached)


def sum_legs(legs: tuple[Point, ...]) -> float:
    """The length of a polyline in K."""
    return sum(math.dist(a, b) for a, b in itertools.pairwise(legs))
