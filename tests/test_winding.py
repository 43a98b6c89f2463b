"""Moves that go round what stands in the way (MOVIMIENTO, Mover; core/routes.py).

The book moves a base "up to its MOV" toward where the player wants it, with no straight
line asked (only 180°, Embestir and Cambiar de altitud say "en línea recta"), so a Mover,
Correr or Esprintar toward a point behind a wall walks the shortest way round it
(core.paths), the K counted along the way; Cargar still goes straight at its target.
The movement table (physics) keeps the last word on every piece of the way.
"""

from __future__ import annotations

import itertools
import math

import shapely
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wartime.board.battlefield import Wall
from wartime.engine import Action, GameState, find_path
from wartime.engine.core.world import WALKING_HEIGHT
from wartime.i18n import told

from .engine_support import do, scenario, started

TALL = Wall(((10.0, 0.0), (10.0, 12.0)), 3.0, 4, id="muro")  # 0.2 K thick, x 9.9–10.1
START, BEYOND = (9.0, 10.5), (11.0, 10.5)  # either side of the wall, near its end
FAR = ("b", "B", (35.0, 25.0), 180.0)


def behind_a_wall(faces: tuple[int, ...] = ()) -> GameState:
    return started(scenario([("a", "A", START, 0.0), FAR], walls=(TALL,)), faces=faces)


def moved(events: list) -> dict:  # type: ignore[type-arg]
    return next(e.data for e in events if e.kind == "move")


def test_movimiento_esprintar_goes_round_the_wall_to_the_point_behind_it() -> None:
    """MOVIMIENTO: the base walks round the wall's end, as far as the way is long."""
    state = behind_a_wall()
    figure = state.figures["a"]
    way = find_path(state, figure, BEYOND)
    assert way.reached and len(way.legs) > 2  # the straight line is shut
    events = do(state, Action("esprintar", "a", point=BEYOND))
    data = moved(events)
    figure = state.figures["a"]  # apply() plays on a copy of the figures and keeps it
    assert figure.position == BEYOND
    assert math.isclose(data["travelled"], way.length, abs_tol=1e-6)
    assert [tuple(p) for p in data["via"]] == list(way.legs[1:-1])
    last = (way.legs[-2], BEYOND)
    heading = math.degrees(math.atan2(last[1][1] - last[0][1], last[1][0] - last[0][0])) % 360
    assert math.isclose(figure.facing, heading, abs_tol=1e-6)  # it faces along its last leg


def test_movimiento_a_short_stride_stops_on_the_way_round_after_its_mov() -> None:
    """Mover (MOV 1 K): it gets 1 K along the way round, not stuck against the wall."""
    state = behind_a_wall()
    figure = state.figures["a"]
    way = find_path(state, figure, BEYOND)
    do(state, Action("mover", "a", point=BEYOND))
    figure = state.figures["a"]
    walked = shapely.LineString(way.legs)
    assert walked.distance(shapely.Point(figure.position)) < 1e-6
    assert math.isclose(walked.project(shapely.Point(figure.position)), 1.0, abs_tol=1e-6)


def test_movimiento_the_ene_is_the_strides_and_the_way_is_checked_before_it_is_paid() -> None:
    """Terreno y Energía: a winding Mover costs a Mover's ENE; its check and its move agree."""
    state = behind_a_wall()
    action = Action("correr", "a", point=BEYOND)
    assert state.check(action) is None
    before = state.figures["a"].ene
    do(state, action)
    assert before - state.figures["a"].ene == 2  # Correr (2), easy ground


def test_cargar_still_goes_straight_at_its_target() -> None:
    """Cargar moves straight at the enemy it charges: a base in the way stops it, where a
    Mover to the same spot walks round."""
    units = [
        ("a", "A", (5.0, 10.0), 0.0),
        ("c", "A", (6.5, 10.0), 0.0),
        ("b", "B", (9.0, 10.0), 180.0),
    ]
    state = started(scenario(units))
    reason = state.check(Action("cargar", "a", target="b"))
    assert reason is not None
    assert told(reason, "en") == "The way to b is blocked: the charge cannot make contact"
    assert state.check(Action("correr", "a", point=(7.9, 10.0))) is None


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.floats(1.0, 39.0),
    st.floats(1.0, 29.0),
    st.sampled_from(["mover", "correr", "esprintar"]),
)
def test_a_winding_move_never_overlaps_a_base_or_a_wall(x: float, y: float, kind: str) -> None:
    """CONCEPTOS BÁSICOS, Peanas: whatever point is asked, the base ends clear of every
    wall and every base, and the legality check says what the move then does."""
    scn = scenario([("a", "A", START, 0.0), ("c", "A", (11.0, 13.5), 0.0), FAR], walls=(TALL,))
    state = started(scn)
    action = Action(kind, "a", point=(x, y))
    if state.check(action) is not None:
        return
    do(state, action)
    discs = [f.disc() for f in state.figures.values()]
    for one, other in itertools.combinations(discs, 2):
        gap = math.dist(one.centre, other.centre) - one.radius - other.radius
        assert gap >= -1e-6
    figure = state.figures["a"]
    for solid in state.world.blocking(WALKING_HEIGHT):
        spot = shapely.Point(figure.position)
        assert solid.polygon().distance(spot) >= figure.radius - 1e-6
