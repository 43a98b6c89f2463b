"""What one side knows of the game: hidden information (Invisible) kept from the other.

The state holds everything; a side's view of it leaves out the enemy figures that are
invisible to it (:func:`sight.unseen`: off the board, their place marked in secret),
unless one of its figures carries an entry that ignores Invisible (Radar).  Its own
invisible figures it knows, where they are.

- :func:`observe` gives the side's view as plain values, for a screen or a test;
- ``GameState.observed`` gives a copy of the game with those figures taken out, for a
  player that decides on it (the AI), so that it never reads what its side cannot know.

This module reads a game through :class:`Known` (what a view needs of it), so the state
can use it without a cycle.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from wartime.engine.core.figures import Figure
from wartime.engine.core.sight import INVISIBLE, senses


class Known(Protocol):
    """What a side's view reads of the game (GameState has it)."""

    @property
    def figures(self) -> Mapping[str, Figure]: ...

    @property
    def invisible(self) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class Observation:
    """One side's view: the figures it knows of (copies), by id."""

    side: str
    figures: Mapping[str, Figure]


def hidden_from(state: Known, side: str) -> frozenset[str]:
    """The enemy figures ``side`` cannot know are there (invisible to all of its own)."""
    if not state.invisible:
        return frozenset()
    radar = any(
        f.side == side and f.present and INVISIBLE in senses(f).unveils
        for f in state.figures.values()
    )
    if radar:
        return frozenset()
    return frozenset(fid for fid in state.invisible if state.figures[fid].side != side)


def observe(state: Known, side: str) -> Observation:
    """What ``side`` knows: every figure but the enemies hidden from it."""
    hidden = hidden_from(state, side)
    figures = {fid: f.copy() for fid, f in state.figures.items() if fid not in hidden}
    return Observation(side, figures)
