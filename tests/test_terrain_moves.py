"""ACCIONES DE MOVIMIENTO beyond walking (engine/actions/terrain.py), each citing its rule."""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wartime.board.battlefield import Obstacle, Posture, Terrain, TerrainKind, Wall
from wartime.engine import Action, GameState, IllegalActionError
from wartime.engine.actions.terrain import HANDLERS, fall_damage
from wartime.engine.core.events import Event

from .engine_support import ScriptedDice, profile, refused, scenario, started

FAR = ("b", "B", (35.0, 25.0), 90.0)  # out of sight and hearing: no chance to react
POND = Terrain(((10.6, 5), (13, 5), (13, 15), (10.6, 15)), TerrainKind.WATER, "charca")
MUD = Terrain(((12, 5), (14, 5), (14, 15), (12, 15)), TerrainKind.DIFFICULT, "barro")
WALL = Wall(((10.8, 0), (10.8, 20)), 1.0, 4, id="muro")  # x 10.7–10.9, too tall to step over
HIGH_WALL = Wall(((10.8, 0), (10.8, 20)), 1.5, 4, id="muralla")
LOW_WALL = Wall(((10.8, 0), (10.8, 20)), 0.5, 2, id="murete")
FENCE = Wall(((10.8, 0), (10.8, 20)), 0.9, 2, id="valla")  # stops a walk, lower than a jumper


def game(
    at: tuple[float, float] = (10.0, 10.0), faces: tuple[int, ...] = (), **kwargs: Any
) -> GameState:
    """Figure ``a`` (side A) acting at ``at`` facing +x, with ``b`` far away."""
    profiles = kwargs.pop("profiles", {})
    units = kwargs.pop("units", [])
    scn = scenario([("a", "A", at, 0.0), FAR, *units], profiles=profiles, **kwargs)
    return started(scn, faces=faces)


def act(state: GameState, action: Action) -> list[Event]:
    """Apply an action and pass any chance to react it opens."""
    events = state.apply(action)
    while state.pending.kind.value == "react":
        events += state.apply(Action("pass"))
    return events


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def one(events: list[Event], kind: str) -> dict[str, Any]:
    (found,) = [e.data for e in events if e.kind == kind]
    return found


def where(state: GameState) -> tuple[float, float]:
    return state.figures["a"].position


# -- Mover sin hacer ruido (2) -----------------------------------------------------------


def test_mover_sin_hacer_ruido_moves_mov_for_two_ene_without_noise() -> None:
    """ACCIONES DE MOVIMIENTO, Mover sin hacer ruido (2): a full MOV, and no noise."""
    state = game()
    events = act(state, Action("mover_sin_hacer_ruido", point=(20, 10)))
    assert where(state) == pytest.approx((11, 10))
    assert state.figures["a"].ene == 8 - 2
    assert one(events, "move")["silent"] is True
    assert "noise" not in kinds(events)


def test_mover_sin_hacer_ruido_refusals() -> None:
    state = game()
    refused(state, Action("mover_sin_hacer_ruido"), "needs a destination point")
    state.figures["a"].ene = 1
    refused(
        state,
        Action("mover_sin_hacer_ruido", point=(20, 10)),
        r"Not enough ENE: Mover sin hacer ruido costs 2, you have 1",
    )


# -- Nadar (2, AGI) ----------------------------------------------------------------------


def test_nadar_swims_mov_through_water_and_makes_noise() -> None:
    """ACCIONES DE MOVIMIENTO, Nadar (2, AGI): swims up to its MOV."""
    state = game(terrain=(POND,), faces=(4,))
    events = act(state, Action("nadar", point=(20, 10)))
    assert where(state) == pytest.approx((11, 10))
    assert state.figures["a"].ene == 8 - 2
    (roll,) = [e.data for e in events if e.kind == "roll"]
    assert roll["purpose"] == "CH AGI (Nadar)" and roll["target"] == 4
    noise = one(events, "noise")
    assert noise["radius"] == pytest.approx(2 * 1.0) and noise["source"] == pytest.approx([11, 10])


def test_nadar_failed_check_spends_ene_and_stays() -> None:
    """Nadar: a failed CH AGI means no movement, but the ENE is spent."""
    state = game(terrain=(POND,), faces=(5,))
    events = act(state, Action("nadar", point=(20, 10)))
    assert where(state) == (10, 10)
    assert state.figures["a"].ene == 8 - 2
    assert "no_move" in kinds(events) and "noise" not in kinds(events)
    act(state, Action("mover", point=(10, 20)))  # the base is where the figure is
    assert where(state) == pytest.approx((10, 11))


def test_nadar_critical_moves_one_more_k() -> None:
    """MOVIMIENTO, critical on a movement action: one K further."""
    state = game(terrain=(POND,), faces=(1,))
    act(state, Action("nadar", point=(20, 10)))
    assert where(state) == pytest.approx((12, 10))


def test_nadar_out_of_the_water_onto_land() -> None:
    """Nadar is legal while the figure is in water, even toward dry land."""
    state = game(at=(12.0, 10.0), terrain=(POND,), faces=(4,))
    act(state, Action("nadar", point=(12, 20)))
    assert where(state) == pytest.approx((12, 11))


def test_nadar_needs_water() -> None:
    state = game(faces=(4,))
    refused(state, Action("nadar", point=(20, 10)), "Nadar needs water: a is not in water")
    refused(game(terrain=(POND,)), Action("nadar"), "Nadar needs a destination point")


# -- Escalar (3, AGI) --------------------------------------------------------------------


def test_escalar_climbs_over_a_wall_too_tall_to_step_over() -> None:
    """MOVIMIENTO, Obstáculos: taller than the chest, the figure must climb (ENE 3, CH AGI);
    ACCIONES DE MOVIMIENTO, Escalar (3, AGI): ascends as many K as its MOV."""
    state = game(at=(10.2, 10.0), walls=(WALL,), faces=(4,))  # in contact with the wall
    events = act(state, Action("escalar", point=(20, 10)))
    assert where(state) == pytest.approx((11.4, 10))  # just past the wall: 1 K up used all MOV
    assert state.figures["a"].ene == 8 - 3
    move = one(events, "move")
    assert move["climbed"] == ["muro"] and move["up"] == pytest.approx(1.0)
    assert one(events, "noise")["radius"] == pytest.approx(2 * 1.2)


def test_escalar_counts_the_ground_walked_before_and_after() -> None:
    """Escalar: MOV 3 = 1 K up + 0.2 K to the wall + 1.8 K beyond it."""
    state = game(walls=(WALL,), profiles={"a": profile("a", mov=3)}, faces=(4,))
    act(state, Action("escalar", point=(20, 10)))
    assert where(state)[0] == pytest.approx(10.9 + 0.5 + 1.8)


def test_escalar_critical_goes_one_more_k() -> None:
    state = game(walls=(WALL,), profiles={"a": profile("a", mov=3)}, faces=(1,))
    act(state, Action("escalar", point=(20, 10)))
    assert where(state)[0] == pytest.approx(11.4 + 1.8 + 1.0)


def test_escalar_failed_check_means_no_movement() -> None:
    """Escalar: a failed (or fumbled) CH AGI leaves the figure at the foot of the wall."""
    for face in (5, 10):
        state = game(at=(10.2, 10.0), walls=(WALL,), faces=(face,))
        events = act(state, Action("escalar", point=(20, 10)))
        assert where(state) == (10.2, 10)
        assert state.figures["a"].ene == 8 - 3 and "no_move" in kinds(events)


def test_escalar_refusals() -> None:
    far = game(walls=(WALL,), faces=(4,))
    refused(
        far,
        Action("escalar", point=(20, 10)),
        r"Out of reach: climbing over muro takes 1 K up and 0.20 K on the ground \(1.20 K\); "
        r"Escalar covers MOV 1 K",
    )
    refused(
        game(at=(10.2, 10.0), walls=(HIGH_WALL,)),
        Action("escalar", point=(20, 10)),
        r"1.5 K up and Escalar climbs 1 K \(MOV\) in one action: .* not yet supported",
    )
    refused(
        game(walls=(LOW_WALL,)), Action("escalar", point=(20, 10)), "Nothing to climb.*use Mover"
    )
    refused(
        game(at=(10.2, 10.0), walls=(WALL,)),
        Action("escalar", point=(10.9, 10)),
        "cannot end on top of muro",
    )
    tired = game(at=(10.2, 10.0), walls=(WALL,))
    tired.figures["a"].ene = 2
    refused(tired, Action("escalar", point=(20, 10)), "Not enough ENE: Escalar costs 3, you have 2")
    blocked = game(at=(10.2, 10.0), walls=(WALL,), units=[("c", "A", (11.6, 10.0), 0.0)])
    refused(blocked, Action("escalar", point=(20, 10)), "Cannot end there: .* would overlap c")


# -- Salto de longitud (3, AGI) ----------------------------------------------------------


@pytest.mark.parametrize(("agi", "factor"), [(3, 1), (4, 2), (5, 2), (6, 3), (7, 3), (8, 4)])
def test_salto_de_longitud_jumps_mov_times_the_agi_factor(agi: int, factor: int) -> None:
    """ACCIONES DE MOVIMIENTO, Salto de longitud (3, AGI): AGI ≤3 ×1, ≤5 ×2, ≤7 ×3, >7 ×4."""
    state = game(profiles={"a": profile("a", agi=agi)}, faces=(2,))
    ene = state.figures["a"].ene
    events = act(state, Action("salto_de_longitud", point=(30, 10)))
    assert where(state) == pytest.approx((10 + factor, 10))
    assert state.figures["a"].ene == ene - 3
    assert one(events, "noise")["radius"] == pytest.approx(2 * factor)


def test_salto_de_longitud_critical_jumps_one_more_k() -> None:
    """MOVIMIENTO, critical on a movement action: one K further."""
    state = game(faces=(1,))
    act(state, Action("salto_de_longitud", point=(30, 10)))
    assert where(state) == pytest.approx((13, 10))


def test_salto_de_longitud_clears_what_is_lower_than_the_jumper() -> None:
    """A 0.9 K fence stops a walk but not a jump over it, and costs no terrain."""
    walk = game(walls=(FENCE,))
    act(walk, Action("mover", point=(20, 10)))
    assert where(walk)[0] < 10.3
    state = game(walls=(FENCE,), terrain=(MUD,), faces=(4,))
    act(state, Action("salto_de_longitud", point=(20, 10)))
    assert where(state) == pytest.approx((12, 10)) and state.figures["a"].ene == 8 - 3


def test_salto_de_longitud_failed_lands_short_at_half_distance() -> None:
    """Salto de longitud: a failed check drops the jumper into the gap; on flat ground, it
    lands half way."""
    state = game(faces=(5,))
    events = act(state, Action("salto_de_longitud", point=(20, 10)))
    assert where(state) == pytest.approx((11, 10))
    assert "short_jump" in kinds(events) and state.figures["a"].wounds == 0
    assert state.figures["a"].ene == 8 - 3


def test_salto_de_longitud_failed_before_a_fence_lands_at_the_last_free_spot() -> None:
    state = game(walls=(FENCE,), faces=(10,))
    act(state, Action("salto_de_longitud", point=(20, 10)))
    assert 10.15 <= where(state)[0] <= 10.2 + 1e-9


def test_salto_de_longitud_refusals() -> None:
    refused(
        game(walls=(HIGH_WALL,)),
        Action("salto_de_longitud", point=(20, 10)),
        r"Too tall to jump over: muralla \(1.5 K\); a jump clears what is lower than a \(1 K\)",
    )
    refused(
        game(units=[("c", "A", (11.0, 10.0), 0.0)]),  # an ally as tall as the jumper
        Action("salto_de_longitud", point=(20, 10)),
        "c in the way",
    )
    refused(
        game(units=[("c", "B", (13.8, 10.0), 180.0)]),
        Action("salto_de_longitud", point=(20, 10)),
        "Within 1 K of an enemy without engaging: c",
    )
    refused(game(), Action("salto_de_longitud", point=(10, 10)), "needs a point to jump to")


def test_salto_de_longitud_jumps_over_a_prone_figure() -> None:
    state = game(units=[("c", "A", (11.0, 10.0), 0.0)], faces=(4,))
    state.figures["c"].posture = Posture.PRONE
    act(state, Action("salto_de_longitud", point=(20, 10)))
    assert where(state) == pytest.approx((12, 10))


# -- Subir a un alto (3, AGI) ------------------------------------------------------------


@pytest.mark.parametrize(
    ("agi", "reach"), [(3, 0.5), (4, 1.0), (5, 1.5), (6, 2.0), (7, 2.0), (8, 3.0)]
)
def test_subir_a_un_alto_height_limit(agi: int, reach: float) -> None:
    """ACCIONES DE MOVIMIENTO, Subir a un alto (3, AGI): AGI ≤3 ×0.5, 4 ×1, 5 ×1.5, ≥6 ×2,
    ≥8 ×3 its height; within reach a passed CH AGI puts it on top."""
    state = game(at=(10.2, 10.0), walls=(HIGH_WALL,), profiles={"a": profile("a", agi=agi)},
                 faces=(2,))  # fmt: skip
    action = Action("subir_a_un_alto", point=(10.8, 10))
    if reach < 1.5:
        refused(state, action, f"muralla is 1.5 K high: a reaches {reach:g} K with Subir a un alto")
        return
    act(state, action)
    a = state.figures["a"]
    assert (a.perch, a.position, a.ene) == (1.5, (10.8, 10.0), min(10, 4 + agi) - 3)
    assert not state.physics().holds("a")


def test_on_top_a_pj_sees_over_walls_and_gets_down_with_dejarse_caer() -> None:
    """Subir a un alto: up there its eye is raised by what it stands on (DESIGN §5 cover from
    a higher eye), it moves no more until Dejarse caer brings it down beside the wall."""
    state = game(at=(10.2, 10.0), walls=(HIGH_WALL,), profiles={"a": profile("a", agi=6)},
                 faces=(2, 5, 5))  # fmt: skip
    low = state.figures["a"].eye()
    act(state, Action("subir_a_un_alto", point=(10.8, 10)))
    a = state.figures["a"]
    assert a.eye()[2] == pytest.approx(low[2] + 1.5)
    refused(state, Action("mover", "a", point=(12.0, 10.0)), "gets down first")
    act(state, Action("dejarse_caer", "a", point=(11.9, 10.0)))
    a = state.figures["a"]
    assert (a.perch, a.position) == (0.0, (11.9, 10.0)) and state.physics().holds("a")


def test_subir_a_un_alto_refusals() -> None:
    refused(
        game(walls=(WALL,)),
        Action("subir_a_un_alto", point=(10.8, 10)),
        "muro is 0.20 K away: Subir a un alto jumps straight up",
    )
    refused(
        game(walls=(WALL,)),
        Action("subir_a_un_alto", point=(5, 5)),
        "No wall or obstacle at that point",
    )


# -- Dejarse caer (1) --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("height", "dan"), [(1.0, 0), (2.0, 0), (2.5, 4), (3.0, 4), (4.0, 7), (4.5, 10), (math.inf, 10)]
)
def test_fall_damage_bands(height: float, dan: int) -> None:
    """Dejarse caer (1): ≤ ×2 the model DAÑ 0, ≤ ×3 DAÑ 4, ≤ ×4 DAÑ 7, more DAÑ 10."""
    assert fall_damage(height, 1.0) == dan


def test_dejarse_caer_from_level_two_takes_dan_four_with_ch_def() -> None:
    """Level 2 is 3 K up (ALTURAS DE MOVIMIENTO): a 1 K figure falls ×3, DAÑ 4; CH DEF fails."""
    state = game(profiles={"a": profile("a", con=6)}, faces=(9, 4))  # CH DEF 9 > 3, CH PSI 4
    state.figures["a"].level = 2
    events = act(state, Action("dejarse_caer"))
    figure = state.figures["a"]
    assert figure.level == 1 and figure.wounds == 4 and figure.ene == 10 - 1
    assert one(events, "fall")["damage"] == 4
    assert [e.data["purpose"] for e in events if e.kind == "roll"] == ["CH DEF", "CH PSI (heridas)"]
    act(state, Action("mover", point=(10, 20)))  # now a base on the table like any other
    assert where(state) == pytest.approx((10, 11))


def test_dejarse_caer_passed_defence_takes_dan_minus_def() -> None:
    state = game(faces=(2, 4))
    state.figures["a"].level = 2
    act(state, Action("dejarse_caer"))
    assert state.figures["a"].wounds == 4 - 3


def test_dejarse_caer_tall_figure_is_unhurt_and_level_three_takes_ten() -> None:
    tall = game()
    tall.figures["a"].level = 2
    tall.figures["a"].height = 2.0  # 3 K is 1.5 of its heights: DAÑ 0, no roll
    events = act(tall, Action("dejarse_caer"))
    assert tall.figures["a"].wounds == 0 and "roll" not in kinds(events)
    high = game(profiles={"a": profile("a", con=10, defense=0)}, faces=(5, 4))
    high.figures["a"].level = 3
    act(high, Action("dejarse_caer"))
    assert high.figures["a"].wounds == 10 and high.figures["a"].casualty


def test_dejarse_caer_refusals() -> None:
    refused(game(), Action("dejarse_caer"), "on the ground: there is nowhere to fall from")
    roof = Obstacle(((9, 9), (11, 9), (11, 11), (9, 11)), 2.0, 4, id="casa")
    flyer = game(at=(14.0, 10.0), obstacles=(roof,))
    flyer.figures["a"].position = (10.0, 10.0)  # flying over the house
    flyer.figures["a"].level = 2
    refused(flyer, Action("dejarse_caer"), "Cannot fall there: the base would land on casa")
    over = game()
    over.figures["a"].level = 2
    refused(over, Action("dejarse_caer", point=(12, 10)), "drops straight down")
    space = game()
    space.figures["a"].level = 4
    refused(space, Action("dejarse_caer"), r"in space \(level 4\)")


# -- 180° (4, AGI D) ---------------------------------------------------------------------

TRUCK = {"a": profile("a", mov=4)}  # 180° requires MOV mínimo de 4K


def test_giro_180_runs_mov_plus_four_straight_then_about_faces() -> None:
    """ACCIONES DE MOVIMIENTO, 180° (4, AGI D): MOV+4K straight ahead, then a turn of up to 180°."""
    state = game(profiles=TRUCK, faces=(3,))
    events = act(state, Action("giro_180", point=(30, 10)))
    assert where(state) == pytest.approx((18, 10))
    figure = state.figures["a"]
    assert figure.facing == pytest.approx(180) and figure.ene == 8 - 4
    (roll,) = [e.data for e in events if e.kind == "roll"]
    assert roll["modifiers"] == [["difícil, D = CON−AGI = 0", -1]] and roll["target"] == 3
    assert one(events, "noise")["radius"] == pytest.approx(16)


def test_giro_180_can_turn_to_face_a_named_figure() -> None:
    state = game(profiles=TRUCK, faces=(3,))
    act(state, Action("giro_180", target="b", point=(30, 10)))
    assert state.figures["a"].facing == pytest.approx(math.degrees(math.atan2(25 - 10, 35 - 18)))


def test_giro_180_d_is_con_minus_agi() -> None:
    """180°: D = CON−AGI."""
    state = game(profiles={"a": profile("a", mov=4, con=7)}, faces=(2,))
    events = act(state, Action("giro_180", point=(30, 10)))
    (roll,) = [e.data for e in events if e.kind == "roll"]
    assert roll["modifiers"] == [["difícil, D = CON−AGI = 3", -3]] and roll["target"] == 4 - 3
    assert roll["outcome"] == "fail" and "no_turn" in kinds(events)


def test_giro_180_failed_does_not_turn() -> None:
    """180°: si falla no gira."""
    state = game(profiles=TRUCK, faces=(4,))
    events = act(state, Action("giro_180", point=(30, 10)))
    assert where(state) == pytest.approx((18, 10)) and state.figures["a"].facing == 0
    assert "no_turn" in kinds(events) and state.figures["a"].wounds == 0


def test_giro_180_fumble_takes_dan_equal_to_k_moved() -> None:
    """180°: con pifia DAÑ = K movidos, resolved with the figure's own CH DEF."""
    state = game(profiles={"a": profile("a", mov=4, con=6)}, faces=(10, 9, 4))
    events = act(state, Action("giro_180", point=(15, 10)))
    assert one(events, "fumble")["damage"] == 5
    assert state.figures["a"].wounds == 5 and state.figures["a"].facing == 0


def test_giro_180_difficult_ground_costs_ene_and_a_further_minus_one() -> None:
    """180°: on difficult ground the CH AGI takes a further −1 (and ENE +1, Terreno y Energía)."""
    state = game(profiles=TRUCK, terrain=(MUD,), faces=(2,))
    events = act(state, Action("giro_180", point=(30, 10)))
    (roll,) = [e.data for e in events if e.kind == "roll"]
    assert ["terreno difícil", -1] in roll["modifiers"] and roll["target"] == 2
    assert state.figures["a"].ene == 8 - 5


def test_giro_180_refusals() -> None:
    refused(
        game(),
        Action("giro_180", point=(30, 10)),
        "180° requires a natural MOV of at least 4 K; a has MOV 1 K",
    )
    walled = game(profiles=TRUCK, walls=(Wall(((15, 0), (15, 20)), 1.5, 4, id="tapia"),))
    refused(walled, Action("giro_180", point=(30, 10)), "straight line and tapia is in the way")
    act(walled, Action("mover", point=(10, 20)))  # the refused run left the base in place
    assert where(walled) == pytest.approx((10, 10 + 4))
    high = game(profiles=TRUCK)
    high.figures["a"].level = 3
    refused(high, Action("giro_180", point=(30, 10)), "not allowed at altitude 3")
    refused(game(profiles=TRUCK), Action("giro_180", target="a", point=(30, 10)), "face itself")


def test_refused_actions_leave_the_state_unchanged_after_the_physics_moved() -> None:
    """An action refused after the base was slid (1 K rule) leaves the table as it was."""
    state = game(terrain=(POND,), units=[("c", "B", (12.4, 10.0), 180.0)])
    refused(state, Action("nadar", point=(20, 10)), "Within 1 K of an enemy without engaging: c")
    act(state, Action("mover", point=(10, 20)))
    assert where(state) == pytest.approx((10, 11))


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(sorted(HANDLERS)),
            st.tuples(st.floats(-2, 42), st.floats(-2, 32)),
            st.integers(1, 10),
            st.sampled_from([1, 2, 3]),
        ),
        min_size=1,
        max_size=12,
    )
)
def test_terrain_moves_apply_or_refuse_cleanly(steps: list[tuple[str, Any, int, int]]) -> None:
    """Fuzz: each action either applies or raises IllegalActionError leaving no trace."""
    house = Obstacle(((14, 8), (17, 8), (17, 12), (14, 12)), 2.0, 4, id="casa")
    big = {"a": profile("a", mov=4, agi=6)}
    state = game(walls=(WALL, FENCE), obstacles=(house,), terrain=(POND, MUD), profiles=big)
    for kind, point, face, level in steps:
        if state.pending.kind.value != "act" or state.figures["a"].casualty:
            break
        state.dice = ScriptedDice([face, 5, 5, 5])
        state.figures["a"].ene = 10
        if kind == "dejarse_caer" and state.figures["a"].level == 1 and state._physics is None:
            state.figures["a"].level = level  # a flyer, before the table holds its base
        before = state.hash()
        try:
            act(state, Action(kind, point=point if kind != "dejarse_caer" else None))
        except IllegalActionError as exc:
            assert str(exc) and state.hash() == before
        figure = state.figures["a"]
        if figure.level == 1 and not figure.casualty:
            assert state.physics().position("a") == figure.position
            assert not state.physics().overlaps(figure.disc())


def test_a_move_that_goes_nowhere_is_refused() -> None:
    """MOVIMIENTO: a base that cannot get any nearer its goal does not move, and pays nothing
    (a player expects "blocked", not ENE spent on standing still)."""
    from wartime.board.battlefield import Wall
    from wartime.engine import Action

    from .engine_support import refused, scenario, started

    units = [("a", "A", (10.0, 10.0), 0.0), ("c", "A", (11.0, 10.0), 0.0)]
    units.append(("b", "B", (30.0, 10.0), 180.0))  # c's base touches a's, head-on to the east
    # a stands at the closed end of a corridor a base wide: no way round c either
    walls = tuple(
        Wall(points, 3.0, 4, id=name)
        for name, points in (
            ("south", ((9.0, 9.35), (12.5, 9.35))),
            ("north", ((9.0, 10.65), (12.5, 10.65))),
            ("end", ((9.35, 9.0), (9.35, 11.0))),
        )
    )
    state = started(scenario(units, walls=walls))
    refused(state, Action("mover", "a", point=(12.0, 10.0)), "The way is blocked")
