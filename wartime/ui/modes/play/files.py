"""Ctrl+S and Ctrl+O on the game screen: the file dialogs, and where the game was last
kept (the next dialog starts there)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from wartime.ui import dialogs
from wartime.ui.strings import text
from wartime.ui.widgets import alive, kill

if TYPE_CHECKING:
    from wartime.ui.shell import ViewApp


class SaveDialogs:
    """The save and load dialogs of one game screen."""

    def __init__(self, path: Path | None) -> None:
        self.path = path  # the file the game was last saved to or loaded from
        self.dialog: Any = None
        self.purpose = ""  # "save" or "load": what the open dialog is for

    def ask(self, app: ViewApp, purpose: str) -> None:
        """Open the dialog for ``purpose`` (one at a time)."""
        if alive(self.dialog):
            return
        saving = purpose == "save"
        if saving:
            start = self.path or Path.cwd() / "partida.yaml"
        else:
            start = self.path.parent if self.path else Path.cwd()
        self.purpose = purpose
        self.dialog = dialogs.file_dialog(
            app.manager, app.size, text(f"dialog.{purpose}_game"), str(start),
            existing_only=not saving, suffixes=None if saving else {".yaml", ".yml"},
        )  # fmt: skip

    def picked(self, event: pygame.event.Event) -> tuple[str, Path] | None:
        """(purpose, path) when ``event`` is this dialog's choice; the dialog closes."""
        if (
            event.type != pygame_gui.UI_FILE_DIALOG_PATH_PICKED
            or event.ui_element is not self.dialog
        ):
            return None
        kill(self.dialog)
        self.dialog = None
        return self.purpose, Path(event.text)
