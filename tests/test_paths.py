"""The shortest way for a figure's base (engine/core/paths.py, geometry/pathfinding.py).

MOVIMIENTO: a base goes around what it cannot step over (walls and obstacles above its
chest, Obstáculos), never overlaps another base (CONCEPTOS BÁSICOS, Peanas), and pays
ENE +1 or +2 on difficult or extreme ground (Terreno y Energía).
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from pathlib import Path as FilePath

import networkx as nx
import pytest
import shapely
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from wartime.board.battlefield import (
    Battlefield,
    Obstacle,
    Posture,
    Terrain,
    TerrainKind,
    Unit,
    Wall,
)
from wartime.board.shapes import Disc, Point
from wartime.engine import GameState, Path, Ruleset, Scenario, find_path, load_scenario
from wartime.engine.core.movement import moves
from wartime.engine.core.routes import route
from wartime.engine.core.world import WALKING_HEIGHT
from wartime.geometry.pathfinding import ARC_STEPS, AREA_MARGIN, MEMO, SLACK, Clearance, grown

from .engine_support import profile, scenario, started

ROOT = FilePath(__file__).resolve().parent.parent
MAPS = sorted((ROOT / "maps").glob("*.yaml"))
WIDE = 1 / math.cos(math.pi / (4 * ARC_STEPS))  # how far past r a grown corner may reach
TOL = 1e-6
FAR = ("b", "B", (35.0, 25.0), 90.0)  # an enemy out of the way


def table(*units: Unit, walls: tuple[Wall, ...] = (), obstacles: tuple[Obstacle, ...] = (),
          terrain: tuple[Terrain, ...] = ()) -> GameState:  # fmt: skip
    """A 40×30 K table with these units (any base size), before the first turn."""
    field = Battlefield(
        "paths", (40.0, 30.0), walls=walls, obstacles=obstacles, terrain=terrain, units=units
    )
    profiles = {u.id: profile(u.id) for u in units}
    return Scenario(field, profiles, Ruleset(), 1).new_game()


def walker(position: Point, base: float = 1.0, ident: str = "a") -> Unit:
    return Unit(ident, "A", position, 0.0, base=base)


def legs_of(path: Path) -> list[shapely.LineString]:
    return [shapely.LineString(pair) for pair in itertools.pairwise(path.legs)]


def clear_of(path: Path, state: GameState, radius: float) -> bool:
    """Every leg keeps the base clear of every solid that stops a walk (exact footprints)."""
    solids = [s.polygon() for s in state.world.blocking(WALKING_HEIGHT)]
    return all(leg.distance(s) >= radius - TOL for leg in legs_of(path) for s in solids)


# -- open ground ------------------------------------------------------------------------------


def test_movimiento_a_straight_path_when_nothing_is_in_the_way() -> None:
    """MOVIMIENTO, Mover: on open ground the way is the straight line, as long as the gap."""
    state = table(walker((5.0, 5.0)), Unit("b", "B", (35.0, 25.0)))
    path = find_path(state, state.figures["a"], (15.0, 12.0))
    assert path.reached
    assert path.legs == ((5.0, 5.0), (15.0, 12.0))
    assert path.end == path.goal == (15.0, 12.0)
    assert path.length == pytest.approx(math.hypot(10.0, 7.0), abs=1e-12)


def test_a_goal_where_the_figure_stands_is_a_path_of_no_length() -> None:
    state = table(walker((5.0, 5.0)))
    path = find_path(state, state.figures["a"], (5.0, 5.0))
    assert path.reached and path.legs == ((5.0, 5.0),) and path.length == 0.0


# -- walls and obstacles (MOVIMIENTO, Obstáculos) ---------------------------------------------

TALL = Wall(((10.0, 0.0), (10.0, 12.0)), 3.0, 4, id="muro")  # 0.2 K thick, x 9.9–10.1


def _detour(radius: float) -> float:
    """By hand: from (8, 5) over the free end of TALL to (12, 5), for a base whose centre
    keeps ``radius`` from the wall: a tangent to the quarter circle around the corner
    (9.9, 12), the arc to its top, the 0.2 K across the wall's end, and the mirror."""
    corner = (9.9, 12.0)
    gap = math.dist((8.0, 5.0), corner)
    tangent = math.sqrt(gap * gap - radius * radius)
    toward_start = math.atan2(5.0 - corner[1], 8.0 - corner[0])
    touch = (toward_start - math.acos(radius / gap)) % math.tau  # on the far side
    arc = radius * (touch - math.pi / 2)
    return 2 * (tangent + arc) + 0.2


def test_obstaculos_a_tall_wall_is_walked_around_by_the_shortest_detour() -> None:
    """MOVIMIENTO, Obstáculos: a wall above the chest stops the base; the way goes round
    its free end, never into the wall grown by the radius, and is the shortest: between
    the exact detour around the rounded end and the one around the polygon's outer circle."""
    state = table(walker((8.0, 5.0)), Unit("b", "B", (35.0, 25.0)), walls=(TALL,))
    path = find_path(state, state.figures["a"], (12.0, 5.0))
    assert path.reached and path.end == (12.0, 5.0)
    (solid,) = state.world.blocking(WALKING_HEIGHT)
    inflated = grown(solid.polygon(), 0.5, TOL)  # the wall grown by the radius (less TOL)
    assert not any(leg.intersects(inflated) for leg in legs_of(path))
    assert clear_of(path, state, 0.5)
    assert max(y for _, y in path.legs) >= 12.5 - TOL  # over the wall's end
    assert path.length > 4.0
    assert _detour(0.5) <= path.length <= _detour(0.5 * WIDE)
    assert path.length == pytest.approx(sum(leg.length for leg in legs_of(path)), abs=1e-9)


def test_obstaculos_a_wall_up_to_the_chest_is_crossed_not_walked_around() -> None:
    """MOVIMIENTO, Obstáculos: a wall up to the chest is difficult ground: the way goes
    straight over it, and every stride pays ENE +1."""
    low = Wall(((10.0, 0.0), (10.0, 12.0)), 0.5, 2, id="murete")
    state = table(walker((8.0, 5.0)), walls=(low,))
    path = find_path(state, state.figures["a"], (12.0, 5.0))
    assert path.legs == ((8.0, 5.0), (12.0, 5.0))
    assert dict(path.ene) == {"mover": 2, "correr": 3, "esprintar": 4}


def test_a_flat_solid_still_blocks_along_its_edge() -> None:
    """A footprint with no area (a wall drawn with no thickness) stops a base along its
    line, as on the physics table."""
    flat = shapely.Polygon([(10.0, 0.0), (10.0, 12.0), (10.0, 6.0)])
    way = Clearance((40.0, 30.0), 0.5, [flat]).way((8.0, 5.0), (12.0, 5.0))
    assert way.reached and way.length > 4.0
    assert all(leg.distance(shapely.LineString([(10, 0), (10, 12)])) >= 0.5 - TOL
               for leg in map(shapely.LineString, itertools.pairwise(way.points)))  # fmt: skip


def test_a_bigger_base_cannot_pass_a_gap_a_smaller_base_passes() -> None:
    """CONCEPTOS BÁSICOS, Peanas: a 1.5 K gap in a wall that runs edge to edge lets a 1 K
    base through, but not a 2 K one, which gets as near as it can on its own side."""
    walls = (
        Wall(((10.0, 0.0), (10.0, 14.0)), 3.0, 4, id="sur"),
        Wall(((10.0, 15.5), (10.0, 30.0)), 3.0, 4, id="norte"),
    )
    small = table(walker((8.0, 14.75)), walls=walls)
    through = find_path(small, small.figures["a"], (12.0, 14.75))
    assert through.reached and through.length == pytest.approx(4.0)
    big = table(walker((7.0, 14.75), base=2.0), walls=walls)
    stuck = find_path(big, big.figures["a"], (12.0, 14.75))
    assert not stuck.reached
    assert stuck.end[0] < 9.9  # into the gap as far as it fits, on its own side
    assert stuck.goal == (12.0, 14.75)
    assert clear_of(stuck, big, 1.0)


def test_peanas_a_lane_exactly_as_wide_as_the_base_lets_it_through() -> None:
    """CONCEPTOS BÁSICOS, Peanas: bases may touch, so a 1 K base passes a 1 K lane between
    two tall walls that run edge to edge (the physics table lets it through as well)."""
    walls = (
        Wall(((10.0, 0.0), (10.0, 14.0)), 3.0, 4, id="sur"),
        Wall(((10.0, 15.0), (10.0, 30.0)), 3.0, 4, id="norte"),
    )
    state = table(walker((8.0, 14.5)), walls=walls)
    path = find_path(state, state.figures["a"], (12.0, 14.5))
    assert path.reached and path.length == pytest.approx(4.0)
    assert clear_of(path, state, 0.5)


def test_the_shortest_path_on_a_sample_map_matches_the_full_visibility_graph() -> None:
    """The search only joins convex corners by lines tangent at both: that loses nothing.
    On Aldea en ruinas the lengths equal a Dijkstra over every vertex of the grown shapes
    joined by every clear line (networkx, shapely, no pruning)."""
    state = _map_state("aldea-en-ruinas")
    clearance = state.world.clearance(0.5, off_water=True)
    solids = [s.polygon() for s in state.world.blocking(WALKING_HEIGHT)]
    water = [shapely.Polygon(g.polygon) for g in state.world.ground if g.kind == "water"]
    sized = [(s, 0.5) for s in solids] + [(w, AREA_MARGIN) for w in water]
    walls = shapely.union_all([grown(s, by, 2 * SLACK) for s, by in sized])
    outline = shapely.union_all([grown(s, by, SLACK) for s, by in sized])
    left, bottom, right, top = clearance.box
    every = list(
        dict.fromkeys(
            (float(x), float(y))
            for x, y in shapely.get_coordinates(outline)
            if left <= x <= right and bottom <= y <= top
        )
    )

    def clear(a: Point, b: Point) -> bool:
        return not walls.intersects(shapely.LineString([a, b]))

    full = nx.Graph()
    for a, b in itertools.combinations(every, 2):
        if clear(a, b):
            full.add_edge(a, b, weight=math.dist(a, b))
    rng = random.Random(12)
    width, height = state.scenario.battlefield.size
    checked = 0
    while checked < 12:
        start = (rng.uniform(1, width - 1), rng.uniform(1, height - 1))
        goal = (rng.uniform(1, width - 1), rng.uniform(1, height - 1))
        if walls.intersects(shapely.Point(start)) or walls.intersects(shapely.Point(goal)):
            continue
        way = clearance.way(start, goal)
        if not way.reached:
            continue
        graph = full.copy()
        for end in (start, goal):
            graph.add_weighted_edges_from(
                (end, v, math.dist(end, v)) for v in every if clear(end, v)
            )
        if clear(start, goal):
            graph.add_edge(start, goal, weight=math.dist(start, goal))
        best = nx.dijkstra_path_length(graph, start, goal)
        assert way.length == pytest.approx(best, abs=1e-9)
        checked += 1


# -- other bases (CONCEPTOS BÁSICOS, Peanas) ---------------------------------------------------


def test_peanas_other_bases_are_walked_around() -> None:
    """A friend and an enemy stand on the straight line: the way keeps each base clear."""
    units = (walker((5.0, 10.0)), Unit("c", "A", (10.0, 10.0)), Unit("b", "B", (15.0, 10.3)))
    state = table(*units)
    path = find_path(state, state.figures["a"], (20.0, 10.0))
    assert path.reached and path.end == (20.0, 10.0)
    assert path.length > 15.0
    for other in ("b", "c"):
        centre = shapely.Point(state.figures[other].position)
        assert all(leg.distance(centre) >= 1.0 - TOL for leg in legs_of(path))


def test_peanas_a_figure_in_base_contact_steps_out_and_goes_on() -> None:
    """A base touching another (engaged) where the grown polygon bulges past the round
    base first steps out to the nearest free point, then goes on clear of it."""
    other = (5.0 + math.sqrt(0.5), 10.0 + math.sqrt(0.5))  # touching, up and to the right
    state = table(walker((5.0, 10.0)), Unit("b", "B", other))
    path = find_path(state, state.figures["a"], (5.0, 20.0))
    assert path.reached and path.legs[0] == (5.0, 10.0) and path.end == (5.0, 20.0)
    assert math.dist(path.legs[0], path.legs[1]) < 0.05  # the step out
    centre = shapely.Point(other)
    assert all(leg.distance(centre) >= 1.0 - TOL for leg in legs_of(path)[1:])


# -- goals out of reach ------------------------------------------------------------------------

SHED = Obstacle(((10.0, 10.0), (16.0, 10.0), (16.0, 13.0), (10.0, 13.0)), 4.0, 6, id="nave")


def test_a_goal_inside_a_building_ends_at_the_nearest_reachable_point() -> None:
    """The goal lies inside a building: the way ends against its nearest wall, reached=False."""
    state = table(walker((13.0, 20.0)), obstacles=(SHED,))
    path = find_path(state, state.figures["a"], (13.0, 12.0))
    assert not path.reached and path.goal == (13.0, 12.0)
    assert path.end == pytest.approx((13.0, 13.5), abs=TOL)  # a face along an axis: exact
    assert clear_of(path, state, 0.5)


def test_a_goal_shut_in_by_walls_ends_outside_them() -> None:
    """The goal lies in a room walled all round: the way ends outside, as near as it can."""
    room = Wall(((20.0, 10.0), (26.0, 10.0), (26.0, 16.0), (20.0, 16.0), (20.0, 10.0)), 3.0, 5)
    state = table(walker((10.0, 13.0)), walls=(room,))
    path = find_path(state, state.figures["a"], (23.0, 13.0))
    assert not path.reached
    assert not shapely.Polygon(room.points).contains(shapely.Point(path.end))
    assert math.dist(path.end, (23.0, 13.0)) == pytest.approx(3.6, abs=TOL)
    assert clear_of(path, state, 0.5)


def test_a_goal_off_the_table_ends_at_its_edge() -> None:
    state = table(walker((5.0, 12.0)))
    path = find_path(state, state.figures["a"], (-5.0, 12.0))
    assert not path.reached and path.end == pytest.approx((0.5, 12.0))
    assert path.length == pytest.approx(4.5)


def test_water_is_walked_around_by_a_figure_that_would_have_to_swim() -> None:
    """MOVIMIENTO (Nadar is an action of its own): a walker's way keeps out of the water."""
    pond = Terrain(((10.0, 5.0), (13.0, 5.0), (13.0, 15.0), (10.0, 15.0)), TerrainKind.WATER)
    state = table(walker((8.0, 10.0)), terrain=(pond,))
    path = find_path(state, state.figures["a"], (15.0, 10.0))
    assert path.reached and path.length > 7.0
    assert not any(leg.intersects(shapely.Polygon(pond.polygon)) for leg in legs_of(path))


# -- the ENE (MOVIMIENTO, Terreno y Energía) ---------------------------------------------------

MUD = Terrain(((12.0, 5.0), (14.0, 5.0), (14.0, 15.0), (12.0, 15.0)), TerrainKind.DIFFICULT)
SCRAP = Terrain(((12.0, 5.0), (14.0, 5.0), (14.0, 15.0), (12.0, 15.0)), TerrainKind.EXTREME)


@pytest.mark.parametrize(
    ("ground", "surcharge"), [((), 0), ((MUD,), 1), ((SCRAP,), 2)], ids=["easy", "mud", "scrap"]
)
def test_terreno_y_energia_the_ene_is_the_engines_own_for_a_straight_move(
    ground: tuple[Terrain, ...], surcharge: int
) -> None:
    """MOVIMIENTO, Terreno y Energía: the ENE of each stride along the path is what the
    engine prices the same straight move at (core.routes.route), +1 difficult, +2 extreme."""
    state = started(scenario([("a", "A", (10.0, 10.0), 0.0), FAR], terrain=ground))
    figure = state.figures["a"]
    path = find_path(state, figure, (16.0, 10.0))
    assert path.legs == ((10.0, 10.0), (16.0, 10.0))
    for kind, base in (("mover", 1), ("correr", 2), ("esprintar", 3)):
        planned = route(state, figure, (16.0, 10.0), path.length, moves().strides[kind])
        assert path.ene[kind] == planned.ene == base + surcharge
    assert figure.position == (10.0, 10.0)  # nothing moved


def test_agacharse_a_crouched_figure_pays_easy_ground_as_difficult() -> None:
    """ACCIONES DE MOVIMIENTO, Agacharse: the path's ENE reads the posture as route does."""
    state = started(scenario([("a", "A", (10.0, 10.0), 0.0), FAR]))
    figure = state.figures["a"]
    figure.posture = Posture.CROUCHED
    path = find_path(state, figure, (12.0, 10.0))
    assert (
        path.ene["mover"]
        == route(state, figure, (12.0, 10.0), 2.0, moves().strides["mover"]).ene
        == 2
    )


def test_reach_is_mov_plus_each_strides_extra() -> None:
    """ACCIONES DE MOVIMIENTO: Mover MOV, Correr MOV+1 K, Esprintar MOV+5 K."""
    state = started(scenario([("a", "A", (10.0, 10.0), 0.0), FAR]))
    path = find_path(state, state.figures["a"], (30.0, 10.0))
    assert dict(path.reach) == {"mover": 1.0, "correr": 2.0, "esprintar": 6.0}


def test_the_preparation_is_made_once_per_map_and_radius_and_shared_by_clones() -> None:
    state = table(walker((8.0, 5.0)), Unit("b", "B", (35.0, 25.0)), walls=(TALL,))
    find_path(state, state.figures["a"], (12.0, 5.0))
    prepared = state.world.clearance(0.5, off_water=True)
    twin = state.clone()
    find_path(twin, twin.figures["a"], (14.0, 6.0))
    assert twin.world.clearance(0.5, off_water=True) is prepared
    assert state.world.clearance(1.0, off_water=True) is not prepared


# -- invariants on the sample maps -------------------------------------------------------------


@functools.cache
def _map_state(name: str) -> GameState:
    return load_scenario(ROOT / "maps" / f"{name}.yaml").new_game()


@functools.cache
def _keep_off(name: str) -> tuple[shapely.Geometry, shapely.Geometry]:
    """The union of the solids that stop a walk, and of the water, on a map."""
    state = _map_state(name)
    solids = shapely.union_all([s.polygon() for s in state.world.blocking(WALKING_HEIGHT)])
    water = [shapely.Polygon(g.polygon) for g in state.world.ground if g.kind == "water"]
    return solids, shapely.union_all(water)


@pytest.mark.parametrize("name", [p.stem for p in MAPS])
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    start=st.tuples(st.floats(0.0, 1.0), st.floats(0.0, 1.0)),
    goal=st.tuples(st.floats(-0.05, 1.05), st.floats(-0.05, 1.05)),
)
def test_movimiento_paths_on_the_sample_maps_keep_their_invariants(
    name: str, start: tuple[float, float], goal: tuple[float, float]
) -> None:
    """MOVIMIENTO, Obstáculos and Peanas, on every map of maps/: from a free spot to any
    goal, every leg keeps the base clear of every tall solid, other base, the water and
    the edge; the length is the sum of the legs and at least the straight line; a
    reachable goal is reached exactly, and an unreachable one is got nearer to."""
    state = _map_state(name)
    figure = state.figures[sorted(state.figures)[0]]
    width, height = state.scenario.battlefield.size
    r = figure.radius
    here = (start[0] * width, start[1] * height)
    there = (goal[0] * width, goal[1] * height)
    solids, water = _keep_off(name)
    others = [f for f in state.figures.values() if f.on_table and f is not figure]
    spot = shapely.Point(here)
    assume(r + 0.05 <= here[0] <= width - r - 0.05 and r + 0.05 <= here[1] <= height - r - 0.05)
    assume(spot.distance(solids) > r + 0.05)
    assume(water.is_empty or spot.distance(water) > 0.05)
    assume(all(math.dist(here, o.position) > r + o.radius + 0.05 for o in others))
    kept = figure.position
    figure.position = here
    try:
        path = find_path(state, figure, there)
    finally:
        figure.position = kept
    assert path.legs[0] == here
    legs = legs_of(path)
    for leg in legs:
        assert leg.distance(solids) >= r - TOL
        assert not leg.intersects(water)
        for other in others:
            assert leg.distance(shapely.Point(other.position)) >= r + other.radius - TOL
    for x, y in path.legs:
        assert r - TOL <= x <= width - r + TOL and r - TOL <= y <= height - r + TOL
    assert path.length == pytest.approx(sum(leg.length for leg in legs), rel=1e-12, abs=1e-12)
    assert path.length >= math.dist(here, path.end) - 1e-9
    if path.reached:
        assert path.end == there
    else:
        assert math.dist(path.end, there) <= math.dist(here, there) + 1e-9
    assert 1 <= path.ene["mover"] <= 3


def test_a_remembered_way_is_the_way_a_fresh_preparation_finds() -> None:
    """Clearance keeps its answers (the AI asks the same ways again): a repeated query,
    and one whose bases moved, give what a fresh preparation computes, and the memory
    stays bounded."""
    wall = [shapely.box(9.9, 0.0, 10.1, 12.0)]
    kept = Clearance((30.0, 20.0), 0.5, wall)
    here, there = (5.0, 5.0), (15.0, 5.0)
    first = kept.way(here, there)
    assert kept.way(here, there) == first == Clearance((30.0, 20.0), 0.5, wall).way(here, there)
    blocker = (Disc("b", (10.0, 13.0), 0.5),)  # the way round the wall's end is now shut
    moved = kept.way(here, there, blocker)
    assert moved != first
    assert moved == Clearance((30.0, 20.0), 0.5, wall).way(here, there, blocker)
    for k in range(MEMO + 10):
        kept.way(here, (15.0, 1.0 + k / MEMO))
    assert len(kept._known) == MEMO
