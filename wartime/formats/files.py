"""Safe file writing: a crash or a full disk never leaves a half-written file.

:func:`write_atomic` writes a temporary file beside the target, syncs it and renames it
over the target.  An existing file keeps its permissions; a new one follows the umask.
A symbolic link stays a link: the file it points to is written.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
import string
from pathlib import Path

_ALPHABET = string.ascii_lowercase + string.digits


def write_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` (UTF-8, ``\\n`` line ends) to ``path`` atomically: whoever reads
    ``path`` sees the old file or the new one, never a part."""
    target = _target(Path(path))
    folder = target.parent
    payload = text.encode("utf-8")
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
        suffix = "".join(secrets.choice(_ALPHABET) for _ in range(8))
        tmp = folder / f".{name}.{suffix}.tmp"
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
