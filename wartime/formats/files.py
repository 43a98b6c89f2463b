"""Safe file writing, the one way the program writes a file (maps, saves, autosaves,
settings, pictures): a crash, a kill or a full disk never leaves a half-written file.

:func:`write_atomic` writes a temporary file beside the target, syncs it, renames it
over the target and syncs the folder, so that a power cut cannot lose a save that had
completed.  It writes the way a user expects of a text editor:

- an existing file keeps its permissions; a new one follows the umask;
- a symbolic link stays a link: the file it points to is written;
- the temporary file is named ``.<name>.wartime-tmp-XXXXXXXX``, so one left behind by a
  killed save is recognisable, and the next save in that folder removes those older than
  :data:`STALE_AFTER` (only names of that pattern, only regular files).
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import stat
import string
import time
from pathlib import Path

TEMP_MARK = ".wartime-tmp-"
STALE_AFTER = 5 * 60  # seconds: a save takes well under one; a live writer's file is fresh
_ALPHABET = string.ascii_lowercase + string.digits
_OURS = re.compile(r"\..+" + re.escape(TEMP_MARK) + r"[a-z0-9]{8}", re.DOTALL)


def temp_name(name: str) -> str:
    """A fresh temporary name for a file about to replace ``name``."""
    return f".{name}{TEMP_MARK}{''.join(secrets.choice(_ALPHABET) for _ in range(8))}"


def write_atomic(path: str | Path, data: str | bytes) -> None:
    """Write ``data`` (text is written as UTF-8 with ``\\n`` line ends) to ``path``
    atomically: whoever reads ``path`` sees the old file or the new one, never a part."""
    target = _target(Path(path))
    folder = target.parent
    clean_stale(folder, target.name)
    payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    try:
        mode: int | None = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = None  # a new file: os.open's 0o666 less the umask
    fd, tmp = _create(folder, target.name)
    try:
        if mode is not None:
            _chmod(fd, tmp, mode)
        view = memoryview(payload)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
        os.close(fd)
        fd = -1
        os.replace(tmp, target)
    except BaseException:
        if fd >= 0:
            os.close(fd)
        tmp.unlink(missing_ok=True)
        raise
    _sync_folder(folder)


def _target(path: Path) -> Path:
    """The file a save to ``path`` writes: ``path``, or the file its symbolic link names."""
    if not path.is_symlink():
        return path
    real = Path(os.path.realpath(path))
    if real.is_symlink():  # realpath gives up inside a loop
        raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(path))
    return real


def _create(folder: Path, name: str) -> tuple[int, Path]:
    """A new temporary file beside ``folder / name``, open for writing."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        tmp = folder / temp_name(name)
        try:
            return os.open(tmp, flags, 0o666), tmp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary file name", str(folder / name))


def _chmod(fd: int, tmp: Path, mode: int) -> None:
    if hasattr(os, "fchmod"):
        os.fchmod(fd, mode)
    else:  # pragma: no cover - Windows keeps only the read-only bit
        os.chmod(tmp, mode)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX; a folder cannot be opened on Windows)."""
    if os.name != "posix":  # pragma: no cover
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:  # some file systems cannot sync a folder; the file itself is synced
        pass
    finally:
        os.close(fd)


def clean_stale(folder: Path, name: str) -> list[Path]:
    """Remove the temporary files that killed saves left in ``folder`` (older than
    :data:`STALE_AFTER`), and return them.

    Only regular files named by :func:`temp_name`, or by the ``.<name>.XXXXXXXX.tmp`` of
    earlier versions for this very ``name``, are ever touched.
    """
    earlier = re.compile(re.escape(f".{name}.") + r"[a-z0-9_]{8}\.tmp")
    removed: list[Path] = []
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not (_OURS.fullmatch(entry.name) or earlier.fullmatch(entry.name)):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_AFTER:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed
