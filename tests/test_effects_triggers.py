"""BONUS Y MALUS, batch F: entries triggered by hits, kills and wounds (entries/triggers.py,
entries/cries.py), each played with scripted dice, with a case where it does nothing.

``a`` (side A) acts first from (10, 10); ``b`` (side B) stands in contact at (11, 10) or
11 K away at (21, 10).  Profiles: CON 4, AGI 4, VOL 4, DEF 3, a rifle (DAÑ 4) and a knife
(DAÑ 2).  A CH IMP of 2 passes, a CH DEF of 9 fails, 1 is a critical and 10 a fumble.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from wartime.engine import Action, GameState
from wartime.engine.core.profiles import Profile, Trait
from wartime.engine.core.reactions import witnesses
from wartime.engine.entries import cries, triggers
from wartime.geometry.distance import edge_distance

from . import engine_support as support

PAD = [5] * 12
PASS, FAIL, CRIT, FUMBLE = 2, 9, 1, 10
STAB = Action("ataque_cac", target="b", item="cuchillo")
SHOT = Action("ataque_distancia", target="b", item="fusil")
KNIFE_ENE = 2
RIFLE_ENE = 3


def bearer(name: str, *traits: Trait, **kw: Any) -> Profile:
    return replace(support.profile(name, **kw), traits=traits)


def game(
    profiles: dict[str, Profile], dice: list[int], *, near: bool = True,
    more: tuple[tuple[str, str, tuple[float, float], float], ...] = (),
) -> GameState:  # fmt: skip
    where = (11.0, 10.0) if near else (21.0, 10.0)
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", where, 180.0), *more]
    return support.started(support.scenario(units, profiles=profiles), [*dice, *PAD])


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]


def gap(state: GameState, one: str, other: str) -> float:
    x, y = state.figures[one], state.figures[other]
    return edge_distance(x.position, x.radius, y.position, y.radius)


def b_acts(state: GameState) -> None:
    support.do(state, Action("end"))
    support.do(state, Action("activate", "b"))


# -- Acobardamiento and Fatality -------------------------------------------------------------


def test_acobardamiento_makes_the_figure_hit_check_psi() -> None:
    """BONUS Y MALUS, Acobardamiento: a figure its bearer hits checks CH PSI, even unhurt;
    failed, it gains stress."""
    state = game({"a": bearer("a", Trait("Acobardamiento"))}, [PASS, PASS, FAIL])
    events = support.do(state, STAB)
    assert state.figures["b"].wounds == 0  # DAÑ 2 against DEF 3
    (psi,) = support.rolls_of(events, "b", "CH PSI")
    assert psi["purpose"] == "CH PSI (Acobardamiento)"
    assert state.figures["b"].stress == 1


def test_acobardamiento_needs_a_hit() -> None:
    """Negative: a missed blow brings no CH PSI; without the entry a hit brings none."""
    state = game({"a": bearer("a", Trait("Acobardamiento"))}, [FAIL])
    events = support.do(state, STAB)
    assert "miss" in kinds(events) and not support.rolls_of(events, "b", "CH PSI")
    state = game({}, [PASS, PASS])
    assert not support.rolls_of(support.do(state, STAB), "b", "CH PSI")


def fatality(c_gap: float) -> GameState:
    """a (Fatality) stabs b (CON 1); c, b's ally, stands ``c_gap`` K above a, facing away
    (it does not see b fall: no traumatic situation)."""
    more = (("c", "B", (10.0, 11.0 + c_gap), 90.0),)
    profiles = {"a": bearer("a", Trait("Fatality")), "b": support.profile("b", con=1)}
    return game(profiles, [PASS, FAIL, FAIL], more=more)


def test_fatality_cows_the_enemies_near_a_kill_in_cac() -> None:
    """BONUS Y MALUS, Fatality: taking an enemy out in CaC makes each enemy within 5 K of
    the bearer check CH PSI."""
    state = fatality(4.9)
    events = support.do(state, STAB)
    assert state.figures["b"].casualty
    (psi,) = support.rolls_of(events, "c", "CH PSI")
    assert psi["purpose"] == "CH PSI (Fatality)"
    assert state.figures["c"].stress == 1


def test_fatality_out_of_range_or_without_a_kill_does_nothing() -> None:
    """Negative: an enemy 5.1 K away checks nothing; a blow that does not kill neither."""
    state = fatality(5.1)
    events = support.do(state, STAB)
    assert state.figures["b"].casualty and not support.rolls_of(events, "c", "CH PSI")
    state = game({"a": bearer("a", Trait("Fatality"))}, [PASS, FAIL, PASS],
                 more=(("c", "B", (10.0, 12.0), 270.0),))  # fmt: skip
    events = support.do(state, STAB)
    assert not state.figures["b"].casualty and "fatality" not in kinds(events)
    assert not support.rolls_of(events, "c", "CH PSI")


# -- Munición cegadora, paralizante, aturdiradora ------------------------------------------


def shooter(*ammo: str) -> dict[str, Profile]:
    return {"a": bearer("a", *(Trait(n, 1, "fusil") for n in ammo))}


def test_municion_cegadora_takes_3_ene_from_the_target() -> None:
    """BONUS Y MALUS, Munición cegadora: a hit takes 3 ENE off the target (here from 0
    to −3), and never below −10."""
    state = game(shooter("Munición cegadora"), [PASS, PASS], near=False)
    events = support.do(state, SHOT)
    assert state.figures["b"].ene == -3
    assert [e.text for e in events if e.kind == "ene_lost"] == [
        "Munición cegadora: b pierde ENE: 0 → -3"
    ]
    state = game(shooter("Munición cegadora"), [PASS, PASS], near=False)
    state.figures["b"].ene = -8
    support.do(state, SHOT)
    assert state.figures["b"].ene == -10


def test_municion_cegadora_needs_a_hit_with_that_weapon() -> None:
    """Negative: a miss takes nothing, nor does a hit with the knife."""
    state = game(shooter("Munición cegadora"), [FAIL], near=False)
    support.do(state, SHOT)
    assert state.figures["b"].ene == 0
    state = game(shooter("Munición cegadora"), [PASS, PASS])
    support.do(state, STAB)
    assert state.figures["b"].ene == 0


def test_municion_paralizante_takes_as_much_ene_as_the_weapons_dan() -> None:
    """BONUS Y MALUS, Munición paralizante: a hit takes the rifle's DAÑ 4 in ENE."""
    state = game(shooter("Munición paralizante"), [PASS, PASS], near=False)
    support.do(state, SHOT)
    assert state.figures["b"].ene == -4


def test_municion_paralizante_does_nothing_on_a_miss() -> None:
    """Negative: a missed shot takes no ENE."""
    state = game(shooter("Munición paralizante"), [FAIL], near=False)
    support.do(state, SHOT)
    assert state.figures["b"].ene == 0


def test_municion_aturdiradora_stuns_until_the_end_of_the_next_activation() -> None:
    """BONUS Y MALUS, Munición aturdiradora: the target hit, even unhurt, cannot react
    and takes CH ATR −1, until its next activation ends."""
    state = game(shooter("Munición aturdiradora"), [PASS, CRIT], near=False)
    events = support.do(state, SHOT)
    assert state.figures["b"].wounds == 0 and triggers.mark(state.figures["b"]).stunned
    assert not [e for e in events if e.kind == "reaction_window" and "b" in e.data["candidates"]]
    assert "b" not in witnesses(state, state.figures["a"], events)
    b_acts(state)
    events = support.do(state, Action("ataque_distancia", target="a", item="fusil"))
    (imp,) = support.rolls_of(events, "b", "CH IMP")
    assert ["aturdido", -1] in [list(m) for m in imp["modifiers"]]
    support.do(state, Action("end"))
    assert not triggers.mark(state.figures["b"]).stunned


def test_municion_aturdiradora_needs_a_hit() -> None:
    """Negative: a missed target is not stunned and may react."""
    state = game(shooter("Munición aturdiradora"), [FAIL], near=False)
    events = support.do(state, SHOT)
    assert not triggers.mark(state.figures["b"]).stunned
    assert "b" in witnesses(state, state.figures["a"], events)
    assert [e for e in events if e.kind == "reaction_window" and "b" in e.data["candidates"]]


# -- Psicópata, Enfermo terminal -------------------------------------------------------------


def test_psicopata_gains_ene_for_each_wound_it_deals() -> None:
    """BONUS Y MALUS, Psicópata: ENE +1 for each wound it deals (2 here)."""
    state = game({"a": bearer("a", Trait("Psicópata"))}, [PASS, FAIL])
    events = support.do(state, STAB)
    assert state.figures["b"].wounds == 2
    assert state.figures["a"].ene == support.START_ENE - KNIFE_ENE + 2
    assert "ene_gain" in kinds(events)


def test_psicopata_gains_nothing_without_wounds() -> None:
    """Negative: a blow that the CH DEF stops deals no wound and gives no ENE."""
    state = game({"a": bearer("a", Trait("Psicópata"))}, [PASS, PASS])
    support.do(state, STAB)
    assert state.figures["a"].ene == support.START_ENE - KNIFE_ENE


def test_enfermo_terminal_takes_a_wound_as_each_activation_ends() -> None:
    """BONUS Y MALUS, Enfermo terminal: 1 wound, with no CH DEF, at the end of each of its
    activations, and not at the end of anyone else's."""
    state = game({"a": bearer("a", Trait("Enfermo terminal"))}, [])
    events = support.do(state, Action("end"))
    assert state.figures["a"].wounds == 1
    assert not support.rolls_of(events, "a", "CH DEF")
    support.do(state, Action("activate", "b"))
    support.do(state, Action("end"))
    assert state.figures["a"].wounds == 1


def test_enfermo_terminal_only_on_its_bearer() -> None:
    """Negative: a figure without the entry ends its activation unhurt."""
    state = game({}, [])
    support.do(state, Action("end"))
    assert state.figures["a"].wounds == 0


# -- Peligro, Pinchos --------------------------------------------------------------------------


def test_peligro_makes_a_fumble_hit_harder() -> None:
    """BONUS Y MALUS, Peligro: a fumbled CH IMP hits its bearer with DAÑ 2, not 1."""
    state = game({"a": bearer("a", Trait("Peligro", 1, "cuchillo"))}, [FUMBLE, FAIL])
    events = support.do(state, STAB)
    assert "danger" in kinds(events)
    assert state.figures["a"].wounds == 2


def test_peligro_on_another_weapon_leaves_the_fumble_as_it_is() -> None:
    """Negative: Peligro on the rifle does nothing to a fumble with the knife."""
    state = game({"a": bearer("a", Trait("Peligro", 1, "fusil"))}, [FUMBLE, FAIL])
    support.do(state, STAB)
    assert state.figures["a"].wounds == 1


def test_pinchos_strike_back_with_dan_2_on_a_critical_def_in_cac() -> None:
    """BONUS Y MALUS, Pinchos: a critical CH DEF in CaC hits the attacker with DAÑ 2."""
    state = game({"b": bearer("b", Trait("Pinchos"))}, [PASS, CRIT, FAIL])
    events = support.do(state, STAB)
    assert "spikes" in kinds(events)
    assert state.figures["a"].wounds == 2


def test_pinchos_need_the_critical() -> None:
    """Negative: without the entry the critical strikes back with DAÑ 1; a plain pass
    strikes nothing back."""
    state = game({}, [PASS, CRIT, FAIL])
    support.do(state, STAB)
    assert state.figures["a"].wounds == 1
    state = game({"b": bearer("b", Trait("Pinchos"))}, [PASS, PASS])
    support.do(state, STAB)
    assert state.figures["a"].wounds == 0


# -- Berserker, Sed de sangre ------------------------------------------------------------------


def charge(profiles: dict[str, Profile], b_at: float = 16.0) -> GameState:
    """a (MOV 1: Cargar reaches 4 K) faces b, ``b_at`` − 11 K away."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (b_at, 10.0), 180.0)]
    return support.started(support.scenario(units, profiles=profiles), PAD)


def test_berserker_charges_2_k_farther() -> None:
    """BONUS Y MALUS, Berserker: its own Cargar reaches 2 K farther, so b 5 K away is
    reached."""
    state = charge({"a": bearer("a", Trait("Berserker"))})
    events = support.do(state, Action("cargar", target="b"))
    assert [e.text for e in events if e.kind == "charge_reach"] == ["Berserker: a carga 2 K más"]
    assert gap(state, "a", "b") == pytest.approx(0.0, abs=0.06)


def test_berserker_does_not_add_to_grito_berserker() -> None:
    """Negative: without it b is out of reach; with it and an ally's cry, 7 K is still
    too far (the two do not add up)."""
    support.refused(charge({}), Action("cargar", target="b"), "Cargar reaches 4 K")
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (18.0, 10.0), 180.0),
             ("c", "A", (10.0, 12.0), 90.0)]  # fmt: skip
    profiles = {"a": bearer("a", Trait("Berserker")), "c": bearer("c", Trait("Grito berserker"))}
    state = support.started(support.scenario(units, profiles=profiles), PAD)
    support.refused(state, Action("cargar", target="b"), "Cargar reaches 6 K")


def thirst(traits: tuple[Trait, ...]) -> GameState:
    """a stabs b (CON 1); d stands 5 K from a."""
    more = (("d", "B", (10.0, 4.0), 90.0),)
    return game(
        {"a": bearer("a", *traits), "b": support.profile("b", con=1)}, [PASS, FAIL], more=more
    )


def test_sed_de_sangre_lengthens_the_next_charge_after_a_kill_in_cac() -> None:
    """BONUS Y MALUS, Sed de sangre: after taking an enemy out in CaC its next Cargar in
    that activation reaches 2 K farther."""
    state = thirst((Trait("Sed de sangre"),))
    events = support.do(state, STAB)
    assert state.figures["b"].casualty
    assert [e.data["entry"] for e in events if e.kind == "credit"] == ["Sed de sangre"]
    events = support.do(state, Action("cargar", target="d"))
    assert [e.text for e in events if e.kind == "charge_reach"] == [
        "Sed de sangre: a carga 2 K más"
    ]
    assert cries.mark(state.figures["a"]).credits == ()


def test_sed_de_sangre_needs_a_kill() -> None:
    """Negative: without the entry the kill gives no credit and d is out of reach."""
    state = thirst(())
    support.do(state, STAB)
    assert cries.mark(state.figures["a"]).credits == ()
    support.refused(state, Action("cargar", target="d"), "Cargar reaches 4 K")


# -- Ira, Orgulloso ----------------------------------------------------------------------------


def test_ira_after_a_wound_in_cac_its_next_activation_hits_harder() -> None:
    """BONUS Y MALUS, Ira: wounded in CaC and still standing, its next activation has
    CH IMP +1 and DAÑ +1 in CaC; it ends with that activation."""
    state = game({"b": bearer("b", Trait("Ira"), con=9)}, [PASS, FAIL, PASS, PASS, PASS])
    events = support.do(state, STAB)
    assert state.figures["b"].wounds == 2 and "wrath" in kinds(events)
    b_acts(state)
    events = support.do(state, Action("ataque_cac", target="a", item="cuchillo"))
    (imp,) = support.rolls_of(events, "b", "CH IMP")
    assert ["Ira", 1] in [list(m) for m in imp["modifiers"]]
    (hit,) = [e for e in events if e.kind == "hit"]
    assert hit.data["damage"] == 2 + 9 - 4 - 2 + 1  # knife + CON − 4 − wounds, Ira +1
    support.do(state, Action("end"))
    assert not triggers.mark(state.figures["b"]).wrath


def test_ira_needs_a_wound_in_cac() -> None:
    """Negative: a wound from a shot earns nothing; the next blow is a plain one."""
    state = game({"b": bearer("b", Trait("Ira"), con=9)}, [PASS, FAIL, PASS], near=False)
    support.do(state, SHOT)
    assert state.figures["b"].wounds == 4 and not triggers.mark(state.figures["b"]).wrath


def test_orgulloso_strikes_back_once_for_free() -> None:
    """BONUS Y MALUS, Orgulloso: wounded in CaC and still standing, it strikes the one who
    wounded it once, for free, right away; that blow brings no other (a is Orgulloso too)."""
    profiles = {"a": bearer("a", Trait("Orgulloso")), "b": bearer("b", Trait("Orgulloso"))}
    state = game(profiles, [PASS, FAIL, PASS, PASS, FAIL, PASS])
    ene = state.figures["b"].ene
    events = support.do(state, STAB)
    (blow,) = support.rolls_of(events, "b", "CH IMP")
    assert blow["purpose"] == "CH IMP (ataque gratuito, Orgulloso)"
    assert [e.data["target"] for e in events if e.kind == "strike_back"] == ["a"]
    assert state.figures["a"].wounds == 1  # DAÑ 2 + 0 − 2 wounds: at least 1
    assert state.figures["b"].ene == ene
    assert not support.rolls_of(events, "a", "CH IMP (ataque gratuito")


def test_orgulloso_needs_to_survive_a_wound_in_cac() -> None:
    """Negative: a blow the CH DEF stops, or one that kills, brings no blow back."""
    state = game({"b": bearer("b", Trait("Orgulloso"))}, [PASS, PASS])
    assert "strike_back" not in kinds(support.do(state, STAB))
    state = game({"b": bearer("b", Trait("Orgulloso"), con=2)}, [PASS, FAIL])
    events = support.do(state, STAB)
    assert state.figures["b"].casualty and "strike_back" not in kinds(events)


# -- The vocabulary and random games ---------------------------------------------------------


def test_the_vocabulary_refuses_malformed_triggers() -> None:
    """The validator of batch F refuses wrong numbers and combinations."""
    from wartime.errors import DataError
    from wartime.rules.effects import validated

    bad = [
        ({"hit_ene": 0}, "'hit_ene' is a whole number"),
        ({"kill_psi": -1}, "'kill_psi' is a number of K"),
        ({"wrath": True}, "'wrath' goes with"),
        ({"hit_ene": 3, "hit_ene_dan": True}, "do not go together"),
        ({"stuns": True, "who": "allies", "within": 5}, "the bearer's own"),
    ]
    for item, reason in bad:
        with pytest.raises(DataError, match=reason):
            validated({"triggers.yaml": {"Psicópata": [item]}})


def test_random_games_with_trigger_bearers_end_cleanly_and_replay() -> None:
    """Seeded games of random legal moves between bearers of these entries end without an
    exception and replay to the same hash (DESIGN §3)."""
    rifle = (Trait("Munición aturdiradora", 1, "fusil"), Trait("Munición cegadora", 1, "fusil"),
             Trait("Peligro", 1, "fusil"))  # fmt: skip
    bold = ("Orgulloso", "Ira", "Psicópata", "Acobardamiento", "Berserker")
    spiky = ("Pinchos", "Sed de sangre", "Fatality", "Orgulloso")
    profiles = {
        "a": bearer("a", *map(Trait, bold)),
        "b": bearer("b", *map(Trait, spiky)),
        "c": bearer("c", *rifle, Trait("Enfermo terminal"), con=6),
        "d": bearer("d", Trait("Munición paralizante", 1, "fusil"), Trait("Ira")),
    }
    scn = support.two_pairs(profiles, 11.0, (16.0, 14.0))
    seen: set[str] = set()
    for decision in support.random_games(scn, 12):
        seen |= set(kinds(decision.events))
    assert {"end_wounds", "ene_lost"} <= seen
    assert seen & {"strike_back", "wrath", "ene_gain", "stunned", "spikes"}
