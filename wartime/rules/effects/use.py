"""Movement and use (``use.yaml``; engine/entries/wear.py); each stands alone.

- on the bearer: ``terrain_step``: the ground it moves over counts that many levels
  harder (easy, difficult, extreme; never past extreme); ``burden_con``: with CON at most
  that, it moves as on difficult ground at least (not riding a transport);
  ``turn_limit``: its facing changes by at most that many degrees in one action;
  ``hunt_turn``: after a move it may turn that many degrees more on a passed CH AGI;
  ``fitted`` (on a protection): no TAL contra CON malus for a misfit of 1;
- on what is used (a weapon's attack, or Usar of an object or metaability):
  ``charges``: only as many uses as the entry's X, per figure and item; ``misfire``:
  each use, 1D100 at most that many loses it (its ENE paid); ``use_check``: each use
  first needs a passed CH of that attribute, failed it is lost; ``use_psi``: each use
  brings a CH PSI; ``campaign``: once a figure has used one such weapon it may use no
  other such weapon for the rest of the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import ATTRIBUTES, Effect, not_whole


@dataclass(frozen=True, kw_only=True)
class Wear(Effect):
    terrain_step: int = 0
    burden_con: int | None = None
    turn_limit: int | None = None
    hunt_turn: int | None = None
    fitted: bool = False
    charges: bool = False
    misfire: int | None = None
    use_check: str | None = None
    use_psi: bool = False
    campaign: bool = False


_COUNTS = ("terrain_step", "burden_con", "turn_limit", "hunt_turn", "misfire")
_FIELDS = (*_COUNTS, "fitted", "charges", "use_check", "use_psi", "campaign")


def problems(raw: dict[str, Any]) -> list[str]:
    found = not_whole(raw, _COUNTS)
    if not 0 < raw.get("misfire", 50) < 100:
        found.append("'misfire' is a percent, 1..99")
    if raw.get("use_check") not in (None, *ATTRIBUTES):
        found.append(f"use_check is one of {ATTRIBUTES}, not {raw['use_check']!r}")
    named = [k for k in _FIELDS if k in raw]
    if named and len(raw) > 1:
        found.append(f"{named[0]!r} stands alone")
    return found
