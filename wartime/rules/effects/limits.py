"""Numbers and limits (``limits.yaml``; engine/entries/limits.py).

- ``stat: CdV`` + ``value`` (shared vocabulary): K more (or fewer) on the bearer's CdV,
  wherever a rule reads it (shots, reactions, mind actions, Esconderse...);
- ``forbids`` (shared vocabulary), ``ene_cap`` and ``heavy`` each stand alone;
- ``alc_plus``: K added to the ALC of the bearer's ranged weapons (the one it sits on,
  or all of them), after any ``weapon_alc`` factor, as the profile is built;
- ``ene_cap``: an action that uses a weapon never costs the bearer more ENE than that;
- ``heavy`` (on a weapon): only a user whose CON is above the weapon's DAÑ may attack
  with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import Effect


@dataclass(frozen=True, kw_only=True)
class Limit(Effect):
    alc_plus: int = 0
    ene_cap: int | None = None
    heavy: bool = False


def problems(raw: dict[str, Any]) -> list[str]:
    found = []
    if "alc_plus" in raw and not (isinstance(raw["alc_plus"], int) and raw["alc_plus"]):
        found.append("'alc_plus' is a whole number of K, not 0")
    cap = raw.get("ene_cap")
    if cap is not None and not (isinstance(cap, int) and cap >= 1):
        found.append("'ene_cap' is an ENE of 1 or more")
    limits = [k for k in ("forbids", "ene_cap", "heavy") if raw.get(k) is not None]
    if limits and len(raw) > 1:
        found.append(f"{limits[0]!r} stands alone")
    return found
