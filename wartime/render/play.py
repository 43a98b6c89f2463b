"""What the play screen draws over the battlefield, as pure shapes (no pygame).

- the move under the cursor: its way, coloured by the stride it needs (Mover,
  Correr, Esprintar) or red when refused, with its length and ENE at its end;
- the labels of an attack's targets: the chance to wound over each enemy that can be
  attacked, a red X over each that cannot;
- an area weapon's template at its aim, with the figures it covers;
- the figure that decides, ringed; the casualties, crossed out.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from wartime.board.shapes import Point
from wartime.render.primitives import Circle, Colour, Label, Layer, Polygon, Polyline, Shape

STRIDE_COLOURS: dict[str | None, Colour] = {
    "mover": (70, 170, 90, 255),
    "correr": (230, 180, 40, 255),
    "esprintar": (235, 120, 40, 255),
    None: (210, 50, 50, 255),  # out of reach or refused
}
REFUSED: Colour = (210, 50, 50, 255)
REFUSED_X: Colour = (255, 70, 70, 255)
ACTING: Colour = (255, 255, 255, 255)
TARGET_OK: Colour = (250, 250, 250, 255)
INK: Colour = (20, 20, 20, 255)


def percent(p: Fraction | None) -> str:
    """A chance as a whole percentage, "—" when there is none."""
    return "—" if p is None else f"{round(float(p) * 100)}%"


def move_shapes(
    legs: Sequence[Point], reach: Mapping[str, float], refused: bool, caption: str
) -> list[Shape]:
    """The way a base would walk, each stretch coloured by the stride that reaches it
    (Mover, Correr, Esprintar, then red beyond), with ``caption`` at its end; all red
    when the move is refused."""
    if len(legs) < 2:
        return []
    out: list[Shape] = [Polyline(tuple(legs), INK, width_px=6, layer=Layer.OVERLAY)]
    bands = [] if refused else sorted(reach.items(), key=lambda item: item[1])
    start = 0.0
    for stride, limit in [*bands, (None, math.inf)]:
        piece = _stretch(legs, start, limit)
        if len(piece) >= 2:
            out.append(Polyline(piece, STRIDE_COLOURS[stride], width_px=3, layer=Layer.OVERLAY))
        start = max(start, limit)
    end = legs[-1]
    colour = out[-1].colour if isinstance(out[-1], Polyline) else REFUSED
    out.append(Circle(end, 0.25, colour, INK, 1, Layer.OVERLAY))
    out += caption_shapes((end[0], end[1] + 0.9), caption, colour)
    return out


def _stretch(legs: Sequence[Point], start: float, stop: float) -> tuple[Point, ...]:
    """The part of the polyline ``legs`` between ``start`` and ``stop`` K along it."""
    out: list[Point] = []
    walked = 0.0
    for a, b in itertools.pairwise(legs):
        length = math.dist(a, b)
        lo, hi = max(start, walked), min(stop, walked + length)
        if hi > lo and length > 0:
            t0, t1 = (lo - walked) / length, (hi - walked) / length
            p0 = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
            p1 = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
            if not out or out[-1] != p0:
                out.append(p0)
            out.append(p1)
        walked += length
    return tuple(out)


def caption_shapes(at: Point, caption: str, colour: Colour, size: int = 14) -> list[Shape]:
    """A caption with a dark shadow, readable on any ground."""
    shadow = (at[0] + 0.04, at[1] - 0.04)
    return [
        Label(shadow, caption, INK, size, Layer.OVERLAY),
        Label(at, caption, colour, size, Layer.OVERLAY),
    ]


def target_shapes(
    labels: Iterable[tuple[Point, float, str | None]], hovered: Point | None = None
) -> list[Shape]:
    """Over each target at (position, radius): its caption, or a red X when the caption
    is None (it cannot be attacked); the hovered one ringed."""
    out: list[Shape] = []
    for centre, radius, caption in labels:
        x, y = centre
        if caption is None:  # a red X past the base's rim, edged dark on any colour
            d = radius * 1.15
            for a, b in (((x - d, y - d), (x + d, y + d)), ((x - d, y + d), (x + d, y - d))):
                out.append(Polyline((a, b), INK, width_px=6, layer=Layer.OVERLAY))
                out.append(Polyline((a, b), REFUSED_X, width_px=3, layer=Layer.OVERLAY))
            continue
        out.append(Circle(centre, radius + 0.2, None, TARGET_OK, 2, Layer.OVERLAY))
        out += caption_shapes((x, y + radius + 0.7), caption, TARGET_OK, 15)
        if hovered == centre:
            out.append(Circle(centre, radius + 0.45, None, (255, 220, 90, 255), 3, Layer.OVERLAY))
    return out


def acting_shapes(centre: Point, radius: float) -> list[Shape]:
    """A ring round the figure that must decide."""
    return [Circle(centre, radius + 0.3, None, ACTING, 3, Layer.OVERLAY)]


def casualty_shapes(centres: Iterable[tuple[Point, float]]) -> list[Shape]:
    """A dark cross over each fallen figure."""
    out: list[Shape] = []
    for (x, y), r in centres:
        d = r * 0.7
        out.append(Polyline(((x - d, y - d), (x + d, y + d)), INK, width_px=3, layer=Layer.OVERLAY))
        out.append(Polyline(((x - d, y + d), (x + d, y - d)), INK, width_px=3, layer=Layer.OVERLAY))
    return out


TEMPLATE_FILL: Colour = (250, 200, 60, 70)
TEMPLATE_EDGE: Colour = (250, 200, 60, 255)
HALF: Colour = (250, 200, 60, 255)


def footprint_shapes(
    outline: Sequence[Point],
    full: Iterable[tuple[Point, float]],
    partial: Iterable[tuple[Point, float]],
) -> list[Shape]:
    """An area template laid on the table: translucent, the figures wholly under it
    ringed thick (full DAÑ), those partly under it ringed thin (half DAÑ)."""
    out: list[Shape] = [Polygon(tuple(outline), TEMPLATE_FILL, TEMPLATE_EDGE, 2, Layer.OVERLAY)]
    out += [Circle(c, r + 0.15, None, TEMPLATE_EDGE, 4, Layer.OVERLAY) for c, r in full]
    out += [Circle(c, r + 0.15, None, HALF, 1, Layer.OVERLAY) for c, r in partial]
    return out
