"""Eye/silhouette pairs in their plan frames, the fast path's unit of work."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from wartime.geometry.cover.classes import SAME_SPOT, Bools, Floats, Ints


class Pairs(NamedTuple):
    """Eye/target pairs in their plan frames (see the module docstring).

    Eyes and targets also come grouped (``eyes``, ``shapes``, each pair's
    index into them), so the checks that do not depend on the pair run once
    per figure.
    """

    ex: Floats
    ey: Floats
    ez: Floats
    tx: Floats
    ty: Floats
    half: Floats  # half the silhouette width
    h: Floats
    nx: Floats
    ny: Floats
    dist: Floats
    slope: Floats  # half-width of the plan wedge per unit of depth
    live: Bools  # the silhouette has area and a direction
    eyes: Floats  # (G, 3) distinct eyes, z clamped to the ground
    eye_group: Ints
    shapes: Floats  # (T, 4 or 5) distinct targets: x, y, diameter, height[, base]
    shape_group: Ints
    base: Floats  # the height each silhouette stands at (0: the ground)

    @classmethod
    def build(cls, eyes: Floats, eye_group: Ints, shapes: Floats, shape_group: Ints) -> Pairs:
        eyes = np.column_stack([eyes[:, :2], np.maximum(eyes[:, 2], 0.0)])
        eye, shape = eyes[eye_group], shapes[shape_group]
        dx, dy = shape[:, 0] - eye[:, 0], shape[:, 1] - eye[:, 1]
        dist, half, h = np.hypot(dx, dy), shape[:, 2] / 2, shape[:, 3]
        live = (dist > SAME_SPOT) & (half > 0.0) & (h > 0.0)
        safe = np.where(live, dist, 1.0)
        base = shape[:, 4] if shape.shape[1] > 4 else np.zeros(len(shape))
        return cls(
            eye[:, 0], eye[:, 1], eye[:, 2], shape[:, 0], shape[:, 1], half, h,
            dx / safe, dy / safe, dist, half / safe, live, eyes, eye_group, shapes, shape_group,
            base,
        )  # fmt: skip


def expand(owner: Ints, start: Ints, count: Ints) -> tuple[Ints, Ints]:
    """Every ``(owner[k], start[k] + i)`` for ``i < count[k]``, in order."""
    total = int(count.sum())
    first = np.cumsum(count) - count
    child = np.arange(total) + np.repeat(start - first, count)
    return np.repeat(owner, count), child
