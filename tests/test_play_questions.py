"""Positions that wait on a question midway (a chain's jump, Fortuna), for the play
screen's tests; each is built as the engine's own tests build it."""

from __future__ import annotations

from wartime.engine import Action, GameState

from . import engine_support as support
from .test_areas import FAIL_DEF, PASS_PSI, _tied_chain
from .test_fortune import SHOT, duel


def question_state(kind: str) -> GameState:
    """A position whose pending is ``kind`` ("jump" or "fortune")."""
    if kind == "jump":
        state = _tied_chain([3, *[FAIL_DEF, PASS_PSI] * 3, *[5] * 12])
        support.do(state, Action("ataque_distancia", target="b", item="rayo"))
        return state
    state = duel([9, 3, 9, 5])
    support.do(state, SHOT)
    return state


def test_the_positions_wait_on_their_questions() -> None:
    assert question_state("jump").pending.kind.value == "jump"
    assert question_state("fortune").pending.kind.value == "fortune"


def respond_state() -> GameState:
    """a (side A) declares Cargar at b, 3 K away: b's side must answer (Huir, or not)."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (14.0, 10.0), 180.0)]
    state = support.started(support.scenario(units))
    state.reseed(4)
    state.apply(Action("cargar", "a", target="b"))
    return state


def test_a_declared_charge_waits_for_the_targets_answer() -> None:
    assert respond_state().pending.kind.value == "respond"
