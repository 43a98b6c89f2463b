"""Strikes from afar, doom and decoys (entries/godstrike.py, condemned.py, decoy.py).

BONUS Y MALUS: Golpe de los dioses, Condenado (with La mano de la muerte) and Señuelo,
with ÁREAS for the scatter.  See docs/rules-interpretations.md.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from wartime.board.battlefield import Obstacle, Wall
from wartime.engine import Action, GameState
from wartime.engine.core.profiles import Profile, Trait, Weapon
from wartime.engine.core.scenario import Scenario
from wartime.engine.entries import condemned
from wartime.engine.entries import decoy as decoy_entry
from wartime.engine.entries.godstrike import entry

from . import engine_support as support
from .test_areas import AimedDice, kinds, rolls

GODSTRIKE = "Golpe de los dioses"
CONDEMNED = "Condenado"
DECOY = "Señuelo"
HAND = "La mano de la muerte"
GRENADE = Weapon("granada", ene=3, dan=5, alc=20, cal=4, bonuses=("Área",), area="R3")
STRIKE = Trait(GODSTRIKE)
HOUSE = Obstacle(((2.0, 8.0), (6.0, 8.0), (6.0, 12.0), (2.0, 12.0)), 3.0, 5, "casa")


def _with(name: str, traits: tuple[Trait, ...], **kw: int) -> Profile:
    base = support.profile(name, weapons=(GRENADE, support.KNIFE), **kw)
    return replace(base, traits=traits)


def _striker(trait: Trait | None = STRIKE, **kw: int) -> Profile:
    return _with("a", (trait,) if trait else (), **kw)


def _range(
    a: Profile, faces: list[int], angles: list[float] = (), obstacles: tuple[Obstacle, ...] = (),
    walls: tuple[Wall, ...] = (),
) -> GameState:  # fmt: skip
    """a at (10, 10) facing east; b (of a's VOL) far off at (35, 25); a is acting."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (35.0, 25.0), 180.0)]
    profiles = {"a": a, "b": support.profile("b", vol=a.vol)}
    scn = support.scenario(units, profiles, walls=walls, obstacles=obstacles)
    state = support.started(scn)
    state.dice = AimedDice(faces, list(angles))
    return state


def _shot(point: tuple[float, float]) -> Action:
    return Action("ataque_distancia", point=point, item="granada")


# -- Golpe de los dioses -------------------------------------------------------------------


def test_golpe_de_los_dioses_aims_behind_and_scatters_as_without_ldv() -> None:
    """BONUS Y MALUS, Golpe de los dioses: a point behind the bearer (out of its CdV arc),
    within ALC and behind a wall, may be aimed at; as its tag Dispersión says, even a
    passed CH IMP scatters, 1D10 K per 20 K (a shot without LdV)."""
    wall = Wall(((8.0, 0.0), (8.0, 30.0)), 3.0, 5)
    state = _range(_striker(), [3, 2], [90.0], walls=(wall,))
    events = support.do(state, _shot((4.0, 10.0)))
    assert rolls(events, "CH IMP")[0]["outcome"] == "pass"
    (drift,) = kinds(events, "scatter")
    assert drift["per_die"] == 20 and drift["rolls"] == [2]
    assert drift["end"] == pytest.approx([4.0, 12.0])
    (off,) = [e.text for e in events if e.kind == "area_off_aim"]
    assert GODSTRIKE in off and "sin LdV" in off


def test_golpe_de_los_dioses_critical_lands_on_the_aim() -> None:
    """BONUS Y MALUS, Golpe de los dioses: only a critical CH IMP lands where aimed."""
    state = _range(_striker(), [1])
    events = support.do(state, _shot((4.0, 10.0)))
    assert not kinds(events, "scatter") and kinds(events, "area_on_target")


def test_golpe_de_los_dioses_reaches_past_vol_times_five_but_not_past_alc() -> None:
    """BONUS Y MALUS, Golpe de los dioses: VOL×5 does not bind it (VOL 3: 15 K), ALC does."""
    state = _range(_striker(vol=3), [5, 2], [0.0])
    events = support.do(state, _shot((28.0, 10.0)))  # 17.5 K: past 15, within ALC 20
    assert kinds(events, "scatter")[0]["per_die"] == 20
    state = _range(_striker(), [5])
    support.refused(state, _shot((35.0, 10.0)), "Golpe de los dioses: .*out of range")


def test_golpe_de_los_dioses_refuses_a_point_inside_an_obstacle() -> None:
    """BONUS Y MALUS, Golpe de los dioses: "in the open": a point inside a building's
    footprint is refused; one outside it is fine."""
    state = _range(_striker(), [3, 2], [90.0], obstacles=(HOUSE,))
    support.refused(state, _shot((4.0, 10.0)), "inside the obstacle casa, not in the open")
    events = support.do(state, _shot((4.0, 14.0)))
    assert kinds(events, "scatter")


def test_without_golpe_de_los_dioses_the_point_must_be_in_the_cdv() -> None:
    """ÁREAS: without the entry a point behind the shooter is refused; with it, an aim in
    the CdV plays as usual (a passed CH IMP lands on the aim, no scatter)."""
    state = _range(_striker(None), [3])
    support.refused(state, _shot((4.0, 10.0)), "outside the CdV")
    state = _range(_striker(), [3])
    events = support.do(state, _shot((18.0, 10.0)))
    assert not kinds(events, "scatter") and kinds(events, "area_on_target")


def test_golpe_de_los_dioses_on_a_weapon_serves_only_area_weapons() -> None:
    """BONUS Y MALUS, Golpe de los dioses: it acts through an area weapon only."""
    state = _range(_striker(Trait(GODSTRIKE, 1, "granada")), [])
    a = state.figures["a"]
    assert entry(a, GRENADE) == GODSTRIKE and entry(a, support.KNIFE) is None


# -- Condenado -----------------------------------------------------------------------------


def _doomed_game(wounds: int, faces: list[int], con: int = 4) -> GameState:
    """a (Condenado) with ``wounds``, c an ally in base contact, b an enemy far off."""
    units = [
        ("a", "A", (10.0, 10.0), 0.0), ("c", "A", (11.0, 10.0), 0.0),
        ("b", "B", (30.0, 20.0), 180.0),
    ]  # fmt: skip
    a = replace(support.profile("a", con=con), traits=(Trait(CONDEMNED),))
    state = support.scenario(units, {"a": a}).new_game()
    state.figures["a"].wounds = wounds
    state.dice = support.ScriptedDice([9, 1, *faces])
    state.apply(Action("initiative", "a"))
    state.apply(Action("initiative", "b"))
    state.apply(Action("activate", "a"))
    return state


def test_condenado_carries_la_mano_de_la_muerte_for_good() -> None:
    """BONUS Y MALUS, Condenado: it gains La mano de la muerte for the whole game."""
    state = _doomed_game(1, [4] * 6)
    (grant,) = state.figures["a"].granted
    assert grant.lasting and [t.name for t in grant.traits] == [HAND]
    assert Action("usar_bonus", "a", target="c", item=HAND) in state.legal_actions()


def test_condenado_loses_a_level_when_it_passes_no_wound() -> None:
    """BONUS Y MALUS, Condenado: begun wounded, an activation that ends with no wound of
    its own passed on costs a level of CON, AGI, INT and VOL."""
    state = _doomed_game(1, [4] * 6)
    events = support.do(state, Action("end"))
    (doom,) = kinds(events, "doomed")
    a = state.figures["a"]
    assert (a.profile.con, a.profile.agi, a.profile.int_, a.vol) == (3, 3, 3, 3)
    assert condemned.mark(a).doomed == 1 and doom["levels"] == 1 and not a.casualty


def test_condenado_passing_a_wound_spares_it() -> None:
    """BONUS Y MALUS, Condenado: passing one of its wounds on with La mano de la muerte
    (a passed CH VOL) pays the debt; nothing is lost."""
    state = _doomed_game(1, [3, 4, 4, 4])
    events = support.do(state, Action("usar_bonus", "a", target="c", item=HAND))
    assert kinds(events, "wound_moved")
    events = support.do(state, Action("end"))
    assert not kinds(events, "doomed") and state.figures["a"].profile.con == 4


def test_condenado_a_failed_try_is_no_assignment() -> None:
    """BONUS Y MALUS, Condenado: a failed CH VOL moves no wound, so the level is lost."""
    state = _doomed_game(1, [9, 4, 4, 4])
    events = support.do(state, Action("usar_bonus", "a", target="c", item=HAND))
    assert not kinds(events, "wound_moved")
    assert kinds(support.do(state, Action("end")), "doomed")


def test_condenado_unwounded_loses_nothing_and_a_lower_con_may_take_it_out() -> None:
    """BONUS Y MALUS, Condenado: begun unhurt, nothing is owed; a lost CON level that
    its wounds now reach leaves it down."""
    state = _doomed_game(0, [4] * 6)
    assert not kinds(support.do(state, Action("end")), "doomed")
    state = _doomed_game(3, [4] * 6)
    events = support.do(state, Action("end"))
    assert kinds(events, "doomed_down") and state.figures["a"].casualty


# -- Señuelo -------------------------------------------------------------------------------


def _decoy_game() -> GameState:
    a = replace(support.profile("a"), traits=(Trait(DECOY),))
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (30.0, 20.0), 180.0),
             ("c", "A", (10.0, 14.0), 0.0)]  # fmt: skip
    return support.started(support.scenario(units, {"a": a}), [4] * 12)


def test_senuelo_takes_the_bearer_back_and_keeps_the_ene_spent() -> None:
    """BONUS Y MALUS, Señuelo (partial reading): after moving, the bearer declares its
    activation a decoy: it is back where and as it began, the ENE spent stays, and its
    activation ends; offered only once it has done something."""
    state = _decoy_game()
    use = Action("usar_bonus", "a", item=DECOY)
    assert use not in state.legal_actions()
    support.do(state, Action("mover", "a", point=(11.0, 10.0)))
    spent = state.figures["a"].ene
    assert use in state.legal_actions()
    events = support.do(state, use)
    (decoy,) = kinds(events, "decoy")
    assert decoy["partial"] and "lectura parcial" in events[0].text
    a = state.figures["a"]
    assert a.position == (10.0, 10.0) and a.facing == 0.0 and a.ene == spent
    assert state.active != "a" and decoy_entry.mark(a).decoy_used


def test_senuelo_refused_when_blocked_or_used() -> None:
    """BONUS Y MALUS, Señuelo: refused when another base now stands on the spot it began
    on, and once used in the game."""
    state = _decoy_game()
    support.do(state, Action("mover", "a", point=(11.0, 10.0)))
    c = state.figures["c"]
    state.lift(c)
    c.position = (9.6, 10.0)  # clear of a (at 11, 10) but on the spot a began on
    state.settle(c)
    use = Action("usar_bonus", "a", item=DECOY)
    support.refused(state, use, "c now stands where a began")
    state.lift(c)
    c.position = (10.0, 14.0)
    state.settle(c)
    decoy_entry.put(state.figures["a"], decoy_entry.Decoy(decoy_used=True))
    support.refused(state, use, "once a game")


# -- random games --------------------------------------------------------------------------


def test_random_games_with_these_bearers_run_and_replay() -> None:
    """BONUS Y MALUS: seeded random games with a Golpe de los dioses grenadier, a
    Condenado and a Señuelo bearer on the table play through and replay."""
    profiles = {
        "a": _striker(),
        "b": replace(support.profile("b"), traits=(Trait(CONDEMNED),)),
        "c": replace(support.profile("c"), traits=(Trait(DECOY),)),
        "d": replace(support.profile("d"), traits=(Trait(CONDEMNED), Trait(DECOY))),
    }
    scn: Scenario = support.two_pairs(profiles, 18.0, (18.0, 14.0))
    seen = {"decoy": 0, "doomed": 0}
    for decision in support.random_games(scn, 6):
        for kind in seen:
            seen[kind] += len(kinds(decision.events, kind))
    assert seen["decoy"] or seen["doomed"]
