"""What happened: every die, ENE spent, move, hit and wound is an event.

Each event carries a Spanish sentence for the log and structured data for
tools; a roll also names its purpose, its target and each modifier, so the
log can explain every result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    kind: str  # "roll", "ene", "move", "hit", "wounds", "turn", ...
    text: str  # for the log, in Spanish
    data: dict[str, Any] = field(default_factory=dict)

    def to_data(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, **self.data}


def roll_event(
    purpose: str,
    roll: int,
    target: int,
    modifiers: tuple[tuple[str, int], ...],
    outcome: str,
    who: str,
    rerolled: int | None = None,
    checked: tuple[str | None, str | None] = (None, None),
) -> Event:
    """A CH: 1D10 against a target number, with every modifier named.

    Its data says it all without reading the text: who rolled, the CH (``check``: IMP,
    DEF, VOL...; ``opposed`` for a CH ENF) and the attribute it rolls on, the base number,
    each modifier as (name, value), the final target, the die (and the one it replaced)
    and the outcome."""
    total = target + sum(v for _, v in modifiers)
    mods = "".join(f", {label} {value:+d}" for label, value in modifiers)
    again = f" (repetida tras un {rerolled})" if rerolled is not None else ""
    verdict = _SPANISH[outcome]
    text = f"{who}: {purpose} — 1D10 = {roll}{again} contra {total} ({target}{mods}): {verdict}"
    data = {
        "who": who,
        "purpose": purpose,
        "check": checked[0],
        "attribute": checked[1],
        "opposed": "ENF" in purpose,
        "roll": roll,
        "target": total,
        "base": target,
        "modifiers": [list(m) for m in modifiers],
        "outcome": outcome,
        "rerolled": rerolled,
    }
    return Event("roll", text, data)


_SPANISH = {"critical": "crítico", "pass": "superado", "fail": "fallado", "fumble": "pifia"}
