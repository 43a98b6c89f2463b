"""Strikes from afar, doom and decoys (``fate.yaml``; engine/entries/godstrike.py,
condemned.py, decoy.py).

- ``godstrike`` (on a weapon or the bearer): its area weapons may aim at any point in the
  open (outside every obstacle) within ALC, in any direction and without LdV; such a
  shot plays with Dispersión and scatters as one without LdV;
- ``condemned``: the bearer carries La mano de la muerte for the whole game, and loses a
  level of CON, AGI, INT and VOL when an activation it began wounded ends without it
  having passed one of its own wounds on;
- ``decoy``: once per game, as the last thing of an activation, the bearer may call it a
  decoy: it goes back to the spot, facing and posture it began the activation with,
  keeping the ENE spent and the wounds dealt or taken.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import Effect, not_alone


@dataclass(frozen=True, kw_only=True)
class Fate(Effect):
    godstrike: bool = False
    condemned: bool = False
    decoy: bool = False


_FATE = ("godstrike", "condemned", "decoy")


def problems(raw: dict[str, Any]) -> list[str]:
    found = [f"{k!r} is true or absent" for k in _FATE if k in raw and raw[k] is not True]
    return found + not_alone(raw, _FATE)
