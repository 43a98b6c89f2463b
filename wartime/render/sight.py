"""What the overlay draws for a line of sight seen from the side, and for the area a figure
can see, as pure shapes (no pygame).

- :func:`section_shapes`: the cross-section chart of :mod:`wartime.geometry.cross_section`
  in chart coordinates: x is the distance along the line (K), y the height (K) times a
  vertical ``stretch`` (a 20 K line with 2 K walls would be a sliver at true proportions);
  labels always give true heights.
- :func:`seen_area_shapes`: a translucent fill of a shapely (multi)polygon, holes and
  all, as triangles (a :class:`Polygon` has no holes), and its outline.
"""

from __future__ import annotations

import math

import shapely

from wartime.geometry.cross_section import Crossing, CrossSection
from wartime.render.overlay import INK, MEASURE, SIGHT_COLOURS
from wartime.render.primitives import Circle, Colour, Label, Layer, Polygon, Polyline, Shape

GROUND: Colour = (120, 95, 60, 255)
AXIS: Colour = (200, 200, 200, 255)
WALL: Colour = (150, 150, 160, 255)
SHADOW: Colour = (220, 60, 60, 70)
HIDDEN: Colour = (220, 60, 60, 170)
SILHOUETTE: Colour = (120, 200, 255, 90)
FLOOR: Colour = (170, 170, 170, 255)
LEADER: Colour = (110, 110, 120, 255)
SEEN_FILL: Colour = (250, 240, 120, 60)
SEEN_EDGE: Colour = (250, 240, 120, 200)
MARGIN = 1.5  # K of chart left of the eye and right of the target
HEADROOM = 1.5  # K of chart above the highest thing drawn (room for the wall labels)
BELOW = 1.2  # K of chart below the ground (the distance ticks)
MAX_STRETCH = 4.0
_BASE = Layer.TABLE  # the chart is its own picture: every shape in low layers, in order


def chart_bounds(section: CrossSection, stretch: float = 1.0) -> tuple[float, float, float, float]:
    """``(x0, y0, x1, y1)`` of the chart in its own coordinates."""
    top = max(
        section.silhouette_top, section.eye_height, *(c.height for c in section.crossings), 1.0
    )
    return (-MARGIN, -BELOW, section.distance + MARGIN, (top + HEADROOM) * stretch)


def stretch_for(section: CrossSection, aspect: float) -> float:
    """The vertical stretch (1–4) that makes the chart about ``aspect`` (height/width) tall."""
    x0, y0, x1, y1 = chart_bounds(section)
    wanted = aspect * (x1 - x0) / max(y1 - y0, 1e-6)
    return min(max(wanted, 1.0), MAX_STRETCH)


def section_shapes(
    section: CrossSection, sight: str, labels: dict[str, str], stretch: float = 1.0,
    target_radius: float = 0.5, pixel: float = 0.05,
) -> list[Shape]:  # fmt: skip
    """The chart: ground, distance and height ticks, each wall as a bar with the ground it
    hides behind it shaded, the silhouette with its hidden part, and the eye's lines to
    the silhouette's top and bottom coloured by ``sight`` (clear, partial, blocked).

    ``labels``: the words, already translated: ``eye``, ``target`` and ``wall`` (with
    ``{id}``, ``{height}`` and ``{defense}``).  The stretch is for the caller to name
    (the overlay puts it in the window's title, where no wall's label can cover it).
    ``pixel``: one screen pixel in chart units; labels keep their distances in pixels,
    since their text does not grow with the chart.
    """
    s = stretch
    d, ez = section.distance, section.eye_height
    x0, y0, x1, y1 = chart_bounds(section, s)
    out: list[Shape] = [Polygon(((x0, 0.0), (x1, 0.0), (x1, y0), (x0, y0)), GROUND, layer=_BASE)]
    px = pixel
    out += _ticks(section, s, (x0, y0, x1, y1), px)
    for c in section.crossings:
        out.append(Polygon(_shadow(c, ez, d, s, y1), SHADOW, layer=_BASE + 1))
    named: set[str] = set()
    rows: list[float] = []  # the right end of the last label in each row of labels
    for c in section.crossings:
        near, far = c.near, max(c.far, c.near + 0.12)  # a thin wall still shows
        bar = ((near, 0.0), (far, 0.0), (far, c.height * s), (near, c.height * s))
        out.append(Polygon(bar, WALL, INK, 1, layer=_BASE + 2, key=c.id))
        if c.id in named:
            continue  # a wall crossed twice is named once
        named.add(c.id)
        caption = labels["wall"].format(id=c.id, height=f"{c.height:g}", defense=c.defense)
        # Named along the chart's top, clear of the eye and the lines, one more row down
        # where two would overlap, with a leader down to the wall.
        half = (len(caption) * 3.5 + 4) * px  # about half its width at 12 px
        at = min(max((near + far) / 2, x0 + half), x1 - half)
        row = next((i for i, end in enumerate(rows) if end <= at - half), len(rows))
        rows[row : row + 1] = [at + half]
        y = y1 - (10 + 15 * row) * px
        leader = (((near + far) / 2, c.height * s), ((near + far) / 2, y - 7 * px))
        out.append(Polyline(leader, LEADER, width_px=1, layer=_BASE + 1))
        out.append(Label((at, y), caption, AXIS, 12, _BASE + 4))
    bottom, top = section.silhouette_bottom * s, section.silhouette_top * s
    left, right = d - target_radius, d + target_radius
    out.append(Polygon(((left, bottom), (right, bottom), (right, top), (left, top)),
                       SILHOUETTE, MEASURE, 2, _BASE + 2, "target"))  # fmt: skip
    hidden = section.hidden_at_centre * (top - bottom)
    if hidden > 0.0:
        box = ((left, bottom), (right, bottom), (right, bottom + hidden), (left, bottom + hidden))
        out.append(Polygon(box, HIDDEN, layer=_BASE + 3))
    if bottom > 0.0:  # standing on a floor (level 2): the floor it stands on
        floor = ((left - 0.4, bottom), (right + 0.4, bottom))
        out.append(Polyline(floor, FLOOR, width_px=3, layer=_BASE + 3))
    colour = SIGHT_COLOURS.get(sight, SIGHT_COLOURS["blocked"])
    for end in (top, bottom):
        out.append(Polyline(((0.0, ez * s), (d, end)), colour, width_px=2, layer=_BASE + 3))
    out.append(Circle((0.0, ez * s), 0.18, MEASURE, INK, 1, _BASE + 4))
    eye = labels["eye"].format(height=f"{ez:g}")
    out.append(Label((32 * px, ez * s + 12 * px), eye, MEASURE, 12, _BASE + 4))
    out.append(Label((d, top + 12 * px), labels["target"], MEASURE, 12, _BASE + 4))
    return out


def _shadow(
    c: Crossing, ez: float, d: float, s: float, ceiling: float
) -> tuple[tuple[float, float], ...]:
    """What the crossing hides behind it: below the line from the eye over its deciding
    edge (geometry/cross_section's ``shadow`` is that line's height at the target)."""
    at = c.near if c.height > ez else c.far
    shadow = c.shadow if math.isfinite(c.shadow) else ceiling / s
    end_y = min(shadow * s, ceiling)
    if shadow >= 0.0:
        end = [(d, end_y), (d, 0.0)]
    else:  # the line comes down to the ground before the target
        ground = at + (d - at) * c.height / (c.height - shadow)
        end = [(ground, 0.0)]
    return ((c.near, 0.0), (c.near, c.height * s), (at, c.height * s), *end)


def _ticks(
    section: CrossSection, s: float, bounds: tuple[float, float, float, float], px: float
) -> list[Shape]:
    """Distance ticks along the ground every 1, 2, 5 or 10 K; height ticks every 1 K."""
    x0, _y0, x1, y1 = bounds
    out: list[Shape] = [Polyline(((x0, 0.0), (x1, 0.0)), AXIS, width_px=1, layer=_BASE)]
    every = next(e for e in (1, 2, 5, 10, 20) if section.distance / e <= 12)
    for k in range(0, int(section.distance) + 1, every):
        out.append(Polyline(((k, 0.0), (k, -0.2)), AXIS, width_px=1, layer=_BASE))
        out.append(Label((float(k), -16 * px), f"{k}", AXIS, 11, _BASE))
    for h in range(1, int(y1 / s - 0.5) + 1):  # the top one's label inside the chart
        out.append(Polyline(((x0, h * s), (x1, h * s)), (90, 90, 100, 255), width_px=1,
                            layer=_BASE))  # fmt: skip
        out.append(Label((x0 + 16 * px, h * s + 8 * px), f"{h} K", AXIS, 10, _BASE))
    return out


def seen_area_shapes(area: shapely.Geometry, tolerance: float = 0.05) -> list[Shape]:
    """``area`` filled translucent (as triangles: the painter's polygons have no holes;
    one layer's translucent shapes do not darken where they meet) and outlined."""
    if shapely.is_empty(area):
        return []
    area = shapely.simplify(area, tolerance, preserve_topology=True)
    out: list[Shape] = []
    for triangle in shapely.get_parts(shapely.constrained_delaunay_triangles(area)):
        corners = tuple((float(x), float(y)) for x, y in shapely.get_coordinates(triangle)[:-1])
        out.append(Polygon(corners, SEEN_FILL, layer=Layer.ARCS))
    for part in shapely.get_parts(area):
        for ring in (part.exterior, *part.interiors):
            points = tuple((float(x), float(y)) for x, y in shapely.get_coordinates(ring))
            out.append(Polyline(points, SEEN_EDGE, width_px=2, layer=Layer.ARCS))
    return out
