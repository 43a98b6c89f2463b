"""Deployment: a list's characters not on the map are placed before the first turn."""

from __future__ import annotations

from pathlib import Path

import pytest

from wartime.engine import Action, IllegalActionError, PendingKind
from wartime.engine.ai.players import play_out
from wartime.engine.core.saves import load_game, save_game
from wartime.engine.core.scenario import load_scenario

from .conftest import ROOT

ARMIES = {
    "A": ROOT / "assets" / "armies" / "legion.yaml",
    "B": ROOT / "assets" / "armies" / "culto.yaml",
}
# the open field as it stood with four figures of no character (the corpus's copy): every
# character of the two lists then waits in reserve
OPEN_FIELD = ROOT / "tests" / "corpus" / "maps" / "campo-abierto.yaml"


@pytest.fixture(scope="module")
def scn():  # type: ignore[no-untyped-def]
    return load_scenario(OPEN_FIELD, ARMIES, seed=3, lists={"A": "seccion", "B": "culto"})


def test_list_characters_not_on_the_map_wait_in_reserve(scn) -> None:  # type: ignore[no-untyped-def]
    """LISTAS DE JUEGO: each character of the list is a figure (repeats count)."""
    sides = [r.side for r in scn.reserves]
    assert sides.count("A") == 5 and sides.count("B") == 6
    assert len({r.id for r in scn.reserves}) == 11


def test_sides_take_turns_to_deploy_inside_their_zones(scn) -> None:  # type: ignore[no-untyped-def]
    state = scn.new_game()
    assert state.pending.kind is PendingKind.DEPLOY and state.pending.side == "A"
    first = state.legal_actions()[0]
    state.apply(first)
    assert state.pending.side == "B" and first.figure in state.figures
    with pytest.raises(IllegalActionError, match="side B's turn"):
        state.apply(Action("deploy", state.reserves[0], point=(3, 2)))


def test_a_spot_outside_the_zone_or_on_a_figure_is_refused(scn) -> None:  # type: ignore[no-untyped-def]
    state = scn.new_game()
    reserve = state.reserves[0]
    before = state.hash()
    with pytest.raises(IllegalActionError, match="wholly inside a deployment zone"):
        state.apply(Action("deploy", reserve, point=(12, 9)))
    a_unit = next(f for f in state.figures.values() if f.side == "A")
    with pytest.raises(IllegalActionError, match="would overlap"):
        state.apply(Action("deploy", reserve, point=a_unit.position))
    assert state.hash() == before


def test_after_deployment_the_game_plays_and_replays(scn, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    state = play_out(scn.new_game())
    assert state.over and not state.reserves
    assert sum(1 for e in state.log if e.kind == "deploy") == 11
    path = tmp_path / "partida.yaml"
    save_game(state, path)
    assert load_game(path).hash() == state.hash()


def test_an_unknown_list_is_refused() -> None:
    from wartime.errors import DataError

    with pytest.raises(DataError, match="no list 'nada'"):
        load_scenario(OPEN_FIELD, ARMIES, lists={"A": "nada"})
