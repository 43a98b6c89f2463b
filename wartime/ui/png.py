"""Headless export of the battlefield view to a PNG (``wartime render``).

The same draw list and painter as the window, on a plain Surface: no window
is opened, so it runs on a server (SDL's dummy video driver is selected when
no driver is set).
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pygame

from wartime.board.battlefield import Battlefield
from wartime.formats.files import write_atomic
from wartime.i18n import text
from wartime.render.battlefield import draw_battlefield
from wartime.ui.camera import Camera
from wartime.ui.painter import BACKGROUND, SCALE_BAR_STRIP, Painter, draw_scale_bar

DEFAULT_SIZE = (1280, 800)
MIN_SIDE, MAX_SIDE = 64, 8192  # pixels


def _headless() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def parse_size(given: str) -> tuple[int, int]:
    """``"1280x800"`` to ``(1280, 800)``; ValueError with a readable reason otherwise."""
    parts = given.lower().replace("×", "x").split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise ValueError(text("cli.render.size", value=repr(given)))
    width, height = (int(p) for p in parts)
    for side in (width, height):
        if not MIN_SIDE <= side <= MAX_SIDE:
            raise ValueError(
                text("cli.render.sides", least=MIN_SIDE, most=MAX_SIDE, width=width, height=height)
            )
    return (width, height)


def view_camera(table_size: tuple[float, float], size: tuple[int, int]) -> Camera:
    """The camera ``render_png`` uses: the table fitted, a strip kept for the scale bar."""
    margin = max(8, min(size) // 40)
    return Camera.fit(table_size, size, margin, bottom_px=SCALE_BAR_STRIP)


def render_surface(
    field: Battlefield,
    size: tuple[int, int] = DEFAULT_SIZE,
    show: frozenset[str] = frozenset({"grid"}),
    *,
    hover: str | None = None,
) -> tuple[pygame.Surface, Camera]:
    """The view of ``field`` fitted to ``size``, and the camera that fitted it."""
    _headless()
    pygame.font.init()
    surface = pygame.Surface(size)
    surface.fill(BACKGROUND)
    camera = view_camera(field.size, size)
    Painter().draw_list(surface, draw_battlefield(field, show=show, hover=hover), camera)
    left, bottom = camera.to_px((0.0, 0.0))
    draw_scale_bar(surface, camera, field.cm_per_k, (max(left, 10), bottom + SCALE_BAR_STRIP - 2))
    return surface, camera


def render_png(
    field: Battlefield,
    out_path: str | Path,
    size: tuple[int, int] = DEFAULT_SIZE,
    show: frozenset[str] = frozenset({"grid"}),
) -> Path:
    """Write the view of ``field`` to ``out_path`` as a PNG, fitting the table."""
    surface, _ = render_surface(field, size, show)
    path = Path(out_path)
    picture = io.BytesIO()
    pygame.image.save(surface, picture, "map.png")  # the name tells pygame the format
    write_atomic(path, picture.getvalue())
    return path
