"""BONUS Y MALUS, batch I: entries triggered by death and wounds (entries/afterlife.py):
Explota, Inflamable, Sangre de ácido and Saikikku, each played with scripted dice, with a
case where it does nothing.

``a`` (side A) acts first from (10, 10); ``b`` (side B) stands in contact at (11, 10) or
away.  Profiles: CON 4, AGI 4, VOL 4, DEF 3, a rifle (DAÑ 4) and a knife (DAÑ 2).  A CH
IMP of 2 passes, a CH DEF of 9 fails, 10 is a fumble.  1D100 rolls are scripted apart.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from wartime.engine import Action, GameState
from wartime.engine.core.profiles import Profile, Protection, Trait
from wartime.errors import DataError
from wartime.geometry.distance import edge_distance
from wartime.rules.effects import validated

from . import engine_support as support

PAD = [5] * 12
PASS, FAIL, FUMBLE = 2, 9, 10
STAB = Action("ataque_cac", target="b", item="cuchillo")
SHOT = Action("ataque_distancia", target="b", item="fusil")
PLATE = Protection("coraza", defense=3, cal=2)
RANGE = [("inside", -0.1), ("outside", +0.1)]


def bearer(name: str, *entries: str, **kw: Any) -> Profile:
    return replace(support.profile(name, **kw), traits=tuple(Trait(e) for e in entries))


def game(
    profiles: dict[str, Profile], dice: list[int], hundreds: list[int] = (),  # type: ignore[assignment]
    *, b_at: tuple[float, float] = (11.0, 10.0),
    more: tuple[tuple[str, str, tuple[float, float], float], ...] = (),
) -> GameState:  # fmt: skip
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", b_at, 180.0), *more]
    state = support.started(support.scenario(units, profiles=profiles), [*dice, *PAD])
    state.dice = support.PercentDice(state.dice.faces, list(hundreds))  # type: ignore[attr-defined]
    return state


def kinds(events: list[Any]) -> list[str]:
    return [e.kind for e in events]


def gap(state: GameState, one: str, other: str) -> float:
    x, y = state.figures[one], state.figures[other]
    return edge_distance(x.position, x.radius, y.position, y.radius)


# -- Explota -----------------------------------------------------------------------------------


def exploding(d_gap: float, hundred: int) -> GameState:
    """a shoots b (Explota, CON 3, MOV 2) 10 K away with its rifle (DAÑ 4); d, b's ally
    (CON 9), stands ``d_gap`` K above b."""
    more = (("d", "B", (21.0, 11.0 + d_gap), 270.0),)
    profiles = {"b": bearer("b", "Explota", con=3, mov=2.0), "d": support.profile("d", con=9)}
    return game(profiles, [PASS, FAIL, FAIL], [hundred], b_at=(21.0, 10.0), more=more)


@pytest.mark.parametrize(("where", "shift"), RANGE)
def test_explota_blows_up_with_the_killing_hits_dan_over_its_mov(where: str, shift: float) -> None:
    """BONUS Y MALUS, Explota: on a 1D100 of 50 or less the dying bearer blows up with the
    DAÑ of the hit that killed it (4) over as many K as its MOV (2)."""
    state = exploding(2.0 + shift, 50)
    events = support.do(state, SHOT)
    assert state.figures["b"].casualty
    (blast,) = [e for e in events if e.kind == "explosion"]
    assert (blast.data["damage"], blast.data["radius"]) == (4, 2.0)
    caught = where == "inside"
    assert blast.data["victims"] == (["d"] if caught else [])
    assert state.figures["d"].wounds == (4 if caught else 0)


def test_explota_fails_its_chance_or_needs_a_death() -> None:
    """Negative: a 1D100 of 51 leaves the body quiet; a wounded bearer that stands rolls
    nothing."""
    state = exploding(1.0, 51)
    events = support.do(state, SHOT)
    assert state.figures["b"].casualty and "explosion" not in kinds(events)
    assert [e.data["roll"] for e in events if e.data.get("die") == "1D100"] == [51]
    assert state.figures["d"].wounds == 0
    state = game({"b": bearer("b", "Explota", con=9)}, [PASS, FAIL], [], b_at=(21.0, 10.0))
    events = support.do(state, SHOT)
    assert state.figures["b"].wounds == 4 and "explosion" not in kinds(events)


# -- Inflamable --------------------------------------------------------------------------------


@pytest.mark.parametrize(("where", "shift"), RANGE)
def test_inflamable_always_blows_up_on_death(where: str, shift: float) -> None:
    """BONUS Y MALUS, Inflamable: the dying bearer always blows up, with half the DAÑ that
    killed it (4 → 2) over a radius of that many K (2)."""
    more = (("d", "B", (21.0, 13.0 + shift), 270.0),)
    profiles = {"b": bearer("b", "Inflamable", con=3), "d": support.profile("d", con=9)}
    state = game(profiles, [PASS, FAIL, FAIL], [], b_at=(21.0, 10.0), more=more)
    assert gap(state, "b", "d") == pytest.approx(2.0 + shift)
    events = support.do(state, SHOT)
    (blast,) = [e for e in events if e.kind == "explosion"]
    assert (blast.data["damage"], blast.data["radius"]) == (2, 2)
    caught = where == "inside"
    assert state.figures["d"].wounds == (2 if caught else 0)


@pytest.mark.parametrize(("hundred", "blows"), [(30, True), (31, False)])
def test_inflamable_may_blow_up_on_a_fumble(hundred: int, blows: bool) -> None:
    """BONUS Y MALUS, Inflamable: a fumbled CH IMP blows the bearer up on 1D100 ≤ 30, with
    half its weapon's DAÑ (the rifle, DAÑ 4 less the fumble's wound: 3 → 2) over 2 K; the
    bearer is caught too.  Negative: 31 does nothing."""
    profiles = {"a": bearer("a", "Inflamable"), "b": support.profile("b", con=9)}
    # a's fumble; a's CH DEF of its DAÑ 1 hit passes; then a's and b's CH DEF of the blast
    state = game(profiles, [FUMBLE, PASS, PASS, FAIL], [hundred], b_at=(13.0, 10.0))
    events = support.do(state, SHOT)
    assert ("explosion" in kinds(events)) is blows
    assert state.figures["b"].wounds == (2 if blows else 0)
    if blows:
        (blast,) = [e for e in events if e.kind == "explosion"]
        assert blast.data["victims"] == ["a", "b"] and blast.data["damage"] == 2


# -- Sangre de ácido and Saikikku --------------------------------------------------------------


def acid_game(*entries: str, b_at: tuple[float, float] = (11.0, 10.0)) -> GameState:
    """a (a coraza: DEF 3, CAL 2) strikes b (CON 9, the entries) in contact, or shoots it."""
    a = replace(support.profile("a", defense=0), protections=(PLATE,))
    return game({"a": a, "b": bearer("b", *entries, con=9)}, [PASS, FAIL], b_at=b_at)


def test_sangre_de_acido_wounds_and_corrodes_who_is_in_cac() -> None:
    """BONUS Y MALUS, Sangre de ácido: wounded, the bearer gives each enemy in CaC with it 1
    wound with no CH DEF, and one of its protections loses CAL 1."""
    state = acid_game("Sangre de ácido")
    events = support.do(state, STAB)
    a = state.figures["a"]
    assert state.figures["b"].wounds == 2
    assert a.wounds == 1 and not support.rolls_of(events, "a", "CH DEF")
    assert a.crushed == (1,) and a.piece_cal(0) == 1
    assert "acid" in kinds(events)


def test_sangre_de_acido_needs_a_wound_and_someone_in_cac() -> None:
    """Negative: a shot from 10 K away wounds the bearer but nobody is in CaC with it; a
    missed blow wounds nothing."""
    state = acid_game("Sangre de ácido", b_at=(21.0, 10.0))
    events = support.do(state, SHOT)
    assert state.figures["b"].wounds == 4 and state.figures["a"].wounds == 0
    assert "acid" not in kinds(events) and state.figures["a"].crushed == ()
    a = replace(support.profile("a"), protections=(PLATE,))
    state = game({"a": a, "b": bearer("b", "Sangre de ácido", con=9)}, [FAIL])
    support.do(state, STAB)
    assert state.figures["a"].wounds == 0 and state.figures["a"].crushed == ()


def test_saikikku_stresses_who_is_in_cac_with_no_check() -> None:
    """BONUS Y MALUS, Saikikku: wounded, the bearer gives each enemy in CaC with it 1
    stress, with no check."""
    state = acid_game("Saikikku")
    events = support.do(state, STAB)
    assert state.figures["a"].stress == 1 and not support.rolls_of(events, "a", "CH PSI")
    assert any(e.kind == "stress" and e.data.get("entry") == "Saikikku" for e in events)


def test_saikikku_at_range_stresses_nobody() -> None:
    """Negative: a shot from 10 K away leaves the shooter calm."""
    state = acid_game("Saikikku", b_at=(21.0, 10.0))
    support.do(state, SHOT)
    assert state.figures["b"].wounds == 4 and state.figures["a"].stress == 0


# -- The vocabulary and random games ---------------------------------------------------------


@pytest.mark.parametrize(
    "item",
    [({"explodes": 0, "explosion": "hit_mov"}, "a percent"),
     ({"explodes": 50}, "goes with 'explosion'"),
     ({"explosion": "half_hit"}, "'explosion' goes with 'explodes'"),
     ({"explodes": 50, "explosion": "hit_mov", "fumble_explodes": 30}, "explosion: half_hit")],
)  # fmt: skip
def test_the_vocabulary_refuses_bad_explosions(item: tuple[dict[str, Any], str]) -> None:
    """The data is checked: a percent 1..100, an explosion kind, Inflamable's shape."""
    fields, reason = item
    with pytest.raises(DataError, match=reason):
        validated({"afterlife.yaml": {"Explota": [fields]}})


def test_random_games_with_these_bearers_end_cleanly_and_replay() -> None:
    """Seeded games of random legal moves between bearers of these entries end without an
    exception and replay to the same hash (DESIGN §3)."""
    profiles = {
        "a": bearer("a", "Inflamable", "Sangre de ácido"),
        "b": bearer("b", "Explota", "Saikikku", con=3),
        "c": bearer("c", "Saikikku", "Explota"),
        "d": bearer("d", "Sangre de ácido", "Inflamable", con=3),
    }
    scn = support.two_pairs(profiles, 11.0, (16.0, 14.0))
    seen: set[str] = set()
    for decision in support.random_games(scn, 12):
        seen |= set(kinds(decision.events))
    assert "explosion" in seen
    assert seen & {"acid", "stress"}
