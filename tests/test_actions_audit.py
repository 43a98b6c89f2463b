"""The action list's own modifiers and requirements, played (issue 15 §1).

``wartime/data/actions.yaml`` gives every action its ``modifiers`` and ``requires``.
Each of them is either applied by the engine, with a test that names the action and its
rulebook section, or covered by a ruling in ``docs/rules-interpretations.md`` that says
why not.  :data:`AUDIT` links every one of them to its test or ruling, and the audit
tests below fail when the list and the table drift apart either way: a modifier, a
requirement or a conditional check added to the data (a new term among them) that no
test or ruling covers, or a row left behind by a change of the data.

The tests of this module cover the ones no other test pinned down; ScriptedDice force
every die.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from wartime.engine import Action, GameState
from wartime.rules.actions import Action as Entry
from wartime.rules.actions import Modifier, load_actions
from wartime.rules.text import fold

from .engine_support import RIFLE, profile, rolls, scenario, started

ROOT = Path(__file__).resolve().parent.parent
RULINGS = ROOT / "docs" / "rules-interpretations.md"
FAR = ("b", "B", (35.0, 25.0), 90.0)  # out of sight and hearing: no chance to react


def act(state: GameState, action: Action) -> list[Any]:
    """Apply an action and pass any chance to react or respond it opens."""
    events = state.apply(action)
    while state.pending.kind.value in ("react", "respond"):
        events += state.apply(Action("pass"))
    return events


def labelled(roll: dict[str, Any], label: str) -> list[int]:
    return [value for name, value in roll["modifiers"] if name == label]


# -- Correr ---------------------------------------------------------------------------


def test_correr_next_movement_ch_agi_plus_1() -> None:
    """ACCIONES DE MOVIMIENTO, Correr: after a run, the CH AGI of a movement action (here
    Salto de longitud) takes +1."""
    state = started(scenario([("a", "A", (10.0, 10.0), 0.0), FAR]), faces=[4])
    act(state, Action("correr", "a", point=(12.0, 10.0)))
    events = act(state, Action("salto_de_longitud", "a", point=(30.0, 10.0)))
    (jump,) = rolls(events, "CH AGI (Salto de longitud)")
    assert labelled(jump, "tras correr") == [1]
    # AGI 4, chained −1, after running +1: the 4 passes, where it would fail without it
    assert jump["target"] == 4 and jump["outcome"] == "pass"


def test_correr_next_not_movement_ch_agi_minus_1() -> None:
    """ACCIONES DE MOVIMIENTO, Correr: after a run, a CH AGI of an action that is not a
    movement (a shot's CH IMP, a CH AGI with a weapon) takes −1."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (19.0, 10.0), 180.0)]
    state = started(scenario(units), faces=[2, 9, 5])
    act(state, Action("correr", "a", point=(11.0, 10.0)))
    events = act(state, Action("ataque_distancia", "a", target="b", item=RIFLE.id))
    (impact,) = rolls(events, "CH IMP")
    assert labelled(impact, "tras correr") == [-1]
    assert impact["target"] == 4 - 1 - 1  # AGI 4, chained −1, after running −1


def test_correr_modifier_lasts_one_action_and_not_after_cargar_or_mover() -> None:
    """ACCIONES DE MOVIMIENTO, Correr: the modifier is for the next action only; it does not
    reach the action after that, nor does Mover give it."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (19.0, 10.0), 180.0)]
    state = started(scenario(units), faces=[9, 9])  # both shots miss
    state.figures["a"].ene = 10
    act(state, Action("correr", "a", point=(11.0, 10.0)))
    act(state, Action("ataque_distancia", "a", target="b", item=RIFLE.id))
    events = act(state, Action("ataque_distancia", "a", target="b", item=RIFLE.id))
    (impact,) = rolls(events, "CH IMP")
    assert labelled(impact, "tras correr") == []
    walked = started(scenario(units), faces=[9])
    act(walked, Action("mover", "a", point=(11.0, 10.0)))
    events = act(walked, Action("ataque_distancia", "a", target="b", item=RIFLE.id))
    assert labelled(rolls(events, "CH IMP")[0], "tras correr") == []


def test_correr_then_cargar_changes_nothing() -> None:
    """ACCIONES DE MOVIMIENTO, Correr: Cargar after a run is not affected, and its blow (the
    action after Cargar) is not the run's next action."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (16.0, 10.0), 180.0)]
    state = started(scenario(units), faces=[4, 9, 5])
    state.figures["a"].ene = 10
    act(state, Action("correr", "a", point=(11.0, 10.0)))
    act(state, Action("cargar", "a", target="b"))
    events = act(state, Action("ataque_cac", "a", target="b", item="cuchillo"))
    (impact,) = rolls(events, "CH IMP")
    assert labelled(impact, "tras correr") == [] and labelled(impact, "carga") == [1]


# -- Esprintar ------------------------------------------------------------------------


def test_esprintar_next_action_ch_atr_minus_3() -> None:
    """ACCIONES DE MOVIMIENTO, Esprintar: the check of the next action takes CH ATR −3,
    and the action after it no longer does."""
    state = started(scenario([("a", "A", (10.0, 10.0), 0.0), FAR]), faces=[1, 1])
    state.figures["a"].ene = 10
    act(state, Action("esprintar", "a", point=(12.0, 10.0)))
    events = act(state, Action("salto_de_longitud", "a", point=(30.0, 10.0)))
    (jump,) = rolls(events, "CH AGI (Salto de longitud)")
    assert labelled(jump, "tras esprintar") == [-3]
    events = act(state, Action("salto_de_longitud", "a", point=(40.0, 10.0)))
    (jump,) = rolls(events, "CH AGI (Salto de longitud)")
    assert labelled(jump, "tras esprintar") == []


def test_esprintar_ch_imp_minus_1_against_it_in_cac_too() -> None:
    """ACCIONES DE MOVIMIENTO, Esprintar: CH IMP −1 for whoever attacks the Pj that
    sprinted this turn, in CaC as at range."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (20.0, 10.0), 180.0)]
    state = started(scenario(units), faces=[5, 9])  # b's CH IMP 5 fails, a's CH DEF unused
    act(state, Action("esprintar", "a", point=(15.0, 10.0)))
    act(state, Action("end"))
    act(state, Action("activate", "b"))
    act(state, Action("cargar", "b", target="a"))
    events = act(state, Action("ataque_cac", "b", target="a", item="cuchillo"))
    (impact,) = rolls(events, "CH IMP")
    assert labelled(impact, "blanco esprintando") == [-1]
    # AGI 4, chained −1, charge +1, sprinted −1: 3
    assert impact["target"] == 3
