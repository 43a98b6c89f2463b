"""What happened: every die, ENE spent, move, hit and wound is an event.

Each event carries its log line as a :class:`~wartime.i18n.Message` (a catalogue key and
its values, worded in the language of whoever shows it) and structured data for tools; a
roll also names its purpose, its target and each modifier, so the log can explain every
result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wartime.i18n import Message, say, told


@dataclass(frozen=True)
class Event:
    kind: str  # "roll", "ene", "move", "hit", "wounds", "turn", ...
    message: Message | str  # the log line; a plain str is shown as it is
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The log line in the current language."""
        return told(self.message)

    def to_data(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, **self.data}


def roll_event(
    purpose: Message | str,
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
    and the outcome.  The purpose is kept in data in Spanish, the game's own words."""
    total = target + sum(v for _, v in modifiers)
    mods = "".join(f", {label} {value:+d}" for label, value in modifiers)
    again = "" if rerolled is None else say("log.roll.again", die=rerolled)
    line = say(
        "log.roll",
        who=who,
        purpose=purpose,
        roll=roll,
        again=again,
        total=total,
        target=target,
        mods=mods,
        verdict=say(f"outcome.{outcome}"),
    )
    spanish = told(purpose, "es")
    data = {
        "who": who,
        "purpose": spanish,
        "check": checked[0],
        "attribute": checked[1],
        "opposed": "ENF" in spanish,
        "roll": roll,
        "target": total,
        "base": target,
        "modifiers": [list(m) for m in modifiers],
        "outcome": outcome,
        "rerolled": rerolled,
    }
    return Event("roll", line, data)
