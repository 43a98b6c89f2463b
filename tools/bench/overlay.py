"""Benchmark: an overlay frame while a figure is dragged, threats on (issue 14: ≤ 12 ms).

Run from the repo root:  python tools/bench/overlay.py [--frames 120]

Scene: Aldea en ruinas (18 walls, 8 buildings) with its own figures replaced by one
figure of side A and 20 of side B spread over B's half, 1280×800, software rendering
(SDL's dummy driver).  The A figure is picked up and dragged across the table in small
steps, the button held, with every enemy's LdV to it drawn and labelled (the overlay's
threats): each timed frame is one step of the drag (the mouse event, the physics, the
threats, the drawing).  The baseline, in the same run, is a frame of the plain
battlefield view of the same table.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# wartime first: it caps the BLAS threads at one before numpy loads (wartime/__init__.py)
import wartime  # noqa: F401

# isort: split
import argparse
import platform
import statistics
import tempfile
from dataclasses import replace
from pathlib import Path

import pygame
from timing import samples_ms

from wartime.board.battlefield import Battlefield, Unit
from wartime.formats.map import load_map
from wartime.ui.modes.overlay import OverlayMode
from wartime.ui.modes.view import ViewMode
from wartime.ui.shell import ViewApp

MAP = Path(__file__).resolve().parents[2] / "maps" / "aldea-en-ruinas.yaml"
ENEMIES = 20


def table() -> Battlefield:
    field = load_map(MAP)
    width, depth = field.size
    enemies = tuple(
        Unit(f"b{i}", "B", (4.0 + (i % 10) * (width - 8) / 9, depth - 3.0 - (i // 10) * 4.0),
             facing=270.0)
        for i in range(ENEMIES)
    )  # fmt: skip
    return replace(field, units=(Unit("a", "A", (6.0, 4.0), facing=90.0), *enemies))


def spread(ms: list[float]) -> str:
    ordered = sorted(ms)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return f"median {statistics.median(ms):6.2f} ms  p90 {p90:6.2f} ms  max {max(ms):6.2f} ms"


def pixel(app: ViewApp, point: tuple[float, float]) -> tuple[int, int]:
    x, y = app.camera.to_px(point)
    return (round(x) + app.view_rect.x, round(y) + app.view_rect.y)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=120, help="frames of each kind (120)")
    parser.add_argument("--png", metavar="FILE", help="save the last dragged frame, to look at")
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, {platform.machine()}")
    field = table()
    settings = Path(tempfile.mkdtemp())
    mode = OverlayMode()
    app = ViewApp(field, None, mode=mode, settings_dir=settings)
    app.step(0.016)
    start = pixel(app, (6.0, 4.0))
    for event in (
        pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
    ):
        app.handle(event)
    app.step(0.016)
    width = field.size[0]
    dragging: list[float] = []
    for i in range(args.frames):
        x = 6.0 + (width - 12.0) * (i % 60) / 60
        pos = pixel(app, (x, 4.0 + (i % 7) * 0.5))

        def frame(pos: tuple[int, int] = pos) -> None:
            app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0),
                                          buttons=(1, 0, 0)))  # fmt: skip
            app.step(0.016)

        dragging += samples_ms(frame, 1)
    threats = getattr(mode, "show_threats", None)
    if args.png:
        pygame.image.save(app.screen, args.png)
    moved = app.field.unit("a").position
    print(f"the dragged figure ended at ({moved[0]:.1f}, {moved[1]:.1f}); chosen: {mode.chosen}")
    pygame.quit()
    plain = ViewApp(field, None, mode=ViewMode(), settings_dir=settings)
    viewing = samples_ms(lambda: plain.step(0.016), args.frames, warmup=5)
    pygame.quit()
    print(f"overlay frame, dragging, threats {'on' if threats else 'off'} for {ENEMIES} enemies: "
          f"{spread(dragging)}")  # fmt: skip
    print(f"  a frame of the plain view (baseline):               {spread(viewing)}")
    ratio = statistics.median(dragging) / statistics.median(viewing)
    print(f"  ratio of the medians: {ratio:.1f}×")


if __name__ == "__main__":
    main()
