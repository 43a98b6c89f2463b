"""Bombs left on the table (``mines.yaml``; engine/entries/mines.py), on a weapon or an
object.

- ``tripwire``: dropped (Soltar, X = its ENE) or used (Usar), the piece stays on the
  table, armed once the acting Pj's activation is over; the first figure whose base
  then comes within its ALC in K sets it off: its Área template (or everything within
  its ALC) with the weapon's DAÑ, or an object's CAL;
- ``homing`` (alone): a bomb that leaps at the figure that set it off when it is that
  many K away or less, and bursts centred on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import Effect, not_alone, not_reach


@dataclass(frozen=True, kw_only=True)
class Trap(Effect):
    tripwire: bool = False
    homing: float | None = None


def problems(raw: dict[str, Any]) -> list[str]:
    return not_reach(raw, ("homing",)) + not_alone(raw, ("tripwire", "homing"))
