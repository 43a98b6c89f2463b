"""Player decisions: small frozen values, saved as plain mappings in game files."""

from __future__ import annotations

import math
import reprlib
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from wartime.board.shapes import Point
from wartime.errors import IllegalActionError
from wartime.i18n import Message, Reason, say, told


@dataclass(frozen=True)
class Action:
    """One decision: ``kind`` says what; the other fields are its arguments.

    Kinds: ``initiative`` (figure rolls for its side), ``activate`` (figure
    starts acting), ``end`` (hand over), or an action id of the rulebook's
    list (``mover``, ``ataque_distancia``, ...).
    """

    kind: str
    figure: str | None = None
    target: str | None = None
    point: Point | None = None
    item: str | None = None  # the weapon or object used
    facing: float | None = None  # degrees: where a transport ends facing (Pivotar, 45° turns)
    level: int | None = None  # the height to go to (Cambiar de altitud)
    # Optional entries taken with an attack, by label (entries/options.py): "Frenesí",
    # "Maestro de esgrima (DAÑ)", "Poderoso (3)".
    options: tuple[str, ...] = ()

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for key in ("figure", "target", "item", "facing", "level"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        if self.point is not None:
            data["point"] = [self.point[0], self.point[1]]
        if self.options:
            data["options"] = list(self.options)
        return data

    @classmethod
    def from_data(cls, data: object) -> Action:
        """The action a save holds; :class:`MalformedActionError` names the field that is wrong."""
        if not isinstance(data, dict):
            raise MalformedActionError("", say("refused.action.mapping", shown=_shown(data)))
        unknown = sorted(str(k) for k in data if k not in FIELDS)
        if unknown:
            raise MalformedActionError(
                unknown[0], say("refused.action.unknown_field", allowed=", ".join(FIELDS))
            )
        if "kind" not in data:
            raise MalformedActionError("kind", say("refused.action.no_kind"))
        point, facing = data.get("point"), data.get("facing")
        options = () if data.get("options") is None else data["options"]
        action = cls(
            kind=data["kind"],
            figure=data.get("figure"),
            target=data.get("target"),
            point=tuple(point) if isinstance(point, list) else point,
            item=data.get("item"),
            facing=facing,
            level=data.get("level"),
            options=tuple(options) if isinstance(options, list) else options,
        )
        action.check_form()
        if action.point is not None:  # a save's numbers are read as floats, as written
            action = replace(action, point=(float(action.point[0]), float(action.point[1])))
        return action if facing is None else replace(action, facing=float(facing))

    def check_form(self) -> None:
        """Raise :class:`MalformedActionError` unless every field has its type and is finite.

        The engine asks this of every decision before it looks at the position, so a
        point of NaN or a list where a name goes is refused in words, not by a crash
        deep in the geometry.
        """
        if not isinstance(self.kind, str) or not self.kind:
            shown = _shown(self.kind)
            raise MalformedActionError("kind", say("refused.action.kind", shown=shown))
        for name in ("figure", "target", "item"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, str):
                raise MalformedActionError(name, say("refused.action.name", shown=_shown(value)))
        point, facing, level, options = self.point, self.facing, self.level, self.options
        if point is not None and not (
            isinstance(point, tuple) and len(point) == 2 and all(map(_real, point))
        ):
            raise MalformedActionError("point", say("refused.action.point", shown=_shown(point)))
        if facing is not None and not _real(facing):
            raise MalformedActionError("facing", say("refused.action.facing", shown=_shown(facing)))
        if level is not None and (isinstance(level, bool) or not isinstance(level, int)):
            raise MalformedActionError("level", say("refused.action.level", shown=_shown(level)))
        if not isinstance(options, tuple) or not all(isinstance(o, str) for o in options):
            shown = _shown(options)
            raise MalformedActionError("options", say("refused.action.options", shown=shown))

    def __str__(self) -> str:
        parts = [self.kind]
        if self.figure:
            parts.append(self.figure)
        if self.item:
            parts.append(f"with {self.item}")
        if self.target:
            parts.append(f"→ {self.target}")
        if self.point:
            parts.append(f"→ ({self.point[0]:.2f}, {self.point[1]:.2f})")
        if self.facing is not None:
            parts.append(f"facing {self.facing:g}°")
        if self.level is not None:
            parts.append(f"height {self.level}")
        if self.options:
            parts.append(f"[{', '.join(self.options)}]")
        return " ".join(parts)


def option_refused(figure: str, label: str, where: Reason, allowed: Iterable[str]) -> Message:
    """The refusal of an option label ``figure`` cannot take ``where``, naming those it can."""
    labels = ", ".join(allowed)
    if labels:
        return say("refused.action.option", figure=figure, label=label, where=where, labels=labels)
    return say("refused.action.no_option", figure=figure, label=label, where=where)


FIELDS = ("kind", "figure", "target", "point", "item", "facing", "level", "options")


class MalformedActionError(IllegalActionError):
    """An action whose ``field`` has the wrong type or value (refused before it is tried)."""

    def __init__(self, field: str, reason: Reason) -> None:
        located = say("refused.action.field", field=field, reason=reason) if field else reason
        super().__init__(located)
        self.field = field
        self.said = reason  # without the field's name, for a problem located at it
        # The same in English, for a save's problem (a file problem's message is text yet).
        self.detail = told(reason, "en")


_SHORT = reprlib.Repr()
_SHORT.maxstring = _SHORT.maxother = 60


def _shown(value: object) -> str:
    """``repr(value)`` cut short: a save's list of a million items is named, not printed."""
    return _SHORT.repr(value)


def _real(value: object) -> bool:
    if not isinstance(value, int | float) or isinstance(value, bool):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:  # a whole number too large for a float
        return False
