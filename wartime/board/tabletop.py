"""The measurement overlay's questions about a table, answered without pygame.

What the overlay (``wartime overlay``) shows beside the geometry's own answers
(:class:`wartime.geometry.measure.Table`): the range band of a shot and its CH IMP
modifier, what a cover class does in the rules, the walls a line of sight crosses,
every enemy's line of sight to one figure (the all-pairs cover path, one call), and
the region a noise reaches once the walls have cut it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import shapely

from wartime.board.battlefield import Battlefield, Unit
from wartime.board.shapes import Point
from wartime.geometry.cover import Occluders, cover_class, cover_pairs, line_of_sight
from wartime.geometry.darkness import shade_of
from wartime.geometry.distance import edge_distance
from wartime.geometry.noise import Barriers, NoiseRule, attenuate
from wartime.geometry.vision import eye_point, in_arc, vision_range
from wartime.rules.tables import load_tables

RANGE_BAND = 10.0  # K: CH IMP −1 for each started 10 K beyond the first 10 K
NOISE_RAYS = 240  # rays cast to outline an audible region

BLOCKED = "blocked"  # the LdV into the dark (geometry.darkness)


@dataclass(frozen=True)
class CoverRule:
    """What a cover class does to a ranged attack: the CH DEF bonus, and whether the
    cover first defends with its own DEF (a check of the strongest solid crossed)."""

    cover_class: str
    def_bonus: int
    cover_check: bool


def range_band(distance: float) -> tuple[int, int]:
    """The band a shot at ``distance`` K falls in (0: up to 10 K, 1: to 20 K...) and its
    CH IMP modifier: −1 per started 10 K beyond the first 10 K (10 K exactly is free)."""
    band = max(0, math.ceil((distance - RANGE_BAND) / RANGE_BAND - 1e-9))
    return band, -band


def cover_rule(percent: float) -> CoverRule:
    """The class of ``percent`` and its effect: none below or at half, CH DEF +2 over half,
    and at 100 % the cover's own CH DEF first, then CH DEF +2."""
    kind = cover_class(percent)
    bonus = load_tables().cover_defence_bonus if kind in ("over_half", "total") else 0
    return CoverRule(kind, bonus, kind == "total")


@dataclass(frozen=True)
class Crossing:
    """A wall or obstacle a line crosses in plan: its id, how far along (K), height, DEF."""

    id: str
    distance: float
    height: float
    defense: int


def crossings(field: Battlefield, start: Point, end: Point) -> list[Crossing]:
    """The walls and obstacles the segment ``start``–``end`` crosses, nearest first (one
    entry per wall or obstacle, however many of its pieces the line meets)."""
    if math.dist(start, end) <= 0.0:
        return []
    line = shapely.LineString([start, end])
    origin = shapely.Point(start)
    found: dict[str, Crossing] = {}
    for solid in field.solids():
        part = line.intersection(solid.polygon())
        if part.is_empty:
            continue
        along = float(shapely.distance(origin, part))
        seen = found.get(solid.id)
        if seen is None or along < seen.distance:
            found[solid.id] = Crossing(solid.id, along, solid.height, solid.defense)
    return sorted(found.values(), key=lambda c: (c.distance, c.id))


def lift(level: int) -> float:
    """How high a figure at movement ``level`` stands (K): its eye with no height."""
    return eye_point((0.0, 0.0), 0.0, level)[2]


@dataclass(frozen=True)
class Threat:
    """One enemy's line of sight to the threatened figure."""

    source: str
    target: str
    cover_percent: float
    line_of_sight: str  # clear, partial, blocked
    in_vision: bool  # the target is in the enemy's CdV (arc and VOL×5)
    distance: float
    dark: bool = False  # the target stands in the dark: blocked, but for Radar or Luz


def enemies(field: Battlefield, unit_id: str) -> list[Unit]:
    """The units of the other side (every other unit when ``unit_id`` has no side)."""
    target = field.unit(unit_id)
    return [u for u in field.units if u.id != unit_id and (u.side != target.side or not u.side)]


def threats(field: Battlefield, unit_id: str, occluders: Occluders) -> list[Threat]:
    """Every enemy's line of sight to ``unit_id``, in one call of the all-pairs path: each
    enemy's eye to the figure's silhouette, standing at its level."""
    target = field.unit(unit_id)
    foes = enemies(field, unit_id)
    if not foes:
        return []
    count = len(foes)
    cover = cover_pairs(
        [eye_point(u.position, u.current_height, u.level) for u in foes],
        [target.position] * count,
        [target.base] * count,
        [target.current_height] * count,
        occluders,
        [lift(target.level)] * count,
    )
    shade = shade_of(field) if field.darkness else None
    dark = shade is not None and shade.dark(target.position, target.radius)
    out = []
    for foe, percent in zip(foes, cover.tolist(), strict=True):
        gap = edge_distance(foe.position, foe.radius, target.position, target.radius)
        arc = in_arc(foe.position, foe.facing, target.position, target.radius)
        seen = arc and gap <= vision_range(foe.vol)
        sight = BLOCKED if dark else line_of_sight(percent)
        out.append(Threat(foe.id, target.id, percent, sight, seen, gap, dark))
    return out


def audible_region(
    source: Point, radius: float, barriers: Barriers, rule: NoiseRule, rays: int = NOISE_RAYS
) -> tuple[Point, ...]:
    """The outline of where a sound of ``radius`` K from ``source`` is still heard: along
    each of ``rays`` directions, the reach the walls leave it (:func:`attenuate`)."""
    if radius <= 0.0:
        return ()
    dirs = [(math.cos(2 * math.pi * i / rays), math.sin(2 * math.pi * i / rays))
            for i in range(rays)]  # fmt: skip
    ends = [(source[0] + dx * radius, source[1] + dy * radius) for dx, dy in dirs]
    out = []
    for (dx, dy), found in zip(dirs, barriers.crossings_many(source, ends, radius), strict=True):
        reach = attenuate(radius, found, rule)
        out.append((source[0] + dx * reach, source[1] + dy * reach))
    return tuple(out)


def free_id(field: Battlefield, stem: str) -> str:
    """The first id ``stem-1``, ``stem-2``... no unit uses."""
    taken = {u.id for u in field.units}
    n = 1
    while f"{stem}-{n}" in taken:
        n += 1
    return f"{stem}-{n}"
