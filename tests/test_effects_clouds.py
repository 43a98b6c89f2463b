"""BONUS Y MALUS, clouds and lasting areas (entries/clouds.py, entries/stopping.py,
entries/options.py): Munición de parada, Humo, Humo denso, Área permanente,
Munición radiactiva and Arco concentrado, played with scripted dice.

a (side A) stands at (10, 10) facing east, its first activation begun; b (side B) at
(21, 10) facing west; e (side B) far off so that no side runs out of figures.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from wartime.engine import Action, GameState
from wartime.engine.core.profiles import Profile, Trait, Weapon
from wartime.engine.entries.clouds import LASTING, SMOKE, activation_starts, turn_starts

from . import engine_support as support

FAIL_DEF, PASS_PSI = 9, 4
GRENADE = Weapon("granada", ene=3, dan=5, alc=20, cal=4, bonuses=("Área",), area="R3")
SMOKE_POT = Weapon("bote", ene=2, dan=0, alc=20, cal=4, bonuses=("Área",), area="R3")
FLAMER = Weapon("lanzallamas", ene=3, dan=4, alc=10, cal=4, bonuses=("Área",), area="G4/3")


def game(
    traits: tuple[Trait, ...],
    faces: list[int],
    *,
    weapons: tuple[Weapon, ...] = (support.RIFLE, support.KNIFE),
    b_con: int = 4,
    others: tuple[tuple[str, str, tuple[float, float]], ...] = (),
) -> GameState:
    a = replace(support.profile("a", weapons=weapons), traits=traits)
    units = [
        ("a", "A", (10.0, 10.0), 0.0),
        ("b", "B", (21.0, 10.0), 180.0),
        ("e", "B", (38.0, 28.0), 180.0),
        *((fid, side, at, 180.0) for fid, side, at in others),
    ]
    profiles: dict[str, Profile] = {"a": a, "b": support.profile("b", con=b_con)}
    return support.started(support.scenario(units, profiles), faces)


def shoot(state: GameState, item: str, target: str = "b", **more: object) -> list:  # type: ignore[type-arg]
    return support.do(state, Action("ataque_distancia", target=target, item=item, **more))  # type: ignore[arg-type]


def kinds(events: list, kind: str) -> list[dict]:  # type: ignore[type-arg]
    return [e.data for e in events if e.kind == kind]


# -- Munición de parada ---------------------------------------------------------------------


def test_stopping_rounds_push_the_target_back_after_its_defence() -> None:
    """BONUS Y MALUS, Munición de parada: the target goes back DAÑ + 2 − CON K: a DAÑ 4
    rifle against CON 4 pushes it 2 K straight away from the shooter, even when its CH
    DEF saved it from every wound (a critical)."""
    state = game((Trait("Munición de parada", weapon="fusil"),), [3, 1])
    events = shoot(state, "fusil")
    (push,) = kinds(events, "stopped")
    assert push["distance"] == 2 and state.figures["b"].wounds == 0
    assert state.figures["b"].position == pytest.approx((23.0, 10.0))


def test_stopping_rounds_do_not_push_a_sturdy_target_or_after_a_miss() -> None:
    """BONUS Y MALUS, Munición de parada: with CON 6 the push is 4 + 2 − 6 = 0 K: it stays;
    a missed shot pushes nobody."""
    state = game((Trait("Munición de parada", weapon="fusil"),), [3, 1], b_con=6)
    assert not kinds(shoot(state, "fusil"), "stopped")
    assert state.figures["b"].position == (21.0, 10.0)
    missed = game((Trait("Munición de parada", weapon="fusil"),), [9])
    assert not kinds(shoot(missed, "fusil"), "stopped")
    assert missed.figures["b"].position == (21.0, 10.0)


def test_without_stopping_rounds_nobody_is_pushed() -> None:
    """BONUS Y MALUS, Munición de parada: only its bearer's hits push."""
    state = game((), [3, 1])
    assert not kinds(shoot(state, "fusil"), "pushed")


# -- Humo and Humo denso --------------------------------------------------------------------


def test_a_smoke_pot_lays_a_cloud_and_hits_nobody() -> None:
    """BONUS Y MALUS, Humo: a template of the weapon leaves a 2 K cloud where it lands; a
    weapon of DAÑ 0 deals nothing (no CH DEF); the cloud lasts through the next turn."""
    state = game((Trait("Humo", weapon="bote"),), [3], weapons=(SMOKE_POT, support.RIFLE))
    events = shoot(state, "bote")
    (cloud,) = state.clouds
    assert cloud.kind == SMOKE and cloud.imp == -1 and cloud.until == 2
    assert cloud.centre == pytest.approx((21.0, 10.0), abs=1e-3)
    assert not kinds(events, "hit") and not support.rolls(events, "CH DEF")
    state.turn = 2
    assert not turn_starts(state) and state.clouds
    state.turn = 3
    assert kinds(turn_starts(state), "cloud_gone") and not state.clouds


def test_a_shot_into_smoke_has_imp_minus_one_and_one_clear_of_it_does_not() -> None:
    """BONUS Y MALUS, Humo: attacks into or out of the smoke take CH IMP −1; a shot whose
    line of fire meets no cloud takes nothing."""
    traits = (Trait("Humo", weapon="bote"),)
    state = game(traits, [3, 3, 1, 3, 1], weapons=(SMOKE_POT, support.RIFLE),
                 others=(("c", "B", (10.0, 20.0)),))  # fmt: skip
    shoot(state, "bote")
    into = support.rolls(shoot(state, "fusil"), "CH IMP")[0]
    assert support.labelled(into, "humo") == [["humo", -1]]
    state.figures["a"].ene = 10
    state.figures["a"].facing = 90.0
    clear = support.rolls(shoot(state, "fusil", target="c"), "CH IMP")[0]
    assert support.labelled(clear, "humo") == []


def test_dense_smoke_gives_imp_minus_three() -> None:
    """BONUS Y MALUS, Humo denso: a 4 K cloud, CH IMP −3 through it."""
    state = game((Trait("Humo denso", weapon="bote"),), [3, 3, 1],
                 weapons=(SMOKE_POT, support.RIFLE))  # fmt: skip
    shoot(state, "bote")
    (cloud,) = state.clouds
    assert cloud.imp == -3 and cloud.entry == "Humo denso"
    into = support.rolls(shoot(state, "fusil"), "CH IMP")[0]
    assert support.labelled(into, "humo denso") == [["humo denso", -3]]


# -- Área permanente and Munición radiactiva --------------------------------------------------


def test_a_lasting_area_stays_and_hits_who_starts_an_activation_in_it() -> None:
    """BONUS Y MALUS, Área permanente: a template that reached somebody stays where it hit
    with the weapon's DAÑ; a figure starting its activation inside takes that hit with its
    CH DEF."""
    traits = (Trait("Área permanente", weapon="granada"),)
    state = game(traits, [3, 1], weapons=(GRENADE, support.RIFLE))
    shoot(state, "granada")
    (cloud,) = state.clouds
    assert cloud.kind == LASTING and cloud.damage == 5 and cloud.until is None
    state.dice = support.ScriptedDice([FAIL_DEF, PASS_PSI])
    events = activation_starts(state, state.figures["b"])
    assert kinds(events, "lasting_hit")[0]["damage"] == 5
    assert state.figures["b"].wounds > 0
    assert activation_starts(state, state.figures["e"]) == []  # far off: untouched


def test_a_lasting_area_that_reaches_nobody_does_not_stay() -> None:
    """BONUS Y MALUS, Área permanente: only when the target is reached does the area stay."""
    traits = (Trait("Área permanente", weapon="granada"),)
    state = game(traits, [3], weapons=(GRENADE, support.RIFLE))
    support.do(state, Action("ataque_distancia", point=(16.0, 10.0), item="granada"))
    assert state.clouds == ()


def test_radioactive_rounds_leave_an_r3_where_they_wound() -> None:
    """BONUS Y MALUS, Munición radiactiva: a hit that wounds leaves a lasting R3 with the
    weapon's DAÑ where the target stood; one the CH DEF stops entirely leaves nothing."""
    traits = (Trait("Munición radiactiva", weapon="fusil"),)
    state = game(traits, [3, 2, PASS_PSI])  # DEF 3, CH DEF 2: 4 − 3 = 1 wound
    shoot(state, "fusil")
    (cloud,) = state.clouds
    assert cloud.damage == 4 and cloud.centre == pytest.approx((21.0, 10.0), abs=1e-3)
    saved = game(traits, [3, 1])  # a critical CH DEF: no wound
    shoot(saved, "fusil")
    assert saved.clouds == ()


# -- Arco concentrado -----------------------------------------------------------------------


def test_a_concentrated_arc_lays_a_line_with_two_more_dan() -> None:
    """BONUS Y MALUS, Arco concentrado: taken with the attack, the G4/3 becomes an L as
    long as the whole drop (L7) and the attack has DAÑ +2."""
    traits = (Trait("Arco concentrado", weapon="lanzallamas"),)
    state = game(traits, [3, FAIL_DEF, PASS_PSI], weapons=(FLAMER, support.RIFLE), b_con=8)
    state.figures["b"].position = (16.0, 10.0)
    events = shoot(state, "lanzallamas", options=("Arco concentrado",))
    (template,) = kinds(events, "template")
    assert template["shape"] == "L7"
    assert kinds(events, "hit")[0]["damage"] == 6


def test_without_the_option_the_drop_stays_a_drop_and_a_rifle_refuses_it() -> None:
    """BONUS Y MALUS, Arco concentrado: not taken, the G stays; it needs Área de gota."""
    traits = (Trait("Arco concentrado", weapon="lanzallamas"),)
    state = game(traits, [3, FAIL_DEF, PASS_PSI], weapons=(FLAMER, support.RIFLE), b_con=8)
    state.figures["b"].position = (16.0, 10.0)
    events = shoot(state, "lanzallamas")
    assert kinds(events, "template")[0]["shape"] == "G4/3"
    carried = game((Trait("Arco concentrado"),), [3])
    support.refused(
        carried, Action("ataque_distancia", target="b", item="fusil",
                        options=("Arco concentrado",)), "Área de gota",
    )  # fmt: skip


# -- the state ------------------------------------------------------------------------------


def test_clouds_are_in_the_hash_and_cloned() -> None:
    """DESIGN §3: the clouds decide the future, so they are hashed; a clone has its own."""
    state = game((Trait("Humo", weapon="bote"),), [3], weapons=(SMOKE_POT, support.RIFLE))
    before = state.hash()
    shoot(state, "bote")
    twin = state.clone()
    assert twin.hash() == state.hash() != before
    twin.clouds = ()
    assert state.clouds and twin.hash() != state.hash()


@pytest.mark.parametrize("seeds", [6])
def test_random_games_with_clouds_end_cleanly_and_replay(seeds: int) -> None:
    """Seeded games of random legal moves between bearers of these entries end without an
    exception and replay to the same hash (DESIGN §3)."""
    every = (Trait("Humo", weapon="bote"), Trait("Área permanente", weapon="granada"),
             Trait("Munición radiactiva", weapon="fusil"),
             Trait("Munición de parada", weapon="fusil"),
             Trait("Arco concentrado", weapon="lanzallamas"))  # fmt: skip
    weapons = (SMOKE_POT, GRENADE, FLAMER, support.RIFLE)
    profiles = {
        fid: replace(support.profile(fid, weapons=weapons), traits=every)
        for fid in ("a", "b", "c", "d")
    }
    scn = support.two_pairs(profiles, 16.0, (18.0, 14.0))
    seen: set[str] = set()
    for decision in support.random_games(scn, seeds):
        seen |= {e.kind for e in decision.events}
    assert "cloud" in seen
