"""What a figure can see: the part of its CdV where a figure standing there would show.

Issue 14's "what a figure can see" toggle.  The CdV (DESIGN §5) is the closed
half-plane in front of the viewer, out to VOL×5 K edge to edge; walls and
buildings cut it by their heights, so a knee-high wall hides nothing of a
standing figure and a figure at level 2 looks over a 2 K wall.

The region is made of the positions (base centres) of a standing target (1 K
tall on a 1 K base unless told otherwise) whose silhouette is not wholly hidden:
cover below 100 % by the exact fast path of geometry/cover.  Those positions are
sampled on a polar grid round the viewer (every ``step`` K out, every
``arc_step`` degrees round), and each run of visible samples along a ray becomes
an annular sector; so the boundary is right to about half a step.  A position is
in the CdV when some point of the target's base is (the base may straddle the
line through the viewer's centre), which the final clip keeps.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt
import shapely

from wartime.board.shapes import Point
from wartime.geometry.cover import Occluders, cover_pairs
from wartime.geometry.vision import Point3, facing_vector, vision_range

STEP = 0.25  # K between samples along a ray
ARC_STEP = 1.0  # degrees between rays
_SIDE_REACH = 30.0  # degrees past ±90°: where a base behind the line may still straddle it


def visible_area(
    eye: Point3,
    facing: float,
    vol: int,
    occluders: Occluders,
    *,
    viewer_radius: float = 0.5,
    target_diameter: float = 1.0,
    target_height: float = 1.0,
    target_base: float = 0.0,
    step: float = STEP,
    arc_step: float = ARC_STEP,
) -> shapely.Geometry:
    """Where a target standing with its centre would be at least partly visible and in the
    CdV of the viewer whose ``eye`` is given (plan position = its base centre).

    ``target_base``: the height the target stands at (3 K at level 2: vision.silhouette_base).
    An empty polygon when nothing is visible.
    """
    half = target_diameter / 2
    reach = vision_range(vol) + viewer_radius + half  # centre to centre
    angles, radii = _grid(facing, reach, step, arc_step)
    cx, cy = eye[0], eye[1]
    xs = cx + radii[None, :] * np.cos(angles)[:, None]
    ys = cy + radii[None, :] * np.sin(angles)[:, None]
    targets = np.column_stack([xs.ravel(), ys.ravel()])
    count = len(targets)
    covers = cover_pairs(
        np.repeat(np.asarray([eye], dtype=float), count, axis=0), targets,
        np.full(count, target_diameter), np.full(count, target_height), occluders,
        np.full(count, target_base),
    )  # fmt: skip
    seen = (covers < 100.0).reshape(len(angles), len(radii))  # total cover snaps to exactly 100
    sectors = [
        _sector((cx, cy), angle, radii[a] - step / 2, radii[b - 1] + step / 2, arc_step)
        for row, angle in zip(seen, angles, strict=True)
        for a, b in _runs(row)
    ]
    if not sectors:
        return shapely.Polygon()
    return shapely.intersection(shapely.union_all(sectors), _arc((cx, cy), facing, reach, half))


def _grid(
    facing: float, reach: float, step: float, arc_step: float
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    span = 90.0 + _SIDE_REACH
    count = math.ceil(2 * span / arc_step)
    degrees = facing - span + (np.arange(count) + 0.5) * (2 * span / count)
    radii = (np.arange(math.ceil(reach / step), dtype=float) + 0.5) * step
    return np.radians(degrees), radii


def _runs(row: npt.NDArray[np.bool_]) -> list[tuple[int, int]]:
    """``(start, end)`` of each run of True, end exclusive."""
    edges = np.flatnonzero(np.diff(np.concatenate([[0], row.astype(np.int8), [0]])))
    return [(int(a), int(b)) for a, b in zip(edges[0::2], edges[1::2], strict=True)]


def _sector(
    centre: Point, angle: float, inner: float, outer: float, width: float
) -> shapely.Polygon:
    """The annular sector ``width`` degrees wide round ``angle`` between two radii."""
    half = math.radians(width) / 2 * (1 + 1e-6)  # a hair wider: neighbours overlap, no slivers
    a, b = angle - half, angle + half
    inner = max(inner, 0.0)
    points = [
        (centre[0] + r * math.cos(t), centre[1] + r * math.sin(t))
        for r, t in ((inner, a), (outer, a), (outer, b), (inner, b))
    ]
    return shapely.Polygon(points)


def _arc(centre: Point, facing: float, reach: float, half: float) -> shapely.Geometry:
    """The CdV for target centres: within ``reach`` and at most ``half`` behind the line."""
    fx, fy = facing_vector(facing)
    disc = shapely.Point(centre).buffer(reach, quad_segs=64)
    big = 2 * reach + 1.0
    back = (centre[0] - fx * half, centre[1] - fy * half)
    side = (-fy * big, fx * big)
    ahead = shapely.Polygon([
        (back[0] + side[0], back[1] + side[1]),
        (back[0] - side[0], back[1] - side[1]),
        (back[0] - side[0] + fx * big, back[1] - side[1] + fy * big),
        (back[0] + side[0] + fx * big, back[1] + side[1] + fy * big),
    ])  # fmt: skip
    return shapely.intersection(disc, ahead)
