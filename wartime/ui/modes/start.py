"""The start screen (``wartime`` with a display): a new game, a saved game, a replay,
the map editor, the measurement overlay and the recent games, with the chosen map
shown in the view.

A new game takes a map (the installed sample maps and the recent ones), for each side
who plays it (a person, or one of the registered AIs with its personality) and which
forces (the figures the map places, or a list of a packaged army, whose figures the
map does not place are deployed in play), and the seed.  Every choice comes from the
files and the AI registry: nothing is written here by hand.  A game interrupted by a
crash is offered back (its autosave).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UIPanel, UITextEntryLine

from wartime import resources
from wartime.board.battlefield import Battlefield
from wartime.engine import load_scenario
from wartime.engine.ai import PRESETS, player_names
from wartime.errors import DataError
from wartime.formats.army import load_army
from wartime.formats.map import load_map
from wartime.play import Seat, Session
from wartime.ui import dialogs
from wartime.ui.modes.base import Mode
from wartime.ui.modes.editor import EditorMode
from wartime.ui.modes.overlay import OverlayMode
from wartime.ui.modes.play import PlayMode
from wartime.ui.modes.play.run import autosave_path
from wartime.ui.modes.replay import ReplayMode
from wartime.ui.panels import side_panel
from wartime.ui.shell import EMPTY_TABLE, WINDOW_SIZE, ViewApp
from wartime.ui.strings import current_language, set_language, text
from wartime.ui.widgets import alive, kill

PANEL_WIDTH = 372
ROW = 32
PERSON = "persona"
MAP_FORCES = ""  # the figures the map places, with the armies it links
PACES = ("0", "0.3", "0.6", "1.2", "2")
LANGUAGE_NAMES = {
    "Español": "es",
    "English": "en",
}  # each named in its own language  # seconds between two of an AI's decisions


@dataclass(frozen=True)
class Forces:
    """A side's forces: the map's own (``army`` None) or a packaged army's list."""

    army: Path | None
    list_id: str | None
    label: str


def forces() -> list[Forces]:
    """The map's forces, then every list of every packaged army."""
    out = [Forces(None, None, text("start.map_forces"))]
    for name, path in sorted(resources.packaged_armies().items()):
        try:
            army = load_army(path).army
        except DataError:
            continue  # a broken sample is reported by `wartime check`, not here
        out += [Forces(path, lst.id, f"{name}: {lst.id}") for lst in army.lists]
    return out


def players() -> list[tuple[str, str]]:
    """(label, id) for each seat choice: a person, then every registered AI."""
    labels = {p.player: p.label for p in PRESETS}
    out = [(text("start.person"), PERSON)]
    for name in player_names():
        if name in labels:
            out.append((text("start.ai_labelled", name=name, label=labels[name]), name))
        else:
            out.append((text("start.ai", name=name), name))
    return out


def maps(recent: list[str]) -> list[Path]:
    """The sample maps, then the recent ones not among them."""
    found = sorted(resources.maps_dir().glob("*.yaml")) if resources.maps_dir().is_dir() else []
    seen = {p.resolve() for p in found}
    return found + [Path(r) for r in recent if Path(r).resolve() not in seen]


class StartMode(Mode):
    """The start screen."""

    name = "start"

    def __init__(self) -> None:
        self.menus: dict[str, UIDropDownMenu] = {}
        self.buttons: dict[Any, str] = {}
        self.seed: UITextEntryLine | None = None
        self.choice: dict[str, str] = {"A": PERSON, "B": "baseline"}
        self.forces = {"A": MAP_FORCES, "B": MAP_FORCES}
        self.map_paths: list[Path] = []
        self.map_choice: str | None = None
        self.dialog: Any = None
        self.dialog_purpose = ""
        self._forces: list[Forces] = []

    def attach(self, app: Any) -> None:
        super().attach(app)
        self.map_paths = maps(app.settings.recent)
        if self.map_choice is None:
            current = app.map_path
            self.map_choice = str(current) if current is not None else None
        if self.map_choice is None and self.map_paths:
            self.map_choice = str(self.map_paths[0])
            self._show_map(Path(self.map_choice))

    def bar(self) -> list[tuple[str, int]]:
        return [("fit", 104), ("grid", 84), ("help", 104)]

    def insets(self) -> tuple[int, int]:
        return (0, PANEL_WIDTH)

    def title(self) -> str:
        return text("start.title")

    def help_body(self) -> str:
        return text("start.help")

    def layout(self) -> list[Any]:
        app = self.app
        manager = app.manager
        panel = side_panel(manager, app.size, PANEL_WIDTH)
        self.menus, self.buttons = {}, {}
        self._forces = forces()
        inner = PANEL_WIDTH - 16
        y = 6

        def label(caption: str, width: int = 104) -> None:
            UILabel(pygame.Rect(8, y, width, ROW - 4), caption, manager, container=panel,
                    object_id="#panel_label")  # fmt: skip

        def menu(key: str, options: list[tuple[str, str]], current: str) -> None:
            chosen = next((o for o in options if o[1] == current), options[0])
            shown: list[str | tuple[str, str]] = list(options)
            rect = pygame.Rect(112, y, inner - 108, ROW - 4)
            self.menus[key] = UIDropDownMenu(shown, chosen, rect, manager=manager, container=panel)

        UILabel(pygame.Rect(8, y, inner, ROW - 4), text("start.new"), manager, container=panel,
                object_id="#panel_title")  # fmt: skip
        y += ROW
        label(text("start.map"))
        map_options = [(p.stem, str(p)) for p in self.map_paths] or [("—", "")]
        menu("map", map_options, self.map_choice or "")
        y += ROW
        force_options = [(f.label, self._force_key(f)) for f in self._forces]
        for side in ("A", "B"):
            label(text("start.side", side=side))
            menu(f"seat-{side}", players(), self.choice[side])
            y += ROW
            label(text("start.forces", side=side))
            menu(f"forces-{side}", force_options, self.forces[side])
            y += ROW
        label(text("start.language"))
        menu("language", list(LANGUAGE_NAMES.items()), current_language())
        y += ROW
        label(text("start.pace"))
        pace = f"{app.settings.ai_pace:g}"
        paces = [(text("start.pace_value", seconds=p), p) for p in PACES]
        menu("pace", paces if pace in PACES else [(pace, pace), *paces], pace)
        y += ROW
        label(text("start.seed"))
        self.seed = UITextEntryLine(
            pygame.Rect(112, y, inner - 108, ROW - 4), manager, container=panel
        )
        self.seed.set_text("1")
        y += ROW + 6
        for key in ("play", "load", "replay", "editor", "overlay"):
            self._button(panel, key, y, inner)
            y += ROW + 4
        if autosave_path(app.settings_dir).is_file():
            self._button(panel, "resume", y, inner)
            y += ROW + 4
        games = [Path(g) for g in app.settings.recent_games if Path(g).is_file()]
        if games:
            y += 6
            label(text("start.recent"), inner)
            y += ROW - 4
            for game in games[:6]:
                button = UIButton(pygame.Rect(8, y, inner, ROW - 4), game.name, manager,
                                  container=panel, tool_tip_text=str(game))  # fmt: skip
                self.buttons[button] = f"game:{game}"
                y += ROW
        return [panel]

    def _button(self, panel: UIPanel, key: str, y: int, width: int) -> None:
        button = UIButton(pygame.Rect(8, y, width, ROW), text(f"start.{key}"), self.app.manager,
                          container=panel)  # fmt: skip
        self.buttons[button] = key

    @staticmethod
    def _force_key(force: Forces) -> str:
        return MAP_FORCES if force.army is None else f"{force.army}:{force.list_id}"

    # -- events -------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event, consumed: bool) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            for key, widget in self.menus.items():
                if event.ui_element is widget:
                    self._menu(key, _option(event))
                    return True
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self.press(self.buttons[event.ui_element])
            return True
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.dialog:
            kill(self.dialog)
            self.dialog = None
            path = Path(event.text)
            if self.dialog_purpose == "replay":
                self.open_replay(path)
            else:
                self.open_game(path)
            return True
        return False

    def _menu(self, key: str, value: str) -> None:
        if key == "map":
            self.map_choice = value
            self._show_map(Path(value))
        elif key.startswith("seat-"):
            self.choice[key[-1]] = value
        elif key.startswith("forces-"):
            self.forces[key[-1]] = value
        elif key == "language":  # the window speaks it now, and from the next start on
            self.app.settings.language = value
            self.app.settings.save(self.app.settings_dir)
            set_language(value)
            self.app._layout()
        elif key == "pace":  # kept in the settings: the next game plays at it too
            self.app.settings.ai_pace = float(value)
            self.app.settings.save(self.app.settings_dir)

    def _show_map(self, path: Path) -> None:
        try:
            field = load_map(path)
        except DataError as exc:
            self._failed(path, exc)
            return
        self.app.field = field
        self.app.map_path = path
        self.app.scene.forget()
        self.app.fit()

    def press(self, key: str) -> None:
        if key == "play":
            self.start_game()
        elif key in ("load", "replay"):
            self._pick(key)
        elif key == "editor":
            path = Path(self.map_choice) if self.map_choice else None
            self.app.switch(EditorMode(self.app.field, path))
        elif key == "overlay":  # the chosen map, shown in the view, is the table to mirror
            self.app.switch(OverlayMode())
        elif key == "resume":
            self.open_game(autosave_path(self.app.settings_dir))
        elif key.startswith("game:"):
            self.open_game(Path(key[5:]))

    def _pick(self, purpose: str) -> None:
        if alive(self.dialog):
            return
        self.dialog_purpose = purpose
        self.dialog = dialogs.file_dialog(
            self.app.manager, self.app.size, text(f"start.{purpose}"), str(Path.cwd()),
            existing_only=True, suffixes={".yaml", ".yml"},
        )  # fmt: skip

    def seats(self) -> dict[str, Seat]:
        return {
            side: Seat(side, None if self.choice[side] == PERSON else self.choice[side])
            for side in ("A", "B")
        }

    def start_game(self) -> bool:
        """A new game with the chosen map, seats, forces and seed."""
        raw = self.seed.get_text().strip() if self.seed is not None else "1"
        try:
            seed = int(raw)
        except ValueError:
            self.app._say(text("start.bad_seed"))
            return False
        if not self.map_choice:
            return False
        armies: dict[str, str] = {}
        lists: dict[str, str] = {}
        for side, key in self.forces.items():
            if key != MAP_FORCES:
                army, list_id = key.rsplit(":", 1)
                armies[side], lists[side] = army, list_id
        path = Path(self.map_choice)
        try:
            scenario = load_scenario(path, armies, seed=seed, lists=lists or None)
        except DataError as exc:
            self._failed(path, exc)
            return False
        session = Session(scenario.new_game(), self.seats(), seed)
        self._play(session, None)
        return True

    def open_game(self, path: Path) -> bool:
        session = self._load(path)
        if session is None:
            return False
        self.app.settings.remember_game(path)
        self.app.settings.save(self.app.settings_dir)
        self._play(session, path)
        return True

    def open_replay(self, path: Path) -> bool:
        session = self._load(path)
        if session is not None:
            self.app.switch(ReplayMode.of_game(session.state))
        return session is not None

    def _load(self, path: Path) -> Session | None:
        """The game a save holds, or None once a window has said why it cannot be read."""
        try:
            return Session.load(path, self.seats())
        except DataError as exc:
            self._failed(path, exc)
            return None

    def _play(self, session: Session, path: Path | None) -> None:
        keep = autosave_path(self.app.settings_dir)
        keep.parent.mkdir(parents=True, exist_ok=True)
        mode = PlayMode(session, pace=self.app.settings.ai_pace, autosave=keep, save_path=path)
        self.app.switch(mode)

    def _failed(self, path: Path, exc: DataError) -> None:
        """A file that cannot be read: a window names it, the place and the problem."""
        body = "<br>".join(str(p) for p in exc.problems)
        dialogs.message_window(
            self.app.manager, self.app.size, f"{text('start.failed')} {path.name}", body
        )


def _option(event: pygame.event.Event) -> str:
    option = getattr(event, "selected_option_id", None)
    return option if isinstance(option, str) else str(event.text)


MODE = StartMode


def run_start(
    *,
    max_frames: int | None = None,
    events: Sequence[pygame.event.Event] = (),
    size: tuple[int, int] = WINDOW_SIZE,
    settings_dir: Path | None = None,
) -> int:
    """Open the start screen (``wartime`` with a display, or ``wartime play``)."""
    mode = StartMode()
    app = ViewApp(Battlefield("—", EMPTY_TABLE), None, size=size, settings_dir=settings_dir,
                  mode=mode)  # fmt: skip
    try:
        return app.run(max_frames, events)
    finally:
        pygame.quit()
