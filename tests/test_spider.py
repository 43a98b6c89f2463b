"""Araña (BONUS Y MALUS): walls and ceilings are easy ground, so its moves go over them.

a stands at (10, 10) facing east; a wall 3 K tall (too tall to step over) runs north to
south at x = 11; b stands far away for side B.  See entries/afloat.py for the reading.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wartime.board.battlefield import Obstacle, Wall
from wartime.engine import Action, GameState, IllegalActionError
from wartime.engine.core.profiles import Trait

from .engine_support import do, profile, scenario, started

WALL = Wall(((11.0, 5.0), (11.0, 15.0)), 3.0, 5)
HUT = Obstacle(((12.5, 9.0), (14.5, 9.0), (14.5, 11.0), (12.5, 11.0)), 3.0, 5, "caseta")


def _game(traits: tuple[Trait, ...]) -> GameState:
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (35.0, 25.0), 180.0)]
    a = replace(profile("a", mov=4.0), traits=traits)
    state = started(scenario(units, profiles={"a": a}, walls=(WALL,), obstacles=(HUT,)))
    state.reseed(2)
    return state


def test_a_spider_walks_over_a_wall_as_easy_ground() -> None:
    """Araña: Mover (MOV 4) straight over the wall to (12, 10), for ENE 1."""
    state = _game((Trait("Araña"),))
    ene = state.figures["a"].ene
    do(state, Action("mover", point=(12.0, 10.0), facing=0.0))
    assert state.figures["a"].position == pytest.approx((12.0, 10.0))
    assert state.figures["a"].ene == ene - 1


def test_anyone_else_is_stopped_by_the_wall() -> None:
    state = _game(())
    do(state, Action("mover", point=(12.0, 10.0), facing=0.0))
    assert state.figures["a"].position[0] < 11.0


def test_a_spider_cannot_end_its_move_on_a_solid() -> None:
    state = _game((Trait("Araña"),))
    before = state.hash()
    with pytest.raises(IllegalActionError, match="cannot end its move on caseta"):
        state.apply(Action("mover", point=(13.5, 10.0), facing=0.0))
    assert state.hash() == before


@settings(max_examples=25, deadline=None)
@given(
    x=st.floats(min_value=6.0, max_value=16.0),
    y=st.floats(min_value=6.0, max_value=14.0),
)
def test_a_spider_always_ends_on_free_ground(x: float, y: float) -> None:
    """Araña: over walls or not, a move it is allowed ends with its base on free ground
    (no wall, building or base under it)."""
    state = _game((Trait("Araña"),))
    try:
        do(state, Action("mover", point=(x, y), facing=0.0))
    except IllegalActionError:
        return
    assert state.physics().overlaps(state.figures["a"].disc()) == []
