"""Errors shared by every layer.

A loader never stops at the first mistake: it collects :class:`Problem` values
and raises one :class:`DataError` holding all of them, so a user fixes a file in
one pass.  The CLI prints each problem on its own line and exits with status 2.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from wartime.i18n import Message, Reason, say, told


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a file: where it is and what is allowed instead.

    The message is a :class:`~wartime.i18n.Message` (or, from code not yet converted,
    plain text), worded when shown: ``str()`` in English, the core's own language (tests,
    tracebacks, :class:`DataError`), :meth:`text` in the language of the moment.
    """

    file: str
    path: str  # inside the file, e.g. "archetypes[3].DAÑ"; "" for the whole file
    message: Reason
    line: int | None = None  # 1-based, when the YAML node could be located
    severity: Severity = Severity.ERROR

    def where(self) -> str:
        """``file:line: path``: names and numbers, the same in every language."""
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.path}" if self.path else where

    def __str__(self) -> str:
        """One line, always: user text with newlines must not split a report."""
        return self.text("en")

    def reason(self, language: str | None = None) -> str:
        """The message alone in ``language`` (the current one when None)."""
        return told(self.message, language)

    def said(self) -> Message:
        """The whole problem as a message, to be nested in another (an army file's first
        problem in the map that links it): ``file:line: path: [warning: ]reason``."""
        reason: Reason = self.message
        if self.severity is Severity.WARNING:
            reason = say("cli.problem.warning", reason=reason)
        return say("phrase.errors.located", where=self.where(), reason=reason)

    def text(self, language: str | None = None) -> str:
        """The whole located line in ``language`` (the current one when None), on one line:
        the location as it is, the reason and a warning's "warning:" worded."""
        return " ".join(self.said().text(language).splitlines())


class DataError(Exception):
    """A file (or packaged data) could not be loaded; holds every problem found."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class ReasonError(ValueError):
    """A refusal meant for a person (a refused edit, an army file that cannot be found).

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


class IllegalActionError(ReasonError):
    """An action the rules forbid; its reason is meant for the player (see
    :class:`ReasonError`)."""
