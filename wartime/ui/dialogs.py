"""The shell's floating windows: help and the file dialog, and the confirmation
and message windows the modes ask with (the scale dialog is :mod:`wartime.ui.scale`).

Each opens centred in the window.  They only build pygame_gui windows; what a
choice does is decided by the shell or the mode that opened them.
"""

from __future__ import annotations

from collections.abc import Sequence, Set

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextBox, UIWindow
from pygame_gui.windows import UIConfirmationDialog, UIFileDialog, UIMessageWindow

from wartime.ui.strings import text


def centred(size: tuple[int, int], width: int, height: int) -> pygame.Rect:
    """A ``width`` × ``height`` rectangle in the middle of a window of ``size``."""
    w, h = size
    rect = pygame.Rect(0, 0, width, height)
    rect.center = (w // 2, h // 2)
    return rect


def help_window(manager: pygame_gui.UIManager, size: tuple[int, int], body: str) -> UIWindow:
    """The help overlay (F1) showing ``body``."""
    w, h = size
    window = UIWindow(
        centred(size, min(560, w - 40), min(500, h - 80)),
        manager,
        text("help.title"),
        object_id="#help_window",
    )
    inner = window.get_container().get_rect()
    UITextBox(body, pygame.Rect(0, 0, inner.width, inner.height), manager=manager, container=window)
    return window


def file_dialog(
    manager: pygame_gui.UIManager,
    size: tuple[int, int],
    title: str,
    initial: str,
    *,
    existing_only: bool,
    suffixes: Set[str] | None = None,
) -> UIFileDialog:
    """A file chooser titled ``title`` starting at ``initial``."""
    w, h = size
    rect = centred(size, min(520, w - 40), min(460, h - 60))
    if suffixes is None:
        return UIFileDialog(
            rect,
            manager,
            window_title=title,
            initial_file_path=initial,
            allow_existing_files_only=existing_only,
        )
    return UIFileDialog(
        rect,
        manager,
        window_title=title,
        allowed_suffixes=set(suffixes),
        initial_file_path=initial,
        allow_existing_files_only=existing_only,
    )


def confirm_dialog(
    manager: pygame_gui.UIManager, size: tuple[int, int], title: str, body: str, ok: str
) -> UIConfirmationDialog:
    """A yes/no question; its ``ok`` button confirms."""
    return UIConfirmationDialog(
        centred(size, min(420, size[0] - 40), 220),
        body,
        manager,
        window_title=title,
        action_short_name=ok,
        object_id="#confirm_dialog",
    )


def message_window(
    manager: pygame_gui.UIManager, size: tuple[int, int], title: str, body: str
) -> UIMessageWindow:
    """A notice with one button that closes it."""
    return UIMessageWindow(
        centred(size, min(460, size[0] - 40), 260),
        body,
        manager,
        window_title=title,
        object_id="#message_window",
    )


def choice_window(
    manager: pygame_gui.UIManager,
    size: tuple[int, int],
    title: str,
    body: str,
    choices: Sequence[tuple[str, str]],
) -> tuple[UIWindow, dict[str, UIButton]]:
    """A question with one button per ``(name, label)`` of ``choices``, left to right
    (pygame_gui's confirmation dialog has two; the unsaved-changes question needs three).

    Returns the window and its buttons by name; the mode that asks handles the presses.
    """
    window = UIWindow(
        centred(size, min(460, size[0] - 40), 200),
        manager,
        title,
        object_id="#choice_dialog",
    )
    inner = window.get_container().get_rect()
    UITextBox(
        body,
        pygame.Rect(8, 8, inner.width - 16, inner.height - 60),
        manager=manager,
        container=window,
    )
    width, gap = 120, 8
    x = inner.width - len(choices) * (width + gap)
    buttons = {}
    for name, label in choices:
        buttons[name] = UIButton(
            pygame.Rect(x, inner.height - 44, width, 34), label, manager=manager, container=window
        )
        x += width + gap
    return window, buttons
