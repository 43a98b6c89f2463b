"""Where a game at the screen starts: ``wartime play`` calls :func:`run_play`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import pygame

from wartime.engine import load_scenario
from wartime.play import Seat, Session
from wartime.play.board import field_of
from wartime.ui.modes.play.mode import PlayMode
from wartime.ui.settings import config_dir
from wartime.ui.shell import WINDOW_SIZE, ViewApp

AUTOSAVE_NAME = "partida-en-curso.yaml"  # the game in progress, kept after every decision


def autosave_path(settings_dir: Path | None = None) -> Path:
    """Where the game in progress is kept (the config folder)."""
    return (settings_dir or config_dir()) / AUTOSAVE_NAME


def run_play(
    map_path: str | Path | None,
    *,
    armies: Mapping[str, str | Path] | None = None,
    lists: Mapping[str, str] | None = None,
    seats: Mapping[str, Seat] | None = None,
    seed: int = 0,
    load: str | Path | None = None,
    pace: float | None = None,
    max_frames: int | None = None,
    events: Sequence[pygame.event.Event] = (),
    size: tuple[int, int] = WINDOW_SIZE,
    settings_dir: Path | None = None,
) -> int:
    """Open the game screen on a new game of ``map_path``, or on the save ``load``.

    A map, army or save that cannot be read raises DataError before any window opens
    (the CLI reports it with its place).  ``events`` and ``max_frames`` drive it
    headless, as the other entry points.
    """
    chosen = dict(seats) if seats is not None else {"A": Seat("A"), "B": Seat("B", "baseline")}
    if load is not None:
        session = Session.load(load, chosen, seed)
    else:
        if map_path is None:
            raise ValueError("a new game needs a map")
        scenario = load_scenario(map_path, armies, seed=seed, lists=lists)
        session = Session(scenario.new_game(), chosen, seed)
    keep = autosave_path(settings_dir)
    keep.parent.mkdir(parents=True, exist_ok=True)
    mode = PlayMode(
        session, pace=pace or 0.0, autosave=keep, save_path=Path(load) if load else None
    )
    source = Path(map_path) if map_path is not None else None
    app = ViewApp(field_of(session.state), source, size=size, settings_dir=settings_dir, mode=mode)
    if pace is None:
        mode.pace = app.settings.ai_pace
    try:
        return app.run(max_frames, events)
    finally:
        pygame.quit()
