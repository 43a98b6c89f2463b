"""The overlay's «Imprimir» button: the 1:1 templates PDF for the scale in use, written by
the same code as ``wartime print`` (:func:`wartime.render.template_sheet.layout` and
:func:`wartime.render.pdf.write_sheet_pdf`); the path is asked with the shell's file
dialog, and the status line says where it wrote, or why not."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from wartime.render.pdf import write_sheet_pdf
from wartime.render.template_sheet import layout
from wartime.ui import dialogs
from wartime.ui.strings import current_language, text
from wartime.ui.widgets import alive

if TYPE_CHECKING:
    from wartime.ui.modes.overlay.mode import OverlayMode

DEFAULT_NAME = "plantillas.pdf"


class Printer:
    def __init__(self, mode: OverlayMode) -> None:
        self.mode = mode
        self.dialog: object = None  # the file dialog it opened (held as the shell's dialog)

    def ask(self) -> None:
        """Open the file dialog; it is the shell's dialog, so Esc and the view's clicks
        treat it as any other."""
        app = self.mode.app
        if alive(app.dialog):
            return
        folder = app.map_path.parent if app.map_path is not None else Path.home()
        app.dialog = dialogs.file_dialog(
            app.manager, app.size, text("print.title"), str(folder / DEFAULT_NAME),
            existing_only=False, suffixes={".pdf"},
        )  # fmt: skip
        self.dialog = app.dialog

    def write(self, path: Path) -> bool:
        """Write the sheet to ``path`` and say so; ``False`` (and why) when it could not."""
        app = self.mode.app
        self.dialog = None
        if path.suffix.lower() != ".pdf":
            app._say(text("print.failed", path=path.name, reason=text("print.not_pdf")))
            return False
        if not path.parent.is_dir():
            app._say(text("print.failed", path=path.name, reason=text("print.no_folder")))
            return False
        mm = app.settings.scale_mm  # a preset is named as such on the sheet, as `wartime print`
        if mm is not None:
            sheet = layout(scale_mm=mm, lang=current_language())
        else:
            sheet = layout(cm=app.cm_per_k, lang=current_language())
        try:
            write_sheet_pdf(sheet, path)
        except OSError as exc:
            app._say(text("print.failed", path=path.name, reason=exc.strerror or str(exc)))
            return False
        app._say(text("print.wrote", path=str(path), pages=len(sheet.pages), scale=sheet.scale))
        return True
