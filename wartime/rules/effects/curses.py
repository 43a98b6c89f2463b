"""Curses, poison, overheating and drugs (``curses.yaml``; engine/entries/curses.py,
engine/core/poison.py), on the striker or the weapon it sits on unless said.

- ``inflicts``: a figure its blows hit (still standing) carries that catalogue entry for
  the rest of the game; ``inflicts_param``: the same with the entry the X names (a
  malus); ``on_wound``: only when the blow dealt it a wound;
- ``destabilises``: a figure its blows hit and leave standing has its magazines emptied,
  loses the figure it marked, and its bonuses (entries of positive cost) stop working
  until its next activation starts (Figure.suppressed);
- ``poison``: a blow that wounds a living target poisons it (Figure.poisoned) until Curar
  or an Elixir cures it (entries/curses.py);
- on the bearer: ``overheats``: a transport with at least that many wounds checks CH DEF
  after each movement action, and takes a wound when it fails; ``ejects``: when its
  transport explodes the rider is thrown 1D10 K clear of the blast;
- on an object: ``addiction``: each Usar of it makes the user an addict on 1D100 at most
  that many (Figure.addicted); an addict that went a whole turn without it suffers
  withdrawal as its next activation starts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import Effect, unknown_entries


@dataclass(frozen=True, kw_only=True)
class Curse(Effect):
    inflicts: str | None = None
    inflicts_param: bool = False
    on_wound: bool = False
    overheats: int | None = None
    destabilises: bool = False
    ejects: bool = False
    poison: bool = False
    addiction: int | None = None


_CURSES = ("inflicts", "inflicts_param", "overheats", "destabilises", "ejects", "poison",
           "addiction")  # fmt: skip


def problems(raw: dict[str, Any]) -> list[str]:
    named = raw.get("inflicts")
    found = [f"inflicts an {p}" for p in unknown_entries([named])]
    if raw.get("on_wound") and not (named is not None or raw.get("inflicts_param")):
        found.append("'on_wound' goes with 'inflicts' or 'inflicts_param'")
    if "overheats" in raw and not (isinstance(raw["overheats"], int) and raw["overheats"] >= 1):
        found.append("'overheats' is a number of wounds, 1 or more")
    chance = raw.get("addiction")
    if chance is not None and not (isinstance(chance, int) and 0 < chance < 100):
        found.append("'addiction' is a percent, 1..99")
    kinds = [k for k in _CURSES if raw.get(k) not in (None, False)]
    curse = kinds[:1] in (["inflicts"], ["inflicts_param"])
    allowed = {*kinds[:1], "on_wound"} if curse else set(kinds[:1])
    if kinds and set(raw) - allowed:
        found.append(f"{kinds[0]!r} stands alone")
    return found
