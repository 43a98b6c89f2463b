"""Drive the window headless through its own input handling: synthetic pygame events
(button presses, clicks on the board, keys) handed to the shell, one frame after each.

SDL's dummy drivers are chosen before pygame is imported.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from wartime.board.battlefield import Battlefield
from wartime.ui.modes.base import Mode
from wartime.ui.shell import EMPTY_TABLE, ViewApp


class Driver:
    """A window and the hand that uses it."""

    def __init__(self, mode: Mode, settings_dir: Path, field: Battlefield | None = None) -> None:
        self.app = ViewApp(field or Battlefield("—", EMPTY_TABLE), None, mode=mode,
                           settings_dir=settings_dir)  # fmt: skip
        self.frame()

    @property
    def mode(self) -> Any:
        return self.app.mode

    def frame(self, dt: float = 0.016) -> None:
        self.app.step(dt)

    def send(self, event: pygame.event.Event) -> None:
        self.app.handle(event)
        self.frame()

    def press(self, button: object) -> None:
        """A pygame_gui button pressed, as pygame_gui reports it."""
        self.send(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {"ui_element": button}))

    def press_where(self, buttons: dict[Any, Any], wanted: Callable[[Any], bool]) -> bool:
        """Press the first button whose value ``wanted`` accepts; False when none does."""
        for button, value in list(buttons.items()):
            if wanted(value):
                self.press(button)
                return True
        return False

    def pixel(self, point: tuple[float, float]) -> tuple[int, int]:
        x, y = self.app.camera.to_px(point)
        return (round(x) + self.app.view_rect.x, round(y) + self.app.view_rect.y)

    def hover(self, point: tuple[float, float]) -> None:
        pos = self.pixel(point)
        self.send(
            pygame.event.Event(
                pygame.MOUSEMOTION, {"pos": pos, "rel": (0, 0), "buttons": (0, 0, 0)}
            )
        )

    def click(self, point: tuple[float, float]) -> None:
        """Move to ``point`` (K) on the board and click it."""
        self.hover(point)
        pos = self.pixel(point)
        self.send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, {"pos": pos, "button": 1}))
        self.send(pygame.event.Event(pygame.MOUSEBUTTONUP, {"pos": pos, "button": 1}))

    def key(self, key: int, mod: int = 0) -> None:
        self.send(pygame.event.Event(pygame.KEYDOWN, {"key": key, "mod": mod, "unicode": ""}))
        self.send(pygame.event.Event(pygame.KEYUP, {"key": key, "mod": mod, "unicode": ""}))

    def shot(self, path: Path) -> None:
        pygame.image.save(self.app.screen, str(path))
