"""The battlefield view's pictures: the pure draw lists, cached, drawn through the camera.

The static part of the map (table, grid, terrain, deployment, roofs, walls)
is drawn once per camera state into an opaque Surface and blitted; per frame
only the dynamic part (arcs, bases, labels, highlights) is drawn on top,
through the painter's sprite caches.  Both lists are rebuilt only when what
they show changes: the static one when the ground does (size, walls, obstacles,
terrain, deployment: not when a figure moves) or the grid is toggled, the
dynamic one with the map's version, the toggles, the hover, the mode's
selection and problems.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from wartime.render.battlefield import SHOW_ARCS, SHOW_GRID, dynamic_shapes, static_shapes
from wartime.render.primitives import Shape
from wartime.ui.painter import draw_scale_bar

if TYPE_CHECKING:
    from wartime.ui.shell import ViewApp


class Scene:
    """The draw lists of one window's view and their caches."""

    def __init__(self, app: ViewApp) -> None:
        self.app = app
        self._static: tuple[tuple[Any, ...], list[Shape]] | None = None
        self._dynamic: tuple[tuple[Any, ...], list[Shape]] | None = None

    def forget(self) -> None:
        """Drop both lists (a new map was opened)."""
        self._static = self._dynamic = None

    def shown(self) -> frozenset[str]:
        shown = set()
        if self.app.show_grid:
            shown.add(SHOW_GRID)
        if self.app.show_arcs:
            shown.add(SHOW_ARCS)
        return frozenset(shown)

    def static_shapes(self) -> tuple[tuple[Any, ...], list[Shape]]:
        """The map without its figures, in drawing order, and what it depends on."""
        app = self.app
        field = app.field
        # What static_shapes draws: moving, turning, adding a figure leaves it as it is.
        ground = (field.size, field.walls, field.obstacles, field.terrain, field.deployment)
        key = (ground, app.show_grid)
        if self._static is None or self._static[0] != key:
            shapes = static_shapes(app.field, self.shown())
            self._static = (key, sorted(shapes, key=lambda s: s.layer))
        return self._static

    def dynamic_layer(self) -> list[Shape]:
        """Arcs, bases, labels and highlights, in drawing order (cached per hover)."""
        app = self.app
        selected, problems = app.mode.selected(), app.mode.problems()
        key = (app.field_version, app.show_arcs, app.hover, selected, problems)
        if self._dynamic is None or self._dynamic[0] != key:
            shapes = dynamic_shapes(app.field, self.shown(), app.hover, selected, problems)
            self._dynamic = (key, sorted(shapes, key=lambda s: s.layer))
        return self._dynamic[1]

    def draw(self, view: pygame.Surface) -> None:
        """The map, the mode's overlay and the scale bar, on the view's subsurface."""
        app = self.app
        app.static.blit(view, *self.static_shapes(), app.camera)
        app.painter.draw(view, self.dynamic_layer(), app.camera, table=app.field.size)
        app.mode.draw(view)
        draw_scale_bar(view, app.camera, app.cm_per_k)
