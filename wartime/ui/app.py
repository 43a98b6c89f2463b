"""Where the battlefield view starts: ``wartime view`` calls :func:`run_view`.

The window itself is :mod:`wartime.ui.shell`; the view is the mode
:mod:`wartime.ui.modes.view` and the editor :mod:`wartime.ui.modes.editor`.
Tests drive it headless: ``run_view(path, max_frames=n, events=[...])`` posts
the events and stops after ``n`` frames.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pygame

from wartime import resources
from wartime.board.battlefield import Battlefield
from wartime.formats.map import load_map
from wartime.ui.shell import EMPTY_TABLE, WINDOW_SIZE, ViewApp

__all__ = ["DEFAULT_MAP", "ViewApp", "default_map", "run_view"]

DEFAULT_MAP = Path("maps") / "aldea-en-ruinas.yaml"


def default_map() -> Path | None:
    """The ruined village: beside the working folder, else where the samples are installed."""
    local = Path.cwd() / DEFAULT_MAP
    return local if local.is_file() else resources.default_map()


def run_view(
    map_path: str | None = None,
    *,
    max_frames: int | None = None,
    events: Sequence[pygame.event.Event] = (),
    size: tuple[int, int] = WINDOW_SIZE,
    settings_dir: Path | None = None,
) -> int:
    """Open the battlefield view on ``map_path`` (the ruined village when None).

    A map that does not load raises :class:`DataError` before any window
    opens.  ``events`` are posted once the window exists and ``max_frames``
    stops the loop: that is how the tests drive it headless.
    """
    path = Path(map_path) if map_path is not None else default_map()
    field = load_map(path) if path is not None else Battlefield("—", EMPTY_TABLE)
    app = ViewApp(field, path, size=size, settings_dir=settings_dir)
    try:
        if path is not None and map_path is not None:
            app.settings.remember(path)
            app.settings.save(settings_dir)
        return app.run(max_frames, events)
    finally:
        pygame.quit()
