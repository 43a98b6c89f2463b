"""Bodies moved and raised by a metaability (``necromancy.yaml``;
engine/entries/necromancy.py).

- ``raises_dead``: a body (taken out by wounds) within as many K
  as the caster's attribute named (``VOL``) stands up as the caster's puppet,
  with its own CON and AGI 3, INT 1, VOL 1, until the caster's next activation starts;
- ``moves_object``: a body within as many K as the caster's attribute named (``VOL``),
  of CON up to that attribute, goes toward ``Action.point`` up to that many K.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import ATTRIBUTES, Effect, not_alone


@dataclass(frozen=True, kw_only=True)
class Necromancy(Effect):
    raises_dead: str | None = None  # entries/necromancy.py
    moves_object: str | None = None


def problems(raw: dict[str, Any]) -> list[str]:
    found = [f"{k} is one of {ATTRIBUTES}, not {raw[k]!r}" for k in ("raises_dead", "moves_object")
             if raw.get(k) not in (None, *ATTRIBUTES)]  # fmt: skip
    return found + not_alone(raw, ("raises_dead", "moves_object"))
