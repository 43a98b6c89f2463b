"""What one side knows of the game: hidden information (Invisible) kept from the other.

The state holds everything; a side's view of it leaves out the enemy figures that are
invisible to it (:func:`sight.unseen`: off the board, their place marked in secret),
unless one of its figures carries an entry that ignores Invisible (Radar).  Its own
invisible figures it knows, where they are.

- :func:`observe` gives the side's view as plain values, for a screen or a test;
- :func:`observed` gives a copy of the game with those figures taken out, for a player
  that decides on it (the AI), so that it never reads what its side cannot know.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wartime.engine.core.figures import Figure
from wartime.engine.core.sight import INVISIBLE, senses

if TYPE_CHECKING:  # the state imports this module for GameState.observe
    from wartime.engine.core.state import GameState


@dataclass(frozen=True)
class Observation:
    """One side's view: the figures it knows of (copies), by id."""

    side: str
    figures: Mapping[str, Figure]


def hidden_from(state: GameState, side: str) -> frozenset[str]:
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


def observe(state: GameState, side: str) -> Observation:
    """What ``side`` knows: every figure but the enemies hidden from it."""
    hidden = hidden_from(state, side)
    figures = {fid: f.copy() for fid, f in state.figures.items() if fid not in hidden}
    return Observation(side, figures)


def observed(state: GameState, side: str) -> GameState:
    """A copy of the game as ``side`` knows it: the enemies hidden from it are not on
    the table at all (a player deciding on it cannot aim at, walk to or fear them)."""
    twin = state.clone()
    hidden = hidden_from(state, side)
    if hidden:
        twin.figures = {fid: f for fid, f in twin.figures.items() if fid not in hidden}
        twin.invisible = tuple(fid for fid in twin.invisible if fid not in hidden)
        twin._physics = None  # built again without them
    return twin
