"""The overlay's side panel: the tool buttons (and the threats and seen-area toggles), the
chosen tool's
fields (labelled text entries) and the tool's report."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame
from pygame_gui.elements import UIButton, UILabel, UIPanel, UITextBox, UITextEntryLine

from wartime.ui.panels import panel_height, side_panel
from wartime.ui.strings import text
from wartime.ui.widgets import call

PANEL_WIDTH = 372
ROW = 30
BUTTONS_PER_ROW = 2
LABEL_WIDTH = 206


class SidePanel:
    """The widgets at the right of the view; rebuilt on every layout and tool change."""

    def __init__(self) -> None:
        self.panel: UIPanel | None = None
        self.buttons: dict[object, str] = {}  # button -> tool name or toggle name
        self.entries: dict[object, str] = {}  # entry -> field name
        self.by_field: dict[str, UITextEntryLine] = {}
        self.report: UITextBox | None = None
        self._shown = ""

    def build(
        self, manager: Any, size: tuple[int, int], tools: Sequence[str], current: str,
        toggles: dict[str, bool], fields: Sequence[tuple[str, str]],
    ) -> UIPanel:  # fmt: skip
        height = panel_height(size)
        self.panel = side_panel(manager, size, PANEL_WIDTH)
        inner = PANEL_WIDTH - 12
        half = (inner - 4) // BUTTONS_PER_ROW
        self.buttons, self.entries, self.by_field = {}, {}, {}
        names = [*tools, *toggles]
        for i, name in enumerate(names):
            x, y = 4 + (i % BUTTONS_PER_ROW) * (half + 4), 4 + (i // BUTTONS_PER_ROW) * ROW
            if name in toggles:
                state = text("state.on" if toggles[name] else "state.off")
                label = text(f"ovtool.{name}", state=state)
            else:
                label = text(f"ovtool.{name}")
            button = UIButton(
                pygame.Rect(x, y, half, ROW - 4), label, manager, container=self.panel
            )
            if name == current:
                call(button, "select")
            self.buttons[button] = name
        top = 8 + ((len(names) + 1) // BUTTONS_PER_ROW) * ROW
        for name, value in fields:
            UILabel(
                pygame.Rect(4, top, LABEL_WIDTH, ROW - 4), text(f"field.{name}"), manager,
                container=self.panel,
            )  # fmt: skip
            entry = UITextEntryLine(
                pygame.Rect(8 + LABEL_WIDTH, top, inner - LABEL_WIDTH - 8, ROW - 4), manager,
                container=self.panel, initial_text=value,
            )  # fmt: skip
            self.entries[entry] = name
            self.by_field[name] = entry
            top += ROW
        self.report = UITextBox(
            "", pygame.Rect(4, top + 4, inner, max(ROW * 3, height - top - 16)), manager,
            container=self.panel,
        )  # fmt: skip
        self._shown = ""
        return self.panel

    def show(self, html: str) -> None:
        """Set the report, only when it changed (a text box lays out anew)."""
        if self.report is not None and html != self._shown:
            self._shown = html
            call(self.report, "set_text", html)

    @property
    def shown(self) -> str:
        return self._shown

    def show_value(self, name: str, value: str) -> None:
        entry = self.by_field.get(name)
        if entry is not None and call(entry, "get_text") != value:
            call(entry, "set_text", value)
