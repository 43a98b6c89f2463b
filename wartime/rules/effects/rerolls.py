"""Rerolls, sure passes, criticals and fumbles (``rerolls.yaml``;
engine/core/modifiers.py): mostly the shared vocabulary (``reroll``, ``reroll_on``,
``critical_to``, ``fumble_from``, ``no_critical``, ``auto_pass``), and:

- ``once: activation`` (with ``reroll``): the reroll serves once from the start of one
  activation of the bearer to the next;
- ``rescatter``: the scatter is rolled twice and the shorter kept (read by
  :mod:`wartime.engine.actions.areas`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import Effect


@dataclass(frozen=True, kw_only=True)
class Reroll(Effect):
    once: str | None = None
    rescatter: bool = False


def problems(raw: dict[str, Any]) -> list[str]:
    found = []
    if raw.get("once") not in (None, "activation"):
        found.append(f"once is 'activation', not {raw['once']!r}")
    if raw.get("once") and not raw.get("reroll"):
        found.append("'reroll_on' and 'once' go with 'reroll'")
    return found
