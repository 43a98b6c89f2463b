"""Eyes, muzzles and arcs: CdV (vision) and CdT (fixed weapons), DESIGN.md §5.

Section ENTORNO of the rulebook: a Pj picks targets within a 180° arc and
VOL×5 K; a fixed weapon fires within 90°.
"""

from __future__ import annotations

import math

from wartime.board.shapes import Point
from wartime.geometry.distance import center_distance

Point3 = tuple[float, float, float]

EYE_FACTOR = 0.9  # of figure height
MUZZLE_FACTOR = 0.7
LEVEL_2_LIFT = 3.0  # K: movement level 2 sits 3 K above level 1
VISION_PER_VOL = 5  # CdV range is VOL×5 (DESIGN §7)
FIXED_WEAPON_HALF_ARC = 45.0  # CdT of a fixed weapon: 90°
_EPS = 1e-9


def _lift(level: int) -> float:
    return LEVEL_2_LIFT if level == 2 else 0.0


def eye_point(centre: Point, current_height: float, level: int = 1) -> Point3:
    """The viewer's eye: base centre at 0.9 × current height, +3 K at level 2."""
    return (centre[0], centre[1], EYE_FACTOR * current_height + _lift(level))


def silhouette_base(level: int = 1, perch: float = 0.0) -> float:
    """Where a target's silhouette starts (DESIGN §5): its feet, 3 K up at movement level 2.

    The eye and the silhouette share the lift: a figure at level 2 is 3 K up for
    whoever looks at it, not only for itself.  ``perch``: the height of what it
    stands on (Subir a un alto), added on top.

    >>> silhouette_base(1), silhouette_base(2), silhouette_base(2, perch=1.5)
    (0.0, 3.0, 4.5)
    """
    return _lift(level) + perch


def muzzle_point(centre: Point, current_height: float, level: int = 1) -> Point3:
    """Where a line of fire starts: base centre at 0.7 × current height, +3 K at level 2."""
    return (centre[0], centre[1], MUZZLE_FACTOR * current_height + _lift(level))


def facing_vector(facing_deg: float) -> Point:
    rad = math.radians(facing_deg)
    return (math.cos(rad), math.sin(rad))


def in_arc(viewer: Point, facing_deg: float, target: Point, target_radius: float) -> bool:
    """Whether any point of the target's base lies in the closed half-plane in front.

    The half-plane is bounded by the line through the viewer's centre
    perpendicular to its facing, so a base straddling that line is in the arc.
    """
    fx, fy = facing_vector(facing_deg)
    ahead = (target[0] - viewer[0]) * fx + (target[1] - viewer[1]) * fy
    return ahead + target_radius >= -_EPS


def vision_range(vol: int) -> float:
    return float(VISION_PER_VOL * vol)


def in_fire_arc(
    mount: Point, bearing_deg: float, target: Point, target_radius: float,
    half_arc: float = FIXED_WEAPON_HALF_ARC,
) -> bool:  # fmt: skip
    """Whether any point of the target's base lies within ±half_arc of the bearing."""
    d = center_distance(mount, target)
    if d <= target_radius:
        return True
    to_target = math.degrees(math.atan2(target[1] - mount[1], target[0] - mount[0]))
    off = abs((to_target - bearing_deg + 180.0) % 360.0 - 180.0)
    widening = math.degrees(math.asin(min(1.0, target_radius / d)))
    return off - widening <= half_arc + _EPS


def can_interact(level_a: int, level_b: int, ranged: bool) -> bool:
    """ALTURAS DE MOVIMIENTO: same level only, but levels 1 and 2 interact at range."""
    if level_a == level_b:
        return True
    return ranged and {level_a, level_b} == {1, 2}
