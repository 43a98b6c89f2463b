"""BONUS Y MALUS, Área de activación and Bomba autónoma, with ACCIONES GENÉRICAS (Soltar,
Usar) and ÁREAS (Daño): bombs left on the table (entries/mines.py), with scripted dice.

a (side A) stands at (10, 10) facing east, its first activation begun; b (side B) at
(21, 10) facing west; e (side B) far off so that no side runs out of figures.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from wartime.engine import Action, GameState
from wartime.engine.core.bombs import Mine
from wartime.engine.core.profiles import Gear, Profile, Trait, Weapon
from wartime.engine.entries.mines import after_action
from wartime.errors import DataError
from wartime.rules.effects import validated

from . import engine_support as support

FAIL_DEF, PASS_DEF = 9, 1
MINE = Weapon("mina", ene=2, dan=5, alc=3, cal=3, bonuses=("Área de activación",))
HOMING = Weapon("autobomba", ene=1, dan=4, alc=8, cal=3,
                bonuses=("Área de activación", "Bomba autónoma", "Área"), area="R2")  # fmt: skip
CHARGE = Gear("carga", ene=2, alc=2, cal=6,
              traits=(Trait("Área de activación"), Trait("Área", param="R4")))  # fmt: skip


def game(faces: list[int], *, weapons: tuple[Weapon, ...] = (MINE,),
         gear: tuple[Gear, ...] = ()) -> GameState:  # fmt: skip
    a = replace(support.profile("a", weapons=(support.RIFLE, *weapons)), gear=gear)
    units = [
        ("a", "A", (10.0, 10.0), 0.0),
        ("b", "B", (21.0, 10.0), 180.0),
        ("e", "B", (38.0, 28.0), 180.0),
    ]
    profiles: dict[str, Profile] = {"a": a}
    return support.started(support.scenario(units, profiles), faces)


def kinds(events: list, kind: str) -> list[dict]:  # type: ignore[type-arg]
    return [e.data for e in events if e.kind == kind]


def armed(state: GameState, item: str = "mina") -> Mine:
    """a leaves ``item`` at its feet, ends its activation and steps well away."""
    support.do(state, Action("soltar", item=item))
    support.do(state, Action("end"))
    (mine,) = state.mines
    assert mine.waits_for is None
    state.figures["a"].position = (10.0, 25.0)
    assert not after_action(state)  # a stepped out: nothing goes off
    return state.mines[0]


def come(state: GameState, fid: str, where: tuple[float, float]) -> list:  # type: ignore[type-arg]
    state.figures[fid].position = where
    return after_action(state)


# -- leaving a bomb -----------------------------------------------------------------------------


def test_soltar_leaves_a_bomb_on_the_table_armed_when_the_activation_ends() -> None:
    """ACCIONES GENÉRICAS, Soltar: a bomb costs its ENE (2), lies at the Pj's feet and only
    works once the acting Pj's activation is over."""
    state = game([])
    events = support.do(state, Action("soltar", item="mina"))
    assert state.figures["a"].ene == support.START_ENE - 2
    assert state.figures["a"].profile.weapon("mina") is None
    (mine,) = state.mines
    assert mine.point == (10.0, 10.0) and mine.waits_for == "a" and mine.damage == 5
    assert kinds(events, "mine_laid")
    state.figures["b"].position = (12.0, 10.0)  # somebody near while it is not armed yet
    assert not after_action(state) and state.mines == (mine,)
    state.figures["b"].position = (21.0, 10.0)
    ended = support.do(state, Action("end"))
    assert kinds(ended, "mine_armed") and state.mines[0].inside == ("a",)


def test_a_bomb_is_left_within_the_bearers_base_only() -> None:
    """ACCIONES GENÉRICAS, Soltar: it falls where the Pj stands; a point off its base is
    refused and costs nothing."""
    state = game([])
    support.refused(state, Action("soltar", item="mina", point=(13.0, 10.0)), "its own base")
    support.do(state, Action("soltar", item="mina", point=(10.3, 10.0)))
    assert state.mines[0].point == (10.3, 10.0)


# -- setting it off -----------------------------------------------------------------------------


def test_a_figure_coming_within_alc_sets_it_off() -> None:
    """BONUS Y MALUS, Área de activación; ÁREAS, Daño: b's base comes within 3 K (ALC): with
    no Área it bursts over everything within its ALC, and b, touching the edge, takes half
    of DAÑ 5 (3) with its CH DEF; the bomb is gone."""
    state = game([FAIL_DEF, 5, 5, 5])
    armed(state)
    events = come(state, "b", (13.4, 10.0))
    (blast,) = kinds(events, "mine_blast")
    assert blast["trigger"] == "b" and not blast["leaps"]
    (hit,) = kinds(events, "hit")
    assert hit["target"] == "b" and hit["damage"] == 3 and hit["covered"] == "partial"
    assert support.rolls(events, "CH DEF") and state.figures["b"].wounds > 0
    assert not state.mines


def test_nothing_goes_off_out_of_reach_or_at_another_height() -> None:
    """BONUS Y MALUS, Área de activación: 3.5 K off is outside ALC 3; a figure flying above
    it does not come within it."""
    state = game([])
    mine = armed(state)
    assert not come(state, "b", (14.0, 10.0)) and state.mines == (mine,)
    state.figures["b"].level = 2
    assert not come(state, "b", (11.0, 10.0)) and state.mines == (mine,)


def test_friend_or_foe_and_coming_back_sets_it_off() -> None:
    """BONUS Y MALUS, Área de activación: the one standing on it when it was armed does not
    set it off; once it has stepped out, coming back does, even for its owner."""
    state = game([FAIL_DEF, 5, 5, 5])
    support.do(state, Action("soltar", item="mina"))
    support.do(state, Action("end"))
    state.figures["a"].position = (11.0, 10.0)  # still within: nothing new came in
    assert not after_action(state) and state.mines
    state.figures["a"].position = (10.0, 25.0)
    assert not after_action(state) and state.mines[0].inside == ()
    events = come(state, "a", (10.0, 11.0))
    assert kinds(events, "mine_blast")[0]["trigger"] == "a"
    assert kinds(events, "hit")[0]["target"] == "a"


def test_bomba_autonoma_leaps_at_a_figure_within_5_k() -> None:
    """BONUS Y MALUS, Bomba autónoma: b comes within its ALC 8, 4.5 K off: the bomb goes
    to it and its R2 bursts centred on b, wholly covering it (DAÑ 4)."""
    state = game([FAIL_DEF, 5, 5, 5], weapons=(HOMING,))
    armed(state, "autobomba")
    events = come(state, "b", (15.0, 10.0))
    (blast,) = kinds(events, "mine_blast")
    assert blast["leaps"] and blast["centre"] == [15.0, 10.0]
    (hit,) = kinds(events, "hit")
    assert hit["target"] == "b" and hit["damage"] == 4 and hit["covered"] == "full"


def test_bomba_autonoma_farther_than_5_k_bursts_where_it_lies() -> None:
    """BONUS Y MALUS, Bomba autónoma: 6.5 K off is within ALC 8 but too far to leap: its R2
    bursts on its own spot and reaches nobody."""
    state = game([], weapons=(HOMING,))
    armed(state, "autobomba")
    events = come(state, "b", (17.0, 10.0))
    (blast,) = kinds(events, "mine_blast")
    assert not blast["leaps"] and blast["centre"] == [10.0, 10.0]
    assert not kinds(events, "hit") and not state.mines


def test_an_object_used_is_left_with_its_cal_as_dan() -> None:
    """CREACIÓN DE OBJETOS; ACCIONES GENÉRICAS, Usar: an object with Área de activación is
    used for its ENE, leaves its bearer and lies armed; it has no DAÑ, so its CAL (6) is
    the DAÑ of its R4."""
    state = game([FAIL_DEF, 5, 5, 5], weapons=(), gear=(CHARGE,))
    support.do(state, Action("usar", item="carga"))
    assert state.figures["a"].ene == support.START_ENE - 2
    assert "carga" in state.figures["a"].used_up
    (mine,) = state.mines
    assert mine.damage == 6 and mine.blast == "R4" and mine.reach == 2
    support.do(state, Action("end"))
    state.figures["a"].position = (10.0, 25.0)
    after_action(state)
    events = come(state, "b", (11.5, 10.0))
    (hit,) = kinds(events, "hit")
    assert hit["target"] == "b" and hit["damage"] == 6 and hit["covered"] == "full"


# -- the state, the data and play ------------------------------------------------------------


def test_a_bomb_is_in_the_hash_and_the_clone_and_nothing_without_one() -> None:
    """DESIGN §3: a bomb on the table changes the hash; a clone keeps it; without bombs the
    hash is what it was."""
    state = game([])
    before = state.hash()
    mine = Mine("Área de activación", "mina", "a", (5.0, 5.0), 1, 3.0, None, 5)
    state.mines = (mine,)
    assert state.hash() != before
    twin = state.clone()
    assert twin.mines == (mine,) and twin.hash() == state.hash()
    twin.mines = ()
    assert state.mines == (mine,)
    state.mines = ()
    assert state.hash() == before


def test_the_vocabulary_checks_the_bomb_fields() -> None:
    """rules/effects.py: homing is a number of K above 0, and both stand alone."""
    with pytest.raises(DataError, match="homing"):
        validated({"mines.yaml": {"Bomba autónoma": [{"homing": 0}]}})
    with pytest.raises(DataError, match="stands alone"):
        validated({"mines.yaml": {"Área de activación": [{"tripwire": True, "value": 1}]}})


def test_random_games_with_bomb_bearers_replay() -> None:
    """SECUENCIA DE JUEGO: seeded random games where both sides carry bombs to use replay
    to the same hash; bombs get laid and go off."""
    bomber = replace(support.profile("x", weapons=(support.RIFLE, support.KNIFE)),
                     gear=(CHARGE, replace(CHARGE, id="carga2", alc=4)))  # fmt: skip
    units = [("a", "A", (8.0, 10.0), 0.0), ("c", "A", (8.0, 16.0), 0.0),
             ("b", "B", (18.0, 10.0), 180.0), ("d", "B", (18.0, 16.0), 180.0)]  # fmt: skip
    profiles = {u: replace(bomber, character=u, name=u) for u in ("a", "b", "c", "d")}
    scn = support.scenario(units, profiles, turn_limit=3)
    laid = blasts = 0
    for decision in support.random_games(scn, 4):
        laid += len(kinds(decision.events, "mine_laid"))
        blasts += len(kinds(decision.events, "mine_blast"))
    assert laid > 0 and blasts > 0
