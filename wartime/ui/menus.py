"""The top bar: the mode's buttons, then the Escala and Recientes drop-downs.

The buttons come from the mode (:meth:`Mode.bar`); their labels and tips are
``bar.<name>`` and ``tip.<name>``.  The drop-downs live in the root container,
over the bar, so their lists can open below it (a 40 px panel would clip them).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UIPanel

from wartime.ui.settings import SCALE_PRESETS, Settings
from wartime.ui.strings import text
from wartime.ui.widgets import alive, call

BAR_HEIGHT = 40
SCALE_LABEL_WIDTH = 50
SCALE_MENU_WIDTH = 96
RECENT_MENU_WIDTH = 140
CUSTOM_SCALE = "custom"  # the Escala option that opens the dialog


class TopBar:
    """The bar's widgets, rebuilt by the shell at every layout."""

    def __init__(self, manager: pygame_gui.UIManager, settings: Settings) -> None:
        self.manager = manager
        self.settings = settings
        self.buttons: dict[str, UIButton] = {}
        self.panel: UIPanel | None = None
        self.scale_label: UILabel | None = None
        self.scale_menu: UIDropDownMenu | None = None
        self.recent_menu: UIDropDownMenu | None = None
        self.shown_recent: list[str] = []
        self._menus_x = 0
        self._width = 0

    def build(self, width: int, buttons: Sequence[tuple[str, int]]) -> UIPanel:
        """The bar across a window ``width`` wide, with ``buttons`` as (name, width)."""
        bar = UIPanel(
            pygame.Rect(0, 0, width, BAR_HEIGHT), manager=self.manager, object_id="#top_bar"
        )
        x = 6
        self.buttons = {}
        for name, button_width in buttons:
            self.buttons[name] = UIButton(
                pygame.Rect(x, 4, button_width, BAR_HEIGHT - 14),
                text(f"bar.{name}"),
                manager=self.manager,
                container=bar,
                tool_tip_text=text(f"tip.{name}"),
            )
            x += button_width + 6
        self.panel = bar
        self._menus_x = x
        self._width = width
        self.build_menus()
        return bar

    def build_menus(self) -> None:
        """(Re)build the Escala and Recientes drop-downs at the right of the bar."""
        for menu in (self.scale_menu, self.recent_menu):
            if alive(menu):
                call(menu, "kill")
        needed = SCALE_LABEL_WIDTH + SCALE_MENU_WIDTH + RECENT_MENU_WIDTH + 18
        x = max(self._menus_x + 6, self._width - needed)
        height = BAR_HEIGHT - 14
        if not alive(self.scale_label):
            self.scale_label = UILabel(
                pygame.Rect(x, 4, SCALE_LABEL_WIDTH, height),
                text("bar.scale"),
                manager=self.manager,
                container=self.panel,
            )
        x += SCALE_LABEL_WIDTH
        scales = self.scale_options()
        chosen = self.settings.scale_mm
        current = CUSTOM_SCALE if chosen is None else f"{chosen:g}"
        starting = next((o for o in scales if o[1] == current), scales[-1])
        self.scale_menu = UIDropDownMenu(
            list(scales),
            starting,
            pygame.Rect(x, 4, SCALE_MENU_WIDTH, height),
            manager=self.manager,
        )
        x += SCALE_MENU_WIDTH + 8
        recent = self.recent_options()
        self.shown_recent = list(self.settings.recent)
        self.recent_menu = UIDropDownMenu(
            list(recent),
            recent[0],
            pygame.Rect(x, 4, RECENT_MENU_WIDTH, height),
            manager=self.manager,
        )

    @staticmethod
    def scale_options() -> list[tuple[str, str]]:
        """The Escala drop-down's (label, id): the presets in mm, then the custom choice."""
        presets = [(text("scale.preset", mm=f"{mm:g}"), f"{mm:g}") for mm in SCALE_PRESETS]
        return [*presets, (text("scale.custom"), CUSTOM_SCALE)]

    def recent_options(self) -> list[tuple[str, str]]:
        """The Recientes drop-down's (label, id): a title, then each file's name (id: its path).

        The name is shown without ``.yaml``: the menu is narrow.
        """
        return [(text("bar.recent"), ""), *((Path(p).stem, p) for p in self.settings.recent)]

    def stale(self) -> bool:
        """Whether Recientes no longer lists the remembered files (a map was opened)."""
        return self.shown_recent != self.settings.recent

    def button_named(self, element: object) -> str | None:
        """The name of the bar's button ``element``, or None."""
        for name, button in self.buttons.items():
            if element is button:
                return name
        return None

    def show_toggles(self, states: dict[str, bool]) -> None:
        """Show the toggle buttons (grid, arcs) pressed or not."""
        for name, on in states.items():
            if name in self.buttons:
                call(self.buttons[name], "select" if on else "unselect")
