"""What the measurement overlay draws over the battlefield, as pure shapes (no pygame).

- a measurement: the line between two figures, its length at the middle, and a mark
  where it crosses each wall;
- threats: every enemy's line of sight to one figure, coloured clear, partial or
  blocked, with the cover % beside the enemy;
- a template (R, L, G) and the figures it covers fully or partly; an S chain's jumps;
- a scatter: the aim, the dice, the arrow and the landing point;
- a noise: the audible region and the figures that hear it.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence

import shapely

from wartime.board.shapes import Point
from wartime.render.play import caption_shapes
from wartime.render.primitives import Circle, Colour, Label, Layer, Polygon, Polyline, Shape

SIGHT_COLOURS: dict[str, Colour] = {
    "clear": (80, 200, 100, 255),
    "partial": (240, 190, 50, 255),
    "blocked": (220, 60, 60, 255),
}
MEASURE: Colour = (120, 200, 255, 255)
SELECTED: Colour = (255, 255, 255, 255)
FULL: Colour = (230, 60, 60, 255)
HALF: Colour = (245, 160, 40, 255)
TEMPLATE_FILL: Colour = (255, 120, 40, 70)
TEMPLATE_EDGE: Colour = (255, 150, 60, 255)
NOISE_FILL: Colour = (120, 170, 255, 60)
NOISE_EDGE: Colour = (140, 190, 255, 255)
HEARS: Colour = (120, 190, 255, 255)
DIE_FACE: Colour = (250, 250, 245, 255)
INK: Colour = (20, 20, 20, 255)
OVER = Layer.OVERLAY


def ring(centre: Point, radius: float, colour: Colour, width: int = 3, gap: float = 0.25) -> Shape:
    """A ring round a base of ``radius``."""
    return Circle(centre, radius + gap, None, colour, width, OVER)


def measure_shapes(
    start: Point, end: Point, caption: str, walls: Iterable[Point] = ()
) -> list[Shape]:
    """The measured line from ``start`` to ``end``, ``caption`` at its middle, a cross at
    each point in ``walls`` (where it meets a wall)."""
    out: list[Shape] = [
        Polyline((start, end), INK, width_px=5, layer=OVER),
        Polyline((start, end), MEASURE, width_px=2, layer=OVER),
    ]
    for x, y in walls:
        d = 0.3
        out.append(Polyline(((x - d, y - d), (x + d, y + d)), FULL, width_px=3, layer=OVER))
        out.append(Polyline(((x - d, y + d), (x + d, y - d)), FULL, width_px=3, layer=OVER))
    middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2 + 0.8)
    return out + caption_shapes(middle, caption, MEASURE, 15)


def threat_shapes(target: Point, threats: Iterable[tuple[Point, str, str]]) -> list[Shape]:
    """From each enemy at ``(position, sight, caption)`` a line to ``target`` coloured by
    the sight (clear, partial, blocked; blocked ones thinner), the caption beside the
    enemy."""
    out: list[Shape] = []
    labels: list[Shape] = []
    for source, sight, caption in threats:
        colour = SIGHT_COLOURS.get(sight, SIGHT_COLOURS["blocked"])
        blocked = sight == "blocked"  # thinner: the lines that can see stand out
        out.append(Polyline((source, target), INK, width_px=3 if blocked else 5, layer=OVER))
        out.append(Polyline((source, target), colour, width_px=1 if blocked else 3, layer=OVER))
        dx, dy = target[0] - source[0], target[1] - source[1]
        length = math.hypot(dx, dy) or 1.0
        along = min(3.0, length / 2)  # beside the enemy's end, clear of its own label
        at = (source[0] + dx / length * along - dy / length * 0.7,
              source[1] + dy / length * along + dx / length * 0.7)  # fmt: skip
        labels += caption_shapes(at, caption, colour, 12 if blocked else 15)
    return out + labels


def area_outline(area: shapely.Geometry) -> list[tuple[Point, ...]]:
    """The exterior rings of a (multi)polygon, as point tuples."""
    parts = getattr(area, "geoms", [area])
    out = []
    for part in parts:
        exterior = getattr(part, "exterior", None)
        if exterior is not None:
            out.append(tuple((float(x), float(y)) for x, y in list(exterior.coords)[:-1]))
    return out


def template_shapes(
    area: shapely.Geometry, caption: str, at: Point,
    full: Iterable[tuple[Point, float]], partial: Iterable[tuple[Point, float]],
    full_text: str, partial_text: str,
) -> list[Shape]:  # fmt: skip
    """A template's area, its name at ``at``, a red ring and ``full_text`` on each figure
    wholly inside and an orange ring and ``partial_text`` on each one partly inside."""
    out: list[Shape] = [
        Polygon(ring_, TEMPLATE_FILL, TEMPLATE_EDGE, 2, OVER) for ring_ in area_outline(area)
    ]
    out += caption_shapes(at, caption, TEMPLATE_EDGE, 15)
    for marks, colour, text in ((full, FULL, full_text), (partial, HALF, partial_text)):
        for centre, radius in marks:
            out.append(ring(centre, radius, colour))
            out += caption_shapes((centre[0], centre[1] + radius + 0.8), text, colour, 13)
    return out


def chain_shapes(centres: Sequence[tuple[Point, float]], captions: Sequence[str]) -> list[Shape]:
    """An S chain: each figure ringed and numbered, an arrow from each to the next."""
    out: list[Shape] = []
    for a, b in itertools.pairwise(centres):
        out += arrow_shapes(a[0], b[0], FULL, head=0.5)
    for (centre, radius), caption in zip(centres, captions, strict=False):
        out.append(ring(centre, radius, FULL))
        out += caption_shapes((centre[0], centre[1] + radius + 0.7), caption, FULL, 14)
    return out


def arrow_shapes(start: Point, end: Point, colour: Colour, head: float = 0.7) -> list[Shape]:
    """An arrow from ``start`` to ``end`` with a head of ``head`` K."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    if length <= 1e-9:
        return []
    ux, uy = dx / length, dy / length
    left = (end[0] - head * (ux - uy * 0.5), end[1] - head * (uy + ux * 0.5))
    right = (end[0] - head * (ux + uy * 0.5), end[1] - head * (uy - ux * 0.5))
    return [
        Polyline((start, end), INK, width_px=5, layer=OVER),
        Polyline((start, end), colour, width_px=3, layer=OVER),
        Polygon((end, left, right), colour, INK, 1, OVER),
    ]


def dice_shapes(at: Point, rolls: Sequence[int], size: float = 0.9) -> list[Shape]:
    """The d10s rolled, as white squares with their numbers, in a row from ``at``."""
    out: list[Shape] = []
    for i, roll in enumerate(rolls):
        x, y = at[0] + i * (size + 0.3), at[1]
        h = size / 2
        square = ((x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h))
        out.append(Polygon(square, DIE_FACE, INK, 2, OVER))
        out.append(Label((x, y), str(roll), INK, 14, OVER))
    return out


def scatter_shapes(
    aim: Point, end: Point, rolls: Sequence[int], caption: str, colour: Colour = FULL
) -> list[Shape]:
    """A scatter: a cross at the aim, the dice beside it, the arrow to the landing point
    and a ring there, ``caption`` under the landing point."""
    d = 0.4
    out: list[Shape] = [
        Polyline(((aim[0] - d, aim[1]), (aim[0] + d, aim[1])), SELECTED, width_px=2, layer=OVER),
        Polyline(((aim[0], aim[1] - d), (aim[0], aim[1] + d)), SELECTED, width_px=2, layer=OVER),
    ]
    out += arrow_shapes(aim, end, colour)
    out.append(Circle(end, 0.35, colour, INK, 2, OVER))
    out += dice_shapes((aim[0] + 0.9, aim[1] - 1.2), rolls)
    out += caption_shapes((end[0], end[1] - 1.0), caption, colour, 14)
    return out


def noise_shapes(
    source: Point, region: Sequence[Point], hearers: Iterable[tuple[Point, float]],
    caption: str, hears_text: str,
) -> list[Shape]:  # fmt: skip
    """The audible region from ``source``, a blue ring and ``hears_text`` on each hearer."""
    out: list[Shape] = []
    if len(region) >= 3:
        out.append(Polygon(tuple(region), NOISE_FILL, NOISE_EDGE, 2, OVER))
    out.append(Circle(source, 0.3, NOISE_EDGE, INK, 2, OVER))
    out += caption_shapes((source[0], source[1] + 0.9), caption, NOISE_EDGE, 14)
    for centre, radius in hearers:
        out.append(ring(centre, radius, HEARS))
        out += caption_shapes((centre[0], centre[1] - radius - 0.7), hears_text, HEARS, 13)
    return out
