"""Reach, denial, limbs and loads (``reach.yaml``; engine/entries/voice.py, denial.py,
core/anatomy.py, cargo.py).

- ``orator``: the bearer's cries (Grito ...) and metaabilities reach VOL × that many K
  when it is farther than their own reach or ALC;
- ``denies``: the enemy entry the trait's X names (or a tag of one) does nothing against
  the bearer: in checks, DAÑ, the CH DEF and the targeting entries;
- ``spare_limb``: one more useful limb: it stands in for one missing arm (or, with both
  arms, a leg), and it is a fifth expendable limb for Miembros prescindibles;
- ``capacity``: a transport whose X is its load levels: each passenger's base fills one
  level per K² (its diameter squared, rounded up).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import Effect, not_alone


@dataclass(frozen=True, kw_only=True)
class Reach(Effect):
    orator: int = 0
    denies: bool = False
    spare_limb: bool = False
    capacity: bool = False


def problems(raw: dict[str, Any]) -> list[str]:
    found = []
    if "orator" in raw and not (isinstance(raw["orator"], int) and raw["orator"] >= 1):
        found.append("'orator' is a factor on VOL, 1 or more")
    return found + not_alone(raw, ("orator", "denies", "spare_limb", "capacity"))
