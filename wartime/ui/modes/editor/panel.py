"""The editor's side panel: the army and character choice, the selection's
properties (applied as you type through :func:`wartime.board.edits.set_property`;
a refusal shows its reason there and changes nothing) and the live problems
list (clicking one selects the culprit, the renderer outlines it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UIPanel,
    UISelectionList,
    UITextBox,
    UITextEntryLine,
)

from wartime.board import edits, queries
from wartime.board.battlefield import LEVELS, SIDES, Battlefield, Posture, TerrainKind, ThrowSize
from wartime.board.edits import EditError
from wartime.i18n import told
from wartime.ui.modes.editor.state import EditorState
from wartime.ui.panels import panel_height, side_panel
from wartime.ui.strings import ntext, text
from wartime.ui.widgets import call

PANEL_WIDTH = 300
ROW = 30
NAME_WIDTH = 118  # the captions' column
MAP_PREFIX = "map."  # the map's own fields, shown when nothing is selected
CHAR_PX = 7  # about one character of the list's 14 px font: what overflows a line

# The property panel: the map file's names (edits.PROPERTIES) and their choices.
CHOICES: dict[str, tuple[str, ...]] = {
    "kind": tuple(k.value for k in TerrainKind),
    "side": SIDES,
    "posture": tuple(p.value for p in Posture),
    "level": tuple(str(level) for level in LEVELS),
    "size": tuple(s.value for s in ThrowSize),
}
LABELS = {"def": "prop.defense"}

Options = list[str | tuple[str, str]]  # pygame_gui's drop-down options: (label, id)


def _fmt(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, TerrainKind | Posture | ThrowSize):
        return value.value
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _choice_label(name: str, value: str) -> str:
    if name == "kind":
        return text(f"terrain.{value}")
    if name == "posture":
        return text(f"posture.{value}")
    if name == "size":
        return text(f"size.{value}")
    if name == "side":
        return text("editor.side", side=value)
    return value


def choice_menu(
    name: str,
    values: Sequence[str],
    current: str,
    rect: pygame.Rect,
    manager: pygame_gui.UIManager,
    container: UIPanel,
) -> UIDropDownMenu:
    """A drop-down of ``values`` under their translated labels, showing ``current``.

    The tool bar (kind, side) and the property panel offer the same choices, so they
    must label them and pick the shown option the same way.
    """
    options: Options = [(_choice_label(name, value), value) for value in values]
    return UIDropDownMenu(
        options, pair(options, current), rect, manager=manager, container=container
    )


def pair(options: Options, value: str) -> str | tuple[str, str]:
    for option in options:
        if isinstance(option, tuple) and option[1] == value:
            return option
    return options[0]


class PropertiesPanel(EditorState):
    """The side panel of the editor mode."""

    def build_panel(self) -> UIPanel:
        """The panel at the right of the view, for the window's current size."""
        app = self.app
        manager = app.manager
        height = panel_height(app.size)
        self.panel = side_panel(manager, app.size, PANEL_WIDTH)
        inner = PANEL_WIDTH - 16
        self.army_button = UIButton(
            pygame.Rect(8, 6, 132, ROW - 4),
            text("editor.army"),
            manager=manager,
            container=self.panel,
            tool_tip_text=text("tip.army"),
        )
        people: Options = [(text("editor.no_character"), "")]
        people += [(c, c) for c in self.characters]
        self.character_menu = UIDropDownMenu(
            people,
            pair(people, self.character or ""),
            pygame.Rect(144, 6, inner - 136, ROW - 4),
            manager=manager,
            container=self.panel,
            expansion_height_limit=300,
        )
        if not self.characters:
            call(self.character_menu, "disable")
        props_top = ROW + 8
        props_height = min(11 * ROW + 90, height // 2 + 80) + props_top
        UILabel(
            pygame.Rect(8, props_top, inner, 24),
            text("panel.properties"),
            manager=manager,
            container=self.panel,
            object_id="#panel_title",
        )
        self.props_rect = pygame.Rect(8, props_top + 26, inner, props_height - props_top - 26)
        UILabel(
            pygame.Rect(8, props_height + 4, inner, 24),
            text("panel.problems"),
            manager=manager,
            container=self.panel,
            object_id="#panel_title",
        )
        list_height = max(40, height - props_height - 40)
        self.problem_list = UISelectionList(
            pygame.Rect(8, props_height + 30, inner, list_height),
            [],
            manager=manager,
            container=self.panel,
            object_id="#problem_list",
        )
        self._problems = (-1, [])
        # A new list starts empty: the labels must be set again even if they are the same
        # (loading an army rebuilds the panel; the list went blank while the status line
        # still counted the warnings).
        self._problem_labels: list[str] | None = None
        self._panel_state = None
        self._panel_widgets = []
        self._refresh()
        return self.panel

    def apply_property(self, name: str, value: str) -> bool:
        """Apply a typed or chosen value to the selection; a refusal shows in the panel.

        Typing into one field is one undo step: each keystroke replaces the
        previous keystroke's state rather than stacking on it.
        """
        if name.startswith(MAP_PREFIX):
            return self.apply_map_property(name.removeprefix(MAP_PREFIX), value)
        if len(self.selection) != 1:
            return False
        key = self.selection[0]
        kind, index, _ = queries.element(self.field, key)
        if not self._push_typed(
            (key, name), lambda: edits.set_property(self.field, key, name, value)
        ):
            return False
        new_key = edits.key_of(self.history.current, kind, index)
        self._typing_edit = (new_key, name)
        self.selection = [new_key]
        self.app.field = self.history.current
        # Keep the entries (and the keyboard focus) the user is typing in.
        self._panel_state = self._panel_key()
        return True

    def apply_map_property(self, name: str, value: str) -> bool:
        """The map's name, width or height typed in the panel (nothing selected)."""
        if not self._push_typed(
            ("", name), lambda: edits.set_map_property(self.field, name, value)
        ):
            return False
        self._typing_edit = ("", name)
        self.app.field = self.history.current
        self._panel_state = self._panel_key()
        return True

    def _push_typed(self, typing: tuple[str, str], edit: Callable[[], Battlefield]) -> bool:
        """Push one keystroke's edit; a refusal shows in the panel and changes nothing.
        ``typing`` names the field typed in: its keystrokes replace each other."""
        try:
            field = edit()
        except EditError as exc:
            self.panel_error = text("panel.refused", reason=exc.text())
            self._show_panel_error()
            return False
        self.panel_error = ""
        self._show_panel_error()
        if self._typing_edit == typing and self.history.can_undo:
            self.history.undo()  # the previous keystroke of this same typing
        self.history.push(field)
        return True

    def _problem_chosen(self, label: str) -> None:
        key = self._problem_keys.get(label, "")
        self.app._say(label)
        if key and self._exists(key):
            self.selection = [key]

    # --- the side panel --------------------------------------------------------------

    def _panel_key(self) -> tuple[Any, ...]:
        return (tuple(self.selection), self.app.field_version)

    def _refresh(self) -> None:
        """Rebuild the property rows and the problems list when what they show changed."""
        if self.drag is None and self._panel_state != self._panel_key():
            if self._panel_state is None or self._panel_state[0] != tuple(self.selection):
                self.panel_error = ""  # a refusal concerns the element it was typed for
            self._panel_state = self._panel_key()
            self._build_properties()
        issues = self.issues()
        labels = []
        self._problem_keys = {}
        for n, (key, severity, message) in enumerate(issues, 1):
            label = f"{n}. {text(f'severity.{severity}')}: {told(message)}"
            labels.append(label)
            self._problem_keys[label] = key
        if not labels:
            labels = [text("panel.no_problems")]
        current = getattr(self, "_problem_labels", None)
        if labels != current:
            self._problem_labels = labels
            call(self.problem_list, "set_item_list", labels)
        self._problem_tips()

    def _problem_tips(self) -> None:
        """A tooltip with the whole text on every problem line too long to show.

        The list makes its item buttons as it scrolls, so the shown ones are checked
        each frame; a button that has its tip already is left alone.
        """
        fits = max(1, (PANEL_WIDTH - 40) // CHAR_PX)
        for item in getattr(self.problem_list, "item_list", ()):
            button = item.get("button_element")
            label = item.get("text", "")
            if button is None or len(label) <= fits:
                continue
            if getattr(button, "tool_tip_text", None) != label:
                call(button, "set_tooltip", label)

    def _build_properties(self) -> None:
        for widget in self._panel_widgets:
            widget.kill()
        self._panel_widgets = []
        self.entries, self.drops = {}, {}
        manager, panel, area = self.app.manager, self.panel, self.props_rect
        x, y, width = area.x, area.y, area.width

        def label(body: str, height: int = 26, object_id: str = "#panel_label") -> None:
            rect = pygame.Rect(x, y, width, height)
            self._panel_widgets.append(
                UILabel(rect, body, manager=manager, container=panel, object_id=object_id)
            )

        if not self.selection:
            self._panel_widgets.append(
                UITextBox(
                    text("panel.nothing"),
                    pygame.Rect(x, y, width, 64),
                    manager=manager,
                    container=panel,
                    object_id="#panel_text",
                )
            )
            y += 68
            label(text("panel.map"), object_id="#panel_kind")
            y += 28
            values = {
                "name": self.field.name,
                "width": _fmt(self.field.size[0]),
                "height": _fmt(self.field.size[1]),
            }
            for name in edits.MAP_PROPERTIES:
                y = self._entry_row(MAP_PREFIX + name, f"prop.map.{name}", values[name], y)
            self._error_box(y)
            return
        if len(self.selection) > 1:
            label(ntext("panel.many", len(self.selection)))
            return
        try:
            kind, _index, item = queries.element(self.field, self.selection[0])
        except EditError:
            return
        label(f"{text(f'kind.{kind}')} · {self.selection[0]}", object_id="#panel_kind")
        y += 28
        for name in edits.PROPERTIES[kind]:
            attribute = "defense" if name == "def" else name
            value = _fmt(getattr(item, attribute))
            caption = UILabel(
                pygame.Rect(x, y, NAME_WIDTH, ROW - 4),
                text(LABELS.get(name, f"prop.{name}")),
                manager=manager,
                container=panel,
                object_id="#panel_label",
            )
            rect = pygame.Rect(x + NAME_WIDTH, y, width - NAME_WIDTH, ROW - 4)
            widget_: Any
            if name in CHOICES:
                widget_ = choice_menu(name, CHOICES[name], value, rect, manager, panel)
                self.drops[name] = widget_
            else:
                widget_ = UITextEntryLine(rect, manager=manager, container=panel)
                widget_.set_text(value)
                self.entries[name] = widget_
            self._panel_widgets += [caption, widget_]
            y += ROW
        self._error_box(y)

    def _entry_row(self, name: str, caption: str, value: str, y: int) -> int:
        """A caption and a text entry for ``name``; the next row's top."""
        manager, panel, area = self.app.manager, self.panel, self.props_rect
        label = UILabel(
            pygame.Rect(area.x, y, NAME_WIDTH, ROW - 4),
            text(caption),
            manager=manager,
            container=panel,
            object_id="#panel_label",
        )
        rect = pygame.Rect(area.x + NAME_WIDTH, y, area.width - NAME_WIDTH, ROW - 4)
        entry = UITextEntryLine(rect, manager=manager, container=panel)
        entry.set_text(value)
        self.entries[name] = entry
        self._panel_widgets += [label, entry]
        return y + ROW

    def _error_box(self, y: int) -> None:
        """Where a refused value says why, under the rows."""
        area = self.props_rect
        self.error_box = UITextBox(
            self.panel_error,
            pygame.Rect(area.x, y + 4, area.width, max(64, min(90, area.bottom - y - 4))),
            manager=self.app.manager,
            container=self.panel,
            object_id="#panel_error",
        )
        self._panel_widgets.append(self.error_box)
        self._show_panel_error()

    def _show_panel_error(self) -> None:
        """The reason of the last refusal, in the panel; hidden when there is none."""
        box: Any = getattr(self, "error_box", None)
        if box is None or not box.alive():
            return
        box.set_text(self.panel_error)
        if self.panel_error:
            box.show()
        else:
            box.hide()
