"""Campo de oscuridad (BONUS Y MALUS): marks are lost inside the field; an explosion of its
bearer strips energy shields.  See entries/darkfield.py for the reading.

a (side A, Marcador de objetivos) marks b (side B) 11 K away; f (side B) carries the
field at ``level``, its base ``gap`` K from b's.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from wartime.engine import Action, GameState
from wartime.engine.core.blasts import burst
from wartime.engine.core.profiles import Trait

from .engine_support import do, profile, scenario, started

MARK = Action("usar_bonus", "a", target="b", item="Marcador de objetivos")


def _game(level: int, gap: float, f_traits: tuple[Trait, ...] = ()) -> GameState:
    a = replace(profile("a"), traits=(Trait("Marcador de objetivos"),))
    f = replace(profile("f"), traits=(Trait("Campo de oscuridad", level), *f_traits))
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0),
             ("f", "B", (22.0 + gap, 10.0), 180.0)]  # fmt: skip
    state = started(scenario(units, profiles={"a": a, "f": f}))
    state.reseed(5)
    return state


@pytest.mark.parametrize(
    ("level", "gap", "kept"), [(1, 1.9, False), (1, 2.5, True), (2, 3.5, False)]
)
def test_a_mark_inside_the_field_is_lost(level: int, gap: float, kept: bool) -> None:
    """Campo de oscuridad: 2 K per level from the bearer's base, b's mark is lost."""
    state = _game(level, gap)
    events = do(state, MARK)
    assert (state.figures["a"].marking == "b") is kept
    lost = [e.text for e in events if e.kind == "mark_lost"]
    assert lost == ([] if kept else ["a pierde su objetivo marcado, b (Campo de oscuridad de f)"])


def test_an_explosion_of_the_bearer_strips_shields_within_its_level() -> None:
    """Campo de oscuridad 2: a shield within 2 K loses 2 levels; b, 1.5 K away, keeps
    clear of the 1 K blast itself."""
    state = _game(2, 1.5)
    state.figures["b"] = replace(
        state.figures["b"], profile=replace(profile("b"), traits=(Trait("Escudo de energía", 3),))
    )
    events = burst(state, state.figures["f"], "Explota", 3, 1.0)
    assert state.figures["b"].shield_lost == 2
    assert "Campo de oscuridad de f: b pierde 2 nivel(es) de Escudo de energía" in [
        e.text for e in events
    ]
