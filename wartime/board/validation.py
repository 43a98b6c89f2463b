"""Rules a battlefield must meet beyond its file's structure.

Each finding is a (path, message) pair whose path mirrors the map file, so
the loader and the editor can point at the culprit.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import shapely

from wartime.board.battlefield import Battlefield, Unit
from wartime.board.shapes import MIN_SEGMENT, Point
from wartime.i18n import Message, Reason, say

Finding = tuple[str, Message]
_TOUCH = 1e-6  # K: bases may touch; only real penetration is an overlap

# A throwable object's size, as a reason names it ("the car 'c1' ...").
THROW_SIZES = {
    "car": say("phrase.validation.car"),
    "lorry": say("phrase.validation.lorry"),
    "larger": say("phrase.validation.larger"),
}
# Why GEOS finds a polygon invalid: the words before its "[x y]", which are GEOS's own.
_INVALID = {
    "Self-intersection": say("phrase.validation.self_intersection"),
    "Ring Self-intersection": say("phrase.validation.ring_self_intersection"),
    "Too few points": say("phrase.validation.too_few_points"),
    "Invalid Coordinate": say("phrase.validation.invalid_coordinate"),
    "Hole lies outside shell": say("phrase.validation.hole_outside"),
    "Nested holes": say("phrase.validation.nested_holes"),
    "Interior is disconnected": say("phrase.validation.disconnected"),
    "Nested shells": say("phrase.validation.nested_shells"),
    "Duplicate Rings": say("phrase.validation.duplicate_rings"),
}


def thing_name(size: str) -> Reason:
    """A throwable's size (``car``, ``lorry``, ``larger``) as the reasons name it."""
    return THROW_SIZES.get(size, size)


def _invalid(reason: str) -> Message:
    head, bracket, tail = reason.partition("[")
    why: Reason = _INVALID.get(head, head)
    return say("problem.validation.crosses_itself", why=why, at=bracket + tail)


def polygon_problems(points: tuple[Point, ...], path: str) -> Iterator[Finding]:
    if len(points) < 3:
        yield path, say("problem.validation.polygon_few", count=len(points))
        return
    polygon = shapely.Polygon(points)
    if shapely.convex_hull(polygon).area <= 0:
        yield path, say("problem.validation.no_area")
    elif not polygon.is_valid:
        yield path, _invalid(shapely.is_valid_reason(polygon))


def wall_problems(field: Battlefield) -> Iterator[Finding]:
    """Walls with no length: every point where the one before it is (nothing to draw)."""
    for i, wall in enumerate(field.walls):
        if all(_distance(a, b) < MIN_SEGMENT for a, b in itertools.pairwise(wall.points)):
            yield f"walls[{i}].points", say("problem.validation.no_length")


def _off_table(unit: Unit, size: tuple[float, float]) -> bool:
    x, y = unit.position
    r = unit.radius
    return (
        x - r < -_TOUCH or y - r < -_TOUCH or x + r > size[0] + _TOUCH or y + r > size[1] + _TOUCH
    )


def unit_problems(field: Battlefield) -> Iterator[Finding]:
    """Units off the table, overlapping each other, or standing in a wall or building."""
    solids = field.solids()
    tree = shapely.STRtree([s.polygon() for s in solids])
    discs = [shapely.Point(u.position).buffer(u.radius, quad_segs=32) for u in field.units]
    for i, unit in enumerate(field.units):
        path = f"units[{i}]"
        if _off_table(unit, field.size):
            yield (
                f"{path}.position",
                say("problem.validation.unit_off", id=unit.id, size=_table(field.size)),
            )
        for j in range(i):
            other = field.units[j]
            gap = _distance(unit.position, other.position) - unit.radius - other.radius
            if gap < -_TOUCH and unit.level == other.level:
                yield (
                    f"{path}.position",
                    say(
                        "problem.validation.overlap", id=unit.id, other=other.id, path=f"units[{j}]"
                    ),
                )
        if unit.level != 1:  # flyers and tunnellers pass over and under buildings
            continue
        inner = discs[i].buffer(-_TOUCH)
        for k in tree.query(inner, predicate="intersects"):
            solid = solids[int(k)]
            yield f"{path}.position", say("problem.validation.inside", id=unit.id, solid=solid.id)


def throwable_problems(field: Battlefield) -> Iterator[Finding]:
    """Throwable objects whose outline leaves the table."""
    width, height = field.size
    for i, thing in enumerate(field.throwables):
        xs, ys = zip(*thing.outline(), strict=True)
        inside = min(xs) >= -_TOUCH and min(ys) >= -_TOUCH
        if not (inside and max(xs) <= width + _TOUCH and max(ys) <= height + _TOUCH):
            yield (
                f"throwables[{i}].position",
                say(
                    "problem.validation.thing_off",
                    thing=thing_name(thing.size.value),
                    id=thing.id,
                    size=_table((width, height)),
                ),
            )


def light_problems(field: Battlefield) -> Iterator[Finding]:
    """Lights whose source is off the table (their light may reach beyond it)."""
    width, height = field.size
    for i, light in enumerate(field.lights):
        x, y = light.position
        if not (-_TOUCH <= x <= width + _TOUCH and -_TOUCH <= y <= height + _TOUCH):
            yield (
                f"lights[{i}].position",
                say("problem.validation.light_off", size=_table((width, height))),
            )


def _table(size: tuple[float, float]) -> str:
    """A table's size as the reasons give it: ``48×36``."""
    return f"{size[0]:g}×{size[1]:g}"


def _distance(a: Point, b: Point) -> float:
    return float(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5)


def battlefield_problems(field: Battlefield) -> list[Finding]:
    """Every geometric problem of a structurally valid battlefield."""
    polygons = {
        "obstacles": [o.polygon for o in field.obstacles],
        "terrain": [t.polygon for t in field.terrain],
        "deployment": [d.polygon for d in field.deployment],
        "darkness": [d.polygon for d in field.darkness],
    }
    found: list[Finding] = [
        *wall_problems(field),
        *throwable_problems(field),
        *light_problems(field),
    ]
    for key, items in polygons.items():
        for i, points in enumerate(items):
            found += polygon_problems(points, f"{key}[{i}].polygon")
    if not found:  # overlap tests need valid polygons
        found += unit_problems(field)
    return found
