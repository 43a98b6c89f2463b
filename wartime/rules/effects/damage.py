"""Damage, wounds and the CH DEF (``damage.yaml``; engine/core/hits.py).  ``who: targets``
marks what the striker's entries (its own and its weapon's) do to the figure it hits.

- ``critical``: only when the blow's CH IMP was a critical (DAÑ, DEF);
- ``target_has`` / ``target_lacks``: only against a target that carries (or
  does not carry) an entry of that name or tag (``target_has: transporte``, in
  damage: a figure that is a transport, Reventamuros); ``target_attribute`` +
  ``target_min``: only against a target with that attribute at least that
  high; ``within_alc``: only within that fraction of the weapon's ALC;
- ``per_wound``: ``value`` times the bearer's wounds; ``per_hit``: ``value`` times the
  hits in a row on this target that came before (a chain of shots, Figure.volley);
- ``after_charge`` (``stat: DEF``): switched on by a charge's blow with the weapon it
  sits on, for as long as the bearer stays in CaC (Figure.lasting);
- ``weapon_cal``: a change to the CAL of the bearer's weapons, as the profile is built;
- ``no_cover`` (targets): the target gets nothing from its cover;
- ``no_repeat`` (targets): the target may not repeat its CH DEF (rerolls or
  second CH DEF); ``repeat_pass``: a passed CH DEF is rolled again and the
  new roll stands, ``plain`` (a critical stands) or ``any`` pass;
- ``second_def``: after a failed CH DEF, one more with that DEF (``DEF-1``,
  ``DEF/2``, or a number);
- ``no_damage``: the hit's DAÑ counts as 0 (no CH DEF, no wounds), maybe
  only on a die: ``d10_at_most`` (1D10 ≤ N) or ``percent`` (1D100 ≤ N);
- ``pass_saves``: a passed CH DEF takes no wounds; ``pass_wounds`` (targets):
  a passed one (not a critical) takes at least that many; ``wounded_above``:
  no wounds from a hit with DAÑ up to that fraction of the bearer's CON;
- ``hits`` (targets): each hit is defended that many times;
- ``fumble_wounds``: a fumbled CH IMP costs the attacker that many wounds,
  with no CH DEF, instead of the DAÑ 1 hit;
- ``kill_heals``: a blow of the bearer that takes an enemy out heals it that
  many wounds; ``no_healing``: it never recovers wounds;
- ``blunts_charge``: whoever charges the bearer gets no charge bonus;
- ``absorbs``: the entry's levels take the bearer's wounds first, one level
  lost for each;
- ``after_wounding``: only once the bearer has wounded someone in CaC since
  its activation began;
- ``lost_on_fumble``: gone for good once a CH IMP it applies to is fumbled;
- ``own_invocation`` (with ``no_damage``): only against the bearer's own attacks with
  a weapon that carries Invocación (a template on it, the hit of its fumble);
- ``no_fall_damage``: falls deal it no DAÑ;
- ``unarmed_divisor``: its unarmed CaC DAÑ is CON divided by that (rounded half
  up) instead of CON − 4, with no cap on the wounds;
- ``death_blast`` + ``blast_radius`` (``damage.yaml``, on the bearer): taken
  out by wounds, it blows up with that DAÑ over that many K from its base
  edge, each an attribute over a divisor (``CON/2``: half, rounded half up).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import ATTRIBUTES, Effect


@dataclass(frozen=True, kw_only=True)
class Damage(Effect):
    critical: bool = False
    target_has: str | None = None
    target_lacks: str | None = None
    target_attribute: str | None = None
    target_min: int | None = None
    within_alc: float | None = None
    per_wound: bool = False
    no_cover: bool = False
    no_repeat: bool = False
    repeat_pass: str | None = None
    second_def: str | int | None = None
    no_damage: bool = False
    d10_at_most: int | None = None
    percent: int | None = None
    pass_saves: bool = False
    pass_wounds: int | None = None
    wounded_above: float | None = None
    hits: int | None = None
    fumble_wounds: int | None = None
    kill_heals: int | None = None
    no_healing: bool = False
    blunts_charge: bool = False
    absorbs: bool = False
    after_wounding: bool = False
    lost_on_fumble: bool = False
    weapon_cal: int = 0
    per_hit: bool = False
    after_charge: bool = False
    no_fall_damage: bool = False
    unarmed_divisor: int | None = None
    own_invocation: bool = False
    death_blast: str | None = None
    blast_radius: str | None = None


REPEATS = ("plain", "any")
SECOND_DEF = re.compile(r"DEF(?:[-+]\d+|/\d+)?|\d+")
FRACTION_OF = re.compile(r"(CON|AGI|INT|VOL)/([1-9]\d*)")
# What only the striker's entries do to the figure it hits: they need ``who: targets``.
_TARGETS_ONLY = ("no_cover", "no_repeat", "pass_wounds", "hits")


def problems(raw: dict[str, Any]) -> list[str]:
    found = [f"{k!r} needs 'who: targets'" for k in _TARGETS_ONLY if raw.get(k)]
    found = found if raw.get("who") != "targets" else []
    if raw.get("target_attribute") is not None and raw["target_attribute"] not in ATTRIBUTES:
        found.append(f"unknown target_attribute {raw['target_attribute']!r}")
    if (raw.get("target_attribute") is None) != (raw.get("target_min") is None):
        found.append("'target_attribute' and 'target_min' go together")
    if raw.get("repeat_pass") is not None and raw["repeat_pass"] not in REPEATS:
        found.append(f"repeat_pass is one of {REPEATS}, not {raw['repeat_pass']!r}")
    if raw.get("second_def") is not None and not SECOND_DEF.fullmatch(str(raw["second_def"])):
        found.append(f"second_def is DEF-N, DEF/N or a number, not {raw['second_def']!r}")
    if not 0 < raw.get("percent", 50) < 100 or not 0 < raw.get("d10_at_most", 5) < 10:
        found.append("a chance is percent 1..99 or d10_at_most 1..9")
    if (raw.get("percent") or raw.get("d10_at_most")) and not raw.get("no_damage"):
        found.append("a chance goes with 'no_damage'")
    if raw.get("after_charge") and raw.get("stat") != "DEF":
        found.append("'floor' and 'after_charge' go with 'stat: DEF'")
    if raw.get("own_invocation") and not raw.get("no_damage"):
        found.append("'own_invocation' goes with 'no_damage'")
    if raw.get("unarmed_divisor") is not None and not raw["unarmed_divisor"] > 0:
        found.append("unarmed_divisor is a whole number above 0")
    return found + _blast_problems(raw)


def _blast_problems(raw: dict[str, Any]) -> list[str]:
    blast = [raw.get(k) for k in ("death_blast", "blast_radius")]
    found = []
    if (blast[0] is None) != (blast[1] is None):
        found.append("'death_blast' and 'blast_radius' go together")
    found += [f"{b!r} is an attribute over a divisor, such as CON/2" for b in blast
              if b is not None and not FRACTION_OF.fullmatch(str(b))]  # fmt: skip
    return found
