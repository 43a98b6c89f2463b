"""Holds and ties: Inmovilizar enemigo and Desatarse (actions/holds.py).

ACCIONES DE COMBATE, Inmovilizar enemigo: held until the target's next activation,
breaking free costs an action (ENE 3, CH CON ENF), and the holder may then tie it
(ENE 3, CH CON ENF).  ACCIONES GENÉRICAS, Desatarse (4, AGI D): steel needs two
criticals in a row; a fumble costs 1 wound.  Readings: docs/rules-interpretations.md,
"Holds and ties".
"""

from __future__ import annotations

from wartime.engine import Action, GameState

from .engine_support import do, refused, scenario, started


def _held(faces: list[int]) -> GameState:
    """a holds b (CH IMP 3; CH CON ENF a 2, b 5); b then has its own turn dice."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (11.0, 10.0), 180.0)]
    units.append(("z", "B", (35.0, 25.0), 180.0))
    state = started(scenario(units), [3, 2, 5, *faces])
    do(state, Action("inmovilizar_enemigo", "a", target="b"))
    return state


def test_a_held_pj_cannot_move_away_even_reacting() -> None:
    """Inmovilizar enemigo: immobilised while the holder grips it: no move, no Destrabarse."""
    state = _held([2, *[5] * 8])  # b's CH VOL 2 to react to a's next action; spares
    assert state.figure("b").held_by == "a"
    state.apply(Action("concentrarse", "a"))
    state.apply(Action("react", "b"))
    refused(state, Action("destrabarse", "b"), "held by a: it cannot move")
    refused(state, Action("agacharse", "b"), "held by a")
    assert "desatarse" in {a.kind for a in state.legal_actions()}


def test_the_holder_ties_the_held_pj_and_it_can_only_untie() -> None:
    """Inmovilizar enemigo: then ENE 3 and a new CH CON ENF tie it up."""
    state = _held([2, 6, 5, 5])  # the tie: a 2, b 6; spares for the legality probes
    events = do(state, Action("inmovilizar_enemigo", "a", target="b"))
    assert [e.data["cost"] for e in events if e.kind == "ene"] == [3]
    assert state.figure("b").tied == "cuerda"
    do(state, Action("end", "a"))
    state.apply(Action("activate", "b"))
    assert state.figure("b").held_by is None  # the hold ends as its activation starts
    assert {a.kind for a in state.legal_actions()} == {"end", "desatarse"}
    refused(state, Action("mover", "b", point=(14.0, 10.0)), "tied up")


def test_desatarse_from_rope_and_from_steel() -> None:
    """Desatarse (4, AGI D): a pass frees it from rope; steel needs two criticals in a row."""
    state = _held([2, 6, 3])  # tie won; then b's CH AGI 3 against 4 − 1
    do(state, Action("inmovilizar_enemigo", "a", target="b"))
    do(state, Action("end", "a"))
    state.apply(Action("activate", "b"))
    events = do(state, Action("desatarse", "b"))
    roll = next(e.data for e in events if e.kind == "roll")
    assert ["acción difícil", -1] in roll["modifiers"]
    assert state.figure("b").tied is None and state.figure("b").ene == 8 - 4
    steel = _held([2, 6, 1, 3])  # tied with steel; a critical, then a plain pass
    do(steel, Action("inmovilizar_enemigo", "a", target="b", item="acero"))
    do(steel, Action("end", "a"))
    steel.apply(Action("activate", "b"))
    do(steel, Action("desatarse", "b"))
    assert steel.figure("b").tied == "acero" and steel.figure("b").untie_crits == 1
    steel.figure("b").ene = 8
    do(steel, Action("desatarse", "b"))
    assert steel.figure("b").tied == "acero" and steel.figure("b").untie_crits == 0


def test_a_fumbled_desatarse_costs_a_wound() -> None:
    """Desatarse: a fumble, +1 wound."""
    state = _held([2, 6, 10, 5])  # tie won; CH AGI 10 fumbles; CH PSI 5 for the wound
    do(state, Action("inmovilizar_enemigo", "a", target="b"))
    do(state, Action("end", "a"))
    state.apply(Action("activate", "b"))
    do(state, Action("desatarse", "b"))
    assert state.figure("b").wounds == 1 and state.figure("b").tied == "cuerda"


def test_breaking_a_hold_is_a_ch_con_enf_at_ene_3() -> None:
    """Inmovilizar enemigo: the held Pj frees itself with an action, ENE 3 and CH CON ENF."""
    state = _held([2, 6])  # b's CH CON ENF 2 against a's 6
    b = state.figure("b")
    b.reacting, b.ene = True, 5  # answering out of its activation, as a reaction would
    state.active = "b"  # let it act here: the hold is still on
    events = do(state, Action("desatarse", "b"))
    assert [e.data["cost"] for e in events if e.kind == "ene"] == [3]
    assert state.figure("b").held_by is None


def test_nothing_to_untie() -> None:
    """Desatarse needs a tie or a hold."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (30.0, 10.0), 180.0)]
    refused(started(scenario(units)), Action("desatarse", "a"), "neither tied up nor held")
