"""Structural checks shared by every file format.

A :class:`Checker` walks a parsed document and collects problems instead of
stopping at the first one.  Each method returns the checked value, or None
when it was wrong (the problem is already recorded).
"""

from __future__ import annotations

import sys
from collections.abc import Collection
from typing import Any

from wartime.errors import DataError, Problem, Severity
from wartime.formats.document import Document
from wartime.i18n import Reason, say
from wartime.rules.text import closest

# What a YAML value is, worded in the reader's language (an odd type by its Python name).
_KINDS: dict[type, Reason] = {
    bool: say("phrase.schema.bool"),
    int: say("phrase.schema.number"),
    float: say("phrase.schema.number"),
    str: say("phrase.schema.text"),
    list: say("phrase.schema.list"),
    dict: say("phrase.schema.mapping"),
    type(None): say("phrase.schema.nothing"),
}
# What a file is, in "not a Wartime map file".
FILE_KINDS: dict[str, Reason] = {"map": say("phrase.schema.map"), "army": say("phrase.schema.army")}


def describe(value: Any) -> Reason:
    """A short, user-facing description of a YAML value's type."""
    return _KINDS.get(type(value), type(value).__name__)


class Checker:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.problems: list[Problem] = [
            doc.problem(path, say("problem.schema.duplicated_key")) for path in doc.duplicate_keys
        ]

    def error(self, path: str, message: Reason) -> None:
        self.problems.append(self.doc.problem(path, message))

    def warning(self, path: str, message: Reason) -> None:
        self.problems.append(self.doc.problem(path, message, Severity.WARNING))

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity is Severity.ERROR]

    def raise_errors(self) -> None:
        if self.errors:
            raise DataError(self.problems)

    def mapping(
        self, value: Any, path: str, allowed: Collection[str], required: Collection[str] = ()
    ) -> dict[str, Any] | None:
        """A mapping with only ``allowed`` keys and every ``required`` one."""
        if not isinstance(value, dict):
            self.error(path, say("problem.schema.not_mapping", got=describe(value)))
            return None
        for key in value:
            if key not in allowed:
                hint = closest(str(key), allowed)
                unknown = (
                    say("problem.schema.unknown_key_hint", key=key, hint=hint)
                    if hint
                    else say("problem.schema.unknown_key", key=key, allowed=", ".join(allowed))
                )
                self.error(_join(path, str(key)), unknown)
        for key in required:
            if key not in value:
                self.error(path, say("problem.schema.missing", key=key))
        return value

    def sequence(self, value: Any, path: str) -> list[Any] | None:
        """A list; a missing or empty value reads as an empty list."""
        if value is None:
            return []
        if not isinstance(value, list):
            self.error(path, say("problem.schema.not_list", got=describe(value)))
            return None
        return value

    def integer(self, value: Any, path: str) -> int | None:
        # bool is an int in Python, but `true` is never a valid attribute.
        if type(value) is not int:
            got = describe(value)
            self.error(
                path,
                say("problem.schema.not_whole_shown", got=got, value=repr(value))
                if isinstance(value, (str, float))
                else say("problem.schema.not_whole", got=got),
            )
            return None
        return value

    def number(self, value: Any, path: str) -> float | None:
        if type(value) not in (int, float):
            self.error(path, say("problem.schema.not_number", got=describe(value)))
            return None
        try:
            return float(value)
        except OverflowError:  # a whole number of more than 308 digits
            self.error(path, say("problem.schema.too_large", top=sys.float_info.max))
            return None

    def text(self, value: Any, path: str) -> str | None:
        if not isinstance(value, str) or not value.strip():
            self.error(path, say("problem.schema.not_text", got=describe(value)))
            return None
        return value

    def version(self, data: Any, key: str, supported: int, what: str) -> bool:
        """Check the ``key: N`` version marker at the top of a file."""
        if not isinstance(data, dict) or key not in data:
            kind = FILE_KINDS.get(what, what)
            self.error(
                "", say("problem.schema.not_wartime", what=kind, marker=f"{key}: {supported}")
            )
            return False
        if type(data[key]) is not int or data[key] != supported:  # `true` and 1.0 are not 1
            found = repr(data[key])
            self.error(key, say("problem.schema.unsupported_version", value=found, n=supported))
            return False
        return True


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key
