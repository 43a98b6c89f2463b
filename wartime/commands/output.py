"""How the commands print: JSON, and one line per problem on stderr."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from wartime.errors import DataError, Problem
from wartime.i18n import text

EXIT_OK = 0
EXIT_DATA = 2


def output_file(command: str, name: str, suffix: str) -> Path | None:
    """``--out``: the file to write, or None (and why, on stderr) when its name does not
    end in ``suffix`` or its folder does not exist."""
    out = Path(name)
    if out.suffix.lower() != suffix:
        message = text("cli.out.suffix", suffix=suffix)
        print(f"wartime {command}: --out: {out}: {message}", file=sys.stderr)
    elif not out.parent.is_dir():
        message = text("cli.out.no_folder")
        print(f"wartime {command}: --out: {out.parent}: {message}", file=sys.stderr)
    else:
        return out
    return None


def print_json(value: Any) -> None:
    print(json.dumps(value, ensure_ascii=False, indent=2))


def warn(problem: Problem) -> None:
    print(problem, file=sys.stderr)


def report(exc: DataError) -> None:
    for problem in exc.problems:
        print(problem, file=sys.stderr)
