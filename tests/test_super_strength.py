"""Súper fuerza (BONUS Y MALUS) and the map's throwable objects, thrown with the action
Lanzar armas / objetos (ACCIONES, combate).

The entry lets its bearer throw a car with CH CON, a lorry with CH CON D −2 and
anything larger with D −4; a failed check costs 1 wound with no CH DEF.  Our reading
(docs/rules-interpretations.md): the thrower stands within 1 K of the object; the lift's
CH CON comes before the throw's CH IMP; a thrown object hits as steel (the action's
material_dan, DAÑ 2); a hit drops it where the target stands, a miss scatters it from
there, and it always ends wholly on the table.

a (side A, Súper fuerza, CON 4) stands at (10, 10) facing east; b (side B) at (15, 10)
facing west, 4 K away edge to edge, within the throw's MOV+CON = 5 K.  The car lies
just north of a, 0.5 K from its base.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wartime.board.battlefield import Throwable, ThrowSize
from wartime.engine import Action, GameState, PendingKind
from wartime.engine.core.profiles import Trait
from wartime.engine.core.saves import load_game, save_game
from wartime.engine.core.scenario import load_scenario
from wartime.engine.core.throwables import gap, on_table

from .conftest import ROOT
from .engine_support import do, profile, refused, rolls, scenario, started

CAR = Throwable("coche", (10.0, 11.5), ThrowSize.CAR)
LORRY = Throwable("camion", (10.0, 8.0), ThrowSize.LORRY)
PILE = Throwable("grua", (7.5, 10.0), ThrowSize.LARGER)
FAR_CAR = Throwable("coche-lejos", (10.0, 20.0), ThrowSize.CAR)
STRONG = (Trait("Súper fuerza"),)


def _game(
    faces: list[int], traits: tuple[Trait, ...] = STRONG, b_at: tuple[float, float] = (15.0, 10.0)
) -> GameState:
    a = replace(profile("a"), traits=traits)
    scn = scenario([("a", "A", (10.0, 10.0), 0.0), ("b", "B", b_at, 180.0)], profiles={"a": a})
    things = (CAR, LORRY, PILE, FAR_CAR)
    scn = replace(scn, battlefield=replace(scn.battlefield, throwables=things))
    return started(scn, [*faces, *(5,) * 12])


def _throw(item: str) -> Action:
    return Action("lanzar_armas_objetos", "a", target="b", item=item)


def test_a_passed_lift_throws_the_car_which_lands_on_the_target() -> None:
    """Súper fuerza: a car is lifted with a plain CH CON, then thrown with the CH IMP of
    Lanzar armas / objetos; it hits as steel (DAÑ 2) and comes down at b's feet, its
    2 K long outline against b's base on the thrower's side."""
    state = _game([2, 2, 9])  # CH CON 2 (passed), CH IMP 2 (hit), b's CH DEF 9 (failed)
    before = state.hash()
    events = do(state, _throw("coche"))
    (lift,) = rolls(events, "CH CON (Súper fuerza)")
    assert lift["target"] == 4 and lift["outcome"] == "pass"
    assert any(e.kind == "hit" and e.data["damage"] == 2 for e in events)
    assert state.figures["b"].wounds == 2
    assert state.throwable_at(CAR) == (13.5, 10.0)
    assert state.thrown == {"coche": (13.5, 10.0)}
    assert state.hash() != before
    assert state.figures["a"].ene == 8 - 2  # the action's ENE 2


def test_a_failed_lift_costs_a_wound_with_no_ch_def_and_the_car_stays() -> None:
    """Súper fuerza: a failed CH CON gives the thrower +1 wound with no CH DEF; nothing
    is thrown (no CH IMP) and the object stays where it lay; the ENE is spent."""
    state = _game([8])  # CH CON 8 against CON 4: failed
    events = do(state, _throw("coche"))
    assert [e.kind for e in events if e.kind in ("lift_failed", "wounds", "hit")] == [
        "lift_failed",
        "wounds",
    ]
    assert not rolls(events, "CH IMP") and not rolls(events, "CH DEF")
    assert state.figures["a"].wounds == 1 and state.figures["b"].wounds == 0
    assert state.thrown == {} and state.throwable_at(CAR) == CAR.position
    assert state.figures["a"].ene == 6


@pytest.mark.parametrize(
    ("thing", "spot", "shift"), [(LORRY, (10.0, 8.0), -2), (PILE, (7.5, 10.0), -4)]
)
def test_bigger_objects_are_harder_to_lift(
    thing: Throwable, spot: tuple[float, float], shift: int
) -> None:
    """Súper fuerza: a lorry's CH CON has D −2, anything larger D −4."""
    state = _game([1, 10])  # CH CON 1 (critical: passes whatever the difficulty); CH IMP 10
    assert thing.position == spot
    events = do(state, _throw(thing.id))
    (lift,) = rolls(events, "CH CON (Súper fuerza)")
    assert lift["target"] == 4 + shift
    assert (
        "Súper fuerza: " + {"lorry": "camión", "larger": "objeto más grande"}[thing.size.value],
        shift,
    ) in [tuple(m) for m in lift["modifiers"]]


def test_a_miss_scatters_the_object_from_the_target_and_it_stays_on_the_table() -> None:
    """A missed throw: the object drifts 1D10 K (1 die for 4 K thrown) from the target, as
    a missed area does, and lands wholly on the table."""
    state = _game([2, 9, 6])  # CH CON passed, CH IMP 9 (missed), scatter 1D10 = 6
    events = do(state, _throw("coche"))
    assert any(e.kind == "scatter" and e.data["rolls"] == [6] for e in events)
    x, y = state.throwable_at(CAR)
    assert 1.0 <= x <= 39.0 and 0.5 <= y <= 29.5
    assert state.figures["b"].wounds == 0


@pytest.mark.parametrize(
    ("traits", "item", "b_at", "words"),
    [
        ((), "coche", (15.0, 10.0), "only Súper fuerza throws it"),
        (STRONG, "coche-lejos", (15.0, 10.0), "must be within 1 K to lift it"),
        (STRONG, "coche", (17.0, 10.0), "Target out of range"),
    ],
)
def test_a_throw_that_cannot_be_is_refused_and_changes_nothing(
    traits: tuple[Trait, ...], item: str, b_at: tuple[float, float], words: str
) -> None:
    """Lanzar armas / objetos with a map object: refused without Súper fuerza, from more
    than 1 K away, or at a target beyond MOV+CON; the state (hash) stays as it was."""
    state = _game([2, 2, 9], traits, b_at)
    refused(state, _throw(item), words)


def test_legal_actions_offer_the_objects_within_reach_to_a_strong_figure() -> None:
    """The throw of each object within 1 K is offered to a Súper fuerza figure only."""
    offered = {a.item for a in _game([]).legal_actions() if a.kind == "lanzar_armas_objetos"}
    assert {"coche", "camion", "grua"} <= offered and "coche-lejos" not in offered
    plain = _game([], traits=()).legal_actions()
    assert not {a.item for a in plain if a.kind == "lanzar_armas_objetos"} & {"coche", "grua"}


def test_objects_that_never_moved_leave_the_hash_as_it_was() -> None:
    """GameState.hash digests the throwables only once one has moved, so every earlier
    hash (the golden transcripts, the frozen corpus) stands."""
    with_things = _game([2, 2])
    a = replace(profile("a"), traits=STRONG)
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (15.0, 10.0), 180.0)]
    bare = started(scenario(units, profiles={"a": a}), [2, 2])
    assert with_things.hash() == bare.hash()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    x=st.floats(-50, 90),
    y=st.floats(-50, 80),
    size=st.sampled_from(list(ThrowSize)),
    table=st.tuples(st.floats(1, 60), st.floats(1, 60)),
)
def test_a_thrown_object_always_lands_on_the_table(
    x: float, y: float, size: ThrowSize, table: tuple[float, float]
) -> None:
    """Wherever a throw would drop it, the object ends wholly on the table (or, on a table
    narrower than the object, centred across it)."""
    thing = Throwable("t", (0.0, 0.0), size)
    w, d = size.footprint
    cx, cy = on_table(table, thing, (x, y))
    for centre, half, side in ((cx, w / 2, table[0]), (cy, d / 2, table[1])):
        if 2 * half >= side:
            assert centre == pytest.approx(side / 2)
        else:
            assert half - 1e-6 <= centre <= side - half + 1e-6


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), bx=st.floats(11.5, 14.5), by=st.floats(7.0, 13.0))
def test_a_thrown_car_lands_on_the_table_whatever_the_dice(seed: int, bx: float, by: float) -> None:
    """In play, with any dice and the target anywhere within reach: the car is either
    still where it lay (a failed lift) or wholly on the table."""
    state = _game([], b_at=(bx, by))
    state.reseed(seed)
    events = do(state, _throw("coche"))
    x, y = state.throwable_at(CAR)
    assert state.thrown or any(e.kind == "lift_failed" for e in events)
    assert 1.0 - 1e-6 <= x <= 39.0 + 1e-6 and 0.5 - 1e-6 <= y <= 29.5 + 1e-6


def test_the_reach_is_measured_to_the_objects_outline() -> None:
    """1 K from the base edge to the nearest point of the car's 2 × 1 K outline."""
    a = _game([]).figures["a"]
    assert gap(a, CAR, CAR.position) == pytest.approx(0.5)
    assert gap(a, CAR, (13.5, 10.0)) == pytest.approx(2.0)


def test_a_saved_game_with_a_throw_replays(tmp_path: Path) -> None:
    """Saves: a game whose map has throwables, in which a bruto with Súper fuerza threw a
    car, replays to the same hash."""
    army = (ROOT / "assets" / "armies" / "culto.yaml").read_text(encoding="utf-8")
    (tmp_path / "culto.yaml").write_text(
        army.replace("bonus: [Fanático]", "bonus: [Fanático, Súper fuerza]"), encoding="utf-8"
    )
    (tmp_path / "m.yaml").write_text(
        "wartime_map: 1\nsize: [30, 20]\narmies: [legion, culto.yaml]\n"
        "units:\n"
        "  - {id: bruto, side: A, position: [10, 10], facing: 0, character: bruto}\n"
        "  - {id: sargento, side: B, position: [14, 10], facing: 180, character: sargento}\n"
        "throwables:\n  - {id: coche, position: [10, 11.5], size: car}\n",
        encoding="utf-8",
    )
    state = load_scenario(tmp_path / "m.yaml", seed=3).new_game()
    for _ in range(40):
        if state.thrown or state.pending.kind is PendingKind.GAME_OVER:
            break
        pending = state.pending
        if pending.kind is PendingKind.ACT and pending.figure == "bruto":
            throws = [a for a in state.legal_actions() if a.item == "coche"]
            if throws:
                state.apply(throws[0])
                continue
        legal = state.legal_actions()
        passing = [a for a in legal if a.kind in ("pass", "end")]
        state.apply(passing[0] if passing and pending.kind is not PendingKind.ACT else legal[0])
    assert "coche" in state.thrown or state.figures["bruto"].wounds >= 1
    save_game(state, tmp_path / "game.yaml")
    assert load_game(tmp_path / "game.yaml").hash() == state.hash()
