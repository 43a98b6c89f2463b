"""BONUS Y MALUS, batch K: fire, heat and reserves (entries/heat.py): Runas de protección,
Invulnerable (X) and Fuego en las venas, each played with scripted dice, with a case where
it does nothing.

``a`` (side A) acts first from (10, 10); ``b`` (side B) faces it 11 K away.  Profiles: CON
4 (b: 9), AGI 4, VOL 4, DEF 3, MOV 1, a rifle (DAÑ 4) and a knife.  A CH IMP of 3 hits, a
CH DEF of 9 fails, 10 is a fumble.
"""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from typing import Any

import pytest

from wartime.engine import Action, GameState
from wartime.engine.core.profiles import Metaability, Profile, Trait, Weapon
from wartime.errors import DataError, IllegalActionError
from wartime.rules.effects import validated

from . import engine_support as support

PAD = [5] * 12
FIRE = Weapon("lanzallamas", ene=3, dan=4, alc=20, cal=4)
SHIELD = Metaability("escudo", ene=2, alc=6, cal=5, attribute="AGI", grants=(Trait("Refuerzo"),))


def bearer(name: str, *traits: Trait, **kw: Any) -> Profile:
    return replace(support.profile(name, **kw), traits=traits)


def game(profiles: dict[str, Profile], dice: list[int]) -> GameState:
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    return support.started(support.scenario(units, profiles=profiles), [*dice, *PAD])


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]


# -- Runas de protección -----------------------------------------------------------------------


def caster(*traits: Trait) -> Profile:
    base = support.profile("a")
    return dataclasses.replace(
        base, metaabilities=(SHIELD,), traits=(*support.users_of(SHIELD), *traits)
    )


@pytest.mark.parametrize(("runes", "stress"), [(True, 0), (False, 1)])
def test_runas_de_proteccion_spare_the_fumble_of_a_metaability(runes: bool, stress: int) -> None:
    """BONUS Y MALUS, Runas de protección: a fumbled Usar of a metaability brings its bearer
    no CH PSI and no stress; without the runes the CH PSI (9, failed) costs 1 stress."""
    extra = (Trait("Runas de protección"),) if runes else ()
    state = game({"a": caster(*extra)}, [10, 9])
    events = support.do(state, Action("usar", item="escudo"))
    assert state.figures["a"].stress == stress
    assert bool(support.rolls_of(events, "a", "CH PSI")) is not runes
    assert ("fumble_safe" in kinds(events)) is runes


# -- Invulnerable (X) --------------------------------------------------------------------------


# Flames by material, not by name: Invulnerable (llamas) is met by either.
BURNER = Weapon("quemador", ene=3, dan=4, alc=20, cal=4, material="llamas")


@pytest.mark.parametrize(("weapon", "wounds"), [(FIRE, 0), (BURNER, 0), (support.RIFLE, 4)])
def test_invulnerable_takes_nothing_from_what_it_names(weapon: Weapon, wounds: int) -> None:
    """BONUS Y MALUS, Invulnerable (X): Invulnerable (llamas) takes nothing from a flamer
    (no CH DEF at all), while a plain rifle's hit (CH DEF 9 fails) deals its DAÑ 4."""
    a = support.profile("a", weapons=(weapon, support.KNIFE))
    b = bearer("b", Trait("Invulnerable", param="llamas"), con=9)
    state = game({"a": a, "b": b}, [3, 9])
    events = support.do(state, Action("ataque_distancia", target="b", item=weapon.id))
    assert state.figures["b"].wounds == wounds
    assert bool(support.rolls_of(events, "b", "CH DEF")) is (wounds > 0)


def test_invulnerable_needs_hit_by_param() -> None:
    with pytest.raises(DataError, match="'immune' goes with 'hit_by_param'"):
        validated({"heat.yaml": {"Invulnerable": [{"immune": True}]}})


# -- Fuego en las venas ------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "reach"), [("mover", 4.0), ("correr", 5.0)])
def test_fuego_en_las_venas_moves_3_k_more_for_a_wound(kind: str, reach: float) -> None:
    """BONUS Y MALUS, Fuego en las venas: a move taken with it goes 3 K farther (Mover: MOV
    1 → 4 K) and its bearer takes 1 wound, with no CH DEF."""
    a = bearer("a", Trait("Fuego en las venas"))
    state = game({"a": a}, [])
    goal = (10.0 + reach, 10.0)
    options = ("Fuego en las venas",)
    events = support.do(state, Action(kind, point=goal, facing=0.0, options=options))
    assert state.figures["a"].position == pytest.approx(goal)
    assert state.figures["a"].wounds == 1
    assert "veins" in kinds(events)


def test_fuego_en_las_venas_is_not_taken_without_the_option() -> None:
    """BONUS Y MALUS, Fuego en las venas: a move that does not name it reaches only MOV (1 K)
    and costs no wound."""
    a = bearer("a", Trait("Fuego en las venas"))
    state = game({"a": a}, [])
    support.do(state, Action("mover", point=(14.0, 10.0), facing=0.0))
    assert state.figures["a"].position[0] < 11.5
    assert state.figures["a"].wounds == 0


def test_fuego_en_las_venas_needs_the_entry() -> None:
    """Without the entry the option is refused, and nothing changes."""
    state = game({}, [])
    before = state.hash()
    action = Action("mover", point=(14.0, 10.0), facing=0.0, options=("Fuego en las venas",))
    with pytest.raises(IllegalActionError, match="cannot take Fuego en las venas"):
        state.apply(action)
    assert state.hash() == before


def test_fuego_en_las_venas_is_offered_to_its_bearer_only() -> None:
    """legal_actions() offers a bearer its moves with Fuego en las venas, at the longer
    reach (Mover: 1 + 3 K), each one legal by the full check; nobody else gets them."""
    state = game({"a": bearer("a", Trait("Fuego en las venas"))}, [])
    fiery = [a for a in state.legal_actions() if a.options == ("Fuego en las venas",)]
    assert {a.kind for a in fiery} == {"mover", "correr", "esprintar"}
    assert all(state.check(a) is None for a in fiery)
    assert (14.0, 10.0) in {a.point for a in fiery if a.kind == "mover"}
    plain = game({}, [])
    assert not any(a.options for a in plain.legal_actions())


# -- Random games ------------------------------------------------------------------------------


def test_random_games_with_these_bearers_end_cleanly_and_replay() -> None:
    """Seeded games of random legal moves between bearers of these entries end without an
    exception and replay to the same hash (DESIGN §3)."""
    profiles = {
        "a": bearer("a", Trait("Invulnerable", param="cuchillo"), Trait("Fuego en las venas")),
        "b": bearer("b", Trait("Invulnerable", param="cuchillo"), con=3),
        "c": caster(Trait("Runas de protección")),
        "d": bearer("d", Trait("Runas de protección"), con=3),
    }
    scn = support.two_pairs(profiles, 11.0, (16.0, 14.0))
    immune = 0
    for decision in support.random_games(scn, 12):
        immune += sum("immune" in e.data for e in decision.events if e.kind == "saved")
    assert immune
