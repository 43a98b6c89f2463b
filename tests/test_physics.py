"""Bases never overlap (rulebook, CONCEPTOS BÁSICOS, Peanas: bases are round and
no two may overlap) and move by chunked sweeps, bisection and slides
(DESIGN.md §8).  shapely distances are the independent oracle here."""

from __future__ import annotations

import math

import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from wartime.board.shapes import Disc, Solid, obstacle_solid, wall_solids
from wartime.physics import CONTACT_TOL, OVERLAP_TOL, Table
from wartime.physics.motion import Convex, capsule_vs_disk, capsule_vs_polygon

RULE = "CONCEPTOS BÁSICOS, Peanas: round bases that never overlap"

U_SHAPE = [(20, 20), (26, 20), (26, 26), (24, 26), (24, 22), (22, 22), (22, 26), (20, 26)]


def disc(ident: str, x: float, y: float, diameter: float = 1.0) -> Disc:
    """A round base centred at (x, y), sized by its diameter in K as the rulebook gives it."""
    return Disc(ident, (x, y), diameter / 2)


def wall(ident: str, *points: tuple[float, float], thickness: float = 0.2) -> list[Solid]:
    return wall_solids(ident, list(points), thickness, 2.0, 3)


def clearance(table: Table, solids: list[Solid], base: Disc) -> float:
    """Oracle: the smallest gap (K) from ``base`` to anything; < 0 is overlap."""
    (x, y), r = base.centre, base.radius
    centre = shapely.Point(x, y)
    gaps = [x - r, table.width - x - r, y - r, table.height - y - r]
    gaps += [solid.polygon().distance(centre) - r for solid in solids]
    gaps += [
        math.dist(base.centre, other.centre) - r - other.radius
        for other in table.bases
        if other.id != base.id
    ]
    return min(gaps)


def assert_nothing_overlaps(table: Table, solids: list[Solid]) -> None:
    for base in table.bases:
        assert clearance(table, solids, base) >= -OVERLAP_TOL - 1e-9, (RULE, base)


# -- placing ---------------------------------------------------------------------------


def test_placing_onto_another_base_is_refused_naming_it() -> None:
    """Peanas, "no se pueden solapar": a base may not go onto another."""
    table = Table(20, 20, [], [disc("a", 5, 5, 1)])
    assert table.overlaps(disc("b", 5.5, 5, 1)) == ["a"]
    with pytest.raises(ValueError, match=r"base 'b'.*overlap base 'a'") as refused:
        table.place(disc("b", 5.5, 5, 1))
    assert str(refused.value) == "cannot place base 'b' at (5.5, 5): it would overlap base 'a'"
    assert table.bases == (Disc("a", (5.0, 5.0), 0.5),)


def test_placing_into_a_wall_or_obstacle_is_refused_naming_it() -> None:
    """Peanas, "no se pueden solapar"; DESIGN §5/§8: nor onto a wall or obstacle."""
    solids = [*wall("w", (10, 0), (10, 20)), obstacle_solid("rock", [(2, 2), (4, 2), (3, 4)], 1, 2)]
    table = Table(20, 20, solids)
    with pytest.raises(ValueError, match=r"overlap solid 'w'"):
        table.place(disc("a", 10.5, 5, 1))
    with pytest.raises(ValueError, match=r"overlap solid 'rock'"):
        table.place(disc("a", 3, 3, 1))


def test_non_convex_obstacle_blocks_its_arms_but_not_its_notch() -> None:
    """Peanas, "no se pueden solapar"; DESIGN §5: a non-convex footprint is exact."""
    table = Table(48, 48, [obstacle_solid("u", U_SHAPE, 2, 3)])
    assert table.overlaps(disc("x", 23, 24, 1)) == []  # inside the notch, 0.5 from each arm
    assert table.overlaps(disc("x", 21, 24, 1)) == ["u"]  # on an arm
    assert table.overlaps(disc("x", 23, 21.4, 1)) == ["u"]  # into the notch's floor


def test_touching_is_allowed() -> None:
    """Peanas, "no se pueden solapar": overlap is forbidden, edge to edge (distance 0) is fine."""
    table = Table(20, 20, wall("w", (10, 0), (10, 20)), [disc("a", 2, 2, 1)])
    table.place(disc("b", 3, 2, 1))  # centres exactly one diameter apart
    table.place(disc("c", 9.4, 5, 1))  # against the wall face at x = 9.9
    table.place(disc("d", 0.5, 10, 1))  # against the table edge
    assert len(table.bases) == 4


def test_the_table_edge_blocks_placing() -> None:
    """DESIGN §4/§8: the table spans (0, 0)-(width, height); a base stays on it."""
    table = Table(20, 20, [])
    assert table.overlaps(disc("a", 0.2, 5, 1)) == ["#table"]
    with pytest.raises(ValueError, match="the table edge"):
        table.place(disc("a", 19.9, 19.9, 1))


def test_a_flat_solid_still_blocks_along_its_outline() -> None:
    """Peanas, "no se pueden solapar"; DESIGN §5: a zero-area footprint is a fence, not a gap."""
    fence = Solid("fence", ((5.0, 0.0), (5.0, 10.0)), 1.0, 1)
    table = Table(10, 10, [fence], [disc("a", 2, 5, 1)])
    assert table.overlaps(disc("x", 5.2, 5, 1)) == ["fence"]
    result = table.move_toward("a", (9, 5), 10)
    assert result.end[0] == pytest.approx(4.5, abs=CONTACT_TOL) and result.contacts == ("fence",)


def test_overlaps_can_ignore_one_id() -> None:
    """Peanas, "no se pueden solapar": the overlap query names what a spot would overlap."""
    table = Table(20, 20, wall("w", (10, 0), (10, 20)), [disc("a", 9, 5, 1)])
    assert table.overlaps(disc("b", 9.5, 5, 1)) == ["a", "w"]  # bases first, then solids
    assert table.overlaps(disc("b", 9.5, 5, 1), ignore="a") == ["w"]
    assert table.overlaps(disc("a", 9.2, 5, 1)) == []  # a base never overlaps itself


def test_bad_requests_are_refused() -> None:
    """DESIGN §3: an illegal request raises with a readable reason."""
    table = Table(20, 20, [], [disc("a", 5, 5, 1)])
    with pytest.raises(ValueError, match="already on the table"):
        table.place(disc("a", 8, 8, 1))
    with pytest.raises(ValueError, match="radius must be positive"):
        table.place(disc("z", 8, 8, 0))
    with pytest.raises(ValueError, match="radius must be positive"):
        table.place(Disc("z", (8, 8), math.inf))
    with pytest.raises(ValueError, match="centre must be finite"):
        table.place(Disc("z", (math.nan, 8), 0.5))
    with pytest.raises(ValueError, match="budget"):
        table.move_toward("a", (9, 9), -1)
    with pytest.raises(KeyError, match="'nobody'"):
        table.move_toward("nobody", (9, 9), 1)
    table.remove("a")
    table.place(Disc("b", (5, 5), 0.5, side="red"))  # removing frees the spot
    assert table.position("b") == (5.0, 5.0)
    table.move_toward("b", (6, 5), 1)
    assert table.base("b") == Disc("b", (6.0, 5.0), 0.5, side="red")  # the side rides along


# -- moving ------------------------------------------------------------------------------


def test_open_ground_move_reaches_the_goal() -> None:
    """DESIGN §8: a free move goes straight there; the path is the straight line."""
    table = Table(20, 20, [], [disc("a", 2, 3, 1)])
    result = table.move_toward("a", (7, 9), 10)
    assert result.end == (7, 9) and result.reached and not result.blocked
    assert result.travelled == math.dist((2, 3), (7, 9))
    assert table.position("a") == (7, 9)


def test_short_budget_stops_at_exactly_the_budget() -> None:
    """DESIGN §8: a move never exceeds its allowed distance (the budget, in K)."""
    table = Table(20, 20, [], [disc("a", 2, 2, 1)])
    result = table.move_toward("a", (14, 7), 6.5)
    assert result.travelled == pytest.approx(6.5, abs=1e-12) and result.travelled <= 6.5
    assert math.dist(result.start, result.end) == pytest.approx(6.5, abs=1e-12)
    assert not result.reached and not result.blocked
    assert table.move_toward("a", (14, 7), 0).travelled == 0


@pytest.mark.parametrize("diameter", [1.0, 0.25])
@pytest.mark.parametrize("goal", [(95, 10), (1e4, 10), (95, 19)])
def test_a_fast_long_move_does_not_tunnel_through_a_thin_wall(
    diameter: float, goal: tuple[float, float]
) -> None:
    """DESIGN §8: pivot joints and velocity control tunnel; chunked sweeps must not."""
    table = Table(100, 20, wall("thin", (50, 0), (50, 20)), [disc("a", 5, 10, diameter)])
    result = table.move_toward("a", goal, 1e5)
    r = diameter / 2
    assert result.end[0] <= 50 - 0.1 - r + OVERLAP_TOL  # still on the near side
    assert result.end[0] >= 50 - 0.1 - r - CONTACT_TOL  # and right against it
    assert "thin" in result.contacts


def test_a_drag_in_big_steps_does_not_tunnel_either() -> None:
    """DESIGN §8: frame-by-frame dragging toward a far cursor stays on its side."""
    table = Table(100, 20, wall("thin", (50, 0), (50, 20)), [disc("a", 5, 10, 1)])
    for frame in range(30):
        table.move_toward("a", (5 + 7.3 * frame, 10 + (frame % 3)), 7.3)
    assert table.position("a")[0] <= 49.4 + OVERLAP_TOL


def test_a_diagonal_move_into_a_wall_slides_along_it() -> None:
    """DESIGN §8: stop at the last free point, then slide along the contact tangent."""
    table = Table(40, 40, wall("w", (10, 0), (10, 40)), [disc("a", 5, 5, 1)])
    result = table.move_toward("a", (15, 15), 8)
    to_contact = math.dist((5, 5), (9.4, 9.4))  # the centre stops 0.5 short of x = 9.9
    assert result.end[0] == pytest.approx(9.4, abs=CONTACT_TOL)
    assert result.end[1] == pytest.approx(9.4 + (8 - to_contact), abs=2 * CONTACT_TOL)
    assert result.travelled <= 8 and result.travelled == pytest.approx(8)
    assert result.contacts == ("w",) and not result.blocked


def test_a_slide_ends_where_the_goal_is_nearest_and_reports_the_block() -> None:
    """DESIGN §8: with budget to spare, the slide stops level with the goal."""
    table = Table(40, 40, wall("w", (10, 0), (10, 40)), [disc("a", 5, 5, 1)])
    result = table.move_toward("a", (15, 15), 30)
    assert result.end == pytest.approx((9.4, 15), abs=CONTACT_TOL)
    assert result.blocked and not result.reached
    assert result.travelled == pytest.approx(math.dist((5, 5), (9.4, 9.4)) + 5.6, abs=1e-4)


def test_a_slide_past_the_end_of_a_wall_heads_for_the_goal_again() -> None:
    """DESIGN §8: once the slide clears the wall, the goal is free again."""
    table = Table(40, 40, wall("w", (10, 0), (10, 12)), [disc("a", 5, 5, 1)])
    result = table.move_toward("a", (15, 15), 40)
    assert result.reached and result.contacts == ("w",)
    assert result.travelled > math.dist((5, 5), (15, 15))


def test_a_move_into_another_base_stops_in_contact() -> None:
    """Peanas, "no se pueden solapar"; DESIGN §8: the mover stops touching the other base."""
    table = Table(40, 20, [], [disc("a", 5, 10, 1), disc("b", 20, 10, 1.5)])
    result = table.move_toward("a", (30, 10), 40)
    gap = math.dist(result.end, table.position("b")) - 0.5 - 0.75
    assert -OVERLAP_TOL <= gap <= CONTACT_TOL
    assert result.blocked and result.contacts == ("b",)


def test_a_glancing_move_past_a_base_goes_around_it() -> None:
    """Peanas, "no se pueden solapar"; DESIGN §8: a glancing contact slides round the other base."""
    table = Table(40, 20, [], [disc("a", 5, 10.3, 1), disc("b", 20, 10, 1)])
    result = table.move_toward("a", (30, 10.3), 40)
    assert result.reached and result.contacts == ("b",)
    assert_nothing_overlaps(table, [])


def test_a_base_cannot_leave_the_table() -> None:
    """DESIGN §4/§8: the table edge blocks like a wall."""
    table = Table(20, 20, [], [disc("a", 3, 3, 1)])
    result = table.move_toward("a", (-50, 3), 100)
    assert result.end == pytest.approx((0.5, 3), abs=CONTACT_TOL) and result.end[0] >= 0.5
    assert result.contacts == ("#table",) and result.blocked
    result = table.move_toward("a", (-5, 10), 100)  # diagonal: slides up the edge
    assert result.end == pytest.approx((0.5, 10), abs=CONTACT_TOL)


def test_moving_into_a_concave_corner_stops_there() -> None:
    """Peanas, "no se pueden solapar"; DESIGN §8: wedged between two walls, the base stops."""
    table = Table(40, 40, wall("w", (10, 2), (10, 10), (2, 10)), [disc("a", 5, 5, 1)])
    result = table.move_toward("a", (20, 20), 50)
    assert result.end == pytest.approx((9.4, 9.4), abs=2 * CONTACT_TOL)
    assert result.blocked


def test_a_move_into_a_non_convex_notch() -> None:
    """Peanas, "no se pueden solapar"; DESIGN §5: a base fits in a notch wider than it."""
    solids = [obstacle_solid("u", U_SHAPE, 2, 3)]
    table = Table(48, 48, solids, [disc("a", 23, 30, 1)])
    assert table.move_toward("a", (23, 23), 10).reached
    result = table.move_toward("a", (23, 10), 10)  # down into the notch's floor
    assert result.end == pytest.approx((23, 22.5), abs=CONTACT_TOL)
    assert_nothing_overlaps(table, solids)


def test_moves_are_deterministic() -> None:
    """DESIGN §3/§8: same inputs, same result (replays compare hashes)."""

    def run() -> list[object]:
        solids = wall("w", (10, 0), (10, 12), (16, 16))
        table = Table(30, 30, solids, [disc("a", 5, 5, 1), disc("b", 14, 10, 1)])
        goals = [(15, 15), (2, 28), (25, 3), (11, 13)]
        return [table.move_toward(b, g, 9) for b in ("a", "b") for g in goals]

    assert run() == run()


# -- properties ------------------------------------------------------------------------------

SCENE = [
    *wall("thin", (5, 2), (5, 12), (12, 12)),
    *wall("hut", (14, 3), (18, 3), (18, 8), (14, 8), (14, 3), thickness=0.3),
    obstacle_solid("u", [(p[0] - 14, p[1] - 8) for p in U_SHAPE], 2, 3),
    obstacle_solid("rock", [(2, 15), (3, 14), (4, 16)], 1, 2),
]
coord = st.floats(0, 20, allow_nan=False)
goal_coord = st.floats(-5, 25, allow_nan=False)
bases_st = st.lists(
    st.tuples(coord, coord, st.sampled_from([0.6, 1.0, 1.0, 1.5])), min_size=1, max_size=8
)
moves_st = st.lists(
    st.tuples(st.integers(0, 7), goal_coord, goal_coord, st.floats(0, 30, allow_nan=False)),
    max_size=10,
)


def populated(spots: list[tuple[float, float, float]]) -> Table:
    table = Table(20, 20, SCENE)
    for i, (x, y, d) in enumerate(spots):
        base = disc(f"b{i}", x, y, d)
        if not table.overlaps(base):
            table.place(base)
    return table


@settings(max_examples=100, deadline=None)
@given(bases_st, moves_st)
def test_no_move_sequence_ever_overlaps(
    spots: list[tuple[float, float, float]], moves: list[tuple[int, float, float, float]]
) -> None:
    """Peanas, "no se pueden solapar": no overlap, ever.  DESIGN §8: a move keeps
    within its budget, and a blocked one stops against something."""
    table = populated(spots)
    assert_nothing_overlaps(table, SCENE)
    ids = [base.id for base in table.bases]
    for which, gx, gy, budget in moves:
        if not ids:
            break
        base_id = ids[which % len(ids)]
        result = table.move_toward(base_id, (gx, gy), budget)
        assert result.travelled <= budget
        assert result.travelled >= math.dist(result.start, result.end) - 1e-9
        assert_nothing_overlaps(table, SCENE)
        if result.blocked:  # against something
            assert clearance(table, SCENE, table.base(base_id)) <= CONTACT_TOL + 1e-9
        elif not result.reached:  # out of budget
            assert result.travelled == pytest.approx(budget, abs=1e-9)


@settings(max_examples=30, deadline=None)
@given(bases_st, moves_st)
def test_the_same_moves_give_the_same_results(
    spots: list[tuple[float, float, float]], moves: list[tuple[int, float, float, float]]
) -> None:
    """DESIGN §3/§8: replays are exact: same table, same moves, same positions."""

    def replay() -> list[object]:
        table = populated(spots)
        ids = [base.id for base in table.bases]
        return [table.move_toward(ids[i % len(ids)], (x, y), b) for i, x, y, b in moves if ids]

    assert replay() == replay()


# -- the exact capsule tests against shapely ----------------------------------------

# A 1e-3 grid: exact touching cases turn up, and no segment so short that the
# oracle's own arithmetic underflows (shapely answers inf or NaN there).
small = st.integers(-3000, 3000).map(lambda v: v / 1000)
point_st = st.tuples(small, small)


@settings(max_examples=300, deadline=None)
@given(point_st, point_st, st.lists(point_st, min_size=3, max_size=7), st.floats(0.05, 1.5))
def test_capsule_depth_matches_shapely(
    a: tuple[float, float], b: tuple[float, float], cloud: list[tuple[float, float]], r: float
) -> None:
    """Peanas, "no se pueden solapar"; DESIGN §8: the sweep test against a solid, shapely the
    oracle."""
    hull = shapely.MultiPoint(cloud).convex_hull
    if not isinstance(hull, shapely.Polygon) or hull.area < 1e-3:
        return
    ring = [(float(x), float(y)) for x, y in hull.exterior.coords[:-1]]
    core = shapely.LineString([a, b]) if a != b else shapely.Point(a)
    expected = r - shapely.distance(core, hull)
    got = capsule_vs_polygon(a, b, r, Convex.of(ring))
    check_depth(got, expected)


@settings(max_examples=200, deadline=None)
@given(point_st, point_st, point_st, st.floats(0.05, 1.5), st.floats(0.05, 1.5))
def test_capsule_against_a_base_matches_shapely(
    a: tuple[float, float], b: tuple[float, float], c: tuple[float, float], r: float, rc: float
) -> None:
    """Peanas, "no se pueden solapar"; DESIGN §8: the sweep test against another base, shapely the
    oracle."""
    core = shapely.LineString([a, b]) if a != b else shapely.Point(a)
    expected = r + rc - shapely.distance(core, shapely.Point(c))
    check_depth(capsule_vs_disk(a, b, r, c, rc), expected)


def check_depth(got: tuple[float, tuple[float, float]] | None, expected: float) -> None:
    if expected > OVERLAP_TOL + 1e-9:
        assert got is not None
        assert got[0] == pytest.approx(expected, abs=1e-9)
    elif expected < OVERLAP_TOL - 1e-9:
        assert got is None
