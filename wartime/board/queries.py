"""What lies where on the map: pure questions a pointer asks (issue 13).

Plain values in, plain values out, no pygame: the UI turns a mouse position
into K through its camera and asks here what is under it, which vertex of a
shape is near, or what to say about an element.  Elements are named by the
same keys :mod:`wartime.board.edits` and the renderer use: the id, else the
place in the map file (``walls[3]``).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any, NamedTuple

from wartime.board import edits
from wartime.board.battlefield import Battlefield, Light, Throwable, Unit
from wartime.board.shapes import Point
from wartime.geometry.vision import vision_range


class Description(NamedTuple):
    """What the status line says about an element: its kind and its values as text.

    ``kind`` is ``unit``, ``wall``, ``obstacle`` or ``throwable``; the UI picks the
    sentence (``status.<kind>``) in the user's language and fills in ``values``.  A
    unit's ``posture`` and a throwable's ``size`` are their names in the map file, for
    the UI to translate.
    """

    kind: str
    values: dict[str, str]


def segment_distance(p: Point, a: Point, b: Point) -> float:
    """The distance from ``p`` to the segment ``a``–``b``."""
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def inside(p: Point, polygon: Sequence[Point]) -> bool:
    """Whether ``p`` lies inside ``polygon`` (even-odd ray casting)."""
    x, y = p
    result = False
    for (x1, y1), (x2, y2) in zip(polygon, [*polygon[1:], polygon[0]], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            result = not result
    return result


def _key(item: Any, kind: str, index: int) -> str:
    ident: str | None = getattr(item, "id", None)
    return ident or f"{kind}[{index}]"


def hit_test(field: Battlefield, point: Point, tolerance: float = 0.0) -> str | None:
    """The key of what lies under ``point`` (K): a unit first, then a throwable object,
    then a wall, then an obstacle.

    Of the units, the one whose base edge is nearest wins; of walls and
    obstacles, the one drawn last (on top).
    """
    best: tuple[float, str] | None = None
    for unit in field.units:
        gap = math.dist(point, unit.position) - unit.radius
        if gap <= tolerance and (best is None or gap < best[0]):
            best = (gap, unit.id)
    if best is not None:
        return best[1]
    for thing in reversed(field.throwables):
        (x0, y0), _, (x1, y1), _ = thing.outline()
        t = tolerance
        if x0 - t <= point[0] <= x1 + t and y0 - t <= point[1] <= y1 + t:
            return thing.id
    for index, wall in reversed(list(enumerate(field.walls))):
        reach = wall.thickness / 2 + tolerance
        for a, b in itertools.pairwise(wall.points):
            if segment_distance(point, a, b) <= reach:
                return _key(wall, "walls", index)
    for index, obstacle in reversed(list(enumerate(field.obstacles))):
        if len(obstacle.polygon) >= 3 and inside(point, obstacle.polygon):
            return _key(obstacle, "obstacles", index)
    return None


LIGHT_HANDLE = 0.4  # K around a light's point that picks it


def pick(field: Battlefield, point: Point, tolerance: float) -> str | None:
    """What a click at ``point`` selects: a unit, wall or obstacle, else a light's point,
    else a dark area, else terrain, else a zone."""
    key = hit_test(field, point, tolerance)
    if key is not None:
        return key
    for index in reversed(range(len(field.lights))):
        if math.dist(point, field.lights[index].position) <= LIGHT_HANDLE + tolerance:
            return edits.key_of(field, "lights", index)
    for kind in ("darkness", "terrain", "deployment"):
        items = getattr(field, kind)
        for index in reversed(range(len(items))):
            if len(items[index].polygon) >= 3 and inside(point, items[index].polygon):
                return edits.key_of(field, kind, index)
    return None


def describe(field: Battlefield, key: str) -> Description | None:
    """What to say about the unit, throwable, wall or obstacle with ``key``; None for
    anything else."""
    for unit in field.units:
        if unit.id == key:
            return Description(
                "unit",
                {
                    "id": unit.id,
                    "side": unit.side,
                    "vol": str(unit.vol),
                    "cdv": f"{vision_range(unit.vol):g}",
                    "height": f"{unit.current_height:g}",
                    "level": str(unit.level),
                    "posture": unit.posture.value,
                },
            )
    for index, wall in enumerate(field.walls):
        if _key(wall, "walls", index) == key:
            return Description(
                "wall",
                {
                    "id": key,
                    "height": f"{wall.height:g}",
                    "defense": str(wall.defense),
                    "thickness": f"{wall.thickness:g}",
                },
            )
    for thing in field.throwables:
        if thing.id == key:
            return Description("throwable", {"id": key, "size": thing.size.value})
    for index, obstacle in enumerate(field.obstacles):
        if _key(obstacle, "obstacles", index) == key:
            return Description(
                "obstacle",
                {"id": key, "height": f"{obstacle.height:g}", "defense": str(obstacle.defense)},
            )
    return None


def element(field: Battlefield, key: str) -> tuple[str, int, Any]:
    """(kind, index, the element) for a key; raises EditError when it is gone."""
    kind, index = edits.find(field, key)
    return kind, index, getattr(field, kind)[index]


def exists(field: Battlefield, key: str) -> bool:
    """Whether some element of the map is called ``key``."""
    try:
        edits.find(field, key)
    except edits.EditError:
        return False
    return True


def vertices(item: Any) -> tuple[Point, ...]:
    """A wall's points or a polygon's corners (a unit has none)."""
    if isinstance(item, Unit | Throwable | Light):
        return ()
    points: tuple[Point, ...] = getattr(item, "points", None) or item.polygon
    return points


def is_open(item: Any) -> bool:
    """Whether the shape is an open line (a wall) rather than a closed polygon."""
    return hasattr(item, "points")


def nearest_edge(points: Sequence[Point], point: Point, closed: bool) -> int:
    """The index at which a vertex inserted at ``point`` splits the nearest edge."""
    pairs = list(itertools.pairwise(points))
    if closed:
        pairs.append((points[-1], points[0]))
    distances = [segment_distance(point, a, b) for a, b in pairs]
    return distances.index(min(distances)) + 1


def vertex_at(points: Sequence[Point], point: Point, reach: float) -> int | None:
    """The index of the vertex nearest ``point`` within ``reach``, or None."""
    best: tuple[float, int] | None = None
    for i, p in enumerate(points):
        d = math.dist(p, point)
        if d <= reach and (best is None or d < best[0]):
            best = (d, i)
    return None if best is None else best[1]
