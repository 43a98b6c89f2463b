"""Targets and reach (``targets.yaml``; engine/entries/targets.py); on a weapon unless
said.

- ``stretch`` (with ``option``): the shot taken with the entry has the weapon's ALC and
  ENE times that;
- ``thrown_dan``: thrown with Lanzar armas / objetos, the weapon reaches CON+AGI K (not
  MOV+CON) and hits with that much more DAÑ;
- ``short_reach``: a ranged weapon of ALC up to that many K serves in Ataque CaC as if
  it had ALC 0; ``long_reach``: a CaC weapon strikes enemies up to that many K away,
  edge to edge, with no need to be engaged;
- ``blind_k`` (``per_level``): no shot at a target within that many K;
- ``any_height``: it reaches targets at any height, in CaC as at range;
- ``sure_shot`` (the bearer's): its shots into a CaC always hit the target it chose;
- on the bearer, about being a target: ``anonymous``: nobody may charge it, nor shoot at
  it while another figure stands within that many K of it; ``horror``: a CaC attack at it
  first needs a passed CH PSI, and a failed one loses the attack; ``radiant``: an enemy
  that starts an activation within that many K checks CH VOL, and failed, its shots go
  at the bearer first; ``cover_def``: DEF that much higher against a hit taken in cover
  (over 50%); ``hides_bare``: it may take Esconderse with no cover;
- ``lifts`` (the bearer's): it may throw the map's throwable objects with Lanzar armas /
  objetos after a CH CON at ``lift_car``, ``lift_lorry`` or ``lift_larger`` for the
  object's size; failed, ``lift_wounds`` wounds with no CH DEF.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import Effect, not_reach, not_whole


@dataclass(frozen=True, kw_only=True)
class Targeting(Effect):
    stretch: int | None = None
    thrown_dan: int = 0
    short_reach: int | None = None
    long_reach: float | None = None
    blind_k: float | None = None
    any_height: bool = False
    sure_shot: bool = False
    anonymous: float | None = None
    horror: bool = False
    radiant: float | None = None
    cover_def: int = 0
    hides_bare: bool = False
    lifts: bool = False  # Súper fuerza (engine/entries/strength.py)
    lift_car: int = 0
    lift_lorry: int = 0
    lift_larger: int = 0
    lift_wounds: int = 0


_REACH = ("stretch", "short_reach", "long_reach", "blind_k", "anonymous", "radiant")
_ALONE = ("thrown_dan", "short_reach", "long_reach", "blind_k", "any_height", "sure_shot",
          "anonymous", "horror", "radiant", "hides_bare")  # fmt: skip


def problems(raw: dict[str, Any]) -> list[str]:
    found = not_reach(raw, _REACH, "a number above 0")
    found += not_whole(raw, ("thrown_dan", "cover_def", "lift_wounds"))
    lifting = [k for k in raw if k.startswith("lift")]
    if lifting and not raw.get("lifts"):
        found.append(f"{lifting[0]!r} goes with 'lifts'")
    shifts = [k for k in ("lift_car", "lift_lorry", "lift_larger") if k in raw]
    found += [f"{k!r} is a whole number of 0 or less" for k in shifts
              if not (isinstance(raw[k], int) and raw[k] <= 0)]  # fmt: skip
    if raw.get("lifts") and set(raw) - {"lifts", *shifts, "lift_wounds"}:
        found.append("'lifts' goes with the lift_ keys only")
    if raw.get("stretch") is not None and not raw.get("option"):
        found.append("'stretch' goes with 'option'")
    alone = [k for k in _ALONE if raw.get(k)]
    allowed = {*alone[:1], "per_level"} if raw.get("blind_k") else set(alone[:1])
    if alone and set(raw) - allowed:
        found.append(f"{alone[0]!r} stands alone")
    return found
