"""Benchmark: one frame of the battlefield view (issue 5, DESIGN.md §8).

Run from the repo root:  python tools/bench/frame.py [--frames 200]

Scene: a seeded random 120×80 K table with about 1,000 wall edges (160
buildings of 4 edges and 240 free walls of 1-3 segments, heights 0.5-4 K),
six terrain areas, two deployment zones and 60 figures of VOL 3-5 with random
facings, every CdV arc shown (``show={"grid", "arcs"}``), drawn at 1280×800
with software rendering (SDL's dummy video driver) and flipped.

Two paths draw the same draw list, measured in the same run:

* cached (the app's frame): blit the static layer, cached as a Surface per
  zoom (256 px wider than the view on each side, so a pan only moves it),
  then draw the dynamic shapes (arcs, bases, labels) through the painter's
  caches: base and label sprites with ``fblits``, the arcs of
  one colour merged and filled once on a shared translucent layer, one
  blend per colour;
* naive: redraw every shape each frame with ``Painter(cache=False)``: no
  static layer, no sprites, one blend per translucent shape.

Also printed, outside the budget: building the draw lists, redrawing the
static layer (a zoom step), a frame whose hovered figure changes (a new
dynamic list; the arc unions are cached per hover) and frames while panning.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np
import pygame
from timing import samples_ms

from wartime.board.battlefield import Battlefield, Deployment, Terrain, TerrainKind, Unit, Wall
from wartime.render.battlefield import dynamic_shapes, static_shapes
from wartime.render.primitives import Shape
from wartime.ui.camera import Camera
from wartime.ui.painter import BACKGROUND, Painter, StaticLayer, draw_scale_bar

SIZE = (1280, 800)
TABLE = (120.0, 80.0)
BUILDINGS = 160
FREE_WALLS = 240
FIGURES = 60
SHOW = frozenset({"grid", "arcs"})
TARGET_MS = 8.0  # issue 5


def make_field(seed: int = 7) -> Battlefield:
    rng = np.random.default_rng(seed)
    walls: list[Wall] = []
    for i in range(BUILDINGS):
        x, y = rng.uniform(2.0, TABLE[0] - 7.0), rng.uniform(2.0, TABLE[1] - 7.0)
        w, h = rng.uniform(2.0, 5.0, 2)
        corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y)]
        points = tuple((float(px), float(py)) for px, py in corners)
        walls.append(Wall(points, float(rng.uniform(1.5, 4.0)), 4, 0.25, f"casa-{i}"))
    for i in range(FREE_WALLS):
        x, y = rng.uniform(2.0, TABLE[0] - 2.0), rng.uniform(2.0, TABLE[1] - 2.0)
        line = [(float(x), float(y))]
        for _ in range(int(rng.integers(1, 4))):
            angle, step = rng.uniform(0, 2 * math.pi), rng.uniform(1.0, 3.0)
            px, py = line[-1]
            line.append((float(px + step * math.cos(angle)), float(py + step * math.sin(angle))))
        walls.append(Wall(tuple(line), float(rng.uniform(0.5, 2.5)), 2, 0.2, f"muro-{i}"))
    terrain = []
    kinds = (TerrainKind.DIFFICULT, TerrainKind.EXTREME, TerrainKind.WATER)
    for i in range(6):
        cx, cy = rng.uniform(10, TABLE[0] - 10), rng.uniform(10, TABLE[1] - 10)
        ring = tuple(
            (float(cx + r * math.cos(a)), float(cy + r * math.sin(a)))
            for a, r in zip(np.linspace(0, 2 * math.pi, 9)[:-1], rng.uniform(3, 7, 8), strict=True)
        )
        terrain.append(Terrain(ring, kinds[i % 3], f"terreno-{i}"))
    deployment = (
        Deployment("A", ((0.0, 0.0), (TABLE[0], 0.0), (TABLE[0], 8.0), (0.0, 8.0))),
        Deployment("B", ((0.0, 72.0), (TABLE[0], 72.0), (TABLE[0], 80.0), (0.0, 80.0))),
    )
    units: list[Unit] = []
    while len(units) < FIGURES:
        x, y = rng.uniform(1.0, TABLE[0] - 1.0), rng.uniform(1.0, TABLE[1] - 1.0)
        if any(math.dist((x, y), u.position) < 1.2 for u in units):
            continue
        side = "A" if len(units) % 2 == 0 else "B"
        units.append(
            Unit(
                f"{side.lower()}{len(units)}",
                side,
                (float(x), float(y)),
                facing=float(rng.uniform(0, 360)),
                vol=int(rng.integers(3, 6)),
            )
        )
    return Battlefield(
        "banco de pruebas",
        TABLE,
        walls=tuple(walls),
        terrain=tuple(terrain),
        deployment=deployment,
        units=tuple(units),
    )


def report(name: str, samples: list[float]) -> float:
    median = statistics.median(samples)
    p90 = sorted(samples)[int(0.9 * (len(samples) - 1))]
    print(f"{name:58s} median {median:7.2f} ms   p90 {p90:7.2f} ms")
    return median


def by_layer(shapes: tuple[Shape, ...]) -> list[Shape]:
    return sorted(shapes, key=lambda s: s.layer)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=200)
    args = parser.parse_args()

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(SIZE)
    field = make_field()
    edges = sum(len(w.points) - 1 for w in field.walls)
    camera = Camera.fit(field.size, SIZE, margin_px=24)
    print(
        f"pygame-ce {pygame.version.ver}, SDL {'.'.join(map(str, pygame.get_sdl_version()))}, "
        f"driver {pygame.display.get_driver()}, Python {platform.python_version()}"
    )
    print(
        f"scene: {field.size[0]:g}×{field.size[1]:g} K, {edges} wall edges, "
        f"{len(field.terrain)} terrain areas, {len(field.units)} figures, arcs shown, "
        f"{SIZE[0]}×{SIZE[1]} px at {camera.scale:.1f} px/K; {args.frames} frames per path"
    )

    t0 = time.perf_counter()
    static = by_layer(static_shapes(field, SHOW))
    t1 = time.perf_counter()
    dynamic = by_layer(dynamic_shapes(field, SHOW))
    t2 = time.perf_counter()
    print(
        f"draw lists: static {len(static)} shapes in {(t1 - t0) * 1e3:.1f} ms, "
        f"dynamic {len(dynamic)} shapes in {(t2 - t1) * 1e3:.1f} ms (built once per change)"
    )

    painter = Painter()
    static_layer = StaticLayer(painter)
    key = ("bench", SHOW)

    def rebuild_static() -> None:
        static_layer.invalidate()
        static_layer.blit(screen, key, static, camera)

    def frame_at(view: Camera, shapes: list[Shape]) -> None:
        static_layer.blit(screen, key, static, view)
        painter.draw(screen, shapes, view, table=field.size)
        draw_scale_bar(screen, view, field.cm_per_k)
        pygame.display.flip()

    def cached_frame() -> None:
        frame_at(camera, dynamic)

    naive_painter = Painter(cache=False)
    everything = static + dynamic

    def naive_frame() -> None:
        screen.fill(BACKGROUND)
        naive_painter.draw(screen, everything, camera, table=field.size)
        draw_scale_bar(screen, camera, field.cm_per_k)
        pygame.display.flip()

    hovers = [u.id for u in field.units]
    hover_lists = {h: by_layer(dynamic_shapes(field, SHOW, h)) for h in hovers}
    turn = iter(range(10**9))

    def hover_frame() -> None:
        frame_at(camera, hover_lists[hovers[next(turn) % len(hovers)]])

    pan = [camera]

    def pan_frame() -> None:  # a middle-drag: 4 px a frame
        pan[0] = pan[0].pan(4, 0)
        frame_at(pan[0], dynamic)

    cached = report(
        "cached frame (static layer + dynamic shapes)",
        samples_ms(cached_frame, args.frames, warmup=5),
    )
    naive = report(
        "naive frame (every shape, no caches)", samples_ms(naive_frame, args.frames, warmup=5)
    )
    rebuild = report(
        "static layer redrawn (a zoom step, a pan past 256 px)",
        samples_ms(rebuild_static, max(20, args.frames // 5), warmup=5),
    )
    report(
        "cached frame, hovered figure changes every frame",
        samples_ms(hover_frame, args.frames, warmup=len(hovers)),
    )
    builds = static_layer.builds
    report("cached frame while panning 4 px a frame", samples_ms(pan_frame, args.frames, warmup=5))
    print(f"  (the static layer was redrawn {static_layer.builds - builds} times in those frames)")
    print(f"ratio naive / cached: {naive / cached:.1f}×")
    verdict = "within" if cached <= TARGET_MS else "OVER"
    print(f"budget: cached frame {cached:.2f} ms, {verdict} the {TARGET_MS:g} ms target")
    print(f"(a zoom frame adds the redraw: {cached + rebuild:.2f} ms)")
    pygame.quit()


if __name__ == "__main__":
    main()
