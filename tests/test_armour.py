"""HERIDAS and COMBATE, Pifia en CH DEF: protections as pieces (engine/armour.py), and
BONUS Y MALUS, Aplasta; played with scripted dice (a shoots b with its fusil)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from wartime.engine import Action, GameState
from wartime.engine.core.profiles import Protection, Trait, profile_from_army
from wartime.formats.army import load_army

from .engine_support import do, profile, scenario, started

HELMET = Protection("casco", defense=2, cal=2)
PLATE = Protection("coraza", defense=3, cal=1)
SHOT = Action("ataque_distancia", target="b", item="fusil")
FUMBLE = [3, 10, 5]  # a's CH IMP 3 hits; b's CH DEF 10 is a fumble; b's CH PSI


def game(faces: list[int], *, crusher: bool = False) -> GameState:
    a = profile("a")
    if crusher:
        a = replace(a, traits=(Trait("Aplasta", 1, "fusil"),))
    b = replace(profile("b", con=9, defense=5), protections=(HELMET, PLATE))
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    return started(scenario(units, profiles={"a": a, "b": b}), faces=[*faces, *[6, 5] * 10])


def test_a_fumbled_ch_def_wounds_the_piece_giving_most_def() -> None:
    """COMBATE, Pifia en CH DEF: a protection gains a wound; HERIDAS: at CAL wounds it is
    unusable and gives no DEF (the coraza, CAL 1: DEF 5 → 2)."""
    state = game(FUMBLE)
    assert state.figures["b"].defense == 5
    events = do(state, SHOT)
    b = state.figures["b"]
    assert b.armour == (0, 1) and b.defense == HELMET.defense
    gear = next(e for e in events if e.kind == "gear")
    assert "coraza" in gear.text and "inutilizada" in gear.text


def test_a_protection_loses_def_1_per_wound_never_below_1() -> None:
    """HERIDAS: protections suffer DEF −1 per wound, minimum DEF 1, until CAL."""
    b = game([]).figures["b"]
    b.profile = replace(b.profile, protections=(Protection("escudo", 3, 5),), defense=3)
    b.armour = (1,)
    assert b.defense == 2
    b.armour = (4,)
    assert b.defense == 1
    b.armour = (5,)
    assert b.defense == 0


def test_aplasta_takes_cal_1_off_a_protection_on_each_hit() -> None:
    """BONUS Y MALUS, Aplasta: a hit takes CAL 1 off one of the target's protections (the
    coraza, CAL 1 → 0: unusable even with no wound)."""
    state = game([3, 9, 5], crusher=True)
    events = do(state, SHOT)
    b = state.figures["b"]
    assert b.crushed == (0, 1) and b.piece_cal(1) == 0 and b.defense == HELMET.defense
    assert any("Aplasta" in e.text for e in events if e.kind == "gear")
    plain = game([3, 9, 5])
    do(plain, SHOT)
    assert plain.figures["b"].crushed == ()


def test_a_bare_def_is_one_piece_with_no_cal() -> None:
    """A profile built with a DEF and no pieces keeps DEF − wounds, at least 1."""
    b = profile("b", defense=3)
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    state = started(scenario(units, profiles={"b": replace(b, con=9)}), faces=[*FUMBLE, 5])
    do(state, SHOT)
    assert state.figures["b"].armour_wounds == 1 and state.figures["b"].defense == 2


def test_army_protections_are_pieces(tmp_path: Path) -> None:
    """Arquetipos: each protection archetype worn is a piece with its DEF and CAL."""
    path = tmp_path / "army.yaml"
    path.write_text(
        "wartime_army: 1\n"
        "archetypes:\n"
        "  - {id: humano, kind: race, CON: 4, AGI: 4, INT: 4, VOL: 4}\n"
        "  - {id: casco, kind: protection, ENE: 0, DEF: 2, TAL: 0, CAL: 2}\n"
        "  - {id: coraza, kind: protection, ENE: 0, DEF: 3, TAL: 0, CAL: 4}\n"
        "characters:\n"
        "  - {id: soldado, race: humano, protections: [casco, coraza]}\n"
        "lists:\n"
        "  - {id: l, limit: 500, characters: [soldado]}\n",
        encoding="utf-8",
    )
    found = profile_from_army(load_army(path).army, "soldado")
    assert found.protections == (Protection("casco", 2, 2), Protection("coraza", 3, 4))
    assert found.defense == 5
