"""Crevices (the map's ``crevice`` terrain, recovecos) and Serpiente (BONUS Y MALUS).

A crevice is difficult ground (MOVIMIENTO, Terreno y Energía: ENE +1); Serpiente moves
through it as easy ground.  a walks 1 K east from (10, 10) across a crevice strip.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from wartime.board.battlefield import Terrain, TerrainKind
from wartime.engine import Action, GameState
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
