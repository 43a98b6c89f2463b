"""The physical scale: how many centimetres one K measures on a real table (DESIGN §4).

1 K is a human's height, so at a figure scale of ``mm`` millimetres one K is
``mm / 10`` cm (28 mm miniatures: 2.8 cm per K).  The window's settings, the
overlay and the printed templates share these presets.

>>> cm_per_k(28.0)
2.8
"""

from __future__ import annotations

SCALE_PRESETS = (15.0, 28.0, 32.0, 54.0)  # figure scales, mm; 1 K = scale_mm / 10 cm
DEFAULT_SCALE_MM = 28.0
MAX_CM_PER_K = 20.0  # a custom scale above this is a typing slip, not a table


def cm_per_k(scale_mm: float) -> float:
    """Centimetres per K at a figure scale in millimetres."""
    return scale_mm / 10
