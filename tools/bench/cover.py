"""Benchmark: silhouette cover % for every ordered pair of 50 figures (DESIGN.md §5, §8).

Run from the repo root:  python tools/bench/cover.py

Scene: a seeded random 48×36 K table with 500 wall segments (bent walls of
1–4 segments 0.5–2 K long, 0.2 K thick, heights 0.5–3 K) and six tall
buildings (3–5 K); 50 standing 1 K figures on 1 K bases, none overlapping a
solid.  That is about ten times the walls of the sample maps.  Prints the
fast path for all pairs and for one dragged figure (its row and its column,
one ``cover_pairs`` call), the naive per-pair shapely method measured in
the same run, the ratios, and the fast path's error against the reference.

The naive method is the shapely reference (``cover_percent_reference``) at a
modest resolution, called once per pair with every solid of the map.  It is
timed on a seeded sample of pairs and extrapolated to all pairs, because
running it on all 2,450 would take minutes.
"""

from __future__ import annotations

# wartime first: it caps the BLAS threads at one before numpy loads (wartime/__init__.py),
# as in the simulator; OPENBLAS_NUM_THREADS=2 times the cover with a second thread.
import wartime  # noqa: F401

# isort: split
import argparse
import math
import platform
import statistics
import time
from collections.abc import Callable
from typing import NamedTuple

import numpy as np
import numpy.typing as npt
import shapely
from timing import samples_ms

from wartime.board.shapes import Point, Solid, obstacle_solid, wall_solids
from wartime.geometry.cover import (
    REFERENCE_RESOLUTION,
    Occluders,
    Point3,
    cover_matrix,
    cover_pairs,
    cover_percent_reference,
)

TABLE = (48.0, 36.0)
WALL_SEGMENTS = 500
FIGURES = 50
NAIVE_RESOLUTION = 4  # reference columns per gap between breakpoints: "modest"
DRAGGED = 10  # figures dragged in turn for the one-figure timing


def make_scene(
    seed: int = 7,
) -> tuple[list[Solid], list[Point3], list[Point], list[float], list[float]]:
    rng = np.random.default_rng(seed)
    solids = _walls(rng) + _obstacles(rng)
    footprints = shapely.STRtree([s.polygon() for s in solids])
    centres: list[Point] = []
    while len(centres) < FIGURES:
        x, y = rng.uniform(1.0, TABLE[0] - 1.0), rng.uniform(1.0, TABLE[1] - 1.0)
        base = shapely.Point(x, y).buffer(0.5)
        clear_of_figures = all(math.hypot(x - cx, y - cy) >= 1.0 for cx, cy in centres)
        if clear_of_figures and len(footprints.query(base, predicate="intersects")) == 0:
            centres.append((float(x), float(y)))
    heights = [1.0] * FIGURES
    eyes: list[Point3] = [(x, y, 0.9 * h) for (x, y), h in zip(centres, heights, strict=True)]
    return solids, eyes, centres, [1.0] * FIGURES, heights


def _walls(rng: np.random.Generator) -> list[Solid]:
    solids: list[Solid] = []
    while len(solids) < WALL_SEGMENTS:
        start = rng.uniform((1.0, 1.0), (TABLE[0] - 1.0, TABLE[1] - 1.0))
        points: list[Point] = [(float(start[0]), float(start[1]))]
        angle = rng.uniform(0.0, 2.0 * math.pi)
        for _ in range(int(rng.integers(1, 5))):
            angle += rng.choice([-math.pi / 2, 0.0, math.pi / 2])
            step = rng.uniform(0.5, 2.0)
            x = float(np.clip(points[-1][0] + step * math.cos(angle), 0.5, TABLE[0] - 0.5))
            y = float(np.clip(points[-1][1] + step * math.sin(angle), 0.5, TABLE[1] - 0.5))
            points.append((x, y))
        height = float(rng.uniform(0.5, 3.0))
        solids += wall_solids(f"wall{len(solids)}", points, 0.2, height, 3)
    return solids[:WALL_SEGMENTS]


def _obstacles(rng: np.random.Generator) -> list[Solid]:
    out: list[Solid] = []
    for i in range(6):
        cx, cy = rng.uniform(4.0, TABLE[0] - 4.0), rng.uniform(4.0, TABLE[1] - 4.0)
        w, d = rng.uniform(1.5, 4.0, 2)
        box = shapely.affinity.rotate(
            shapely.box(cx - w, cy - d, cx + w, cy + d), rng.uniform(0, 90)
        )
        ring = [(float(x), float(y)) for x, y in list(box.exterior.coords)[:-1]]
        out.append(obstacle_solid(f"building{i}", ring, float(rng.uniform(3.0, 5.0)), 6))
    return out


class Table(NamedTuple):
    solids: list[Solid]
    eyes: list[Point3]
    centres: list[Point]
    diameters: list[float]
    heights: list[float]
    occ: Occluders

    @property
    def n(self) -> int:
        return len(self.centres)

    def matrix(self) -> npt.NDArray[np.float64]:
        return cover_matrix(self.eyes, self.centres, self.diameters, self.heights, self.occ)

    def reference(self, i: int, j: int, resolution: int) -> float:
        return cover_percent_reference(
            self.eyes[i],
            self.centres[j],
            self.diameters[j],
            self.heights[j],
            self.solids,
            resolution,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--naive-pairs", type=int, default=40, help="pairs timed for naive")
    parser.add_argument("--check-pairs", type=int, default=40, help="pairs checked vs reference")
    args = parser.parse_args()
    print(
        f"python {platform.python_version()}, numpy {np.__version__}, shapely {shapely.__version__}"
    )
    table = _table()
    matrix = table.matrix()
    fast_all, fast_drag = _time_fast(table)
    _time_naive(table, args.naive_pairs, fast_all, fast_drag)
    _check(table, matrix, args.check_pairs)


def _table() -> Table:
    solids, eyes, centres, diameters, heights = make_scene()
    start = time.perf_counter()
    occ = Occluders.from_solids(solids)
    prep_ms = (time.perf_counter() - start) * 1e3
    table = Table(solids, eyes, centres, diameters, heights, occ)
    n = table.n
    print(
        f"scene: {len(solids)} solids ({WALL_SEGMENTS} wall segments,"
        f" {len(solids) - WALL_SEGMENTS} obstacles), {occ.n_edges} edges, {n} figures,"
        f" {n * (n - 1)} ordered pairs"
    )
    print(f"Occluders.from_solids: {prep_ms:.1f} ms (once per map)")
    off = table.matrix()[~np.eye(n, dtype=bool)]
    print(
        f"pairs: none {(off == 0).sum()}, partial {((off > 0) & (off <= 50)).sum()},"
        f" over_half {((off > 50) & (off < 100)).sum()}, total {(off == 100).sum()}"
    )
    return table


def _time_fast(table: Table) -> tuple[float, float]:
    all_times = samples_ms(table.matrix, 21, warmup=1)
    all_med, all_min = statistics.median(all_times), min(all_times)
    print(
        f"fast, all pairs (cover_matrix):         median {all_med:7.2f} ms   min {all_min:7.2f} ms"
    )
    updates = [_drag_update(table, k) for k in range(DRAGGED)]
    cycle = iter(updates * 1000)
    drag_times = samples_ms(lambda: next(cycle)(), 50 * DRAGGED, warmup=1)
    drag_med, drag_min = statistics.median(drag_times), min(drag_times)
    print(
        f"fast, one dragged figure (row + column): median {drag_med:7.3f} ms   min"
        f" {drag_min:7.3f} ms  ({DRAGGED} figures in turn, {2 * (table.n - 1)} pairs a call)"
    )
    return all_med, drag_med


def _time_naive(table: Table, count: int, fast_all: float, fast_drag: float) -> None:
    pairs = _sample_pairs(table.n, count, seed=0)
    start = time.perf_counter()
    for i, j in pairs:
        table.reference(i, j, NAIVE_RESOLUTION)
    per_pair = (time.perf_counter() - start) * 1e3 / len(pairs)
    naive_all = per_pair * table.n * (table.n - 1)
    print(
        f"naive per-pair shapely (cover_percent_reference, resolution {NAIVE_RESOLUTION},"
        f" every solid): {per_pair:.1f} ms/pair, timed on {len(pairs)} sampled pairs"
    )
    print(f"naive, all pairs (extrapolated from the sample): {naive_all / 1e3:.1f} s")
    print(f"ratio naive / fast, all pairs:        {naive_all / fast_all:,.0f}x (medians)")
    print(f"ratio naive / fast, dragged figure:   {per_pair * 2 * (table.n - 1) / fast_drag:,.0f}x")


def _check(table: Table, matrix: npt.NDArray[np.float64], count: int) -> None:
    """Fast path against the reference at its default resolution, mostly partial pairs."""
    n = table.n
    partial = [(i, j) for i in range(n) for j in range(n) if 0.0 < matrix[i, j] < 100.0]
    rng = np.random.default_rng(1)
    picked = [partial[k] for k in rng.permutation(len(partial))[: count * 3 // 4]]
    picked += _sample_pairs(n, count - len(picked), seed=2)
    errors = [abs(matrix[i, j] - table.reference(i, j, REFERENCE_RESOLUTION)) for i, j in picked]
    print(
        f"max |fast - reference| on {len(picked)} pairs ({min(len(partial), count * 3 // 4)}"
        f" partly hidden): {max(errors):.4f} pp"
    )


def _drag_update(table: Table, k: int) -> Callable[[], object]:
    """Figure ``k`` moved: its row (it looks at everyone) and its column (everyone looks at it)."""
    others = np.array([i for i in range(table.n) if i != k])
    eye_xyz, xy = np.asarray(table.eyes), np.asarray(table.centres)
    d, h = np.asarray(table.diameters), np.asarray(table.heights)
    m = len(others)
    eyes = np.concatenate([np.repeat(eye_xyz[k : k + 1], m, 0), eye_xyz[others]])
    targets = np.concatenate([xy[others], np.repeat(xy[k : k + 1], m, 0)])
    diameters = np.concatenate([d[others], np.repeat(d[k : k + 1], m)])
    heights = np.concatenate([h[others], np.repeat(h[k : k + 1], m)])
    return lambda: cover_pairs(eyes, targets, diameters, heights, table.occ)


def _sample_pairs(n: int, count: int, seed: int) -> list[tuple[int, int]]:
    rng = np.random.default_rng(seed)
    everyone = [(i, j) for i in range(n) for j in range(n) if i != j]
    return [everyone[k] for k in rng.choice(len(everyone), size=count, replace=False)]


if __name__ == "__main__":
    main()
