"""The one camera between the table (K, y up) and the screen (pixels, y down).

A :class:`Camera` is a frozen value: panning, zooming and resizing return a new
camera, so a camera can key a cache of whatever was drawn through it.  It holds
no pygame object and is tested without a display.

``offset`` is the table point (in K) at the top-left pixel of the viewport;
``scale`` is pixels per K.  A table point ``(x, y)`` lands at pixel
``((x - ox) * s, (oy - y) * s)``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

Point = tuple[float, float]

MIN_SCALE = 1.0  # px per K: a 1 000 K table still fits on a screen
MAX_SCALE = 400.0  # px per K: one base fills a window


@dataclass(frozen=True)
class Camera:
    offset: Point = (0.0, 0.0)  # K at the viewport's top-left pixel
    scale: float = 20.0  # pixels per K
    viewport: tuple[int, int] = (1280, 800)  # pixels

    # --- conversions -------------------------------------------------------------------

    def to_px(self, point: Point) -> Point:
        """A table point in K to a screen point in pixels (floats)."""
        s = self.scale
        return ((point[0] - self.offset[0]) * s, (self.offset[1] - point[1]) * s)

    def to_px_many(self, points: Iterable[Point]) -> list[Point]:
        ox, oy = self.offset
        s = self.scale
        return [((x - ox) * s, (oy - y) * s) for x, y in points]

    def to_k(self, pixel: Point) -> Point:
        """A screen point in pixels to the table point under it, in K."""
        s = self.scale
        return (self.offset[0] + pixel[0] / s, self.offset[1] - pixel[1] / s)

    def length_px(self, length_k: float) -> float:
        return length_k * self.scale

    def visible_k(self) -> tuple[float, float, float, float]:
        """The table area on screen as (x_min, y_min, x_max, y_max) in K."""
        w, h = self.viewport
        x0, y1 = self.offset
        return (x0, y1 - h / self.scale, x0 + w / self.scale, y1)

    # --- new cameras -------------------------------------------------------------------

    def pan(self, dx_px: float, dy_px: float) -> Camera:
        """Drag the table by (dx, dy) screen pixels: what was at p is now at p + d."""
        s = self.scale
        return replace(self, offset=(self.offset[0] - dx_px / s, self.offset[1] + dy_px / s))

    def zoom_at(self, screen_point: Point, factor: float) -> Camera:
        """Zoom by ``factor`` keeping the table point under ``screen_point`` in place.

        The scale is clamped to [MIN_SCALE, MAX_SCALE]; the point stays fixed at
        whatever scale results.
        """
        scale = min(MAX_SCALE, max(MIN_SCALE, self.scale * factor))
        kx, ky = self.to_k(screen_point)
        sx, sy = screen_point
        return replace(self, scale=scale, offset=(kx - sx / scale, ky + sy / scale))

    def resized(self, viewport: tuple[int, int]) -> Camera:
        """The same table point stays at the viewport's centre at the same scale."""
        w, h = self.viewport
        cx, cy = self.to_k((w / 2, h / 2))
        nw, nh = viewport
        s = self.scale
        return Camera((cx - nw / 2 / s, cy + nh / 2 / s), s, (nw, nh))

    @classmethod
    def fit(
        cls,
        table_size: tuple[float, float],
        viewport: tuple[int, int],
        margin_px: int = 24,
        *,
        bottom_px: int = 0,
    ) -> Camera:
        """The whole table centred in the viewport with at least ``margin_px`` around it.

        ``bottom_px`` more pixels are kept free along the bottom edge (for a
        scale bar); the table is centred in what remains.
        """
        tw, th = max(table_size[0], 1e-6), max(table_size[1], 1e-6)
        vw, vh = viewport
        room_w = max(vw - 2 * margin_px, 1)
        room_h = max(vh - 2 * margin_px - bottom_px, 1)
        scale = min(MAX_SCALE, max(MIN_SCALE, min(room_w / tw, room_h / th)))
        # The table's centre at the centre of the room above the reserved strip.
        used_h = max(vh - bottom_px, 1)
        offset = (tw / 2 - vw / 2 / scale, th / 2 + used_h / 2 / scale)
        return cls(offset, scale, (vw, vh))
