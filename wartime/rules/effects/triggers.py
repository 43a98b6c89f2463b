"""Triggers of hits, kills and wounds (``triggers.yaml``; engine/entries/triggers.py), on
the bearer or the weapon it sits on.

- ``hit_psi``: a figure its blows hit checks CH PSI (once the hit is resolved, if it
  still stands); ``kill_psi``: taking an enemy out in CaC makes every enemy within that
  many K of the bearer check CH PSI;
- ``hit_ene``: a figure its blows hit loses that much ENE; ``hit_ene_dan``: as much as
  the weapon's DAÑ (never below the reaction floor, −10); ``stuns``: a figure it hits
  cannot react, and has CH ATR −1, until the end of its next activation;
- ``wound_ene``: ENE for each wound its blows deal (up to 10);
- ``end_wounds``: wounds, with no CH DEF, as each of its activations ends;
- ``fumble_dan``: a fumbled CH IMP's hit on itself has that much more DAÑ;
- ``spikes``: a critical CH DEF in CaC strikes the attacker with that DAÑ (not 1);
- ``own_charge``: its own Cargar reaches that many K farther (a cry's does not add);
  ``own_kill_charge``: taking an enemy out in CaC in its own activation makes its next
  Cargar of that activation reach that many K farther (entries/cries.py);
- ``wrath`` (with ``check`` or ``stat``): the modifier holds only in the activation
  after the bearer survived a wound in CaC (Figure.wrath);
- ``strikes_back``: wounded in CaC and still standing, it strikes the one who wounded
  it once, for free, right away (as Grito de venganza's blow).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import Effect, not_reach, not_whole


@dataclass(frozen=True, kw_only=True)
class Trigger(Effect):
    hit_psi: bool = False
    kill_psi: float = 0.0
    hit_ene: int = 0
    hit_ene_dan: bool = False
    stuns: bool = False
    wound_ene: int = 0
    end_wounds: int = 0
    fumble_dan: int = 0
    spikes: int = 0
    own_charge: float = 0.0
    own_kill_charge: float = 0.0
    wrath: bool = False
    strikes_back: bool = False


_COUNTS = ("hit_ene", "wound_ene", "end_wounds", "fumble_dan", "spikes")
_REACH = ("kill_psi", "own_charge", "own_kill_charge")
_TRIGGERS = ("hit_psi", "hit_ene_dan", "stuns", "strikes_back", *_COUNTS, *_REACH)


def problems(raw: dict[str, Any]) -> list[str]:
    found = not_whole(raw, _COUNTS) + not_reach(raw, _REACH)
    if raw.get("hit_ene") and raw.get("hit_ene_dan"):
        found.append("'hit_ene' and 'hit_ene_dan' do not go together")
    named = [k for k in _TRIGGERS if raw.get(k)]
    if named and raw.get("who", "self") != "self":
        found.append(f"{named[0]!r} is the bearer's own: no 'who'")
    if raw.get("wrath") and not (raw.get("check") or raw.get("stat")):
        found.append("'wrath' goes with 'check' or 'stat'")
    return found
