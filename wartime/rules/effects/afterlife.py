"""Death, wounds and blasts (``afterlife.yaml``; engine/entries/afterlife.py), on the
bearer.

- ``explodes``: taken out by wounds, it blows up on 1D100 at most that many (100:
  always); ``explosion`` says how: ``hit_mov``, the DAÑ of the hit that took it out over
  as many K as its MOV; ``half_hit``, half that DAÑ (rounded half up) over as many K as
  that half; ``fumble_explodes``: a fumbled CH IMP of its own, once resolved, blows it up
  on 1D100 at most that many (``half_hit`` of the weapon's DAÑ);
- ``acid_blood``: each time a blow wounds it, every enemy in CaC with it takes 1 wound
  with no CH DEF, and one of that enemy's protections loses CAL 1;
- ``stress_splash``: each time a blow wounds it, every enemy in CaC with it gains 1
  stress, with no check.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import Effect


@dataclass(frozen=True, kw_only=True)
class Afterlife(Effect):
    explodes: int | None = None
    explosion: str | None = None
    fumble_explodes: int | None = None
    acid_blood: bool = False
    stress_splash: bool = False


EXPLOSIONS = ("hit_mov", "half_hit")


def problems(raw: dict[str, Any]) -> list[str]:
    found = [f"{k!r} is a percent, 1..100" for k in ("explodes", "fumble_explodes")
             if k in raw and not (isinstance(raw[k], int) and 0 < raw[k] <= 100)]  # fmt: skip
    if raw.get("explodes") is not None and raw.get("explosion") not in EXPLOSIONS:
        found.append(f"'explodes' goes with 'explosion', one of {EXPLOSIONS}")
    if raw.get("explosion") is not None and raw.get("explodes") is None:
        found.append("'explosion' goes with 'explodes'")
    if raw.get("fumble_explodes") is not None and raw.get("explosion") != "half_hit":
        found.append("'fumble_explodes' goes with 'explosion: half_hit'")
    return found
