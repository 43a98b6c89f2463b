"""Errors shared by every layer.

A loader never stops at the first mistake: it collects :class:`Problem` values
and raises one :class:`DataError` holding all of them, so a user fixes a file in
one pass.  The CLI prints each problem on its own line and exits with status 2.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from wartime.i18n import Message, told


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a file: where it is and what is allowed instead."""

    file: str
    path: str  # inside the file, e.g. "archetypes[3].DAÑ"; "" for the whole file
    message: str
    line: int | None = None  # 1-based, when the YAML node could be located
    severity: Severity = Severity.ERROR

    def __str__(self) -> str:
        """One line, always: user text with newlines must not split a report."""
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        if self.path:
            where = f"{where}: {self.path}"
        prefix = "warning: " if self.severity is Severity.WARNING else ""
        return " ".join(f"{where}: {prefix}{self.message}".splitlines())


class DataError(Exception):
    """A file (or packaged data) could not be loaded; holds every problem found."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class IllegalActionError(ValueError):
    """An action the rules forbid; its reason is meant for the player.

    The reason is a :class:`~wartime.i18n.Message`, worded when shown: :meth:`text` in the
    language of the moment (the window, the CLI), ``str()`` in English, the core's own
    language for tracebacks and tests.  A plain str is taken as it is.
    """

    def __init__(self, reason: Message | str) -> None:
        super().__init__(reason)
        self.reason = reason

    def __str__(self) -> str:
        return told(self.reason, "en")

    def text(self, language: str | None = None) -> str:
        """The reason in ``language`` (the current one when None)."""
        return told(self.reason, language)
