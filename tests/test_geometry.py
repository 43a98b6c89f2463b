"""DESIGN.md §5 geometry: distance, arcs, eyes, templates, scatter, noise, terrain, grid."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wartime.board.shapes import Disc, obstacle_solid, wall_solids
from wartime.geometry.distance import center_distance, cm, edge_distance, point_to_base
from wartime.geometry.movement import cell_of, grid_step_allowed, too_close
from wartime.geometry.noise import Barrier, Barriers, NoiseRule, attenuate, hear
from wartime.geometry.scatter import scatter, scatter_dice
from wartime.geometry.templates import coverage, jump_chain, make_template
from wartime.geometry.terrain import Ground, path_cost
from wartime.geometry.vision import (
    can_interact,
    eye_point,
    in_arc,
    in_fire_arc,
    muzzle_point,
    vision_range,
)
from wartime.rules.dice import Dice

coords = st.floats(-50, 50, allow_nan=False)
points = st.tuples(coords, coords)

# -- distance (DESIGN §4: edge to edge) ---------------------------------------


def test_edge_distance_between_bases() -> None:
    assert edge_distance((0, 0), 0.5, (5, 0), 0.5) == pytest.approx(4.0)
    assert center_distance((0, 0), (3, 4)) == 5.0


def test_touching_bases_are_at_distance_zero() -> None:
    assert edge_distance((0, 0), 0.5, (1, 0), 0.5) == 0.0
    assert edge_distance((0, 0), 0.5, (0.5, 0), 0.5) == 0.0  # overlapping clamps to 0


def test_point_to_nearest_base_edge() -> None:
    assert point_to_base((0, 0), (0, 3), 1.0) == pytest.approx(2.0)
    assert point_to_base((0, 3.2), (0, 3), 1.0) == 0.0


def test_centimetres_follow_the_scale() -> None:
    """DESIGN §4: 28 mm figures give 2.8 cm per K."""
    assert cm(10, 28) == pytest.approx(28.0)
    assert cm(10, 15) == pytest.approx(15.0)


@given(points, points, st.floats(0.1, 3), st.floats(0.1, 3))
def test_distance_is_symmetric(a, b, ra, rb) -> None:  # type: ignore[no-untyped-def]
    assert edge_distance(a, ra, b, rb) == edge_distance(b, rb, a, ra)
    assert edge_distance(a, ra, b, rb) >= 0


# -- vision (CdV, CdT, eyes) --------------------------------------------------


def test_eye_and_muzzle_heights() -> None:
    """DESIGN §5: eye at 0.9 × height, muzzle at 0.7 ×, both +3 K at level 2."""
    assert eye_point((1, 2), 1.0) == (1, 2, pytest.approx(0.9))
    assert muzzle_point((1, 2), 1.0) == (1, 2, pytest.approx(0.7))
    assert eye_point((1, 2), 1.0, level=2)[2] == pytest.approx(3.9)
    assert eye_point((1, 2), 0.5)[2] == pytest.approx(0.45)  # crouched: half height


def test_arc_is_the_half_plane_in_front() -> None:
    """ENTORNO, CdV: 180°; facing 90 looks up the table."""
    assert in_arc((0, 0), 90, (0, 5), 0.5)
    assert in_arc((0, 0), 90, (10, 0.01), 0.5)  # far to the side, just in front
    assert not in_arc((0, 0), 90, (0, -5), 0.5)


def test_target_straddling_the_arc_edge_is_in() -> None:
    """Any point of the target's base in the closed half-plane counts."""
    assert in_arc((0, 0), 90, (5, -0.4), 0.5)
    assert in_arc((0, 0), 90, (5, -0.5), 0.5)  # touching the boundary line
    assert not in_arc((0, 0), 90, (5, -0.51), 0.5)


def test_vision_range_is_vol_times_five() -> None:
    """DESIGN §7: CdV range VOL×5 (not INI×5)."""
    assert vision_range(4) == 20


def test_fixed_weapon_fires_within_90_degrees() -> None:
    """ENTORNO, CdT: a fixed weapon covers ±45° of its bearing."""
    assert in_fire_arc((0, 0), 90, (0, 10), 0.5)
    assert in_fire_arc((0, 0), 90, (9.9, 10), 0.5)  # 44.7° off
    assert not in_fire_arc((0, 0), 90, (12, 10), 0.5)  # 50° off
    # a base whose edge reaches the 45° line is inside
    off = math.radians(45 + math.degrees(math.asin(0.5 / 10)) - 0.01)
    assert in_fire_arc((0, 0), 90, (10 * math.sin(off), 10 * math.cos(off)), 0.5)


def test_heights_interact() -> None:
    """ALTURAS: same level only; levels 1 and 2 interact at range."""
    assert can_interact(1, 1, ranged=False)
    assert can_interact(1, 2, ranged=True)
    assert not can_interact(1, 2, ranged=False)
    assert not can_interact(1, 3, ranged=True)
    assert not can_interact(-1, 1, ranged=True)


# -- templates ------------------------------------------------------------------

BASES = [Disc("in", (10, 10), 0.5), Disc("edge", (11.8, 10), 0.5), Disc("touch", (12.5, 10), 0.5),
         Disc("out", (13, 10), 0.5)]  # fmt: skip


def test_round_template_full_partial_and_touching() -> None:
    """ÁREAS: wholly inside full DAÑ; overlapping (or just touching) half DAÑ."""
    hits = coverage(make_template("R4", (10, 10)), BASES)
    assert hits.full == ("in",)
    assert hits.partial == ("edge", "touch")


def test_base_exactly_inside_the_rim_is_full() -> None:
    hits = coverage(make_template("R4", (10, 10)), [Disc("rim", (11.5, 10), 0.5)])
    assert hits.full == ("rim",)


def test_line_template_starts_at_the_attacker_edge() -> None:
    """L6: 6 K long, 1 K wide, from the attacker's base edge toward the aim."""
    shooter = Disc("a", (0, 0), 0.5)
    line = make_template("L6", (20, 0), shooter)
    assert line.area.bounds == pytest.approx((0.5, -0.5, 6.5, 0.5))
    targets = [shooter, Disc("t", (3, 0), 0.4), Disc("p", (6.5, 0), 0.5), Disc("o", (8, 0), 0.5)]
    hits = coverage(line, targets, exclude="a")
    assert hits.full == ("t",)
    assert hits.partial == ("p",)


def test_attacker_is_not_hit_by_its_own_template() -> None:
    shooter = Disc("a", (0, 0), 0.5)
    hits = coverage(make_template("L3", (5, 0), shooter), [shooter], exclude="a")
    assert hits.full == () and hits.partial == ()


def test_drop_template_is_stem_then_disc() -> None:
    """G4/3: an L4 stem then a disc of diameter 3 centred at 4 + 1.5 K."""
    shooter = Disc("a", (0, 0), 0.5)
    drop = make_template("G4/3", (0, 30), shooter)
    minx, miny, maxx, maxy = drop.area.bounds
    assert (minx, maxx) == pytest.approx((-1.5, 1.5))
    assert (miny, maxy) == pytest.approx((0.5, 0.5 + 4 + 3))
    hits = coverage(drop, [Disc("head", (0, 6.5), 0.5), Disc("stem", (0, 2), 0.4)])
    assert set(hits.full) == {"head", "stem"}


def test_template_direction_is_its_centre() -> None:
    assert make_template("R4", (7, 3)).origin == pytest.approx((7, 3))


@pytest.mark.parametrize("bad", ["Q3", "S3", "R11x"])
def test_unknown_template_shapes_are_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        make_template(bad, (0, 0))


def test_jump_chain_follows_the_nearest_within_3k() -> None:
    """ÁREAS, Salto: start at the target, jump to the nearest unaffected figure within 3 K."""
    bases = [Disc("t", (0, 0), 0.5), Disc("b", (2, 0), 0.5), Disc("c", (4.5, 0), 0.5),
             Disc("far", (20, 0), 0.5)]  # fmt: skip
    assert jump_chain("t", bases, 5).ids == ("t", "b", "c")
    assert jump_chain("t", bases, 2).ids == ("t", "b")


def test_jump_chain_tie_goes_to_the_dice() -> None:
    bases = [Disc("t", (0, 0), 0.5), Disc("l", (-2, 0), 0.5), Disc("r", (2, 0), 0.5)]
    chain = jump_chain("t", bases, 2, Dice(3))
    assert chain.ids[1] in {"l", "r"}
    assert len(chain.tie_rolls) >= 2
    assert jump_chain("t", bases, 2, Dice(3)) == chain  # seeded: reproducible


# -- scatter --------------------------------------------------------------------


@pytest.mark.parametrize(("distance", "dice"), [(0, 1), (15, 1), (15.1, 2), (30, 2), (31, 3)])
def test_scatter_dice_per_15k(distance: float, dice: int) -> None:
    """ÁREAS, Dispersión (DESIGN §7): max(1, ceil(distance / 15)) d10."""
    assert scatter_dice(distance) == dice


def test_scatter_rolls_are_logged_and_reproducible() -> None:
    result = scatter((10, 10), 31, Dice(5))
    assert len(result.rolls) == 3 and all(1 <= r <= 10 for r in result.rolls)
    dx, dy = result.end[0] - 10, result.end[1] - 10
    assert math.hypot(dx, dy) == pytest.approx(result.distance)
    assert scatter((10, 10), 31, Dice(5)) == result


# -- noise ------------------------------------------------------------------------

WALL = Barrier("muro", ((5, -10), (5, 10)), defense=4)
HOUSE = Barrier("casa", ((10, -2), (14, -2), (14, 2), (10, 2)), defense=3, closed=True)


def test_open_ground_noise_reaches_its_radius() -> None:
    """Ruido: weapons are heard at DAÑ×2."""
    heard = hear((0, 0), 10, (10.4, 0), 0.5, Barriers([]))
    assert heard.hears and heard.reach == 10 and heard.distance == pytest.approx(9.9)
    assert not hear((0, 0), 10, (10.6, 0), 0.5, Barriers([])).hears


def test_wall_subtracts_its_def() -> None:
    """Reaccionar al ruido: walls subtract their DEF from the range (default rule)."""
    heard = hear((0, 0), 10, (8, 0), 0.5, Barriers([WALL]))
    assert heard.reach == pytest.approx(6.0)
    assert not heard.hears  # distance 7.5 > 6


def test_wall_halves_the_rest_under_the_halve_rule() -> None:
    """Ruido (the other variant): walls halve the range from their base."""
    heard = hear((0, 0), 10, (8, 0), 0.5, Barriers([WALL]), NoiseRule.HALVE)
    assert heard.reach == pytest.approx(5 + 2.5)
    assert heard.hears


def test_subtract_never_pulls_the_sound_behind_the_wall() -> None:
    assert attenuate(6, [(5, 4)], NoiseRule.SUBTRACT_DEF) == 5


def test_sound_through_a_building_crosses_two_walls() -> None:
    crossings = Barriers([HOUSE]).crossings((0, 0), (20, 0))
    assert crossings == [(pytest.approx(10), 3), (pytest.approx(14), 3)]
    heard = hear((0, 0), 20, (18, 0), 0.5, Barriers([HOUSE]))
    assert heard.reach == pytest.approx(14)


def test_a_wall_crossed_at_a_joint_counts_once() -> None:
    bent = Barrier("esquina", ((5, -5), (5, 0), (10, 5)), defense=2)
    assert len(Barriers([bent]).crossings((0, 0), (20, 0))) == 1


def test_sound_that_dies_before_a_wall_ignores_it() -> None:
    assert attenuate(3, [(5, 4)], NoiseRule.SUBTRACT_DEF) == 3


@given(
    st.floats(0, 40),
    st.lists(st.tuples(st.floats(0, 50), st.integers(0, 10)), max_size=6),
    st.sampled_from(list(NoiseRule)),
)
def test_noise_never_reaches_further_than_its_radius(radius, walls, rule) -> None:  # type: ignore[no-untyped-def]
    assert attenuate(radius, sorted(walls), rule) <= radius


# -- terrain and movement ------------------------------------------------------------


def test_path_cost_by_worst_ground() -> None:
    """MOVIMIENTO, Terreno y Energía: ENE +0, +1 difficult, +2 extreme."""
    ground = [Ground("bosque", ((2, -1), (4, -1), (4, 1), (2, 1)), "difficult"),
              Ground("lodo", ((6, -1), (8, -1), (8, 1), (6, 1)), "extreme"),
              Ground("rio", ((0, 5), (9, 5), (9, 6), (0, 6)), "water")]  # fmt: skip
    assert path_cost([(0, 0), (1, 0)], 1.0, ground, []).ene == 0
    assert path_cost([(0, 0), (5, 0)], 1.0, ground, []).ene == 1
    cost = path_cost([(0, 0), (9, 0)], 1.0, ground, [])
    assert (cost.ene, cost.worst, cost.rough) == (2, "extreme", ("bosque", "lodo"))
    assert path_cost([(1, 0), (1, 9)], 1.0, ground, []).swims == ("rio",)


def test_chest_high_obstacle_is_difficult_taller_needs_climbing() -> None:
    """MOVIMIENTO, Obstáculos: up to the chest difficult; taller, Escalar."""
    low = wall_solids("seto", [(5, -5), (5, 5)], 0.2, 0.7, 2)
    high = wall_solids("tapia", [(5, -5), (5, 5)], 0.2, 0.71, 2)
    crossing = [(0, 0), (10, 0)]
    assert path_cost(crossing, 1.0, [], low).ene == 1
    tall = path_cost(crossing, 1.0, [], high)
    assert tall.climbs == ("tapia",) and tall.ene == 0
    assert path_cost(crossing, 2.0, [], high).ene == 1  # a big figure steps over it
    tower = obstacle_solid("torre", [(4, -1), (6, -1), (6, 1), (4, 1)], 8, 6)
    assert path_cost(crossing, 1.0, [], [tower]).climbs == ("torre",)


def test_no_ending_within_one_k_of_an_enemy() -> None:
    """MOVIMIENTO, Restricciones: not within 1 K of an enemy unless engaging it."""
    me = Disc("me", (0, 0), 0.5, side="A")
    foe = Disc("foe", (5, 0), 0.5, side="B")
    friend = Disc("ally", (3, 1), 0.5, side="A")
    assert too_close(me, (3.1, 0), [foe, friend]) == ["foe"]  # gap 0.9
    assert too_close(me, (3.0, 0), [foe, friend]) == []  # gap exactly 1
    assert too_close(me, (3.1, 0), [foe], engaging={"foe"}) == []


def test_grid_diagonal_needs_both_side_cells_free() -> None:
    """MOVIMIENTO, Casillas: a diagonal needs both side squares free."""
    assert cell_of((3.7, 0.2)) == (3, 0)
    assert grid_step_allowed((0, 0), (1, 1), blocked=set())
    assert not grid_step_allowed((0, 0), (1, 1), blocked={(1, 0)})
    assert not grid_step_allowed((0, 0), (1, 1), blocked={(0, 1)})
    assert grid_step_allowed((0, 0), (1, 0), blocked={(0, 1)})
    assert not grid_step_allowed((0, 0), (2, 0), blocked=set())
    assert not grid_step_allowed((0, 0), (1, 0), blocked={(1, 0)})
