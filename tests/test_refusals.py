"""GameState.refusals: the actions a figure cannot take now, each with the engine's
reason, for the play screen to grey out (issue 13)."""

from __future__ import annotations

from wartime.engine import Action, GameState
from wartime.i18n import told
from wartime.rules.actions import load_actions

from .engine_support import duel, started


def _acting() -> GameState:
    """The duel with a acting, on ordinary dice after the scripted initiative."""
    state = started(duel())
    state.reseed(2)
    return state


def test_every_action_of_the_book_is_either_offered_or_refused_with_a_reason() -> None:
    state = _acting()
    before = state.hash()
    refused = {r.kind: r.reason for r in state.refusals("a")}
    offered = {a.kind for a in state.legal_actions()}
    assert not refused.keys() & offered
    book = {a.id for a in load_actions().actions}
    assert refused.keys() <= book and all(refused.values())
    assert state.hash() == before


def test_the_reasons_are_the_engines_for_what_a_player_would_try() -> None:
    """Cargar (ACCIONES DE COMBATE): reach MOV + 3 K; a rifleman 10 K away is too far."""
    state = _acting()
    refused = {r.kind: r.reason for r in state.refusals("a")}
    assert "reaches" in told(refused["cargar"], "en")
    assert told(refused["levantarse"], "en") == "a is already standing"
    assert refused["cargar"] == state.check(Action("cargar", "a", target="b"))


def test_a_figure_that_is_not_acting_may_take_no_action() -> None:
    state = _acting()
    refused = state.refusals("b")
    assert len(refused) == len(load_actions().actions)
    assert {told(r.reason, "en") for r in refused} == {"It is not b's turn to act"}
    assert {told(r.reason, "es") for r in refused} == {"No es el turno de b"}
