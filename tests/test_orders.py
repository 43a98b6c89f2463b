"""BONUS Y MALUS, Órdenes: once a turn the bearer hands 3 of its ENE to an ally within
its VOL in K, who acts at once; when it hands over, the bearer carries on (entries/orders.py).

a (side A, Órdenes, VOL 4) acts at (10, 10) with START_ENE; c, its ally, stands at
(10, 13.5) (2.5 K apart, edge to edge); b (side B) is 11 K east of a, looking at it.
"""

from __future__ import annotations

from dataclasses import replace

from wartime.engine import Action, GameState, PendingKind

from . import engine_support as support
from .engine_support import Trait

ORDERS = Action("usar_bonus", "a", target="c", item="Órdenes")


def game(c_at: tuple[float, float] = (10.0, 13.5), faces: list[int] | None = None) -> GameState:
    a = replace(support.profile("a"), traits=(Trait("Órdenes"),))
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0),
             ("c", "A", c_at, 0.0)]  # fmt: skip
    scn = support.scenario(units, profiles={"a": a})
    return support.started(scn, faces=faces or [5] * 10)


def test_the_ally_gets_3_ene_acts_at_once_and_the_bearer_carries_on() -> None:
    """BONUS Y MALUS, Órdenes: a pays ENE 3, c gains them and is the acting Pj (its own
    move, then it hands over); a acts again afterwards, in the same activation."""
    state = game()
    assert ORDERS in state.legal_actions()
    c_ene = state.figure("c").ene
    support.do(state, ORDERS)
    a, c = state.figure("a"), state.figure("c")
    assert (a.ene, c.ene) == (support.START_ENE - 3, c_ene + 3)
    pending = state.pending
    assert (pending.kind, pending.figure) == (PendingKind.ACT, "c")
    support.do(state, Action("mover", point=(9.0, 14.0)))
    events = support.do(state, Action("end"))
    assert [e.kind for e in events] == ["orders_done"]
    assert state.pending.figure == "a" and not state.figure("c").acted
    support.do(state, Action("mover", point=(9.0, 10.0)))  # a carries on
    assert state.figure("a").position == (9.0, 10.0)


def test_orders_once_a_turn_to_an_ally_in_reach() -> None:
    """BONUS Y MALUS, Órdenes: once a turn; the ally must stand within VOL K (4); an enemy or
    the bearer itself cannot take them."""
    state = game()
    support.do(state, ORDERS)
    support.do(state, Action("end"))
    support.refused(state, ORDERS, "already given Órdenes this turn")
    assert ORDERS not in state.legal_actions()
    far = game(c_at=(10.0, 16.5))  # 5.5 K apart, edge to edge
    support.refused(far, ORDERS, "must stand within 4 K")
    assert ORDERS not in far.legal_actions()
    support.refused(game(), replace(ORDERS, target="b"), "go to an ally of a")


def test_an_ordered_ally_taken_out_hands_back_and_enemies_may_react_to_it() -> None:
    """BONUS Y MALUS, Órdenes: the ordered ally acts like anyone acting: b may react to its
    move; shot down, it hands back to a at once."""
    c = replace(support.profile("c", con=1), traits=())
    a = replace(support.profile("a"), traits=(Trait("Órdenes"),))
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0),
             ("c", "A", (10.0, 13.5), 0.0)]  # fmt: skip
    scn = support.scenario(units, profiles={"a": a, "c": c})
    # b's CH VOL 2 lets it react; its CH IMP 2 hits; c's CH DEF 9 fails: c is down.
    state = support.started(scn, faces=[2, 2, 9, *[5] * 6])
    support.do(state, ORDERS)
    state.apply(Action("mover", point=(12.0, 14.0)))
    assert state.pending.kind is PendingKind.REACT
    state.apply(Action("react", "b"))
    state.apply(Action("ataque_distancia", "b", target="c", item="fusil"))
    while state.pending.kind in (PendingKind.RESPOND, PendingKind.REACT):
        state.apply(Action("pass"))
    assert state.figure("c").casualty
    assert (state.pending.kind, state.pending.figure) == (PendingKind.ACT, "a")


def test_the_resume_stack_is_part_of_the_state_hash() -> None:
    """Replays compare hashes: who carries on after the ordered ally is part of the state."""
    state = game()
    support.do(state, ORDERS)
    twin = state.clone()
    twin.resume = ()
    assert twin.hash() != state.hash()


def test_random_games_with_orders_end_cleanly_and_replay() -> None:
    """Seeded games of random legal moves between bearers of Órdenes end without an
    exception and replay to the same hash (DESIGN §3), and orders are given."""
    orders = (Trait("Órdenes"),)
    profiles = {f: replace(support.profile(f), traits=orders) for f in ("a", "b", "c", "d")}
    scn = support.two_pairs(profiles, 13.0, (16.0, 14.0))
    given = [d for d in support.random_games(scn, 10) if d.action.item == "Órdenes"]
    assert given
