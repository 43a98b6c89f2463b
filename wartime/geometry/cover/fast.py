"""The fast path: exact cover % for many pairs at once, in numpy.

The public entry points (:func:`cover_percent`, :func:`cover_pairs`,
:func:`cover_matrix`) and the first stage, which culls the edge blocks per
pair with one matrix product.  The pieces of the hidden top come from
:mod:`.pieces` and are integrated in :mod:`.integral`.  The shapely
reference (:mod:`.reference`) is what the tests hold all of this to.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from wartime.board.shapes import Point
from wartime.geometry.cover.classes import Floats, Ints, Point3, snap
from wartime.geometry.cover.integral import hidden_length, wholly_hidden
from wartime.geometry.cover.occluders import Occluders
from wartime.geometry.cover.pairs import Pairs
from wartime.geometry.cover.pieces import (
    Pieces,
    contact_pieces,
    edge_pieces,
    eye_contacts,
    eye_pieces,
)

_WEDGE_SLICE = 1 << 16  # pairs × blocks per matrix product: small products keep OpenBLAS off
# its second thread, which stalls for milliseconds when the other core is busy
_EDGE_SLICE = 6000  # candidate blocks per pass: the temporaries stay in cache
_DEPTH_BANDS = (0.3, 0.6)  # shares of the distance: the near blocks first, then the rest
_BANDED = 4000  # candidate blocks from which the bands pay for their extra passes


def cover_percent(
    eye: Point3, target: Point, diameter: float, height: float, occluders: Occluders,
    base: float = 0.0,
) -> float:  # fmt: skip
    """Cover % of one silhouette (fast path; same contract as the reference)."""
    return float(cover_pairs([eye], [target], [diameter], [height], occluders, [base])[0])


def cover_pairs(
    eyes: Sequence[Point3] | Floats,
    targets: Sequence[Point] | Floats,
    diameters: Sequence[float] | Floats,
    heights: Sequence[float] | Floats,
    occluders: Occluders,
    bases: Sequence[float] | Floats | None = None,
) -> Floats:
    """Cover % for aligned pairs: entry ``k`` is target ``k`` seen from eye ``k``.

    ``bases``: the height each silhouette stands at (none: all on the ground).

    One vectorised pass for any set of pairs, e.g. the row and the column of
    a dragged figure.
    """
    eye = np.asarray(eyes, dtype=float).reshape(-1, 3)
    shape = _silhouettes(targets, diameters, heights, bases)
    eye_runs, shape_runs = _runs(eye), _runs(shape)
    pairs = Pairs.build(
        eye[eye_runs.start], eye_runs.group, shape[shape_runs.start], shape_runs.group
    )
    return _cover(pairs, occluders)


def _silhouettes(
    targets: Sequence[Point] | Floats,
    diameters: Sequence[float] | Floats,
    heights: Sequence[float] | Floats,
    bases: Sequence[float] | Floats | None,
) -> Floats:
    """One row per silhouette: x, y, diameter, height and, when given, the base height."""
    shape = np.column_stack([np.asarray(targets, dtype=float).reshape(-1, 2), diameters, heights])
    return shape if bases is None else np.column_stack([shape, bases])


class _RunGroups(NamedTuple):
    start: Ints  # first row of each run
    group: Ints  # run of each row


def _runs(rows: Floats) -> _RunGroups:
    """Runs of equal consecutive rows: a dragged figure's row and column repeat one eye or target.

    Cheaper than a full deduplication, which would save little more.
    """
    new = np.ones(len(rows), dtype=bool)
    new[1:] = np.any(rows[1:] != rows[:-1], axis=1)
    return _RunGroups(np.flatnonzero(new), np.cumsum(new) - 1)


def cover_matrix(
    eyes: Sequence[Point3] | Floats,
    targets: Sequence[Point] | Floats,
    diameters: Sequence[float] | Floats,
    heights: Sequence[float] | Floats,
    occluders: Occluders,
    bases: Sequence[float] | Floats | None = None,
) -> Floats:
    """``[i, j]`` = cover % of figure ``j`` seen from figure ``i``'s eye; diagonal 0.

    ``bases``: the height each figure stands at (none: all on the ground).
    """
    count = len(eyes)
    if not len(targets) == len(diameters) == len(heights) == count:
        raise ValueError("cover_matrix needs one eye, target, diameter and height per figure")
    out = np.zeros((count, count))
    flat = np.flatnonzero(~np.eye(count, dtype=bool))
    i, j = flat // count, flat % count
    eye = np.asarray(eyes, dtype=float).reshape(-1, 3)
    out[i, j] = _cover(Pairs.build(eye, i, _silhouettes(targets, diameters, heights, bases), j),
                       occluders)  # fmt: skip
    return out


def _cover(pairs: Pairs, occ: Occluders) -> Floats:
    # Divisions by zero and their NaNs are expected below and handled where they
    # arise; one context here is cheaper than one per helper.
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        return _cover_quietly(pairs, occ)


def _cover_quietly(pairs: Pairs, occ: Occluders) -> Floats:
    out = np.zeros(len(pairs.live))
    if occ.n_solids == 0 or not pairs.live.any():
        return out
    q, block = _candidate_blocks(pairs, occ)
    found = _edge_pieces_near_first(pairs, occ, q, block)
    eyes = eye_contacts(pairs, occ)
    found += [contact_pieces(pairs, occ), eye_pieces(pairs, occ, eyes.eye, eyes.solid)]
    pieces = Pieces.concat(found)
    live = pairs.live
    out[live] = 100.0 * hidden_length(pieces, pairs)[live] / (2.0 * pairs.half[live])
    out[eyes.blind] = 100.0
    out[~live] = 0.0
    return snap(out)


def _edge_pieces_near_first(pairs: Pairs, occ: Occluders, q: Ints, block: Ints) -> list[Pieces]:
    """The edge pieces of the candidate blocks, nearer blocks first.

    On a cluttered table most pairs are wholly hidden, and by something near the
    eye.  So the blocks are taken in bands of depth (their circle's centre, as a
    share of the pair's distance); after each band, a pair already wholly hidden
    (integral.wholly_hidden) skips the farther blocks, which could not change its
    100 %.  The other pairs get every piece, as if taken in one go: their cover
    does not depend on the order of the pieces.  A small batch (a dragged
    figure's row and column) is taken in one band: the extra passes would cost
    more than they save, and a pair's cover is the same bits either way.
    """
    circle = occ.block_circle
    depth = (circle[0, block] - pairs.ex[q]) * pairs.nx[q]
    depth = (depth + (circle[1, block] - pairs.ey[q]) * pairs.ny[q]) / pairs.dist[q]
    found: list[Pieces] = []
    hidden = np.zeros(len(pairs.live), dtype=bool)
    bands = (-np.inf, *_DEPTH_BANDS, np.inf) if len(q) >= _BANDED else (-np.inf, np.inf)
    for near, far in itertools.pairwise(bands):
        pick = np.flatnonzero((depth >= near) & (depth < far) & ~hidden[q])
        bq, bb, step = q[pick], block[pick], _EDGE_SLICE
        found += [edge_pieces(pairs, occ, bq[k : k + step], bb[k : k + step])
                  for k in range(0, len(bq), step)]  # fmt: skip
        if far < np.inf and found:
            hidden = wholly_hidden(Pieces.concat(found), pairs)
    return found


def _candidate_blocks(pairs: Pairs, occ: Occluders) -> tuple[Ints, Ints]:
    """Blocks whose circle may touch the pair's plan triangle eye–silhouette.

    Never a false no.  Touching the triangle needs the circle to reach into
    each of the four half-planes bounding it (the two sides of the wedge, the
    eye's side of the silhouette line, the silhouette's side of the eye's
    line), a test linear in the circle's ``(x, y, 1, r)``: so all pairs ×
    blocks is a matrix product, done in slices.
    """
    live = np.flatnonzero(pairs.live)
    step = max(1, _WEDGE_SLICE // max(occ.block_circle.shape[1], 1))
    found = [_wedge_hits(pairs, occ, live[k : k + step]) for k in range(0, len(live), step)]
    return np.concatenate([q for q, _ in found]), np.concatenate([b for _, b in found])


def _wedge_hits(pairs: Pairs, occ: Occluders, q: Ints) -> tuple[Ints, Ints]:
    """Rows ``(a, b, c, d)`` with ``a·x + b·y + c − d·r > 0`` meaning "misses"; see above."""
    nx, ny, slope = pairs.nx[q], pairs.ny[q], pairs.slope[q]
    eye_n = pairs.ex[q] * nx + pairs.ey[q] * ny
    eye_p = pairs.ey[q] * nx - pairs.ex[q] * ny
    widen = -np.sqrt(1.0 + slope * slope)  # the side normals are not unit vectors
    tests = np.array([
        [-nx, -ny, eye_n, -np.ones_like(nx)],  # behind the eye
        [nx, ny, -eye_n - pairs.dist[q], -np.ones_like(nx)],  # beyond the silhouette
        [-ny - slope * nx, nx - slope * ny, slope * eye_n - eye_p, widen],  # left of the wedge
        [ny - slope * nx, -nx - slope * ny, slope * eye_n + eye_p, widen],  # right of it
    ])  # fmt: skip
    worst = (tests.transpose(0, 2, 1).reshape(-1, 4) @ occ.block_circle).reshape(4, len(q), -1)
    np.maximum(worst[0], worst[1], out=worst[0])
    np.maximum(worst[2], worst[3], out=worst[2])
    np.maximum(worst[0], worst[2], out=worst[0])
    hit = np.flatnonzero(worst[0] <= 0.0)
    return q[hit // worst.shape[2]], hit % worst.shape[2]
