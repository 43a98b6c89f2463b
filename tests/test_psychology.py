"""PSICOLOGÍA: CH PSI, CH LOC, panic and fleeing, stress."""

from __future__ import annotations

import pytest

from wartime.engine import Action, GameState, IllegalActionError, PendingKind
from wartime.engine.psychology import loc_check, psi_check

from .engine_support import ScriptedDice, do, profile, scenario, started


def quiet():  # type: ignore[no-untyped-def]
    """a and b far apart, b looking away: no reactions get in the way."""
    return scenario(
        [("a", "A", (5.0, 5.0), 90.0), ("b", "B", (35.0, 25.0), 90.0)],
        profiles={"a": profile("a", vol=4), "b": profile("b", vol=3)},
    )


def test_critical_psi_gives_atr_plus_one_for_the_activation() -> None:
    """CH PSI, Crítico: CH ATR +1 until the end of the activation."""
    state = started(quiet(), faces=[1])
    psi_check(state, state.figures["a"], "prueba")
    assert state.figures["a"].psi_bonus == 1


def test_failed_psi_adds_stress_and_outside_its_turn_costs_the_next_action() -> None:
    """CH PSI, Fallo: +1 stress; outside its activation the Pj loses its next action (DESIGN §7)."""
    state = started(quiet(), faces=[8])
    events = psi_check(state, state.figures["b"], "heridas")
    b = state.figures["b"]
    assert b.stress == 1 and b.lose_next and "perderá" in events[-1].text
    do(state, Action("end"))
    state.dice = ScriptedDice([])
    events = do(state, Action("activate", "b"))
    assert any(e.kind == "lost_action" for e in events) and b is not state.figures["b"]
    assert state.figures["b"].actions_taken == 1 and not state.figures["b"].lose_next


def test_fumbled_psi_calls_for_loc_and_failed_loc_means_panic() -> None:
    """CH PSI, Pifia: +1 stress and CH LOC; CH LOC, Fallo: panic."""
    state = started(quiet(), faces=[10, 9])
    events = psi_check(state, state.figures["a"], "heridas")
    assert [e.data["purpose"] for e in events if e.kind == "roll"] == [
        "CH PSI (heridas)",
        "CH LOC (heridas)",
    ]
    assert state.figures["a"].panic and state.figures["a"].stress == 1


def test_fumbled_loc_costs_one_vol_for_good() -> None:
    """CH LOC, Pifia: panic and VOL −1 permanently."""
    state = started(quiet(), faces=[10])
    loc_check(state, state.figures["a"], "prueba")
    assert state.figures["a"].vol == 3 and state.figures["a"].panic


def test_panic_means_atr_minus_one_and_fleeing_only() -> None:
    """Pánico: CH ATR −1; a Pj in panic always flees (away from the enemy)."""
    state = started(quiet(), faces=[9, 9])
    state.figures["a"].panic = True
    with pytest.raises(IllegalActionError, match="can only flee"):
        do(state, Action("agacharse"))
    with pytest.raises(IllegalActionError, match="must move away from b"):
        do(state, Action("mover", point=(6, 6)))
    do(state, Action("mover", point=(4, 4)))
    from wartime.engine.checks import acting_modifiers

    assert ("pánico", -1) in acting_modifiers(state.figures["a"])


def test_panic_ends_with_a_vol_check_helped_by_calm_allies() -> None:
    """Pánico: CH VOL at the start of its activation, +1 per calm ally within 5 K."""
    scn = scenario(
        [
            ("a", "A", (5.0, 5.0), 90.0),
            ("c", "A", (8.0, 5.0), 90.0),
            ("b", "B", (35.0, 25.0), 90.0),
        ],
        profiles={"a": profile("a", vol=4), "c": profile("c", vol=2), "b": profile("b", vol=3)},
    )
    state = scn.new_game()
    state.figures["a"].panic = True
    state.dice = ScriptedDice([9, 1, 5])
    state.apply(Action("initiative", "a"))
    state.apply(Action("initiative", "b"))
    events = state.apply(Action("activate", "a"))
    check = next(e for e in events if e.kind == "roll")
    assert check.data["modifiers"] == [["aliado sereno", 1]] and check.data["outcome"] == "pass"
    assert not state.figures["a"].panic


def test_outnumbered_checks_psi_at_the_start_of_its_activation() -> None:
    """PSICOLOGÍA: more enemies within 5 K than VOL + allies within 5 K: CH PSI."""
    crowd = [
        ("e0", "B", (8.0, 8.0), 270.0),
        ("e1", "B", (9.2, 8.0), 270.0),
        ("e2", "B", (8.0, 9.2), 270.0),
    ]
    scn = scenario(
        [("a", "A", (5.0, 5.0), 90.0), *crowd],
        profiles={"a": profile("a", vol=2), **{f"e{i}": profile(f"e{i}", vol=1) for i in range(3)}},
    )
    state = scn.new_game()
    state.dice = ScriptedDice([9, 1, 1, 1, 4])
    state.apply(Action("initiative", "a"))
    state.apply(Action("initiative", "e0"))
    events = state.apply(Action("activate", "a"))
    assert any(
        e.data.get("purpose") == "CH PSI (superado en número)" for e in events if e.kind == "roll"
    )


def test_stress_at_vol_ends_the_activation_with_a_loc_check() -> None:
    """Estrés: starting to act with stress = VOL calls for a CH LOC and ends the activation."""
    state = quiet().new_game()
    state.figures["a"].stress = 4
    state.dice = ScriptedDice([9, 1, 5])
    state.apply(Action("initiative", "a"))
    state.apply(Action("initiative", "b"))
    events = state.apply(Action("activate", "a"))
    assert [e.data["purpose"] for e in events if e.kind == "roll"] == ["CH LOC (estrés)"]
    assert state.figures["a"].acted and state.pending.kind is not PendingKind.ACT


def test_stress_above_vol_knocks_out() -> None:
    """Estrés: above VOL the Pj is unconscious, a casualty."""
    from wartime.engine.psychology import stress_limits

    state = started(quiet())
    a = state.figures["a"]
    a.stress = 5
    events = stress_limits(state, a)
    assert a.unconscious and a.casualty and events[0].kind == "unconscious"


def test_a_panicking_pj_is_only_offered_ways_away() -> None:
    """Pánico: the legal moves of a Pj in panic all take it away from the nearest enemy."""
    import math

    state = started(quiet(), faces=[9] * 10)
    state.figures["a"].panic = True
    moves = [a for a in state.legal_actions() if a.point is not None]
    foe = state.figures["b"].position
    start = state.figures["a"].position
    assert moves and all(math.dist(a.point, foe) > math.dist(start, foe) for a in moves)
    assert {a.kind for a in state.legal_actions() if a.point is None} <= {"end"}


def _wounded_by_b(faces: list[int]) -> GameState:
    """b (B, acting) shoots a 3.5 K away: the hit wounds a, whose CH PSI and CH LOC follow."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (14.5, 10.0), 180.0)]
    scn = scenario(units, profiles={"a": profile("a", con=9), "b": profile("b", con=9)})
    state = scn.new_game()
    state.dice = ScriptedDice([1, 9, *faces, *[6, 5] * 10])  # B wins the initiative
    for action in (Action("initiative", "a"), Action("initiative", "b"), Action("activate", "b")):
        state.apply(action)
    return state


def test_critical_loc_sends_the_pj_to_charge_what_caused_it() -> None:
    """CH LOC, Crítico: the Pj charges what brought the check: hit by b, its CH PSI fumbled
    and its CH LOC a 1, a must charge b as it next acts; any other action is refused
    while the charge can be made, and the charge ends the fury."""
    # b's CH IMP 3 hits, a's CH DEF 9 fails, a's CH PSI 10 is a fumble, its CH LOC a 1.
    state = _wounded_by_b([3, 9, 10, 1])
    events = do(state, Action("ataque_distancia", target="a", item="fusil"))
    assert state.figures["a"].fury == "b" and not state.figures["a"].panic
    assert any(e.kind == "fury" for e in events)
    do(state, Action("end"))
    do(state, Action("activate", "a"))
    with pytest.raises(IllegalActionError, match="must charge b"):
        state.apply(Action("ataque_distancia", target="b", item="fusil"))
    offered = {a.kind for a in state.legal_actions()}
    assert offered <= {"end", "cargar"} and "cargar" in offered
    do(state, Action("cargar", target="b"))
    assert state.figures["a"].fury is None


def test_the_fury_lapses_when_the_charge_cannot_be_made_or_the_activation_ends() -> None:
    """CH LOC, Crítico: out of Cargar's reach the Pj acts freely; the fury is owed for
    one activation of its own only."""
    state = _wounded_by_b([3, 9, 10, 1])
    do(state, Action("ataque_distancia", target="a", item="fusil"))
    state.figures["b"].position = (30.0, 10.0)  # beyond MOV + 3 K
    do(state, Action("end"))
    do(state, Action("activate", "a"))
    do(state, Action("agacharse"))  # allowed: the charge is impossible
    do(state, Action("end"))
    assert state.figures["a"].fury is None


def test_outnumbered_critical_loc_charges_the_nearest_enemy() -> None:
    """CH LOC, Crítico, when the check came from being outnumbered: the cause is the
    nearest of the enemies around it."""
    units = [
        ("a", "A", (10.0, 10.0), 0.0),
        ("b", "B", (13.0, 10.0), 180.0),
        ("c", "B", (14.0, 12.0), 180.0),
        ("d", "B", (13.0, 14.0), 180.0),
    ]
    profiles = {k: profile(k, vol=2) for k in "abcd"}  # all act in phase 2
    # a's CH PSI (superado en número) 10 is a fumble, its CH LOC a 1.
    state = started(scenario(units, profiles=profiles), faces=[10, 1, *[6, 5] * 5])
    assert state.figures["a"].fury == "b"  # three enemies within 5 K against VOL 2
