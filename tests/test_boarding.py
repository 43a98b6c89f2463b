"""Passengers: Embarcar / desembarcar (ACCIONES DE MOVIMIENTO; actions/boarding.py).

The readings (what a passenger may do, how the way out is chosen) are in
docs/rules-interpretations.md, "Passengers".
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from wartime.engine import Action, GameState
from wartime.engine.core.profiles import Transport

from .engine_support import do, profile, refused, scenario, started

TRUCK = Transport("camión", ene=1, mov=6.0, defense=3, cal=1)


def _at_the_truck(faces: list[int] | None = None, cal: int = 4) -> GameState:
    """t (A) drives a truck at (10, 10) facing east; p (A) stands in contact behind it;
    e (B) waits far off; p acts first."""
    units = [
        ("p", "A", (9.0, 10.0), 0.0),
        ("t", "A", (10.0, 10.0), 0.0),
        ("e", "B", (35.0, 25.0), 180.0),
    ]
    truck = replace(profile("t"), transport=replace(TRUCK, cal=cal))
    return started(scenario(units, {"t": truck}), faces or [], first="p", second="e")


def test_getting_in_takes_the_base_off_the_table() -> None:
    """Embarcar / desembarcar (1): a Pj in contact with a transport of its side gets in."""
    state = _at_the_truck()
    do(state, Action("embarcar_desembarcar", "p", target="t"))
    p = state.figure("p")
    assert (p.aboard, p.ene, p.position) == ("t", 8 - 1, (10.0, 10.0))
    assert not state.physics().holds("p")


def test_a_passenger_cannot_move_or_be_targeted() -> None:
    """Passengers (our reading): no movement of their own, and nobody can aim at them."""
    state = _at_the_truck()
    do(state, Action("embarcar_desembarcar", "p", target="t"))
    refused(state, Action("mover", "p", point=(12.0, 10.0)), "inside t")
    assert not [a for a in state.legal_actions() if a.kind in ("mover", "correr")]


def test_passengers_go_where_the_transport_goes_and_get_out_beside_it() -> None:
    """Embarcar / desembarcar: out in contact with the transport, toward the chosen side;
    out of a transport under way (it moved this turn) takes a CH AGI difficult."""
    state = _at_the_truck([9, 1, 3])  # turn 2's initiative; p's CH AGI 3 against 4 − 1
    do(state, Action("embarcar_desembarcar", "p", target="t"))
    do(state, Action("end", "p"))
    for mover, goal in (("t", (16.0, 10.0)),):
        state.apply(Action("activate", "e"))
        do(state, Action("end", "e"))
        state.apply(Action("activate", mover))
        do(state, Action("mover", mover, point=goal))
        do(state, Action("end", mover))
    assert state.figure("p").position == pytest.approx((16.0, 10.0))
    state.apply(Action("initiative", "t"))
    state.apply(Action("initiative", "e"))
    state.apply(Action("activate", "t"))
    do(state, Action("mover", "t", point=(20.0, 10.0)))
    do(state, Action("end", "t"))
    state.apply(Action("activate", "e"))
    do(state, Action("end", "e"))
    state.apply(Action("activate", "p"))
    refused(state, Action("embarcar_desembarcar", "p"), "needs a point")
    events = do(state, Action("embarcar_desembarcar", "p", point=(20.0, 14.0)))
    roll = next(e for e in events if e.kind == "roll")
    assert ["acción difícil", -1] in roll.data["modifiers"]
    p = state.figure("p")
    assert p.aboard is None and p.position == pytest.approx((20.0, 11.025))
    assert state.physics().holds("p")


def test_a_passenger_is_thrown_out_of_a_destroyed_transport_into_the_blast() -> None:
    """HERIDAS: the transport explodes; its passengers are set down around it and caught."""
    units = [("p", "A", (19.0, 10.0), 0.0), ("t", "A", (20.0, 10.0), 180.0)]
    units.append(("s", "B", (10.0, 10.0), 0.0))
    truck = replace(profile("t"), transport=TRUCK)  # CAL 1
    # p gets in; then s shoots t: CH IMP 2, t's CH DEF 9 (4 wounds > CAL 1): the blast,
    # t's CH DEF 9, p's CH DEF 9, their CH PSI 5 and 5.
    state = started(scenario(units, {"t": truck}), [2, 9, 9, 9, 5, 5], "p", "s")
    do(state, Action("embarcar_desembarcar", "p", target="t"))
    do(state, Action("end", "p"))
    state.apply(Action("activate", "s"))
    events = do(state, Action("ataque_distancia", "s", target="t", item="fusil"))
    kinds = [e.kind for e in events]
    assert kinds.index("unboard") < kinds.index("explosion")
    p = state.figure("p")
    assert p.aboard is None and p.wounds > 0 and state.physics().holds("p") == (not p.casualty)


def test_only_a_transport_of_ones_side_in_contact_takes_passengers() -> None:
    """Embarcar / desembarcar: get in a friendly transport, in base contact."""
    state = _at_the_truck()
    refused(state, Action("embarcar_desembarcar", "p", target="e"), "not a transport of your side")
    state.figures["p"].position = (7.0, 10.0)
    refused(state, Action("embarcar_desembarcar", "p", target="t"), "base contact")
