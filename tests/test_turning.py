"""Girar y pivotar (MOVIMIENTO): a Pj turns freely while it acts.

Turning is free for a Pj in its own activation and impossible outside it, so ``girar``
costs no ENE, is no action of a chain (the next action takes no −1 for it), is offered by
legal_actions() in its own activation, and is refused to a reactor, to a Pj in panic
(it may only flee) and to a transport (which turns 45° after a move, or pivots).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wartime.engine import Action, IllegalActionError, PendingKind

from .engine_support import do, refused, scenario, started
from .test_reactions import watched

UNITS = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (30.0, 20.0), 180.0)]


def test_girar_turns_the_pj_for_no_ene_and_is_no_action_of_a_chain() -> None:
    state = started(scenario(UNITS))
    ene = state.figures["a"].ene
    events = do(state, Action("girar", "a", facing=90.0))
    figure = state.figures["a"]
    assert figure.facing == 90.0 and figure.ene == ene
    assert figure.actions_taken == 0  # the next action is still the first of the chain
    assert [e.kind for e in events] == ["turn"]
    assert state.pending.kind is PendingKind.ACT and state.pending.figure == "a"


def test_legal_actions_offer_the_eight_facings_but_the_one_it_has() -> None:
    state = started(scenario(UNITS))
    turns = [a for a in state.legal_actions() if a.kind == "girar"]
    assert [a.facing for a in turns] == [45.0 * k for k in range(1, 8)]
    assert all(state.check(a) is None for a in turns)


def test_girar_is_refused_with_a_reason_and_changes_nothing() -> None:
    state = started(scenario(UNITS))
    refused(state, Action("girar", "a"), "needs the facing")
    refused(state, Action("girar", "a", facing=360.2), "already faces 0°")


def test_a_reactor_cannot_turn_freely() -> None:
    """Girar y pivotar: outside its own activation a Pj does not turn: no reaction."""
    state = started(watched(), faces=[2, 5, 5])  # b's CH VOL to react passes
    state.apply(Action("agacharse"))
    state.apply(Action("react", "b"))
    assert state.pending.kind is PendingKind.REACT_ACT
    assert not [a for a in state.legal_actions() if a.kind == "girar"]
    refused(state, Action("girar", "b", facing=90.0), "cannot be used as a reaction")


@settings(max_examples=30, deadline=None)
@given(st.floats(-720.0, 720.0, allow_nan=False))
def test_any_facing_turns_to_it_or_is_refused_leaving_the_state_as_it_was(facing: float) -> None:
    state = started(scenario(UNITS))
    before = state.hash()
    action = Action("girar", "a", facing=facing)
    if state.check(action) is None:
        do(state, action)
        assert state.figures["a"].facing == pytest.approx(facing % 360)
    else:
        with pytest.raises(IllegalActionError):
            state.apply(action)
        assert state.hash() == before


def test_a_pj_in_panic_does_not_turn_it_only_flees() -> None:
    """Pánico: the Pj may only flee, so no free turn is offered or taken."""
    state = started(scenario(UNITS))
    state.figures["a"].panic = True
    assert not [a for a in state.legal_actions() if a.kind == "girar"]
    refused(state, Action("girar", "a", facing=90.0), "in panic")


def test_turning_to_an_enemy_behind_lets_the_pj_shoot_it_for_the_weapons_ene_alone() -> None:
    """Girar y pivotar, then Ataque a distancia: the turn costs nothing and adds no −1."""
    units = [("a", "A", (20.0, 10.0), 0.0), ("b", "B", (10.0, 10.0), 0.0)]  # b behind a
    state = started(scenario(units), [5] * 12)
    shot = Action("ataque_distancia", "a", target="b", item="fusil")
    assert state.check(shot) is not None  # out of the CdV, behind the shooter
    ene = state.figures["a"].ene
    do(state, Action("girar", "a", facing=180.0))
    preview = state.preview(shot)
    impact = next(c for c in preview.checks if c.check == "IMP")
    assert preview.ene == 3
    assert not any(label.startswith("acción encadenada") for label, _ in impact.modifiers)
    do(state, shot)
    assert state.figures["a"].ene == ene - 3  # the rifle's ENE, and nothing for the turn
