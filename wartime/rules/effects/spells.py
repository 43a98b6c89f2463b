"""Spells a metaability carries (``spells.yaml``; engine/entries/spells.py): each happens
once, when a Usar of the metaability that carries it lands on its target (after the
enemy's CH VOL ENF and any Runas de vacío); each stands alone.

- ``calms``: an enemy target leaves panic, loses its stress and any fury (calm);
- ``sleeps``: a calm enemy target (no panic, no stress, no fury) falls asleep, knocked
  out as by Noquear (a casualty until an ally tends it);
- ``displaces``: an enemy target slides toward ``Action.point`` up to as many K as the
  caster's attribute named (``INT``), stopped by walls and bases, never ending within
  1 K of a figure of the caster's side;
- ``suppresses``: the entry or metaability the action's option names stops working on
  the target (Figure.suppressed) until the caster's next activation starts;
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import ATTRIBUTES, Effect, not_alone


@dataclass(frozen=True, kw_only=True)
class Spell(Effect):
    calms: bool = False
    sleeps: bool = False
    displaces: str | None = None
    suppresses: bool = False


def problems(raw: dict[str, Any]) -> list[str]:
    found = []
    if raw.get("displaces") not in (None, *ATTRIBUTES):
        found.append(f"displaces is one of {ATTRIBUTES}, not {raw['displaces']!r}")
    return found + not_alone(raw, ("calms", "sleeps", "displaces", "suppresses"))
