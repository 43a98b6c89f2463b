"""BONUS Y MALUS: energy shields and what is made against them, and Mimético
(entries/shields.py, actions/usar_bonus.py), played with scripted dice.

a (fusil DAÑ 4) shoots b (CON 9, DEF 3) 10 K away; b's shield, when it has one,
checks first, then b's CH DEF.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from wartime.engine import Action, GameState
from wartime.engine.core.profiles import Trait, Weapon

from . import engine_support as support

SHOT = Action("ataque_distancia", target="b", item="fusil")
PAD = [5] * 10


def game(
    a_traits: tuple[Trait, ...] = (), b_traits: tuple[Trait, ...] = (), faces: list[int] = (),
    *, rifle: Weapon = support.RIFLE, near: bool = False,
) -> GameState:  # fmt: skip
    a = replace(support.profile("a", weapons=(rifle, support.KNIFE)), traits=a_traits)
    b = replace(support.profile("b", con=9), traits=b_traits)
    where = (11.0, 10.0) if near else (21.0, 10.0)
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", where, 180.0)]
    return support.started(support.scenario(units, profiles={"a": a, "b": b}), faces=[*faces, *PAD])


def shield(level: int = 2, advanced: bool = False) -> tuple[Trait, ...]:
    return (Trait("Escudo de energía avanzado" if advanced else "Escudo de energía", level),)


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]


def test_escudo_de_energia_stops_a_ranged_hit_on_a_pass() -> None:
    """BONUS Y MALUS, Escudo de energía: a ranged hit meets the shield's CH DEF 4 first;
    passed, the hit is stopped and b rolls no CH DEF."""
    state = game(b_traits=shield(), faces=[3, 4])  # CH IMP 3 hits, the shield's 4 holds
    events = support.do(state, SHOT)
    check = support.rolls_of(events, "b", "Escudo de energía")[0]
    assert check["target"] == 4 and check["modifiers"] == []
    assert not support.rolls_of(events, "b", "CH DEF")
    assert state.figures["b"].wounds == 0 and state.figures["b"].shield_lost == 0


def test_a_failed_shield_check_costs_a_level_then_the_ch_def_follows() -> None:
    """BONUS Y MALUS, Escudo de energía: failing its check loses a level of the shield,
    and the hit goes on to b's own CH DEF."""
    state = game(b_traits=shield(), faces=[3, 5, 9])  # the shield's 5 fails, CH DEF 9 too
    events = support.do(state, SHOT)
    assert state.figures["b"].shield_lost == 1
    assert support.rolls_of(events, "b", "CH DEF")[0]["roll"] == 9
    assert state.figures["b"].wounds == support.RIFLE.dan


def test_the_shield_leaves_cac_blows_alone_and_an_empty_one_checks_nothing() -> None:
    """BONUS Y MALUS, Escudo de energía: only ranged attacks; with no level left it is
    gone."""
    state = game(b_traits=shield(), faces=[4, 9], near=True)
    events = support.do(state, Action("ataque_cac", target="b", item="cuchillo"))
    assert not support.rolls_of(events, "b", "Escudo") and support.rolls_of(events, "b", "CH DEF")
    empty = game(b_traits=shield(level=1), faces=[3, 9])
    empty.figures["b"].shield_lost = 1
    assert not support.rolls_of(support.do(empty, SHOT), "b", "Escudo")


def test_escudo_de_energia_avanzado_checks_against_6() -> None:
    """BONUS Y MALUS, Escudo de energía avanzado: as the shield, with CH DEF 6."""
    state = game(b_traits=shield(advanced=True), faces=[3, 6])
    events = support.do(state, SHOT)
    assert support.rolls_of(events, "b", "Escudo de energía avanzado")[0]["target"] == 6
    assert "saved" in kinds(events) and state.figures["b"].wounds == 0


@pytest.mark.parametrize(("advanced", "ene"), [(False, 4), (True, 6)])
def test_usar_bonus_restores_a_shield_level_while_one_is_left(advanced: bool, ene: int) -> None:
    """BONUS Y MALUS, Escudo de energía (avanzado): ENE 4 (6) gives back a lost level, while
    the shield has level 1 or more; a full shield has nothing to restore."""
    name = "Escudo de energía avanzado" if advanced else "Escudo de energía"
    state = game(a_traits=shield(2, advanced))
    use = Action("usar_bonus", item=name)
    support.refused(state, use, "has all its levels")
    state.figures["a"].shield_lost = 1
    assert replace(use, figure="a") in state.legal_actions()
    before = state.figures["a"].ene
    support.do(state, use)
    assert state.figures["a"].shield_lost == 0 and state.figures["a"].ene == before - ene
    state.figures["a"].shield_lost = 2
    support.refused(state, use, "no level left")


def test_anulador_de_escudo_takes_a_level_instead_of_dan() -> None:
    """BONUS Y MALUS, Anulador de escudo: its hits deal no DAÑ and take a level of the
    target's shield, with no CH DEF."""
    drain = (Trait("Anulador de escudo", 1, "fusil"),)
    state = game(a_traits=drain, b_traits=shield(), faces=[3])
    events = support.do(state, SHOT)
    assert state.figures["b"].shield_lost == 1 and state.figures["b"].wounds == 0
    assert not support.rolls_of(events, "b", "CH DEF") and not support.rolls_of(
        events, "b", "Escudo"
    )
    bare = game(a_traits=drain, faces=[3])
    support.do(bare, SHOT)
    assert bare.figures["b"].wounds == 0


def test_municion_magnetica_halves_the_shield_or_else_the_dan() -> None:
    """BONUS Y MALUS, Munición magnética: the target's shield checks against half its
    number; a target with no shield takes half the DAÑ (4 → 2)."""
    magnet = (Trait("Munición magnética", 1, "fusil"),)
    state = game(a_traits=magnet, b_traits=shield(), faces=[3, 3, 9])
    events = support.do(state, SHOT)
    assert support.rolls_of(events, "b", "Escudo de energía")[0]["target"] == 2
    assert state.figures["b"].shield_lost == 1  # the 3 fails against 2
    bare = game(a_traits=magnet, faces=[3, 9])
    support.do(bare, SHOT)
    assert bare.figures["b"].wounds == support.RIFLE.dan // 2


def test_mimetico_is_switched_on_and_off_and_hinders_both_sides() -> None:
    """BONUS Y MALUS, Mimético: switching it costs ENE 1; while on, its bearer and whoever
    attacks it have CH IMP -3."""
    state = game(b_traits=(Trait("Mimético"),), faces=[3, 9, 5])
    support.do(state, SHOT)
    assert state.figures["b"].switched == ()
    b_on = game(a_traits=(Trait("Mimético"),), faces=[3, 9, 5])
    use = Action("usar_bonus", item="Mimético")
    assert replace(use, figure="a") in b_on.legal_actions()
    before = b_on.figures["a"].ene
    support.do(b_on, use)
    assert b_on.figures["a"].switched == ("Mimético",) and b_on.figures["a"].ene == before - 1
    events = support.do(b_on, SHOT)
    assert ["Mimético", -3] in support.rolls_of(events, "a", "CH IMP")[0]["modifiers"]
    support.do(b_on, use)
    assert b_on.figures["a"].switched == ()
    target = game(b_traits=(Trait("Mimético"),), faces=[3, 9, 5])
    target.figures["b"].switched = ("Mimético",)
    events = support.do(target, SHOT)
    assert ["Mimético (b)", -3] in support.rolls_of(events, "a", "CH IMP")[0]["modifiers"]
    support.refused(target, Action("usar_bonus", item="Mimético"), "no entry")


def test_random_games_with_every_choice_shield_and_flaw_end_cleanly_and_replay() -> None:
    """Seeded games of random legal moves between bearers of these entries (options,
    Usar bonus, shields, flawed weapons) end without an exception and replay to the
    same hash: the new decisions keep the engine's contract (DESIGN §3)."""
    from .test_gear import COCKTAIL, DRUG, ELIXIR

    rifle = (Trait("Munición magnética", 1, "fusil"), Trait("Defectuoso", 1, "fusil"))
    knife = (Trait("Empuñadura larga", 1, "cuchillo"), Trait("Dañino", 1, "cuchillo"))
    bold = (Trait("Frenesí"), Trait("Maestro de esgrima"), Trait("Poderoso"), *knife)
    wary = (Trait("Escudo de energía", 2), Trait("Mimético"), Trait("Malvado", 1, "fusil"), *rifle)
    profiles = {
        "a": replace(support.profile("a"), traits=bold),
        "b": replace(support.profile("b"), traits=wary),
        "c": replace(
            support.profile("c"),
            traits=(Trait("Anulador de escudo", 1, "fusil"),),
            gear=(ELIXIR, DRUG, COCKTAIL),
        ),
        "d": replace(support.profile("d"), traits=(Trait("Escudo de energía avanzado", 1),)),
    }
    scn = support.two_pairs(profiles, 11.0, (16.0, 14.0))
    taken: set[str] = set()
    for decision in support.random_games(scn, 12):
        action = decision.action
        used = {action.item or ""} if action.kind in ("usar", "usar_bonus") else set()
        taken |= set(action.options) | used
    # the random side took some of each kind: an option, a switch, an object
    assert taken & {"Frenesí", "Maestro de esgrima (IMP)", "Maestro de esgrima (DAÑ)"}
    assert "Mimético" in taken and taken & {"elixir", "estimulante", "coctel"}
