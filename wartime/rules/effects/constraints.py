"""Actions the catalogue forbids its bearer (``constraints.yaml``;
engine/entries/constraints.py, rules/equipment.py): ``forbids`` only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartime.rules.effects.vocabulary import Effect


@dataclass(frozen=True, kw_only=True)
class Constraint(Effect):
    pass


def problems(raw: dict[str, Any]) -> list[str]:
    return [] if set(raw) == {"forbids"} else ["a constraint is 'forbids' and nothing else"]
