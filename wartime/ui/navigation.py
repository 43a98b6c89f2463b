"""Moving about the map: the keys and the mouse that drive the shell's camera.

Wheel zooms around the cursor, middle-drag or space+drag pans, the arrows pan
and +/- zoom about the centre; F fits, G and A toggle the grid and the CdV,
F1 the help, Ctrl+O opens a map and Esc closes the topmost window or quits.
Every mode gets these once it lets an event through.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from wartime.ui.shell import ViewApp

ZOOM_STEP = 1.15  # per wheel notch
KEY_PAN_PX = 80

ARROWS = {
    pygame.K_LEFT: (1, 0),
    pygame.K_RIGHT: (-1, 0),
    pygame.K_UP: (0, 1),
    pygame.K_DOWN: (0, -1),
}


class Navigation:
    """The shell's own handling of keys and mouse, after the mode and the widgets."""

    def __init__(self, app: ViewApp) -> None:
        self.app = app
        self.panning = False
        self.space_down = False

    def handle(self, event: pygame.event.Event, consumed: bool) -> None:
        app = self.app
        if event.type == pygame.KEYDOWN:
            self.key(event)
        elif event.type == pygame.KEYUP and event.key == pygame.K_SPACE:
            self.space_down = False
        elif consumed:
            return
        elif event.type == pygame.MOUSEWHEEL:
            pos = getattr(event, "pos", None) or pygame.mouse.get_pos()
            if app._over_view(pos):
                notches = float(getattr(event, "precise_y", event.y))
                app.camera = app.camera.zoom_at(app._view_point(pos), ZOOM_STEP**notches)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            pan_button = event.button == 2 or (event.button == 1 and self.space_down)
            if pan_button and app._over_view(event.pos):
                self.panning = True
        elif event.type == pygame.MOUSEBUTTONUP:
            if event.button in (1, 2):
                self.panning = False
        elif event.type == pygame.MOUSEMOTION:
            if self.panning:
                app.camera = app.camera.pan(*event.rel)
            else:
                app.hover_at(event.pos)

    def key(self, event: pygame.event.Event) -> None:
        app = self.app
        key = event.key
        if key == pygame.K_ESCAPE:
            app.escape()
            return
        if app._dialog_open():
            return  # the dialog's text field has the keyboard
        ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
        centre = (app.view_rect.width / 2, app.view_rect.height / 2)
        if key == pygame.K_o and ctrl:
            app.open_dialog()
        elif key == pygame.K_f:
            app.fit()
        elif key == pygame.K_g:
            app.toggle_grid()
        elif key == pygame.K_a:
            app.toggle_arcs()
        elif key == pygame.K_F1:
            app.toggle_help()
        elif key == pygame.K_SPACE:
            self.space_down = True
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            app.camera = app.camera.zoom_at(centre, ZOOM_STEP)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            app.camera = app.camera.zoom_at(centre, 1 / ZOOM_STEP)
        elif key in ARROWS:
            dx, dy = ARROWS[key]
            app.camera = app.camera.pan(dx * KEY_PAN_PX, dy * KEY_PAN_PX)
