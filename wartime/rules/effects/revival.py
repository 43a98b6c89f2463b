"""Coming back (``revival.yaml``; engine/entries/revival.py), on the bearer.

- ``hero``: taken out by wounds it lies unconscious, not dead, and gets 1 wound back at
  the start of each turn; below CON it stands up again;
- ``phoenix``: taken out by wounds, 1D10 once the action ends: critical, back with no
  wounds; 2 to 5, back with CON−1; 6 to 9, it rolls again as each turn starts; a fumble
  keeps it down for good;
- ``resurrection``: taken out by wounds, 1D10 as each turn starts: a critical brings it
  back with CON−1 wounds;
- ``finisher`` (on the striker): what its blows take out never comes back;
- ``mana``: at the start of each turn the bearer gets that much ENE per level (Figure.mana)
  that only its metaabilities may spend, and spend first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import Effect, not_alone


@dataclass(frozen=True, kw_only=True)
class Revival(Effect):
    hero: bool = False
    phoenix: bool = False
    resurrection: bool = False
    finisher: bool = False
    mana: int = 0


_REVIVAL = ("hero", "phoenix", "resurrection", "finisher", "mana")


def problems(raw: dict[str, Any]) -> list[str]:
    found = []
    if "mana" in raw and not (isinstance(raw["mana"], int) and 0 < raw["mana"] <= 10):
        found.append("'mana' is a whole number 1..10")
    return found + not_alone(raw, _REVIVAL)
