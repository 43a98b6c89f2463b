"""How the commands print: JSON, and one line per problem on stderr."""

from __future__ import annotations

import json
import sys
from typing import Any

from wartime.errors import DataError, Problem

EXIT_OK = 0
EXIT_DATA = 2


def counted(count: int, one: str, other: str) -> str:
    """``count`` with its noun in the right number: "1 wall", "2 walls", "0 walls"."""
    return f"{count} {one if count == 1 else other}"


def print_json(value: Any) -> None:
    print(json.dumps(value, ensure_ascii=False, indent=2))


def warn(problem: Problem) -> None:
    print(problem, file=sys.stderr)


def report(exc: DataError) -> None:
    for problem in exc.problems:
        print(problem, file=sys.stderr)
