"""Round bases on the table: placing and moving them without overlap.

Rulebook, CONCEPTOS BÁSICOS, Peanas: bases are round and may never overlap.
DESIGN.md §8 says how: kinematic moves in chunks, a shape query per
chunk, bisection back to the last free point, then a slide.

The table keeps a pymunk Space holding the solids as static convex shapes and
one kinematic body per base.  The space is never stepped: simulated dynamics
(pivot joints, velocity control) let a fast base tunnel through a thin wall.
Pymunk's BB tree finds what lies near a swept base and closed-form tests in
:mod:`wartime.physics.motion` decide, so a move is exact and deterministic.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import pymunk
import shapely

from wartime.board.shapes import Disc, Point, Solid
from wartime.physics.motion import (
    OVERLAP_TOL,
    TABLE,
    Contact,
    Convex,
    Probe,
    capsule_vs_disk,
    capsule_vs_polygon,
    deeper,
    edge_contact,
    slide_move,
)

_FLAT = 1e-12
"""Area (K²) at or below which a solid or one of its triangles is a sliver."""

_PROBES_KEPT = 4096
"""Probes a table remembers at most between two changes (Table.probe_move)."""


@dataclass(frozen=True)
class MoveResult:
    id: str
    start: Point
    end: Point
    travelled: float  # path length of the straight pieces, slides included; <= budget
    blocked: bool  # stopped short of the goal with budget left: the way is obstructed
    goal: Point
    contacts: tuple[str, ...] = ()  # ids run into on the way, in order ("#table": the edge)
    passed: tuple[Point, ...] = ()  # a walk's points it got to before its goal, in order
    stop: Point | None = None  # a move's: where its straight piece ended (before a slide)

    @property
    def reached(self) -> bool:
        return self.end == self.goal


@dataclass(slots=True)
class _Placed:
    """A base on the table (updated as it moves), its pymunk body and disk."""

    disc: Disc
    body: pymunk.Body
    disk: pymunk.Circle


class Table:
    """The table (0..width, 0..height), its solids and the bases on it.

    Every base on it is always free: no overlap with another base, a solid or
    the table edge beyond OVERLAP_TOL.  Touching is allowed.
    """

    def __init__(
        self, width: float, height: float, solids: Sequence[Solid], bases: Sequence[Disc] = ()
    ) -> None:
        if not (math.isfinite(width) and math.isfinite(height) and width > 0 and height > 0):
            raise ValueError(f"table size must be positive, got {width} x {height}")
        self.width = float(width)
        self.height = float(height)
        self.queries = 0  # pymunk queries and probes so far, for benchmarks
        self._space = pymunk.Space()
        self._owners: dict[pymunk.Shape, tuple[str, str]] = {}  # shape -> (kind, id)
        self._convex: dict[pymunk.Shape, Convex] = {}  # the solids' pieces, for exact tests
        self._bases: dict[str, _Placed] = {}
        self._groups = 0
        self.changes = 0  # bases placed, removed or moved so far: a copy's restore reads it
        # Probes since the last change of the table, by base, start, goal and budget:
        # legal_actions asks some twice (an open way, then the move along it), and a
        # probe depends on nothing else, so any change empties the memo (_changed).
        self._probes: dict[tuple[str, Point, Point, float, type, bool], MoveResult] = {}
        self._add_solids(solids)
        for disc in bases:
            self.place(disc)

    # -- queries -------------------------------------------------------------

    def position(self, base_id: str) -> Point:
        return self._placed(base_id).disc.centre

    def base(self, base_id: str) -> Disc:
        return self._placed(base_id).disc

    @property
    def bases(self) -> tuple[Disc, ...]:
        """The bases on the table, in the order they were placed."""
        return tuple(placed.disc for placed in self._bases.values())

    def holds(self, base_id: str) -> bool:
        """Whether the base is on the table."""
        return base_id in self._bases

    def overlaps(self, disc: Disc, ignore: str | None = None) -> list[str]:
        """Ids of what ``disc`` would overlap where it stands: bases, then
        solids, then "#table" for the edge.  A base never overlaps its own id,
        and ``ignore`` names one more id to leave out."""
        return [ident for _kind, ident in self._overlapping(disc, ignore)]

    # -- changes -------------------------------------------------------------

    def place(self, disc: Disc) -> None:
        """Put a new base on the table, or raise ValueError saying why not."""
        if disc.id in self._bases:
            raise ValueError(f"base {disc.id!r} is already on the table")
        found = self._overlapping(disc, None)
        x, y = disc.centre
        if found:
            what = ", ".join(_describe(kind, ident) for kind, ident in found)
            raise ValueError(
                f"cannot place base {disc.id!r} at ({x:g}, {y:g}): it would overlap {what}"
            )
        self._groups += 1
        body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        body.position = disc.centre
        disk = pymunk.Circle(body, disc.radius)
        # Its own group: this base's moves query the tree with it, so pymunk
        # leaves the moving base out instead of returning it every probe.
        disk.filter = pymunk.ShapeFilter(group=self._groups)
        self._space.add(body, disk)
        self._owners[disk] = ("base", disc.id)
        self._bases[disc.id] = _Placed(replace(disc, centre=(float(x), float(y))), body, disk)
        self._changed()

    def remove(self, base_id: str) -> None:
        placed = self._placed(base_id)
        self._space.remove(placed.body, placed.disk)
        del self._owners[placed.disk]
        del self._bases[base_id]
        self._changed()

    def move_toward(
        self, base_id: str, goal: Point, budget: float, *, over_solids: bool = False
    ) -> MoveResult:
        """Move a base straight toward ``goal`` for at most ``budget`` K of path.

        It stops at the last free point before anything in the way and slides
        along it with what is left of the budget (DESIGN.md §8).  ``over_solids``: only
        bases and the edge stand in its way (a climber goes over walls).
        """
        result = self.probe_move(base_id, goal, budget, over_solids=over_solids)
        self._set_centre(self._placed(base_id), result.end)
        return result

    def walk(self, base_id: str, corners: Sequence[Point], budget: float) -> MoveResult:
        """Move a base along ``corners`` in turn for at most ``budget`` K of path, each
        piece as :meth:`move_toward`; it stops at the first piece that ends short."""
        result = self.probe_walk(base_id, corners, budget)
        self._set_centre(self._placed(base_id), result.end)
        return result

    def probe_walk(self, base_id: str, corners: Sequence[Point], budget: float) -> MoveResult:
        """Where :meth:`walk` would take the base, leaving it where it is."""
        placed = self._placed(base_id)
        if not corners:
            raise ValueError("a walk needs at least one point to go to")
        start = pos = placed.disc.centre
        travelled, blocked, contacts, passed = 0.0, False, [], []
        sweeper = self._sweeper(placed)
        points = [(float(x), float(y)) for x, y in corners]
        if not all(math.isfinite(v) for point in points for v in point):
            raise ValueError(f"a walk's points must be finite, got {points}")
        for corner in points:
            slid = slide_move(pos, corner, budget - travelled, placed.disc.radius, sweeper)
            travelled += slid.travelled
            pos, blocked = slid.end, slid.blocked
            contacts += [c for c in slid.contacts if c not in contacts]
            if pos != corner:
                break
            passed.append(corner)
        return MoveResult(base_id, start, pos, min(travelled, budget), blocked, points[-1],
                          tuple(contacts), tuple(passed[: len(points) - 1]))  # fmt: skip

    def probe_move(
        self, base_id: str, goal: Point, budget: float, *, over_solids: bool = False
    ) -> MoveResult:
        """Where :meth:`move_toward` would take the base, leaving it where it is."""
        placed = self._placed(base_id)
        goal = (float(goal[0]), float(goal[1]))
        if not (math.isfinite(goal[0]) and math.isfinite(goal[1])):
            raise ValueError(f"goal must be a finite point, got {goal}")
        if not budget >= 0:  # also refuses NaN
            raise ValueError(f"budget must be >= 0 K, got {budget}")
        start = placed.disc.centre
        # The budget's type too: an int budget may come back as the travelled length.
        key = (base_id, start, goal, budget, type(budget), over_solids)
        known = self._probes.get(key)
        if known is not None:
            return known
        sweeper = self._sweeper(placed, bases_only=over_solids)
        slid = slide_move(start, goal, budget, placed.disc.radius, sweeper)
        result = MoveResult(
            id=base_id,
            start=start,
            end=slid.end,
            travelled=slid.travelled,
            blocked=slid.blocked,
            goal=goal,
            contacts=slid.contacts,
            stop=slid.stop,
        )
        if len(self._probes) >= _PROBES_KEPT:  # a drag probes many goals on one table
            self._probes.clear()
        self._probes[key] = result
        return result

    # -- internals -----------------------------------------------------------

    def _add_solids(self, solids: Sequence[Solid]) -> None:
        static = self._space.static_body
        for solid in solids:
            for shape in _static_shapes(solid.outline, static):
                self._space.add(shape)
                self._owners[shape] = ("solid", solid.id)
                self._convex[shape] = Convex.of(_vertices(shape))

    def _placed(self, base_id: str) -> _Placed:
        try:
            return self._bases[base_id]
        except KeyError:
            raise KeyError(f"no base {base_id!r} on the table") from None

    def _set_centre(self, placed: _Placed, centre: Point) -> None:
        placed.disc = replace(placed.disc, centre=centre)
        placed.body.position = centre
        self._space.reindex_shapes_for_body(placed.body)
        self._changed()

    def _changed(self) -> None:
        """A base came, went or moved: every probe made so far may now end elsewhere."""
        self.changes += 1
        self._probes.clear()

    def _overlapping(self, disc: Disc, ignore: str | None) -> list[tuple[str, str]]:
        _check_disc(disc)
        centre, radius = disc.centre, disc.radius
        found: set[tuple[str, str]] = set()
        if edge_contact(centre, centre, radius, self.width, self.height):
            found.add(("table", TABLE))
        # A point query measures the exact distance from the centre to each
        # shape (negative inside), where a disk shape query goes through EPA
        # and reports depth 0 for a centre deep inside a polygon.
        self.queries += 1
        for info in self._space.point_query(centre, radius, pymunk.ShapeFilter()):
            kind, ident = self._owners[info.shape] if info.shape else ("", "")
            if ident == ignore or (kind == "base" and ident == disc.id):
                continue
            if radius - info.distance > OVERLAP_TOL:
                found.add((kind, ident))
        return sorted(found)

    def _sweeper(self, placed: _Placed, bases_only: bool = False) -> Probe:
        return _Sweep(self, placed.disc.radius, placed.disk.filter, bases_only)

    def _near(self, bb: pymunk.BB, shape_filter: pymunk.ShapeFilter) -> list[_Near]:
        """What the tree finds near ``bb``, in its order, as the exact tests read it."""
        found = []
        for shape in self._space.bb_query(bb, shape_filter):
            ident = self._owners[shape][1]
            polygon = self._convex.get(shape)
            if polygon is None:  # another base: it stays put while a move is probed
                (x, y), r = self._bases[ident].disc.centre, self._bases[ident].disc.radius
                found.append(_Near(ident, None, (x, y), r, (x - r, y - r, x + r, y + r)))
            else:
                found.append(_Near(ident, polygon, (0.0, 0.0), 0.0, polygon.bounds))
        return found


@dataclass(frozen=True, slots=True)
class _Near:
    """A candidate of a sweep: a solid's convex piece, or another base's disk."""

    ident: str
    polygon: Convex | None  # None for a base
    centre: Point  # the base's (unused for a piece)
    radius: float
    bounds: Box


class _Sweep:
    """The probe for one move: pymunk's BB tree picks the candidates, exact
    capsule tests in :mod:`motion` decide.

    Chipmunk's own narrow phase is not trusted here.  With Chipmunk 2.0.1 a
    segment-with-radius query missed a capsule 0.014 K into a polygon corner
    (its contact clipping found no point), reported depth 0 with normal (0, 0)
    for a core crossing a 0.2 K wall, and flipped the sign of ``distance`` for
    segment-circle pairs.
    """

    __slots__ = ("_bases_only", "_filter", "_narrow", "_radius", "_table", "_wide")

    def __init__(
        self, table: Table, radius: float, shape_filter: pymunk.ShapeFilter, bases_only: bool
    ) -> None:
        self._table = table
        self._radius = radius
        self._filter = shape_filter  # the moving base's own group: it never meets itself
        self._bases_only = bases_only  # solids are no obstacle (a climber's move)
        self._wide: tuple[Box, list[_Near]] | None = None  # the last box the tree was asked
        self._narrow: tuple[Box, list[_Near]] | None = None  # the last probe's box

    def __call__(self, a: Point, b: Point) -> Contact | None:
        table, radius = self._table, self._radius
        table.queries += 1
        box = (
            min(a[0], b[0]) - radius,
            min(a[1], b[1]) - radius,
            max(a[0], b[0]) + radius,
            max(a[1], b[1]) + radius,
        )
        # A probe inside the box of an earlier one (a chunk inside its leg, a bisection
        # step inside its chunk) picks its candidates among that one's: the tree is
        # asked once a leg, and a bisection step looks at the few its chunk met.
        if self._narrow is not None and _contains(self._narrow[0], box):
            pool = self._narrow[1]
        elif self._wide is not None and _contains(self._wide[0], box):
            pool = self._wide[1]
        else:
            self._wide = (box, table._near(pymunk.BB(*box), self._filter))
            pool = self._wide[1]
        # One wholly beside the probe's box is beyond reach: the exact test would find
        # it at least r from the core and say None (the tolerance dwarfs the rounding).
        left, bottom, right, top = box
        found = [
            near
            for near in pool
            if near.bounds[0] <= right and left <= near.bounds[2]
            and near.bounds[1] <= top and bottom <= near.bounds[3]
        ]  # fmt: skip
        self._narrow = (box, found)
        best = edge_contact(a, b, radius, table.width, table.height)
        for near in found:
            if near.polygon is None:
                hit = capsule_vs_disk(a, b, radius, near.centre, near.radius)
            elif self._bases_only:
                continue
            else:
                hit = capsule_vs_polygon(a, b, radius, near.polygon)
            if hit is not None:
                best = deeper(best, Contact(near.ident, hit[1], hit[0]))
        return best


Box = tuple[float, float, float, float]
"""An axis-aligned box: left, bottom, right, top (pymunk.BB's order)."""


def _contains(outer: Box, inner: Box) -> bool:
    """Chipmunk's cpBBContainsBB, here: a call through cffi costs more than the test."""
    return (
        outer[0] <= inner[0] and outer[1] <= inner[1]
        and outer[2] >= inner[2] and outer[3] >= inner[3]
    )  # fmt: skip


def _static_shapes(outline: Sequence[Point], body: pymunk.Body) -> list[pymunk.Shape]:
    """Convex pymunk shapes covering a solid's footprint.

    A self-crossing outline is repaired (it blocks where it covers); a flat one
    still blocks along its edges.
    """
    pieces = []
    if len(outline) >= 3:
        valid = shapely.make_valid(shapely.Polygon(outline))
        pieces = [piece for piece in shapely.get_parts(valid) if piece.area > _FLAT]
    if not pieces:
        ring = [*outline, *outline[:1]]
        return [pymunk.Segment(body, a, b, 0) for a, b in itertools.pairwise(ring) if a != b]
    return [pymunk.Poly(body, part) for piece in pieces for part in _convex_parts(piece)]


def _convex_parts(polygonal: shapely.Geometry) -> list[list[Point]]:
    """Vertex lists of convex pieces that cover ``polygonal`` exactly.

    Chipmunk polygons must be convex (pymunk silently takes the hull), so a
    non-convex footprint is cut into its constrained Delaunay triangles.
    """
    if (
        isinstance(polygonal, shapely.Polygon)
        and polygonal.convex_hull.area - polygonal.area <= _FLAT
    ):
        return [_coords(polygonal)]
    triangles = shapely.get_parts(shapely.constrained_delaunay_triangles(polygonal))
    return [_coords(triangle) for triangle in triangles if triangle.area > _FLAT]


def _coords(polygon: shapely.Polygon) -> list[Point]:
    return [(float(x), float(y)) for x, y in polygon.exterior.coords[:-1]]


def _vertices(shape: pymunk.Shape) -> tuple[Point, ...]:
    if isinstance(shape, pymunk.Poly):  # Chipmunk keeps the hull counter-clockwise
        return tuple((v.x, v.y) for v in shape.get_vertices())
    assert isinstance(shape, pymunk.Segment)
    return ((shape.a.x, shape.a.y), (shape.b.x, shape.b.y))


def _check_disc(disc: Disc) -> None:
    x, y = disc.centre
    if not (math.isfinite(x) and math.isfinite(y)):
        raise ValueError(f"base {disc.id!r}: the centre must be finite, got ({x}, {y})")
    if not (math.isfinite(disc.radius) and disc.radius > 0):
        raise ValueError(f"base {disc.id!r}: the radius must be positive, got {disc.radius}")


def _describe(kind: str, ident: str) -> str:
    return "the table edge" if kind == "table" else f"{kind} {ident!r}"
