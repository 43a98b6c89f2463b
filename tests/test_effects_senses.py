"""BONUS Y MALUS: senses and far sight (entries/senses.py), each played with scripted dice,
with a case where it does not apply.

a (side A) stands at (10, 10) facing b (side B); bases are 1 K wide, so b at (x, 10) is
x − 11 K away edge to edge.  AGI 4 hits on 4 or less; INT 4; DEF 3.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
import shapely

from wartime.board.battlefield import Wall
from wartime.engine import Action, GameState, PendingKind
from wartime.engine.core.modifiers import not_yet_automated
from wartime.engine.core.profiles import Profile, Trait
from wartime.engine.entries.clouds import SMOKE, Cloud
from wartime.rules.effects import load_effects

from . import engine_support as support

PAD = [5] * 12
HIT, MISS, FAIL_DEF = 3, 9, 9
ENTRIES = ("Meta visión", "Radar", "Sentido arácnido", "Alcance infinito", "Súper sentidos")
SHOT = Action("ataque_distancia", target="b", item="fusil")
TALL_WALL = Wall(((12.5, 0.0), (12.5, 30.0)), 10.0, 3)  # hides b wholly from a


def carrying(name: str, *entries: str, **stats: Any) -> Profile:
    return replace(support.profile(name, **stats), traits=tuple(Trait(e) for e in entries))


def game(
    profiles: dict[str, Profile], b_at: tuple[float, float] = (21.0, 10.0), b_facing: float = 180.0,
    faces: list[int] = (), walls: tuple[Wall, ...] = (),
) -> GameState:  # fmt: skip
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", b_at, b_facing)]
    scn = support.scenario(units, profiles=profiles, walls=walls)
    return support.started(scn, [*faces, *PAD])


def test_every_entry_of_the_module_is_automated() -> None:
    """Each entry has effects in data/effects/senses.yaml and leaves the players' list."""
    assert set(ENTRIES) <= set(load_effects())
    assert not set(ENTRIES) & set(not_yet_automated())


# -- Meta visión -------------------------------------------------------------------------------


@pytest.mark.parametrize("entry", [True, False])
def test_meta_vision_shoots_through_a_wall_within_int_k(entry: bool) -> None:
    """BONUS Y MALUS, Meta visión: b 3.5 K away (INT 4) behind a tall wall: the bearer
    picks it as a target; the hit still meets the wall (the cover's CH DEF +2)."""
    a = carrying("a", "Meta visión") if entry else support.profile("a")
    state = game({"a": a}, b_at=(14.5, 10.0), faces=[HIT, FAIL_DEF], walls=(TALL_WALL,))
    if not entry:
        support.refused(state, SHOT, "No LdV")
        return
    assert replace(SHOT, figure="a") in state.legal_actions()
    events = support.do(state, SHOT)
    (defence,) = support.rolls_of(events, "b", "CH DEF")
    assert ["cobertura", 2] in defence["modifiers"]  # the wall still stands in the way


def test_meta_vision_does_not_reach_past_int_k() -> None:
    """BONUS Y MALUS, Meta visión: b 5 K away behind the wall is past INT 4: no LdV."""
    state = game({"a": carrying("a", "Meta visión")}, b_at=(16.0, 10.0), walls=(TALL_WALL,))
    support.refused(state, SHOT, "No LdV")


@pytest.mark.parametrize("entry", [True, False])
def test_meta_vision_lets_the_bearer_react_behind_a_wall(entry: bool) -> None:
    """BONUS Y MALUS, Meta visión: b watches a through the wall (3.5 K, within its INT)
    and may react to its silent posture change; without the entry it cannot."""
    b = carrying("b", "Meta visión") if entry else support.profile("b")
    state = game({"b": b}, b_at=(14.5, 10.0), walls=(TALL_WALL,))
    events = state.apply(Action("agacharse", "a"))
    windows = [e.data["candidates"] for e in events if e.kind == "reaction_window"]
    assert windows == ([["b"]] if entry else [])


# -- Meta visión, Radar against Mimético -------------------------------------------------------


@pytest.mark.parametrize("entry", ["Meta visión", "Radar", None])
def test_meta_vision_and_radar_ignore_mimetico(entry: str | None) -> None:
    """BONUS Y MALUS, Meta visión / Radar: the target's Mimético (on) takes nothing off the
    bearer's CH IMP; anyone else shoots at −3."""
    a = carrying("a", entry) if entry else support.profile("a")
    state = game({"a": a, "b": carrying("b", "Mimético")}, faces=[HIT, FAIL_DEF])
    state.figures["b"].switched = ("Mimético",)
    events = support.do(state, SHOT)
    (imp,) = support.rolls_of(events, "a", "CH IMP")
    assert (["Mimético (b)", -3] in imp["modifiers"]) is (entry is None)


# -- Sentido arácnido --------------------------------------------------------------------------


@pytest.mark.parametrize(("entry", "b_at"), [(True, (14.0, 10.0)), (False, (14.0, 10.0)),
                                             (True, (20.0, 10.0))])  # fmt: skip
def test_sentido_aracnido_reacts_to_a_silent_move_behind_it(
    entry: bool, b_at: tuple[float, float]
) -> None:
    """BONUS Y MALUS, Sentido arácnido: a sneaks (Mover sin hacer ruido) behind b, within
    its VOL 4 K: b may react, and chosen, first turns to face a for free (its ENE kept),
    then checks CH VOL.  Without the entry, or 9 K away, there is no chance to react."""
    b = carrying("b", "Sentido arácnido") if entry else support.profile("b")
    state = game({"b": b}, b_at=b_at, b_facing=0.0, faces=[3])
    events = state.apply(Action("mover_sin_hacer_ruido", "a", point=(10.0, 11.0)))
    windows = [e.data["candidates"] for e in events if e.kind == "reaction_window"]
    near = entry and b_at == (14.0, 10.0)
    assert windows == ([["b"]] if near else [])
    if not near:
        return
    ene = state.figures["b"].ene
    events = state.apply(Action("react", "b"))
    assert [e.kind for e in events][:2] == ["pivot", "roll"]
    assert 90.0 < state.figures["b"].facing < 270.0 and state.figures["b"].ene == ene
    assert state.pending.kind is not PendingKind.REACT or state.figures["b"].reacting


# -- Alcance infinito --------------------------------------------------------------------------


def _long_rifle(vol: int) -> Profile:
    base = support.profile("a", vol=vol)
    return replace(base, traits=(Trait("Alcance infinito", 1, "fusil"),))


@pytest.mark.parametrize("face", [1, 2])
def test_alcance_infinito_out_of_the_cdv_only_a_critical_hits(face: int) -> None:
    """BONUS Y MALUS, Alcance infinito: b 25 K away, past ALC 20 and the CdV 20 (VOL 4):
    the shot is offered; a plain pass (2 against AGI 4 − 2 for range) strays and misses,
    a critical hits."""
    state = game({"a": _long_rifle(4)}, b_at=(36.0, 10.0), faces=[face, FAIL_DEF])
    assert replace(SHOT, figure="a") in state.legal_actions()
    events = support.do(state, SHOT)
    assert bool([e for e in events if e.kind == "astray"]) is (face != 1)
    assert (state.figures["b"].wounds > 0) is (face == 1)


def test_alcance_infinito_in_the_cdv_past_alc_hits_as_usual() -> None:
    """BONUS Y MALUS, Alcance infinito: b 25 K away within the CdV (VOL 8: 40 K): a plain
    pass hits; the range malus still counts."""
    state = game({"a": _long_rifle(8)}, b_at=(36.0, 10.0), faces=[2, FAIL_DEF])
    events = support.do(state, SHOT)
    assert state.figures["b"].wounds > 0 and not [e for e in events if e.kind == "astray"]
    assert ["distancia", -2] in support.rolls_of(events, "a", "CH IMP")[0]["modifiers"]


def test_without_alcance_infinito_the_far_shot_is_refused() -> None:
    """BONUS Y MALUS, Alcance infinito: without it, b 25 K away is out of the CdV."""
    state = game({}, b_at=(36.0, 10.0))
    support.refused(state, SHOT, "outside the CdV")


def test_alcance_infinito_still_needs_ldv() -> None:
    """BONUS Y MALUS, Alcance infinito: a wall hiding b wholly still blocks the shot."""
    wall = Wall(((30.0, 0.0), (30.0, 30.0)), 10.0, 3)
    state = game({"a": _long_rifle(4)}, b_at=(36.0, 10.0), walls=(wall,))
    support.refused(state, SHOT, "No LdV")


# -- Súper sentidos ----------------------------------------------------------------------------


@pytest.mark.parametrize("entry", [True, False])
def test_super_sentidos_ignores_smoke(entry: bool) -> None:
    """BONUS Y MALUS, Súper sentidos: dense smoke between a and b (CH IMP −3) does not
    hinder the bearer's shot."""
    a = carrying("a", "Súper sentidos") if entry else support.profile("a")
    state = game({"a": a}, faces=[HIT, FAIL_DEF])
    smoke = shapely.Point(15.0, 10.0).buffer(2.0)
    state.clouds = (Cloud(SMOKE, "Humo denso", "b", shapely.to_wkt(smoke), 1, imp=-3),)
    events = support.do(state, SHOT)
    (imp,) = support.rolls_of(events, "a", "CH IMP")
    assert (["humo denso", -3] in imp["modifiers"]) is not entry


# -- random games ------------------------------------------------------------------------------


def test_random_games_with_bearers_end_cleanly_and_replay() -> None:
    """Seeded games of random legal moves between bearers of these entries end without an
    exception (nothing offered is refused) and replay to the same hash (DESIGN §3)."""
    profiles = {
        "a": replace(_long_rifle(4), traits=(Trait("Alcance infinito", 1, "fusil"),
                                             Trait("Meta visión"))),
        "b": carrying("b", "Sentido arácnido", "Mimético"),
        "c": carrying("c", "Radar", "Súper sentidos"),
        "d": carrying("d", "Alcance infinito", "Sentido arácnido"),
    }  # fmt: skip
    wall = Wall(((16.0, 6.0), (16.0, 16.0)), 10.0, 3)
    scn = support.two_pairs(profiles, 36.0, (36.0, 16.0), walls=(wall,))
    seen: set[str] = set()
    for decision in support.random_games(scn, 8):
        seen.add(decision.action.kind)
        seen |= {e.kind for e in decision.events}
    assert {"ataque_distancia", "reaction_window"} <= seen
