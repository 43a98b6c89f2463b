"""What every overlay tool answers: its panel fields, the board's clicks, drags, wheel and
keys, what it draws and what the panel says.  Each tool is a small module beside this."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from wartime.board.shapes import Point
from wartime.render.primitives import Shape
from wartime.ui.strings import text

if TYPE_CHECKING:
    from wartime.ui.modes.overlay.mode import OverlayMode


class BadValueError(ValueError):
    """A panel field that does not read as the number it must be."""

    def __init__(self, name: str, value: str) -> None:
        super().__init__(text("odds.bad", field=text(f"field.{name}"), value=value))


class Tool:
    """The base tool: no fields, nothing on the board."""

    name: ClassVar[str] = "table"
    fields: ClassVar[tuple[tuple[str, str], ...]] = ()  # (name, default) shown in the panel

    def __init__(self, mode: OverlayMode) -> None:
        self.mode = mode
        self.values: dict[str, str] = dict(self.fields)
        self.cursor: Point | None = None

    # -- the panel's values --------------------------------------------------------------
    def number(self, name: str) -> float:
        raw = self.values.get(name, "").strip().replace(",", ".")
        try:
            return float(raw)
        except ValueError:
            raise BadValueError(name, raw) from None

    def whole(self, name: str) -> int:
        value = self.number(name)
        if value != int(value):
            raise BadValueError(name, self.values.get(name, ""))
        return int(value)

    def set_value(self, name: str, value: str) -> None:
        """Change a field from the board (the panel shows it)."""
        self.values[name] = value
        self.mode.panel.show_value(name, value)

    # -- input ---------------------------------------------------------------------------
    def press(self, point: Point) -> None:
        """The left button went down on the board at ``point`` (K)."""

    def motion(self, point: Point) -> None:
        self.cursor = point

    def release(self, point: Point) -> None:
        """The left button came up."""

    def wheel(self, notches: float, point: Point) -> bool:
        """The wheel turned over the board; True when the tool used it."""
        return False

    def key(self, key: int) -> bool:
        """A key the mode did not use; True when the tool did."""
        return False

    def escape(self) -> bool:
        """Esc: drop what the tool holds; False when it held nothing."""
        return False

    def changed(self) -> None:
        """A panel field changed, or the table did."""

    # -- output --------------------------------------------------------------------------
    def shapes(self) -> list[Shape]:
        return []

    def report(self) -> str:
        """The panel's text (HTML of pygame_gui's text box)."""
        return ""

    def hint(self) -> str:
        return text(f"hint.{self.name}")
