"""The fast path's pieces: straight stretches of each pair's hidden top.

One piece per edge crossing that can decide a column, plus the rare cases of
an eye on or in a footprint and a silhouette standing inside one.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from wartime.geometry.cover.classes import Bools, Floats, Ints
from wartime.geometry.cover.occluders import Occluders
from wartime.geometry.cover.pairs import Pairs, expand

_NEAR = 1e-12  # depth floor, relative to D: keeps the sign of a projection from the eye's side
_TOUCH = 1e-9  # K: an eye this close to a footprint's boundary is on it
_PROXY = 1e-6  # relative depth of the proxy silhouette that reads directions at the eye
_SLACK = 1e-9  # relative depth: how near the silhouette a crossing is "at" it
_EDGE_ON = 1e-12  # sine of the angle under which an edge seen edge-on shows no face


class Pieces(NamedTuple):
    """Straight stretches of the hidden top: ``top(u) = alpha + beta·u`` on ``[lo, hi]``."""

    owner: Ints  # pair index
    lo: Floats
    hi: Floats
    alpha: Floats
    beta: Floats

    @staticmethod
    def concat(parts: list[Pieces]) -> Pieces:
        return Pieces(*(np.concatenate(columns) for columns in zip(*parts, strict=True)))

    def take(self, keep: Bools | Ints) -> Pieces:
        at = np.flatnonzero(keep) if keep.dtype == bool else keep
        return Pieces(self.owner[at], self.lo[at], self.hi[at], self.alpha[at], self.beta[at])


def no_pieces() -> Pieces:
    none = np.zeros(0)
    return Pieces(np.zeros(0, dtype=np.intp), none, none, none, none)


def edge_pieces(pairs: Pairs, occ: Occluders, q: Ints, block: Ints) -> Pieces:
    """One piece per edge crossing that can decide a column's top.

    For an edge at ``A`` (relative to the eye) along ``v``, the column ``u``
    crosses it at ``1/s = (D·v_p − u·v_n) / cross(A, v)``, linear in ``u``.  When
    ``H > e`` the nearest crossing of a footprint decides, and that is always
    an edge the segment enters through; when ``H ≤ e`` the farthest, an exit.
    So only edges facing the eye (resp. facing away) are kept.
    """
    ax, ay = occ.ax[block] - pairs.ex[q, None], occ.ay[block] - pairs.ey[q, None]
    vx, vy = occ.vx[block], occ.vy[block]
    over = occ.block_height[block] - pairs.ez[q]
    cross = ax * vy - ay * vx
    facing = cross * np.where(over > 0.0, -1.0, 1.0)[:, None]
    # An edge whose line runs through the eye, to rounding, is seen edge-on: a segment
    # from the eye can only run along it, touching the prism, or meet it at the eye
    # (the eye's own contacts are handled apart).  Its 1/s would divide by that
    # rounding and raise the top without bound (hypothesis found an eye 1e-33 K off
    # a wall's corner hiding half a silhouette 3 K up).
    reach = _EDGE_ON * _EDGE_ON * (ax * ax + ay * ay) * (vx * vx + vy * vy)
    keep = np.flatnonzero((facing > 0.0) & (facing * facing > reach))
    q, over = q[keep // 4], over[keep // 4]
    ax, ay, vx, vy, cross = (a.ravel()[keep] for a in (ax, ay, vx, vy, cross))
    nx, ny = pairs.nx[q], pairs.ny[q]
    # An entry exactly at the silhouette only touches the prism; an exit there
    # ends a run inside it.  The slack keeps rounding from deciding which.
    far = pairs.dist[q] * np.where(over > 0.0, 1.0 - _SLACK, 1.0 + _SLACK)
    edge = _Edges(
        q, over / cross, far,
        ax * nx + ay * ny, ay * nx - ax * ny, vx * nx + vy * ny, vy * nx - vx * ny,
    )  # fmt: skip
    edge = edge.take(_in_triangle(edge, pairs.slope[q]))
    dist, half = pairs.dist[edge.q], pairs.half[edge.q]
    lo, hi = _project(edge, dist)
    lo, hi = np.maximum(lo, -half), np.minimum(hi, half)
    alpha = pairs.ez[edge.q] + edge.gain * dist * edge.v_p
    return Pieces(edge.q, lo, hi, alpha, -edge.gain * edge.v_n).take(hi > lo)


class _Edges(NamedTuple):
    """Candidate edges in their pair's frame: start ``a`` and vector ``v`` along ``n`` and ``p``."""

    q: Ints
    gain: Floats  # (H − e) / cross(A, v)
    far: Floats  # deepest crossing that counts: D, give or take _SLACK
    a_n: Floats
    a_p: Floats
    v_n: Floats
    v_p: Floats

    def take(self, keep: Ints) -> _Edges:
        return _Edges(
            self.q[keep], self.gain[keep], self.far[keep], self.a_n[keep], self.a_p[keep],
            self.v_n[keep], self.v_p[keep],
        )  # fmt: skip


def _in_triangle(edge: _Edges, slope: Floats) -> Ints:
    """Edges not wholly outside one side of the plan triangle eye–silhouette."""
    b_n, b_p = edge.a_n + edge.v_n, edge.a_p + edge.v_p
    reach_a, reach_b = slope * edge.a_n, slope * b_n
    miss = (edge.a_p > reach_a) & (b_p > reach_b)
    miss |= (edge.a_p < -reach_a) & (b_p < -reach_b)
    miss |= (edge.a_n <= 0.0) & (b_n <= 0.0)
    miss |= (edge.a_n > edge.far) & (b_n > edge.far)
    return np.flatnonzero(~miss)


def _project(edge: _Edges, dist: Floats) -> tuple[Floats, Floats]:
    """The ``u`` range hit by the part of the edge between the eye and the silhouette.

    That part is the edge clipped to depths ``(0, far]`` (a crossing at
    ``s ≤ 1``); its ends are projected from the eye onto the silhouette line.
    """
    a_n, a_p, v_n, v_p, far = edge.a_n, edge.a_p, edge.v_n, edge.v_p, edge.far
    w_eye, w_sil = -a_n / v_n, (far - a_n) / v_n
    ahead = v_n > 0.0
    w_lo = np.maximum(np.where(ahead, w_eye, w_sil), 0.0)
    w_hi = np.minimum(np.where(ahead, w_sil, w_eye), 1.0)
    level = v_n == 0.0
    inside = level & (a_n > 0.0) & (a_n <= far)
    w_lo[level], w_hi[level] = 0.0, 0.0
    w_hi[inside] = 1.0
    floor = _NEAR * dist
    u_lo = dist * (a_p + w_lo * v_p) / np.maximum(a_n + w_lo * v_n, floor)
    u_hi = dist * (a_p + w_hi * v_p) / np.maximum(a_n + w_hi * v_n, floor)
    empty = ~(w_hi > w_lo)  # also catches NaN
    lo, hi = np.minimum(u_lo, u_hi), np.maximum(u_lo, u_hi)
    lo[empty], hi[empty] = np.inf, -np.inf
    return lo, hi


def contact_pieces(pairs: Pairs, occ: Occluders) -> Pieces:
    """Where the silhouette itself stands inside a footprint, it is hidden up to ``H``.

    Only a solid no higher than the eye needs this: under a taller one the
    segment entered the footprint on its way, which already hides ``H`` or
    more.  Found per distinct target, from footprints whose box reaches the
    base.  Read a hair in front of the silhouette: a segment that only
    touches the footprint at its end does not pass through the prism.
    """
    shapes = pairs.shapes
    low = slice(0, int(np.searchsorted(occ.solid_height, pairs.ez.max(), side="right")))
    shape, solid = _near_boxes(occ, low, shapes[:, 0], shapes[:, 1], shapes[:, 2] / 2)
    if len(shape) == 0:
        return no_pieces()
    q, solid = _for_pairs(pairs.shape_group, shape, solid)
    keep = np.flatnonzero(pairs.live[q] & (occ.solid_height[solid] <= pairs.ez[q]))
    ring, lo, hi = _proxy_stretches(pairs, occ, q[keep], solid[keep], 1.0 - _SLACK)
    return _clipped(pairs, q[keep][ring], lo, hi, occ.solid_height[solid[keep][ring]])


def eye_pieces(pairs: Pairs, occ: Occluders, eye: Ints, solid: Ints) -> Pieces:
    """Columns hidden outright because the eye sits on a taller footprint's boundary.

    Those whose segment heads into the footprint run inside the prism from
    the start.  Which ones they are is the inside stretch of a proxy
    silhouette a hair in front of the eye, scaled back up.
    """
    if len(eye) == 0:
        return no_pieces()
    q, solid = _for_pairs(pairs.eye_group, eye, solid)
    keep = np.flatnonzero(pairs.live[q] & (occ.solid_height[solid] > pairs.ez[q]))
    ring, lo, hi = _proxy_stretches(pairs, occ, q[keep], solid[keep], _PROXY)
    return _clipped(pairs, q[keep][ring], lo, hi, np.full(len(ring), np.inf))


def _proxy_stretches(
    pairs: Pairs, occ: Occluders, q: Ints, solid: Ints, depth: float
) -> tuple[Ints, Floats, Floats]:
    """Columns whose segment is inside the footprint at the fraction ``depth`` of the way.

    Read on a line parallel to the silhouette at that depth, then scaled to
    the silhouette's ``u``.
    """
    step = depth * pairs.dist[q]
    line = _Line(
        pairs.ex[q] + step * pairs.nx[q], pairs.ey[q] + step * pairs.ny[q],
        -pairs.ny[q], pairs.nx[q],
    )  # fmt: skip
    ring, lo, hi = _inside_stretches(occ, solid, line)
    return ring, lo / depth, hi / depth


def _for_pairs(group_of_pair: Ints, group: Ints, solid: Ints) -> tuple[Ints, Ints]:
    """Spread (eye or target group, solid) candidates over the pairs of each group."""
    by_group = np.argsort(group_of_pair, kind="stable")
    counts = np.bincount(group_of_pair, minlength=int(group.max(initial=-1)) + 1)
    starts = np.cumsum(counts) - counts
    k, at = expand(np.arange(len(group)), starts[group], counts[group])
    return by_group[at], solid[k]


def _clipped(pairs: Pairs, q: Ints, lo: Floats, hi: Floats, top: Floats) -> Pieces:
    lo, hi = np.maximum(lo, -pairs.half[q]), np.minimum(hi, pairs.half[q])
    return Pieces(q, lo, hi, top, np.zeros(len(q))).take(hi > lo)


class _Line(NamedTuple):
    """Lines through ``(x, y)`` along the unit vector ``(dx, dy)``."""

    x: Floats
    y: Floats
    dx: Floats
    dy: Floats


def _inside_stretches(occ: Occluders, solid: Ints, line: _Line) -> tuple[Ints, Floats, Floats]:
    """Stretches of each line inside its solid's footprint, as line parameters.

    A line's crossings with a simple ring alternate in and out, so sorted
    along the line they pair up.  The sides of a shared vertex are computed
    from identical numbers, so no crossing is counted twice or missed.
    """
    group, block = expand(
        np.arange(len(solid)), occ.solid_blocks[solid], np.diff(occ.solid_blocks)[solid]
    )
    x, y = line.x[group, None], line.y[group, None]
    dx, dy = line.dx[group, None], line.dy[group, None]
    rx, ry = occ.ax[block] - x, occ.ay[block] - y
    side_a = dx * ry - dy * rx
    side_b = dx * (occ.by[block] - y) - dy * (occ.bx[block] - x)
    hit = np.flatnonzero((side_a > 0.0) != (side_b > 0.0))
    row = hit // 4
    sa, sb = side_a.ravel()[hit], side_b.ravel()[hit]
    w = sa / (sa - sb)
    u = (rx.ravel()[hit] + w * occ.vx[block].ravel()[hit]) * dx[row, 0]
    u += (ry.ravel()[hit] + w * occ.vy[block].ravel()[hit]) * dy[row, 0]
    order = np.lexsort((u, group[row]))
    u = u[order]
    return group[row][order][0::2], u[0::2], u[1::2]


def _near_boxes(
    occ: Occluders, solids: slice, x: Floats, y: Floats, reach: Floats | float
) -> tuple[Ints, Ints]:
    """Every (point, solid in the slice) with the solid's box within ``reach`` of the point.

    A cheap test on x over everything, then y and the oriented box (a wall
    piece's own rectangle) on the few left.  1-D indices: 2-D nonzero is slow.
    """
    extent = occ.solid_extent[:, solids]
    r = reach[:, None] if isinstance(reach, np.ndarray) else reach
    flat = np.flatnonzero((x[:, None] + r >= extent[0]) & (x[:, None] - r <= extent[2]))
    point, solid = flat // extent.shape[1], flat % extent.shape[1] + (solids.start or 0)
    r = reach[point] if isinstance(reach, np.ndarray) else reach
    px, py = x[point], y[point]
    extent, box = occ.solid_extent[:, solid], occ.solid_box[:, solid]
    near = (py + r >= extent[1]) & (py - r <= extent[3])
    dx, dy = px - box[0], py - box[1]
    near &= np.abs(dx * box[2] + dy * box[3]) <= box[4] + r
    near &= np.abs(dy * box[2] - dx * box[3]) <= box[5] + r
    keep = np.flatnonzero(near)
    return point[keep], solid[keep]


class EyeContacts(NamedTuple):
    blind: Bools  # per pair: the eye is inside a taller footprint
    eye: Ints  # eye groups on the boundary of a taller footprint ...
    solid: Ints  # ... and that footprint


def eye_contacts(pairs: Pairs, occ: Occluders) -> EyeContacts:
    """Eyes inside, or on the boundary of, a footprint whose solid rises above them.

    Found per distinct eye: footprints whose box holds it, then a crossing-
    number test along +x.  Inside, every segment starts in the prism: the
    pair is blind.  On the boundary (within ``_TOUCH``), only the segments
    heading into the footprint are hidden; see :func:`eye_pieces`.
    """
    eyes = pairs.eyes
    tall = slice(int(np.searchsorted(occ.solid_height, eyes[:, 2].min(), side="right")), None)
    eye, solid = _near_boxes(occ, tall, eyes[:, 0], eyes[:, 1], _TOUCH)
    above = np.flatnonzero(occ.solid_height[solid] > eyes[eye, 2])
    eye, solid = eye[above], solid[above]
    if len(eye) == 0:
        return EyeContacts(np.zeros(len(pairs.live), dtype=bool), eye, solid)
    count = np.diff(occ.solid_blocks)[solid]
    ring, block = expand(np.arange(len(eye)), occ.solid_blocks[solid], count)
    x, y = eyes[eye[ring], :1], eyes[eye[ring], 1:2]
    ry, end_y = occ.ay[block] - y, occ.by[block] - y
    straddle = (ry > 0.0) != (end_y > 0.0)
    right = straddle & (occ.ax[block] - x - ry * occ.vx[block] / occ.vy[block] > 0.0)
    odd = np.bincount(ring, weights=right.sum(axis=1), minlength=len(eye)) % 2 == 1
    touching = (
        np.bincount(ring, weights=_on_edge(occ, block, x, y).sum(axis=1), minlength=len(eye)) > 0
    )
    blind = np.zeros(len(eyes), dtype=bool)
    blind[eye[odd & ~touching]] = True
    return EyeContacts(blind[pairs.eye_group] & pairs.live, eye[touching], solid[touching])


def _on_edge(occ: Occluders, block: Ints, x: Floats, y: Floats) -> Bools:
    """Whether the point lies within ``_TOUCH`` of each (non-empty) edge of the blocks."""
    rx, ry = x - occ.ax[block], y - occ.ay[block]
    vx, vy = occ.vx[block], occ.vy[block]
    length2 = vx * vx + vy * vy
    t = np.clip((rx * vx + ry * vy) / np.where(length2 > 0.0, length2, 1.0), 0.0, 1.0)
    gap2 = (rx - t * vx) ** 2 + (ry - t * vy) ** 2
    return (gap2 <= _TOUCH * _TOUCH) & (length2 > 0.0)
