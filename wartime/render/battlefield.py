"""The battlefield view as a draw list (DESIGN.md §2, §4, §5; issue 5).

``draw_battlefield`` is ``static_shapes`` followed by ``dynamic_shapes``:

- static (depends on the map and ``show`` only; a UI can cache it as a sprite):
  the table, the 1 K grid, terrain with its hatch, deployment zones, dark areas
  (a night-blue shade) and lights (a pale warm disc of their reach round a bright
  point), obstacle roofs with their height, and walls.  Every static shape sits on a layer at or
  below ``Layer.WALLS``.
- dynamic (changes with the game, hover and selection): CdV arcs, the throwable
  objects (a throw moves them), bases, unit labels, the hover read-out and
  highlight outlines.  Every dynamic shape
  sits on a layer at or above ``Layer.ARCS``, so drawing a cached static image
  and then the dynamic shapes is the same picture as drawing the whole list.

Every shape that belongs to an element carries ``key``: the element's id, or
its path in the map file when it has none (``walls[3]``, ``obstacles[0]``,
``terrain[2]``, ``deployment[1]``, ``darkness[0]``, ``lights[1]``).

Colours live in one place, :class:`Palette`; pass another one to re-theme.

Wall colour ramp (``Palette.wall_ramp``, piecewise linear in height, clamped):
cream (240, 232, 210) at 0 K, tan (205, 185, 145) at 1 K, brown (150, 120, 90)
at 2 K, dark brown (85, 65, 50) at 3 K and near-black (35, 28, 24) at 4 K or
more.  Lower walls are lighter; every step up is darker in each channel, so
the ramp is strictly monotonic up to 4 K.  Roofs use their own slate ramp
(``Palette.roof_ramp``): light grey at 0 K to dark slate at 10 K.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely

from wartime.board.battlefield import (
    Battlefield,
    Darkness,
    Light,
    Obstacle,
    Posture,
    Terrain,
    Throwable,
    Unit,
)  # fmt: skip
from wartime.board.battlefield import Wall as _Wall
from wartime.board.shapes import Point, wall_solids
from wartime.geometry.vision import vision_range
from wartime.render.primitives import (
    Circle,
    Colour,
    DrawList,
    Label,
    Layer,
    Polygon,
    Polyline,
    Shape,
    Wedge,
)

RGB = tuple[int, int, int]
Ramp = tuple[tuple[float, RGB], ...]

SHOW_GRID = "grid"
SHOW_ARCS = "arcs"
DEFAULT_SHOW: frozenset[str] = frozenset({SHOW_GRID})

CDV_HALF_ARC = 90.0  # the CdV is 180° centred on the facing (DESIGN §5)
HATCH_SPACING = 0.7  # K between hatch lines
WAVE_SPACING = 1.0  # K between water lines
WAVE_LENGTH = 2.0  # K
WAVE_AMPLITUDE = 0.15  # K
WAVE_STEP = 0.25  # K between a wave's vertices
WAVE_PHASE = 0.25  # of the spacing: where wave centres sit between lattice lines
MIN_HATCH_SPACING = 0.5  # K: hatch never gets denser than this
MAX_HATCH_LINES = 300  # per polygon and direction: huge polygons get a wider spacing
GRID_MAJOR_EVERY = 5  # every 5th grid line is stronger
LEVEL_RING_GAP = 0.08  # K outside the rim: the level 3 marker ring
SELECTED_GAP = 0.22  # K outside a base: the selection ring
PROBLEM_GAP = 0.38  # K outside a base: the problem ring
UNIT_LABEL_GAP = 0.45  # K from the rim down to the id label's centre
LIGHTING_LAYER = Layer.DEPLOYMENT + 5  # dark areas and lights: over the ground, under roofs
LIGHT_POINT = 0.22  # K: the radius of a light's bright point


@dataclass(frozen=True)
class Palette:
    """Every colour of the battlefield view (RGBA, 0–255)."""

    table: Colour = (118, 136, 98, 255)  # muted green felt
    table_edge: Colour = (40, 45, 32, 255)
    grid_minor: Colour = (0, 0, 0, 30)
    grid_major: Colour = (0, 0, 0, 80)
    side_a: Colour = (45, 105, 210, 255)  # blue
    side_b: Colour = (205, 55, 45, 255)  # red
    side_other: Colour = (140, 140, 140, 255)
    deployment_alpha: int = 60
    # Every arc at once (A) overlaps both sides' arcs over most of the table: a light
    # wash and a clear rim read as arcs, where a stronger fill tinted the map murky.
    arc_alpha: int = 14
    arc_outline_alpha: int = 190
    hover_arc_alpha: int = 80
    difficult_fill: Colour = (70, 110, 45, 140)
    difficult_line: Colour = (35, 62, 20, 210)
    extreme_fill: Colour = (150, 92, 52, 160)
    extreme_line: Colour = (78, 42, 18, 220)
    water_fill: Colour = (55, 115, 195, 190)
    water_line: Colour = (195, 225, 250, 220)
    crevice_fill: Colour = (96, 92, 84, 150)  # broken rock, grey
    crevice_line: Colour = (40, 36, 32, 220)
    terrain_alpha_edge: int = 230  # a terrain's outline: its hatch colour at this alpha
    wall_ramp: Ramp = (
        (0.0, (240, 232, 210)),
        (1.0, (205, 185, 145)),
        (2.0, (150, 120, 90)),
        (3.0, (85, 65, 50)),
        (4.0, (35, 28, 24)),
    )
    roof_ramp: Ramp = ((0.0, (214, 212, 206)), (3.0, (160, 162, 172)), (10.0, (62, 66, 84)))
    roof_edge: Colour = (28, 28, 32, 255)
    label_dark: Colour = (15, 15, 15, 255)
    label_light: Colour = (250, 250, 250, 255)
    unit_label: Colour = (250, 250, 250, 255)
    notch: Colour = (250, 250, 250, 255)
    posture_mark: Colour = (250, 250, 250, 255)
    shadow: Colour = (0, 0, 0, 110)
    level3_ring: Colour = (0, 205, 235, 255)
    underground: Colour = (150, 150, 150, 255)
    selected: Colour = (255, 210, 0, 255)
    problem: Colour = (235, 20, 20, 255)
    hover_text: Colour = (255, 255, 255, 255)
    # Throwable objects (Súper fuerza), told apart by size: a blue-grey car, an ochre
    # lorry with its cab, a rust-red container for anything larger.
    car: Colour = (120, 150, 175, 255)
    lorry: Colour = (214, 160, 52, 255)
    larger: Colour = (150, 72, 56, 255)
    throwable_edge: Colour = (20, 20, 24, 255)
    dark_fill: Colour = (10, 14, 52, 140)  # night blue: the ground still shows through
    dark_edge: Colour = (20, 22, 60, 210)
    light_fill: Colour = (255, 232, 140, 55)  # a pale warm disc: the light's reach
    light_edge: Colour = (255, 214, 96, 190)
    light_point: Colour = (255, 246, 190, 255)

    def side(self, side: str) -> Colour:
        return {"A": self.side_a, "B": self.side_b}.get(side, self.side_other)

    def terrain(self, kind: str) -> tuple[Colour, Colour]:
        """(fill, hatch line) of a terrain kind."""
        return {
            "difficult": (self.difficult_fill, self.difficult_line),
            "extreme": (self.extreme_fill, self.extreme_line),
            "water": (self.water_fill, self.water_line),
            "crevice": (self.crevice_fill, self.crevice_line),
        }.get(kind, (self.difficult_fill, self.difficult_line))

    def throwable(self, size: str) -> Colour:
        return {"car": self.car, "lorry": self.lorry, "larger": self.larger}[size]

    def wall(self, height: float) -> Colour:
        return (*ramp(self.wall_ramp, height), 255)

    def roof(self, height: float) -> Colour:
        return (*ramp(self.roof_ramp, height), 255)


DEFAULT_PALETTE = Palette()
default_colours = DEFAULT_PALETTE


def ramp(stops: Ramp, value: float) -> RGB:
    """Piecewise-linear colour at ``value``, clamped to the first and last stops.

    >>> ramp(((0.0, (0, 0, 0)), (2.0, (200, 100, 50))), 1.0)
    (100, 50, 25)
    >>> ramp(((0.0, (0, 0, 0)), (2.0, (200, 100, 50))), 9.0)
    (200, 100, 50)
    """
    if value <= stops[0][0]:
        return stops[0][1]
    for (h0, c0), (h1, c1) in itertools.pairwise(stops):
        if value <= h1:
            t = (value - h0) / (h1 - h0) if h1 > h0 else 1.0
            r, g, b = (round(a + (z - a) * t) for a, z in zip(c0, c1, strict=True))
            return (r, g, b)
    return stops[-1][1]


def luminance(colour: Colour) -> float:
    """Relative brightness 0–255 (Rec. 601 weights), for picking label ink."""
    return 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2]


def _ink(background: Colour, palette: Palette) -> Colour:
    return palette.label_dark if luminance(background) > 140 else palette.label_light


def _alpha(colour: Colour, alpha: int) -> Colour:
    return (colour[0], colour[1], colour[2], alpha)


def _mix(colour: Colour, other: Colour, t: float) -> Colour:
    r, g, b, a = (round(c + (o - c) * t) for c, o in zip(colour, other, strict=True))
    return (r, g, b, a)


def _darker(colour: Colour, factor: float = 0.55) -> Colour:
    return (
        round(colour[0] * factor),
        round(colour[1] * factor),
        round(colour[2] * factor),
        colour[3],
    )


# --- keys ------------------------------------------------------------------


def wall_key(wall: _Wall, index: int) -> str:
    return wall.id or f"walls[{index}]"


def obstacle_key(obstacle: Obstacle, index: int) -> str:
    return obstacle.id or f"obstacles[{index}]"


def terrain_key(terrain: Terrain, index: int) -> str:
    return terrain.id or f"terrain[{index}]"


def deployment_key(index: int) -> str:
    return f"deployment[{index}]"


def darkness_key(area: Darkness, index: int) -> str:
    return area.id or f"darkness[{index}]"


def light_key(light: Light, index: int) -> str:
    return light.id or f"lights[{index}]"


def _wanted(keys: frozenset[str]) -> frozenset[str]:
    """The keys plus, for a validation path such as ``units[2].position``, ``units[2]``."""
    extra = {k.split("].", 1)[0] + "]" for k in keys if "]." in k}
    return keys | extra


# --- polygons and hatching ---------------------------------------------------


def _area(points: Sequence[Point]) -> shapely.geometry.base.BaseGeometry | None:
    """A valid areal geometry for a polygon, or None when it has no area."""
    if len(points) < 3:
        return None
    poly: shapely.geometry.base.BaseGeometry = shapely.Polygon(points)
    if not poly.is_valid:
        poly = shapely.make_valid(poly)
    if poly.is_empty or poly.area <= 0:
        return None
    return poly


def _inside_point(points: Sequence[Point]) -> Point | None:
    """The centroid, or a point on the surface when the centroid falls outside."""
    area = _area(points)
    if area is None:
        if not points:
            return None
        xs, ys = zip(*points, strict=True)
        return (sum(xs) / len(xs), sum(ys) / len(ys))
    centroid = area.centroid
    if not area.contains(centroid):
        centroid = area.point_on_surface()
    return (float(centroid.x), float(centroid.y))


def _spacing(extent: float, spacing: float) -> float:
    spacing = max(spacing, MIN_HATCH_SPACING)
    return max(spacing, extent / MAX_HATCH_LINES)


def _straight_hatch(
    bounds: tuple[float, float, float, float], angle_deg: float, spacing: float
) -> list[np.ndarray]:
    """Parallel lines at ``angle_deg`` covering the box, on a table-wide lattice."""
    minx, miny, maxx, maxy = bounds
    rad = math.radians(angle_deg)
    d = np.array([math.cos(rad), math.sin(rad)])
    n = np.array([-d[1], d[0]])
    corners = np.array([[minx, miny], [maxx, miny], [maxx, maxy], [minx, maxy]])
    across = corners @ n
    along = corners @ d
    spacing = _spacing(float(across.max() - across.min()), spacing)
    first = math.ceil(across.min() / spacing)
    last = math.floor(across.max() / spacing)
    t0, t1 = float(along.min()) - 1.0, float(along.max()) + 1.0
    lines = []
    for k in range(first, last + 1):
        base = n * (k * spacing)
        lines.append(np.array([base + d * t0, base + d * t1]))
    return lines


def _wave_hatch(bounds: tuple[float, float, float, float], spacing: float) -> list[np.ndarray]:
    """Horizontal sine waves covering the box.

    On a huge box the spacing widens, and the waves' length, height and vertex
    step grow with it, so no wave has more than about 4 × MAX_HATCH_LINES vertices.
    """
    minx, miny, maxx, maxy = bounds
    spacing = _spacing(max(maxx - minx, maxy - miny), spacing)
    scale = spacing / WAVE_SPACING
    step, length, amplitude = WAVE_STEP * scale, WAVE_LENGTH * scale, WAVE_AMPLITUDE * scale
    x0 = math.floor(minx / step) * step - step
    x1 = math.ceil(maxx / step) * step + step
    xs = np.arange(x0, x1 + step / 2, step)
    wave = amplitude * np.sin(2 * math.pi * xs / length)
    # Wave centres sit a quarter step off the lattice, so a wave does not run
    # along an edge at a whole or half K (where clipping would chop it up).
    first = math.ceil(miny / spacing - WAVE_PHASE)
    last = math.floor(maxy / spacing - WAVE_PHASE)
    return [
        np.column_stack([xs, wave + (k + WAVE_PHASE) * spacing]) for k in range(first, last + 1)
    ]


def hatch_lines(
    points: Sequence[Point], kind: str, spacing: float | None = None
) -> list[tuple[Point, ...]]:
    """The pattern of a terrain kind, clipped to its polygon (in K).

    difficult: diagonal lines (45°); extreme: a cross-hatch (45° and 135°);
    water: horizontal waves; crevice: steep crossing cracks (70° and 110°).  Spacing
    is at least ``MIN_HATCH_SPACING`` and widens on huge polygons so no direction has
    more than ``MAX_HATCH_LINES``.
    A polygon without area has no hatch.

    >>> hatch_lines([(0, 0), (1, 0), (0, 0)], "difficult")
    []
    """
    area = _area(points)
    if area is None:
        return []
    bounds = area.bounds
    raw: list[np.ndarray]
    if kind == "water":
        raw = _wave_hatch(bounds, spacing or WAVE_SPACING)
    elif kind == "extreme":
        raw = _straight_hatch(bounds, 45.0, spacing or HATCH_SPACING)
        raw += _straight_hatch(bounds, 135.0, spacing or HATCH_SPACING)
    elif kind == "crevice":  # steep, crossing cracks: not the table's square grid
        raw = _straight_hatch(bounds, 70.0, spacing or HATCH_SPACING)
        raw += _straight_hatch(bounds, 110.0, spacing or HATCH_SPACING)
    else:
        raw = _straight_hatch(bounds, 45.0, spacing or HATCH_SPACING)
    if not raw:
        return []
    shapely.prepare(area)
    clipped = shapely.intersection(shapely.linestrings(raw), area)
    parts = shapely.get_parts(clipped)
    parts = parts[(shapely.get_type_id(parts) == 1) & ~shapely.is_empty(parts)]
    out: list[tuple[Point, ...]] = []
    for part in parts:
        coords = shapely.get_coordinates(part)
        if len(coords) >= 2:
            out.append(tuple((float(x), float(y)) for x, y in coords))
    return out


# --- static shapes -------------------------------------------------------------


def _table(field: Battlefield, palette: Palette) -> list[Shape]:
    w, h = field.size
    return [
        Polygon(
            ((0.0, 0.0), (w, 0.0), (w, h), (0.0, h)),
            fill=palette.table,
            outline=palette.table_edge,
            width_px=2,
            layer=Layer.TABLE,
        )
    ]


def _grid(field: Battlefield, palette: Palette) -> list[Shape]:
    w, h = field.size
    out: list[Shape] = []
    for i in range(1, math.ceil(w)):
        colour = palette.grid_major if i % GRID_MAJOR_EVERY == 0 else palette.grid_minor
        out.append(Polyline(((float(i), 0.0), (float(i), h)), colour, layer=Layer.GRID))
    for j in range(1, math.ceil(h)):
        colour = palette.grid_major if j % GRID_MAJOR_EVERY == 0 else palette.grid_minor
        out.append(Polyline(((0.0, float(j)), (w, float(j))), colour, layer=Layer.GRID))
    return out


def _terrain(field: Battlefield, palette: Palette) -> list[Shape]:
    out: list[Shape] = []
    for i, terrain in enumerate(field.terrain):
        key = terrain_key(terrain, i)
        fill, line = palette.terrain(terrain.kind.value)
        edge = _alpha(line, palette.terrain_alpha_edge)
        if len(terrain.polygon) < 3:
            if len(terrain.polygon) >= 2:
                out.append(Polyline(terrain.polygon, edge, layer=Layer.TERRAIN, key=key))
            continue
        out.append(Polygon(terrain.polygon, fill, edge, layer=Layer.TERRAIN, key=key))
        out += [
            Polyline(points, line, layer=Layer.TERRAIN, key=key)
            for points in hatch_lines(terrain.polygon, terrain.kind.value)
        ]
    return out


def _deployment(field: Battlefield, palette: Palette) -> list[Shape]:
    out: list[Shape] = []
    for i, zone in enumerate(field.deployment):
        key = deployment_key(i)
        colour = palette.side(zone.side)
        if len(zone.polygon) >= 3:
            out.append(
                Polygon(
                    zone.polygon,
                    _alpha(colour, palette.deployment_alpha),
                    _alpha(colour, 200),
                    width_px=2,
                    layer=Layer.DEPLOYMENT,
                    key=key,
                )
            )
        where = _inside_point(zone.polygon)
        if where is not None:
            text = zone.side
            ink = _alpha(palette.label_light, 150)
            out.append(Label(where, text, ink, 22, Layer.DEPLOYMENT, key))
    return out


def _lighting(field: Battlefield, palette: Palette) -> list[Shape]:
    """Dark areas shaded night blue, then each light's reach as a pale disc with its point."""
    out: list[Shape] = [
        Polygon(area.polygon, palette.dark_fill, palette.dark_edge, 2, LIGHTING_LAYER,
                darkness_key(area, i))
        for i, area in enumerate(field.darkness)
        if len(area.polygon) >= 3
    ]  # fmt: skip
    for i, light in enumerate(field.lights):
        key = light_key(light, i)
        out.append(
            Circle(light.position, light.radius, palette.light_fill, palette.light_edge, 1,
                   LIGHTING_LAYER, key)
        )  # fmt: skip
        out.append(
            Circle(light.position, LIGHT_POINT, palette.light_point, palette.light_edge, 1,
                   LIGHTING_LAYER, key)
        )  # fmt: skip
    return out


def _obstacles(field: Battlefield, palette: Palette) -> list[Shape]:
    roofs: list[Shape] = []
    labels: list[Shape] = []
    for i, obstacle in enumerate(field.obstacles):
        key = obstacle_key(obstacle, i)
        fill = palette.roof(obstacle.height)
        if len(obstacle.polygon) >= 3:
            roofs.append(
                Polygon(
                    obstacle.polygon,
                    fill,
                    palette.roof_edge,
                    width_px=2,
                    layer=Layer.OBSTACLES,
                    key=key,
                )
            )
        where = _inside_point(obstacle.polygon)
        if where is not None:
            text = f"{obstacle.height:g} K"
            labels.append(Label(where, text, _ink(fill, palette), 13, Layer.OBSTACLES, key))
    return roofs + labels  # labels after every roof, on the same (static) layer


def _walls(field: Battlefield, palette: Palette) -> list[Shape]:
    indexed = sorted(enumerate(field.walls), key=lambda item: item[1].height)  # tall on top
    return [
        Polyline(
            wall.points,
            palette.wall(wall.height),
            width_k=wall.thickness,
            layer=Layer.WALLS,
            key=wall_key(wall, i),
        )
        for i, wall in indexed
        if len(wall.points) >= 2
    ]


def static_shapes(
    field: Battlefield,
    show: frozenset[str] = DEFAULT_SHOW,
    *,
    palette: Palette = DEFAULT_PALETTE,
) -> tuple[Shape, ...]:
    """The map itself: table, grid, terrain, deployment, darkness and lights, obstacles
    and walls.

    It depends only on the map, ``show`` and the palette, so a UI can draw it
    once to a surface and reuse it until the map changes.
    """
    out = _table(field, palette)
    if SHOW_GRID in show:
        out += _grid(field, palette)
    out += _terrain(field, palette)
    out += _deployment(field, palette)
    out += _lighting(field, palette)
    out += _obstacles(field, palette)
    out += _walls(field, palette)
    return tuple(out)


# --- dynamic shapes -------------------------------------------------------------


def _box(x0: float, y0: float, x1: float, y1: float) -> tuple[Point, ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def throwable_shapes(thing: Throwable, palette: Palette = DEFAULT_PALETTE) -> list[Shape]:
    """A throwable object seen from above, its outline to scale and its size plain to see:
    a car with its roof, a lorry with its cab at the front and its load behind, anything
    larger as a container crossed corner to corner; its id above (a base's is beneath)."""
    key, layer = thing.id, Layer.THROWABLES
    fill = palette.throwable(thing.size.value)
    dark, edge = _darker(fill, 0.6), palette.throwable_edge
    (x0, y0), _, (x1, y1), _ = thing.outline()
    w, d = x1 - x0, y1 - y0
    size = thing.size.value
    out: list[Shape] = []
    if size == "lorry":  # the load, a gap, the cab at the front (east)
        cab = x1 - 0.22 * w
        out.append(Polygon(_box(x0, y0, cab - 0.12, y1), fill, edge, 2, layer, key))
        out.append(Polygon(_box(cab, y0 + 0.05 * d, x1, y1 - 0.05 * d), dark, edge, 2, layer, key))
    else:
        out.append(Polygon(thing.outline(), fill, edge, 2, layer, key))
    if size == "car":  # the roof, set back from the bonnet
        roof = _box(x0 + 0.3 * w, y0 + 0.15 * d, x1 - 0.2 * w, y1 - 0.15 * d)
        out.append(Polygon(roof, dark, None, 1, layer, key))
    elif size == "larger":  # a container, crossed corner to corner
        i = 0.12  # K in from the corners, so the lines' ends stay inside
        out.append(Polyline(((x0 + i, y0 + i), (x1 - i, y1 - i)), dark, 0.08, 1, layer, key))
        out.append(Polyline(((x0 + i, y1 - i), (x1 - i, y0 + i)), dark, 0.08, 1, layer, key))
    out.append(Label((thing.position[0], y1 + 0.4), thing.id, palette.unit_label, 12,
                     Layer.LABELS, key))  # fmt: skip
    return out


def cdv_wedge(unit: Unit, fill: Colour, outline: Colour | None = None) -> Wedge:
    """The unit's CdV: 180° centred on its facing, radius VOL×5 (DESIGN §5, §7).

    ``start_deg`` is in [0, 360) and ``end_deg`` is ``start_deg + 180``.
    """
    start = (unit.facing - CDV_HALF_ARC) % 360.0
    return Wedge(
        unit.position,
        vision_range(unit.vol),
        start,
        start + 2 * CDV_HALF_ARC,
        fill,
        Layer.ARCS,
        unit.id,
        outline,
    )


def _arcs(
    field: Battlefield, show: frozenset[str], hover: str | None, palette: Palette
) -> list[Shape]:
    every = SHOW_ARCS in show
    out: list[Shape] = []
    for unit in field.units:
        hovered = unit.id == hover
        if every or hovered:
            colour = palette.side(unit.side)
            if hovered:  # one arc: a stronger fill says whose it is
                out.append(cdv_wedge(unit, _alpha(colour, palette.hover_arc_alpha)))
            else:
                rim = _alpha(colour, palette.arc_outline_alpha)
                out.append(cdv_wedge(unit, _alpha(colour, palette.arc_alpha), rim))
    return out


def _rim(centre: Point, radius: float, angle_deg: float) -> Point:
    rad = math.radians(angle_deg)
    return (centre[0] + radius * math.cos(rad), centre[1] + radius * math.sin(rad))


def _dashed_circle(
    centre: Point, radius: float, colour: Colour, key: str, dashes: int = 12
) -> list[Shape]:
    """A dashed ring: ``dashes`` short arcs, each half of its step."""
    step = 360.0 / dashes
    out: list[Shape] = []
    for k in range(dashes):
        a0 = k * step
        points = tuple(_rim(centre, radius, a0 + step * f / 4) for f in range(3))
        out.append(Polyline(points, colour, width_px=2, layer=Layer.BASES, key=key))
    return out


def unit_shapes(unit: Unit, palette: Palette = DEFAULT_PALETTE) -> list[Shape]:
    """One base: level marks, the disc, its facing notch, posture mark and id label.

    - level 2: a dark shadow disc offset down and right under the base;
    - level 3: a coloured marker ring outside the base;
    - level 4: the shadow and the marker ring;
    - level −1: a greyed, translucent disc with a dashed rim;
    - crouched: a smaller inner ring; prone: a flat bar across the base,
      perpendicular to the facing.
    """
    key = unit.id
    c = unit.position
    r = unit.radius
    side = palette.side(unit.side)
    out: list[Shape] = []
    if unit.level in (2, 4):
        shadow_centre = (c[0] + 0.25 * r, c[1] - 0.4 * r)
        out.append(Circle(shadow_centre, r, palette.shadow, None, layer=Layer.BASES, key=key))
    if unit.level == -1:
        fill = _alpha(_mix(side, palette.underground, 0.6), 150)
        out.append(Circle(c, r, fill, None, layer=Layer.BASES, key=key))
        out += _dashed_circle(c, r, palette.underground, key)
    else:
        out.append(Circle(c, r, side, _darker(side, 0.4), 2, Layer.BASES, key))
    if unit.level in (3, 4):
        ring = r + LEVEL_RING_GAP
        out.append(Circle(c, ring, None, palette.level3_ring, 3, Layer.BASES, key))
    # The facing notch: a small triangle whose tip touches the rim.
    tip = _rim(c, r, unit.facing)
    left = _rim(c, r * 0.45, unit.facing + 28)
    right = _rim(c, r * 0.45, unit.facing - 28)
    notch = palette.notch if unit.level != -1 else palette.underground
    out.append(Polygon((tip, left, right), notch, _darker(side, 0.4), 1, Layer.BASES, key))
    if unit.posture is Posture.CROUCHED:
        out.append(Circle(c, r * 0.55, None, palette.posture_mark, 2, Layer.BASES, key))
    elif unit.posture is Posture.PRONE:
        across = unit.facing + 90.0
        ux, uy = math.cos(math.radians(across)), math.sin(math.radians(across))
        fx, fy = -uy, ux  # along the facing
        half_len, half_w = 0.85 * r, 0.14 * r
        bar = tuple(
            (
                c[0] + ux * sl * half_len + fx * sw * half_w,
                c[1] + uy * sl * half_len + fy * sw * half_w,
            )
            for sl, sw in ((-1, -1), (1, -1), (1, 1), (-1, 1))
        )
        out.append(Polygon(bar, palette.posture_mark, _darker(side, 0.4), 1, Layer.BASES, key))
    below = (c[0], c[1] - r - UNIT_LABEL_GAP)  # under the base, clear of its marks
    out.append(Label(below, unit.id, palette.unit_label, 12, Layer.LABELS, key))
    return out


def _outline_rings(geometry: shapely.geometry.base.BaseGeometry) -> list[tuple[Point, ...]]:
    rings: list[tuple[Point, ...]] = []
    for part in shapely.get_parts(geometry):
        if not isinstance(part, shapely.Polygon) or part.is_empty:
            continue
        for ring in (part.exterior, *part.interiors):
            coords = shapely.get_coordinates(ring)[:-1]
            rings.append(tuple((float(x), float(y)) for x, y in coords))
    return rings


def _wall_rings(wall: _Wall) -> list[tuple[Point, ...]]:
    """The outline of the wall's solid (its polyline thickened), holes included."""
    pieces = [
        shapely.Polygon(s.outline)
        for s in wall_solids("", wall.points, wall.thickness, wall.height, wall.defense)
    ]
    return _outline_rings(shapely.union_all(pieces)) if pieces else []


Element = tuple[str, str, int]  # (collection, key, index)


def _elements(field: Battlefield) -> dict[str, Element]:
    """Every element by its key and by its file path (``units[2]``, ``walls[0]``)."""
    found: dict[str, Element] = {}
    named: list[tuple[str, Sequence[str]]] = [
        ("units", [u.id for u in field.units]),
        ("walls", [wall_key(w, i) for i, w in enumerate(field.walls)]),
        ("obstacles", [obstacle_key(o, i) for i, o in enumerate(field.obstacles)]),
        ("terrain", [terrain_key(t, i) for i, t in enumerate(field.terrain)]),
        ("deployment", [deployment_key(i) for i in range(len(field.deployment))]),
        ("throwables", [t.id for t in field.throwables]),
        ("darkness", [darkness_key(d, i) for i, d in enumerate(field.darkness)]),
        ("lights", [light_key(g, i) for i, g in enumerate(field.lights)]),
    ]
    for collection, keys in named:
        for i, key in enumerate(keys):
            found.setdefault(key, (collection, key, i))
            found.setdefault(f"{collection}[{i}]", (collection, key, i))
    return found


def _polygon_of(field: Battlefield, collection: str, index: int) -> tuple[Point, ...]:
    if collection == "obstacles":
        return field.obstacles[index].polygon
    if collection == "terrain":
        return field.terrain[index].polygon
    if collection == "throwables":
        return field.throwables[index].outline()
    if collection == "darkness":
        return field.darkness[index].polygon
    return field.deployment[index].polygon


def _highlights(
    field: Battlefield,
    keys: frozenset[str],
    colour: Colour,
    width_px: int,
    margin: float,
) -> list[Shape]:
    """Outlines round the elements named by key or file path (unknown names are skipped)."""
    if not keys:
        return []
    elements = _elements(field)
    chosen = sorted({elements[k] for k in _wanted(keys) if k in elements})
    out: list[Shape] = []
    for collection, key, i in chosen:
        if collection == "units":
            unit = field.units[i]
            ring = unit.radius + margin
            out.append(Circle(unit.position, ring, None, colour, width_px, Layer.OVERLAY, key))
            continue
        if collection == "lights":  # its point and its reach
            light = field.lights[i]
            for ring in (LIGHT_POINT + margin, light.radius):
                out.append(Circle(light.position, ring, None, colour, width_px, Layer.OVERLAY, key))
            continue
        rings: list[tuple[Point, ...]]
        if collection == "walls":
            rings = _wall_rings(field.walls[i])
        else:
            polygon = _polygon_of(field, collection, i)
            rings = [tuple(polygon)] if len(polygon) >= 3 else []
        out += [Polygon(r, None, colour, width_px, Layer.OVERLAY, key) for r in rings]
    return out


def _hover_readout(field: Battlefield, hover: str | None, palette: Palette) -> list[Shape]:
    """DEF and height of a hovered wall or obstacle, as a label on the overlay."""
    if hover is None:
        return []
    for i, wall in enumerate(field.walls):
        if hover in (wall.id, f"walls[{i}]") and len(wall.points) >= 2:
            line = shapely.LineString(wall.points)
            mid = line.interpolate(0.5, normalized=True)
            text = f"DEF {wall.defense} · {wall.height:g} K"
            where = (float(mid.x), float(mid.y) + 0.6)
            return [Label(where, text, palette.hover_text, 14, Layer.OVERLAY, wall_key(wall, i))]
    for i, obstacle in enumerate(field.obstacles):
        if hover in (obstacle.id, f"obstacles[{i}]"):
            centre = _inside_point(obstacle.polygon)
            if centre is None:
                return []
            text = f"DEF {obstacle.defense} · {obstacle.height:g} K"
            where = (centre[0], centre[1] - 0.8)
            key = obstacle_key(obstacle, i)
            return [Label(where, text, palette.hover_text, 14, Layer.OVERLAY, key)]
    return []


def dynamic_shapes(
    field: Battlefield,
    show: frozenset[str] = DEFAULT_SHOW,
    hover: str | None = None,
    selected: frozenset[str] = frozenset(),
    problems: frozenset[str] = frozenset(),
    *,
    palette: Palette = DEFAULT_PALETTE,
) -> tuple[Shape, ...]:
    """What moves: CdV arcs, bases and their labels, the hover read-out, highlights.

    Arcs: every unit's with ``"arcs"`` in ``show``, and the hovered unit's
    always (stronger).  ``selected`` and ``problems`` hold keys or file paths
    (``walls[3]``, ``units[2].position``); each gets an outline on the overlay
    layer, red for problems (wide) and gold for the selection (on top).
    """
    out = _arcs(field, show, hover, palette)
    for thing in field.throwables:
        out += throwable_shapes(thing, palette)
    for unit in field.units:
        out += unit_shapes(unit, palette)
    out += _highlights(field, problems, palette.problem, 4, PROBLEM_GAP)
    out += _highlights(field, selected, palette.selected, 2, SELECTED_GAP)
    out += _hover_readout(field, hover, palette)
    return tuple(out)


def draw_battlefield(
    field: Battlefield,
    *,
    show: frozenset[str] = DEFAULT_SHOW,
    hover: str | None = None,
    selected: frozenset[str] = frozenset(),
    problems: frozenset[str] = frozenset(),
    palette: Palette = DEFAULT_PALETTE,
) -> DrawList:
    """The whole view: ``static_shapes`` then ``dynamic_shapes``, in K."""
    shapes = static_shapes(field, show, palette=palette)
    shapes += dynamic_shapes(field, show, hover, selected, problems, palette=palette)
    return DrawList(field.size, shapes)
