"""The overlay's pure answers (wartime.board.tabletop, rules.odds as its odds tool reads
it, and the shapes of wartime.render.overlay), without a window."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
import shapely

from wartime.board.battlefield import Battlefield, Obstacle, Unit, Wall
from wartime.board.tabletop import (
    audible_region,
    cover_rule,
    crossings,
    enemies,
    free_id,
    lift,
    range_band,
    threats,
)
from wartime.geometry.measure import Table
from wartime.geometry.noise import NoiseRule
from wartime.geometry.templates import make_template
from wartime.render.overlay import (
    SIGHT_COLOURS,
    area_outline,
    noise_shapes,
    scatter_shapes,
    template_shapes,
    threat_shapes,
)
from wartime.render.primitives import Label, Polygon, Polyline
from wartime.rules.odds import Cover, attack_odds

WALL = Wall(((10.0, 4.0), (10.0, 16.0)), 2.0, 3, 0.2, "muro")
HOUSE = Obstacle(((14.0, 2.0), (16.0, 2.0), (16.0, 4.0), (14.0, 4.0)), 3.0, 5, "casa")


def _field(*units: Unit) -> Battlefield:
    return Battlefield("t", (32.0, 20.0), walls=(WALL,), obstacles=(HOUSE,), units=units)


@pytest.mark.parametrize(
    ("distance", "band", "modifier"),
    [(0.0, 0, 0), (9.9, 0, 0), (10.0, 0, 0), (10.1, 1, -1), (20.0, 1, -1), (20.5, 2, -2),
     (35.0, 3, -3)],
)  # fmt: skip
def test_the_range_band_costs_one_per_started_10_k_beyond_the_first(
    distance: float, band: int, modifier: int
) -> None:
    assert range_band(distance) == (band, modifier)


def test_cover_classes_and_what_they_do() -> None:
    assert (cover_rule(0.0).def_bonus, cover_rule(0.0).cover_check) == (0, False)
    assert cover_rule(50.0).cover_class == "partial" and cover_rule(50.0).def_bonus == 0
    assert cover_rule(50.1).cover_class == "over_half" and cover_rule(50.1).def_bonus == 2
    total = cover_rule(100.0)
    assert (total.cover_class, total.def_bonus, total.cover_check) == ("total", 2, True)


def test_crossings_list_each_wall_and_building_once_nearest_first() -> None:
    field = _field()
    found = crossings(field, (5.0, 3.0), (20.0, 3.0))  # under the wall's end, through the house
    assert [c.id for c in found] == ["casa"]
    assert found[0].distance == pytest.approx(9.0) and found[0].defense == 5
    found = crossings(field, (17.0, 3.0), (5.0, 9.0))
    assert [(c.id, c.height, c.defense) for c in found] == [("casa", 3.0, 5), ("muro", 2.0, 3)]
    assert crossings(field, (1.0, 1.0), (1.0, 1.0)) == []


def test_threats_agree_with_the_measuring_facade_one_pair_at_a_time() -> None:
    field = _field(
        Unit("a", "A", (8.0, 17.5)),
        Unit("b", "B", (20.0, 10.0), facing=180.0),
        Unit("c", "B", (25.0, 5.0), facing=0.0),
        Unit("f", "B", (25.0, 17.0), facing=180.0),
        Unit("g", "A", (5.0, 5.0)),
    )
    table = Table(field)
    found = {t.source: t for t in threats(field, "a", table.occluders)}
    assert set(found) == {"b", "c", "f"} == {u.id for u in enemies(field, "a")}
    for source, threat in found.items():
        m = table.measure(source, "a")
        assert threat.cover_percent == pytest.approx(m.cover_percent, abs=1e-6)
        assert threat.line_of_sight == m.line_of_sight
        assert threat.in_vision == m.in_vision
        assert threat.distance == pytest.approx(m.distance_k)
    assert not found["c"].in_vision  # c looks away
    assert threats(_field(Unit("a", "A", (3.0, 3.0))), "a", table.occluders) == []


def test_a_level_2_target_stands_3_k_up_in_the_threats() -> None:
    assert lift(1) == 0.0 and lift(2) == 3.0
    ground = _field(Unit("a", "A", (8.0, 10.0)), Unit("b", "B", (20.0, 10.0)))
    up = _field(Unit("a", "A", (8.0, 10.0), level=2), Unit("b", "B", (20.0, 10.0)))
    occluders = Table(ground).occluders
    assert threats(ground, "a", occluders)[0].line_of_sight == "blocked"
    assert threats(up, "a", occluders)[0].line_of_sight == "clear"  # above the 2 K wall


def test_the_audible_region_is_cut_by_the_wall_as_hearing_is() -> None:
    field = _field(Unit("near", "A", (12.0, 10.0)), Unit("behind", "A", (7.0, 10.0)))
    table = Table(field)
    rule = NoiseRule.SUBTRACT_DEF
    region = audible_region((13.0, 10.0), 8.0, table.barriers, rule, rays=360)
    shape = shapely.Polygon(region)
    # East, nothing in the way: the full 8 K.  West, the wall (DEF 3) at 3 K leaves 5 K.
    assert max(x for x, _ in region) == pytest.approx(21.0)
    assert min(x for x, _ in region) == pytest.approx(8.0)
    heard = table.noise((13.0, 10.0), 8.0, rule)["hears"]
    for unit in field.units:
        base = shapely.Point(unit.position).buffer(unit.radius)
        assert (unit.id in heard) == shape.intersects(base), unit.id
    assert audible_region((1.0, 1.0), 0.0, table.barriers, rule) == ()


def test_free_id() -> None:
    assert free_id(_field(Unit("a-1", "A", (1.0, 1.0))), "a") == "a-2"


# -- odds -----------------------------------------------------------------------------


def test_odds_in_the_open_enumerate_both_checks() -> None:
    """The overlay's odds tool reads rules.odds, the same odds as `wartime odds`."""
    found = attack_odds(5, defence=3, damage=3)
    assert found.defence is not None
    impact, odds = found.check, found.defence
    assert (impact.critical, impact.passed) == (Fraction(1, 10), Fraction(4, 10))
    assert (impact.failed, impact.fumble) == (Fraction(4, 10), Fraction(1, 10))
    assert odds.check.success == Fraction(3, 10) and odds.cover_check is None
    # A plain hit (4/10) wounds unless the CH DEF passes (DAÑ 3 − DEF 3 = 0) or is a
    # critical: 7/10 of the time; a critical hit (DAÑ 4) wounds unless the CH DEF is a
    # critical: 9/10.
    assert odds.wound == Fraction(4, 10) * Fraction(7, 10) + Fraction(1, 10) * Fraction(9, 10)
    assert sum(odds.wounds.values()) == 1


def test_odds_behind_cover() -> None:
    half = attack_odds(5, defence=3, damage=3, cover=Cover.OVER_HALF).defence
    total = attack_odds(5, defence=3, damage=3, cover=Cover.TOTAL, cover_defence=4).defence
    assert half is not None and total is not None
    assert half.check.success == Fraction(5, 10)  # CH DEF +2
    assert total.cover_check is not None and total.cover_check.success == Fraction(4, 10)
    plain_hit = Fraction(4, 10) * Fraction(6, 10) * Fraction(5, 10)  # cover fails, DEF+2 fails
    critical_hit = Fraction(1, 10) * Fraction(9, 10)  # cover ignored
    assert total.wound == plain_hit + critical_hit
    assert half.wound > total.wound


# -- shapes ---------------------------------------------------------------------------


def test_threat_lines_take_the_colour_of_their_sight() -> None:
    shapes = threat_shapes((0.0, 0.0), [((5.0, 0.0), "partial", "40%")])
    lines = [s for s in shapes if isinstance(s, Polyline)]
    assert lines[-1].colour == SIGHT_COLOURS["partial"]
    assert any(isinstance(s, Label) and s.text == "40%" for s in shapes)


def test_template_scatter_and_noise_shapes() -> None:
    made = make_template("R4", (0.0, 0.0))
    rings = area_outline(made.area)
    assert len(rings) == 1 and all(math.hypot(x, y) == pytest.approx(2.0) for x, y in rings[0])
    shapes = template_shapes(made.area, "R4", (0.0, 2.7), [((0.0, 0.0), 0.5)], [], "DAÑ", "½")
    assert any(isinstance(s, Polygon) for s in shapes)
    assert [s.text for s in shapes if isinstance(s, Label)].count("DAÑ") == 2  # with its shadow
    dice = scatter_shapes((0.0, 0.0), (3.0, 4.0), (2, 3), "5 K")
    assert [s.text for s in dice if isinstance(s, Label) and s.text in "23"] == ["2", "3"]
    noise = noise_shapes((0.0, 0.0), [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)], [], "2 K", "oye")
    assert isinstance(noise[0], Polygon)
