"""BONUS Y MALUS: the check_modifier entries automated in ``data/effects/checks.yaml``.

Each case names the entry and its rule in brief, plays the roll it changes
through real actions (a shot, a CaC blow, a push, the CH PSI or CH LOC after a
wound) and finds the modifier in that roll's event.  An effect of another
figure is labelled "Name (owner)".
"""

from __future__ import annotations

from dataclasses import replace
from importlib import resources
from typing import Any

import pytest
import yaml

from wartime.engine import Action, GameState
from wartime.engine.core.checks import roll
from wartime.engine.core.profiles import Trait
from wartime.rules.catalog import Mechanism, load_catalog
from wartime.rules.effects import load_effects

from .engine_support import KNIFE, RIFLE, do, profile, scenario, started

# What each setup does, and the dice it needs: a's CH IMP 2 hits, b's CH DEF 9
# fails (4 wounds of CON 9), b's CH PSI 3 passes.  The CH PSI 10 of "loc" is a
# fumble, so b also rolls CH LOC.  Empujar: a's CH IMP 3, then CH CON ENF 3 against b's 5.
SETUPS: dict[str, tuple[bool, Action, list[int]]] = {
    "shoot": (False, Action("ataque_distancia", target="b", item="fusil"), [2, 9, 3]),
    "strike": (True, Action("ataque_cac", target="b", item="cuchillo"), [2, 9, 3]),
    "push": (True, Action("empujar", target="b"), [3, 3, 5]),
    "loc": (False, Action("ataque_distancia", target="b", item="fusil"), [2, 9, 10, 3]),
}


def game(
    setup: str, bearer: str, traits: tuple[Trait, ...], faces: list[int] | None = None,
    a_con: int = 4, a_def: int = 3,
) -> GameState:  # fmt: skip
    """a (rifle and knife) and b (CON 9; 4 to be pushed), 10 K apart or in contact; a acts."""
    melee, _, default_faces = SETUPS[setup]
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (11.0 if melee else 21.0, 10.0), 180.0)]
    profiles = {
        "a": profile("a", con=a_con, defense=a_def, weapons=(RIFLE, KNIFE)),
        "b": profile("b", con=4 if setup == "push" else 9),
    }
    profiles[bearer] = replace(profiles[bearer], traits=traits)
    return started(scenario(units, profiles=profiles), faces=faces or default_faces)


def play(state: GameState, setup: str) -> list[Any]:
    return do(state, SETUPS[setup][1])


def rolled(events: list[Any], purpose: str) -> dict[str, Any]:
    """The data of the (first) roll whose purpose starts with ``purpose``."""
    return next(
        e.data for e in events if e.kind == "roll" and e.data["purpose"].startswith(purpose)
    )


def trait(name: str, weapon: str | None = None) -> tuple[Trait, ...]:
    return (Trait(name, 1, weapon),)


# (entry, its rule in brief, bearer, weapon it sits on, setup, roll, modifier or None if absent)
CASES = [
    ("Muy torpe", "CH AGI −1", "a", None, "shoot", "CH IMP", ["Muy torpe", -1]),
    ("Mala hechura", "CH AGI −1", "a", None, "strike", "CH IMP", ["Mala hechura", -1]),
    ("Profesión acróbata", "CH AGI +1", "a", None, "shoot", "CH IMP", ["Profesión acróbata", 1]),
    ("Arma complicada", "CH IMP −1", "a", "fusil", "shoot", "CH IMP", ["Arma complicada", -1]),
    ("Arma complicada", "CH IMP −1", "a", "fusil", "strike", "CH IMP", None),  # the knife strikes
    ("Profesión arquero", "CH IMP +1 when shooting", "a", None, "shoot", "CH IMP",
     ["Profesión arquero", 1]),
    ("Profesión arquero", "CH IMP +1 when shooting", "a", None, "strike", "CH IMP", None),
    ("Munición trazadora", "CH IMP +2 when shooting", "a", "fusil", "shoot", "CH IMP",
     ["Munición trazadora", 2]),
    ("Profesión gladiador", "CH IMP +1 in CaC", "a", None, "strike", "CH IMP",
     ["Profesión gladiador", 1]),
    ("Profesión gladiador", "CH IMP +1 in CaC", "a", None, "shoot", "CH IMP", None),
    ("Odio", "CH IMP and DAÑ +1 in CaC", "a", None, "strike", "CH IMP", ["Odio", 1]),
    ("Odio", "CH IMP and DAÑ +1 in CaC", "a", None, "shoot", "CH IMP", None),
    ("Pequeño", "CH IMP −1 in CaC", "a", None, "strike", "CH IMP", ["Pequeño", -1]),
    ("Pequeño", "CH IMP −1 in CaC", "a", None, "shoot", "CH IMP", None),
    ("Pequeño", "attacks on it: CH IMP −1", "b", None, "shoot", "CH IMP", ["Pequeño (b)", -1]),
    ("Pequeño", "attacks on it: CH IMP −1", "b", None, "strike", "CH IMP", ["Pequeño (b)", -1]),
    ("Difícil de matar", "attacks on it: CH IMP −1", "b", None, "shoot", "CH IMP",
     ["Difícil de matar (b)", -1]),
    ("Camuflaje", "shots at it: CH IMP −1", "b", None, "shoot", "CH IMP",
     ["Camuflaje (b)", -1]),
    ("Camuflaje", "shots at it: CH IMP −1", "b", None, "strike", "CH IMP", None),
    ("Fosforito", "shots at it: CH IMP +1", "b", None, "shoot", "CH IMP",
     ["Fosforito (b)", 1]),
    ("Fosforito", "shots at it: CH IMP +1", "b", None, "strike", "CH IMP", None),
    ("Odiado", "CaC blows at it: CH IMP and DAÑ +1", "b", None, "strike", "CH IMP",
     ["Odiado (b)", 1]),
    ("Odiado", "CaC blows at it: CH IMP and DAÑ +1", "b", None, "shoot", "CH IMP", None),
    ("Señor de Medusa", "any attack on it, CaC or shot: CH AGI −2", "b", None,
     "shoot", "CH IMP", ["Señor de Medusa (b)", -2]),
    ("Señor de Medusa", "any attack on it, CaC or shot: CH AGI −2", "b", None,
     "strike", "CH IMP", ["Señor de Medusa (b)", -2]),
    ("Refuerzo", "CH DEF +1", "b", None, "shoot", "CH DEF", ["Refuerzo", 1]),
    ("Profesión caballero", "CH DEF +1", "b", None, "strike", "CH DEF", ["Profesión caballero", 1]),
    ("Maldita armadura", "CH DEF −1", "b", None, "shoot", "CH DEF", ["Maldita armadura", -1]),
    ("Muy débil", "CH CON −1", "a", None, "push", "CH CON ENF", ["Muy débil", -1]),
    ("Profesión bárbaro", "CH CON +1", "a", None, "push", "CH CON ENF", ["Profesión bárbaro", 1]),
    ("Muy miedoso", "CH VOL −1", "b", None, "shoot", "CH PSI", ["Muy miedoso", -1]),
    ("Profesión mago", "CH VOL +1", "b", None, "shoot", "CH PSI", ["Profesión mago", 1]),
    ("Loco", "CH LOC −1", "b", None, "loc", "CH LOC", ["Loco", -1]),
    ("Loco", "CH LOC −1", "b", None, "shoot", "CH PSI", None),  # not on other CH VOL
]  # fmt: skip


@pytest.mark.parametrize(
    ("entry", "line", "bearer", "weapon", "setup", "purpose", "modifier"),
    CASES,
    ids=[f"{c[0]}-{c[4]}" for c in CASES],
)
def test_entry_modifies_its_check_in_play(
    entry: str, line: str, bearer: str, weapon: str | None, setup: str, purpose: str,
    modifier: list[Any] | None,
) -> None:  # fmt: skip
    """BONUS Y MALUS, <entry>: <line> — the modifier is on the roll it names, and only there."""
    state = game(setup, bearer, trait(entry, weapon))
    mods = rolled(play(state, setup), purpose)["modifiers"]
    if modifier is None:
        assert not [m for m in mods if m[0].startswith(entry)]
    else:
        assert modifier in mods


def test_bano_de_acero_and_duro_raise_the_def() -> None:
    """BONUS Y MALUS, Baño de acero: DEF +1; Duro: DEF +1 — CH DEF on 4, one wound less."""
    for entry in ("Baño de acero", "Duro"):
        state = game("shoot", "b", trait(entry))
        events = play(state, "shoot")
        assert rolled(events, "CH DEF")["target"] == 3 + 1
        state = game("shoot", "b", trait(entry), faces=[2, 4])  # CH DEF 4 passes on DEF 4:
        play(state, "shoot")
        assert state.figures["b"].wounds == 0  # DAÑ 4 − DEF 4 = no wounds


def test_duro_does_not_count_for_sobrecarga() -> None:
    """BONUS Y MALUS, Duro: DEF +1, left out of sobrecarga (CON 3, DEF 3 + 1: none)."""
    state = game("shoot", "a", trait("Duro"), a_con=3)
    mods = rolled(play(state, "shoot"), "CH IMP")["modifiers"]
    assert not [m for m in mods if m[0] == "sobrecarga"]
    state = game("shoot", "a", (), a_con=3, a_def=4)  # a DEF 4 of its own does count
    assert ["sobrecarga", -1] in rolled(play(state, "shoot"), "CH IMP")["modifiers"]


def test_odio_and_odiado_add_damage_in_cac_only() -> None:
    """BONUS Y MALUS, Odio: CH IMP and DAÑ +1 in CaC; Odiado: the same for its CaC foes."""
    knife_blow = KNIFE.dan  # DAÑ 2 + CON 4 − 4 − 0 wounds
    for bearer, entry in (("a", "Odio"), ("b", "Odiado")):
        state = game("strike", bearer, trait(entry))
        hit = next(e.data for e in play(state, "strike") if e.kind == "hit")
        assert hit["damage"] == knife_blow + 1
        assert state.figures["b"].wounds == knife_blow + 1  # CH DEF 9 fails
        state = game("shoot", bearer, trait(entry))
        hit = next(e.data for e in play(state, "shoot") if e.kind == "hit")
        assert hit["damage"] == RIFLE.dan


@pytest.mark.parametrize(("entry", "value"), [("Muy tonto", -1), ("Profesión sabio", 1)])
def test_int_entries_modify_a_ch_int(entry: str, value: int) -> None:
    """BONUS Y MALUS, Muy tonto: CH INT −1; Profesión sabio: CH INT +1.

    No action of the engine rolls CH INT yet (Percibir, Contramagia...), so the
    check is rolled through the engine's roll, as those actions will.
    """
    state = game("shoot", "a", trait(entry))
    outcome, event = roll(state, state.figures["a"], "CH INT (Percibir)", 4, [])
    assert [entry, value] in event.data["modifiers"]
    assert event.data["roll"] == 2 and outcome.passed
    other = roll(state, state.figures["a"], "CH AGI (Escalar)", 4, [])[1]
    assert not other.data["modifiers"]


# The entries this file shows in play; tests/test_effects_checks_more.py shows the others.
TESTED = {c[0] for c in CASES} | {"Baño de acero", "Duro", "Muy tonto", "Profesión sabio"}


def test_every_entry_here_has_the_check_modifier_hook() -> None:
    """checks.yaml holds the check_modifier entries, and each is tested here or in
    tests/test_effects_checks_more.py."""
    from .test_effects_checks_more import CASES as MORE
    from .test_effects_checks_more import OWN_TESTS
    from .test_effects_pass2 import SECOND_PASS

    source = resources.files("wartime.data").joinpath("effects", "checks.yaml")
    names = set(yaml.safe_load(source.read_text(encoding="utf-8")))
    catalog = load_catalog()
    assert all(catalog.find(n).mechanism is Mechanism.CHECK_MODIFIER for n in names)  # type: ignore[union-attr]
    assert names <= set(load_effects())
    assert names - SECOND_PASS == TESTED | {p.values[0].entry for p in MORE} | OWN_TESTS
