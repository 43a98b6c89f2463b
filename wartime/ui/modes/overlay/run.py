"""Where the overlay starts: ``wartime overlay`` calls :func:`run_overlay`."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pygame

from wartime.board.battlefield import Battlefield
from wartime.formats.map import load_map
from wartime.ui.app import default_map
from wartime.ui.modes.overlay.mode import OverlayMode
from wartime.ui.shell import EMPTY_TABLE, WINDOW_SIZE, ViewApp


def run_overlay(
    map_path: str | Path | None = None,
    *,
    blank: tuple[float, float] | None = None,
    max_frames: int | None = None,
    events: Sequence[pygame.event.Event] = (),
    size: tuple[int, int] = WINDOW_SIZE,
    settings_dir: Path | None = None,
) -> int:
    """Open the overlay on ``map_path`` (the ruined village when None), or on a blank
    table of ``blank`` K.  A map that does not load raises DataError before any window
    opens (the CLI reports it with its place)."""
    path: Path | None = None
    if blank is not None:
        field = Battlefield("—", blank)
    else:
        path = Path(map_path) if map_path is not None else default_map()
        field = load_map(path) if path is not None else Battlefield("—", EMPTY_TABLE)
    app = ViewApp(field, path, size=size, settings_dir=settings_dir, mode=OverlayMode())
    try:
        return app.run(max_frames, events)
    finally:
        pygame.quit()
