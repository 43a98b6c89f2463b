"""Modifiers to checks and numbers, with their conditions (``checks.yaml``;
engine/core/modifiers.py).

- ``chosen``: only in the action its parameter names (Maestría (Correr)), with the
  weapon or item it names, or with the weapon it sits on;
- ``with_entry``: only when the bearer also carries that entry;
- ``after_turn``: ``value`` times the turns played beyond that one;
- ``fixed``: that check is made against this number, whatever else applies;
- ``cancels``: the modifier of that label (e.g. "superioridad numérica") is
  dropped from the check;
- ``streak``: only on the Nth or later of an unbroken chain of ranged attacks
  with the weapon, in the bearer's own activation (Figure.volley);
  ``same_target``: the chain counts only the attacks at this same target;
- ``paired``: only with a CaC weapon while the bearer carries another one, and
  neither needs both hands (A 2 manos);
- ``transport_motion`` (with ``cancels``): only when the malus comes from a
  transport under way, the shooter's or its target's;
- ``flank``: only when the striker stands more than 45° off the
  target's facing (a flank or the back);
- ``when: melee`` on ``stat: DEF``: the DEF that blows struck in CaC meet;
  ``floor``: the bearer's DEF, with its own entries, never below that number;
- ``focus``: Concentrarse gives that much more a use;
- ``strength``: CON counts that much more for CaC DAÑ, Embestir, carrying objects
  and sobrecarga;
- ``attribute`` + ``value``: the attribute itself changes, as the profile is
  built, when the character carries the entry (not on a weapon, not granted);
- ``vol_is_turn``: the bearer's VOL is the number of the turn being played.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import ATTRIBUTES, Effect, unknown_entries


@dataclass(frozen=True, kw_only=True)
class CheckModifier(Effect):
    chosen: bool = False
    with_entry: str | None = None
    after_turn: int | None = None
    fixed: int | None = None
    cancels: str | None = None
    focus: int = 0
    streak: int | None = None
    same_target: bool = False
    paired: bool = False
    transport_motion: bool = False
    flank: bool = False
    floor: int | None = None
    strength: int = 0
    attribute: str | None = None
    vol_is_turn: bool = False


def problems(raw: dict[str, Any]) -> list[str]:
    found = unknown_entries([raw.get("with_entry")])
    streak = raw.get("streak")
    if streak is not None and not (isinstance(streak, int) and streak > 1):
        found.append("streak is the place in the chain it starts at: 2 or more")
    if raw.get("same_target") and streak is None:
        found.append("'same_target' goes with 'streak'")
    if raw.get("transport_motion") and not raw.get("cancels"):
        found.append("'transport_motion' goes with 'cancels'")
    if raw.get("floor") is not None and raw.get("stat") != "DEF":
        found.append("'floor' and 'after_charge' go with 'stat: DEF'")
    if raw.get("attribute") is not None and raw["attribute"] not in ATTRIBUTES:
        found.append(f"attribute is one of {ATTRIBUTES}, not {raw['attribute']!r}")
    if raw.get("attribute") is not None and "value" not in raw:
        found.append("'attribute' needs a 'value'")
    return found
