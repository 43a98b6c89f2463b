"""The app shell: one window, one loop, the camera and the mode switch (issue 5, 13).

Layout, top to bottom: the top bar (:mod:`wartime.ui.menus`: the mode's
buttons, then the Escala and Recientes drop-downs), the battlefield view, and
a status line (:mod:`wartime.ui.status`).  The scale chosen in Escala (a
preset in mm, or a custom number of cm per K typed in
:class:`~wartime.ui.scale.ScaleDialog`) is kept in the settings and
overrides the map's ``scale_mm`` wherever the window shows centimetres.  The
view draws the pure draw lists of :mod:`wartime.render.battlefield` through
one :class:`~wartime.ui.camera.Camera` (:mod:`wartime.ui.scene`: the static
map cached as one Surface, the figures and highlights drawn per frame).

Input (:mod:`wartime.ui.navigation`): wheel zooms around the cursor,
middle-drag or space+drag pans, F fits, G and A toggle the grid and every
CdV, hovering a figure shows its CdV and its data, F1 opens the help, Esc
closes the help or quits.  What a mode adds
(:mod:`wartime.ui.modes`) comes through the :class:`~wartime.ui.modes.base.Mode`
contract; :meth:`ViewApp.switch` plugs a mode in.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UILabel, UIWindow
from pygame_gui.windows import UIFileDialog

from wartime import resources
from wartime.board.battlefield import Battlefield
from wartime.board.queries import hit_test
from wartime.errors import DataError
from wartime.formats.map import load_map
from wartime.render.primitives import Shape
from wartime.ui import dialogs
from wartime.ui.camera import Camera, Point
from wartime.ui.menus import BAR_HEIGHT, TopBar
from wartime.ui.modes.base import Mode
from wartime.ui.modes.view import ViewMode
from wartime.ui.navigation import Navigation
from wartime.ui.painter import BACKGROUND, SCALE_BAR_STRIP, Painter, StaticLayer
from wartime.ui.scale import ScaleDialog
from wartime.ui.scene import Scene
from wartime.ui.settings import Settings
from wartime.ui.status import STATUS_HEIGHT, status_line
from wartime.ui.strings import current_language, set_language, text
from wartime.ui.widgets import alive, kill, typing

__all__ = ["BAR_HEIGHT", "EMPTY_TABLE", "STATUS_HEIGHT", "WINDOW_SIZE", "ViewApp"]

EMPTY_TABLE = (48.0, 36.0)  # K, when no map can be found
WINDOW_SIZE = (1280, 800)
MIN_WINDOW = (480, 320)
FPS = 60
HOVER_TOLERANCE_PX = 4.0


class ViewApp:
    """The window and its loop; one instance per run, with one mode at a time."""

    def __init__(
        self,
        field: Battlefield,
        map_path: Path | None = None,
        *,
        size: tuple[int, int] = WINDOW_SIZE,
        settings_dir: Path | None = None,
        mode: Mode | None = None,
    ) -> None:
        pygame.display.init()
        pygame.font.init()
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.size = self.screen.get_size()
        theme_path = resources.theme_file()
        theme = str(theme_path) if theme_path is not None else None
        self.settings_dir = settings_dir
        self.settings = Settings.load(settings_dir)
        set_language(self.settings.effective_language)
        self.manager = pygame_gui.UIManager(self.size, theme, starting_language=current_language())
        self.manager.preload_fonts(
            [{"name": "noto_sans", "point_size": 14, "style": "bold", "antialiased": "1"}]
        )
        self.show_grid = self.settings.grid
        self.show_arcs = False
        self.painter = Painter()
        self.static = StaticLayer(self.painter)
        self.running = True
        self.frames = 0
        self.hover: str | None = None
        self.cursor_k: Point | None = None
        self.message: str | None = None  # a one-off status message until the mouse moves
        self.nav = Navigation(self)
        self.help: UIWindow | None = None
        self.title = ""
        self.dialog: UIFileDialog | None = None
        self.scale = ScaleDialog(self)
        self.top = TopBar(self.manager, self.settings)
        self._widgets: list[Any] = []
        self.scene = Scene(self)
        self._status_text = ""
        self.field_version = 0
        self._field = field
        self.map_path = map_path
        self.view_rect = pygame.Rect(0, 0, 1, 1)
        self.camera = Camera()
        self.mode: Mode = ViewMode()
        self.switch(mode or self.mode)
        self.fit()

    @property
    def field(self) -> Battlefield:
        return self._field

    @field.setter
    def field(self, field: Battlefield) -> None:
        """A new map value: the caches key on ``field_version``, not on object ids."""
        if field is not self._field:
            self._field = field
            self.field_version += 1

    def switch(self, mode: Mode) -> None:
        """Plug ``mode`` in: it attaches, then the window is laid out for it."""
        self.mode = mode
        mode.attach(self)
        self._layout()
        self._set_title()

    # --- layout ----------------------------------------------------------------------

    def _layout(self) -> None:
        """(Re)build the bar, the status line and the mode's widgets for the window's size."""
        w, h = self.size
        for widget in self._widgets:
            widget.kill()
        self.manager.set_window_resolution(self.size)
        bar = self.top.build(w, self.mode.bar())
        self.status = UILabel(
            pygame.Rect(0, h - STATUS_HEIGHT, w, STATUS_HEIGHT),
            self._status_text,
            manager=self.manager,
            object_id="#status_line",
        )
        self._widgets = [bar, self.status]
        self._sync_toggles()
        top, right = self.mode.insets()
        view = pygame.Rect(
            0, BAR_HEIGHT + top, max(1, w - right), max(1, h - BAR_HEIGHT - top - STATUS_HEIGHT)
        )
        if view.size != self.view_rect.size:
            self.camera = self.camera.resized(view.size)
        self.view_rect = view
        self.static.invalidate()
        self._widgets += self.mode.layout()

    def _sync_toggles(self) -> None:
        self.top.show_toggles({"grid": self.show_grid, "arcs": self.show_arcs})

    def _set_title(self) -> None:
        title = self.mode.title()
        if title != self.title:
            self.title = title
            pygame.display.set_caption(title)

    def _resize(self, size: tuple[int, int]) -> None:
        size = (max(size[0], MIN_WINDOW[0]), max(size[1], MIN_WINDOW[1]))
        if size == self.size:
            return
        self.size = size
        if self.screen.get_size() != size:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._layout()

    # --- commands --------------------------------------------------------------------

    def fit(self) -> None:
        self.camera = Camera.fit(
            self.field.size, self.view_rect.size, 16, bottom_px=SCALE_BAR_STRIP
        )

    def toggle_grid(self) -> None:
        self.show_grid = not self.show_grid
        self.settings.grid = self.show_grid
        self.settings.save(self.settings_dir)
        self._sync_toggles()
        self._say(text("status.grid", state=text("state.on" if self.show_grid else "state.off")))

    def toggle_arcs(self) -> None:
        self.show_arcs = not self.show_arcs
        self._sync_toggles()
        self._say(text("status.arcs", state=text("state.on" if self.show_arcs else "state.off")))

    def toggle_help(self) -> None:
        if alive(self.help):
            kill(self.help)
            self.help = None
            return
        self.help = dialogs.help_window(self.manager, self.size, self.mode.help_body())

    def open_dialog(self) -> None:
        if alive(self.dialog):
            return
        start = self.map_path or (Path(self.settings.last_map) if self.settings.last_map else None)
        folder = start.parent if start is not None else resources.maps_dir()
        self.dialog = dialogs.file_dialog(
            self.manager,
            self.size,
            text("dialog.open"),
            str(folder),
            existing_only=True,
            suffixes={".yaml", ".yml"},
        )

    @property
    def cm_per_k(self) -> float:
        """Centimetres per K at the chosen scale (it overrides the map's ``scale_mm``)."""
        return self.settings.effective_cm_per_k

    def open_recent(self, path: Path) -> None:
        """Open a file chosen in Recientes through the mode (which may ask about unsaved work)."""
        self.mode.guard(lambda: self.mode.open_path(path))

    def open_map(self, path: Path) -> bool:
        try:
            field = load_map(path)
        except DataError as exc:
            reason = exc.problems[0].message if exc.problems else str(exc)
            self._say(text("status.open_failed", path=path.name, reason=reason))
            return False
        self.field = field
        self.map_path = path
        self.hover = None
        self.scene.forget()
        self.static.invalidate()
        self.fit()
        self._set_title()
        self.settings.remember(path)
        self.settings.save(self.settings_dir)
        message = text("status.opened", path=path.name)
        if abs(field.cm_per_k - self.cm_per_k) > 1e-9:
            scale = self.settings.scale_text()
            override = text("status.scale_override", scale=scale, map_mm=f"{field.scale_mm:g}")
            message = f"{message} · {override}"
        self._say(message)
        return True

    def quit(self) -> None:
        if self.mode.may_quit():
            self.running = False

    def _say(self, message: str) -> None:
        self.message = message

    # --- events ----------------------------------------------------------------------

    def _over_view(self, pos: tuple[int, int]) -> bool:
        """In the battlefield view and not under a floating window."""
        if not self.view_rect.collidepoint(pos):
            return False
        for window in (self.help, self.dialog, self.scale.window):
            if window is not None and alive(window) and window.rect.collidepoint(pos):
                return False
        return True

    def _view_point(self, pos: tuple[int, int]) -> Point:
        return (pos[0] - self.view_rect.x, pos[1] - self.view_rect.y)

    @property
    def help_open(self) -> bool:
        return alive(self.help)

    def _dialog_open(self) -> bool:
        return alive(self.dialog) or self.scale.is_open

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self._resize((int(event.w), int(event.h)))
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            self._resize((int(event.x), int(event.y)))
            return
        consumed = self.manager.process_events(event)
        if self.mode.handle(event, consumed):
            return
        if event.type == pygame.KEYDOWN and consumed and typing(self.manager):
            return  # a focused text entry has the keyboard
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._menu(event)
            return
        if self.scale.handle(event):
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event.ui_element)
            return
        if event.type == pygame_gui.UI_WINDOW_CLOSE:
            if event.ui_element is self.help:
                self.help = None
            elif event.ui_element is self.dialog:
                self.dialog = None
            return
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            self.open_map(Path(event.text))
            return
        self.nav.handle(event, consumed)

    def _menu(self, event: pygame.event.Event) -> None:
        option = getattr(event, "selected_option_id", None)
        choice = option if isinstance(option, str) else str(event.text)
        if event.ui_element is self.top.scale_menu:
            self.scale.choose(choice)
        elif event.ui_element is self.top.recent_menu:
            self.top.build_menus()  # back to the title, so the same file can be chosen again
            if choice:
                self.open_recent(Path(choice))

    def _button(self, element: object) -> None:
        actions = {
            "open": self.open_dialog,
            "fit": self.fit,
            "grid": self.toggle_grid,
            "arcs": self.toggle_arcs,
            "help": self.toggle_help,
        }
        name = self.top.button_named(element)
        if name is not None and not self.mode.button(name) and name in actions:
            actions[name]()

    def escape(self) -> None:
        """Esc: close the topmost floating window, else quit."""
        if self.scale.is_open:
            self.scale.close()
        elif alive(self.dialog):
            kill(self.dialog)
            self.dialog = None
        elif alive(self.help):
            self.toggle_help()
        else:
            self.quit()

    def hover_at(self, pos: tuple[int, int]) -> None:
        """The pointer moved to ``pos``: what is under it, for the status line and the CdV."""
        self.message = None
        if not self._over_view(pos):
            self.hover = None
            self.cursor_k = None
            return
        point = self.camera.to_k(self._view_point(pos))
        self.cursor_k = point
        self.hover = hit_test(self.field, point, HOVER_TOLERANCE_PX / self.camera.scale)

    # --- drawing ---------------------------------------------------------------------

    def dynamic_layer(self) -> list[Shape]:
        """Arcs, bases, labels and highlights, in drawing order (see :class:`Scene`)."""
        return self.scene.dynamic_layer()

    def draw(self) -> None:
        self.scene.draw(self.screen.subsurface(self.view_rect))
        self._update_status()
        self._set_title()

    def _update_status(self) -> None:
        line = self.mode.status()
        if line is None:
            line = status_line(
                self.field,
                message=self.message,
                hover=self.hover,
                cursor=self.cursor_k,
                scale=self.camera.scale,
            )
        if line != self._status_text:
            self._status_text = line
            self.status.set_text(line)

    # --- the loop --------------------------------------------------------------------

    def step(self, dt: float) -> None:
        for event in pygame.event.get():
            self.handle(event)
            if not self.running:
                return
        self.mode.update(dt)
        if self.top.stale():
            self.top.build_menus()  # a map was opened (by this shell or by the mode)
        self.manager.update(dt)
        self.screen.fill(BACKGROUND)
        self.draw()
        self.manager.draw_ui(self.screen)
        pygame.display.flip()
        self.frames += 1

    def run(self, max_frames: int | None = None, events: Sequence[pygame.event.Event] = ()) -> int:
        """Post ``events`` (a headless script), then loop until closed or ``max_frames``.

        Every entry point (view, editor) starts this way, so the posting lives here once.
        """
        for event in events:
            pygame.event.post(event)
        clock = pygame.time.Clock()
        while self.running and (max_frames is None or self.frames < max_frames):
            dt = clock.tick(FPS) / 1000.0
            self.step(dt)
        return 0
