"""The shortest way for a round base across the table: around solids, areas and bases.

A base of radius r fits where its centre keeps r from every solid it cannot step over
and from the table's edge, and r + R from another base of radius R.  So each solid is
grown by r (its Minkowski sum with the base) and the centre's shortest way is a
polyline that turns only at convex corners of the grown shapes: a visibility graph.

- A grown corner is an arc; it is drawn as a polygon *around* the arc, ARC_STEPS sides
  a quarter, each side touching the arc at its middle (the Minkowski sum with a regular
  polygon around the base).  The polygon holds the true shape, so a way that keeps out
  of it keeps the base clear of the solid.  Its sides along the table's axes lie
  exactly r out, so a gap between walls along an axis is passable when it is as wide as
  the base, as on the physics table; a slanted gap may need up to
  ``1 / cos(π / (4 ARC_STEPS))`` times that (3.5% more: the price of straight sides).
- The grown shapes are drawn SLACK short (the base may touch, as on the physics table,
  whose tolerance is ten times that), and visibility is tested against them drawn
  2 SLACK short: a leg may run along a grown side or touch a grown corner, and two
  shapes that touch (a gap exactly the base's width) stay apart, with a lane between.

The static part (the grown solids, the corners, the visible pairs of corners and the
free room) is prepared once per table and radius by :class:`Clearance`; a query adds
the start, the goal and the other bases, which move.  It adds a base only when the way
found so far runs into it, and searches again: the way that avoids every base it met
and is shortest with them is shortest with all of them, since it avoids the others too.

Why networkx (A* with the straight-line heuristic) over our own visibility graph, and
not extremitypathfinder: extremitypathfinder 2.8 needs Python 3.12 (we support 3.11);
its environment is a boundary and holes fixed when it is prepared, so the bases, which
move, would cost a whole preparation per query, and each of its queries copies the whole
graph.  Here the graph stays, a query puts its few nodes in and takes them out again.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import networkx as nx
import numpy as np
import numpy.typing as npt
import shapely
from shapely.geometry.polygon import orient
from shapely.ops import nearest_points

from wartime.board.shapes import Disc, Point

ARC_STEPS = 3  # straight sides per quarter circle of a grown corner or base
MEMO = 1024  # ways a Clearance remembers (a planner's rollouts ask the same ones again)
SLACK = 1e-7  # K the grown shapes are drawn short: a base may touch (physics.OVERLAP_TOL)
AREA_MARGIN = 0.01  # K a way keeps from an area it may not enter (water for a walker)
_TURN = 1e-12  # a corner whose sides turn less than this (cross product) is straight
_SIDE = 1e-12  # a neighbour this close to a line (cross product) lies on it

Coords = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Way:
    """The centre's polyline from the start to where it ends, and its length in K."""

    points: tuple[Point, ...]
    length: float
    reached: bool  # it ends at the goal; otherwise at the nearest point it can reach


_SIDES = 4 * ARC_STEPS
_ROUND = math.cos(math.pi / _SIDES)  # a side's middle over its corners' reach
# The corners of a regular polygon around the unit circle, its sides square to the axes
# (so a wall along an axis grows by exactly the radius).
_AROUND = np.array(
    [
        (math.cos(a) / _ROUND, math.sin(a) / _ROUND)
        for a in ((k + 0.5) * math.tau / _SIDES for k in range(_SIDES))
    ]
)


def grown(shape: shapely.Polygon, by: float, slack: float = 0.0) -> shapely.Geometry:
    """``shape`` grown by ``by`` K (less ``slack``), as a polygon around the true, rounded
    one: its Minkowski sum with a regular polygon drawn around a circle of that radius,
    taken piece by convex piece (a self-crossing outline is repaired first)."""
    around = _AROUND * (by - slack)
    convex: list[Coords] = []  # the corners of each convex piece
    for part in shapely.get_parts(shapely.make_valid(shape)):
        if isinstance(part, shapely.Polygon) and part.area > 0:
            whole = part.convex_hull.area - part.area <= 1e-12
            pieces = [part] if whole else shapely.constrained_delaunay_triangles(part)
            convex += [np.asarray(p.exterior.coords)[:-1] for p in shapely.get_parts(pieces)]
        else:  # a flat outline still blocks along its edges, as on the physics table
            line = shapely.get_coordinates(part)
            convex += [line[k : k + 2] for k in range(max(1, len(line) - 1))]
    hulls = [
        shapely.MultiPoint((c[:, None, :] + around[None, :, :]).reshape(-1, 2)).convex_hull
        for c in convex
        if len(c)
    ]
    return shapely.union_all(hulls)


class Clearance:
    """Where the centre of a base of ``radius`` may go on a ``size`` table: not nearer the
    edge than its radius, clear of ``solids`` (footprints) grown by it and of ``areas``
    (polygons the centre may not enter).  Prepared once; :meth:`way` answers queries."""

    def __init__(
        self,
        size: tuple[float, float],
        radius: float,
        solids: Sequence[shapely.Polygon],
        areas: Sequence[shapely.Polygon] = (),
    ) -> None:
        width, height = size
        if not (radius > 0 and width > 2 * radius and height > 2 * radius):
            raise ValueError(f"a base of radius {radius} K does not fit a {width}×{height} table")
        self.radius = radius
        self.box = (radius, radius, width - radius, height - radius)
        sized = [(s, radius) for s in solids] + [(a, AREA_MARGIN) for a in areas]
        outline = shapely.union_all([grown(s, by, SLACK) for s, by in sized])
        self.free = shapely.box(*self.box).difference(outline)
        walls = shapely.get_parts(shapely.union_all([grown(s, by, 2 * SLACK) for s, by in sized]))
        shapely.prepare(walls)
        self._walls = walls
        self._wall_tree = shapely.STRtree(walls)
        self.corners, self._before, self._after = _corners(outline, self.box)
        self.graph: nx.Graph[int] = nx.Graph()
        self.graph.add_nodes_from(range(len(self.corners)))
        first, second = _static_pairs(self.corners, self._before, self._after)
        seen = _visible(self.corners[first], self.corners[second], walls)
        first, second = first[seen], second[seen]
        lengths = np.hypot(*(self.corners[second] - self.corners[first]).T)
        self.graph.add_edges_from(
            (int(u), int(v), {"weight": float(d), "edge": k})
            for k, (u, v, d) in enumerate(zip(first, second, lengths, strict=True))
        )
        self._edges = _lines(self.corners[first], self.corners[second])
        self._edge_tree = shapely.STRtree(self._edges)
        # A way depends only on the prepared room and the query's points and discs, so
        # the answers are kept: the AI's rollouts replay the same positions on every
        # determinisation and ask the same ways again (about nine in ten, measured on
        # Complejo industrial).  Oldest first out, so the memory stays bounded.
        self._known: dict[tuple[Point, Point, tuple[tuple[Point, float], ...]], Way] = {}

    # -- the query ------------------------------------------------------------------------

    def way(self, start: Point, goal: Point, bases: Sequence[Disc] = ()) -> Way:
        """The shortest way from ``start`` to ``goal`` around the bases too; when the goal
        cannot be reached (inside a solid, shut off, off the table) the way to the nearest
        point that can.  A start inside a grown shape (a base in contact) first steps out
        to the nearest free point."""
        key = (start, goal, tuple((b.centre, b.radius) for b in bases))
        known = self._known.get(key)
        if known is None:
            known = self._known[key] = self._way(start, goal, bases)
            if len(self._known) > MEMO:
                del self._known[next(iter(self._known))]
        return known

    def forget(self) -> None:
        """Drop the ways kept, so that the next queries are worked out afresh (timed)."""
        self._known.clear()

    def _way(self, start: Point, goal: Point, bases: Sequence[Disc]) -> Way:
        others = _Bases(bases, self.radius)
        lead: tuple[Point, ...] = ()
        if self._blocked(start, others):
            room = self._room(others, start)
            if room is None:
                return Way((start,), 0.0, False)
            lead, start = (start,), _nearest(room, start)
        found = None if self._blocked(goal, others) else self._search(start, goal, others)
        reached = found is not None
        if found is None:
            room = self._room(others, start)
            end = start if room is None else _nearest(room, goal)
            found = self._search(start, end, others) or (start,)
        points = [*lead, *found]
        points = [p for k, p in enumerate(points) if k == 0 or p != points[k - 1]]
        length = sum(math.dist(a, b) for a, b in itertools.pairwise(points))
        return Way(tuple(points), length, reached)

    def _blocked(self, point: Point, others: _Bases) -> bool:
        left, bottom, right, top = self.box
        x, y = point
        if not (left <= x <= right and bottom <= y <= top):
            return True
        spot = shapely.Point(point)
        if len(self._wall_tree.query(spot, predicate="intersects")):
            return True
        return bool(np.any(shapely.intersects(others.walls, spot)))

    def _room(self, others: _Bases, near: Point) -> shapely.Geometry | None:
        """The part of the free room (bases taken out) that holds ``near``, or the nearest."""
        room = self.free
        if len(others):
            room = room.difference(shapely.union_all(others.outlines))
        parts = shapely.get_parts(room)
        if len(parts) == 0:
            return None
        part: shapely.Geometry = parts[int(np.argmin(shapely.distance(parts, shapely.Point(near))))]
        return part

    def _search(self, start: Point, goal: Point, others: _Bases) -> tuple[Point, ...] | None:
        """The shortest way around the solids and the bases it runs into, or None."""
        active: list[int] = []
        while True:
            found = self._astar(start, goal, others, active)
            if found is None:
                return None
            legs = _lines(found[:-1], found[1:])
            rest = [i for i in range(len(others)) if i not in active]
            hit = shapely.STRtree(legs).query(others.walls[rest], predicate="intersects")[0]
            if len(hit) == 0:
                return tuple((float(x), float(y)) for x, y in found)
            active += sorted({rest[int(i)] for i in hit})

    def _astar(self, start: Point, goal: Point, others: _Bases, active: list[int]) -> Coords | None:
        walls = np.concatenate([self._walls, others.walls[active]])
        ends = np.array([start, goal], dtype=float)
        if _visible(ends[:1], ends[1:], walls)[0]:
            return ends
        # the bases' corners that stand in the open, with their neighbours on the ring
        corners, before, after = others.corners(active)
        open_ = _open(corners, walls) & self._inside(corners)
        corners, before, after = corners[open_], before[open_], after[open_]
        n, m = len(self.corners), len(corners)
        points = np.concatenate([self.corners, ends, corners])
        # candidate legs: from the start and the goal to every corner, from each base
        # corner to every corner; each tangent at the corners it joins
        new = np.arange(n, n + 2 + m)
        to = np.arange(n + 2 + m)
        ok = np.ones((len(new), len(to)), dtype=bool)
        everyone_before = np.concatenate([self._before, ends, before])
        everyone_after = np.concatenate([self._after, ends, after])
        ok &= _tangent(points[to], everyone_before, everyone_after, points[new]).T
        ok[2:] &= _tangent(corners, before, after, points[to])
        ok &= new[:, None] > to[None, :]  # each pair once, never a point with itself
        i, j = np.nonzero(ok)
        a, b = new[i], to[j]
        seen = _visible(points[a], points[b], walls)
        a, b = a[seen], b[seen]
        hidden = self._edge_tree.query(others.walls[active], predicate="intersects")[1]
        shut = set(hidden.tolist())
        lengths = np.hypot(*(points[b] - points[a]).T)
        graph = self.graph
        graph.add_nodes_from(new.tolist())
        graph.add_weighted_edges_from(zip(a.tolist(), b.tolist(), lengths.tolist(), strict=True))
        where = points.tolist()
        target = where[n + 1]

        def weight(u: int, v: int, data: dict[str, Any]) -> float | None:
            return None if data.get("edge", -1) in shut else float(data["weight"])

        def heuristic(u: int, _: int) -> float:
            return math.dist(where[u], target)

        try:
            ids: list[int] = nx.astar_path(graph, n, n + 1, heuristic, weight)
        except nx.NetworkXNoPath:
            return None
        finally:
            graph.remove_nodes_from(new.tolist())
        return points[ids]

    def _inside(self, points: Coords) -> npt.NDArray[np.bool_]:
        left, bottom, right, top = self.box
        x, y = points[:, 0], points[:, 1]
        return (left <= x) & (x <= right) & (bottom <= y) & (y <= top)


class _Bases:
    """The other bases, grown by the moving base's radius: outlines, the shapes visibility
    is tested against, and their corners."""

    def __init__(self, bases: Sequence[Disc], radius: float) -> None:
        centres = np.array([b.centre for b in bases], dtype=float).reshape(-1, 1, 2)
        reach = np.array([b.radius + radius for b in bases], dtype=float).reshape(-1, 1, 1)
        self.outlines = _polygons(centres + _AROUND * (reach - SLACK))
        self.walls = _polygons(centres + _AROUND * (reach - 2 * SLACK))
        shapely.prepare(self.walls)

    def __len__(self) -> int:
        return len(self.outlines)

    def corners(self, chosen: list[int]) -> tuple[Coords, Coords, Coords]:
        rings = [np.asarray(orient(self.outlines[i]).exterior.coords)[:-1] for i in chosen]
        if not rings:
            empty = np.empty((0, 2))
            return empty, empty, empty
        ring = np.concatenate(rings)
        before = np.concatenate([np.roll(r, 1, axis=0) for r in rings])
        after = np.concatenate([np.roll(r, -1, axis=0) for r in rings])
        return ring, before, after


def _corners(
    outline: shapely.Geometry, box: tuple[float, float, float, float]
) -> tuple[Coords, Coords, Coords]:
    """The convex corners of the grown shapes inside the box, each with the corner before
    and after it on its ring (holes too: a room shut in by walls)."""
    found: list[Coords] = []
    before: list[Coords] = []
    after: list[Coords] = []
    left, bottom, right, top = box
    for polygon in shapely.get_parts(outline):
        polygon = orient(polygon, 1.0)  # the shape on the left of every ring
        for ring in (polygon.exterior, *polygon.interiors):
            here = np.asarray(ring.coords)[:-1]
            prev, succ = np.roll(here, 1, axis=0), np.roll(here, -1, axis=0)
            (ax, ay), (bx, by) = (here - prev).T, (succ - here).T
            turn = ax * by - ay * bx
            x, y = here[:, 0], here[:, 1]
            keep = (turn > _TURN) & (left <= x) & (x <= right) & (bottom <= y) & (y <= top)
            found.append(here[keep])
            before.append(prev[keep])
            after.append(succ[keep])
    if not found:
        empty = np.empty((0, 2))
        return empty, empty, empty
    return np.concatenate(found), np.concatenate(before), np.concatenate(after)


def _tangent(points: Coords, before: Coords, after: Coords, to: Coords) -> npt.NDArray[np.bool_]:
    """[i, j]: the line from corner ``points[i]`` to ``to[j]`` leaves both of the corner's
    neighbours on one side (a shortest way only ever bends around a corner)."""
    dx = to[None, :, 0] - points[:, None, 0]
    dy = to[None, :, 1] - points[:, None, 1]

    def side(of: Coords) -> npt.NDArray[np.float64]:
        ox, oy = (of - points).T
        cross = dx * oy[:, None] - dy * ox[:, None]
        return np.sign(np.where(np.abs(cross) < _SIDE, 0.0, cross))

    return side(before) * side(after) >= 0


def _static_pairs(
    corners: Coords, before: Coords, after: Coords
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """The pairs of distinct corners whose line is tangent at both."""
    both = _tangent(corners, before, after, corners)
    both &= both.T
    first, second = np.nonzero(np.triu(both, k=1))
    apart = np.any(corners[first] != corners[second], axis=1)
    return first[apart], second[apart]


def _visible(a: Coords, b: Coords, walls: npt.NDArray[np.object_]) -> npt.NDArray[np.bool_]:
    """For each segment a[k]–b[k]: whether it stays clear of every wall."""
    seen = np.ones(len(a), dtype=bool)
    if len(a) == 0 or len(walls) == 0:
        return seen
    segments = _lines(a, b)
    seen[shapely.STRtree(segments).query(walls, predicate="intersects")[1]] = False
    return seen


def _open(points: Coords, walls: npt.NDArray[np.object_]) -> npt.NDArray[np.bool_]:
    """For each point: whether it lies clear of every wall."""
    clear = np.ones(len(points), dtype=bool)
    if len(points) and len(walls):
        spots = np.asarray(shapely.points(points), dtype=object)
        clear[shapely.STRtree(spots).query(walls, predicate="intersects")[1]] = False
    return clear


def _polygons(rings: Coords) -> npt.NDArray[np.object_]:
    """Polygons from an array of rings (counter-clockwise, not closed)."""
    return np.asarray(shapely.polygons(rings), dtype=object).reshape(-1)


def _nearest(room: shapely.Geometry, to: Point) -> Point:
    """The point of ``room`` nearest ``to``."""
    x, y = shapely.get_coordinates(nearest_points(room, shapely.Point(to))[0])[0]
    return float(x), float(y)


def _lines(a: Coords, b: Coords) -> npt.NDArray[np.object_]:
    """The segments a[k]–b[k], as an array of shapely lines."""
    return np.asarray(shapely.linestrings(np.stack([a, b], axis=1)), dtype=object)
