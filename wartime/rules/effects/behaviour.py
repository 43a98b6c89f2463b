"""Behaviour (``behaviour.yaml``; engine/entries/behaviour.py), on the bearer itself.

- ``no_panic``: a failed CH LOC leaves it out of panic (a fumble still costs the VOL);
- ``attack_psi``: each attack it launches first needs a passed CH PSI; failed, the
  attack is lost (its ENE paid);
- ``must_charge``: while it can make a Cargar in its activation, it charges or hands
  over (with ``unless_ally`` + ``ally_within``: not while such an ally is near);
- ``nearest_target``: its shots go at the nearest enemy it could shoot at.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import Effect


@dataclass(frozen=True, kw_only=True)
class Behaviour(Effect):
    no_panic: bool = False
    attack_psi: bool = False
    must_charge: bool = False
    nearest_target: bool = False


_BEHAVIOUR = ("no_panic", "attack_psi", "must_charge", "nearest_target")


def problems(raw: dict[str, Any]) -> list[str]:
    """Each stands alone, but ``must_charge`` may go with ``unless_ally`` + ``ally_within``."""
    named = [k for k in _BEHAVIOUR if raw.get(k)]
    if not named:
        return ["one of " + ", ".join(_BEHAVIOUR)]
    allowed = {named[0], *(("unless_ally", "ally_within") if raw.get("must_charge") else ())}
    return [f"{named[0]!r} does not go with {k!r}" for k in raw if k not in allowed]
