"""Darkness and light on the table: which bases stand in the dark (issue 15).

A map's dark areas are polygons and its lights are circles (a point and a radius in
K).  A base stands **in the dark** when the whole disc lies inside the dark areas
(their union: two touching areas make one) and no light reaches any part of it: the
light's radius is measured from its point to the nearest edge of the base, as every
distance from a point (DESIGN.md §4).  A base that pokes out of the dark, or that a
light touches, is seen as anywhere else.  Walls cast no shadow from a light: its
circle is all it lights.

Who may see into the dark anyway (Luz, Radar) is the engine's business
(``engine/core/sight.py``); this module only answers where it is dark.

>>> shade = Shade.of([((0, 0), (10, 0), (10, 10), (0, 10))], [((9.0, 9.0), 1.0)])
>>> shade.dark((5.0, 5.0), 0.5), shade.dark((9.8, 5.0), 0.5), shade.dark((8.0, 8.0), 0.5)
(True, False, False)
>>> Shade.of([], []) is None
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import shapely

from wartime.board.battlefield import Battlefield
from wartime.board.shapes import Point

TOUCH = 1e-9  # K: a base whose edge meets a light's edge is lit; one touching the border is dark


@dataclass(frozen=True)
class Shade:
    """The dark areas (one prepared shape) and the lights, with the answers remembered."""

    areas: shapely.Geometry
    edge: shapely.Geometry  # the areas' boundary, holes included
    lights: tuple[tuple[Point, float], ...]
    _known: dict[tuple[float, float, float], bool] = field(default_factory=dict, compare=False)

    @classmethod
    def of(
        cls, polygons: Sequence[Sequence[Point]], lights: Sequence[tuple[Point, float]]
    ) -> Shade | None:
        """The shade of these dark polygons and lights; None when nothing is dark."""
        shapes = [shapely.make_valid(shapely.Polygon(p)) for p in polygons if len(p) >= 3]
        if not shapes:
            return None
        areas = shapely.union_all(shapes)
        edge = areas.boundary
        shapely.prepare(areas)
        shapely.prepare(edge)
        shone = tuple(((float(p[0]), float(p[1])), float(r)) for p, r in lights)
        return cls(areas, edge, shone)

    def lit(self, centre: Point, radius: float) -> bool:
        """Some light reaches the base (edge within the light's radius)."""
        x, y = centre
        return any(math.hypot(x - lx, y - ly) - radius <= r + TOUCH for (lx, ly), r in self.lights)

    def dark(self, centre: Point, radius: float) -> bool:
        """The whole base stands inside the dark areas and no light reaches it."""
        key = (centre[0], centre[1], radius)
        found = self._known.get(key)
        if found is None:
            found = self._dark(centre, radius)
            if len(self._known) > 50_000:  # bounded, like the cover memory
                self._known.clear()
            self._known[key] = found
        return found

    def _dark(self, centre: Point, radius: float) -> bool:
        if not shapely.contains_xy(self.areas, centre[0], centre[1]):
            return False
        if radius > 0 and shapely.distance(self.edge, shapely.Point(centre)) < radius - TOUCH:
            return False  # part of the base stands outside the dark
        return not self.lit(centre, radius)


def shade_of(field: Battlefield) -> Shade | None:
    """The shade of a map's dark areas and lights; None when it has no darkness."""
    return Shade.of(
        [d.polygon for d in field.darkness], [(g.position, g.radius) for g in field.lights]
    )
