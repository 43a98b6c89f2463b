"""Benchmark: one drag step of a base toward the cursor (DESIGN.md §8).

Run from the repo root:  python tools/bench/drag.py

Scene: a seeded random 120×80 K table with about 1,000 wall segments (0.2 K
thick: 160 closed buildings and 240 free walls of 1-3 segments, 1.2 K apart
so a base fits between them) and 60 bases of 1 K.  A cursor wanders to random waypoints
at 1.5 K a frame; each frame the dragged base gets ``move_toward(cursor,
budget=3 K)``, so it often stops against a wall and slides.  The dragged base
changes every 50 frames.

Two methods run the same moves through the same collide-and-slide code
(``wartime.physics.motion``) and differ only in how a swept base is checked:

* fast: ``Table`` (pymunk BB-tree candidates, exact capsule tests);
* naive: shapely distance from the swept segment to every solid and every
  other base, no spatial index, one vectorised call per probe.

The naive method runs the first ``--naive-steps`` frames from the same start;
the ratio compares those frames.  After every fast frame the dragged base is
checked against the scene with shapely (untimed).
"""

from __future__ import annotations

import argparse
import gc
import math
import platform
import statistics
import time
from dataclasses import dataclass, field, replace

import numpy as np
import pymunk
import shapely

from wartime.board.shapes import Disc, Point, Solid, wall_solids
from wartime.physics import Table
from wartime.physics.motion import (
    OVERLAP_TOL,
    Contact,
    Probe,
    deeper,
    edge_contact,
    slide_move,
)

TABLE = (120.0, 80.0)
BUILDINGS = 160
FREE_WALLS = 240
BASES = 60
GAP = 1.2  # K between walls: a 1 K base fits through
CURSOR_SPEED = 1.5  # K per frame
BUDGET = 3.0  # K a frame may move the base ("a few K")
SWITCH_EVERY = 50  # frames per dragged base
TARGET_MS = 0.24  # DESIGN.md §8, chunk + bisect + slide in the research scene


def make_scene(seed: int) -> tuple[list[Solid], list[Disc]]:
    rng = np.random.default_rng(seed)
    taken: list[shapely.Geometry] = []
    solids: list[Solid] = []
    for i in range(BUILDINGS):
        solids += wall_solids(f"house{i}", _free_line(rng, taken, closed=True), 0.2, 2.0, 3)
    for i in range(FREE_WALLS):
        solids += wall_solids(f"wall{i}", _free_line(rng, taken, closed=False), 0.2, 1.0, 2)
    return solids, _bases(rng, solids)


def _free_line(
    rng: np.random.Generator, taken: list[shapely.Geometry], closed: bool
) -> list[Point]:
    """A building outline or a 1-3 segment wall, at least GAP from the others."""
    while True:
        x, y = rng.uniform(2.0, TABLE[0] - 7.0), rng.uniform(2.0, TABLE[1] - 7.0)
        if closed:
            w, h = rng.uniform(2.0, 5.0, 2)
            points = [(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)]
        else:
            points = [(x, y)]
            for _ in range(int(rng.integers(1, 4))):
                angle, step = rng.uniform(0, 2 * math.pi), rng.uniform(1.0, 3.0)
                points.append(
                    (points[-1][0] + step * math.cos(angle), points[-1][1] + step * math.sin(angle))
                )
        line = shapely.LineString(points)
        if not taken or shapely.distance(line, np.array(taken)).min() >= GAP:
            taken.append(line)
            return [(float(px), float(py)) for px, py in points]


def _bases(rng: np.random.Generator, solids: list[Solid]) -> list[Disc]:
    table = Table(*TABLE, solids)
    while len(table.bases) < BASES:
        x, y = rng.uniform(1.0, TABLE[0] - 1.0), rng.uniform(1.0, TABLE[1] - 1.0)
        base = Disc(f"b{len(table.bases)}", (float(x), float(y)), 0.5)
        if not table.overlaps(base):
            table.place(base)
    return list(table.bases)


def cursor_path(seed: int, bases: list[Disc], steps: int) -> list[tuple[str, Point]]:
    """(dragged base id, cursor position) per frame."""
    rng = np.random.default_rng(seed + 1)
    frames: list[tuple[str, Point]] = []
    cursor, waypoint = bases[0].centre, bases[0].centre
    for frame in range(steps):
        if frame % SWITCH_EVERY == 0:
            base = bases[(frame // SWITCH_EVERY) * 7 % len(bases)]
            cursor = base.centre
        if math.dist(cursor, waypoint) < CURSOR_SPEED or frame % SWITCH_EVERY == 0:
            waypoint = (float(rng.uniform(0, TABLE[0])), float(rng.uniform(0, TABLE[1])))
        cursor = _toward(cursor, waypoint, CURSOR_SPEED)
        frames.append((base.id, cursor))
    return frames


def _toward(p: Point, q: Point, step: float) -> Point:
    d = math.dist(p, q)
    if d <= step:
        return q
    return (p[0] + (q[0] - p[0]) * step / d, p[1] + (q[1] - p[1]) * step / d)


class NaiveTable:
    """The same moves, checked with shapely against every solid and base."""

    def __init__(self, solids: list[Solid], bases: list[Disc]) -> None:
        self.solids = np.array([s.polygon() for s in solids])
        self.owners = [s.id for s in solids]
        self.bases = {b.id: b for b in bases}

    def move_toward(self, base_id: str, goal: Point, budget: float) -> Point:
        base = self.bases[base_id]
        others = [b for b in self.bases.values() if b.id != base_id]
        probe = self._probe(base.radius, others)
        end = slide_move(base.centre, goal, budget, base.radius, probe).end
        self.bases[base_id] = replace(base, centre=end)
        return end

    def _probe(self, radius: float, others: list[Disc]) -> Probe:
        geoms = np.concatenate([self.solids, [shapely.Point(b.centre) for b in others]])
        reach = np.concatenate(
            [np.full(len(self.solids), radius), [radius + b.radius for b in others]]
        )
        owners = self.owners + [b.id for b in others]

        def probe(a: Point, b: Point) -> Contact | None:
            core = shapely.LineString([a, b]) if a != b else shapely.Point(a)
            depth = reach - shapely.distance(core, geoms)
            worst = int(np.argmax(depth))
            hit = None
            if depth[worst] > OVERLAP_TOL:
                (px, py), (qx, qy) = shapely.shortest_line(core, geoms[worst]).coords
                gap = math.hypot(qx - px, qy - py)
                normal = ((qx - px) / gap, (qy - py) / gap) if gap > 0 else (0.0, 0.0)
                hit = Contact(owners[worst], normal, float(depth[worst]))
            return deeper(edge_contact(a, b, radius, *TABLE), hit)

        return probe


def penetration(base: Disc, solids: shapely.Geometry, table: Table) -> float:
    """How far (K) a base reaches into a solid or another base; shapely check."""
    worst = base.radius - float(shapely.distance(solids, shapely.Point(base.centre)))
    for other in table.bases:
        if other.id != base.id:
            worst = max(worst, base.radius + other.radius - math.dist(base.centre, other.centre))
    return worst


@dataclass
class Run:
    times: list[float] = field(default_factory=list)  # s per frame
    ends: list[Point] = field(default_factory=list)
    probes: list[int] = field(default_factory=list)
    touching: list[bool] = field(default_factory=list)  # the frame ran into something
    worst: float = -math.inf  # deepest penetration after a frame, K


def run_fast(solids: list[Solid], bases: list[Disc], frames: list[tuple[str, Point]]) -> Run:
    table = Table(*TABLE, solids, bases)
    union = shapely.union_all([s.polygon() for s in solids])
    shapely.prepare(union)
    run = Run()
    for base_id, cursor in frames:
        before = table.queries
        t0 = time.perf_counter()
        result = table.move_toward(base_id, cursor, BUDGET)
        run.times.append(time.perf_counter() - t0)
        run.probes.append(table.queries - before)
        run.ends.append(result.end)
        run.touching.append(bool(result.contacts))
        run.worst = max(run.worst, penetration(table.base(base_id), union, table))
    return run


def run_naive(solids: list[Solid], bases: list[Disc], frames: list[tuple[str, Point]]) -> Run:
    table = NaiveTable(solids, bases)
    run = Run()
    for base_id, cursor in frames:
        t0 = time.perf_counter()
        run.ends.append(table.move_toward(base_id, cursor, BUDGET))
        run.times.append(time.perf_counter() - t0)
    return run


def _ms(values: list[float]) -> str:
    if not values:
        return "no frames"
    ordered = sorted(values)
    p95 = ordered[int(0.95 * (len(ordered) - 1))]
    return (
        f"mean {statistics.fmean(values) * 1e3:.3f} ms, "
        f"median {statistics.median(values) * 1e3:.3f}, "
        f"p95 {p95 * 1e3:.3f}, max {max(values) * 1e3:.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description="Time one drag step (DESIGN.md §8).")
    parser.add_argument("--steps", type=int, default=5000)
    parser.add_argument("--naive-steps", type=int, default=500)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()

    solids, bases = make_scene(args.seed)
    frames = cursor_path(args.seed, bases, args.steps)
    n = min(args.naive_steps, args.steps)
    versions = f"pymunk {pymunk.version}, shapely {shapely.__version__}"
    print(f"python {platform.python_version()}, {versions}")
    size = f"{TABLE[0]:g}x{TABLE[1]:g} K"
    print(f"scene: {size}, {len(solids)} wall segments, {len(bases)} bases of 1 K")
    print(
        f"drag: cursor {CURSOR_SPEED} K/frame, move_toward budget {BUDGET} K, {len(frames)} frames"
    )

    run_fast(solids, bases, frames[:100])  # warm up
    gc.collect()
    fast = run_fast(solids, bases, frames)
    naive = run_naive(solids, bases, frames[:n])

    free = [t for t, hit in zip(fast.times, fast.touching, strict=True) if not hit]
    hit = [t for t, touched in zip(fast.times, fast.touching, strict=True) if touched]
    print(f"fast  (pymunk BB tree + exact capsules): {_ms(fast.times)}")
    print(f"      {len(free)} frames in the open: {_ms(free)}")
    print(f"      {len(hit)} frames against something: {_ms(hit)}")
    print(f"      probes/frame mean {statistics.fmean(fast.probes):.1f}, max {max(fast.probes)}")
    print(f"      deepest penetration after a frame (shapely check): {fast.worst:.1e} K")
    print(
        f"naive (shapely vs every solid and base, no index), first {n} frames: {_ms(naive.times)}"
    )
    ratio = statistics.fmean(naive.times) / statistics.fmean(fast.times[:n])
    agree = max(math.dist(p, q) for p, q in zip(fast.ends[:n], naive.ends, strict=True))
    print(f"ratio naive/fast over the same {n} frames: {ratio:.0f}x")
    print(f"end positions, fast vs naive, largest difference over those frames: {agree:.1e} K")
    share = statistics.fmean(fast.times) * 1e3 / TARGET_MS
    print(f"DESIGN §8 target ~{TARGET_MS} ms/frame: the fast mean is {share:.2f} of it")


if __name__ == "__main__":
    main()
