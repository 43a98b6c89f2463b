"""Collide-and-slide for one round base, and the exact geometry it needs.

A move is a few straight legs.  Each leg is swept in chunks of at most r/2
(DESIGN.md §8); on contact we bisect back to the last free point and slide
along the contact tangent with what is left of the budget.  The collision
question is asked through a :data:`Probe`, so the pymunk table and the naive
shapely reference in ``tools/bench/drag.py`` run the very same algorithm.

A probe checks the *swept* disk (a capsule from ``a`` to ``b``), not just the
disk at ``b``: point samples alone let a base clip a corner between two
samples.  The capsule tests below are exact, closed-form and pure Python;
Chipmunk's own capsule contacts proved unreliable (see ``bases.py``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from wartime.board.shapes import Point

OVERLAP_TOL = 1e-6
"""Penetration (K) still counted as touching: float noise, not an overlap."""

CONTACT_TOL = 1e-5
"""Bisection stops once the free/blocked bracket is this short (K).  A blocked
base therefore rests within this distance of what stopped it."""

MAX_LEGS = 8
"""Straight pieces per move: the first leg, slides and re-aims at the goal.
Bounds the work where slides keep meeting things (a concave corner, a way
round another base)."""

_SPENT = 1e-12
"""Budget left (K) below which a move is over: float dust after the last leg."""

_WEDGE = 1e-6
"""A slide heading into the previous contact by more than this cosine wedges."""

TABLE = "#table"
"""Owner id reported for the table edge."""


@dataclass(frozen=True)
class Contact:
    """What a swept base ran into: its owner id, the unit normal pointing from
    the base towards it, and how deep the sweep went in (K, > OVERLAP_TOL)."""

    owner: str
    normal: Point
    depth: float


Probe = Callable[[Point, Point], Contact | None]
"""Sweep the moving base's disk from ``a`` (always a free point) to ``b``: the
deepest contact, or None when the whole sweep is free."""


@dataclass(frozen=True)
class Slide:
    end: Point
    travelled: float  # sum of the straight legs, <= budget
    blocked: bool  # stopped short of the goal with budget left
    contacts: tuple[str, ...]  # owners run into, first contact first, no repeats
    stop: Point | None = None  # where the straight piece toward the goal ended


def edge_contact(a: Point, b: Point, radius: float, width: float, height: float) -> Contact | None:
    """The table edge against a disk swept from a to b.

    The table is convex, so the sweep stays on it when both end disks do.
    """
    # Most sweeps stay well inside the table: settle them before building the normals.
    if (
        radius - min(a[0], b[0]) <= OVERLAP_TOL
        and max(a[0], b[0]) + radius - width <= OVERLAP_TOL
        and radius - min(a[1], b[1]) <= OVERLAP_TOL
        and max(a[1], b[1]) + radius - height <= OVERLAP_TOL
    ):
        return None
    depths = (
        (radius - min(a[0], b[0]), (-1.0, 0.0)),
        (max(a[0], b[0]) + radius - width, (1.0, 0.0)),
        (radius - min(a[1], b[1]), (0.0, -1.0)),
        (max(a[1], b[1]) + radius - height, (0.0, 1.0)),
    )
    depth, normal = max(depths)
    return Contact(TABLE, normal, depth) if depth > OVERLAP_TOL else None


def deeper(first: Contact | None, second: Contact | None) -> Contact | None:
    if first is None:
        return second
    if second is None or first.depth >= second.depth:
        return first
    return second


def slide_move(start: Point, goal: Point, budget: float, radius: float, probe: Probe) -> Slide:
    """Move from ``start`` toward ``goal`` along at most ``budget`` K of path."""
    pos, aim = start, goal
    travelled = 0.0
    contacts: list[str] = []
    touching: Point | None = None  # normal of the contact that ended the last leg
    stop: Point | None = None
    for leg in range(MAX_LEGS):
        last = leg == MAX_LEGS - 1
        if last:
            aim = goal  # the last leg goes straight for the goal, so a stop is a contact
        left = budget - travelled
        if left <= _SPENT or pos == goal:
            break
        reached, contact = sweep(pos, _leg_end(pos, aim, left), radius, probe)
        travelled += math.dist(pos, reached)
        pos = reached
        stop = reached if stop is None else stop
        if contact is None:
            aim, touching = goal, None  # got there, spent the budget, or a slide is over
            continue
        if contact.owner not in contacts:
            contacts.append(contact.owner)
        slide = None if last else _slide_aim(pos, goal, contact.normal, touching)
        if slide is None:
            return Slide(pos, min(travelled, budget), True, tuple(contacts), stop or pos)
        aim, touching = slide, contact.normal
    # The legs are each capped by the budget left; only rounding can push the
    # float sum one ulp over it.
    return Slide(pos, min(travelled, budget), False, tuple(contacts), stop or pos)


def _slide_aim(pos: Point, goal: Point, normal: Point, touching: Point | None) -> Point | None:
    """Where to slide after a contact with this normal, or None when stuck:
    nothing to slide along, or the slide heads back into the surface the last
    leg slid along (wedged between two; left alone they trade ever shorter
    slides, each with a bisection)."""
    aim = _tangent_aim(pos, goal, normal)
    if aim is None or touching is None:
        return aim
    dx, dy = aim[0] - pos[0], aim[1] - pos[1]
    if dx * touching[0] + dy * touching[1] > _WEDGE * math.hypot(dx, dy):
        return None
    return aim


def _leg_end(pos: Point, aim: Point, left: float) -> Point:
    """``aim`` itself when the budget reaches it, else the point ``left`` K on."""
    length = math.dist(pos, aim)
    if length <= left:
        return aim
    t = left / length
    return (pos[0] + (aim[0] - pos[0]) * t, pos[1] + (aim[1] - pos[1]) * t)


def sweep(a: Point, b: Point, radius: float, probe: Probe) -> tuple[Point, Contact | None]:
    """The last free point from a toward b, and the contact that stopped it.

    Chunks of at most r/2 (DESIGN.md §8) also keep each probed core clear of
    what it touches (a chunk starts free, so its core stays r/2 away), which
    keeps the contact normal defined.
    """
    length = math.dist(a, b)
    if length == 0:
        return a, None
    # A base dragged into a wall starts every frame pressed against it: one
    # short probe settles that without a bisection.
    pressed = probe(a, _lerp(a, b, min(1.0, CONTACT_TOL / length)))
    if pressed is not None:
        return a, pressed
    # The probe is exact for a capsule of any length: a clear way needs one probe.
    # Chunks are only needed to find where, and against what normal, a base stops.
    if probe(a, b) is None:
        return b, None
    chunks = max(1, math.ceil(length / (radius / 2)))
    lo = a
    for k in range(1, chunks + 1):
        hi = b if k == chunks else _lerp(a, b, k / chunks)
        contact = probe(lo, hi)
        if contact is not None:
            return bisect(lo, hi, contact, probe)
        lo = hi
    return b, None


def bisect(lo: Point, hi: Point, contact: Contact, probe: Probe) -> tuple[Point, Contact]:
    """Shrink [lo, hi] (sweep to lo free, lo..hi blocked) below CONTACT_TOL."""
    while math.dist(lo, hi) > CONTACT_TOL:
        mid = _lerp(lo, hi, 0.5)
        found = probe(lo, mid)
        if found is None:
            lo = mid
        else:
            hi, contact = mid, found
    # The last blocked sweep may be much longer than the final bracket; the
    # bracket itself gives the normal of the surface actually touched.
    return lo, probe(lo, hi) or contact


def _tangent_aim(pos: Point, goal: Point, normal: Point) -> Point | None:
    """Where sliding along the contact gets closest to the goal, or None."""
    rx, ry = goal[0] - pos[0], goal[1] - pos[1]
    into = rx * normal[0] + ry * normal[1]
    if into > 0:  # drop only the part that pushes into what we touch
        rx, ry = rx - into * normal[0], ry - into * normal[1]
    if math.hypot(rx, ry) <= CONTACT_TOL:
        return None
    return (pos[0] + rx, pos[1] + ry)


def _lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


# -- exact capsule tests --------------------------------------------------------
# A capsule is the disk of radius r swept from a to b.  Each test gives how deep
# it reaches into an obstacle (r minus the distance from the core segment a-b to
# the obstacle) and the unit normal from the core toward the obstacle, or None
# when that depth is within OVERLAP_TOL.  When the core itself meets the
# obstacle the normal is undefined and given as (0, 0); a bisected contact never
# gets there.

Plane = tuple[float, float, float]  # unit normal (nx, ny) and offset c: inside where n·p <= c


@dataclass(frozen=True)
class Convex:
    """A convex polygon as vertices (counter-clockwise) and bounding planes.

    Two vertices make a segment, bounded by four planes: both sides and both
    ends.
    """

    vertices: tuple[Point, ...]
    planes: tuple[Plane, ...]
    bounds: tuple[float, float, float, float]  # its bounding box: left, bottom, right, top

    @classmethod
    def of(cls, vertices: Sequence[Point]) -> Convex:
        ring = tuple(vertices)
        if _twice_area(ring) < 0:
            ring = ring[::-1]
        edges = [(v, w) for v, w in zip(ring, ring[1:] + ring[:1], strict=True) if v != w]
        planes = [_plane(v, w) for v, w in edges]
        if len(ring) == 2:  # the two sides come from its two "edges"; add the ends
            (ax, ay), (bx, by) = ring
            length = math.dist(ring[0], ring[1])
            ux, uy = (bx - ax) / length, (by - ay) / length
            planes += [(ux, uy, ux * bx + uy * by), (-ux, -uy, -ux * ax - uy * ay)]
        xs, ys = [x for x, _ in ring], [y for _, y in ring]
        return cls(ring, tuple(planes), (min(xs), min(ys), max(xs), max(ys)))


def _twice_area(ring: Sequence[Point]) -> float:
    pairs = zip(ring, [*ring[1:], *ring[:1]], strict=True)
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in pairs)


def _plane(v: Point, w: Point) -> Plane:
    """The outer side of edge v -> w of a counter-clockwise polygon."""
    ex, ey = w[0] - v[0], w[1] - v[1]
    length = math.hypot(ex, ey)
    nx, ny = ey / length, -ex / length
    return (nx, ny, nx * v[0] + ny * v[1])


def capsule_vs_disk(
    a: Point, b: Point, radius: float, centre: Point, other: float
) -> tuple[float, Point] | None:
    px, py = _closest_on_segment(centre[0], centre[1], a[0], a[1], b[0], b[1])
    nx, ny = centre[0] - px, centre[1] - py
    gap = math.hypot(nx, ny)
    depth = radius + other - gap
    if depth <= OVERLAP_TOL:
        return None
    return depth, ((nx / gap, ny / gap) if gap > 0 else (0.0, 0.0))


def capsule_vs_polygon(
    a: Point, b: Point, radius: float, polygon: Convex
) -> tuple[float, Point] | None:
    # A plane with the whole core at least r outside it settles most
    # candidates in a few multiplications; its margin bounds the distance.
    # The first such plane is enough, so the loop stops there.
    ax, ay, bx, by = a[0], a[1], b[0], b[1]
    clear = radius - OVERLAP_TOL
    margin = -math.inf
    for nx, ny, c in polygon.planes:
        gap = min(nx * ax + ny * ay, nx * bx + ny * by) - c
        if gap >= clear:
            return None
        if gap > margin:
            margin = gap
    if margin <= 0 and not _core_misses(a, b, polygon.vertices):
        return radius, (0.0, 0.0)
    return _nearest(a, b, radius, polygon.vertices)


def _core_misses(a: Point, b: Point, vertices: Sequence[Point]) -> bool:
    """Whether the core's own line separates it from the polygon.

    Called once no plane of the polygon does: with these, the axes of the
    separating-axis test for a segment and a convex polygon are complete.
    """
    mx, my = a[1] - b[1], b[0] - a[0]
    sides = [mx * (vx - a[0]) + my * (vy - a[1]) for vx, vy in vertices]
    return min(sides) > 0 or max(sides) < 0


def _nearest(
    a: Point, b: Point, radius: float, vertices: Sequence[Point]
) -> tuple[float, Point] | None:
    """Depth and normal for a core apart from the polygon: the nearest pair
    has an end of the core or a vertex of the polygon.

    A bisection asks this some fifteen times per stop, so the closest points are
    worked out inline: the very steps of :func:`_closest_on_segment`, each edge's
    vector and squared length once for both ends of the core."""
    best, p, q = math.inf, a, a
    ax, ay, bx, by = a[0], a[1], b[0], b[1]
    sx, sy = bx - ax, by - ay
    core2 = sx * sx + sy * sy
    count = len(vertices)
    for i in range(count):
        vx, vy = vertices[i]
        wx, wy = vertices[(i + 1) % count]
        dx, dy = wx - vx, wy - vy
        edge2 = dx * dx + dy * dy
        for ex, ey in (a, b):
            if edge2 == 0:
                cx, cy = vx, vy
            else:
                t = ((ex - vx) * dx + (ey - vy) * dy) / edge2
                t = 0.0 if t < 0 else 1.0 if t > 1 else t
                cx, cy = vx + t * dx, vy + t * dy
            d2 = (cx - ex) ** 2 + (cy - ey) ** 2
            if d2 < best:
                best, p, q = d2, (ex, ey), (cx, cy)
        if core2 == 0:
            cx, cy = ax, ay
        else:
            t = ((vx - ax) * sx + (vy - ay) * sy) / core2
            t = 0.0 if t < 0 else 1.0 if t > 1 else t
            cx, cy = ax + t * sx, ay + t * sy
        d2 = (vx - cx) ** 2 + (vy - cy) ** 2
        if d2 < best:
            best, p, q = d2, (cx, cy), (vx, vy)
    gap = math.sqrt(best)
    if radius - gap <= OVERLAP_TOL:
        return None
    if gap == 0:  # touching to within underflow: no direction to report
        return radius, (0.0, 0.0)
    return radius - gap, ((q[0] - p[0]) / gap, (q[1] - p[1]) / gap)


def _closest_on_segment(
    px: float, py: float, ax: float, ay: float, bx: float, by: float
) -> tuple[float, float]:
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return ax, ay
    t = ((px - ax) * dx + (py - ay) * dy) / length2
    t = 0.0 if t < 0 else 1.0 if t > 1 else t
    return ax + t * dx, ay + t * dy
