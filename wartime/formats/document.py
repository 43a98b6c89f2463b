"""A YAML file read for validation: its data plus where each value sits.

Data is read by PyYAML's safe loader only (``yaml.CSafeLoader``, libyaml's parser,
when it is installed; ``yaml.SafeLoader`` otherwise), in one pass: the node tree
is composed first, to learn line numbers, so a problem can point at
``army.yaml:14`` as well as at ``archetypes[2].DAÑ``, and to count the values, so
an alias bomb or a huge file is refused before anything walks it; the data is
then built from that tree.
"""

from __future__ import annotations

import errno
import gc
import os
import stat
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.composer import Composer
from yaml.events import AliasEvent

from wartime.errors import DataError, Problem, Severity
from wartime.i18n import Reason, say


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

    def problem(self, path: str, message: Reason, severity: Severity = Severity.ERROR) -> Problem:
        return Problem(self.file, path, message, self.line(path), severity)


MAX_NODES = 1_000_000  # YAML values in one file, each alias counted as all it stands for


class _CycleError(Exception):
    """An alias that contains itself: such data has no finite YAML reading."""

    def __init__(self, line: int) -> None:
        self.line = line


class _TooManyNodesError(Exception):
    """The file holds more than :data:`MAX_NODES` values, aliases expanded."""

    def __init__(self, line: int, path: str) -> None:
        self.line = line
        self.path = path


class _Counting(Composer):
    """A composer that counts the values it builds, an alias as the whole value it
    repeats, and stops past :data:`MAX_NODES`.

    Counting while composing stops a hostile file early: a "billion laughs" alias
    bomb is refused after a million values instead of being walked a billion times
    by the checks, and so is a huge flat file (a wall of a million points) before
    it is built at all.  Composing is done here, in Python, over the events of the
    C parser when libyaml is installed, so one pass serves the line numbers, the
    count and the data.
    """

    check_event: Callable[..., bool]  # the parser's (libyaml's or PyYAML's)
    peek_event: Callable[[], Any]

    def _start_count(self) -> None:
        self.count = 0
        self.sizes: dict[int, int] = {}  # id of an anchored node -> its expanded count
        self.trail: list[Any] = []  # the index of each node being composed (for its path)
        self.anchors = {}

    def _add(self, n: int) -> None:
        self.count += n
        if self.count > MAX_NODES:
            mark = self.peek_event().start_mark
            raise _TooManyNodesError(mark.line + 1, self._path())

    def _path(self) -> str:
        path = ""
        for index in self.trail[1:]:
            if isinstance(index, int):
                path += f"[{index}]"
            elif isinstance(index, yaml.Node):
                path += f".{index.value}" if path else str(index.value)
            else:  # a mapping's key: locate it by its mapping
                break
        return path

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        self.trail.append(index)
        try:
            if self.check_event(AliasEvent):
                repeated = self.anchors.get(self.peek_event().anchor)
                self._add(self.sizes.get(id(repeated), 1))  # (unknown aliases fail below)
                return super().compose_node(parent, index)
            before = self.count
            self._add(1)
            anchor = self.peek_event().anchor
            node = super().compose_node(parent, index)
            if anchor is not None:
                self.sizes[id(node)] = self.count - before
            return node
        finally:
            self.trail.pop()


class _PyLoader(_Counting, yaml.SafeLoader):
    """``yaml.SafeLoader``, counting what it composes (when libyaml is missing)."""

    def __init__(self, stream: str) -> None:
        yaml.SafeLoader.__init__(self, stream)
        self._start_count()


_Loader: type[_PyLoader] | type[_CLoader] = _PyLoader
if getattr(yaml, "__with_libyaml__", False):

    class _CLoader(_Counting, yaml.CSafeLoader):
        """``yaml.CSafeLoader`` (libyaml's parser, the safe constructor) composing in
        Python so that it can count."""

        def __init__(self, stream: str) -> None:
            yaml.CSafeLoader.__init__(self, stream)
            self._start_count()

    _Loader = _CLoader


def printable(text: str) -> str:
    """``text`` with anything that cannot be written as UTF-8 (a lone surrogate) escaped."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


@dataclass
class _Walk:
    """What one walk of the node tree finds: lines, duplicated keys, text that is no text."""

    lines: dict[str, int]
    dups: list[str]
    broken: list[Problem] = field(default_factory=list)
    seen: set[int] = field(default_factory=set)
    ancestors: set[int] = field(default_factory=set)


def _text_problem(file: str, node: yaml.Node, path: str) -> Problem | None:
    """A lone surrogate ("\\ud800" in a quoted string) is half a UTF-16 pair, not a
    character: it could be neither printed nor saved, so it is refused where it is."""
    value = node.value
    if not isinstance(value, str) or value.isascii():
        return None
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        message = say("problem.document.surrogate", char=ascii(value[exc.start]))
        return Problem(file, printable(path), message, node.start_mark.line + 1)
    return None


def _locate(node: yaml.Node, prefix: str, file: str, walk: _Walk) -> None:
    if id(node) in walk.ancestors:
        raise _CycleError(node.start_mark.line + 1)
    if id(node) in walk.seen:  # an alias reused elsewhere: its lines are already known
        return
    walk.seen.add(id(node))
    walk.ancestors.add(id(node))
    if isinstance(node, yaml.MappingNode):
        keys: set[tuple[str, str]] = set()
        for key, value in node.value:
            path = f"{prefix}.{key.value}" if prefix else str(key.value)
            if (key.tag, key.value) in keys:
                walk.dups.append(path)
            keys.add((key.tag, key.value))
            walk.lines[path] = key.start_mark.line + 1
            broken = _text_problem(file, key, path)
            if broken is not None:
                walk.broken.append(broken)
            _locate(value, path, file, walk)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            path = f"{prefix}[{index}]"
            walk.lines[path] = item.start_mark.line + 1
            _locate(item, path, file, walk)
    else:
        broken = _text_problem(file, node, prefix)
        if broken is not None:
            walk.broken.append(broken)
    walk.ancestors.discard(id(node))


def _compose(text: str, file: str, walk: _Walk) -> Any:
    """The data of ``text``, its paths' lines and duplicated keys, in one pass of the parser.

    The collector is paused meanwhile: the tree is built of fresh objects that hold
    no cycles (a recursive alias is refused before construction), and a collection
    every few hundred new objects made big files three times slower to read.
    """
    collecting = gc.isenabled()
    gc.disable()
    loader = _Loader(text)
    try:
        root = loader.get_single_node()
        if root is None:
            return None
        _locate(root, "", file, walk)  # a cycle stops here, before building
        if walk.broken:
            raise DataError(walk.broken)
        return loader.construct_document(root)
    finally:
        loader.dispose()
        if collecting:
            gc.enable()


def parse_document(text: str, file: str) -> Document:
    """Parse YAML ``text``; syntax errors become a :class:`DataError` with line and column."""
    try:
        walk = _Walk({}, [])
        data = _compose(text, file, walk)
    except _CycleError as cycle:
        message = say("problem.document.recursive")
        raise DataError([Problem(file, "", message, cycle.line)]) from None
    except _TooManyNodesError as many:
        message = say("problem.document.too_many_values", n=MAX_NODES)
        raise DataError([Problem(file, many.path, message, many.line)]) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        reason = exc.problem or exc.context or "invalid YAML"  # PyYAML's words, in English
        if mark is None:
            raise DataError(
                [Problem(file, "", say("problem.document.syntax", why=reason))]
            ) from None
        line, column = mark.line + 1, mark.column + 1
        message = say("problem.document.syntax_at", line=line, column=column, why=reason)
        raise DataError([Problem(file, "", message, line)]) from None
    except yaml.YAMLError as exc:
        raise DataError([Problem(file, "", say("problem.document.yaml", why=str(exc)))]) from None
    except RecursionError:
        message = say("problem.document.too_deep")
        raise DataError([Problem(file, "", message)]) from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
        # the constructor raises these for well-formed text with impossible values,
        # e.g. the date 2024-13-45 or the tag !!int uno.
        message = say("problem.document.bad_value", why=str(exc))
        raise DataError([Problem(file, "", message)]) from None
    return Document(file, data, walk.lines, tuple(walk.dups), text)


MAX_BYTES = 8 * 1024 * 1024  # far above any real map or army; stops hostile files early
_KINDS = (  # what a path names when it is no regular file
    (stat.S_ISDIR, say("problem.document.folder")),
    (stat.S_ISFIFO, say("problem.document.fifo")),
    (stat.S_ISCHR, say("problem.document.device")),
    (stat.S_ISBLK, say("problem.document.device")),
    (stat.S_ISSOCK, say("problem.document.socket")),
)
# The system's usual reasons a file cannot be read, worded in the reader's language; any
# other stays in the C library's words (strerror).
_SYSTEM: dict[int, Reason] = {
    errno.ENOENT: say("phrase.document.enoent"),
    errno.EACCES: say("phrase.document.eacces"),
    errno.EISDIR: say("phrase.document.eisdir"),
    errno.ENOTDIR: say("phrase.document.enotdir"),
    errno.ENAMETOOLONG: say("phrase.document.enametoolong"),
    errno.ELOOP: say("phrase.document.eloop"),
}


def system_why(exc: OSError) -> Reason:
    """Why the system refused a file: a known reason worded, else the C library's words."""
    return _SYSTEM.get(exc.errno or 0) or exc.strerror or str(exc)


def cannot_read(file: str, exc: OSError) -> DataError:
    return DataError([Problem(file, "", say("problem.document.cannot_read", why=system_why(exc)))])


def read_regular(path: str | Path) -> bytes:
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
        raise DataError([Problem(file, "", say("problem.document.folder"))]) from None
    except OSError as exc:
        raise cannot_read(file, exc) from None
    except ValueError:  # os.open refuses a NUL in the name
        message = say("problem.document.nul_name")
        raise DataError([Problem(file, "", message)]) from None
    try:
        mode = os.fstat(fd).st_mode
        kind = next((why for test, why in _KINDS if test(mode)), None)
        if kind is None and not stat.S_ISREG(mode):
            kind = say("problem.document.not_regular")
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
        raise cannot_read(file, exc) from None
    finally:
        os.close(fd)
    if len(raw) > MAX_BYTES:
        limit = f"{MAX_BYTES // (1024 * 1024)} MiB"
        raise DataError([Problem(file, "", say("problem.document.too_large", limit=limit))])
    return raw


def read_document(path: str | Path) -> Document:
    """Read and parse a YAML file; every failure is a :class:`DataError` naming it."""
    file = str(path)
    raw = read_regular(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        message = say("problem.document.not_utf8", n=exc.start)
        raise DataError([Problem(file, "", message)]) from None
    return parse_document(text, file)
