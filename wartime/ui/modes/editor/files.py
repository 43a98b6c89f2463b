"""The editor's files: new, open, save and save as (pygame_gui dialogs), the
army file its units come from, a confirmation before losing changes, and an
autosave every ``autosave_interval`` seconds to the config folder with the
offer to recover it at the next start.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from pathlib import Path

from wartime import resources
from wartime.board import edits
from wartime.board.battlefield import Battlefield
from wartime.board.history import History, autosave, clear_autosave, recover
from wartime.errors import DataError
from wartime.formats.army import load_army
from wartime.formats.map import salvage_map, save_map
from wartime.i18n import told
from wartime.ui import dialogs
from wartime.ui.modes.editor.state import EditorState
from wartime.ui.shell import EMPTY_TABLE
from wartime.ui.strings import ntext, text
from wartime.ui.widgets import alive, kill


class EditorFiles(EditorState):
    """Files, dialogs and autosave of the editor mode."""

    def _ask_unsaved(self, action: Callable[[], object]) -> None:
        """Guardar (then ``action``), Descartar (``action`` now) or Cancelar (nothing)."""
        self._close_modals()
        self.unsaved, self.unsaved_buttons = dialogs.choice_window(
            self.app.manager,
            self.app.size,
            text("dialog.unsaved_title"),
            text("dialog.unsaved", name=self.field.name),
            [(name, text(f"dialog.{name}")) for name in ("save", "discard", "cancel")],
        )
        self._pending = action

    def answer_unsaved(self, choice: str) -> None:
        """The unsaved-changes question answered: ``save``, ``discard`` or ``cancel``."""
        action, self._pending = self._pending, None
        kill(self.unsaved)
        self.unsaved, self.unsaved_buttons = None, {}
        if action is None or choice == "cancel":
            return
        if choice == "discard":
            action()
            return
        if self.path is not None and not self.left_out:
            if self.save_to(self.path):
                action()
            return
        self._after_save = action  # once Guardar como… has written the file
        self.save_as()

    def _ask(self, title: str, body: str, ok: str, action: Callable[[], object]) -> None:
        kill(self.confirm)
        self.confirm = dialogs.confirm_dialog(self.app.manager, self.app.size, title, body, ok)
        self._pending = action

    def guard(self, action: Callable[[], object]) -> None:
        """Run ``action`` now, or after the user agrees to drop unsaved changes."""
        if self.history.dirty:
            self._ask_unsaved(action)
        else:
            action()

    def _quit_now(self) -> None:
        self._force_quit = True
        self.app.quit()

    def new_map(self) -> None:
        self.guard(self._new_now)

    def _new_now(self) -> None:
        self._load(Battlefield(text("editor.new_name"), EMPTY_TABLE), None)

    def open_map(self) -> None:
        self.guard(lambda: self._file_dialog("open"))

    def _load(self, field: Battlefield, path: Path | None) -> None:
        self.history = History(field)
        self._autosaved = field
        self.path = path
        self.selection, self.points, self.drag = [], [], None
        self._typing_edit = None
        self._show_current()
        self.app.fit()

    def open_path(self, path: Path) -> bool:
        """Open a map, with its errors if it has some (issue 16): what can be represented
        is edited, and the rest is listed under Problems."""
        try:
            found = salvage_map(path)
        except DataError as exc:
            reason = exc.problems[0].message if exc.problems else str(exc)
            self.app._say(text("status.open_failed", path=path.name, reason=told(reason)))
            return False
        self._load(found.battlefield, path)
        self.set_file_problems(found.problems, found.left_out)
        self._remember(path)
        self.app._say(self.opened_message(path))
        return True

    def opened_message(self, path: Path) -> str:
        """The status line after opening ``path``: its problems, and what was left out."""
        if not self.file_problems:
            return text("status.opened", path=path.name)
        errors = sum(1 for _, severity, _ in self.file_problems if severity == "error")
        message = text(
            "editor.opened_problems",
            path=path.name,
            errors=ntext("count.errors", errors),
            warnings=ntext("count.warnings", len(self.file_problems) - errors),
        )
        if self.left_out:
            message += " · " + ntext("editor.left_out", self.left_out)
        return message

    def save(self) -> bool:
        # A file opened with elements left out keeps them: the map goes to a new name.
        if self.path is None or self.left_out:
            self.save_as()
            return False
        return self.save_to(self.path)

    def save_as(self) -> None:
        self._file_dialog("save_as")

    def save_to(self, path: Path) -> bool:
        """Save atomically; refused (with the reasons shown) only when it would not load back."""
        ok, reasons = edits.can_save(self.field)
        if not ok:
            self._message(
                text("dialog.cannot_save_title"),
                text(
                    "dialog.cannot_save",
                    reasons="<br>".join(f"• {told(r)}" for r in reasons),
                ),
            )
            return False
        try:
            save_map(self.field, path)
        except OSError as exc:
            self.app._say(text("editor.save_failed", path=path.name, reason=exc))
            return False
        self.history.mark_saved()
        self.path = path
        self.drop_file_problems()
        self._clear_autosave()
        self._remember(path)
        if reasons:
            warnings = ntext("count.warnings", len(reasons))
            self.app._say(text("editor.saved_warnings", warnings=warnings, path=path.name))
        else:
            self.app._say(text("editor.saved", path=path.name))
        return True

    def _remember(self, path: Path) -> None:
        app = self.app
        app.map_path = path
        app.settings.last_map = str(path.resolve())
        app.settings.save(app.settings_dir)

    def _file_dialog(self, purpose: str) -> None:
        kill(self.file_dialog)
        start = self.path or self.app.map_path
        folder = start.parent if start is not None else resources.maps_dir()
        if purpose == "army":
            folder = resources.armies_dir()
        titles = {"open": "dialog.open", "save_as": "dialog.save_as", "army": "dialog.army"}
        initial = folder / (self.path.name if purpose == "save_as" and self.path else "")
        self.file_purpose = purpose
        self.file_dialog = dialogs.file_dialog(
            self.app.manager,
            self.app.size,
            text(titles[purpose]),
            str(initial),
            existing_only=purpose != "save_as",
        )

    def _picked(self, path: Path) -> None:
        purpose = self.file_purpose
        self.file_dialog = None
        if purpose == "open":
            self.open_path(path)
        elif purpose == "save_as":
            if path.suffix.lower() not in (".yaml", ".yml"):
                path = path.with_name(path.name + ".yaml")
            after, self._after_save = self._after_save, None
            if self.save_to(path) and after is not None:
                after()  # Guardar in the unsaved-changes question: now go on
        elif purpose == "army":
            self.load_army(path)

    def load_army(self, path: Path) -> bool:
        try:
            army = load_army(path).army
        except DataError as exc:
            reason = exc.problems[0].message if exc.problems else str(exc)
            self.app._say(text("editor.army_failed", path=path.name, reason=told(reason)))
            return False
        self.characters = [c.id for c in army.characters]
        self.army_name = army.name
        self.character = self.characters[0] if self.characters else None
        characters = ntext("count.characters", len(self.characters))
        self.app._say(text("editor.army_loaded", name=army.name, characters=characters))
        self.app._layout()  # the character drop-down lists the new army
        if self.characters:
            self.set_tool("unit")
        return True

    def _message(self, title: str, body: str) -> None:
        kill(self.message_window)
        self.message_window = dialogs.message_window(self.app.manager, self.app.size, title, body)

    def _modal_open(self) -> bool:
        windows = (self.confirm, self.file_dialog, self.message_window, self.unsaved)
        return any(alive(w) for w in windows)

    def _close_modals(self) -> None:
        for window in (self.confirm, self.file_dialog, self.message_window, self.unsaved):
            kill(window)
        self.confirm = self.file_dialog = self.message_window = self.unsaved = None
        self.unsaved_buttons = {}
        self._pending = None
        self._after_save = None  # a Guardar como… given up with Esc: nothing goes on

    # --- autosave --------------------------------------------------------------------

    def autosave_now(self) -> Path | None:
        """Write the map to the config folder when it changed since the last autosave."""
        field = self.field
        if field is self._autosaved or not self.history.dirty or self.autosave_dir is None:
            return None
        try:
            path = autosave(field, self.autosave_dir)
        except OSError:
            return None
        self._autosaved = field
        self.app._say(text("editor.autosaved"))
        return path

    def _clear_autosave(self) -> None:
        if self.autosave_dir is not None:
            with contextlib.suppress(OSError):
                clear_autosave(self.autosave_dir)

    def _offer_recovery(self) -> None:
        if self.autosave_dir is None:
            return
        found = recover(self.autosave_dir)
        if found is None:
            return
        path, field = found
        when = time.strftime("%d/%m/%Y %H:%M", time.localtime(path.stat().st_mtime))

        def take() -> None:
            self._load(self.field, None)
            self.history.push(field)
            self._show_current()
            self.app._say(text("editor.recovered"))

        self._ask(
            text("dialog.recover_title"),
            text("dialog.recover", name=field.name, time=when),
            text("dialog.recover_ok"),
            take,
        )
