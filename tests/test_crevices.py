"""Crevices (the map's ``crevice`` terrain, recovecos) and Serpiente (BONUS Y MALUS).

A crevice is difficult ground (MOVIMIENTO, Terreno y Energía: ENE +1); Serpiente moves
through it as easy ground.  a walks 1 K east from (10, 10) across a crevice strip.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wartime.board.battlefield import Terrain, TerrainKind
from wartime.engine import Action, GameState, IllegalActionError
from wartime.engine.core.profiles import Trait
from wartime.geometry.terrain import Ground, path_cost

from .engine_support import do, profile, scenario, started

STRIP = ((10.4, 8.0), (10.8, 8.0), (10.8, 12.0), (10.4, 12.0))
ROCKS = ((10.2, 9.0), (10.3, 9.0), (10.3, 11.0), (10.2, 11.0))


def test_a_crevice_is_difficult_ground_and_says_so() -> None:
    crossed = path_cost([(10.0, 10.0), (11.0, 10.0)], 1.0, [Ground("grieta", STRIP, "crevice")], [])
    assert (crossed.ene, crossed.worst, crossed.crevices) == (1, "difficult", ("grieta",))
    assert crossed.beside_crevices == "easy"


def test_the_worst_ground_besides_the_crevices_is_kept() -> None:
    areas = [Ground("grieta", STRIP, "crevice"), Ground("pedregal", ROCKS, "extreme")]
    crossed = path_cost([(10.0, 10.0), (11.0, 10.0)], 1.0, areas, [])
    assert (crossed.worst, crossed.beside_crevices) == ("extreme", "extreme")


def _walker(traits: tuple[Trait, ...]) -> GameState:
    crevice = Terrain(STRIP, TerrainKind.CREVICE, "grieta")
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (30.0, 10.0), 180.0)]
    scn = scenario(units, profiles={"a": replace(profile("a"), traits=traits)}, terrain=(crevice,))
    state = started(scn)
    state.reseed(2)
    return state


@pytest.mark.parametrize(("traits", "paid"), [((), 2), ((Trait("Serpiente"),), 1)])
def test_serpiente_moves_through_crevices_as_easy_ground(
    traits: tuple[Trait, ...], paid: int
) -> None:
    """BONUS Y MALUS, Serpiente: Mover across the crevice costs 1 + 1 (difficult) for
    anyone else, and 1 for it."""
    state = _walker(traits)
    ene = state.figures["a"].ene
    do(state, Action("mover", point=(11.0, 10.0), facing=0.0))
    assert state.figures["a"].ene == ene - paid
    assert state.figures["a"].position == pytest.approx((11.0, 10.0))


@settings(max_examples=25, deadline=None)
@given(
    x=st.floats(min_value=8.0, max_value=13.0),
    y=st.floats(min_value=7.0, max_value=13.0),
)
def test_a_serpiente_never_pays_more_than_anyone_else(x: float, y: float) -> None:
    """Serpiente: whatever the move, across crevices or not, it costs it no more ENE than
    it costs a figure without the entry (and a refused move is refused for both)."""
    costs = []
    for traits in ((), (Trait("Serpiente"),)):
        state = _walker(traits)
        try:
            do(state, Action("mover", point=(x, y), facing=0.0))
        except IllegalActionError:
            costs.append(None)
            continue
        costs.append(8 - state.figures["a"].ene)
    plain, snake = costs
    assert (plain is None) == (snake is None)
    assert plain is None or snake is None or snake <= plain
