"""BONUS Y MALUS: entries about jumps, falls, water and heights (entries/leaps.py,
entries/afloat.py, entries/flight.py), each played with scripted dice, with a case where
it does not apply.

a (side A, CON 4, AGI 4, MOV 1, a 1 K figure) stands at (5, 10) facing +x, or at the
height the test places it; b (side B) waits far off at (35, 25).  AGI 4 makes Salto de
longitud MOV × 2 = 2 K.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from wartime.board.battlefield import Battlefield, Obstacle, Terrain, TerrainKind, Unit
from wartime.engine import Action, GameState, Ruleset, Scenario
from wartime.engine.core.modifiers import not_yet_automated
from wartime.engine.core.profiles import Trait

from . import engine_support as support

ENTRIES = (
    "Saltador", "Súper salto", "Levitador", "Pez", "Anfibio", "Sub", "Planeador",
    "Aerostático", "Retros", "Pista de aterrizaje",
)  # fmt: skip
MUD = Terrain(((4.0, 9.0), (6.0, 9.0), (6.0, 11.0), (4.0, 11.0)), TerrainKind.DIFFICULT, "barro")
BOG = Terrain(((6.0, 5.0), (9.0, 5.0), (9.0, 15.0), (6.0, 15.0)), TerrainKind.DIFFICULT, "lodo")
POND = Terrain(((5.6, 5.0), (9.0, 5.0), (9.0, 15.0), (5.6, 15.0)), TerrainKind.WATER, "charca")


def _scenario(names: tuple[str, ...], level: int = 1, at: tuple[float, float] = (5.0, 10.0),
              **extra: object) -> Scenario:  # fmt: skip
    units = (Unit("a", "A", at, 0.0, level=level), Unit("b", "B", (35.0, 25.0), 180.0))
    field = Battlefield(
        "flight", (40.0, 30.0), units=units,
        obstacles=extra.get("obstacles", ()), terrain=extra.get("terrain", ()),  # type: ignore[arg-type]
    )  # fmt: skip
    a = replace(support.profile("a"), traits=tuple(Trait(n) for n in names))
    return Scenario(field, {"a": a, "b": support.profile("b")}, Ruleset(turn_limit=3), 1)


def game(*names: str, faces: list[int] | None = None, level: int = 1, **extra: object) -> GameState:
    return support.started(_scenario(names, level, **extra), faces or [])  # type: ignore[arg-type]


def test_the_entries_are_automated() -> None:
    """BONUS Y MALUS: none of these is left to the players any more."""
    assert not set(ENTRIES) & set(not_yet_automated())


# -- Saltador ---------------------------------------------------------------------------


@pytest.mark.parametrize(("names", "x"), [((), 7.0), (("Saltador",), 9.0)])
def test_saltador_jumps_two_k_farther(names: tuple[str, ...], x: float) -> None:
    """BONUS Y MALUS, Saltador: distance of jumps +2 K (Salto de longitud 2 K → 4 K)."""
    state = game(*names, faces=[3])
    support.do(state, Action("salto_de_longitud", "a", point=(20.0, 10.0)))
    assert state.figure("a").position == pytest.approx((x, 10.0))


def test_saltador_clears_an_obstacle_as_tall_as_itself() -> None:
    """BONUS Y MALUS, Saltador: it jumps objects as tall as the Pj (a 1 K crate for a
    1 K figure); a jumper without it clears only what is lower than itself."""
    crate = Obstacle(((6.2, 9.0), (6.6, 9.0), (6.6, 11.0), (6.2, 11.0)), 1.0, 3, "caja")
    plain = game(obstacles=(crate,))
    support.refused(plain, Action("salto_de_longitud", "a", point=(7.0, 10.0)), "Too tall")
    state = game("Saltador", faces=[3], obstacles=(crate,))
    support.do(state, Action("salto_de_longitud", "a", point=(9.0, 10.0)))
    assert state.figure("a").position == pytest.approx((9.0, 10.0))
    tower = Obstacle(((6.2, 9.0), (6.6, 9.0), (6.6, 11.0), (6.2, 11.0)), 1.2, 3, "torre")
    taller = game("Saltador", obstacles=(tower,))
    support.refused(taller, Action("salto_de_longitud", "a", point=(9.0, 10.0)), "Too tall")


@pytest.mark.parametrize(("names", "dan"), [((), 4), (("Saltador",), 2)])
def test_saltador_takes_half_the_dan_of_a_fall(names: tuple[str, ...], dan: int) -> None:
    """BONUS Y MALUS, Saltador: DAÑ/2 in falls (3 K from height 2: DAÑ 4 → 2)."""
    state = game(*names, faces=[5, 5, 5, 5], level=2)
    events = support.do(state, Action("dejarse_caer", "a"))
    fall = next(e for e in events if e.kind == "fall")
    assert fall.data["damage"] == dan and state.figure("a").level == 1


# -- Súper salto ------------------------------------------------------------------------


def test_super_salto_leaps_ten_k_for_ene_5() -> None:
    """BONUS Y MALUS, Súper salto: it may jump 10 K (ENE 5 and CH AGI); on easy ground
    there is no second check."""
    state = game("Súper salto", faces=[3])
    support.do(
        state, Action("salto_de_longitud", "a", point=(30.0, 10.0), options=("Súper salto",))
    )
    a = state.figure("a")
    assert a.position == pytest.approx((15.0, 10.0)) and a.ene == support.START_ENE - 5


def test_only_its_bearer_leaps() -> None:
    """BONUS Y MALUS, Súper salto: a jumper without the entry cannot take it."""
    state = game()
    jump = Action("salto_de_longitud", "a", point=(30.0, 10.0), options=("Súper salto",))
    support.refused(state, jump, "cannot take Súper salto")


@pytest.mark.parametrize(("faces", "ene", "wounds"), [
    ([3, 3], support.START_ENE - 5, 0),  # the rough CH AGI passes
    ([3, 8, 3], support.START_ENE - 5 - 2, 0),  # failed: ENE −2, CH CON passes
    ([3, 8, 8, 3, 3], support.START_ENE - 5 - 2, 3),  # both failed: 3 wounds (then CH PSI)
])  # fmt: skip
def test_super_salto_from_rough_ground(faces: list[int], ene: int, wounds: int) -> None:
    """BONUS Y MALUS, Súper salto: taking off from difficult ground, CH AGI; failed,
    ENE −2 and CH CON; failed, 3 wounds."""
    state = game("Súper salto", faces=faces, terrain=(MUD,))
    support.do(
        state, Action("salto_de_longitud", "a", point=(30.0, 10.0), options=("Súper salto",))
    )
    a = state.figure("a")
    assert (a.position[0], a.ene, a.wounds) == (pytest.approx(15.0), ene, wounds)


# -- Levitador, Pez, Anfibio ----------------------------------------------------------


def test_levitador_floats_over_difficult_ground_and_water() -> None:
    """BONUS Y MALUS, Levitador: it floats ½ K up at height 1, so mud costs it no more ENE
    and water is crossed with a plain Mover."""
    state = game("Levitador", terrain=(BOG,))
    state.figures["a"].profile = replace(state.figure("a").profile, mov=3.0)
    support.do(state, Action("mover", "a", point=(7.0, 10.0)))
    assert state.figure("a").ene == support.START_ENE - 1
    plain = game(terrain=(BOG,))
    support.do(plain, Action("mover", "a", point=(6.0, 10.0)))
    assert plain.figure("a").ene == support.START_ENE - 2
    wet = game("Levitador", terrain=(POND,))
    support.do(wet, Action("mover", "a", point=(6.0, 10.0)))
    assert wet.figure("a").position == pytest.approx((6.0, 10.0))


@pytest.mark.parametrize("entry", ["Pez", "Anfibio"])
def test_pez_and_anfibio_swim_as_they_move(entry: str) -> None:
    """BONUS Y MALUS, Pez (swimming is like moving) and Anfibio (on land and water, the
    same cost): Mover crosses water; without them it needs Nadar."""
    state = game(entry, terrain=(POND,))
    support.do(state, Action("mover", "a", point=(6.0, 10.0)))
    assert state.figure("a").position == pytest.approx((6.0, 10.0))
    assert state.figure("a").ene == support.START_ENE - 1
    support.refused(game(terrain=(POND,)), Action("mover", "a", point=(6.0, 10.0)), "use Nadar")


# -- Heights: Sub, Planeador, Aerostático, Retros ---------------------------------------


def test_sub_goes_below_the_ground() -> None:
    """BONUS Y MALUS, Sub: it can move at height −3 (our −1), though placed on the ground."""
    state = game("Sub")
    support.do(state, Action("cambiar_de_altitud", "a", level=-1))
    assert state.figure("a").level == -1
    support.refused(game(), Action("cambiar_de_altitud", "a", level=-1), "cannot go below")
    support.refused(state, Action("cambiar_de_altitud", "a", level=-2), "needs the height")


def test_planeador_takes_off_to_height_2_for_ene_3() -> None:
    """BONUS Y MALUS, Planeador: it takes off, acts at height 2 and lands, for ENE 3; it
    goes no higher than 2."""
    state = game("Planeador")
    support.do(state, Action("despegar_aterrizar", "a", level=2))
    a = state.figure("a")
    assert (a.level, a.ene) == (2, support.START_ENE - 3)
    support.refused(state, Action("cambiar_de_altitud", "a", level=3), "cannot fly")
    support.refused(game(), Action("despegar_aterrizar", "a", level=2), "cannot fly")


@pytest.mark.parametrize(("faces", "up", "ene", "wounds"), [
    ([3], True, support.START_ENE - 3, 0),
    ([8, 3], False, support.START_ENE - 3 - 3, 0),  # failed CH AGI: ENE −3, CH CON passes
    ([8, 8, 5, 5], False, support.START_ENE - 3 - 3, 3),  # CH CON failed: 3 wounds
])  # fmt: skip
def test_planeador_on_rough_ground(faces: list[int], up: bool, ene: int, wounds: int) -> None:
    """BONUS Y MALUS, Planeador: taking off from difficult ground, CH AGI; failed, ENE −3
    and CH CON; failed, 3 wounds."""
    state = game("Planeador", faces=faces, terrain=(MUD,))
    support.do(state, Action("despegar_aterrizar", "a", level=2))
    a = state.figure("a")
    assert (a.level == 2, a.ene, a.wounds) == (up, ene, wounds)


def test_aerostatico_takes_actions_in_a_row_at_height_3() -> None:
    """BONUS Y MALUS, Aerostático: at height 3 it may take any actions in a row (and
    pivot); without it, Volar en altura 3 asks for a move between them."""
    state = game("Aerostático", level=3)
    support.do(state, Action("concentrarse", "a"))
    support.do(state, Action("en_guardia", "a"))
    plain = game(level=3)
    support.do(plain, Action("concentrarse", "a"))
    support.refused(plain, Action("en_guardia", "a"), "must move between")
    support.refused(plain, Action("pivotar", "a", facing=90.0), "altitude 3")
    support.refused(state, Action("pivotar", "a", facing=90.0), "turns freely while acting")


def test_aerostatico_rises_from_the_ground() -> None:
    """BONUS Y MALUS, Aerostático: it flies up to height 3, no higher."""
    state = game("Aerostático")
    support.do(state, Action("despegar_aterrizar", "a", level=2))
    support.do(state, Action("cambiar_de_altitud", "a", level=3))
    assert state.figure("a").level == 3
    support.refused(state, Action("cambiar_de_altitud", "a", level=4), "cannot fly")


@pytest.mark.parametrize(("names", "x"), [((), 6.0), (("Retros",), 5.2)])
def test_retros_stops_short_at_height_3(names: tuple[str, ...], x: float) -> None:
    """BONUS Y MALUS, Retros: it can stop its movement in the air at height 3 (ENE 1, a
    movement action: Mover); without it the move goes its whole MOV."""
    state = game(*names, level=3)
    support.do(state, Action("mover", "a", point=(5.2, 10.0)))
    a = state.figure("a")
    assert a.position == pytest.approx((x, 10.0)) and a.ene == support.START_ENE - 1


def test_retros_hovers_between_two_other_actions() -> None:
    """BONUS Y MALUS, Retros: braking counts as a movement action, so it may hover in
    place between two actions that are not movement."""
    state = game("Retros", level=3)
    support.do(state, Action("concentrarse", "a"))
    support.do(state, Action("mover", "a", point=(5.0, 10.0)))
    support.do(state, Action("en_guardia", "a"))
    assert state.figure("a").position == pytest.approx((5.0, 10.0))


# -- Pista de aterrizaje ----------------------------------------------------------------


def test_pista_de_aterrizaje_needs_a_clear_strip() -> None:
    """BONUS Y MALUS, Pista de aterrizaje: it takes off and lands only with a free
    straight strip of 30 K."""
    names = ("Planeador", "Pista de aterrizaje")
    state = game(*names)
    support.refused(state, Action("despegar_aterrizar", "a", level=2), "needs a point")
    support.refused(
        state, Action("despegar_aterrizar", "a", point=(4.0, 10.0), level=2), "off the table"
    )
    crate = Obstacle(((20.0, 9.0), (21.0, 9.0), (21.0, 11.0), (20.0, 11.0)), 0.5, 3, "caja")
    blocked = game(*names, obstacles=(crate,))
    toward = Action("despegar_aterrizar", "a", point=(6.0, 10.0), level=2)
    support.refused(blocked, toward, "not clear \\(caja\\)")
    support.do(state, toward)
    assert state.figure("a").level == 2
    support.do(game("Planeador", obstacles=(crate,)), toward)  # no strip needed without it


# -- random games ----------------------------------------------------------------------


def test_random_games_with_the_bearers() -> None:
    """Seeded random games with these entries on both sides end and replay identically."""
    flyers = ("Planeador", "Retros", "Aerostático", "Sub", "Pez", "Levitador", "Saltador")
    profiles = {
        "a": replace(support.profile("a"), traits=tuple(Trait(n) for n in flyers[:4])),
        "b": replace(support.profile("b"), traits=(Trait("Levitador"), Trait("Saltador"))),
        "c": replace(support.profile("c"), traits=(Trait("Sub"), Trait("Pez"))),
        "d": replace(support.profile("d"), traits=(Trait("Súper salto"),)),
    }
    kinds = {d.action.kind for d in support.random_games(
        support.two_pairs(profiles, 20.0, (20.0, 14.0), terrain=(POND,)), 4)}  # fmt: skip
    assert "cambiar_de_altitud" in kinds
