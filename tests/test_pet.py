"""Mascota mágica (BONUS Y MALUS): once a game its master borrows one of the pet's entries.

a (side A) has the entry and a pet with Profesión arquero (CH IMP +1 at range) and Muy
torpe; b (side B) stands 11 K away.  See entries/pet.py for the reading.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from wartime.engine import Action, GameState, IllegalActionError
from wartime.engine.ai import choose
from wartime.engine.core.profiles import Trait
from wartime.engine.core.traits import carried

from .engine_support import KNIFE, do, profile, rolls_of, scenario, started

ARCHER = "Profesión arquero"
MASTER = replace(
    profile("a"), traits=(Trait("Mascota mágica"),), pet=(Trait(ARCHER), Trait("Muy torpe"))
)
BORROW = Action("usar_bonus", "a", item="Mascota mágica", options=(ARCHER,))


def _game(sturdy: bool = False) -> GameState:
    """``sturdy``: b has only a knife and CON 10, so that two turns go by with both standing."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    b = profile("b", con=10, weapons=(KNIFE,)) if sturdy else profile("b")
    state = started(scenario(units, profiles={"a": MASTER, "b": b}))
    state.reseed(7)  # ordinary dice after the scripted initiative
    return state


def _names(state: GameState) -> set[str]:
    return {t.name for t in carried(state.figures["a"])}


def test_each_of_the_pets_entries_is_offered() -> None:
    offered = [a for a in _game().legal_actions() if a.item == "Mascota mágica"]
    assert {a.options for a in offered} == {(ARCHER,), ("Muy torpe",)}


def test_the_master_carries_the_borrowed_entry_for_ene_1() -> None:
    """Mascota mágica: ENE 1, then Profesión arquero's CH IMP +1 on its shot."""
    state = _game()
    ene = state.figures["a"].ene
    events = do(state, BORROW)
    assert state.figures["a"].ene == ene - 1 and ARCHER in _names(state)
    said = [e.text for e in events if e.kind == "pet"]
    assert said == ["a toma Profesión arquero de su mascota hasta el final de su próxima actuación"]
    shot = do(state, Action("ataque_distancia", target="b", item="fusil"))
    assert [ARCHER, 1] in rolls_of(shot, "a", "CH IMP")[0]["modifiers"]


def test_it_lasts_until_the_end_of_the_masters_next_activation() -> None:
    state = _game(sturdy=True)
    do(state, BORROW)
    ends = 0
    while ends < 2 and not state.over:  # this activation's end, then the next one's
        events = state.apply(choose(state))
        ended = any(e.kind == "end" and e.data.get("figure") == "a" for e in events)
        ends += ended
        if ends == 1 and state.active == "a":
            assert ARCHER in _names(state)  # still there during its next activation
    assert ends == 2 and ARCHER not in _names(state)


def test_once_a_game() -> None:
    state = _game()
    do(state, BORROW)
    before = state.hash()
    again = replace(BORROW, options=("Muy torpe",))
    assert again not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="already used its Mascota mágica this game"):
        state.apply(again)
    assert state.hash() == before


def test_only_the_pets_entries() -> None:
    state = _game()
    with pytest.raises(IllegalActionError, match="name one of the pet's entries"):
        state.apply(replace(BORROW, options=("Fortuna",)))
