"""What ground a path crosses: ENE surcharge, swimming and climbing.

MOVIMIENTO, Terreno y Energía: easy ground ENE +0, difficult +1, extreme +2.
Obstáculos: an obstacle up to the figure's chest (0.7 × its height) is
difficult terrain; a taller one must be climbed (Escalar).  Crevices (recovecos) are
difficult ground, which Serpiente moves through as easy (engine/entries/afloat.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import shapely

from wartime.board.shapes import Point, Solid

CHEST_FACTOR = 0.7
SURCHARGE = {"easy": 0, "difficult": 1, "extreme": 2}


@dataclass(frozen=True)
class Ground:
    """A terrain area: its outline and its kind (difficult, extreme, water or crevice)."""

    id: str
    polygon: tuple[Point, ...]
    kind: str


@dataclass(frozen=True)
class PathCost:
    ene: int  # the surcharge of the worst ground crossed: 0, 1 or 2
    worst: str  # "easy", "difficult" or "extreme"
    swims: tuple[str, ...]  # water areas crossed (Nadar)
    climbs: tuple[str, ...]  # solids too tall to step over (Escalar)
    rough: tuple[str, ...]  # terrain areas and low solids that made it difficult/extreme
    crevices: tuple[str, ...] = ()  # crevice areas crossed (difficult, as rough ground)
    beside_crevices: str = "easy"  # the worst ground crossed besides the crevices


class TerrainIndex:
    """Ground areas and solids prepared once per map, queried per path with an STRtree."""

    def __init__(self, ground: Sequence[Ground], solids: Sequence[Solid]) -> None:
        self.ground = tuple(ground)
        self.solids = tuple(solids)
        self._areas = [shapely.Polygon(a.polygon) for a in self.ground]
        self._bodies = [s.polygon() for s in self.solids]
        self._area_tree = shapely.STRtree(self._areas)
        self._body_tree = shapely.STRtree(self._bodies)

    def cost(self, path: Sequence[Point], figure_height: float) -> PathCost:
        """Classify a movement path by the ground and obstacles it touches."""
        line = shapely.LineString(path) if len(path) > 1 else shapely.Point(path[0])
        worst, rough, swims, climbs, crevices = "easy", [], [], [], []
        for index in sorted(self._area_tree.query(line, predicate="intersects")):
            area = self.ground[int(index)]
            if area.kind == "water":
                swims.append(area.id)
                continue
            rough.append(area.id)
            if area.kind == "crevice":
                crevices.append(area.id)
                continue
            worst = max(worst, area.kind, key=SURCHARGE.__getitem__)
        chest = CHEST_FACTOR * figure_height
        for index in sorted(self._body_tree.query(line, predicate="intersects")):
            solid = self.solids[int(index)]
            if solid.height <= 0:
                continue
            if solid.height <= chest:
                rough.append(solid.id)
                worst = max(worst, "difficult", key=SURCHARGE.__getitem__)
            elif solid.id not in climbs:
                climbs.append(solid.id)
        unique = tuple(dict.fromkeys(rough))
        besides = worst
        if crevices:
            worst = max(worst, "difficult", key=SURCHARGE.__getitem__)
        return PathCost(
            SURCHARGE[worst], worst, tuple(swims), tuple(climbs), unique, tuple(crevices), besides
        )


def path_cost(
    path: Sequence[Point], figure_height: float, ground: Sequence[Ground], solids: Sequence[Solid]
) -> PathCost:
    """One-off form of :meth:`TerrainIndex.cost`; prepare an index to query a map often."""
    return TerrainIndex(ground, solids).cost(path, figure_height)
