"""Clouds and lasting areas (``clouds.yaml``; engine/entries/clouds.py,
engine/entries/stopping.py), on a weapon or on the bearer for all its weapons.

- ``smoke`` + ``smoke_imp``: each template it lays leaves a smoke cloud that many K
  across, centred where the template lands; a ranged CH IMP whose line of fire starts
  in, ends in or crosses a cloud takes ``smoke_imp`` (a negative number);
- ``lasting_area``: a template that reaches someone stays where it landed for the rest
  of the game, with the weapon's DAÑ; ``fallout``: a hit that wounds or kills leaves an
  R template that many K across, with the weapon's DAÑ, where the target stood;
  a figure that starts its activation touching a lasting area takes a hit of its DAÑ;
- ``stopping``: a ranged hit that the target meets with its CH DEF (not stopped by
  cover or a shield) pushes it DAÑ + 2 − CON K straight away from where it came;
- ``linear`` (with ``option``): taken with the attack, a G template is laid as an L as
  long as the whole G (stem and head).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import Effect, not_alone, not_reach


@dataclass(frozen=True, kw_only=True)
class Cloud(Effect):
    smoke: float | None = None
    smoke_imp: int = 0
    lasting_area: bool = False
    fallout: float | None = None
    stopping: bool = False
    linear: bool = False


def problems(raw: dict[str, Any]) -> list[str]:
    found = not_reach(raw, ("smoke", "fallout"))
    if (raw.get("smoke") is None) != ("smoke_imp" not in raw):
        found.append("'smoke' and 'smoke_imp' go together")
    if "smoke_imp" in raw and not (isinstance(raw["smoke_imp"], int) and raw["smoke_imp"] < 0):
        found.append("'smoke_imp' is a CH IMP modifier below 0")
    if raw.get("linear") and not raw.get("option"):
        found.append("'linear' goes with 'option'")
    return found + not_alone(raw, ("lasting_area", "fallout", "stopping"))
