"""How the commands print: JSON, and one line per problem on stderr.

A problem is printed in the run's language: its reason is a message of the catalogue
(:meth:`wartime.errors.Problem.text`), and so is its framing ("warning:").
"""

from __future__ import annotations

import errno
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


def system_reason(exc: OSError) -> str:
    """Why the system refused a file, in the run's language: the catalogue's words for the
    usual reasons (``cli.os.ENOENT``...), else the C library's own (``strerror``)."""
    name = errno.errorcode.get(exc.errno or 0)
    if name is not None:
        key = f"cli.os.{name}"
        worded = text(key)
        if worded != key:
            return worded
    return str(exc.strerror or exc)


def problem_line(problem: Problem) -> str:
    """``file:line: path: reason`` on one line, in the run's language."""
    return problem.text()


def warn(problem: Problem) -> None:
    print(problem_line(problem), file=sys.stderr)


def report(exc: DataError) -> None:
    for problem in exc.problems:
        print(problem_line(problem), file=sys.stderr)
