"""The side panel every mode with one lays out the same way: at the window's right,
between the top bar and the status line."""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UIPanel

from wartime.ui.menus import BAR_HEIGHT
from wartime.ui.status import STATUS_HEIGHT


def side_panel(manager: Any, size: tuple[int, int], width: int) -> UIPanel:
    """A panel ``width`` pixels wide at the right of a window of ``size``."""
    return UIPanel(
        pygame.Rect(size[0] - width, BAR_HEIGHT, width, panel_height(size)),
        manager=manager,
        object_id="#side_panel",
    )


def panel_height(size: tuple[int, int]) -> int:
    """The side panel's height in a window of ``size``."""
    return size[1] - BAR_HEIGHT - STATUS_HEIGHT
