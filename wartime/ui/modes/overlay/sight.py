"""Two views of sight for the overlay (issue 14): X opens the cross-section of the measured
line of sight in a small window, V shades what the selected figure can see.

The numbers come from the geometry (:func:`~wartime.geometry.cross_section.cross_section`,
:func:`~wartime.geometry.visible_area.visible_area`), the shapes from
:mod:`wartime.render.sight`; this module only turns them into pixels and keeps them in
step with the table.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pygame
import shapely
from pygame_gui.elements import UIImage, UIWindow

from wartime.board.battlefield import Unit
from wartime.geometry.cross_section import CrossSection, cross_section
from wartime.geometry.visible_area import visible_area
from wartime.geometry.vision import eye_point, silhouette_base
from wartime.render.primitives import Shape
from wartime.render.sight import chart_bounds, section_shapes, seen_area_shapes, stretch_for
from wartime.ui.camera import Camera
from wartime.ui.strings import text
from wartime.ui.widgets import alive, kill

if TYPE_CHECKING:
    from wartime.ui.modes.overlay.mode import OverlayMode

CHART_SIZE = (520, 240)  # the window's inside, in pixels
BACKGROUND = (28, 30, 36)
SEEN_REFRESH = 0.25  # seconds between recomputations of the seen area while dragging


def section_of(mode: OverlayMode, source: str, target: str) -> CrossSection:
    """The side view from ``source``'s eye to ``target``, as the measurement sees it
    (eye at its level, silhouette at the target's: a level-2 target stands 3 K up)."""
    field = mode.field
    a, b = field.unit(source), field.unit(target)
    eye = eye_point(a.position, a.current_height, a.level)
    return cross_section(
        eye, b.position, b.current_height, field.solids(), silhouette_base(b.level)
    )


class SectionView:
    """The cross-section window: opened and closed with X (Esc closes it too), redrawn
    when the table or the measured pair changes."""

    def __init__(self, mode: OverlayMode) -> None:
        self.mode = mode
        self.window: Any = None
        self._image: Any = None
        self.section: CrossSection | None = None
        self.shapes: list[Shape] = []
        self.stretch = 1.0  # the chart's heights are drawn this many times their true size
        self._drawn_for: tuple[object, str, str] | None = None

    @property
    def is_open(self) -> bool:
        return alive(self.window)

    def pair(self) -> tuple[str, str] | None:
        measure = self.mode.tools.get("measure")
        source, target = getattr(measure, "source", None), getattr(measure, "target", None)
        return (source, target) if source and target else None

    def toggle(self) -> None:
        if self.is_open:
            self.close()
        elif self.pair() is None:
            self.mode.app._say(text("section.none"))
        else:
            self.refresh()

    def close(self) -> None:
        kill(self.window)
        self.window = None
        self._drawn_for = None

    def refresh(self) -> None:
        """Open or redraw the window for the measured pair, only when something changed."""
        pair = self.pair()
        if pair is None:
            self.close()
            return
        key = (self.mode.field, *pair)
        if key == self._drawn_for and self.is_open:
            return
        self._drawn_for = key
        self.section = section_of(self.mode, *pair)
        sight = self.mode.geometry().measure(*pair).line_of_sight
        image = self._draw(self.section, sight, self.mode.field.unit(pair[1]))
        title = text("section.title", source=pair[0], target=pair[1])
        if self.stretch > 1.0:
            title = f"{title} · {text('section.stretch', factor=f'{self.stretch:.1f}')}"
        if not self.is_open:
            self._open(title, image)
        else:
            self.window.set_display_title(title)
            self._image.set_image(image)

    def _open(self, title: str, image: pygame.Surface) -> None:
        app = self.mode.app
        w, h = CHART_SIZE
        rect = self._place(w + 32, h + 60)
        self.window = UIWindow(rect, app.manager, title, object_id="#section_window")
        inner = self.window.get_container().get_rect()
        self._image = UIImage(
            pygame.Rect(0, 0, inner.width, inner.height), image, app.manager,
            container=self.window,
        )  # fmt: skip

    def _place(self, width: int, height: int) -> pygame.Rect:
        """A corner of the view that hides neither measured figure (the window can be
        moved); the bottom left when every corner hides one."""
        app, pair = self.mode.app, self.pair()
        view = app.view_rect.inflate(-16, -16)
        ends = [app.camera.to_px(app.field.unit(i).position) for i in pair or ()]
        ends = [(x + app.view_rect.x, y + app.view_rect.y) for x, y in ends]
        corners = [
            pygame.Rect(x, y, width, height)
            for y in (view.bottom - height, view.top)
            for x in (view.left, view.right - width)
        ]
        for rect in corners:
            if not any(rect.inflate(24, 24).collidepoint(end) for end in ends):
                return rect
        return corners[0]

    def _draw(self, section: CrossSection, sight: str, target: Unit) -> pygame.Surface:
        w, h = CHART_SIZE
        stretch = stretch_for(section, h / w)
        labels = {k: text(f"section.{k}") for k in ("eye", "target", "wall")}
        self.stretch = stretch
        x0, y0, x1, y1 = chart_bounds(section, stretch)
        scale = min(w / (x1 - x0), h / (y1 - y0))
        self.shapes = section_shapes(section, sight, labels, stretch, target.radius, 1 / scale)
        # Centred: the spare pixels split on both sides of the chart.
        offset = (x0 - (w / scale - (x1 - x0)) / 2, y1 + (h / scale - (y1 - y0)) / 2)
        surface = pygame.Surface((w, h))
        surface.fill(BACKGROUND)
        ordered = sorted(self.shapes, key=lambda shape: shape.layer)
        self.mode.app.painter.draw(surface, ordered, Camera(offset, scale, (w, h)))
        return surface


class SeenArea:
    """V: the selected figure's visible area, cached per figure (position, facing, height,
    level) and walls; while a figure is dragged it is recomputed a few times a second at
    most (it takes tens of milliseconds)."""

    def __init__(self, mode: OverlayMode) -> None:
        self.mode = mode
        self.on = False
        self.area: shapely.Geometry | None = None
        self.last_ms = 0.0
        self._key: object = None
        self._at = 0.0
        self._shapes: list[Shape] = []

    def toggle(self) -> None:
        self.on = not self.on
        if self.on and self.mode.chosen is None:
            self.mode.app._say(text("seen.none"))

    def shapes(self) -> list[Shape]:
        mode = self.mode
        if not self.on or mode.chosen is None:
            return []
        field = mode.field
        unit = field.unit(mode.chosen)
        key = (unit, field.walls, field.obstacles)
        if key == self._key:
            return self._shapes
        dragging = getattr(mode.tool, "dragging", None)
        if dragging and self._key is not None and time.perf_counter() - self._at < SEEN_REFRESH:
            return self._shapes  # the last one stays until the next refresh
        start = time.perf_counter()
        eye = eye_point(unit.position, unit.current_height, unit.level)
        seen = visible_area(eye, unit.facing, unit.vol, mode.occluders(), viewer_radius=unit.radius)
        # Off the table nobody stands: the shading stops at its edge.
        self.area = shapely.intersection(seen, shapely.box(0.0, 0.0, *field.size))
        self._shapes = seen_area_shapes(self.area)
        self._at = time.perf_counter()
        self.last_ms = (self._at - start) * 1000.0
        self._key = key
        return self._shapes
