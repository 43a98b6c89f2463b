"""The table of maluses a failed CH LOC gives, read from ``data/madness.yaml``.

PSICOLOGÍA says a failed (or fumbled) CH LOC gains a malus without naming one; the
table is the project's ruling: ten psychological maluses of the catalogue, one per
face of 1D10.
"""

from __future__ import annotations

import functools
from typing import Any

from wartime import data
from wartime.errors import DataError, Problem
from wartime.rules.catalog import load_catalog

_SOURCE = "wartime/data/madness.yaml"
FACES = 10


def _validated(raw: Any) -> tuple[str, ...]:
    rows = raw.get("loc_malus") if isinstance(raw, dict) else None
    if not isinstance(rows, list) or len(rows) != FACES:
        raise DataError([Problem(_SOURCE, "loc_malus", f"expected {FACES} entry names")])
    names = {e.name for e in load_catalog().entries}
    problems = [
        Problem(_SOURCE, f"loc_malus[{i}]", f"'{row}' is not an entry of the catalogue")
        for i, row in enumerate(rows)
        if row not in names
    ]
    if len(set(rows)) != len(rows):
        problems.append(Problem(_SOURCE, "loc_malus", "an entry is listed twice"))
    if problems:
        raise DataError(problems)
    return tuple(rows)


@functools.cache
def loc_maluses() -> tuple[str, ...]:
    """The ten rows, face 1 first."""
    return _validated(data.read("madness.yaml"))


def malus_for(face: int, carried: frozenset[str]) -> str | None:
    """The malus ``face`` (1..10) gives a Pj carrying ``carried``: that row, or the next
    one down it lacks (10 wraps to 1); None when it carries all ten already."""
    rows = loc_maluses()
    for step in range(FACES):
        name = rows[(face - 1 + step) % FACES]
        if name not in carried:
            return name
    return None
