"""Solids prepared once per map for the fast path: edges in blocks, bounding shapes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from wartime.board.shapes import Solid
from wartime.geometry.cover.classes import Floats, Ints


@dataclass(frozen=True, eq=False)
class Occluders:
    """Solids prepared once per map for the fast path (read-only numpy arrays).

    Each footprint's edges run counter-clockwise and are stored in blocks of
    four consecutive edges, the last block padded with zero-length edges
    (they hide nothing).  Every block has a bounding circle, so one matrix
    product tests every block against every pair's plan wedge, and the
    surviving blocks are then handled as whole rows of four edges.  Whole
    footprints keep a bounding box along their longest edge (a wall piece's
    own rectangle), for the rare eye or silhouette standing inside one.
    Zero-height and zero-area solids are left out: they hide nothing.
    """

    ax: Floats  # (B, 4) edge start x
    ay: Floats  # (B, 4) edge start y
    vx: Floats  # (B, 4) edge vector x (end − start)
    vy: Floats  # (B, 4) edge vector y
    bx: Floats  # (B, 4) edge end x: the next edge's start, bit for bit, so
    by: Floats  # (B, 4) edge end y: crossing parity never sees a vertex twice
    block_height: Floats  # (B,)
    block_circle: Floats  # (4, B): centre x, centre y, 1, radius: the wedge test's features
    solid_extent: Floats  # (4, S): x min, y min, x max, y max
    solid_box: Floats  # (6, S): centre x, y, unit axis x, y, half-length, half-width
    solid_height: Floats  # ascending: the inside checks each want only a slice
    solid_blocks: Ints  # (S + 1,) solid i owns blocks solid_blocks[i]:solid_blocks[i + 1]

    @classmethod
    def from_solids(cls, solids: Sequence[Solid]) -> Occluders:
        rings = [(r, s.height) for s in solids if s.height > 0.0 and (r := _ccw(s)) is not None]
        rings.sort(key=lambda ring: ring[1])
        blocks = [_blocks(ring) for ring, _ in rings]
        counts = np.array([len(b) for b in blocks], dtype=np.intp)
        edges = np.concatenate(blocks) if blocks else np.zeros((0, 4, 2, 2))
        heights = np.array([h for _, h in rings], dtype=float)
        boxes = np.array([_oriented_box(r) for r, _ in rings]).reshape(-1, 6)
        extents = np.array([[*r.min(axis=0), *r.max(axis=0)] for r, _ in rings]).reshape(-1, 4)
        fields = dict(
            ax=edges[:, :, 0, 0], ay=edges[:, :, 0, 1],
            vx=edges[:, :, 1, 0] - edges[:, :, 0, 0], vy=edges[:, :, 1, 1] - edges[:, :, 0, 1],
            bx=edges[:, :, 1, 0], by=edges[:, :, 1, 1],
            block_height=np.repeat(heights, counts), block_circle=_block_circles(edges),
            solid_extent=extents.T, solid_box=boxes.T, solid_height=heights,
            solid_blocks=np.concatenate([[0], np.cumsum(counts)]).astype(np.intp),
        )  # fmt: skip
        return cls(**{name: _frozen(value) for name, value in fields.items()})

    @property
    def n_solids(self) -> int:
        return len(self.solid_height)

    @property
    def n_edges(self) -> int:
        return int(np.count_nonzero(np.hypot(self.vx, self.vy)))


def _frozen(value: npt.NDArray[Any]) -> npt.NDArray[Any]:
    array = np.ascontiguousarray(value)
    array.flags.writeable = False
    return array


def _ccw(solid: Solid) -> Floats | None:
    ring = np.asarray(solid.outline, dtype=float).reshape(-1, 2)
    if len(ring) < 3:
        return None
    x, y = ring[:, 0], ring[:, 1]
    area2 = float(x @ np.roll(y, -1) - y @ np.roll(x, -1))
    if area2 == 0.0:
        return None
    return ring if area2 > 0 else ring[::-1].copy()


def _blocks(ring: Floats) -> Floats:
    """The ring's edges as ``(blocks, 4, start/end, xy)``, padded at the closing vertex."""
    pad = -len(ring) % 4
    starts = np.vstack([ring, np.repeat(ring[:1], pad, axis=0)])
    ends = np.vstack([np.roll(ring, -1, axis=0), np.repeat(ring[:1], pad, axis=0)])
    return np.stack([starts, ends], axis=1).reshape(-1, 4, 2, 2)


def _oriented_box(ring: Floats) -> tuple[float, ...]:
    """Centre, unit axis and half-sizes of a box round the ring, along its longest edge."""
    edges = np.roll(ring, -1, axis=0) - ring
    axis = edges[np.argmax(np.hypot(*edges.T))]
    axis = axis / np.hypot(*axis)
    normal = np.array([-axis[1], axis[0]])
    along, across = ring @ axis, ring @ normal
    centre = (along.min() + along.max()) / 2 * axis + (across.min() + across.max()) / 2 * normal
    halves = np.array([np.ptp(along), np.ptp(across)]) / 2
    halves = halves * (1 + 1e-9) + 1e-9  # rounding must never leave a point out
    return (*centre, *axis, *halves)


def _block_circles(edges: Floats) -> Floats:
    """Rows ``x, y, 1, r``: a circle round each block's edge ends (the wedge test's features)."""
    if len(edges) == 0:
        return np.zeros((4, 0))
    points = edges.reshape(len(edges), -1, 2)
    centre = (points.min(axis=1) + points.max(axis=1)) / 2
    radius = np.hypot(*(points - centre[:, None]).transpose(2, 0, 1)).max(axis=1, initial=0.0)
    margin = radius * 1e-9 + 1e-9  # rounding must never make the test say no
    return np.vstack([centre.T, np.ones(len(edges)), radius + margin])
