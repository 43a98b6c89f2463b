"""The play screen's contract with a rule system (issue 13: a typed Protocol).

mypy checks the assignments below statically; the tests check them at run time and
play a game through the protocol alone, as the window does.
"""

from __future__ import annotations

from pathlib import Path

from wartime.engine import WARTIME, GameState, Playable, RuleSystem
from wartime.engine.ai import choose

from .engine_support import duel

MAP = Path(__file__).resolve().parents[1] / "maps" / "campo-abierto.yaml"


def _through_the_protocol(system: RuleSystem, state: Playable, steps: int) -> Playable:
    for _ in range(steps):
        if not state.legal_actions():
            break
        assert isinstance(state, GameState)  # the baseline AI reads Wartime's own state
        state.apply(choose(state))
    return state


def test_a_game_state_is_playable() -> None:
    state: Playable = duel().new_game()
    assert isinstance(state, Playable)
    assert state.pending.kind.value == "initiative"


def test_a_game_saved_and_loaded_through_the_rule_system_is_the_same(tmp_path: Path) -> None:
    system: RuleSystem = WARTIME
    state = _through_the_protocol(system, system.new_game(MAP, seed=4), 40)
    path = tmp_path / "partida.yaml"
    system.save(state, path)
    again = system.load(path)
    assert again.hash() == state.hash() and list(again.history) == list(state.history)
    clone = state.clone()
    clone.undo()
    assert len(clone.history) == len(state.history) - 1
