"""The cross-section of a line of sight: what a player sees drawn from the side.

Along the straight plan line from the eye to the target's centre: the ground
(height 0), the eye's height, every solid the line crosses (where it enters and
leaves the footprint, its height and DEF), and the target's silhouette span.  For
each crossing, ``shadow`` is how high that solid hides the target's centre
column, by the closed form of geometry/cover (``e + (H − e)/s``, at the entry
when the solid rises above the eye, else at the exit): the overlay draws it, and
the highest shadow against the silhouette is the centre column's cover.

Plain frozen values; degenerate input (the target on the eye's spot) gives a
section with no crossings rather than an error.

>>> wall = Solid("tapia", ((4.0, -2.0), (4.2, -2.0), (4.2, 2.0), (4.0, 2.0)), 2.0, 3)
>>> section = cross_section((0.0, 0.0, 0.9), (8.0, 0.0), 1.0, [wall])
>>> [(c.id, c.near, c.far, c.height) for c in section.crossings]
[('tapia', 4.0, 4.2, 2.0)]
>>> section.crossings[0].shadow, section.hidden_at_centre
(3.1, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import shapely

from wartime.board.shapes import Point, Solid

Point3 = tuple[float, float, float]
_DIGITS = 9  # distances rounded to 1e-9 K: shapely's intersections carry float noise


@dataclass(frozen=True)
class Crossing:
    """A solid on the line: its footprint from ``near`` to ``far`` K from the eye."""

    id: str
    near: float
    far: float
    height: float
    defense: int
    shadow: float  # how high it hides the target's centre column (may be below 0)


@dataclass(frozen=True)
class CrossSection:
    distance: float  # plan distance, eye to the target's centre
    eye_height: float
    silhouette_bottom: float  # the target's feet: 0, 3 K at level 2, more on a perch
    silhouette_top: float
    crossings: tuple[Crossing, ...]  # nearest first

    @property
    def hidden_at_centre(self) -> float:
        """The share (0–1) of the centre column hidden: the cover of a one-column target."""
        span = self.silhouette_top - self.silhouette_bottom
        if span <= 0.0 or not self.crossings:
            return 0.0
        top = max(c.shadow for c in self.crossings)
        return min(max(top - self.silhouette_bottom, 0.0), span) / span


def cross_section(
    eye: Point3, target: Point, height: float, solids: Sequence[Solid], base: float = 0.0
) -> CrossSection:
    """The side view from ``eye`` to a silhouette ``height`` tall standing at ``base``."""
    ez = max(eye[2], 0.0)
    start = (eye[0], eye[1])
    distance = math.dist(start, target)
    if distance <= 1e-12:
        return CrossSection(0.0, ez, base, base + height, ())
    line = shapely.LineString([start, target])
    found = []
    for solid in solids:
        if solid.height <= 0.0:
            continue
        for part in shapely.get_parts(shapely.intersection(line, solid.polygon())):
            if shapely.length(part) <= 0.0:
                continue  # touching a footprint is not passing through the prism
            ends = [math.dist(start, xy) for xy in shapely.get_coordinates(part)]
            near, far = round(min(ends), _DIGITS), round(max(ends), _DIGITS)
            found.append(Crossing(solid.id, near, far, solid.height, solid.defense,
                                  _shadow(ez, solid.height, near, far, distance)))  # fmt: skip
    found.sort(key=lambda c: (c.near, c.far, c.id))
    return CrossSection(round(distance, _DIGITS), ez, base, base + height, tuple(found))


def _shadow(ez: float, solid: float, near: float, far: float, distance: float) -> float:
    """geometry/cover's ``top``: the deciding crossing is the entry for a solid above the
    eye and the exit for one at or below it."""
    at = near if solid > ez else far
    if at <= 0.0:
        return math.inf if solid > ez else ez  # the eye is inside the footprint
    return round(ez + (solid - ez) * distance / at, _DIGITS)
