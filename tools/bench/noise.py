"""Benchmark: who hears a sound, 60 listeners over about 1 000 wall edges (DESIGN.md §5).

Run from the repo root:  python tools/bench/noise.py

A seeded 72×48 K table with 500 two-segment walls (1 000 edges) and 60
listeners.  Prints the time for one sound heard by every listener with
`hear_all` (one vectorised listeners × edges pass) over prepared
`Barriers`, and the naive method measured in the same run: for each
listener, shapely intersections of its sound line with every wall, sorted by
distance, then the same attenuation.  Both must agree.
"""

from __future__ import annotations

import numpy as np
import shapely
from timing import median_s

from wartime.board.shapes import Disc, Point
from wartime.geometry.noise import Barrier, Barriers, NoiseRule, attenuate, hear_all

SIZE = (72.0, 48.0)
WALLS = 500
LISTENERS = 60
SOUNDS = 50
RADIUS = 30.0


def scene(seed: int = 5) -> tuple[list[Barrier], list[Disc], list[Point]]:
    rng = np.random.default_rng(seed)
    walls = []
    for i in range(WALLS):
        a = rng.uniform((0, 0), SIZE)
        b = a + rng.uniform(-2, 2, size=2)
        c = b + rng.uniform(-2, 2, size=2)
        points = tuple((float(x), float(y)) for x, y in (a, b, c))
        walls.append(Barrier(f"w{i}", points, int(rng.integers(1, 7))))
    listeners = [
        Disc(f"u{i}", (float(x), float(y)), 0.5)
        for i, (x, y) in enumerate(rng.uniform((1, 1), (71, 47), (LISTENERS, 2)))
    ]
    sources = [(float(x), float(y)) for x, y in rng.uniform((0, 0), SIZE, (SOUNDS, 2))]
    return walls, listeners, sources


def naive_reach(source: Point, listener: Disc, walls: list[Barrier]) -> float:
    dx, dy = listener.centre[0] - source[0], listener.centre[1] - source[1]
    gap = float(np.hypot(dx, dy))
    distance = max(0.0, gap - listener.radius)
    end = (source[0] + dx * distance / gap, source[1] + dy * distance / gap) if gap else source
    line = shapely.LineString([source, end]) if distance > 0 else shapely.Point(source)
    crossings = []
    for wall in walls:
        hit = shapely.intersection(line, shapely.LineString(wall.points))
        for point in getattr(hit, "geoms", [hit]):
            if not point.is_empty:
                crossings.append(
                    (float(np.hypot(point.x - source[0], point.y - source[1])), wall.defense)
                )
    return attenuate(RADIUS, sorted(crossings), NoiseRule.SUBTRACT_DEF)


def main() -> None:
    walls, listeners, sources = scene()
    barriers = Barriers(walls)
    print(
        f"{len(barriers.edges)} wall edges, {LISTENERS} listeners, {SOUNDS} sounds of {RADIUS:g} K"
    )

    def fast() -> list[float]:
        return [h.reach for s in sources for h in hear_all(s, RADIUS, listeners, barriers)]

    def slow() -> list[float]:
        return [naive_reach(s, u, walls) for s in sources[:5] for u in listeners]

    fast_s = median_s(fast, 3) / SOUNDS
    slow_s = median_s(slow, 3) / 5
    agree = np.allclose(fast()[: 5 * LISTENERS], slow(), atol=1e-6)
    print(f"fast : {fast_s * 1e3:8.3f} ms per sound (all {LISTENERS} listeners)")
    print(f"naive: {slow_s * 1e3:8.3f} ms per sound (shapely, measured on 5 sounds)")
    print(f"ratio: {slow_s / fast_s:8.0f}×   agree: {agree}")


if __name__ == "__main__":
    main()
