"""The table scale: the Escala choice and the small custom-scale dialog.

A preset in mm or a custom number of cm per K typed in the dialog is kept in
the settings and overrides the map's ``scale_mm`` wherever the window shows
centimetres (the scale bar, the messages).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine, UIWindow

from wartime.ui.dialogs import centred
from wartime.ui.menus import CUSTOM_SCALE
from wartime.ui.settings import parse_cm_per_k
from wartime.ui.strings import text
from wartime.ui.widgets import alive, call, kill

if TYPE_CHECKING:
    from wartime.ui.shell import ViewApp


class ScaleDialog:
    """The Escala choice of one window, with its dialog for a custom cm per K.

    ``refusal`` keeps why the last typed value was refused (None when it was taken).
    """

    def __init__(self, app: ViewApp) -> None:
        self.app = app
        self.window: UIWindow | None = None
        self.entry: UITextEntryLine | None = None
        self.error: UILabel | None = None
        self.ok: UIButton | None = None
        self.cancel: UIButton | None = None
        self.refusal: str | None = None

    @property
    def is_open(self) -> bool:
        return alive(self.window)

    def choose(self, choice: str) -> None:
        """An Escala option: a preset in mm ("28"), or the custom choice (opens the dialog)."""
        if choice == CUSTOM_SCALE:
            self.open()
            return
        try:
            self.app.settings.choose_preset(float(choice))
        except ValueError:
            return
        self._chosen()

    def set_custom(self, raw: str) -> bool:
        """Apply a typed cm per K; False (the reason shown in the dialog) when refused."""
        try:
            value = parse_cm_per_k(raw)
        except ValueError as exc:
            reason = str(exc)
            self.refusal = reason
            if self.error is not None:
                call(self.error, "set_text", reason[:1].upper() + reason[1:])
            self.app._say(text("scale.refused", reason=exc))
            return False
        self.refusal = None
        self.app.settings.choose_custom(value)
        self.close()
        self._chosen()
        return True

    def _chosen(self) -> None:
        app = self.app
        app.settings.save(app.settings_dir)
        app.top.build_menus()  # the drop-down shows the choice (or returns from the custom one)
        app._say(text("status.scale", scale=app.settings.scale_text()))

    def handle(self, event: pygame.event.Event) -> bool:
        """The dialog's own events (typed Enter, OK, Cancel, its close box); True when used."""
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self.entry:
            self.set_custom(str(event.text))
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.ok and self.entry is not None:
                self.set_custom(str(call(self.entry, "get_text")))
                return True
            if event.ui_element is self.cancel:
                self.close()
                return True
            return False
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window:
            self.close()
            return True
        return False

    def open(self) -> None:
        if self.is_open:
            return
        manager = self.app.manager
        size = self.app.size
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
        call(entry, "set_text", f"{self.app.cm_per_k:g}")
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

    def close(self) -> None:
        kill(self.window)
        self.window = self.entry = self.error = None
        self.ok = self.cancel = None
        self.app.top.build_menus()  # back to the scale in use
