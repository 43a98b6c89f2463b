"""Senses and far sight (``senses.yaml``; engine/entries/senses.py), on the bearer unless
said.

- ``sees_through``: within as many K as that attribute (``INT``), obstacles hide nothing
  from its eyes (LdV, Esconderse); the hit still meets them;
- ``unveils``: these enemy entries (Invisible, Mimético) do nothing against its checks;
- ``spider_sense``: it may react to a hidden, silent or Invisible enemy within as many K
  as that attribute (``VOL``), in or out of its CdV, and turns to face it for free;
- ``endless_reach`` (on a weapon or the bearer): no ALC limit and no CdV limit on its
  shots, LdV still needed; out of the CdV only a critical hits, a template scatters;
- ``fine_sight``: the smoke of clouds does not lower its CH IMP;
- ``sees_in_dark``: figures standing in the map's darkness are seen by it (Radar, Luz);
  ``seen_in_dark``: it is seen even standing in the dark (Luz: it carries its light).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import ATTRIBUTES, Effect, not_alone, unknown_entries


@dataclass(frozen=True, kw_only=True)
class Sense(Effect):
    sees_through: str | None = None
    unveils: Sequence[str] = ()
    spider_sense: str | None = None
    endless_reach: bool = False
    fine_sight: bool = False
    sees_in_dark: bool = False
    seen_in_dark: bool = False


_SENSES = ("sees_through", "unveils", "spider_sense", "endless_reach", "fine_sight",
           "sees_in_dark", "seen_in_dark")  # fmt: skip


def problems(raw: dict[str, Any]) -> list[str]:
    found = [f"{k} is one of {ATTRIBUTES}, not {raw[k]!r}" for k in ("sees_through", "spider_sense")
             if k in raw and raw[k] not in ATTRIBUTES]  # fmt: skip
    named = raw.get("unveils")
    if named is not None and not (isinstance(named, list) and named):
        found.append("'unveils' is a list of entries")
    found += unknown_entries(named if isinstance(named, list) else ())
    return found + not_alone(raw, _SENSES)
