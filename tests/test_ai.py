"""The baseline AI with the catalogue's choices: it drinks a healing object when badly
hurt, restores its energy shield when it has nothing to shoot, spends its Poder and
Maestro de esgrima's +1 on its blows, and never takes an option with a price."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from wartime.engine import GameState
from wartime.engine.ai.players import choose
from wartime.engine.core.profiles import Trait
from wartime.engine.entries import options as options_entry

from .engine_support import KNIFE, do, profile, scenario, started
from .test_gear import ELIXIR


def engaged(traits: tuple[Trait, ...], **extra: Any) -> GameState:
    a = replace(profile("a", weapons=(KNIFE,)), traits=traits, **extra)
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (11.0, 10.0), 180.0)]
    return started(scenario(units, profiles={"a": a, "b": profile("b", con=9)}), [5] * 10)


def test_the_baseline_drinks_its_elixir_once_half_its_con_is_wounds() -> None:
    state = engaged((), gear=(ELIXIR,))
    assert choose(state).kind == "ataque_cac"  # unhurt: it strikes
    state.figures["a"].wounds = 2
    action = choose(state)
    assert (action.kind, action.item) == ("usar", "elixir")


def test_the_baseline_spends_its_poder_and_picks_where_maestro_helps() -> None:
    state = engaged((Trait("Poderoso"), Trait("Maestro de esgrima"), Trait("Frenesí")))
    options_entry.put(state.figures["a"], options_entry.Chosen(3))
    # AGI 4: a CH IMP of 4 or less is 40%, under the 70% it trusts: the +1 goes there.
    assert choose(state).options == ("Poderoso (3)", "Maestro de esgrima (IMP)")


def test_the_baseline_restores_its_shield_when_it_has_nothing_to_shoot() -> None:
    a = replace(profile("a", weapons=()), traits=(Trait("Escudo de energía", 2),))
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (30.0, 25.0), 180.0)]
    state = started(scenario(units, profiles={"a": a}), [5] * 10)
    assert choose(state).kind != "usar_bonus"  # a full shield
    state.figures["a"].shield_lost = 1
    action = choose(state)
    assert (action.kind, action.item) == ("usar_bonus", "Escudo de energía")
    do(state, action)
    assert state.figures["a"].shield_lost == 0
