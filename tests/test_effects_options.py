"""BONUS Y MALUS: the entries a character may take with an attack (entries/options.py).

Empuñadura larga and Frenesí trade DEF for DAÑ, Maestro de esgrima puts its +1 on
the CH IMP or the DAÑ of each CaC blow (and on the CH DEF when struck in CaC),
Poderoso gathers Poder from wounds and spends it on DAÑ.  Each is played with
scripted dice: a charges b (Cargar), then strikes with its cuchillo.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from wartime.engine import Action, GameState, PendingKind
from wartime.engine.core.action import MalformedActionError
from wartime.engine.core.profiles import Trait
from wartime.engine.entries import options
from wartime.engine.entries.options import gather
from wartime.errors import DataError

from .engine_support import KNIFE, RIFLE, do, profile, refused, rolls_of, scenario, started

BLOW = Action("ataque_cac", target="b", item="cuchillo")
SHOT = Action("ataque_distancia", target="b", item="fusil")
# The cuchillo after Cargar: DAÑ 2 + CON 4 − 4 + 1 for the charge.
PLAIN = 3
# After initiative: a's CH IMP 4 passes, b's CH DEF 9 fails, b's CH PSI for its wounds.
HIT = [4, 9, 5]
# Then b strikes back (strike_back): its CH IMP 3 passes, a's CH DEF 7 fails, a's CH PSI.
STRIKE = [3, 7, 5]


def melee(traits: tuple[Trait, ...], faces: list[int], *, near: bool = True) -> GameState:
    """a (with ``traits``) stands 2.5 K from b (CON 9) and charges it; b is 11 K off
    when not ``near``, for a shot."""
    a = replace(profile("a", weapons=(RIFLE, KNIFE)), traits=traits)
    b = profile("b", con=9)
    where = (13.5, 10.0) if near else (21.0, 10.0)
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", where, 180.0)]
    state = started(scenario(units, profiles={"a": a, "b": b}), faces=[*faces, *[5] * 8])
    if near:
        do(state, Action("cargar", target="b"))
    return state


def damage(events: list[Any]) -> int:
    return int(next(e for e in events if e.kind == "hit").data["damage"])


def strike_back(state: GameState) -> dict[str, Any]:
    """a hands over; b activates and strikes a in CaC: a's CH DEF, as logged."""
    do(state, Action("end"))
    assert state.pending.kind is PendingKind.ACTIVATE
    do(state, Action("activate", "b"))
    events = do(state, Action("ataque_cac", target="a", item="cuchillo"))
    return rolls_of(events, "a", "CH DEF")[0]


def test_empunadura_larga_trades_def_for_dan_until_its_next_activation() -> None:
    """BONUS Y MALUS, Empuñadura larga: taken with a blow of the weapon it sits on, that
    blow has DAÑ +1 and the bearer DEF −1 until its next activation starts."""
    grip = (Trait("Empuñadura larga", 1, "cuchillo"),)
    plain = melee(grip, HIT + STRIKE)
    assert damage(do(plain, BLOW)) == PLAIN
    assert strike_back(plain)["target"] == 3  # DEF 3: the grip was not taken
    state = melee(grip, HIT + STRIKE)
    events = do(state, replace(BLOW, options=("Empuñadura larga",)))
    assert damage(events) == PLAIN + 1
    assert options.mark(state.figures["a"]).taken == ("Empuñadura larga",)
    # b's blow: its CH IMP 4 passes, a's CH DEF is then against DEF 3 − 1.
    assert strike_back(state)["target"] == 2
    state.figures["a"].start_activation()
    assert options.mark(state.figures["a"]).taken == ()


def test_frenesi_adds_dan_2_in_cac_and_leaves_def_0() -> None:
    """BONUS Y MALUS, Frenesí: DAÑ +2 in its CaC blows, and DEF 0 until its next
    activation starts; it is not taken with a shot."""
    frenzy = (Trait("Frenesí"),)
    state = melee(frenzy, HIT + STRIKE)
    assert damage(do(state, replace(BLOW, options=("Frenesí",)))) == PLAIN + 2
    assert strike_back(state)["target"] == 0
    far = melee(frenzy, [], near=False)
    refused(far, replace(SHOT, options=("Frenesí",)), "only taken in a CaC attack")


@pytest.mark.parametrize(("choice", "imp", "dan"), [("IMP", 1, 0), ("DAÑ", 0, 1)])
def test_maestro_de_esgrima_puts_its_plus_one_where_chosen(choice: str, imp: int, dan: int) -> None:
    """BONUS Y MALUS, Maestro de esgrima: before the CH IMP of a CaC blow it picks CH IMP
    +1 or DAÑ +1."""
    state = melee((Trait("Maestro de esgrima"),), HIT)
    events = do(state, replace(BLOW, options=(f"Maestro de esgrima ({choice})",)))
    mods = rolls_of(events, "a", "CH IMP")[0]["modifiers"]
    assert (["Maestro de esgrima", 1] in mods) is bool(imp)
    assert damage(events) == PLAIN + dan


def test_maestro_de_esgrima_defends_with_def_plus_one_in_cac_and_picks_once() -> None:
    """BONUS Y MALUS, Maestro de esgrima: struck in CaC, its CH DEF is +1 (the one choice
    that serves a defender); two choices in one blow are refused."""
    state = melee((Trait("Maestro de esgrima"),), HIT + STRIKE)
    both = ("Maestro de esgrima (IMP)", "Maestro de esgrima (DAÑ)")
    refused(state, replace(BLOW, options=both), "taken once per attack")
    do(state, BLOW)
    assert strike_back(state)["target"] == 4  # DEF 3 + 1


def test_poderoso_gathers_poder_from_wounds_and_spends_it_on_dan() -> None:
    """BONUS Y MALUS, Poderoso: Poder +1 for each wound it deals or suffers (up to 10),
    spent as DAÑ; it cannot spend more than it has."""
    state = melee((Trait("Poderoso"),), [*HIT, 3, 9, 5])  # the second CH IMP has ATR −1
    events = do(state, BLOW)
    assert options.mark(state.figures["a"]).power == PLAIN and any(
        e.kind == "power" for e in events
    )
    refused(state, replace(BLOW, options=("Poderoso (4)",)), "cannot take Poderoso")
    events = do(state, replace(BLOW, options=("Poderoso (2)",)))
    assert damage(events) == PLAIN - 1 + 2  # no charge bonus this time; Poder 2
    assert options.mark(state.figures["a"]).power == PLAIN - 2 + damage(events)
    a = state.figures["a"]
    options.put(a, options.Chosen(9))
    gather(a, 3)
    assert options.mark(a).power == 10  # capped


def test_the_options_are_offered_with_the_attacks_they_fit() -> None:
    """legal_actions offers a bearer's blows with each option, and its shots only with the
    options that are not CaC only."""
    state = melee((Trait("Frenesí"), Trait("Maestro de esgrima")), HIT)
    offered = {a.options for a in state.legal_actions() if a.kind == "ataque_cac"}
    assert {
        (),
        ("Frenesí",),
        ("Maestro de esgrima (IMP)",),
        ("Maestro de esgrima (DAÑ)",),
    } <= offered
    far = melee((Trait("Frenesí"),), [], near=False)
    assert all(not a.options for a in far.legal_actions())
    plain = melee((), HIT)
    assert all(not a.options for a in plain.legal_actions())


def test_options_survive_a_save_and_bad_ones_are_clean_errors(tmp_path: Any) -> None:
    """Saves keep the options of each action (to_data / from_data); a malformed list is
    a file error, not a crash."""
    action = replace(BLOW, figure="a", options=("Maestro de esgrima (DAÑ)",))
    assert Action.from_data(action.to_data()) == action
    assert "options" not in BLOW.to_data()
    with pytest.raises(MalformedActionError, match="options: options are entry labels"):
        Action.from_data({"kind": "ataque_cac", "options": "Frenesí"})
    from wartime.engine.core.saves import load_game

    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "wartime_save: 1\nscenario: {texts: {}, names: {}, seed: 1}\n"
        "actions: [{kind: ataque_cac, options: 3}]\nhash: x\n",
        encoding="utf-8",
    )
    with pytest.raises(DataError):
        load_game(bad)
