"""BONUS Y MALUS: the cries that change a charge, give credits or a blow (Grito berserker,
de sangre, de venganza, de veterano), Apestoso's distance and Bomba viviente's blast
(entries/cries.py), each played with scripted dice.

``a`` (side A) acts from (10, 10); the bearer of a cry is ``c``.  Bases are 1 K across.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from wartime.engine import Action, GameState
from wartime.engine.core.legal import legal_actions
from wartime.engine.core.profiles import Profile, Trait
from wartime.engine.entries import cries
from wartime.geometry.distance import edge_distance

from .engine_support import do, profile, refused, rolls_of, scenario, started

PAD = [5] * 12
DAMAGE_ENTRIES = frozenset({"Bomba viviente"})  # of damage.yaml, tested here
PASS, FAIL_DEF = 2, 9  # a CH IMP 2 passes; a CH DEF 9 fails against DEF 3
RANGE = [("inside", -0.1), ("outside", +0.1)]
KNIFE_BLOW = Action("ataque_cac", target="b", item="cuchillo")


def bearer(name: str, entry: str, **kw: Any) -> Profile:
    return replace(profile(name, **kw), traits=(Trait(entry),))


def game(units: list[tuple[str, str, tuple[float, float], float]], profiles: dict[str, Profile],
         dice: list[int]) -> GameState:  # fmt: skip
    return started(scenario(units, profiles=profiles), [*dice, *PAD])


def gap(state: GameState, one: str, other: str) -> float:
    x, y = state.figures[one], state.figures[other]
    return edge_distance(x.position, x.radius, y.position, y.radius)


def above(x: float, y: float, gap_k: float) -> tuple[float, float]:
    """A 1 K base ``gap_k`` K above a 1 K base at (x, y)."""
    return (x, y + 1.0 + gap_k)


# -- Grito berserker -------------------------------------------------------------------------


def berserker(c_gap: float) -> GameState:
    """a (MOV 1: Cargar reaches 4 K) faces b 5 K away; c shouts ``c_gap`` K from a."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (16.0, 10.0), 180.0),
             ("c", "A", above(10.0, 10.0, c_gap), 90.0)]  # fmt: skip
    return game(units, {"c": bearer("c", "Grito berserker")}, [])


def test_grito_berserker_lengthens_an_allys_charge() -> None:
    """BONUS Y MALUS, Grito berserker: an ally within 5 K of the bearer charges 2 K farther,
    so a target 5 K away, out of plain Cargar's 4 K, is reached."""
    state = berserker(4.9)
    assert gap(state, "a", "b") == pytest.approx(5.0)
    charge = Action("cargar", target="b")
    assert charge in [replace(x, figure=None) for x in legal_actions(state)]
    events = do(state, charge)
    assert [e.text for e in events if e.kind == "charge_reach"] == [
        "Grito berserker (c): a carga 2 K más"
    ]
    assert gap(state, "a", "b") == pytest.approx(0.0, abs=0.06)


def test_grito_berserker_out_of_range_leaves_the_charge_as_it_is() -> None:
    """Negative: the bearer 5.1 K away: Cargar reaches only MOV + 3 = 4 K."""
    state = berserker(5.1)
    assert Action("cargar", "a", target="b") not in legal_actions(state)
    refused(state, Action("cargar", target="b"), "Cargar reaches 4 K")


# -- Grito de sangre -------------------------------------------------------------------------


def blood(c_gap: float) -> GameState:
    """a is in contact with b (CON 1); d stands 5 K from a; c shouts ``c_gap`` K from a."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (11.0, 10.0), 180.0),
             ("d", "B", (10.0, 4.0), 90.0), ("c", "A", above(10.0, 10.0, c_gap), 90.0)]  # fmt: skip
    profiles = {"b": profile("b", con=1), "c": bearer("c", "Grito de sangre")}
    return game(units, profiles, [PASS, FAIL_DEF])


def test_grito_de_sangre_gives_a_killer_a_longer_charge() -> None:
    """BONUS Y MALUS, Grito de sangre: an ally within 5 K that takes an enemy out in CaC may
    charge 2 K farther to get into another CaC, in that same activation."""
    state = blood(4.9)
    events = do(state, KNIFE_BLOW)
    assert state.figures["b"].casualty
    assert [e.data["entry"] for e in events if e.kind == "credit"] == ["Grito de sangre"]
    assert gap(state, "a", "d") == pytest.approx(5.0)
    events = do(state, Action("cargar", target="d"))
    assert any(e.kind == "charge_reach" and "Grito de sangre (c)" in e.text for e in events)
    assert cries.mark(state.figures["a"]).credits == ()  # the charge spent it


def test_grito_de_sangre_needs_the_cry_in_range_and_lasts_one_activation() -> None:
    """Negative: out of range there is no credit and d is out of reach; a credit not used
    is lost when the activation ends."""
    state = blood(5.1)
    events = do(state, KNIFE_BLOW)
    assert state.figures["b"].casualty and not [e for e in events if e.kind == "credit"]
    refused(state, Action("cargar", target="d"), "Cargar reaches 4 K")
    state = blood(4.9)
    do(state, KNIFE_BLOW)
    assert cries.mark(state.figures["a"]).credits
    do(state, Action("end"))
    assert cries.mark(state.figures["a"]).credits == ()


# -- Grito de venganza -----------------------------------------------------------------------


def vengeance(c_gap: float) -> GameState:
    """a stabs b (CON 1, no protection, side B); c, b's ally, shouts ``c_gap`` K from b,
    facing away (it does not see b fall: no traumatic situation)."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (11.0, 10.0), 180.0),
             ("c", "B", above(11.0, 10.0, c_gap), 90.0)]  # fmt: skip
    profiles = {"b": profile("b", con=1, defense=0), "c": bearer("c", "Grito de venganza")}
    return game(units, profiles, [PASS, FAIL_DEF, PASS, FAIL_DEF])


def test_grito_de_venganza_lets_the_fallen_ally_strike_its_killer() -> None:
    """BONUS Y MALUS, Grito de venganza: an ally within 5 K of the bearer that dies in CaC
    gets one free blow (ENE 0) at whoever killed it."""
    state = vengeance(4.9)
    ene = state.figures["b"].ene
    events = do(state, KNIFE_BLOW)
    assert state.figures["b"].casualty
    (blow,) = rolls_of(events, "b", "CH IMP")
    assert blow["purpose"] == "CH IMP (ataque gratuito, Grito de venganza)"
    assert [e.data["target"] for e in events if e.kind == "avenge"] == ["a"]
    assert state.figures["a"].wounds == 1  # DAÑ 2 + CON 1 − 4 − 2 wounds: at least 1
    assert state.figures["b"].ene == ene  # free


def test_grito_de_venganza_out_of_range_no_blow() -> None:
    """Negative: the bearer 5.1 K from the fallen ally: no blow back."""
    state = vengeance(5.1)
    events = do(state, KNIFE_BLOW)
    assert state.figures["b"].casualty
    assert rolls_of(events, "b", "CH IMP") == [] and state.figures["a"].wounds == 0


# -- Grito de veterano -----------------------------------------------------------------------


def veteran(c_gap: float, first: int) -> GameState:
    """a shoots b (CON 9) 10 K away; c shouts ``c_gap`` K from a; a's first CH IMP is
    ``first``."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0),
             ("c", "A", above(10.0, 10.0, c_gap), 90.0)]  # fmt: skip
    profiles = {"b": profile("b", con=9, defense=9), "c": bearer("c", "Grito de veterano")}
    return game(units, profiles, [first, 5, 5])


SHOT = Action("ataque_distancia", target="b", item="fusil")


def ene_paid(events: list[Any]) -> list[int]:
    return [e.data["cost"] for e in events if e.kind == "ene"]


def test_grito_de_veterano_makes_the_next_attack_free_after_a_critical() -> None:
    """BONUS Y MALUS, Grito de veterano: an ally within 5 K that rolls a critical CH IMP gets
    one more attack at ENE 0 (its next attack of the activation); the one after pays."""
    state = veteran(4.9, 1)
    first = do(state, SHOT)
    assert [e.data["entry"] for e in first if e.kind == "credit"] == ["Grito de veterano"]
    assert ene_paid(first) == [3]
    second = do(state, SHOT)
    assert ene_paid(second) == [0]
    assert "Grito de veterano -3" in next(e.text for e in second if e.kind == "ene")
    assert ene_paid(do(state, SHOT)) == [3]


@pytest.mark.parametrize(("c_gap", "first"), [(5.1, 1), (4.9, 2)])
def test_grito_de_veterano_needs_range_and_a_critical(c_gap: float, first: int) -> None:
    """Negative: out of range, or a plain hit, and the next shot costs its ENE 3."""
    state = veteran(c_gap, first)
    assert ene_paid(do(state, SHOT)) == [3]
    assert ene_paid(do(state, SHOT)) == [3]


# -- Apestoso --------------------------------------------------------------------------------


def smelly(side: str = "A") -> GameState:
    """c (Apestoso) stands 3.2 K above a (edge to edge); a has MOV 1."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (30.0, 10.0), 180.0),
             ("c", side, above(10.0, 10.0, 3.2), 270.0)]  # fmt: skip
    return game(units, {"c": bearer("c", "Apestoso")}, [])


def test_apestoso_refuses_an_allys_move_ending_within_3_k() -> None:
    """BONUS Y MALUS, Apestoso: no ally may end a move less than 3 K from the bearer; such a
    move is refused and not offered, while one that ends farther is fine."""
    state = smelly()
    refused(state, Action("mover", point=(10.0, 10.5)), r"Apestoso \(c\).*within 3 K")
    offered = [a for a in legal_actions(state) if a.kind in ("mover", "correr", "esprintar")]
    assert offered
    c = state.figures["c"]
    for action in offered:
        assert action.point is not None
        assert edge_distance(action.point, 0.5, c.position, c.radius) >= 3.0
    assert Action("mover", "a", point=(10.0, 11.0)) not in offered
    do(state, Action("mover", point=(10.0, 10.1)))  # ends 3.1 K away
    assert gap(state, "a", "c") == pytest.approx(3.1)


def test_apestoso_does_not_bind_the_enemy() -> None:
    """Negative: an enemy's stench does not stop a from ending its move near it."""
    state = smelly("B")
    do(state, Action("mover", point=(10.0, 10.5)))
    assert gap(state, "a", "c") == pytest.approx(2.7)


# -- Bomba viviente --------------------------------------------------------------------------


def bomb(d_gap: float, b_def: int = FAIL_DEF) -> GameState:
    """a shoots b (Bomba viviente, CON 3, AGI 5: DAÑ 2 over 3 K) 10 K away; d, b's ally,
    stands ``d_gap`` K from b."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0),
             ("d", "B", above(21.0, 10.0, d_gap), 270.0)]  # fmt: skip
    profiles = {"b": bearer("b", "Bomba viviente", con=3, agi=5)}
    return game(units, profiles, [PASS, b_def, FAIL_DEF])


@pytest.mark.parametrize(("where", "shift"), RANGE)
def test_bomba_viviente_blows_up_when_the_bearer_dies(where: str, shift: float) -> None:
    """BONUS Y MALUS, Bomba viviente: when the bearer dies it blows up with DAÑ = CON/2 and
    an area of AGI/2 K (both rounded half up: DAÑ 2, 3 K); everyone caught makes a CH DEF."""
    state = bomb(3.0 + shift)
    events = do(state, SHOT)
    assert state.figures["b"].casualty
    (blast,) = [e for e in events if e.kind == "explosion"]
    assert (blast.data["damage"], blast.data["radius"]) == (2, 3)
    caught = where == "inside"
    assert blast.data["victims"] == (["d"] if caught else [])
    assert bool(rolls_of(events, "d", "CH DEF")) is caught
    assert state.figures["d"].wounds == (2 if caught else 0)


def test_bomba_viviente_alive_does_not_blow_up() -> None:
    """Negative: a bearer that survives the hit does not explode."""
    state = bomb(1.0, b_def=PASS)
    events = do(state, SHOT)
    assert not state.figures["b"].casualty
    assert not [e for e in events if e.kind == "explosion"]


def test_bomba_viviente_blasts_chain() -> None:
    """A bearer taken out by another's blast blows up in turn, catching who is near it."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0),
             ("d", "B", above(21.0, 10.0, 2.0), 270.0),
             ("e", "B", above(21.0, 13.0, 2.0), 270.0)]  # fmt: skip
    profiles = {
        "b": bearer("b", "Bomba viviente", con=3, agi=5),
        "d": bearer("d", "Bomba viviente", con=1, agi=5),
    }
    state = game(units, profiles, [PASS, FAIL_DEF, FAIL_DEF, FAIL_DEF])
    events = do(state, SHOT)
    blasts = [e.data["figure"] for e in events if e.kind == "explosion"]
    assert blasts == ["b", "d"] and state.figures["d"].casualty
    assert rolls_of(events, "e", "CH DEF")
