"""The replay viewer (``wartime replay SAVE --window``, or the end of a game): step
forward and back through a game's decisions, the board as it was at each step and the
log beside it, the current step's events in bold.

PageDown/→ steps forward, PageUp/← back, Home and End go to the start and the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

import pygame
from pygame_gui.elements import UITextBox

from wartime.engine import GameState, replay_save
from wartime.play import Replay
from wartime.play.board import field_of
from wartime.ui.modes.base import Mode
from wartime.ui.panels import panel_height, side_panel
from wartime.ui.shell import WINDOW_SIZE, ViewApp
from wartime.ui.strings import text
from wartime.ui.widgets import call

PANEL_WIDTH = 372
LOG_LINES = 160
KEYS = {
    pygame.K_RIGHT: 1, pygame.K_PAGEDOWN: 1, pygame.K_LEFT: -1, pygame.K_PAGEUP: -1,
}  # fmt: skip


class ReplayMode(Mode):
    """Step through a finished or saved game."""

    name = "replay"

    def __init__(self, replay: Replay, back: Mode | None = None) -> None:
        self.replay = replay
        self.back = back
        self.header: UITextBox | None = None
        self.log: UITextBox | None = None
        self._shown = -1

    @classmethod
    def of_game(cls, state: GameState, back: Mode | None = None) -> ReplayMode:
        return cls(Replay.of(state), back)

    def attach(self, app: ViewApp) -> None:
        super().attach(app)
        self.go(self.replay.steps)
        self._shown = -1

    def bar(self) -> Sequence[tuple[str, int]]:
        names = [("first", 96), ("back", 96), ("forward", 110), ("last", 96), ("fit", 104)]
        if self.back is not None:
            names.append(("game", 170))
        return [*names, ("help", 104)]

    def insets(self) -> tuple[int, int]:
        return (0, PANEL_WIDTH)

    def layout(self) -> list[Any]:
        height = panel_height(self.app.size)
        panel = side_panel(self.app.manager, self.app.size, PANEL_WIDTH)
        inner = PANEL_WIDTH - 12
        self.header = UITextBox("", pygame.Rect(4, 4, inner, 70), self.app.manager, container=panel)
        self.log = UITextBox(
            "", pygame.Rect(4, 80, inner, height - 88), self.app.manager, container=panel
        )
        self._shown = -1
        return [panel]

    def title(self) -> str:
        return text("replay.title", name=self.app.field.name)

    def help_body(self) -> str:
        return text("replay.help")

    def handle(self, event: pygame.event.Event, consumed: bool) -> bool:
        if event.type != pygame.KEYDOWN or consumed:
            return False
        if event.key in KEYS:
            self.go(self.replay.step + KEYS[event.key])
        elif event.key == pygame.K_HOME:
            self.go(0)
        elif event.key == pygame.K_END:
            self.go(self.replay.steps)
        else:
            return False
        return True

    def button(self, name: str) -> bool:
        moves = {
            "first": 0, "back": self.replay.step - 1, "forward": self.replay.step + 1,
            "last": self.replay.steps,
        }  # fmt: skip
        if name in moves:
            self.go(moves[name])
            return True
        if name == "game" and self.back is not None:
            self.app.switch(self.back)
            return True
        return False

    def go(self, step: int) -> None:
        state = self.replay.go(step)
        self.app.field = field_of(state)

    def update(self, dt: float) -> None:
        step = self.replay.step
        if step == self._shown or self.header is None or self.log is None:
            return
        self._shown = step
        state = self.replay.state
        caused = self.replay.events(step)
        action = escape(caused[0].text) if caused else text("replay.start")
        call(
            self.header, "set_text",
            text("replay.step", step=step, steps=self.replay.steps, turn=state.turn, action=action),
        )  # fmt: skip
        now = len(self.replay.events(step))
        lines = [escape(e.text).replace("→", "->") for e in state.log]
        lines = [
            f"<b>{line}</b>" if i >= len(lines) - now else line for i, line in enumerate(lines)
        ]
        call(self.log, "set_text", "<br>".join(lines[-LOG_LINES:]))
        bar = getattr(self.log, "scroll_bar", None)
        if bar is not None:
            call(bar, "set_scroll_from_start_percentage", 1.0)


MODE = ReplayMode


def run_replay(
    save: str | Path,
    *,
    max_frames: int | None = None,
    events: Sequence[pygame.event.Event] = (),
    size: tuple[int, int] = WINDOW_SIZE,
    settings_dir: Path | None = None,
) -> int:
    """Open the replay viewer on a save; one that cannot be read, or whose hash does not
    match, raises DataError before any window opens."""
    state = replay_save(save).state
    mode = ReplayMode.of_game(state)
    app = ViewApp(field_of(state), None, size=size, settings_dir=settings_dir, mode=mode)
    try:
        return app.run(max_frames, events)
    finally:
        pygame.quit()
