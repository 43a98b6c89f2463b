"""BONUS Y MALUS: curses, poison, overheating, destabilising rounds, ejection seats and
drugs (entries/curses.py, entries/addiction.py), each played with
scripted dice, with a case where it does nothing.

``a`` (side A) acts first from (10, 10); ``b`` (side B) stands in contact at (11, 10).
Profiles: CON 4, AGI 4, VOL 4, DEF 3, a rifle (DAÑ 4) and a knife (DAÑ 2).  A check of
2 passes, 9 fails.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import pytest

from wartime.engine import Action, GameState
from wartime.engine.core.profiles import Gear, Profile, Trait, Transport
from wartime.engine.core.traits import carried
from wartime.engine.entries import addiction
from wartime.engine.entries.addiction import activation_starts as withdrawal_starts

from . import engine_support as support

PAD = [5] * 12
PASS, FAIL = 2, 9
STAB = Action("ataque_cac", target="b", item="cuchillo")
SHOT = Action("ataque_distancia", target="b", item="fusil")
BUGGY = Transport("buggy", ene=2, mov=6.0, defense=4, cal=6)
PILL = Gear("pastilla", ene=1, alc=0, cal=3, traits=(Trait("Droga"),))


def bearer(name: str, *traits: Trait, **kw: Any) -> Profile:
    return replace(support.profile(name, **kw), traits=traits)


def game(profiles: dict[str, Profile], dice: list[int], *, near: bool = True) -> GameState:
    where = (11.0, 10.0) if near else (21.0, 10.0)
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", where, 180.0)]
    return support.started(support.scenario(units, profiles=profiles), [*dice, *PAD])


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]


def names(state: GameState, who: str) -> set[str]:
    return {t.name for t in carried(state.figures[who])}


def b_acts(state: GameState) -> list[Any]:
    support.do(state, Action("end"))
    return support.do(state, Action("activate", "b"))


def knife_with(name: str, param: str | None = None) -> Profile:
    return bearer("a", Trait(name, weapon="cuchillo", param=param))


# -- Maleficio ---------------------------------------------------------------------------------


def test_maleficio_gives_the_target_the_malus_for_good() -> None:
    """BONUS Y MALUS, Maleficio (X): the target its weapon hits carries the malus X for
    the rest of the game, even when its CH DEF holds; a second hit adds nothing."""
    state = game({"a": knife_with("Maleficio", "Borracho")}, [PASS, PASS, PASS, PASS])
    events = support.do(state, STAB)
    assert "cursed" in kinds(events) and "Borracho" in names(state, "b")
    assert state.figures["b"].wounds == 0
    again = support.do(state, STAB)
    assert "cursed" not in kinds(again)
    assert [g.lasting for g in state.figures["b"].granted] == [True]
    b_acts(state)  # it is still there in b's own activation
    assert "Borracho" in names(state, "b")


def test_maleficio_needs_a_hit_and_a_malus() -> None:
    """Negative: a missed blow curses nobody; an X that is no malus of the catalogue does
    nothing but say so."""
    state = game({"a": knife_with("Maleficio", "Borracho")}, [FAIL])
    events = support.do(state, STAB)
    assert "miss" in kinds(events) and "Borracho" not in names(state, "b")
    state = game({"a": knife_with("Maleficio", "Profesión bárbaro")}, [PASS, PASS])
    events = support.do(state, STAB)
    assert "curse_void" in kinds(events) and "Profesión bárbaro" not in names(state, "b")


# -- Munición ígnea and Sobrecalentamiento -----------------------------------------------------


def test_municion_ignea_overheats_a_target_it_wounds() -> None:
    """BONUS Y MALUS, Munición ígnea: a hit that wounds gives Sobrecalentamiento."""
    state = game({"a": knife_with("Munición ígnea")}, [PASS, FAIL, PASS])
    events = support.do(state, STAB)
    assert state.figures["b"].wounds == 2
    assert "cursed" in kinds(events) and "Sobrecalentamiento" in names(state, "b")


def test_municion_ignea_needs_a_wound() -> None:
    """Negative: a hit its CH DEF holds (no wound) gives nothing."""
    state = game({"a": knife_with("Munición ígnea")}, [PASS, PASS])
    support.do(state, STAB)
    assert "Sobrecalentamiento" not in names(state, "b")


def riding(wounds: int, dice: list[int]) -> GameState:
    profile = replace(bearer("a", Trait("Sobrecalentamiento")), transport=BUGGY)
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (35.0, 25.0), 180.0)]
    state = support.started(support.scenario(units, profiles={"a": profile}), [*dice, *PAD])
    state.figures["a"].vehicle_wounds = wounds
    return state


def test_sobrecalentamiento_a_worn_transport_checks_def_as_it_moves() -> None:
    """BONUS Y MALUS, Sobrecalentamiento: with 5 wounds a transport's movement action
    brings a CH DEF; failed, 1 wound (here it reaches CAL 6: unusable)."""
    state = riding(5, [FAIL])
    events = support.do(state, Action("mover", point=(14.0, 10.0)))
    assert len(support.rolls_of(events, "a", "CH DEF (Sobrecalentamiento)")) == 1
    assert "overheat" in kinds(events) and state.figures["a"].vehicle_wounds == 6


def test_sobrecalentamiento_passed_or_below_5_wounds() -> None:
    """Negative: a passed CH DEF costs nothing; with 4 wounds there is no check."""
    state = riding(5, [PASS])
    events = support.do(state, Action("mover", point=(14.0, 10.0)))
    assert support.rolls_of(events, "a", "CH DEF") and state.figures["a"].vehicle_wounds == 5
    state = riding(4, [])
    events = support.do(state, Action("mover", point=(14.0, 10.0)))
    assert not support.rolls_of(events, "a", "CH DEF") and state.figures["a"].vehicle_wounds == 4


# -- Munición desestabilizadora ----------------------------------------------------------------


def test_municion_desestabilizadora_unloads_and_cancels_until_it_acts() -> None:
    """BONUS Y MALUS, Munición desestabilizadora: the target left standing has its
    magazines emptied, its mark lost, and its bonuses off until its next activation."""
    b = replace(
        bearer("b", Trait("Profesión bárbaro"), Trait("Borracho")),
        weapons=(support.SHOTGUN, support.KNIFE),
    )
    state = game({"a": knife_with("Munición desestabilizadora"), "b": b}, [PASS, PASS])
    state.figures["b"].marking = "a"
    events = support.do(state, STAB)
    target = state.figures["b"]
    assert "destabilised" in kinds(events)
    assert target.rounds["escopeta"] == 0 and target.marking is None
    assert "Profesión bárbaro" not in names(state, "b") and "Borracho" in names(state, "b")
    events = b_acts(state)
    assert "unsuppressed" in kinds(events) and "Profesión bárbaro" in names(state, "b")
    assert target.rounds["escopeta"] == 0  # reloading is its own business (Recargar)


def test_municion_desestabilizadora_needs_a_hit() -> None:
    """Negative: a missed blow changes nothing."""
    b = bearer("b", Trait("Profesión bárbaro"))
    state = game({"a": knife_with("Munición desestabilizadora"), "b": b}, [FAIL])
    events = support.do(state, STAB)
    assert "destabilised" not in kinds(events) and "Profesión bárbaro" in names(state, "b")


# -- Asiento eyectable -------------------------------------------------------------------------


def shot_at_buggy(*traits: Trait, faces: tuple[int, ...]) -> tuple[GameState, list[Any]]:
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (20.0, 10.0), 180.0),
             ("c", "A", (24.0, 10.0), 180.0), ("e", "B", (35.0, 25.0), 180.0)]  # fmt: skip
    ride = replace(BUGGY, cal=1, mov=2.0)
    profiles = {"b": replace(bearer("b", *traits), transport=ride)}
    state = support.started(support.scenario(units, profiles), [PASS, FAIL, *faces, *PAD])
    return state, support.do(state, SHOT)


def test_asiento_eyectable_throws_the_rider_clear_of_the_blast() -> None:
    """BONUS Y MALUS, Asiento eyectable: the transport explodes, its rider is not caught
    and lands 1D10 K (here 5) away; the others near still are."""
    state, events = shot_at_buggy(Trait("Asiento eyectable"), faces=(5, FAIL))
    (seat,) = [e for e in events if e.kind == "ejected"]
    blast = next(e for e in events if e.kind == "explosion")
    assert blast.data["victims"] == ["c"]
    b = state.figures["b"]
    assert b.wounds == 0 and not b.casualty and not b.riding
    assert math.dist(b.position, (20.0, 10.0)) == pytest.approx(5.0)
    assert seat.data["roll"] == 5 and state.figures["c"].wounds == 4


def test_without_the_seat_the_rider_is_caught() -> None:
    """Negative: without the entry the rider makes its own CH DEF in the blast."""
    _, events = shot_at_buggy(faces=(FAIL, FAIL))
    assert "ejected" not in kinds(events)
    assert next(e for e in events if e.kind == "explosion").data["victims"] == ["b", "c"]


# -- Ponzoña -----------------------------------------------------------------------------------


def test_ponzona_poisons_a_wounded_target_until_curar() -> None:
    """BONUS Y MALUS, Ponzoña (X): the wounded target is poisoned: 1 wound as each of its
    activations starts, until a passed Curar cancels the poison (instead of healing)."""
    # the blow (CH IMP, CH DEF), b's CH PSI for it and for the poison's wound, Curar
    state = game({"a": knife_with("Ponzoña", "cobra")}, [PASS, FAIL, PASS, PASS, PASS])
    events = support.do(state, STAB)
    assert "poisoned" in kinds(events) and state.figures["b"].poisoned == "Ponzoña (cobra)"
    events = b_acts(state)
    assert "poison" in kinds(events) and state.figures["b"].wounds == 3
    events = support.do(state, Action("curar_reparar", target="b"))
    assert "cured" in kinds(events) and state.figures["b"].poisoned is None
    assert state.figures["b"].wounds == 3  # the poison went, not a wound


def test_ponzona_naming_a_malus_gives_it_while_it_lasts() -> None:
    """Ponzoña (X) whose X is a malus: the poisoned target carries it (no wounds) until
    cured."""
    state = game({"a": knife_with("Ponzoña", "Borracho")}, [PASS, FAIL, PASS])
    support.do(state, STAB)
    assert "Borracho" in names(state, "b")
    events = b_acts(state)
    assert "poison" not in kinds(events) and state.figures["b"].wounds == 2


def test_ponzona_needs_a_wound_and_a_living_target() -> None:
    """Negative: a held CH DEF poisons nobody; No vivo is immune."""
    state = game({"a": knife_with("Ponzoña", "cobra")}, [PASS, PASS])
    support.do(state, STAB)
    assert state.figures["b"].poisoned is None
    undead = bearer("b", Trait("No vivo"))
    state = game({"a": knife_with("Ponzoña", "cobra"), "b": undead}, [PASS, FAIL, PASS])
    events = support.do(state, STAB)
    assert "poison_void" in kinds(events) and state.figures["b"].poisoned is None


# -- Droga -------------------------------------------------------------------------------------


def drugged(hundreds: list[int]) -> GameState:
    a = replace(support.profile("a"), gear=(PILL,))
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (35.0, 25.0), 180.0)]
    state = support.scenario(units, profiles={"a": a}).new_game()
    state.dice = support.PercentDice([9, 1, *PAD, *PAD], hundreds)
    state.apply(Action("initiative", "a"))
    state.apply(Action("initiative", "b"))
    state.apply(Action("activate", "a"))
    return state


def test_droga_may_hook_and_withdrawal_follows_a_turn_without() -> None:
    """BONUS Y MALUS, Droga: 1D100 ≤ 30 makes the user an addict; after a whole turn
    without a fix, its next activation brings 1 stress, a CH PSI and CH ATR −1."""
    state = drugged([20, 50])
    events = support.do(state, Action("usar", item="pastilla"))
    a = state.figures["a"]
    assert "hooked" in kinds(events) and addiction.mark(a).addicted == ("pastilla",)
    state.turn = 2
    assert withdrawal_starts(state, a) == []  # it took one last turn
    state.turn = 3
    events = withdrawal_starts(state, a)
    assert "withdrawal" in kinds(events) and a.stress >= 1 and addiction.mark(a).withdrawal
    assert support.rolls_of(events, "a", "CH PSI")
    assert withdrawal_starts(state, a) == []  # once a turn


def test_droga_does_not_always_hook() -> None:
    """Negative: 1D100 above 30 leaves the user free; no withdrawal ever comes."""
    state = drugged([31])
    events = support.do(state, Action("usar", item="pastilla"))
    assert "not_hooked" in kinds(events) and not addiction.mark(state.figures["a"]).addicted
    state.turn = 5
    assert withdrawal_starts(state, state.figures["a"]) == []


# -- Random games ------------------------------------------------------------------------------


def test_random_games_with_these_bearers_end_cleanly_and_replay() -> None:
    """Seeded games of random legal moves between bearers of these entries end without an
    exception and replay to the same hash (DESIGN §3)."""
    profiles = {
        "a": replace(
            bearer("a", Trait("Maleficio", param="Borracho"), Trait("Ponzoña", param="cobra")),
            gear=(PILL,),
        ),
        "b": bearer("b", Trait("Munición desestabilizadora"), Trait("Profesión bárbaro")),
        "c": bearer("c", Trait("Munición ígnea"), Trait("Ponzoña", param="Borracho")),
        "d": replace(
            bearer("d", Trait("Asiento eyectable"), Trait("Sobrecalentamiento")),
            transport=replace(BUGGY, cal=2),
        ),
    }
    scn = support.two_pairs(profiles, 11.0, (16.0, 14.0))
    seen: set[str] = set()
    for decision in support.random_games(scn, 12):
        seen |= set(kinds(decision.events))
    assert seen & {"cursed", "poisoned", "destabilised"}
