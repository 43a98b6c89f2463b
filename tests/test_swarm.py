"""Arma de enjambre (BONUS Y MALUS): swarm weapons fire together, as one volley.

a and c (side A) carry swarm rifles; b (side B, CON 9, DEF 3) stands 11 K east of a.
See entries/swarm.py for the reading.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from wartime.engine import Action, GameState, IllegalActionError
from wartime.engine.core.profiles import Profile, Trait, Weapon

from .engine_support import KNIFE, RIFLE, do, profile, rolls_of, scenario, started

SWARM = Weapon("aguijon", ene=3, dan=4, alc=20, cal=4, bonuses=("Arma de enjambre",))
VOLLEY = Action("ataque_distancia", "a", target="b", item="aguijon", options=("Arma de enjambre",))


def _bearer(fid: str, *weapons: Weapon) -> Profile:
    """A profile whose weapons' entries it carries, as an army's are (profile_from_army)."""
    traits = tuple(Trait(b, 1, w.id) for w in weapons for b in w.bonuses)
    return replace(profile(fid, weapons=weapons), traits=traits)


def _game(faces: list[int], c_weapon: Weapon = SWARM) -> GameState:
    units = [("a", "A", (10.0, 10.0), 0.0), ("c", "A", (10.0, 12.0), 0.0),
             ("b", "B", (21.0, 10.0), 180.0)]  # fmt: skip
    profiles = {"a": _bearer("a", SWARM, KNIFE), "c": _bearer("c", c_weapon),
                "b": profile("b", con=9)}  # fmt: skip
    return started(scenario(units, profiles=profiles), faces=[*faces, *[5] * 12])


def test_the_volley_is_offered_and_every_swarm_weapon_fires() -> None:
    """Arma de enjambre: c fires with a, out of its activation, and pays down to ENE −3."""
    state = _game([3, 3, 9, 5, 9, 5])  # both CH IMP pass; b's CH DEF 9 fails twice
    assert VOLLEY in state.legal_actions()
    events = do(state, VOLLEY)
    impacts = [e.data["who"] for e in events if e.kind == "roll" and e.data["purpose"] == "CH IMP"]
    assert impacts == ["a", "c"]
    assert state.figures["c"].ene == -3  # it had none: a swarm shot may go down to −10
    assert state.figures["b"].wounds == 8  # two hits of DAÑ 4


def test_each_critical_lowers_the_def_against_every_hit() -> None:
    """Two criticals: b's CH DEF is against DEF 3 − 2 = 1 for both hits."""
    state = _game([1, 1, 9, 5, 9, 5])
    events = do(state, VOLLEY)
    said = [e.text for e in events if e.kind == "volley_criticals"]
    assert said == ["Arma de enjambre: 2 crítico(s), DEF −2 de b contra la ráfaga"]
    assert [r["target"] for r in rolls_of(events, "b", "CH DEF")] == [1, 1]


def test_a_fumble_cancels_a_critical() -> None:
    """A critical and a fumble: the critical is a plain hit, the fumble a plain miss."""
    state = _game([1, 10, 9, 5])  # a critical, c fumbles; b's CH DEF 9 fails
    events = do(state, VOLLEY)
    assert any(e.kind == "volley_cancelled" for e in events)
    assert not [e for e in events if e.kind == "fumble"]  # no backlash on c
    assert state.figures["b"].wounds == 4  # DAÑ 4, no critical's +1
    assert state.figures["c"].wounds == 0


def test_without_a_swarm_weapon_beside_it_the_volley_is_refused() -> None:
    state = _game([3], c_weapon=RIFLE)
    before = state.hash()
    assert VOLLEY not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="no ally with a swarm weapon can shoot b"):
        state.apply(VOLLEY)
    assert state.hash() == before


def test_a_plain_shot_with_a_swarm_weapon_stays_a_plain_shot() -> None:
    state = _game([3, 9, 5])
    events = do(state, replace(VOLLEY, options=()))
    assert len(rolls_of(events, "c", "CH IMP")) == 0 and state.figures["b"].wounds == 4
