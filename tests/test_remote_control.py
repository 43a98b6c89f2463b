"""Control remoto (BONUS Y MALUS): a remote unit acts when its controller activates it.

t (the técnico, side A) operates d (the dron, side A, Control remoto; the army's
``controller: t``); e stands for side B.  See entries/remote.py for the reading.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from wartime.engine import Action, GameState, IllegalActionError, PendingKind
from wartime.engine.ai import choose
from wartime.engine.core.profiles import Trait

from .engine_support import ScriptedDice, do, profile, scenario, started

DRONE = replace(profile("d"), traits=(Trait("Control remoto"),), controller="t")
USE = Action("usar_bonus", "t", target="d", item="Control remoto")


def _game(drone: object = DRONE) -> GameState:
    units = [("t", "A", (10.0, 10.0), 0.0), ("d", "A", (30.0, 20.0), 0.0),
             ("e", "B", (21.0, 10.0), 180.0)]  # fmt: skip
    state = started(scenario(units, profiles={"d": drone}), first="t", second="e")
    state.reseed(3)  # ordinary dice after the scripted initiative
    return state


def _activations(state: GameState) -> set[str]:
    return {a.figure or "" for a in state.legal_actions() if a.kind == "activate"}


def test_the_remote_unit_is_not_offered_in_the_phases_order() -> None:
    """Control remoto: the dron never activates on its own; with the técnico and the
    enemy done, the turn ends without it."""
    state = _game()
    do(state, Action("end"))
    assert state.pending.kind is PendingKind.ACTIVATE and state.pending.side == "B"
    do(state, Action("activate", "e"))
    do(state, Action("end"))
    assert state.turn == 2 and not state.figures["d"].acted


def test_activating_the_remote_unit_directly_is_refused_with_the_reason() -> None:
    units = [("t", "A", (10.0, 10.0), 0.0), ("d", "A", (30.0, 20.0), 0.0),
             ("e", "B", (21.0, 10.0), 180.0)]  # fmt: skip
    state = scenario(units, profiles={"d": DRONE}).new_game()
    state.dice = ScriptedDice([9, 1])  # side A wins the initiative
    state.apply(Action("initiative", "t"))
    state.apply(Action("initiative", "e"))
    assert state.pending.kind is PendingKind.ACTIVATE and state.pending.side == "A"
    before = state.hash()
    assert _activations(state) == {"t"}
    with pytest.raises(IllegalActionError, match="operated by t: it acts when they activate it"):
        state.apply(Action("activate", "d"))
    assert state.hash() == before


def test_the_controller_activates_it_for_ene_1_from_anywhere() -> None:
    """Control remoto: Usar bonus (ENE 1) in the técnico's activation, 20 K away and out
    of its CdV (no LdV needed); the dron gains its ENE and acts, then the técnico goes on."""
    state = _game()
    assert USE in state.legal_actions()
    ene = state.figures["t"].ene
    events = do(state, USE)
    assert state.figures["t"].ene == ene - 1
    assert state.active == "d" and state.figures["d"].ene == 8  # CON 4 + AGI 4
    assert "d actúa por Control remoto de t: ENE +8 → 8" in [e.text for e in events]
    do(state, Action("mover", point=(31.0, 20.0), facing=0.0))
    events = do(state, Action("end"))
    assert state.active == "t" and state.figures["d"].acted
    assert state.pending.kind is PendingKind.ACT and state.pending.figure == "t"
    assert [e.kind for e in events][-1] == "remote_done"


def test_once_a_turn() -> None:
    state = _game()
    do(state, USE)
    do(state, Action("end"))
    before = state.hash()
    assert USE not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="already acted this turn"):
        state.apply(USE)
    assert state.hash() == before


def test_with_its_controller_out_of_the_game_it_stays_still() -> None:
    """Our reading: with no figure of its controller's character left, nobody
    activates it; the turns go on without it."""
    state = _game()
    state.figures["t"].wounds = state.figures["t"].profile.con  # taken out
    do(state, Action("end"))
    do(state, Action("activate", "e"))
    do(state, Action("end"))
    assert state.turn == 2 and not state.figures["d"].acted


def test_a_figure_of_another_character_cannot_activate_it() -> None:
    state = _game(replace(DRONE, controller="someone_else"))
    assert not [a for a in state.legal_actions() if a.item == "Control remoto"]
    with pytest.raises(IllegalActionError, match="operates no remote unit"):
        state.apply(USE)


def test_without_a_controller_it_acts_on_its_own() -> None:
    """An army that names no controller: the dron is an ordinary Pj (the checker warns)."""
    state = _game(replace(DRONE, controller=None))
    do(state, Action("end"))
    do(state, Action("activate", "e"))
    do(state, Action("end"))
    assert "d" in _activations(state)


def test_the_baseline_ai_activates_its_remote_unit_first() -> None:
    """The AI uses the entry too: the técnico activates the dron before acting itself."""
    state = _game()
    assert choose(state) == USE
    state.apply(USE)
    assert state.active == "d"
