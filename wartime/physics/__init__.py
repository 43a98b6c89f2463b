"""Physics of the table (DESIGN.md §2, §8): round bases placed and moved
without overlapping each other, the solids or the table edge.  pymunk, no
pygame; plain values in and out.
"""

from wartime.physics.bases import MoveResult, Table
from wartime.physics.motion import CONTACT_TOL, OVERLAP_TOL, TABLE

__all__ = ["CONTACT_TOL", "OVERLAP_TOL", "TABLE", "MoveResult", "Table"]
