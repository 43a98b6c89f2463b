"""The shell's floating windows: help, the file dialog, the custom-scale dialog,
and the confirmation and message windows the modes ask with.

Each opens centred in the window.  They only build pygame_gui windows; what a
choice does is decided by the shell or the mode that opened them.
"""

from __future__ import annotations

from collections.abc import Set

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextBox, UITextEntryLine, UIWindow
from pygame_gui.windows import UIConfirmationDialog, UIFileDialog, UIMessageWindow

from wartime.ui.strings import text
from wartime.ui.widgets import alive, call, kill


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


class ScaleDialog:
    """The small dialog where the user types a custom scale in cm per K.

    ``refusal`` keeps why the last typed value was refused (None when it was taken).
    """

    def __init__(self) -> None:
        self.window: UIWindow | None = None
        self.entry: UITextEntryLine | None = None
        self.error: UILabel | None = None
        self.ok: UIButton | None = None
        self.cancel: UIButton | None = None
        self.refusal: str | None = None

    @property
    def is_open(self) -> bool:
        return alive(self.window)

    def open(self, manager: pygame_gui.UIManager, size: tuple[int, int], cm_per_k: float) -> None:
        if self.is_open:
            return
        dialog = UIWindow(
            centred(size, min(400, size[0] - 40), 190),
            manager,
            text("scale.dialog_title"),
            object_id="#scale_dialog",
        )
        inner = dialog.get_container().get_rect()
        width = inner.width - 20
        UILabel(
            pygame.Rect(10, 6, width, 24), text("scale.prompt"), manager=manager, container=dialog
        )
        entry = UITextEntryLine(pygame.Rect(10, 34, 120, 30), manager=manager, container=dialog)
        call(entry, "set_text", f"{cm_per_k:g}")
        call(entry, "focus")
        self.error = UILabel(pygame.Rect(10, 68, width, 24), "", manager=manager, container=dialog)
        self.ok = UIButton(
            pygame.Rect(inner.width - 210, 98, 96, 30),
            text("scale.ok"),
            manager=manager,
            container=dialog,
        )
        self.cancel = UIButton(
            pygame.Rect(inner.width - 106, 98, 96, 30),
            text("scale.cancel"),
            manager=manager,
            container=dialog,
        )
        self.window, self.entry = dialog, entry
        self.refusal = None

    def typed(self) -> str:
        """What the entry holds."""
        return str(call(self.entry, "get_text"))

    def refuse(self, reason: str) -> None:
        """Keep the dialog open and say why the value was not taken."""
        self.refusal = reason
        if self.error is not None:
            call(self.error, "set_text", reason[:1].upper() + reason[1:])

    def close(self) -> None:
        kill(self.window)
        self.window = self.entry = self.error = None
        self.ok = self.cancel = None
