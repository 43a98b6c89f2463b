"""The editor's undo history and its autosave (issue 5, map editor).

A :class:`Battlefield` is an immutable value, so the history keeps whole
values: undo and redo restore exactly what was there, never a replayed edit.
The autosave writes the map atomically as YAML (DESIGN.md §6) and recovery
reads it back leniently: a map still being drawn may have geometric problems
(a polygon crossing itself, a unit in a house) and is recovered all the same,
because nothing a user drew may be lost.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from wartime.board.battlefield import Battlefield, Unit
from wartime.errors import DataError, ReasonError
from wartime.formats.document import read_document
from wartime.formats.files import write_atomic
from wartime.formats.map import _MapReader, dump_map
from wartime.i18n import say

AUTOSAVE_SUFFIX = ".yaml"


class History:
    """Deep undo/redo over whole battlefield values.

    ``push`` records a new state (an unchanged one is ignored) and forgets what
    could have been redone.  At most ``limit`` earlier states are kept.
    ``undo``/``redo`` with nothing to undo or redo return the current state.
    """

    def __init__(self, field: Battlefield, limit: int = 1000) -> None:
        if limit < 1:
            raise ReasonError(say("refused.history.limit", value=limit))
        self.limit = limit
        self._current = field
        self._saved = field
        self._past: list[Battlefield] = []
        self._future: list[Battlefield] = []

    @property
    def current(self) -> Battlefield:
        return self._current

    @property
    def can_undo(self) -> bool:
        return bool(self._past)

    @property
    def can_redo(self) -> bool:
        return bool(self._future)

    @property
    def dirty(self) -> bool:
        """Whether the current state differs from the last saved one."""
        return not (self._current is self._saved or self._current == self._saved)

    def push(self, field: Battlefield) -> None:
        if field is self._current or field == self._current:
            return
        self._past.append(self._current)
        if len(self._past) > self.limit:
            del self._past[: len(self._past) - self.limit]
        self._future.clear()
        self._current = field

    def undo(self) -> Battlefield:
        if self._past:
            self._future.append(self._current)
            self._current = self._past.pop()
        return self._current

    def redo(self) -> Battlefield:
        if self._future:
            self._past.append(self._current)
            self._current = self._future.pop()
        return self._current

    def mark_saved(self) -> None:
        self._saved = self._current


def autosave_path(folder: Path, name: str = "autosave") -> Path:
    return Path(folder) / f"{name}{AUTOSAVE_SUFFIX}"


def autosave(field: Battlefield, folder: Path, name: str = "autosave") -> Path:
    """Write ``field`` atomically to ``folder/name.yaml`` (the folder is created)."""
    path = autosave_path(folder, name)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, dump_map(field))
    return path


class _LenientReader(_MapReader):
    """The map reader without the geometric checks and without opening armies.

    Structure is still checked (a file the model cannot hold is refused); what
    the editor shows as live problems is accepted, and linked army paths are
    kept as written, since an autosave does not sit beside the map's armies.
    """

    _structure_read = False

    def raise_errors(self) -> None:
        # The reader raises once after building the battlefield, then once after
        # battlefield_problems: only the structural pass may refuse the file.
        if self._structure_read:
            return
        super().raise_errors()
        self._structure_read = True

    def armies(self, raw: Any) -> tuple[str, ...]:
        items = self.sequence(raw, "armies") or []
        texts = (self.text(item, f"armies[{i}]") for i, item in enumerate(items))
        return tuple(t for t in texts if t is not None)

    def linked_characters(self, units: list[Unit]) -> None:
        return None


def read_lenient(path: Path) -> Battlefield:
    """A map file read for recovery; raises DataError when its structure is broken."""
    return _LenientReader(read_document(path)).battlefield()


def recover(folder: Path, name: str = "autosave") -> tuple[Path, Battlefield] | None:
    """A leftover autosave that can be read, or None (missing or broken files)."""
    path = autosave_path(folder, name)
    if not path.is_file():
        return None
    try:
        return path, read_lenient(path)
    except (DataError, OSError):
        return None


def clear_autosave(folder: Path, name: str = "autosave") -> None:
    autosave_path(folder, name).unlink(missing_ok=True)
