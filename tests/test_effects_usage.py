"""BONUS Y MALUS: what using a flawed weapon or metaability costs (entries/usage.py):
Dañino, Defectuoso and Malvado, played with scripted dice."""

from __future__ import annotations

import pytest

from wartime.engine import Action
from wartime.engine.core.profiles import Metaability, Trait

from .engine_support import PercentDice, do, rolls_of
from .test_effects_shields import SHOT, game

# a's CH IMP 3 hits b, b's CH DEF 9 fails, b's CH PSI for its wounds; then a's CH PSI.
FACES = [3, 9, 5, 5]


def on_rifle(name: str) -> tuple[Trait, ...]:
    return (Trait(name, 1, "fusil"),)


def test_danino_wounds_its_user_each_time_it_is_used() -> None:
    """BONUS Y MALUS, Dañino: each use of the weapon it sits on costs its user 1 wound."""
    state = game(a_traits=on_rifle("Dañino"), faces=FACES)
    events = do(state, SHOT)
    assert state.figures["a"].wounds == 1
    assert any(e.kind == "used" for e in events)
    other = game(a_traits=on_rifle("Dañino"), faces=[4, 9, 5], near=True)
    do(other, Action("ataque_cac", target="b", item="cuchillo"))
    assert other.figures["a"].wounds == 0  # the cuchillo is sound


@pytest.mark.parametrize(("face", "wounds"), [(10, 1), (11, 0)])
def test_defectuoso_wounds_on_1d100_up_to_10(face: int, wounds: int) -> None:
    """BONUS Y MALUS, Defectuoso: each use, a 10% chance (1D100 ≤ 10) of 1 wound."""
    state = game(a_traits=on_rifle("Defectuoso"))
    state.dice = PercentDice(FACES, [face])
    events = do(state, SHOT)
    chance = rolls_of(events, "a", "Defectuoso")[0]
    assert chance["roll"] == face and chance["target"] == 10
    assert state.figures["a"].wounds == wounds


def test_malvado_stresses_whoever_uses_it() -> None:
    """BONUS Y MALUS, Malvado: its user gains 1 stress for each use."""
    state = game(a_traits=on_rifle("Malvado"), faces=FACES)
    do(state, SHOT)
    assert state.figures["a"].stress == 1


def test_a_metaability_carrying_it_costs_its_caster() -> None:
    """BONUS Y MALUS, Malvado on a metaability: the caster pays, not the figure it is cast
    on (the entry rides in the archetype's grants)."""
    from dataclasses import replace

    from .engine_support import profile, scenario, started

    curse = Metaability("maldad", ene=2, alc=6, cal=5, attribute="VOL", grants=(Trait("Malvado"),))
    a = replace(profile("a"), metaabilities=(curse,))
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    state = started(scenario(units, profiles={"a": a}), faces=[3, 5, 5, 5, 5])
    do(state, Action("usar", item="maldad"))
    assert state.figures["a"].stress == 1
