"""Silhouette cover % and line of sight (DESIGN.md §5).

One definition, two implementations, kept apart:

* :mod:`.reference`: :func:`cover_percent_reference`, readable shapely,
  column by column.  It is the **tests' oracle** and nothing else: the
  program never answers a player with it.  tests/test_cover.py holds the
  fast path to it (within 0.5 percentage points; in practice 0.02) on
  seeded random scenes and hypothesis-drawn ones, targets on the ground and
  at movement level 2 alike.
* the fast path, :mod:`.fast` (entry points and culling), :mod:`.pieces`
  and :mod:`.integral` over :class:`Occluders` (:mod:`.occluders`):
  :func:`cover_percent`, :func:`cover_pairs`, :func:`cover_matrix`, numpy,
  exact up to rounding, fast enough to refresh every pair of a 50-figure
  table while a base is dragged.  The engine, the CLI and the overlay use it.

A silhouette may stand above the ground (``base``): 3 K up at movement
level 2, higher on a perch (:func:`wartime.geometry.vision.silhouette_base`).
It spans ``base`` to ``base + height``, and a column hides
``clamp(top − base, 0, height)`` of it.

The geometry both rely on.  Put the silhouette in a plan frame: ``n`` is the
unit vector from the eye to the target centre, ``p`` is ``n`` turned 90° left,
``D`` is the plan distance, and the silhouette column at lateral offset ``u``
stands at ``P(u) = target + u·p``.  The 3D segment from the eye (height ``e``)
to the point ``(P(u), z)`` is, at the fraction ``s`` of its plan length, at
height ``e + s·(z − e)``.  That point is inside a prism of height ``H`` when its
plan point is in the footprint and ``0 ≤ e + s·(z − e) ≤ H``, which is
``z ≤ e + (H − e)/s``; the lower bound never bites because ``e ≥ 0``.  So every
column is hidden from the ground up to

    top(u) = max of e + (H − e)/s over the plan points s of the column's
             segment that lie in a footprint,

and the cover is the mean over ``u`` of ``clamp(top, 0, h)/h``.  The maximum
over one footprint is reached on its boundary: where the segment crosses an
edge, at ``s = 1`` when ``P(u)`` itself is inside (value ``H``), or at
``s = 0`` when the eye is inside (then everything is hidden if ``H > e``).
A segment must run some length inside a prism to pass through it: one that
only touches a footprint (at a vertex, or with its end on a face) passes by,
in both implementations.  Exact coincidences like that are measure-zero
placements, so within about 1e-9 K the two may still round differently.

Degenerate input returns a value instead of raising: a target at the eye's
plan position, a silhouette with no area (height or diameter ≤ 0) and
zero-height solids all give no cover; an eye below the ground is treated as
on it (the contract has no solids below z = 0).

>>> from wartime.board.shapes import Solid
>>> wall = Solid("w", ((4.0, -2.0), (4.2, -2.0), (4.2, 2.0), (4.0, 2.0)), 2.0, 3)
>>> cover_percent((0.0, 0.0, 0.9), (8.0, 0.0), 1.0, 1.0, Occluders.from_solids([wall]))
100.0
>>> cover_class(100.0), line_of_sight(100.0)
('total', 'blocked')
"""

from __future__ import annotations

from wartime.geometry.cover.classes import SNAP, Point3, cover_class, line_of_sight
from wartime.geometry.cover.fast import cover_matrix, cover_pairs, cover_percent
from wartime.geometry.cover.occluders import Occluders
from wartime.geometry.cover.reference import REFERENCE_RESOLUTION, cover_percent_reference

__all__ = [
    "REFERENCE_RESOLUTION",
    "SNAP",
    "Occluders",
    "Point3",
    "cover_class",
    "cover_matrix",
    "cover_pairs",
    "cover_percent",
    "cover_percent_reference",
    "line_of_sight",
]
