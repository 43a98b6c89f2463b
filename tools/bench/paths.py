"""Benchmark: the shortest path for a base on Complejo industrial (engine/core/paths.py).

Run from the repo root:  python tools/bench/paths.py

Scene: the sample map Complejo industrial (72×48 K, 54 solids too tall to step over,
the canal), its twelve 1 K figures where the map stands them.  Prints:

- the map's preparation for one radius (``Clearance``: solids grown by the base, their
  corners, the visible pairs), median of several builds;
- one path query after it (``find_path``, ENE included), each from a figure to a seeded
  goal: "moves" within 11 K (an Esprintar of a 6 K figure) and goals anywhere on the table;
  every query is a new one, so nothing is remembered between them;
- the same goals asked of the engine's straight move plan, ``core.routes.route`` (the
  physics probe along the straight line, its terrain and ENE), timed in the same run,
  and the ratios: query / straight route, preparation / query.
"""

from __future__ import annotations

# wartime first: it caps the BLAS threads at one before numpy loads (wartime/__init__.py)
import wartime  # noqa: F401

# isort: split
import contextlib
import math
import platform
import random
import statistics
import time
from pathlib import Path as FilePath

import networkx as nx
import shapely
from timing import samples_ms

from wartime.board.shapes import Point
from wartime.engine import GameState, IllegalActionError, find_path, load_scenario
from wartime.engine.core.movement import moves
from wartime.engine.core.routes import route
from wartime.engine.core.world import WALKING_HEIGHT
from wartime.geometry.pathfinding import Clearance

MAP = FilePath(__file__).resolve().parents[2] / "maps" / "complejo-industrial.yaml"
QUERIES = 300  # of each kind
MOVE_K = 11.0


def goals(state: GameState, near: bool, seed: int) -> list[tuple[str, Point]]:
    """(figure, goal) pairs: within MOVE_K of the figure, or anywhere on the table."""
    rng = random.Random(seed)
    width, height = state.scenario.battlefield.size
    ids = sorted(state.figures)
    out = []
    while len(out) < QUERIES:
        who = ids[len(out) % len(ids)]
        x, y = state.figures[who].position
        if near:
            angle, reach = rng.uniform(0, math.tau), MOVE_K * math.sqrt(rng.random())
            goal = (x + reach * math.cos(angle), y + reach * math.sin(angle))
        else:
            goal = (rng.uniform(0, width), rng.uniform(0, height))
        out.append((who, goal))
    return out


def time_each(state: GameState, asked: list[tuple[str, Point]], run: str) -> list[float]:
    out = []
    for who, goal in asked:
        figure = state.figures[who]
        for wet in (True, False):  # no way kept (Clearance.forget): each query is cold
            state.world.clearance(figure.radius, off_water=wet).forget()
        start = time.perf_counter()
        if run == "path":
            find_path(state, figure, goal)
        else:
            with contextlib.suppress(IllegalActionError):  # blocked, or near an enemy: timed
                route(
                    state, figure, goal, math.dist(figure.position, goal), moves().strides["mover"]
                )
        out.append((time.perf_counter() - start) * 1e3)
    return out


def main() -> None:
    print(
        f"python {platform.python_version()}, shapely {shapely.__version__},"
        f" networkx {nx.__version__}"
    )
    state = load_scenario(MAP).new_game()
    for figure in state.figures.values():
        figure.ene = 10  # so that route prices every move instead of refusing it
    world = state.world
    solids = [s.polygon() for s in world.blocking(WALKING_HEIGHT)]
    water = [shapely.Polygon(g.polygon) for g in world.ground if g.kind == "water"]
    size = world.battlefield.size
    prep = samples_ms(lambda: Clearance(size, 0.5, solids, water), 9, warmup=1)
    built = Clearance(size, 0.5, solids, water)
    print(
        f"map: {len(solids)} tall solids, {len(water)} water areas, {len(state.figures)} figures;"
        f" graph: {len(built.corners)} corners, {built.graph.number_of_edges()} edges"
    )
    prep_ms = statistics.median(prep)
    print(f"preparation (Clearance, once per map and radius): median {prep_ms:6.1f} ms"
          f"   min {min(prep):6.1f} ms")  # fmt: skip
    world.clearance(0.5, off_water=True)  # prepared: the queries below reuse it
    rows = []
    for label, near, seed in (("moves within 11 K", True, 1), ("goals anywhere", False, 2)):
        asked = goals(state, near, seed)
        paths = time_each(state, asked, "path")
        straight = time_each(state, asked, "route")
        reached = sum(find_path(state, state.figures[w], g).reached for w, g in asked)
        path_ms, route_ms = statistics.median(paths), statistics.median(straight)
        p90 = statistics.quantiles(paths, n=10)[-1]
        print(
            f"{label:18}: find_path median {path_ms:6.2f} ms  p90 {p90:6.2f} ms"
            f"  max {max(paths):6.2f} ms  ({reached}/{len(asked)} reached);"
            f" straight route median {route_ms:6.3f} ms"
        )
        rows.append((label, path_ms, route_ms))
    for label, path_ms, route_ms in rows:
        print(
            f"ratio, {label}: query / straight route {path_ms / route_ms:5.1f}×,"
            f" preparation / query {prep_ms / path_ms:5.1f}×"
        )


if __name__ == "__main__":
    main()
