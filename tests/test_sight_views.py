"""What a figure can see (geometry/visible_area.py) and the cross-section of a line of
sight (geometry/cross_section.py): issue 14, DESIGN §5 (CdV, cover, heights)."""

from __future__ import annotations

import math

import numpy as np
import pytest
import shapely

from wartime.board.shapes import Solid, obstacle_solid, wall_solids
from wartime.geometry.cover import Occluders, cover_percent, cover_percent_reference
from wartime.geometry.cross_section import cross_section
from wartime.geometry.visible_area import _arc, visible_area
from wartime.geometry.vision import silhouette_base

from .test_cover import random_scene

EYE = (0.0, 0.0, 0.9)
REACH = 4 * 5 + 0.5 + 0.5  # VOL 4 × 5 K edge to edge, centre to centre for 1 K bases
TALL = wall_solids("tapia", [(5.0, -3.0), (5.0, 3.0)], 0.2, 2.0, 3)
LOW = wall_solids("murete", [(-3.0, 6.0), (3.0, 6.0)], 0.2, 0.3, 2)


def seen(area: shapely.Geometry, *points: tuple[float, float]) -> list[bool]:
    return [bool(area.contains(shapely.Point(p))) for p in points]


# --------------------------------------------------------------------------- what it can see


def test_on_open_ground_it_sees_its_whole_cdv() -> None:
    """§5 CdV: the half-plane in front, VOL×5 K edge to edge; a base straddling the line
    through the viewer's centre is in it, one wholly behind is not."""
    area = visible_area(EYE, 90.0, 4, Occluders.from_solids([]))
    whole = _arc((0.0, 0.0), 90.0, REACH, 0.5)
    assert area.area == pytest.approx(whole.area, rel=0.01)
    assert whole.area == pytest.approx(math.pi * REACH**2 / 2 + 2 * REACH * 0.5, rel=0.01)
    assert seen(area, (0.0, 20.5), (15.0, 0.2), (-15.0, -0.3)) == [True, True, True]
    assert seen(area, (0.0, 21.5), (5.0, -0.7), (0.0, -3.0)) == [False, False, False]


def test_a_tall_wall_cuts_its_shadow_out_and_a_low_one_hides_nothing() -> None:
    """§5 Cover: a 2 K wall 6 K wide at 5 K hides a standing figure behind it; a 0.3 K
    wall hides no standing figure whole (cover below 100 %)."""
    area = visible_area(EYE, 0.0, 4, Occluders.from_solids(TALL + LOW))
    assert seen(area, (3.0, 0.0), (10.0, 0.0), (10.0, 4.0), (15.0, 12.0)) == [
        True,
        False,
        False,
        True,
    ]
    assert seen(area, (0.0, 10.0), (1.0, 7.0)) == [True, True]  # behind the low wall
    bare = visible_area(EYE, 0.0, 4, Occluders.from_solids(LOW))
    assert bare.area == pytest.approx(_arc((0.0, 0.0), 0.0, REACH, 0.5).area, rel=0.01)


def test_heights_count_for_the_eye_and_the_target() -> None:
    """§5 Heights: from level 2 (eye 3.9 K) the 2 K wall hides nothing far behind; a target
    at level 2 (3 K up) shows over it to a ground eye."""
    occ = Occluders.from_solids(TALL)
    assert seen(visible_area((0.0, 0.0, 3.9), 0.0, 4, occ), (10.0, 0.0)) == [True]
    lifted = visible_area(EYE, 0.0, 4, occ, target_base=silhouette_base(2))
    assert seen(lifted, (10.0, 0.0)) == [True]


def test_the_region_agrees_with_the_cover_of_a_figure_standing_there() -> None:
    """Every point at least a step from the region's edge is in it exactly when a standing
    1 K figure there is not wholly hidden (fast path, and the shapely oracle for some)."""
    rng = np.random.default_rng(14)
    solids: list[Solid] = []
    for _ in range(3):
        *_, more = random_scene(rng)
        solids += [s for s in more if s.height > 0]
    solids.append(obstacle_solid("casa", [(2.0, 2.0), (5.0, 2.0), (5.0, 5.0), (2.0, 5.0)], 4.0, 6))
    occ = Occluders.from_solids(solids)
    eye = (0.0, 1.0, 0.9)
    area = visible_area(eye, 45.0, 3, occ)
    boundary = area.boundary
    checked = hidden = 0
    for x, y in rng.uniform(-16.0, 16.0, (400, 2)):
        point = shapely.Point(x, y)
        if boundary.distance(point) < 0.6 or not _arc((0.0, 1.0), 45.0, 16.0, 0.5).contains(point):
            continue
        cover = cover_percent(eye, (x, y), 1.0, 1.0, occ)
        assert area.contains(point) == (cover < 100.0), (x, y, cover)
        if checked < 15:
            reference = cover_percent_reference(eye, (x, y), 1.0, 1.0, solids)
            assert (reference < 100.0) == (cover < 100.0)
        checked += 1
        hidden += cover >= 100.0
    assert checked > 100 and hidden > 10


def test_nothing_visible_gives_an_empty_polygon() -> None:
    box = [obstacle_solid("caja", [(-2.0, -2.0), (2.0, -2.0), (2.0, 2.0), (-2.0, 2.0)], 5.0, 6)]
    area = visible_area(EYE, 0.0, 2, Occluders.from_solids(box))  # the eye inside a building
    assert area.is_empty


# --------------------------------------------------------------------------- cross-section


def test_a_cross_section_lists_the_walls_crossed_nearest_first() -> None:
    """The ground, the eye, each wall at its distance and height, the silhouette span."""
    walls = TALL + wall_solids("lejos", [(7.0, -1.0), (7.0, 1.0)], 0.4, 0.5, 1)
    section = cross_section(EYE, (9.0, 0.0), 1.0, walls + LOW)
    assert (section.distance, section.eye_height) == (9.0, 0.9)
    assert (section.silhouette_bottom, section.silhouette_top) == (0.0, 1.0)
    assert [(c.id, c.near, c.far, c.height, c.defense) for c in section.crossings] == [
        ("tapia", 4.9, 5.1, 2.0, 3),
        ("lejos", 6.8, 7.2, 0.5, 1),
    ]
    tapia, lejos = section.crossings
    assert tapia.shadow == pytest.approx(0.9 + 1.1 * 9.0 / 4.9)  # entry: above the eye
    assert lejos.shadow == pytest.approx(0.9 - 0.4 * 9.0 / 7.2)  # exit: below it
    assert section.hidden_at_centre == 1.0


def test_a_level_2_silhouette_and_an_eye_on_the_target_spot() -> None:
    """§5 Heights: the span starts 3 K up at level 2; no direction, no crossings."""
    lifted = cross_section(EYE, (12.0, 0.0), 1.0, TALL, base=silhouette_base(2))
    assert (lifted.silhouette_bottom, lifted.silhouette_top) == (3.0, 4.0)
    assert lifted.hidden_at_centre == pytest.approx(0.9 + 1.1 * 12.0 / 4.9 - 3.0)
    assert cross_section(EYE, (0.0, 0.0), 1.0, TALL).crossings == ()


@pytest.mark.parametrize("seed", range(40))
def test_the_centre_column_matches_the_cover_of_a_hair_thin_silhouette(seed: int) -> None:
    """The section's hidden share of the centre column is the cover % of a silhouette
    1e-4 K wide (fast path and shapely oracle), on seeded random scenes, level 2 too."""
    rng = np.random.default_rng(500 + seed)
    eye, target, _diameter, height, solids = random_scene(rng)
    base = silhouette_base(int(rng.choice([1, 2])))
    section = cross_section(eye, target, height, solids, base)
    thin = cover_percent(eye, target, 1e-4, height, Occluders.from_solids(solids), base)
    oracle = cover_percent_reference(eye, target, 1e-4, height, solids, base=base)
    assert 100 * section.hidden_at_centre == pytest.approx(thin, abs=0.5)
    assert 100 * section.hidden_at_centre == pytest.approx(oracle, abs=0.5)
