"""Benchmark: which of 60 bases an area template covers (ÁREAS; DESIGN.md §5).

Run from the repo root:  python tools/bench/templates.py

For R6, L10 and G5/4 templates aimed at random points of a 48×36 K table with
60 bases of 1 K, prints the time of `coverage` (vectorised, one erosion per
distinct base radius) and of the naive method measured in the same run: one
shapely disc polygon per base, tested with `within` and `intersects`.  The
two must agree on every base.
"""

from __future__ import annotations

import numpy as np
import shapely
from timing import median_s

from wartime.board.shapes import Disc
from wartime.geometry.templates import Coverage, Template, coverage, make_template

BASES = 60
AIMS = 200
SHAPES = ("R6", "L10", "G5/4")


def scene(seed: int = 11) -> tuple[list[Disc], list[tuple[float, float]]]:
    rng = np.random.default_rng(seed)
    bases: list[Disc] = []
    while len(bases) < BASES:
        x, y = rng.uniform(1, 47), rng.uniform(1, 35)
        if all(np.hypot(x - b.centre[0], y - b.centre[1]) >= 1.0 for b in bases):
            bases.append(Disc(f"u{len(bases)}", (float(x), float(y)), 0.5))
    aims = [(float(x), float(y)) for x, y in rng.uniform((2, 2), (46, 34), size=(AIMS, 2))]
    return bases, aims


def naive(template: Template, bases: list[Disc], exclude: str | None = None) -> Coverage:
    """One polygonal disc per base; `within` for full, `intersects` for partial."""
    full, partial = [], []
    for base in bases:
        if base.id == exclude:
            continue
        disc = shapely.Point(base.centre).buffer(base.radius, quad_segs=64)
        if disc.within(template.area.buffer(1e-3)):
            full.append(base.id)
        elif disc.intersects(template.area):
            partial.append(base.id)
    return Coverage(tuple(full), tuple(partial))


def main() -> None:
    bases, aims = scene()
    shooter = bases[0]
    print(f"{BASES} bases of 1 K, {AIMS} aims per shape; median of 5 runs")
    print(f"{'shape':<6} {'fast ms/template':>17} {'naive ms/template':>18} {'ratio':>7}  agree")
    for shape in SHAPES:
        templates = [make_template(shape, aim, shooter) for aim in aims]
        fast = median_s(lambda ts=templates: [coverage(t, bases, shooter.id) for t in ts]) / AIMS
        slow = (
            median_s(lambda ts=templates: [naive(t, bases, shooter.id) for t in ts], repeat=1)
            / AIMS
        )
        agree = all(
            coverage(t, bases, shooter.id) == naive(t, bases, shooter.id) for t in templates
        )
        print(f"{shape:<6} {fast * 1e3:>17.3f} {slow * 1e3:>18.3f} {slow / fast:>6.0f}×  {agree}")


if __name__ == "__main__":
    main()
