"""Ataque sorpresa (ACCIONES DE COMBATE; wartime/engine/actions/surprise.py).

a creeps up behind b with Mover sin hacer ruido, declares the surprise (0 ENE),
and its next CaC blow hits without a CH IMP while b's CH DEF takes −2.
ScriptedDice force every die.
"""

from __future__ import annotations

import dataclasses

from wartime.engine import Action, GameState
from wartime.engine.core.profiles import Trait

from .engine_support import KNIFE, do, profile, refused, scenario, started


def behind(faces: list[int], b_facing: float = 0.0, a_at: float = 9.0, **kw: object) -> GameState:
    """a (A) 1 K behind b (B), who looks away (+x); z keeps side B in the game."""
    units = [
        ("a", "A", (a_at, 10.0), 0.0),
        ("b", "B", (11.0, 10.0), b_facing),
        ("z", "B", (35.0, 25.0), 90.0),
    ]
    return started(scenario(units, **kw), faces)  # type: ignore[arg-type]


def crept(faces: list[int]) -> GameState:
    state = behind(faces)
    do(state, Action("mover_sin_hacer_ruido", point=(10.0, 10.0)))
    assert state.figures["a"].position == (10.0, 10.0)  # base contact with b's back
    return state


def test_a_surprise_blow_hits_without_ch_imp_and_takes_def_two_off() -> None:
    """Ataque sorpresa (0): CH IMP passed automatically, DEF −2 on the next CaC action."""
    state = crept([4, 3])  # no CH IMP: b's CH DEF 4 against DEF 3 − 2; its CH PSI 3
    ene = state.figures["a"].ene
    events = do(state, Action("ataque_sorpresa", target="b"))
    assert state.figures["a"].ene == ene and state.figures["a"].surprise == "b"
    events = do(state, Action("ataque_cac", target="b", item=KNIFE.id))
    assert [e for e in events if e.kind == "auto_hit"]
    assert not [e for e in events if e.kind == "roll" and e.data["purpose"] == "CH IMP"]
    (defence,) = [e.data for e in events if e.kind == "roll" and e.data["purpose"] == "CH DEF"]
    assert ["sorprendido", -2] in defence["modifiers"] and defence["outcome"] == "fail"
    assert state.figures["b"].wounds == KNIFE.dan  # DAÑ 2 + CON 4 − 4
    assert state.figures["a"].surprise is None  # spent by that blow


def test_the_surprise_is_lost_with_any_other_action_or_the_activation() -> None:
    state = crept([])
    do(state, Action("ataque_sorpresa", target="b"))
    do(state, Action("agacharse"))
    assert state.figures["a"].surprise is None
    state = crept([])
    do(state, Action("ataque_sorpresa", target="b"))
    do(state, Action("end"))
    assert state.figures["a"].surprise is None


def test_ataque_sorpresa_needs_the_back_contact_and_an_unnoticed_arrival() -> None:
    state = behind([], a_at=10.0)  # in contact from the start, but it walked in openly
    refused(state, Action("ataque_sorpresa", target="b"), "a was noticed")
    state = behind([], b_facing=180.0, a_at=10.0)  # b faces a
    refused(state, Action("ataque_sorpresa", target="b"), "in front of b")
    state = behind([])  # 1 K off: not in base contact
    refused(state, Action("ataque_sorpresa", target="b"), "needs a in base contact with b")


def test_invisible_or_mimetico_reach_a_back_unnoticed() -> None:
    sneaky = dataclasses.replace(profile("a"), traits=(Trait("Mimético"),))
    state = behind([], a_at=10.0, profiles={"a": sneaky})
    do(state, Action("ataque_sorpresa", target="b"))
    assert state.figures["a"].surprise == "b"


def test_a_silent_move_may_engage_only_an_enemys_back() -> None:
    """MOVIMIENTO, Restricciones: within 1 K only to engage; silently, from behind."""
    state = behind([], b_facing=180.0)
    refused(state, Action("mover_sin_hacer_ruido", point=(10.0, 10.0)), "Within 1 K")
