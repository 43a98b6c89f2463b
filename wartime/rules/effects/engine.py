"""Entries the engine's own rules play by name (``engine.yaml``).

- ``played_by``: the engine's own rules play the entry by name, in
  the module named by its path under ``wartime/`` (``engine/core/profiles``: the
  template of Área...), or list building does, in ``rules/legality`` or ``rules/costing``
  (Reliquia, Área despreciable); no other field goes with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import Effect


@dataclass(frozen=True, kw_only=True)
class PlayedBy(Effect):
    played_by: str | None = None


def problems(raw: dict[str, Any]) -> list[str]:
    return [] if set(raw) == {"played_by"} else ["'played_by' stands alone"]
