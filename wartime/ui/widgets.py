"""Typed calls into pygame_gui's widgets (their methods are not annotated).

The shell, its dialogs and every mode reach pygame_gui elements through these,
so ``mypy --strict`` sees one ``Any`` here rather than one at each call.
"""

from __future__ import annotations

from typing import Any

import pygame_gui
from pygame_gui.elements import UITextEntryLine


def typing(manager: pygame_gui.UIManager) -> bool:
    """Whether a text entry has the keyboard focus."""
    ui: Any = manager
    return any(isinstance(e, UITextEntryLine) for e in ui.get_focus_set() or ())


def alive(element: object) -> bool:
    """Whether a pygame_gui element (a window, a menu) exists and is still shown."""
    widget: Any = element
    return widget is not None and bool(widget.alive())


def kill(element: object) -> None:
    """Remove a pygame_gui element, when there is one."""
    widget: Any = element
    if widget is not None:
        widget.kill()


def call(widget: object, method: str, *args: object) -> Any:
    """Call a method of a pygame_gui object."""
    return getattr(widget, method)(*args)
