"""The battlefield's prepared geometry, built once per game and shared by its clones."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from functools import cached_property

import shapely

from wartime.board.battlefield import Battlefield
from wartime.board.shapes import Point, Solid
from wartime.geometry.cover import Occluders, cover_pairs
from wartime.geometry.darkness import Shade
from wartime.geometry.noise import Barrier, Barriers
from wartime.geometry.pathfinding import Clearance
from wartime.geometry.terrain import CHEST_FACTOR, Ground, TerrainIndex
from wartime.geometry.vision import Point3

COVER_MEMORY = 50_000  # cover answers kept per game; about 10 MB at most
WALKING_HEIGHT = 1.0  # K: the movement table stops every base at a 1 K figure's chest

CoverQuery = tuple[Point3, Point, float, float, float]
"""What :meth:`World.cover` is asked: eye, silhouette centre, diameter, height, base."""


@dataclass(frozen=True)
class Shaped(Solid):
    """A solid of the world, whose shapely polygon is built once.

    :meth:`Solid.polygon` builds a new polygon at each call, and the checks of a jump, a
    ram or a line of fire ask every solid of the map for it (a legal-action list asks it
    some twenty times per jump it samples).  The walls never move, and the same outline
    gives the same polygon, so every answer stays the same.
    """

    def polygon(self) -> shapely.Polygon:
        return self._polygon

    @cached_property
    def _polygon(self) -> shapely.Polygon:
        return super().polygon()


def _shaped(solid: Solid) -> Shaped:
    return Shaped(*(getattr(solid, f.name) for f in fields(solid)))


@dataclass(frozen=True)
class World:
    battlefield: Battlefield
    solids: tuple[Solid, ...]
    occluders: Occluders
    barriers: Barriers
    ground: tuple[Ground, ...]
    terrain: TerrainIndex
    shade: Shade | None = None  # the dark areas and lights; None on a map with no darkness
    _blocking: dict[float, tuple[Solid, ...]] = field(default_factory=dict, compare=False)
    _cover: dict[tuple[object, ...], float] = field(default_factory=dict, compare=False)
    _clearances: dict[tuple[float, bool], Clearance] = field(default_factory=dict, compare=False)

    @classmethod
    def of(cls, battlefield: Battlefield) -> World:
        solids = tuple(_shaped(s) for s in battlefield.solids())
        walls = [
            Barrier(w.id or f"walls[{i}]", w.points, w.defense)
            for i, w in enumerate(battlefield.walls)
        ]
        outlines = [
            Barrier(o.id or f"obstacles[{i}]", o.polygon, o.defense, closed=True)
            for i, o in enumerate(battlefield.obstacles)
        ]
        ground = tuple(
            Ground(t.id or f"terrain[{i}]", t.polygon, t.kind.value)
            for i, t in enumerate(battlefield.terrain)
        )
        return cls(
            battlefield,
            solids,
            Occluders.from_solids(solids),
            Barriers(walls + outlines),
            ground,
            TerrainIndex(ground, solids),
            Shade.of(
                [d.polygon for d in battlefield.darkness],
                [(g.position, g.radius) for g in battlefield.lights],
            ),
        )

    def blocking(self, figure_height: float) -> tuple[Solid, ...]:
        """Solids a figure cannot step over: taller than its chest (MOVIMIENTO, Obstáculos)."""
        chest = CHEST_FACTOR * figure_height
        if chest not in self._blocking:
            self._blocking[chest] = tuple(s for s in self.solids if s.height > chest)
        return self._blocking[chest]

    def clearance(self, radius: float, off_water: bool) -> Clearance:
        """Where the centre of a walking base of ``radius`` may go (geometry.pathfinding):
        clear of the solids that stop the movement table (:meth:`blocking` at
        WALKING_HEIGHT), and ``off_water`` out of the water.  Prepared once per radius."""
        key = (radius, off_water)
        found = self._clearances.get(key)
        if found is None:
            solids = [s.polygon() for s in self.blocking(WALKING_HEIGHT)]
            water = [shapely.Polygon(g.polygon) for g in self.ground if g.kind == "water"]
            size = self.battlefield.size
            found = Clearance(size, radius, solids, water if off_water else [])
            self._clearances[key] = found
        return found

    def cover(
        self, eye: Point3, centre: Point, diameter: float, height: float, base: float = 0.0
    ) -> float:
        """geometry.cover_percent against this map's solids, remembered.

        The walls never move, so the same eye and the same silhouette always give
        the same cover: legality probes, the action itself and the reaction check
        ask it again and again.  The memory is bounded (cleared when full).
        """
        key = (eye, centre, diameter, height, base)
        found = self._cover.get(key)
        if found is None:
            self.fill_cover([key])
            found = self._cover[key]
        return found

    def fill_cover(self, queries: Iterable[CoverQuery]) -> None:
        """Remember the cover of every query, those not yet known in one ``cover_pairs`` call.

        For a question that asks many pairs in a row (who sees the actor, where to
        take shelter): a call costs about as much for eight pairs as for one.
        ``cover_pairs`` gives a pair the same bits alone or in any batch, so the
        answers :meth:`cover` then reads are the ones it would have worked out
        one at a time.
        """
        missing = [key for key in dict.fromkeys(queries) if key not in self._cover]
        if not missing:
            return
        if len(self._cover) + len(missing) > COVER_MEMORY:
            self._cover.clear()
        eyes, centres, diameters, heights, bases = zip(*missing, strict=True)
        found = cover_pairs(eyes, centres, diameters, heights, self.occluders, bases)
        self._cover.update(zip(missing, found.tolist(), strict=True))
