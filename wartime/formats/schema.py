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
from wartime.rules.text import closest


def describe(value: Any) -> str:
    """A short, user-facing description of a YAML value's type."""
    names = {
        bool: "true/false",
        int: "a number",
        float: "a number",
        str: "text",
        list: "a list",
        dict: "a mapping",
        type(None): "nothing",
    }
    return names.get(type(value), type(value).__name__)


class Checker:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.problems: list[Problem] = [
            doc.problem(path, "duplicated key: only the last value would be kept")
            for path in doc.duplicate_keys
        ]

    def error(self, path: str, message: str) -> None:
        self.problems.append(self.doc.problem(path, message))

    def warning(self, path: str, message: str) -> None:
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
            self.error(path, f"expected a mapping, got {describe(value)}")
            return None
        for key in value:
            if key not in allowed:
                hint = closest(str(key), allowed)
                tip = f" (did you mean '{hint}'?)" if hint else f" (allowed: {', '.join(allowed)})"
                self.error(_join(path, str(key)), f"unknown key '{key}'{tip}")
        for key in required:
            if key not in value:
                self.error(path, f"missing '{key}'")
        return value

    def sequence(self, value: Any, path: str) -> list[Any] | None:
        """A list; a missing or empty value reads as an empty list."""
        if value is None:
            return []
        if not isinstance(value, list):
            self.error(path, f"expected a list, got {describe(value)}")
            return None
        return value

    def integer(self, value: Any, path: str) -> int | None:
        # bool is an int in Python, but `true` is never a valid attribute.
        if type(value) is not int:
            shown = f" {value!r}" if isinstance(value, (str, float)) else ""
            self.error(path, f"expected a whole number, got {describe(value)}{shown}")
            return None
        return value

    def number(self, value: Any, path: str) -> float | None:
        if type(value) not in (int, float):
            self.error(path, f"expected a number, got {describe(value)}")
            return None
        try:
            return float(value)
        except OverflowError:  # a whole number of more than 308 digits
            self.error(path, f"number too large: a number may be at most {sys.float_info.max:.3g}")
            return None

    def text(self, value: Any, path: str) -> str | None:
        if not isinstance(value, str) or not value.strip():
            self.error(path, f"expected non-empty text, got {describe(value)}")
            return None
        return value

    def version(self, data: Any, key: str, supported: int, what: str) -> bool:
        """Check the ``key: N`` version marker at the top of a file."""
        if not isinstance(data, dict) or key not in data:
            self.error("", f"not a Wartime {what} file: it must start with '{key}: {supported}'")
            return False
        if type(data[key]) is not int or data[key] != supported:  # `true` and 1.0 are not 1
            self.error(
                key, f"unsupported version {data[key]!r}: this program reads version {supported}"
            )
            return False
        return True


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key
