"""Plain shapes of the table: points, round bases (discs) and solids.

A solid is a vertical prism that blocks sight, attenuates noise and stops
bases.  A wall is its polyline thickened by ``thickness``; an obstacle is its
footprint polygon.  Both rise from the ground to ``height`` (DESIGN.md §5).
Every layer above the board (geometry, physics, engine) speaks these values.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import shapely

Point = tuple[float, float]
MIN_SEGMENT = 1e-9  # K: a wall segment shorter than this has no body to stand for


@dataclass(frozen=True)
class Disc:
    """A round base in plan: its figure's id, centre and radius in K, and side."""

    id: str
    centre: Point
    radius: float
    side: str = ""


@dataclass(frozen=True)
class Solid:
    id: str
    outline: tuple[Point, ...]  # exterior ring, counter-clockwise, last point not repeated
    height: float  # K above the ground
    defense: int  # DEF: cover check and noise attenuation

    def polygon(self) -> shapely.Polygon:
        return shapely.Polygon(self.outline)


def _ring(polygon: shapely.Polygon) -> tuple[Point, ...]:
    """The exterior ring, counter-clockwise, without the closing point."""
    oriented = shapely.geometry.polygon.orient(polygon, sign=1.0)
    coords = list(oriented.exterior.coords)[:-1]
    return tuple((float(x), float(y)) for x, y in coords)


def wall_solids(
    ident: str, points: Sequence[Point], thickness: float, height: float, defense: int
) -> list[Solid]:
    """A wall as one rectangle per segment, ``thickness`` across.

    Per-segment pieces keep enclosures hollow (a buffered closed polyline would
    be one polygon with a hole).  Where two segments join, each piece reaches
    half the thickness past the joint so the corner leaves no gap; the free
    ends stay flush with the wall's first and last points.  A polyline that ends
    where it starts is an enclosure, with no free ends.
    """
    half = thickness / 2
    pieces = []
    last = len(points) - 2
    closed = len(points) > 2 and tuple(points[0]) == tuple(points[-1])  # an enclosure
    for i, (a, b) in enumerate(itertools.pairwise(points)):
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = (dx * dx + dy * dy) ** 0.5
        if length < MIN_SEGMENT:  # a repeated point: no wall there, only a sliver of none
            continue
        ux, uy = dx / length, dy / length
        start = half if i > 0 or closed else 0.0
        end = half if i < last or closed else 0.0
        ax, ay = a[0] - ux * start, a[1] - uy * start
        bx, by = b[0] + ux * end, b[1] + uy * end
        nx, ny = -uy * half, ux * half
        quad = ((ax - nx, ay - ny), (bx - nx, by - ny), (bx + nx, by + ny), (ax + nx, ay + ny))
        pieces.append(Solid(ident, quad, height, defense))
    return pieces


def obstacle_solid(ident: str, polygon: Sequence[Point], height: float, defense: int) -> Solid:
    return Solid(ident, _ring(shapely.Polygon(polygon)), height, defense)
