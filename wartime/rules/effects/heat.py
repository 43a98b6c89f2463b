"""Fire, heat and reserves (``heat.yaml``; engine/entries/heat.py), on the bearer.

- ``metaability_safe``: a fumble with a metaability brings it no CH PSI and no stress;
- ``immune`` (with ``hit_by_param``): a hit with a weapon whose id names the entry's X
  deals it nothing (no CH DEF, no wounds, none of the striker's entries);
- ``extra_move`` + ``extra_move_wounds``: a Mover, Correr or Esprintar that names the
  entry among its options reaches that many K farther and costs that many wounds.
Batch L: guarding, madness and minds (:mod:`wartime.engine.entries.minds`), on the bearer:
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import Effect


@dataclass(frozen=True, kw_only=True)
class Heat(Effect):
    metaability_safe: bool = False
    immune: bool = False
    extra_move: float = 0.0
    extra_move_wounds: int = 0


def problems(raw: dict[str, Any]) -> list[str]:
    found = []
    if raw.get("immune") and not raw.get("hit_by_param"):
        found.append("'immune' goes with 'hit_by_param'")
    move = raw.get("extra_move")
    if move is not None and not (isinstance(move, int | float) and move > 0):
        found.append("'extra_move' is a number of K above 0")
    if "extra_move_wounds" in raw and move is None:
        found.append("'extra_move_wounds' goes with 'extra_move'")
    return found
