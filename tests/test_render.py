"""The battlefield view's draw list (wartime.render.battlefield; issue 5)."""

from __future__ import annotations

import doctest
import math
from dataclasses import replace
from pathlib import Path

import pytest
import shapely

import wartime.render.battlefield as view
from wartime.board.battlefield import (
    Battlefield,
    Deployment,
    Obstacle,
    Posture,
    Terrain,
    TerrainKind,
    Unit,
    Wall,
)
from wartime.formats.map import load_map
from wartime.render.battlefield import (
    DEFAULT_PALETTE,
    MIN_HATCH_SPACING,
    Palette,
    draw_battlefield,
    dynamic_shapes,
    hatch_lines,
    luminance,
    static_shapes,
    unit_shapes,
)
from wartime.render.primitives import Circle, Label, Layer, Polygon, Polyline, Shape, Wedge

from .pygame_free import run_without_pygame

MAPS = sorted((Path(__file__).resolve().parent.parent / "maps").glob("*.yaml"))
ALL = frozenset({"grid", "arcs"})


def _small() -> Battlefield:
    """A little table with one of everything, some without ids."""
    return Battlefield(
        name="test",
        size=(20.0, 12.0),
        walls=(
            Wall(((2, 2), (6, 2), (6, 5)), height=0.5, defense=2, thickness=0.3, id="low"),
            Wall(((10, 2), (14, 2)), height=3.0, defense=6, thickness=0.4),  # walls[1]
        ),
        obstacles=(
            Obstacle(((8, 6), (11, 6), (11, 9), (8, 9)), height=4, defense=8, id="house"),
            Obstacle(((14, 6), (16, 6), (15, 8)), height=1.5, defense=3),  # obstacles[1]
        ),
        terrain=(
            Terrain(((1, 7), (6, 7), (6, 11), (1, 11)), TerrainKind.DIFFICULT, id="wood"),
            Terrain(((12, 9), (17, 9), (17, 11), (12, 11)), TerrainKind.EXTREME),
            Terrain(((1, 3), (4, 3), (4, 6), (3, 4), (1, 6)), TerrainKind.WATER, id="pond"),
        ),
        deployment=(
            Deployment("A", ((0, 0), (20, 0), (20, 1.5), (0, 1.5))),
            Deployment("B", ((0, 10.5), (20, 10.5), (20, 12), (0, 12))),
        ),
        units=(
            Unit("a1", "A", (3.0, 1.0), facing=90.0, vol=4),
            Unit("a2", "A", (8.0, 1.0), facing=30.0, vol=3),
            Unit("b1", "B", (5.0, 11.0), facing=270.0, vol=5, base=2.0),
        ),
    )


def _keys(shapes: tuple[Shape, ...] | list[Shape]) -> set[str]:
    return {s.key for s in shapes if s.key is not None}


def _on(shapes: tuple[Shape, ...] | list[Shape], layer: int, key: str | None = None) -> list[Shape]:
    return [s for s in shapes if s.layer == layer and (key is None or s.key == key)]


# --- sample maps ------------------------------------------------------------------


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_sample_maps_fill_the_expected_layers(path: Path) -> None:
    field = load_map(path)
    drawn = draw_battlefield(field)
    layers = {s.layer for s in drawn.shapes}
    assert drawn.size == field.size
    expected = {Layer.TABLE, Layer.GRID, Layer.DEPLOYMENT, Layer.BASES, Layer.LABELS}
    expected |= {Layer.WALLS} if field.walls else set()
    expected |= {Layer.OBSTACLES} if field.obstacles else set()
    expected |= {Layer.TERRAIN} if field.terrain else set()
    assert expected <= layers
    assert Layer.ARCS not in layers  # no arcs unless asked for or hovered
    assert Layer.GRID not in {s.layer for s in draw_battlefield(field, show=frozenset()).shapes}
    assert len(_on(drawn.shapes, Layer.TABLE)) == 1


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_every_element_is_keyed(path: Path) -> None:
    field = load_map(path)
    keys = _keys(draw_battlefield(field).shapes)
    wanted = {w.id or f"walls[{i}]" for i, w in enumerate(field.walls)}
    wanted |= {o.id or f"obstacles[{i}]" for i, o in enumerate(field.obstacles)}
    wanted |= {t.id or f"terrain[{i}]" for i, t in enumerate(field.terrain)}
    wanted |= {u.id for u in field.units}
    wanted |= {f"deployment[{i}]" for i in range(len(field.deployment))}
    assert wanted <= keys


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_static_then_dynamic_is_the_whole_list(path: Path) -> None:
    field = load_map(path)
    hover = field.units[0].id
    static = static_shapes(field, ALL)
    dynamic = dynamic_shapes(field, ALL, hover, frozenset({hover}), frozenset())
    whole = draw_battlefield(field, show=ALL, hover=hover, selected=frozenset({hover}))
    assert whole.shapes == static + dynamic
    # A cached static image under the dynamic shapes is the same picture.
    assert max(s.layer for s in static) <= Layer.WALLS < Layer.ARCS <= min(s.layer for s in dynamic)
    assert not any(s.key in {u.id for u in field.units} for s in static)


def test_elements_without_id_get_their_file_path() -> None:
    keys = _keys(draw_battlefield(_small()).shapes)
    assert {"low", "walls[1]", "house", "obstacles[1]", "wood", "terrain[1]", "pond"} <= keys
    assert {"a1", "a2", "b1", "deployment[0]", "deployment[1]"} <= keys


# --- walls --------------------------------------------------------------------------


@pytest.mark.parametrize("path", [*MAPS, None], ids=lambda p: p.stem if p else "small")
def test_wall_width_is_its_thickness(path: Path | None) -> None:
    field = load_map(path) if path else _small()
    shapes = static_shapes(field)
    for i, wall in enumerate(field.walls):
        drawn = _on(shapes, Layer.WALLS, wall.id or f"walls[{i}]")
        assert drawn, wall
        for shape in drawn:
            assert isinstance(shape, Polyline)
            assert shape.width_k == wall.thickness
            assert shape.points == wall.points


def test_taller_walls_are_darker() -> None:
    heights = [0.0, 0.3, 0.5, 0.7, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0]
    colours = [DEFAULT_PALETTE.wall(h) for h in heights]
    brightness = [luminance(c) for c in colours]
    assert brightness == sorted(brightness, reverse=True)
    assert len(set(brightness)) == len(brightness)  # strictly darker at every step
    field = _small()
    shapes = static_shapes(field)
    (low,) = _on(shapes, Layer.WALLS, "low")
    (tall,) = _on(shapes, Layer.WALLS, "walls[1]")
    assert isinstance(low, Polyline) and isinstance(tall, Polyline)
    assert luminance(tall.colour) < luminance(low.colour)
    assert DEFAULT_PALETTE.wall(9.0) == DEFAULT_PALETTE.wall(4.0)  # clamped


def test_taller_walls_are_darker_on_the_industrial_map() -> None:
    field = load_map(next(p for p in MAPS if p.stem == "complejo-industrial"))
    shapes = static_shapes(field)
    shade = {}
    for i, wall in enumerate(field.walls):
        (line,) = _on(shapes, Layer.WALLS, wall.id or f"walls[{i}]")
        assert isinstance(line, Polyline)
        shade[wall.height] = luminance(line.colour)
    ordered = [shade[h] for h in sorted(shade)]
    assert ordered == sorted(ordered, reverse=True) and len(set(ordered)) == len(ordered)


# --- obstacles and terrain -------------------------------------------------------------


def test_obstacles_are_roofs_with_their_height() -> None:
    shapes = static_shapes(_small())
    roofs = [s for s in _on(shapes, Layer.OBSTACLES, "house") if isinstance(s, Polygon)]
    labels = [s for s in _on(shapes, Layer.OBSTACLES, "house") if isinstance(s, Label)]
    assert len(roofs) == 1 and roofs[0].fill is not None and roofs[0].outline is not None
    assert [label.text for label in labels] == ["4 K"]
    assert labels[0].position == pytest.approx((9.5, 7.5))
    (low_roof,) = [
        s for s in _on(shapes, Layer.OBSTACLES, "obstacles[1]") if isinstance(s, Polygon)
    ]
    assert low_roof.fill is not None and roofs[0].fill is not None
    assert luminance(roofs[0].fill) < luminance(low_roof.fill)  # taller roofs are darker


@pytest.mark.parametrize("path", [*MAPS, None], ids=lambda p: p.stem if p else "small")
def test_hatch_lines_stay_inside_their_polygon(path: Path | None) -> None:
    field = load_map(path) if path else _small()
    shapes = static_shapes(field)
    for i, terrain in enumerate(field.terrain):
        key = terrain.id or f"terrain[{i}]"
        area = shapely.Polygon(terrain.polygon).buffer(1e-6)
        hatch = [s for s in _on(shapes, Layer.TERRAIN, key) if isinstance(s, Polyline)]
        assert hatch, key
        for line in hatch:
            assert area.contains(shapely.LineString(line.points)), (key, line.points)
        fills = [s for s in _on(shapes, Layer.TERRAIN, key) if isinstance(s, Polygon)]
        assert len(fills) == 1 and fills[0].fill is not None


def _offsets(lines: list[tuple[tuple[float, float], ...]], angle: float) -> list[float]:
    """Each straight line's distance from the origin along the normal of ``angle``."""
    nx, ny = -math.sin(math.radians(angle)), math.cos(math.radians(angle))
    return sorted({round(p[0][0] * nx + p[0][1] * ny, 6) for p in lines})


def test_hatch_patterns_per_kind() -> None:
    square = ((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0))
    diagonal = hatch_lines(square, "difficult")
    cross = hatch_lines(square, "extreme")
    waves = hatch_lines(square, "water")
    for line in diagonal:  # all at 45°
        (x0, y0), (x1, y1) = line[0], line[-1]
        assert math.isclose(abs(x1 - x0), abs(y1 - y0), abs_tol=1e-9) and (x1 - x0) * (y1 - y0) > 0
    slopes = {(b[0] - a[0]) * (b[1] - a[1]) > 0 for a, *_, b in cross}
    assert slopes == {True, False}  # both diagonals
    assert waves and all(len(w) > 2 for w in waves)  # wavy, not straight
    for wave in waves:
        ys = [p[1] for p in wave]
        assert 0.1 < max(ys) - min(ys) < 0.5  # a gentle wave along a horizontal line
    gaps = [b - a for a, b in zip(_offsets(diagonal, 45), _offsets(diagonal, 45)[1:], strict=False)]
    assert min(gaps) >= MIN_HATCH_SPACING - 1e-9


def test_hatch_is_bounded_on_huge_polygons() -> None:
    huge = ((0.0, 0.0), (2000.0, 0.0), (2000.0, 2000.0), (0.0, 2000.0))
    assert len(hatch_lines(huge, "difficult")) <= view.MAX_HATCH_LINES + 1
    assert len(hatch_lines(huge, "extreme")) <= 2 * (view.MAX_HATCH_LINES + 1)
    waves = hatch_lines(huge, "water")
    assert len(waves) <= view.MAX_HATCH_LINES + 1
    assert sum(len(w) for w in waves) <= 5 * view.MAX_HATCH_LINES**2
    dense = hatch_lines(((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)), "difficult", 0.01)
    assert len(dense) <= 2 * 10 * math.sqrt(2) / MIN_HATCH_SPACING + 1


def test_broken_polygons_do_not_crash() -> None:
    """The editor renders while a user draws: degenerate input draws what it can."""
    bowtie = ((0.0, 0.0), (4.0, 4.0), (4.0, 0.0), (0.0, 4.0))
    field = replace(
        _small(),
        walls=(Wall(((1, 1),), 1, 1, id="dot"), Wall(((1, 1), (1, 1)), 1, 1, id="zero")),
        obstacles=(Obstacle(((1, 1), (2, 2)), 2, 2, id="line"),),
        terrain=(Terrain(bowtie, TerrainKind.EXTREME, id="bowtie"),),
        deployment=(Deployment("A", ((0, 0), (1, 1), (2, 2))),),
    )
    every = frozenset({"dot", "zero", "line", "bowtie", "deployment[0]"})
    drawn = draw_battlefield(field, show=ALL, selected=every, problems=every, hover="dot")
    hatch = [s for s in _on(drawn.shapes, Layer.TERRAIN, "bowtie") if isinstance(s, Polyline)]
    fixed = shapely.make_valid(shapely.Polygon(bowtie)).buffer(1e-6)
    assert hatch and all(fixed.contains(shapely.LineString(s.points)) for s in hatch)
    assert hatch_lines(((0.0, 0.0), (1.0, 1.0)), "water") == []
    for shape in drawn.shapes:
        if isinstance(shape, Polygon):
            assert len(shape.points) >= 3
        if isinstance(shape, Polyline):
            assert len(shape.points) >= 2


def test_deployment_is_tinted_per_side() -> None:
    shapes = static_shapes(_small())
    zones = [s for s in shapes if s.layer == Layer.DEPLOYMENT and isinstance(s, Polygon)]
    assert len(zones) == 2
    a, b = (z.fill for z in zones)
    assert a is not None and b is not None
    assert a[:3] == DEFAULT_PALETTE.side_a[:3] and b[:3] == DEFAULT_PALETTE.side_b[:3]
    assert 0 < a[3] < 255 and 0 < b[3] < 255  # translucent


# --- units and arcs -----------------------------------------------------------------


def _wedges(shapes: tuple[Shape, ...]) -> list[Wedge]:
    return [s for s in shapes if isinstance(s, Wedge)]


def test_cdv_arcs_only_with_arcs_or_hover() -> None:
    field = _small()
    assert _wedges(draw_battlefield(field).shapes) == []
    hovered = _wedges(draw_battlefield(field, hover="a2").shapes)
    assert [w.key for w in hovered] == ["a2"]
    assert _wedges(draw_battlefield(field, hover="house").shapes) == []
    every = _wedges(draw_battlefield(field, show=ALL).shapes)
    assert sorted(w.key or "" for w in every) == ["a1", "a2", "b1"]
    both = _wedges(draw_battlefield(field, show=ALL, hover="a2").shapes)
    assert len(both) == 3  # the hovered unit's arc is not doubled, only stronger
    strong = {w.key: w.fill[3] for w in both}
    assert strong["a2"] > strong["a1"]


@pytest.mark.parametrize("path", [*MAPS, None], ids=lambda p: p.stem if p else "small")
def test_cdv_wedge_is_180_degrees_around_facing_to_vol_times_5(path: Path | None) -> None:
    field = load_map(path) if path else _small()
    wedges = {w.key: w for w in _wedges(dynamic_shapes(field, ALL))}
    assert set(wedges) == {u.id for u in field.units}
    for unit in field.units:
        wedge = wedges[unit.id]
        assert wedge.layer == Layer.ARCS
        assert wedge.centre == unit.position
        assert wedge.radius == unit.vol * 5
        assert wedge.end_deg - wedge.start_deg == pytest.approx(180.0)
        middle = (wedge.start_deg + wedge.end_deg) / 2
        assert (middle - unit.facing + 180) % 360 - 180 == pytest.approx(0.0, abs=1e-9)
        assert wedge.fill[:3] == DEFAULT_PALETTE.side(unit.side)[:3] and wedge.fill[3] < 255


def test_a_base_has_its_disc_notch_and_label() -> None:
    unit = Unit("u", "B", (5.0, 5.0), facing=0.0)
    shapes = unit_shapes(unit)
    assert all(s.key == "u" for s in shapes)
    (disc,) = [s for s in shapes if isinstance(s, Circle) and s.radius == unit.radius]
    assert disc.fill == DEFAULT_PALETTE.side_b and disc.outline is not None
    (notch,) = [s for s in shapes if isinstance(s, Polygon)]
    tip = max(notch.points, key=lambda p: p[0])
    assert tip == pytest.approx((5.5, 5.0))  # touches the rim toward the facing
    assert all(math.dist(p, unit.position) <= unit.radius + 1e-9 for p in notch.points)
    (label,) = [s for s in shapes if isinstance(s, Label)]
    assert label.text == "u" and label.layer == Layer.LABELS


def _signature(unit: Unit) -> tuple[tuple[object, ...], ...]:
    """The marks of a base relative to its centre, for comparing looks."""
    cx, cy = unit.position
    out: list[tuple[object, ...]] = []
    for s in unit_shapes(unit):
        if isinstance(s, Circle):
            out.append(
                (
                    "circle",
                    round(s.centre[0] - cx, 6),
                    round(s.centre[1] - cy, 6),
                    round(s.radius, 6),
                    s.fill,
                    s.outline,
                )
            )
        elif isinstance(s, Polygon):
            out.append(("polygon", len(s.points), s.fill))
        elif isinstance(s, Polyline):
            out.append(("polyline", len(s.points), s.colour))
    return tuple(sorted(out, key=repr))


def test_posture_and_level_marks_differ() -> None:
    base = Unit("u", "A", (5.0, 5.0), facing=90.0)
    looks = {
        "standing": base,
        "crouched": replace(base, posture=Posture.CROUCHED),
        "prone": replace(base, posture=Posture.PRONE),
        "level 2": replace(base, level=2),
        "level 3": replace(base, level=3),
        "level 4": replace(base, level=4),
        "level -1": replace(base, level=-1),
    }
    signatures = {name: _signature(u) for name, u in looks.items()}
    assert len(set(signatures.values())) == len(signatures)
    r = base.radius

    def circles(name: str) -> list[Circle]:
        return [s for s in unit_shapes(looks[name]) if isinstance(s, Circle)]

    # crouched: a smaller ring inside the base
    assert any(c.fill is None and c.radius < r for c in circles("crouched"))
    # prone: a bar across the base, wider than half of it
    bars = [s for s in unit_shapes(looks["prone"]) if isinstance(s, Polygon) and len(s.points) == 4]
    assert len(bars) == 1
    xs = [p[0] for p in bars[0].points]
    assert max(xs) - min(xs) > r  # facing up: the bar lies across, left to right
    # level 2: a shadow offset below the base, drawn before it
    shadow = circles("level 2")[0]
    assert shadow.centre[1] < base.position[1] and shadow.fill is not None
    assert shadow.fill[3] < 255
    # level 3: a marker ring outside the base
    assert any(c.fill is None and c.radius > r for c in circles("level 3"))
    # level -1: translucent greyed disc and a dashed rim
    (ghost,) = circles("level -1")
    assert ghost.fill is not None and ghost.fill[3] < 255 and ghost.outline is None
    dashes = [s for s in unit_shapes(looks["level -1"]) if isinstance(s, Polyline)]
    assert len(dashes) >= 8
    assert all(math.dist(p, base.position) == pytest.approx(r) for d in dashes for p in d.points)


# --- highlights and hover ------------------------------------------------------------


def test_selection_and_problems_get_outlines() -> None:
    field = _small()
    palette = DEFAULT_PALETTE
    plain = dynamic_shapes(field)
    assert not _on(plain, Layer.OVERLAY)
    keys = frozenset({"a1", "house", "walls[1]", "wood", "deployment[1]"})
    picked = _on(dynamic_shapes(field, selected=keys), Layer.OVERLAY)
    assert _keys(picked) == keys
    assert all(
        (isinstance(s, Circle | Polygon)) and s.fill is None and s.outline == palette.selected
        for s in picked
    )
    (ring,) = [s for s in picked if isinstance(s, Circle)]
    assert ring.centre == (3.0, 1.0) and ring.radius > 0.5
    # A wall's outline surrounds its thickened polyline.
    (wall_ring,) = [s for s in picked if s.key == "walls[1]"]
    assert isinstance(wall_ring, Polygon)
    outline = shapely.Polygon(wall_ring.points)
    assert outline.buffer(1e-6).contains(
        shapely.LineString(((10, 2), (14, 2))).buffer(0.2, cap_style="flat")
    )
    # Problems are red; a validation path names its element.
    bad = _on(
        dynamic_shapes(field, problems=frozenset({"units[2].position", "obstacles[0]"})),
        Layer.OVERLAY,
    )
    assert _keys(bad) == {"b1", "house"}
    assert all(isinstance(s, Circle | Polygon) and s.outline == palette.problem for s in bad)
    assert (
        _on(dynamic_shapes(field, problems=frozenset({"nothing", "walls[9]"})), Layer.OVERLAY) == []
    )


def test_an_enclosure_outline_keeps_its_hole() -> None:
    ring = ((2.0, 2.0), (6.0, 2.0), (6.0, 6.0), (2.0, 6.0), (2.0, 2.0))
    field = replace(_small(), walls=(Wall(ring, 1.0, 2, id="pen"),))
    picked = _on(dynamic_shapes(field, selected=frozenset({"pen"})), Layer.OVERLAY)
    assert len(picked) == 2  # outer and inner edge


def test_hovering_a_wall_shows_its_def() -> None:
    field = _small()
    labels = [s for s in dynamic_shapes(field, hover="low") if isinstance(s, Label)]
    (readout,) = [s for s in labels if s.layer == Layer.OVERLAY]
    assert readout.key == "low" and "DEF 2" in readout.text and "0.5 K" in readout.text
    (house,) = [s for s in dynamic_shapes(field, hover="house") if s.layer == Layer.OVERLAY]
    assert isinstance(house, Label) and "DEF 8" in house.text


def test_a_palette_re_themes_the_view() -> None:
    field = _small()
    theme = Palette(table=(1, 2, 3, 255), side_a=(9, 9, 9, 255), selected=(7, 7, 7, 255))
    drawn = draw_battlefield(field, selected=frozenset({"a1"}), palette=theme)
    (table,) = _on(drawn.shapes, Layer.TABLE)
    assert isinstance(table, Polygon) and table.fill == (1, 2, 3, 255)
    discs = [s for s in drawn.shapes if isinstance(s, Circle) and s.key == "a1" and s.fill]
    assert discs[0].fill == (9, 9, 9, 255)
    assert any(isinstance(s, Circle) and s.outline == (7, 7, 7, 255) for s in drawn.shapes)


def test_grid_lines_every_k_with_stronger_fifths() -> None:
    field = _small()
    grid = [s for s in static_shapes(field) if s.layer == Layer.GRID]
    assert all(isinstance(s, Polyline) for s in grid)
    assert len(grid) == (20 - 1) + (12 - 1)
    major = {
        s.points[0]
        for s in grid
        if isinstance(s, Polyline) and s.colour == (DEFAULT_PALETTE.grid_major)
    }
    assert major == {(5.0, 0.0), (10.0, 0.0), (15.0, 0.0), (0.0, 5.0), (0.0, 10.0)}


def test_doctests() -> None:
    assert doctest.testmod(view).failed == 0


def test_renders_without_pygame() -> None:
    run_without_pygame(
        "from pathlib import Path\n"
        "from wartime.formats.map import load_map\n"
        "from wartime.render.battlefield import draw_battlefield\n"
        f"field = load_map(Path({str(MAPS[0])!r}))\n"
        "drawn = draw_battlefield(field, show=frozenset({'grid', 'arcs'}))\n"
        "assert drawn.shapes\n"
    )
