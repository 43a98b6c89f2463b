"""A YAML file read for validation: its data plus where each value sits.

Data is parsed with ``yaml.safe_load`` only.  A second pass composes the node
tree (no objects are constructed) just to learn line numbers, so a problem can
point at ``army.yaml:14`` as well as at ``archetypes[2].DAÑ``.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from wartime.errors import DataError, Problem, Severity


@dataclass(frozen=True)
class Document:
    file: str  # as the user named it
    data: Any
    lines: Mapping[str, int] = field(default_factory=dict)  # path -> 1-based line
    duplicate_keys: tuple[str, ...] = ()  # safe_load silently keeps the last one
    text: str = ""  # the source, kept so a save can embed it

    def line(self, path: str) -> int | None:
        """The line of ``path``, or of its nearest located parent."""
        while path:
            if path in self.lines:
                return self.lines[path]
            cut = max(path.rfind("."), path.rfind("["))
            path = path[:cut] if cut > 0 else ""
        return None

    def problem(self, path: str, message: str, severity: Severity = Severity.ERROR) -> Problem:
        return Problem(self.file, path, message, self.line(path), severity)


class _CycleError(Exception):
    """An alias that contains itself: such data has no finite YAML reading."""

    def __init__(self, line: int) -> None:
        self.line = line


def _locate(
    node: yaml.Node,
    prefix: str,
    out: dict[str, int],
    dups: list[str],
    walk: tuple[set[int], set[int]],
) -> None:
    seen, ancestors = walk
    if id(node) in ancestors:
        raise _CycleError(node.start_mark.line + 1)
    if id(node) in seen:  # an alias reused elsewhere: its lines are already known
        return
    seen.add(id(node))
    ancestors.add(id(node))
    if isinstance(node, yaml.MappingNode):
        keys: set[tuple[str, str]] = set()
        for key, value in node.value:
            path = f"{prefix}.{key.value}" if prefix else str(key.value)
            if (key.tag, key.value) in keys:
                dups.append(path)
            keys.add((key.tag, key.value))
            out[path] = key.start_mark.line + 1
            _locate(value, path, out, dups, walk)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            path = f"{prefix}[{index}]"
            out[path] = item.start_mark.line + 1
            _locate(item, path, out, dups, walk)
    ancestors.discard(id(node))


def parse_document(text: str, file: str) -> Document:
    """Parse YAML ``text``; syntax errors become a :class:`DataError` with line and column."""
    try:
        lines: dict[str, int] = {}
        dups: list[str] = []
        root = yaml.compose(text, Loader=yaml.SafeLoader)
        if root is not None:
            _locate(root, "", lines, dups, (set(), set()))
        data = yaml.safe_load(text)
    except _CycleError as cycle:
        message = "an alias contains itself: recursive YAML is not allowed"
        raise DataError([Problem(file, "", message, cycle.line)]) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        reason = exc.problem or exc.context or "invalid YAML"
        if mark is None:
            raise DataError([Problem(file, "", f"YAML syntax error: {reason}")]) from None
        where = f"line {mark.line + 1}, column {mark.column + 1}"
        raise DataError(
            [Problem(file, "", f"YAML syntax error at {where}: {reason}", mark.line + 1)]
        ) from None
    except yaml.YAMLError as exc:
        raise DataError([Problem(file, "", f"YAML error: {exc}")]) from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as exc:
        # safe_load raises these for well-formed text with impossible values,
        # e.g. the date 2024-13-45 or the tag !!int uno.
        raise DataError([Problem(file, "", f"YAML value cannot be read: {exc}")]) from None
    return Document(file, data, lines, tuple(dups), text)


MAX_BYTES = 8 * 1024 * 1024  # far above any real map or army; stops hostile files early
_KINDS = (  # what a path names when it is no regular file
    (stat.S_ISDIR, "is a folder, not a file"),
    (stat.S_ISFIFO, "is a named pipe (FIFO), not a regular file: only regular files are read"),
    (stat.S_ISCHR, "is a device, not a regular file: only regular files are read"),
    (stat.S_ISBLK, "is a device, not a regular file: only regular files are read"),
    (stat.S_ISSOCK, "is a socket, not a regular file: only regular files are read"),
)


def _read_regular(path: str | Path) -> bytes:
    """The bytes of a regular file, at most :data:`MAX_BYTES` of them.

    The file is opened without blocking (a FIFO would wait for a writer forever) and
    checked by its open descriptor, so no other kind of file is ever read, and never
    more than the cap plus one byte (``/dev/zero`` never ends).
    """
    file = str(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except IsADirectoryError:
        raise DataError([Problem(file, "", "is a folder, not a file")]) from None
    except OSError as exc:
        raise DataError([Problem(file, "", f"cannot read: {exc.strerror or exc}")]) from None
    except ValueError:  # os.open refuses a NUL in the name
        message = "cannot read: the file name holds a NUL character, which no file name may"
        raise DataError([Problem(file, "", message)]) from None
    try:
        mode = os.fstat(fd).st_mode
        kind = next((why for test, why in _KINDS if test(mode)), None)
        if kind is None and not stat.S_ISREG(mode):
            kind = "is not a regular file: only regular files are read"
        if kind is not None:
            raise DataError([Problem(file, "", kind)])
        chunks, size = [], 0
        while size <= MAX_BYTES:  # a regular file may still grow while it is read
            chunk = os.read(fd, MAX_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        raw = b"".join(chunks)
    except OSError as exc:
        raise DataError([Problem(file, "", f"cannot read: {exc.strerror or exc}")]) from None
    finally:
        os.close(fd)
    if len(raw) > MAX_BYTES:
        limit = f"{MAX_BYTES // (1024 * 1024)} MiB"
        raise DataError([Problem(file, "", f"file too large: the limit is {limit}")])
    return raw


def read_document(path: str | Path) -> Document:
    """Read and parse a YAML file; every failure is a :class:`DataError` naming it."""
    file = str(path)
    raw = _read_regular(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(
            [Problem(file, "", f"not UTF-8 text (bad byte at offset {exc.start})")]
        ) from None
    return parse_document(text, file)
