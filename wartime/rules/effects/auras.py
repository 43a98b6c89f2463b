"""Auras, cries and presence (``auras.yaml``; engine/core/modifiers.py,
engine/entries/cries.py, engine/entries/presence.py): ``who: allies``, ``enemies`` or
``all`` with ``within`` K, measured from the bearer.

- ``ene_gain``: ENE at the start of each activation (up to 10);
- ``charge_reach``: K more for the Cargar of the allies within;
- ``kill_charge``: an ally within that takes an enemy out in CaC in its own
  activation has its next Cargar of that activation reach that many K more;
- ``avenge``: an ally within taken out in CaC strikes its killer once, free;
- ``critical_attack``: an ally within that rolls a critical CH IMP in its own
  activation pays ENE 0 for its next attack with a weapon in that activation;
- ``keep_away``: no ally may end a move of its own closer than ``within`` K;
- ``shares_vol`` (``who: allies`` + ``within``): a living ally within uses the
  bearer's VOL when it is higher than its own (initiative, phase, CdV, CH VOL...);
- ``dread`` (``who: enemies``): an enemy that starts an activation within reach
  checks CH PSI once a turn, and any failure brings a CH LOC with this modifier;
  ``within_vol``: the reach is as many K as the bearer's VOL (instead of ``within``);
- ``beacon`` (``within``): templates aimed within it do not scatter, ``distortion``
  effects do not reach figures within it, and reserves of the bearer's side may
  deploy there however near the enemy is;
- ``distortion``: the effect is a distortion, which a beacon cancels;
  ``flight_wounds`` (``within``): a figure that ends a move flying within it, other
  than the bearer, checks CH AGI, then CH CON, and takes that many wounds if both fail;
- ``roller_has``: only on the checks of a figure carrying one of these entries.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import Effect, not_reach, unknown_entries


@dataclass(frozen=True, kw_only=True)
class Aura(Effect):
    ene_gain: int = 0
    charge_reach: float = 0.0
    kill_charge: float = 0.0
    avenge: bool = False
    critical_attack: bool = False
    keep_away: bool = False
    shares_vol: bool = False
    dread: int | None = None
    within_vol: bool = False
    beacon: bool = False
    distortion: bool = False
    flight_wounds: int | None = None
    roller_has: Sequence[str] = ()


_CRIES = ("charge_reach", "kill_charge", "avenge", "critical_attack", "keep_away")


def problems(raw: dict[str, Any]) -> list[str]:
    found = [f"{k!r} is an aura: it needs 'who: allies'" for k in _CRIES
             if raw.get(k) and raw.get("who") != "allies"]  # fmt: skip
    found += not_reach(raw, ("charge_reach", "kill_charge"))
    found += [f"{k!r} needs 'within' K" for k in ("shares_vol", "beacon", "flight_wounds")
              if raw.get(k) and not raw.get("within")]  # fmt: skip
    if raw.get("within_vol") and raw.get("dread") is None:
        found.append("'within_vol' goes with 'dread'")
    if raw.get("dread") is not None and not (raw.get("within") or raw.get("within_vol")):
        found.append("'dread' needs 'within' K or 'within_vol'")
    return found + unknown_entries(list(raw.get("roller_has") or ()))
