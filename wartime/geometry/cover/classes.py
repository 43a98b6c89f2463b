"""Cover classes and line of sight from a cover %, shared by both implementations.

Also the small vocabulary both use: the 3D point, the numpy array types, and
the snapping that keeps rounding from tipping a class at exactly 0 or 100.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

Point3 = tuple[float, float, float]

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.intp]
Bools = npt.NDArray[np.bool_]

SNAP = 1e-7  # percentage points: classes hinge on exact 0 and 100, so rounding must not tip them
SAME_SPOT = 1e-12  # K: a target this close to the eye in plan has no direction


def cover_class(percent: float) -> str:
    """``none`` (0), ``partial`` (≤ 50), ``over_half`` (> 50) or ``total`` (100).

    >>> [cover_class(c) for c in (0.0, 50.0, 50.1, 100.0)]
    ['none', 'partial', 'over_half', 'total']
    """
    if percent <= 0.0:
        return "none"
    if percent >= 100.0:
        return "total"
    return "partial" if percent <= 50.0 else "over_half"


def line_of_sight(percent: float) -> str:
    """``clear`` with no cover, ``blocked`` with total cover, else ``partial``.

    >>> [line_of_sight(c) for c in (0.0, 99.0, 100.0)]
    ['clear', 'partial', 'blocked']
    """
    if percent <= 0.0:
        return "clear"
    return "blocked" if percent >= 100.0 else "partial"


def snap(percent: Floats) -> Floats:
    out = np.clip(percent, 0.0, 100.0)
    out[out < SNAP] = 0.0
    out[out > 100.0 - SNAP] = 100.0
    return out
