"""Benchmark: `wartime measure MAP --all` on a 50-figure, 220-wall map (issue 14 target).

Run from the repo root:  python tools/bench/measure.py

Map: a seeded 48×36 K table with 220 walls (polylines of 1–3 segments, 0.5–2 K
each, 0.2 K thick, 0.5–3 K high; about 440 segments) and 50 standing figures,
none touching a wall, three of them at movement level 2.  It is written to a
temporary folder as YAML, so the command reads it like any map.

Prints the whole command (a fresh `python -m wartime measure MAP --all --json`
process, as a player would run it: interpreter start, imports, YAML, geometry,
output), and inside one process the same work in stages: loading the map,
preparing the table, the cover of all 2,450 pairs and the JSON.  The naive
method, timed in the same run, is what the command did before: the one-pair
cover function called once per ordered pair (`Table.measure` in a loop),
for the whole command and for the stage.  Both must print the same JSON.
"""

from __future__ import annotations

# wartime first: it caps the BLAS threads at one before numpy loads (wartime/__init__.py).
import wartime  # noqa: F401

# isort: split
import argparse
import itertools
import json
import math
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import shapely
import yaml
from timing import samples_ms

from wartime.formats.files import write_atomic
from wartime.formats.map import load_map
from wartime.geometry.measure import Measurement, Table

ROOT = Path(__file__).resolve().parents[2]
SIZE = (48.0, 36.0)
WALLS = 220
FIGURES = 50
FLYERS = 3  # figures at movement level 2: the lifted silhouette is part of the work

# The command as it was before the all-pairs path: one cover call per ordered pair.
NAIVE = """
import itertools, sys
from wartime.geometry.measure import Table
def per_pair(self):
    ids = [u.id for u in self.field.units]
    return [self.measure(a, b) for a, b in itertools.permutations(ids, 2)]
Table.measure_all = per_pair
from wartime.cli import main
sys.exit(main(sys.argv[1:]))
"""


def make_map(seed: int = 14) -> dict[str, object]:
    rng = np.random.default_rng(seed)
    walls: list[dict[str, object]] = []
    bodies: list[shapely.Geometry] = []
    while len(walls) < WALLS:
        points = [rng.uniform((1.0, 1.0), (SIZE[0] - 1.0, SIZE[1] - 1.0))]
        angle = rng.uniform(0.0, 2.0 * math.pi)
        for _ in range(int(rng.integers(1, 4))):
            angle += rng.choice([-math.pi / 2, 0.0, math.pi / 2])
            step = rng.uniform(0.5, 2.0) * np.array([math.cos(angle), math.sin(angle)])
            points.append(np.clip(points[-1] + step, 0.5, np.array(SIZE) - 0.5))
        line = [[round(float(x), 3), round(float(y), 3)] for x, y in points]
        if shapely.LineString(line).length < 0.3:
            continue
        walls.append(
            {
                "id": f"w{len(walls)}",
                "points": line,
                "height": round(float(rng.uniform(0.5, 3.0)), 2),
                "def": 3,
            }
        )
        bodies.append(shapely.LineString(line).buffer(0.1))
    tree = shapely.STRtree(bodies)
    units: list[dict[str, object]] = []
    while len(units) < FIGURES:
        x, y = (round(float(v), 3) for v in rng.uniform((1.0, 1.0), (SIZE[0] - 1, SIZE[1] - 1)))
        free = all(
            math.hypot(x - u["position"][0], y - u["position"][1]) >= 1.0  # type: ignore[index]
            for u in units
        )
        if free and len(tree.query(shapely.Point(x, y).buffer(0.5), "intersects")) == 0:
            side = "A" if len(units) % 2 == 0 else "B"
            unit = {
                "id": f"f{len(units)}",
                "side": side,
                "position": [x, y],
                "facing": round(float(rng.uniform(0, 360)), 1),
            }
            if len(units) < FLYERS:
                unit["level"] = 2
            units.append(unit)
    return {
        "wartime_map": 1,
        "name": "bench 50x220",
        "size": list(SIZE),
        "walls": walls,
        "units": units,
    }


def command_s(argv: list[str], repeat: int) -> tuple[list[float], bytes]:
    """Seconds of each run of a fresh process, and its output (every run must agree)."""
    times, outputs = [], set()
    for _ in range(repeat):
        start = time.perf_counter()
        done = subprocess.run(argv, cwd=ROOT, capture_output=True, check=True)
        times.append(time.perf_counter() - start)
        outputs.add(done.stdout)
    assert len(outputs) == 1, "the command's output changed between runs"
    return times, outputs.pop()


def per_pair(table: Table) -> list[Measurement]:
    ids = [u.id for u in table.field.units]
    return [table.measure(a, b) for a, b in itertools.permutations(ids, 2)]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="fresh processes per command")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.yaml"
        write_atomic(path, yaml.safe_dump(make_map(), sort_keys=False))
        field = load_map(path)
        segments = sum(len(w.points) - 1 for w in field.walls)
        print(
            f"map: {len(field.walls)} walls ({segments} segments), {len(field.units)} figures"
            f" ({FLYERS} at level 2), {len(field.units) * (len(field.units) - 1)} ordered pairs"
        )
        _stages(path)
        cli = [sys.executable, "-m", "wartime", "measure", str(path), "--all", "--json"]
        fast, fast_out = command_s(cli, args.runs)
        naive, naive_out = command_s(
            [sys.executable, "-c", NAIVE, *cli[3:]], max(3, args.runs // 2)
        )
        start = command_s([sys.executable, "-c", "import wartime.cli"], args.runs)[0]
    assert fast_out == naive_out, "the all-pairs path must print what the per-pair path printed"
    print(f"python start + `import wartime.cli`:     median {statistics.median(start):6.3f} s")
    print(
        f"whole command, all-pairs (cover_matrix): median {statistics.median(fast):6.3f} s"
        f"   min {min(fast):6.3f} s   ({args.runs} runs)"
    )
    print(
        f"whole command, naive per-pair:           median {statistics.median(naive):6.3f} s"
        f"   min {min(naive):6.3f} s"
    )
    print(
        f"ratio naive / all-pairs, whole command:  "
        f"{statistics.median(naive) / statistics.median(fast):.1f}x (output identical)"
    )


def _stages(path: Path) -> None:
    load = statistics.median(samples_ms(lambda: load_map(path), 5, warmup=1))
    field = load_map(path)
    prepare = statistics.median(samples_ms(lambda: Table(field), 5, warmup=1))
    table = Table(field)
    every = statistics.median(samples_ms(table.measure_all, 9, warmup=1))
    naive = statistics.median(samples_ms(lambda: per_pair(table), 3, warmup=1))
    assert table.measure_all() == per_pair(table)
    found = table.measure_all()
    dump = statistics.median(
        samples_ms(lambda: json.dumps([m.to_json() for m in found], indent=2), 5)
    )
    print(f"in one process: load_map {load:.1f} ms, Table() {prepare:.1f} ms, JSON {dump:.1f} ms")
    print(f"all pairs, Table.measure_all (cover_matrix): median {every:7.1f} ms")
    print(
        f"all pairs, naive Table.measure per pair:     median {naive:7.1f} ms"
        f"   ratio {naive / every:.1f}x"
    )


if __name__ == "__main__":
    main()
