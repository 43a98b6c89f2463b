"""Guarding, madness and minds (``minds.yaml``; engine/entries/minds.py, guards.py), on the
bearer.

- ``outnumbered_flees`` (Gallina): as its activation starts in a CaC where its side is
  outnumbered, its first action must be a Destrabarse while one is open to it;
- ``murderous``: as its activation starts out of CaC, on 1D100 at most that many its first
  action must attack the nearest figure, friend or foe: a shot if it can, else a charge;
- ``void_runes``: once per turn, a metaability an enemy casts on it is cancelled on 1D10
  at most that many; a 1 also costs the caster a CH PSI (failed: 1 stress);
- ``guards`` (Guardaespaldas, entries/guards.py): an ally of the bearer within that many
  K that an enemy declares an attack at may have the bearer step in and take it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import Effect, not_alone


@dataclass(frozen=True, kw_only=True)
class Mind(Effect):
    outnumbered_flees: bool = False
    murderous: int | None = None
    void_runes: int | None = None
    guards: float | None = None


def problems(raw: dict[str, Any]) -> list[str]:
    found = [f"{k!r} is a whole number 1..100" for k in ("murderous", "void_runes")
             if k in raw and not (isinstance(raw[k], int) and 0 < raw[k] <= 100)]  # fmt: skip
    if raw.get("void_runes") is not None and raw["void_runes"] > 10:
        found.append("'void_runes' is a face of 1D10, 1..10")
    if raw.get("guards") is not None and not raw["guards"] > 0:
        found.append("guards is the K within which it steps in: above 0")
    return found + not_alone(raw, ("outnumbered_flees", "murderous", "void_runes"))
