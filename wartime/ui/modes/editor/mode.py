"""The map editor (issue 5): a mode of the app shell, opened by ``wartime edit [MAP]``.

The shell (:mod:`wartime.ui.shell`) keeps the window, the camera, the painter,
the static-layer cache and the pygame_gui manager; :class:`EditorMode` adds

* a tool bar (:mod:`.tools`): select, wall, rectangular and polygonal
  obstacle, terrain (with its kind), deployment zone (with its side), unit
  (for a side, bare or a character of a loaded army file) and throwable object (a
  car for Súper fuerza, its size set in the panel);
* a side panel (:mod:`.panel`) with the selection's properties and the live
  problems list;
* undo/redo over every edit (:class:`~wartime.board.history.History`) and
  the files (:mod:`.files`): New/Open/Save/Save As, a "*" in the title while
  unsaved, a confirmation before losing changes, autosave and recovery.

Every edit is a pure function of :mod:`wartime.board.commands` or
:mod:`wartime.board.edits`; this package only turns input into those calls.
Tests drive it headless with ``run_editor(path, max_frames=n, events=[...])``
or an :class:`EditorMode` inside a :class:`~wartime.ui.shell.ViewApp`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from wartime.board import commands, edits
from wartime.board.battlefield import Battlefield
from wartime.errors import DataError, Problem
from wartime.formats.map import load_map, salvage_map
from wartime.i18n import told
from wartime.ui.modes.editor.files import EditorFiles
from wartime.ui.modes.editor.panel import PANEL_WIDTH, PropertiesPanel
from wartime.ui.modes.editor.state import AUTOSAVE_SECONDS
from wartime.ui.modes.editor.tools import ROTATE_STEP, TOOL_BAR, ToolInput
from wartime.ui.settings import config_dir
from wartime.ui.shell import EMPTY_TABLE, WINDOW_SIZE, ViewApp
from wartime.ui.strings import ntext, text
from wartime.ui.widgets import call, typing

EDITOR_BAR = (
    ("new", 72),
    ("open", 80),
    ("save", 84),
    ("save_as", 128),
    ("undo", 92),
    ("redo", 84),
    ("fit", 104),
    ("grid", 80),
    ("arcs", 70),
    ("help", 104),
)
TOOL_KEYS = {
    pygame.K_v: "select",
    pygame.K_w: "wall",
    pygame.K_b: "rect",
    pygame.K_p: "polygon",
    pygame.K_t: "terrain",
    pygame.K_d: "deploy",
    pygame.K_u: "unit",
    pygame.K_o: "throwable",  # (Ctrl+O opens a map)
    pygame.K_n: "dark",  # noche, night (Ctrl+N makes a new map)
    pygame.K_l: "light",  # luz
}


class EditorMode(ToolInput, PropertiesPanel, EditorFiles):
    """The map editor inside the shell; the edited map lives in ``self.history``."""

    # --- the shell's hooks -----------------------------------------------------------

    def attach(self, app: ViewApp) -> None:
        super().attach(app)
        app.field = self.history.current
        if self.autosave_dir is None:
            self.autosave_dir = app.settings_dir or config_dir()

    def bar(self) -> Sequence[tuple[str, int]]:
        return EDITOR_BAR

    def insets(self) -> tuple[int, int]:
        return (TOOL_BAR, PANEL_WIDTH)

    def layout(self) -> list[Any]:
        return [self.build_tool_bar(), self.build_panel()]

    def handle(self, event: pygame.event.Event, consumed: bool) -> bool:
        kind = event.type
        if kind == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED:
            if event.ui_element is self.confirm and self._pending is not None:
                action, self._pending = self._pending, None
                action()
            return True
        if kind == pygame_gui.UI_WINDOW_CLOSE:
            if event.ui_element is self.confirm:
                self.confirm = None
                self._pending = None
            elif event.ui_element is self.file_dialog:
                self.file_dialog = None
                self._after_save = None  # Guardar como… given up: nothing goes on
            elif event.ui_element is self.unsaved:
                self.answer_unsaved("cancel")
            elif event.ui_element is self.message_window:
                self.message_window = None
            else:
                return False
            return True
        if kind == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            return _hand_text(event, self.file_dialog, lambda chosen: self._picked(Path(chosen)))
        if kind == pygame_gui.UI_BUTTON_PRESSED:
            for name, button in self.unsaved_buttons.items():
                if event.ui_element is button:
                    self.answer_unsaved(name)
                    return True
            return self._tool_button(event.ui_element)
        if kind == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            return self._dropdown(event)
        if kind == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            for name, entry in self.entries.items():
                if event.ui_element is entry:
                    self.apply_property(name, entry.get_text())
                    return True
            return False
        if kind == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION:
            return _hand_text(event, self.problem_list, self._problem_chosen)
        if kind == pygame.KEYDOWN:
            return self._key(event)
        if self._modal_open():
            return kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        if kind == pygame.MOUSEMOTION:
            self._motion(event.pos)
            return False  # the shell hovers and pans
        if consumed:
            return False
        left = kind == pygame.MOUSEBUTTONDOWN and event.button == 1
        if left and not self.app.nav.space_down and self.app._over_view(event.pos):
            self._press(event.pos, getattr(event, "mod", None))
            return True
        if kind == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            self._release(event.pos)
            return True
        return False

    def update(self, dt: float) -> None:
        if self.offer_recovery:  # once, over the laid-out window
            self.offer_recovery = False
            self._offer_recovery()
        self._since_autosave += dt
        if self._since_autosave >= self.autosave_interval:
            self._since_autosave = 0.0
            self.autosave_now()
        self._refresh()

    def selected(self) -> frozenset[str]:
        return frozenset(self.selection)

    def problems(self) -> frozenset[str]:
        return frozenset(k for k, severity, _ in self.issues() if k and severity == "error")

    def status(self) -> str | None:
        if self.app.message is not None:
            return None
        if self.tool == "deploy":
            return self._deploy_status()
        if self.points and self.tool in commands.SHAPE_TOOLS:
            points = ntext("count.points", len(self.points))
            return text("editor.drawing", tool=text(f"tool.{self.tool}"), points=points)
        if self.app.hover is not None:
            return None
        field = self.field
        issues = self.issues()
        errors = sum(1 for _, s, _ in issues if s == "error")
        values = {
            "tool": text(f"tool.{self.tool}"),
            "name": field.name,
            "elements": ntext("count.elements", sum(len(getattr(field, k)) for k in edits.KINDS)),
            "errors": ntext("count.errors", errors),
            "warnings": ntext("count.warnings", len(issues) - errors),
        }
        if self.cursor is None:
            return text("editor.status_idle", **values)
        x, y = self.cursor
        return text("editor.status", x=f"{x:.1f}", y=f"{y:.1f}", **values)

    def _deploy_status(self) -> str:
        """The deployment tool says which way it is drawing: a dragged rectangle, or
        point by point, or (before the first press) that both are offered."""
        drag = self.drag
        if drag is not None and drag["kind"] == "zone" and drag.get("moved"):
            corners = commands.rectangle(drag["start"], self.cursor or drag["start"])
            w, h = corners[2][0] - corners[0][0], corners[2][1] - corners[0][1]
            return text("editor.deploy_rect", side=self.side, w=f"{w:g}", h=f"{h:g}")
        if self.points:
            points = ntext("count.points", len(self.points))
            return text("editor.deploy_points", side=self.side, points=points)
        return text("editor.deploy_idle", side=self.side)

    def title(self) -> str:
        name = self.path.name if self.path is not None else self.field.name
        return text("editor.title", star="*" if self.history.dirty else "", name=name)

    def help_body(self) -> str:
        return text("help.editor") + text("help.body")

    def may_quit(self) -> bool:
        if self._force_quit or not self.history.dirty:
            self._clear_autosave()
            return True
        self._ask_unsaved(self._quit_now)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        mod = int(getattr(event, "mod", 0))
        ctrl = bool(mod & pygame.KMOD_CTRL)
        shift = bool(mod & pygame.KMOD_SHIFT)
        if self._modal_open():
            if key == pygame.K_ESCAPE:
                self._close_modals()
            return True
        if typing(self.app.manager):
            if key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
                call(self.app.manager, "set_focus_set", None)
                return True
            if not (ctrl and key in (pygame.K_z, pygame.K_y, pygame.K_s, pygame.K_n, pygame.K_o)):
                return False  # the entry has it
        if ctrl:
            actions: dict[int, Callable[[], object]] = {
                pygame.K_z: self.redo if shift else self.undo,
                pygame.K_y: self.redo,
                pygame.K_d: self.duplicate,
                pygame.K_n: self.new_map,
                pygame.K_o: self.open_map,
                pygame.K_s: self.save_as if shift else self.save,
            }
            if key in actions:
                actions[key]()
                return True
            return False
        if key == pygame.K_ESCAPE:
            if self.points or self.drag is not None:
                if self.drag is not None:
                    self.app.field = self.history.current
                self.points, self.drag = [], None
                return True
            if self.selection:
                self.selection = []
                return True
            return False
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.finish_shape()
            return True
        if key in TOOL_KEYS:
            self.set_tool(TOOL_KEYS[key])
            return True
        if key == pygame.K_r and self.selection:
            self.rotate(-ROTATE_STEP if shift else ROTATE_STEP)
            return True
        if key == pygame.K_DELETE:
            self.delete()
            return True
        if key == pygame.K_INSERT:
            self.insert_vertex()
            return True
        if key == pygame.K_BACKSPACE:
            if self.points:
                self.points.pop()
            else:
                self.remove_vertex()
            return True
        return False

    def _tool_button(self, element_: object) -> bool:
        for name, button in self.tool_buttons.items():
            if element_ is button:
                self.set_tool(name)
                return True
        if element_ is self.army_button:
            self._file_dialog("army")
            return True
        return False

    def button(self, name: str) -> bool:
        actions: dict[str, Callable[[], object]] = {
            "new": self.new_map,
            "open": self.open_map,
            "save": self.save,
            "save_as": self.save_as,
            "undo": self.undo,
            "redo": self.redo,
        }
        if name in actions:
            actions[name]()
            return True
        return False

    def _dropdown(self, event: pygame.event.Event) -> bool:
        value = _option_id(event)
        if event.ui_element is self.kind_menu:
            self.terrain_kind = value
            self.set_tool("terrain")
        elif event.ui_element is self.side_menu:
            self.side = value
        elif event.ui_element is self.character_menu:
            self.character = value or None
            self.set_tool("unit")
        else:
            for name, menu in self.drops.items():
                if event.ui_element is menu:
                    self.apply_property(name, value)
                    self._panel_state = None  # rebuild: the drop-down shows the new value
                    return True
            return False
        return True


def _hand_text(event: pygame.event.Event, widget: object, handler: Callable[[str], None]) -> bool:
    """Pass the event's text to ``handler`` when ``widget`` sent it; whether it did.

    Several pygame_gui events carry their payload in ``text`` and must go only to
    the one widget the editor opened for them (a dialog, the problem list).
    """
    if event.ui_element is not widget:
        return False
    handler(str(event.text))
    return True


def _option_id(event: pygame.event.Event) -> str:
    """The chosen option's id of a drop-down event (its text when it has none)."""
    option = getattr(event, "selected_option_id", None)
    if isinstance(option, str):
        return option
    return str(event.text)


def run_editor(
    map_path: str | None = None,
    *,
    max_frames: int | None = None,
    events: Sequence[pygame.event.Event] = (),
    size: tuple[int, int] = WINDOW_SIZE,
    settings_dir: Path | None = None,
    autosave_interval: float = AUTOSAVE_SECONDS,
) -> int:
    """Open the map editor on ``map_path``, or on a new empty map when None.

    A map with errors opens (issue 16): what the model can hold is edited, and every
    problem of the file is listed under Problems.  A file that is there but is no map
    at all (not YAML, no ``wartime_map: 1``) opens a new map beside its problems, with
    no path, so nothing overwrites it.  Only a path that is not a file raises
    :class:`DataError`, before any window opens.
    """
    asked = Path(map_path) if map_path is not None else None
    field, path, problems, left_out = _open(asked)
    mode = EditorMode(field, path, autosave_interval=autosave_interval)
    mode.set_file_problems(problems, left_out)
    app = ViewApp(field, path, size=size, settings_dir=settings_dir, mode=mode)
    try:
        if path is not None:
            app.settings.last_map = str(path.resolve())
            app.settings.save(settings_dir)
            if mode.file_problems:
                app._say(mode.opened_message(path))
        elif asked is not None:
            reason = told(problems[0].message) if problems else ""
            app._say(text("editor.unreadable", path=asked.name, reason=reason))
        return app.run(max_frames, events)
    finally:
        # The window goes first, at once: whatever pygame and the interpreter still
        # have to tear down happens with no window left on the screen (issue 16).
        pygame.display.quit()
        pygame.quit()


def _new_map() -> Battlefield:
    return Battlefield(text("editor.new_name"), EMPTY_TABLE)


def _open(path: Path | None) -> tuple[Battlefield, Path | None, tuple[Problem, ...], int]:
    """The map to edit, the path to save it to, the file's problems and how many of its
    elements were left out.  A file that is no map gives a new map and no path.

    A path that is not a regular file raises DataError (the CLI says so, status 2).
    """
    if path is None:
        return _new_map(), None, (), 0
    if not path.is_file():
        load_map(path)  # raises the loader's own located error
    try:
        found = salvage_map(path)
    except DataError as exc:
        return _new_map(), None, exc.problems, 0
    return found.battlefield, path, found.problems, found.left_out
