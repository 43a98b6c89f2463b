"""Area templates R, L, G and S (ÁREAS; DESIGN.md §5).

A base wholly inside a template is fully covered (full DAÑ); one that
overlaps or touches it is partially covered (half DAÑ).  The attack comes
from the template's centre, which is the direction used for cover.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import shapely

from wartime.board.shapes import Disc, Point
from wartime.geometry.distance import edge_distance
from wartime.rules.dice import Dice
from wartime.rules.tables import parse_shape

DEFAULT_LINE_WIDTH = 1.0  # ruleset `line_width` (DESIGN §7)
JUMP_REACH = 3.0  # S: the next figure must be within 3 K edge to edge
_TOUCH = 1e-9
_ARC_SEGMENTS = 64  # per quarter circle: a radius-2 head strays at most 1.5e-4 K
_ARC_TOLERANCE = 2e-4


@dataclass(frozen=True)
class Template:
    shape: str  # canonical, e.g. "G4/3"
    area: shapely.Geometry
    circle: tuple[Point, float] | None = None  # R templates: exact centre and radius

    @property
    def origin(self) -> Point:
        """The template's centre: where the attack comes from."""
        c = shapely.centroid(self.area)
        return (float(c.x), float(c.y))


@dataclass(frozen=True)
class Coverage:
    full: tuple[str, ...]
    partial: tuple[str, ...]


def _unit(start: Point, toward: Point) -> Point:
    dx, dy = toward[0] - start[0], toward[1] - start[1]
    length = math.hypot(dx, dy)
    if length == 0:
        raise ValueError("the aim point is the attacker's own centre: no direction")
    return (dx / length, dy / length)


def _stem(start: Point, direction: Point, length: float, width: float) -> shapely.Polygon:
    (ux, uy), half = direction, width / 2
    ex, ey = start[0] + ux * length, start[1] + uy * length
    nx, ny = -uy * half, ux * half
    return shapely.Polygon(
        [
            (start[0] + nx, start[1] + ny),
            (start[0] - nx, start[1] - ny),
            (ex - nx, ey - ny),
            (ex + nx, ey + ny),
        ]
    )


def make_template(
    shape: str, aim: Point, attacker: Disc | None = None, line_width: float = DEFAULT_LINE_WIDTH
) -> Template:
    """R is centred on ``aim``; L and G start at the attacker's base edge toward ``aim``."""
    parsed = parse_shape(shape)
    if parsed is None or parsed.kind == "S":
        raise ValueError(f"'{shape}' is not an R, L or G template")
    name = f"G{parsed.size}/{parsed.disk}" if parsed.kind == "G" else f"{parsed.kind}{parsed.size}"
    if parsed.kind == "R":
        disc = shapely.Point(aim).buffer(parsed.size / 2, quad_segs=_ARC_SEGMENTS)
        return Template(name, disc, (aim, parsed.size / 2))
    if attacker is None:
        raise ValueError(
            f"a {parsed.kind} template starts at the attacker's base: give the attacker"
        )
    direction = _unit(attacker.centre, aim)
    start = (
        attacker.centre[0] + direction[0] * attacker.radius,
        attacker.centre[1] + direction[1] * attacker.radius,
    )
    stem = _stem(start, direction, parsed.size, line_width)
    if parsed.kind == "L":
        return Template(name, stem)
    reach = parsed.size + parsed.disk / 2
    centre = (start[0] + direction[0] * reach, start[1] + direction[1] * reach)
    head = shapely.Point(centre).buffer(parsed.disk / 2, quad_segs=_ARC_SEGMENTS)
    return Template(name, shapely.union(stem, head))


def _touched_and_inside(
    template: Template, centres: npt.NDArray[np.float64], radii: npt.NDArray[np.float64]
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """For every base at once: does it overlap or touch the template, is it wholly inside?"""
    if template.circle is not None:  # exact for round templates
        (cx, cy), radius = template.circle
        gaps = np.hypot(centres[:, 0] - cx, centres[:, 1] - cy)
        return gaps <= radius + radii + _TOUCH, gaps + radii <= radius + _TOUCH
    points = np.asarray(shapely.points(centres))
    touched = shapely.distance(template.area, points) <= radii + _TOUCH
    inside = np.zeros(len(radii), dtype=bool)
    # The centres whose disc fits inside the template form its erosion by the base radius,
    # computed once per distinct radius; the tolerance absorbs the polygonal approximation
    # of the G template's round head.
    for radius in np.unique(radii[touched]):
        inner = shapely.buffer(template.area, -radius + _ARC_TOLERANCE, quad_segs=_ARC_SEGMENTS)
        pick = touched & (radii == radius)
        inside[pick] = shapely.covers(inner, points[pick])
    return touched, inside


def coverage(template: Template, bases: Sequence[Disc], exclude: str | None = None) -> Coverage:
    """Bases wholly inside (full) and overlapping or touching (partial) the template."""
    chosen = [b for b in bases if b.id != exclude]
    if not chosen:
        return Coverage((), ())
    centres = np.array([b.centre for b in chosen], dtype=float)
    radii = np.array([b.radius for b in chosen], dtype=float)
    touched, inside = _touched_and_inside(template, centres, radii)
    full = tuple(b.id for b, yes in zip(chosen, inside, strict=True) if yes)
    partial = tuple(
        b.id for b, hit, yes in zip(chosen, touched, inside, strict=True) if hit and not yes
    )
    return Coverage(full, partial)


@dataclass(frozen=True)
class Chain:
    ids: tuple[str, ...]
    tie_rolls: tuple[int, ...]  # d10 rolls that broke ties, in order


def jump_chain(
    target: str, bases: Sequence[Disc], jumps: int, dice: Dice | None = None,
    pick: Callable[[list[str], tuple[str, ...]], str] | None = None,
) -> Chain:  # fmt: skip
    """S{n}: n figures, from the target to the nearest unaffected one within 3 K each time.

    Ties go to ``pick(tied, chain so far)`` when given (the engine asks the attacker);
    otherwise to a d10 per tied figure, lowest roll first (rerolled while tied).
    """
    by_id = {b.id: b for b in bases}
    chain = [by_id[target]]
    rolls: list[int] = []
    while len(chain) < jumps:
        here = chain[-1]
        gaps = {
            b.id: edge_distance(here.centre, here.radius, b.centre, b.radius)
            for b in bases
            if b not in chain
        }
        near = {i: g for i, g in gaps.items() if g <= JUMP_REACH + _TOUCH}
        if not near:
            break
        best = min(near.values())
        tied = sorted(i for i, g in near.items() if g - best <= _TOUCH)
        if len(tied) == 1:
            chosen = tied[0]
        elif pick is not None:
            chosen = pick(tied, tuple(b.id for b in chain))
        else:
            chosen = _break_tie(tied, dice or Dice(0), rolls)
        chain.append(by_id[chosen])
    return Chain(tuple(b.id for b in chain), tuple(rolls))


def _break_tie(tied: list[str], dice: Dice, rolls: list[int]) -> str:
    while True:
        drawn = {i: dice.d10() for i in tied}
        rolls.extend(drawn.values())
        low = min(drawn.values())
        tied = [i for i in tied if drawn[i] == low]
        if len(tied) == 1:
            return tied[0]
