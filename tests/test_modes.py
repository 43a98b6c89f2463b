"""The shell's modes (wartime.ui.modes): the registry, the contract and the switch, headless."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

import pygame
import pytest

from wartime.board.battlefield import Battlefield
from wartime.formats.map import load_map
from wartime.ui.modes import registry
from wartime.ui.modes.base import Mode
from wartime.ui.modes.editor import EditorMode
from wartime.ui.modes.view import ViewMode
from wartime.ui.shell import ViewApp

VILLAGE = Path(__file__).resolve().parent.parent / "maps" / "aldea-en-ruinas.yaml"


class Counting(Mode):
    """A mode as a future one would be: its own bar, a strip at the right, its own status."""

    name = "counting"

    def __init__(self) -> None:
        self.frames = 0
        self.drawn = 0
        self.asked: list[str] = []

    def bar(self) -> Sequence[tuple[str, int]]:
        return (("fit", 104), ("help", 104))

    def insets(self) -> tuple[int, int]:
        return (0, 200)

    def update(self, dt: float) -> None:
        self.frames += 1

    def draw(self, view: pygame.Surface) -> None:
        self.drawn += 1

    def status(self) -> str | None:
        return f"frames {self.frames}"

    def guard(self, action: Callable[[], object]) -> None:
        self.asked.append("guard")  # holds the action back, as a mode with work to lose would


@pytest.fixture
def app(tmp_path: Path) -> Iterator[ViewApp]:
    view = ViewApp(load_map(VILLAGE), VILLAGE, size=(960, 640), settings_dir=tmp_path)
    yield view
    pygame.quit()


def test_the_registry_finds_every_mode_module_by_name() -> None:
    modes = registry()
    assert modes["view"] is ViewMode and modes["editor"] is EditorMode


def test_the_view_is_the_default_mode_and_keeps_the_contract_defaults(app: ViewApp) -> None:
    assert isinstance(app.mode, ViewMode)
    assert list(app.top.buttons) == ["open", "fit", "grid", "arcs", "help"]
    assert app.mode.selected() == frozenset() and app.mode.status() is None
    ran: list[int] = []
    app.mode.guard(lambda: ran.append(1))
    assert ran == [1]


def test_switch_plugs_a_new_mode_in_and_back_out(app: ViewApp) -> None:
    width = app.view_rect.width
    mode = Counting()
    app.switch(mode)
    assert mode.app is app and app.mode is mode
    assert list(app.top.buttons) == ["fit", "help"]
    assert app.view_rect.width == width - 200
    app.run(max_frames=app.frames + 3)
    assert mode.frames == 3 and mode.drawn == 3
    assert app._status_text == "frames 3"
    app.open_recent(VILLAGE)
    assert mode.asked == ["guard"]  # Recientes went through the mode's guard
    app.switch(ViewMode())
    assert list(app.top.buttons) == ["open", "fit", "grid", "arcs", "help"]
    assert app.view_rect.width == width
    app.run(max_frames=app.frames + 1)
    assert mode.frames == 3  # the old mode is out of the loop


def test_the_editor_switched_in_takes_the_window_and_the_map(app: ViewApp) -> None:
    field = Battlefield("Nuevo", (20.0, 12.0))
    editor = EditorMode(field, None, offer_recovery=False)
    app.switch(editor)
    assert app.field is field and "new" in app.top.buttons
    app.run(max_frames=app.frames + 2)
    assert app.title.startswith("Nuevo")
