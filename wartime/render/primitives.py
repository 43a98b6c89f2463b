"""The draw list: plain, immutable shapes in table coordinates (K, y up).

Colours are RGBA tuples (0–255).  ``layer`` orders drawing (low first); within
a layer, list order.  ``key`` names the battlefield element a shape belongs to
(a wall id, a unit id), so a UI can hit-test and highlight it.
"""

from __future__ import annotations

from dataclasses import dataclass

from wartime.board.shapes import Point

Colour = tuple[int, int, int, int]


class Layer:
    """Drawing order, bottom to top."""

    TABLE = 0
    GRID = 10
    TERRAIN = 20
    DEPLOYMENT = 30
    OBSTACLES = 40
    WALLS = 50
    ARCS = 60
    THROWABLES = 65  # objects on the ground that a throw moves (Súper fuerza)
    BASES = 70
    LABELS = 80
    OVERLAY = 90


@dataclass(frozen=True)
class Polygon:
    points: tuple[Point, ...]
    fill: Colour | None
    outline: Colour | None = None
    width_px: int = 1  # outline width in screen pixels
    layer: int = Layer.TABLE
    key: str | None = None


@dataclass(frozen=True)
class Polyline:
    points: tuple[Point, ...]
    colour: Colour
    width_k: float | None = None  # a width on the table (walls), or
    width_px: int = 1  # a hairline width in pixels
    layer: int = Layer.GRID
    key: str | None = None


@dataclass(frozen=True)
class Circle:
    centre: Point
    radius: float  # K
    fill: Colour | None
    outline: Colour | None = None
    width_px: int = 1
    layer: int = Layer.BASES
    key: str | None = None


@dataclass(frozen=True)
class Wedge:
    """A circular sector (a CdV or CdT arc): from ``start_deg`` to ``end_deg`` CCW."""

    centre: Point
    radius: float  # K
    start_deg: float
    end_deg: float
    fill: Colour
    layer: int = Layer.ARCS
    key: str | None = None
    outline: Colour | None = None  # stroked round the union of a run of equal wedges


@dataclass(frozen=True)
class Label:
    position: Point  # the text's centre
    text: str
    colour: Colour
    size_px: int = 14
    layer: int = Layer.LABELS
    key: str | None = None


Shape = Polygon | Polyline | Circle | Wedge | Label


@dataclass(frozen=True)
class DrawList:
    """Everything to draw for one frame, and the table it sits on."""

    size: tuple[float, float]  # the table in K
    shapes: tuple[Shape, ...]

    def ordered(self) -> list[Shape]:
        """Shapes in drawing order (stable within a layer)."""
        return sorted(self.shapes, key=lambda s: s.layer)
