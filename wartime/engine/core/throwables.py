"""The map's throwable objects (cars, lorries, larger) in play: lifting one and where it lands.

A figure that an entry lets lift such an object (Súper fuerza, on the ``heaves`` hook)
throws it with Lanzar armas / objetos, naming the object's id as the item.  Our reading
(docs/rules-interpretations.md; the throw itself is resolved in actions/melee.py):

- the thrower stands beside the object: its base within LIFT_REACH K of the object's
  outline, at height 1 (an object lies on the ground);
- before the CH IMP it rolls CH CON at the size's difficulty (the entry's data: a car
  plain, a lorry −2, anything larger −4); failed, it takes the entry's wounds with no
  CH DEF, the ENE is spent and the object stays where it was;
- passed, the throw resolves as any thrown object of steel (the action's material_dan);
  a hit drops the object at the target's feet (against its base, on the thrower's side),
  a miss scatters it from the target as a missed area (1D10 K per 15 K thrown, at least
  one); it always ends wholly on the table.  ``GameState.thrown`` keeps where each
  moved object lies.
"""

from __future__ import annotations

import math

from wartime.board.battlefield import Throwable
from wartime.board.shapes import Point
from wartime.engine.core import hookspecs
from wartime.engine.core.figures import Figure
from wartime.i18n import Reason, say

LIFT_REACH = 1.0  # K from the thrower's base to the object's outline
NAMES = {"car": "coche", "lorry": "camión", "larger": "objeto más grande"}  # in the log


def gap(figure: Figure, thing: Throwable, where: Point) -> float:
    """K from ``figure``'s base edge to the object's outline, lying centred on ``where``."""
    x, y = where
    width, depth = thing.size.footprint
    dx = max(abs(figure.position[0] - x) - width / 2, 0.0)
    dy = max(abs(figure.position[1] - y) - depth / 2, 0.0)
    return max(0.0, math.hypot(dx, dy) - figure.radius)


def lift_problem(figure: Figure, thing: Throwable, where: Point) -> Reason | None:
    """Why ``figure`` cannot lift ``thing``, lying centred on ``where`` (None: it can)."""
    name = NAMES[thing.size.value]
    if hookspecs.heaves.first(figure, thing.size.value) is None:
        return say("refused.throwables.size", thing=thing.id, size=thing.size.value, name=name)
    if figure.level != 1:
        return say("refused.throwables.height", thing=thing.id, figure=figure.id)
    far = gap(figure, thing, where)
    if far > LIFT_REACH + 1e-9:
        return say("refused.throwables.far", thing=thing.id, gap=far, reach=LIFT_REACH)
    return None


def on_table(size: tuple[float, float], thing: Throwable, point: Point) -> Point:
    """``point`` moved the least so that the object's outline lies wholly on a table of
    ``size`` (centred across a side the object is longer than)."""
    width, height = size
    w, d = thing.size.footprint

    def clamp(value: float, half: float, side: float) -> float:
        return side / 2 if 2 * half >= side else min(max(value, half), side - half)

    return (round(clamp(point[0], w / 2, width), 6), round(clamp(point[1], d / 2, height), 6))


def at_feet(thing: Throwable, centre: Point, radius: float, source: Point) -> Point:
    """Where ``thing`` comes down on a hit: its outline against the base at ``centre``
    (of ``radius``), on the side ``source`` (the thrower) stands."""
    dx, dy = source[0] - centre[0], source[1] - centre[1]
    length = math.hypot(dx, dy)
    if length == 0:
        return centre
    ux, uy = dx / length, dy / length
    width, depth = thing.size.footprint
    reach = radius + abs(ux) * width / 2 + abs(uy) * depth / 2  # to the outline's edge
    return (round(centre[0] + ux * reach, 6), round(centre[1] + uy * reach, 6))
