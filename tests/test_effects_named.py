"""BONUS Y MALUS: entries whose X names a substance, an element or a kind of target
(Alérgico, Resistencia a, Munición anti) and Contramedidas, played with scripted dice.

a shoots b (CON 9, DEF 3) 11 K away; X is matched by name (bonuses.named_by): a
weapon's material for Alérgico and Resistencia a (the army's ``material:``).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from wartime.engine import Action, GameState
from wartime.engine.core.modifiers import named_by
from wartime.engine.core.profiles import Trait, Weapon

from .engine_support import KNIFE, RIFLE, do, profile, rolls_of, scenario, started
from .test_areas import GRENADE

SILVER = Weapon("fusil_argenta", ene=3, dan=4, alc=20, cal=4, material="plata")
# Its id says silver, but it has no material: only the material counts.
LOOKALIKE = Weapon("fusil_de_plata", ene=3, dan=4, alc=20, cal=4)
HIT = [3, 9, 5]  # a's CH IMP 3 hits, b's CH DEF 9 fails, b's CH PSI
SAVE = [3, 2, 5]  # ... b's CH DEF 2 passes: DAÑ − DEF wounds


def game(
    b_traits: tuple[Trait, ...] = (), faces: list[int] = HIT, *, weapon: Weapon = RIFLE,
    a_traits: tuple[Trait, ...] = (), b_race: str | None = None,
) -> GameState:  # fmt: skip
    a = replace(profile("a", weapons=(weapon, KNIFE)), traits=a_traits)
    b = replace(profile("b", con=9), traits=b_traits, race=b_race)
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    return started(scenario(units, profiles={"a": a, "b": b}), faces=[*faces, *[5] * 8])


def shoot(state: GameState, weapon: str = "fusil") -> list:  # type: ignore[type-arg]
    return do(state, Action("ataque_distancia", target="b", item=weapon))


def test_x_is_found_in_a_name_folded() -> None:
    """X is met by a name that contains it, with no accents, case or underscores."""
    assert named_by("plata", ["fusil_de_plata"]) and named_by("Fuego", ["lanzafuegos"])
    assert named_by("no vivo", ["No vivo"]) and not named_by("agua", ["fusil"])
    assert not named_by(None, ["fusil"])


@pytest.mark.parametrize(("weapon", "wounds"), [(SILVER, 8), (RIFLE, 4), (LOOKALIKE, 4)])
def test_alergico_doubles_the_dan_of_what_it_names(weapon: Weapon, wounds: int) -> None:
    """BONUS Y MALUS, Alérgico (X): DAÑ ×2 from X (a silver rifle, for Alérgico (plata))."""
    state = game((Trait("Alérgico", param="plata"),), weapon=weapon)
    events = shoot(state, weapon.id)
    assert state.figures["b"].wounds == wounds
    said = [e.text for e in events if e.kind == "damage_factor"]
    assert said == (["DAÑ contra b: 4 → 8 (Alérgico (plata) ×2)"] if wounds == 8 else [])


@pytest.mark.parametrize(("weapon", "wounds"), [(SILVER, 0), (RIFLE, 1), (LOOKALIKE, 1)])
def test_resistencia_a_adds_def_2_against_what_it_names(weapon: Weapon, wounds: int) -> None:
    """BONUS Y MALUS, Resistencia a (X): DEF +2 against X: a passed CH DEF takes DAÑ 4
    − DEF 5 = none from silver, and 4 − 3 = 1 from a plain rifle."""
    state = game((Trait("Resistencia a", param="plata"),), SAVE, weapon=weapon)
    events = shoot(state, weapon.id)
    assert rolls_of(events, "b", "CH DEF")[0]["target"] == (5 if wounds == 0 else 3)
    assert state.figures["b"].wounds == wounds


@pytest.mark.parametrize(
    ("race", "traits", "dan"),
    [("orco", (), 6), (None, (Trait("No vivo"),), 6), ("humano", (), 4)],
)
def test_municion_anti_adds_dan_2_against_the_kind_it_names(
    race: str | None, traits: tuple[Trait, ...], dan: int
) -> None:
    """BONUS Y MALUS, Munición anti (X): DAÑ +2 against X: its race, or an entry it
    carries (anti orco, anti No vivo); nothing against anything else."""
    param = "No vivo" if traits else "orco"
    ammo = (Trait("Munición anti", 1, "fusil", param),)
    state = game(traits, a_traits=ammo, b_race=race)
    events = shoot(state)
    assert next(e for e in events if e.kind == "hit").data["damage"] == dan


def test_contramedidas_hinder_templates_aimed_at_the_bearer_not_rifles() -> None:
    """BONUS Y MALUS, Contramedidas: missiles, shells and the like (a weapon that lays a
    template) launched at it have CH IMP −1; a plain shot does not."""
    state = game((Trait("Contramedidas"),), weapon=replace(GRENADE, alc=20))
    events = shoot(state, GRENADE.id)
    assert ["Contramedidas (b)", -1] in rolls_of(events, "a", "CH IMP")[0]["modifiers"]
    plain = game((Trait("Contramedidas"),))
    events = shoot(plain)
    assert all(m[0] != "Contramedidas (b)" for m in rolls_of(events, "a", "CH IMP")[0]["modifiers"])
