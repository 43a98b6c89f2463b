"""Setting on fire (``fire.yaml``; engine/entries/fire.py), on the striker.

- ``ignites`` (on the striker): a hit sets the target on fire (Figure.burning): a hit of
  that DAÑ as each of its activations starts; ``douse``: the ENE its burning victim pays
  for a Usar bonus that puts the fire out on a passed CH PSI.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import Effect


@dataclass(frozen=True, kw_only=True)
class Fire(Effect):
    ignites: int = 0
    douse: int = 0


def problems(raw: dict[str, Any]) -> list[str]:
    found = [f"{k!r} is a whole number 1..10" for k in ("ignites", "douse")
             if k in raw and not (isinstance(raw[k], int) and 0 < raw[k] <= 10)]  # fmt: skip
    if bool(raw.get("ignites")) != bool(raw.get("douse")):
        found.append("'ignites' goes with 'douse' (the ENE that puts the fire out)")
    return found
