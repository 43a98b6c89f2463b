"""Player decisions: small frozen values, saved as plain mappings in game files."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wartime.board.shapes import Point


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
    # Optional entries taken with an attack, by label (engine/options.py): "Frenesí",
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
    def from_data(cls, data: dict[str, Any]) -> Action:
        point = data.get("point")
        return cls(
            kind=str(data["kind"]),
            figure=data.get("figure"),
            target=data.get("target"),
            point=(float(point[0]), float(point[1])) if point is not None else None,
            item=data.get("item"),
            facing=float(data["facing"]) if data.get("facing") is not None else None,
            level=int(data["level"]) if data.get("level") is not None else None,
            options=_labels(data.get("options")),
        )

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


def _labels(raw: object) -> tuple[str, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list) or not all(isinstance(o, str) for o in raw):
        raise TypeError(f"options is a list of entry labels, not {raw!r}")
    return tuple(raw)
