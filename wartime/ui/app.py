"""The app shell: one window, one loop, the battlefield view (issue 5).

Layout, top to bottom: a pygame_gui top bar (Abrir…, Ajustar, Rejilla, Arcos,
Ayuda, then the Escala and Recientes drop-downs), the battlefield view, and a
status line.  The scale chosen in Escala (a preset in mm, or a custom number
of cm per K typed in a small dialog) is kept in the settings and overrides the
map's ``scale_mm`` wherever the window shows centimetres.  The view draws the pure
draw lists of :mod:`wartime.render.battlefield` through one
:class:`~wartime.ui.camera.Camera`:

* the static part of the map (table, grid, terrain, deployment, roofs,
  walls) is drawn once per camera state into an opaque Surface and blitted;
* per frame only the dynamic part (arcs, bases, labels, highlights) is drawn
  on top, through the painter's sprite caches.

Input: wheel zooms around the cursor, middle-drag or space+drag pans, F fits,
G and A toggle the grid and every CdV, hovering a figure shows its CdV and its
data, F1 opens the help, Esc closes the help or quits.  Every shown text comes
from :mod:`wartime.ui.strings`.

Tests drive it headless: ``run_view(path, max_frames=n, events=[...])`` posts
the events and stops after ``n`` frames.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UIPanel,
    UITextBox,
    UITextEntryLine,
    UIWindow,
)
from pygame_gui.windows import UIFileDialog

from wartime import resources
from wartime.board.battlefield import Battlefield
from wartime.errors import DataError
from wartime.formats.map import load_map
from wartime.geometry.vision import vision_range
from wartime.render.battlefield import (
    SHOW_ARCS,
    SHOW_GRID,
    dynamic_shapes,
    obstacle_key,
    static_shapes,
    wall_key,
)
from wartime.render.primitives import Shape
from wartime.ui.camera import Camera, Point
from wartime.ui.painter import (
    BACKGROUND,
    SCALE_BAR_STRIP,
    Painter,
    StaticLayer,
    draw_scale_bar,
)
from wartime.ui.settings import SCALE_PRESETS, Settings, parse_cm_per_k
from wartime.ui.strings import current_language, set_language, text

DEFAULT_MAP = Path("maps") / "aldea-en-ruinas.yaml"
EMPTY_TABLE = (48.0, 36.0)  # K, when no map can be found

WINDOW_SIZE = (1280, 800)
MIN_WINDOW = (480, 320)
BAR_HEIGHT = 40
STATUS_HEIGHT = 28
FPS = 60
ZOOM_STEP = 1.15  # per wheel notch
KEY_PAN_PX = 80
HOVER_TOLERANCE_PX = 4.0
SCALE_LABEL_WIDTH = 50
SCALE_MENU_WIDTH = 96
RECENT_MENU_WIDTH = 140
CUSTOM_SCALE = "custom"  # the Escala option that opens the dialog


# --- hit-testing and descriptions (pure) -----------------------------------------------


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def _inside(p: Point, polygon: Sequence[Point]) -> bool:
    """Even-odd ray casting."""
    x, y = p
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, [*polygon[1:], polygon[0]], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def hit_test(field: Battlefield, point: Point, tolerance: float = 0.0) -> str | None:
    """The key of what lies under ``point`` (K): a unit first, then a wall, then an obstacle."""
    best: tuple[float, str] | None = None
    for unit in field.units:
        gap = math.dist(point, unit.position) - unit.radius
        if gap <= tolerance and (best is None or gap < best[0]):
            best = (gap, unit.id)
    if best is not None:
        return best[1]
    for index, wall in reversed(list(enumerate(field.walls))):
        reach = wall.thickness / 2 + tolerance
        for a, b in zip(wall.points, wall.points[1:], strict=False):
            if _segment_distance(point, a, b) <= reach:
                return wall_key(wall, index)
    for index, obstacle in reversed(list(enumerate(field.obstacles))):
        if len(obstacle.polygon) >= 3 and _inside(point, obstacle.polygon):
            return obstacle_key(obstacle, index)
    return None


def describe(field: Battlefield, key: str) -> str | None:
    """The status-line text for the element with ``key``."""
    for unit in field.units:
        if unit.id == key:
            return text(
                "status.unit",
                id=unit.id,
                side=unit.side,
                vol=unit.vol,
                cdv=f"{vision_range(unit.vol):g}",
                height=f"{unit.current_height:g}",
                level=unit.level,
                posture=text(f"posture.{unit.posture.value}"),
            )
    for index, wall in enumerate(field.walls):
        if wall_key(wall, index) == key:
            return text(
                "status.wall",
                id=key,
                height=f"{wall.height:g}",
                defense=wall.defense,
                thickness=f"{wall.thickness:g}",
            )
    for index, obstacle in enumerate(field.obstacles):
        if obstacle_key(obstacle, index) == key:
            return text(
                "status.obstacle", id=key, height=f"{obstacle.height:g}", defense=obstacle.defense
            )
    return None


def default_map() -> Path | None:
    """The ruined village: beside the working folder, else where the samples are installed."""
    local = Path.cwd() / DEFAULT_MAP
    return local if local.is_file() else resources.default_map()


# --- modes -----------------------------------------------------------------------------

VIEW_BAR = (("open", 96), ("fit", 104), ("grid", 84), ("arcs", 76), ("help", 104))


class Mode:
    """What a mode adds to the shell's one loop; the plain battlefield view is this base.

    The shell owns the window, the camera, the painter, the static-layer cache
    and the pygame_gui manager; a mode lays out its own widgets around the
    view, sees every event first, draws over the view and may veto quitting.
    """

    app: ViewApp

    def attach(self, app: ViewApp) -> None:
        self.app = app

    def bar(self) -> Sequence[tuple[str, int]]:
        """The top bar's buttons as (name, width); their labels are ``bar.<name>``."""
        return VIEW_BAR

    def insets(self) -> tuple[int, int]:
        """Pixels the mode takes (below the top bar, at the right) from the view."""
        return (0, 0)

    def layout(self) -> list[Any]:
        """Build the mode's widgets for the window's size; the shell kills them on relayout."""
        return []

    def handle(self, event: pygame.event.Event, consumed: bool) -> bool:
        """See an event before the shell; True when the mode used it."""
        return False

    def button(self, name: str) -> bool:
        """A top-bar button was pressed; True when the mode handled it."""
        return False

    def update(self, dt: float) -> None:
        """Once per frame, after the events."""

    def draw(self, view: pygame.Surface) -> None:
        """Draw over the battlefield view (in view pixels)."""

    def selected(self) -> frozenset[str]:
        return frozenset()

    def problems(self) -> frozenset[str]:
        return frozenset()

    def status(self) -> str | None:
        """A status line replacing the view's, or None."""
        return None

    def title(self) -> str:
        return text("app.title_map", name=self.app.field.name)

    def help_body(self) -> str:
        return text("help.body")

    def may_quit(self) -> bool:
        """False to keep the window open (the mode asks the user first)."""
        return True

    def open_path(self, path: Path) -> bool:
        """Open the map at ``path`` (chosen in Recientes); True when it loaded."""
        return self.app.open_map(path)


# --- the window ------------------------------------------------------------------------


class ViewApp:
    """The window and its loop; one instance per ``run_view``."""

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
        set_language(self.settings.language)
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
        self.panning = False
        self.space_down = False
        self.help: UIWindow | None = None
        self.title = ""
        self.dialog: UIFileDialog | None = None
        self.scale_dialog: UIWindow | None = None
        self.scale_entry: UITextEntryLine | None = None
        self.scale_error: UILabel | None = None
        self.scale_ok: UIButton | None = None
        self.scale_cancel: UIButton | None = None
        self.scale_refusal: str | None = None  # why the last custom value was refused
        self.scale_menu: UIDropDownMenu | None = None
        self.recent_menu: UIDropDownMenu | None = None
        self.scale_label: UILabel | None = None
        self._shown_recent: list[str] = []
        self._widgets: list[Any] = []
        self._static_shapes: tuple[tuple[Any, ...], list[Shape]] | None = None
        self._dynamic: tuple[tuple[Any, ...], list[Shape]] | None = None
        self._status_text = ""
        self.field_version = 0
        self._field = field
        self.map_path = map_path
        self.view_rect = pygame.Rect(0, 0, 1, 1)
        self.camera = Camera()
        self.mode = mode or Mode()
        self.mode.attach(self)
        self._layout()
        self.fit()
        self._set_title()

    @property
    def field(self) -> Battlefield:
        return self._field

    @field.setter
    def field(self, field: Battlefield) -> None:
        """A new map value: the caches key on ``field_version``, not on object ids."""
        if field is not self._field:
            self._field = field
            self.field_version += 1

    # --- layout ----------------------------------------------------------------------

    def _layout(self) -> None:
        """(Re)build the bar and the status line for the window's current size."""
        w, h = self.size
        for widget in self._widgets:
            widget.kill()
        self.manager.set_window_resolution(self.size)
        bar = UIPanel(pygame.Rect(0, 0, w, BAR_HEIGHT), manager=self.manager, object_id="#top_bar")
        x = 6
        self.buttons: dict[str, UIButton] = {}
        for name, width in self.mode.bar():
            button = UIButton(
                pygame.Rect(x, 4, width, BAR_HEIGHT - 14),
                text(f"bar.{name}"),
                manager=self.manager,
                container=bar,
                tool_tip_text=text(f"tip.{name}"),
            )
            self.buttons[name] = button
            x += width + 6
        self.bar = bar
        self._menus_x = x
        self._build_menus()
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

    def _build_menus(self) -> None:
        """(Re)build the Escala and Recientes drop-downs at the right of the top bar.

        They live in the root container, over the bar, so their lists can open
        below it (a 40 px panel would clip them).
        """
        for menu in (self.scale_menu, self.recent_menu):
            if _alive_element(menu):
                _call(menu, "kill")
        needed = SCALE_LABEL_WIDTH + SCALE_MENU_WIDTH + RECENT_MENU_WIDTH + 18
        x = max(self._menus_x + 6, self.size[0] - needed)
        height = BAR_HEIGHT - 14
        if not _alive_element(self.scale_label):
            self.scale_label = UILabel(
                pygame.Rect(x, 4, SCALE_LABEL_WIDTH, height),
                text("bar.scale"),
                manager=self.manager,
                container=self.bar,
            )
        x += SCALE_LABEL_WIDTH
        scales = self.scale_options()
        chosen = self.settings.scale_mm
        current = CUSTOM_SCALE if chosen is None else f"{chosen:g}"
        starting = next((o for o in scales if o[1] == current), scales[-1])
        self.scale_menu = UIDropDownMenu(
            list(scales),
            starting,
            pygame.Rect(x, 4, SCALE_MENU_WIDTH, height),
            manager=self.manager,
        )
        x += SCALE_MENU_WIDTH + 8
        recent = self.recent_options()
        self._shown_recent = list(self.settings.recent)
        self.recent_menu = UIDropDownMenu(
            list(recent),
            recent[0],
            pygame.Rect(x, 4, RECENT_MENU_WIDTH, height),
            manager=self.manager,
        )

    @staticmethod
    def scale_options() -> list[tuple[str, str]]:
        """The Escala drop-down's (label, id): the presets in mm, then the custom choice."""
        presets = [(text("scale.preset", mm=f"{mm:g}"), f"{mm:g}") for mm in SCALE_PRESETS]
        return [*presets, (text("scale.custom"), CUSTOM_SCALE)]

    def recent_options(self) -> list[tuple[str, str]]:
        """The Recientes drop-down's (label, id): a title, then each file's name (id: its path).

        The name is shown without ``.yaml``: the menu is narrow.
        """
        return [(text("bar.recent"), ""), *((Path(p).stem, p) for p in self.settings.recent)]

    def _sync_toggles(self) -> None:
        for name, on in (("grid", self.show_grid), ("arcs", self.show_arcs)):
            if name not in self.buttons:
                continue
            button: Any = self.buttons[name]  # pygame_gui's methods are not annotated
            if on:
                button.select()
            else:
                button.unselect()

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
        if _alive(self.help):
            _kill(self.help)
            self.help = None
            return
        w, h = self.size
        rect = pygame.Rect(0, 0, min(560, w - 40), min(500, h - 80))
        rect.center = (w // 2, h // 2)
        self.help = UIWindow(rect, self.manager, text("help.title"), object_id="#help_window")
        inner = self.help.get_container().get_rect()
        UITextBox(
            self.mode.help_body(),
            pygame.Rect(0, 0, inner.width, inner.height),
            manager=self.manager,
            container=self.help,
        )

    def open_dialog(self) -> None:
        if _alive(self.dialog):
            return
        start = self.map_path or (Path(self.settings.last_map) if self.settings.last_map else None)
        folder = start.parent if start is not None else resources.maps_dir()
        w, h = self.size
        rect = pygame.Rect(0, 0, min(520, w - 40), min(460, h - 60))
        rect.center = (w // 2, h // 2)
        self.dialog = UIFileDialog(
            rect,
            self.manager,
            window_title=text("dialog.open"),
            allowed_suffixes={".yaml", ".yml"},
            initial_file_path=str(folder),
            allow_existing_files_only=True,
        )

    @property
    def cm_per_k(self) -> float:
        """Centimetres per K at the chosen scale (it overrides the map's ``scale_mm``)."""
        return self.settings.effective_cm_per_k

    def choose_scale(self, choice: str) -> None:
        """An Escala option: a preset in mm ("28"), or the custom choice (opens the dialog)."""
        if choice == CUSTOM_SCALE:
            self.open_scale_dialog()
            return
        try:
            self.settings.choose_preset(float(choice))
        except ValueError:
            return
        self._scale_chosen()

    def set_custom_scale(self, raw: str) -> bool:
        """Apply a typed cm per K; False (the reason shown in the dialog) when refused."""
        try:
            value = parse_cm_per_k(raw)
        except ValueError as exc:
            self.scale_refusal = str(exc)
            if self.scale_error is not None:
                reason = str(exc)
                _call(self.scale_error, "set_text", reason[:1].upper() + reason[1:])
            self._say(text("scale.refused", reason=exc))
            return False
        self.scale_refusal = None
        self.settings.choose_custom(value)
        self._close_scale_dialog()
        self._scale_chosen()
        return True

    def _scale_chosen(self) -> None:
        self.settings.save(self.settings_dir)
        self._build_menus()  # the drop-down shows the choice (or returns from the custom one)
        self._say(text("status.scale", scale=self.settings.scale_text()))

    def open_scale_dialog(self) -> None:
        if _alive(self.scale_dialog):
            return
        w, h = self.size
        rect = pygame.Rect(0, 0, min(400, w - 40), 190)
        rect.center = (w // 2, h // 2)
        dialog = UIWindow(rect, self.manager, text("scale.dialog_title"), object_id="#scale_dialog")
        inner = dialog.get_container().get_rect()
        width = inner.width - 20
        UILabel(
            pygame.Rect(10, 6, width, 24),
            text("scale.prompt"),
            manager=self.manager,
            container=dialog,
        )
        entry = UITextEntryLine(
            pygame.Rect(10, 34, 120, 30), manager=self.manager, container=dialog
        )
        _call(entry, "set_text", f"{self.cm_per_k:g}")
        _call(entry, "focus")
        self.scale_error = UILabel(
            pygame.Rect(10, 68, width, 24), "", manager=self.manager, container=dialog
        )
        self.scale_ok = UIButton(
            pygame.Rect(inner.width - 210, 98, 96, 30),
            text("scale.ok"),
            manager=self.manager,
            container=dialog,
        )
        self.scale_cancel = UIButton(
            pygame.Rect(inner.width - 106, 98, 96, 30),
            text("scale.cancel"),
            manager=self.manager,
            container=dialog,
        )
        self.scale_dialog, self.scale_entry = dialog, entry
        self.scale_refusal = None

    def _close_scale_dialog(self) -> None:
        _kill(self.scale_dialog)
        self.scale_dialog = self.scale_entry = self.scale_error = None
        self.scale_ok = self.scale_cancel = None
        self._build_menus()  # back to the scale in use

    def open_recent(self, path: Path) -> None:
        """Open a file chosen in Recientes through the mode (which may ask about unsaved work)."""
        guard: Any = getattr(self.mode, "_guard", None)  # the editor asks before dropping edits
        if callable(guard):
            guard(lambda: self.mode.open_path(path))
        else:
            self.mode.open_path(path)

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
        self._static_shapes = self._dynamic = None
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
        for window in (self.help, self.dialog, self.scale_dialog):
            if window is not None and _alive(window) and window.rect.collidepoint(pos):
                return False
        return True

    def _view_point(self, pos: tuple[int, int]) -> Point:
        return (pos[0] - self.view_rect.x, pos[1] - self.view_rect.y)

    @property
    def help_open(self) -> bool:
        return _alive(self.help)

    def _dialog_open(self) -> bool:
        return _alive(self.dialog) or _alive(self.scale_dialog)

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
        if event.type == pygame.KEYDOWN and consumed and _typing(self.manager):
            return  # a focused text entry has the keyboard
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self._menu(event)
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is (
            self.scale_entry
        ):
            self.set_custom_scale(str(event.text))
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.scale_ok and self.scale_entry is not None:
                self.set_custom_scale(str(_call(self.scale_entry, "get_text")))
            elif event.ui_element is self.scale_cancel:
                self._close_scale_dialog()
            else:
                self._button(event.ui_element)
            return
        if event.type == pygame_gui.UI_WINDOW_CLOSE:
            if event.ui_element is self.help:
                self.help = None
            elif event.ui_element is self.dialog:
                self.dialog = None
            elif event.ui_element is self.scale_dialog:
                self._close_scale_dialog()
            return
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            self.open_map(Path(event.text))
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.KEYUP and event.key == pygame.K_SPACE:
            self.space_down = False
        elif consumed:
            return
        elif event.type == pygame.MOUSEWHEEL:
            pos = getattr(event, "pos", None) or pygame.mouse.get_pos()
            if self._over_view(pos):
                notches = float(getattr(event, "precise_y", event.y))
                self.camera = self.camera.zoom_at(self._view_point(pos), ZOOM_STEP**notches)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            pan_button = event.button == 2 or (event.button == 1 and self.space_down)
            if pan_button and self._over_view(event.pos):
                self.panning = True
        elif event.type == pygame.MOUSEBUTTONUP:
            if event.button in (1, 2):
                self.panning = False
        elif event.type == pygame.MOUSEMOTION:
            if self.panning:
                self.camera = self.camera.pan(*event.rel)
            else:
                self._hover(event.pos)

    def _menu(self, event: pygame.event.Event) -> None:
        option = getattr(event, "selected_option_id", None)
        choice = option if isinstance(option, str) else str(event.text)
        if event.ui_element is self.scale_menu:
            self.choose_scale(choice)
        elif event.ui_element is self.recent_menu:
            self._build_menus()  # back to the title, so the same file can be chosen again
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
        for name, button in self.buttons.items():
            if element is button and not self.mode.button(name) and name in actions:
                actions[name]()

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            if _alive(self.scale_dialog):
                self._close_scale_dialog()
            elif _alive(self.dialog):
                _kill(self.dialog)
                self.dialog = None
            elif _alive(self.help):
                self.toggle_help()
            else:
                self.quit()
            return
        if self._dialog_open():
            return  # the dialog's text field has the keyboard
        ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
        centre = (self.view_rect.width / 2, self.view_rect.height / 2)
        if key == pygame.K_o and ctrl:
            self.open_dialog()
        elif key == pygame.K_f:
            self.fit()
        elif key == pygame.K_g:
            self.toggle_grid()
        elif key == pygame.K_a:
            self.toggle_arcs()
        elif key == pygame.K_F1:
            self.toggle_help()
        elif key == pygame.K_SPACE:
            self.space_down = True
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self.camera = self.camera.zoom_at(centre, ZOOM_STEP)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.camera = self.camera.zoom_at(centre, 1 / ZOOM_STEP)
        elif key in _ARROWS:
            dx, dy = _ARROWS[key]
            self.camera = self.camera.pan(dx * KEY_PAN_PX, dy * KEY_PAN_PX)

    def _hover(self, pos: tuple[int, int]) -> None:
        self.message = None
        if not self._over_view(pos):
            self.hover = None
            self.cursor_k = None
            return
        point = self.camera.to_k(self._view_point(pos))
        self.cursor_k = point
        self.hover = hit_test(self.field, point, HOVER_TOLERANCE_PX / self.camera.scale)

    # --- drawing ---------------------------------------------------------------------

    def _show(self) -> frozenset[str]:
        shown = set()
        if self.show_grid:
            shown.add(SHOW_GRID)
        if self.show_arcs:
            shown.add(SHOW_ARCS)
        return frozenset(shown)

    def static_shapes(self) -> tuple[tuple[Any, ...], list[Shape]]:
        """The map without its figures, in drawing order, and what it depends on."""
        key = (self.field_version, self.show_grid)
        if self._static_shapes is None or self._static_shapes[0] != key:
            shapes = static_shapes(self.field, self._show())
            self._static_shapes = (key, sorted(shapes, key=lambda s: s.layer))
        return self._static_shapes

    def dynamic_layer(self) -> list[Shape]:
        """Arcs, bases, labels and highlights, in drawing order (cached per hover)."""
        selected, problems = self.mode.selected(), self.mode.problems()
        key = (self.field_version, self.show_arcs, self.hover, selected, problems)
        if self._dynamic is None or self._dynamic[0] != key:
            shapes = dynamic_shapes(self.field, self._show(), self.hover, selected, problems)
            self._dynamic = (key, sorted(shapes, key=lambda s: s.layer))
        return self._dynamic[1]

    def draw(self) -> None:
        view = self.screen.subsurface(self.view_rect)
        self.static.blit(view, *self.static_shapes(), self.camera)
        self.painter.draw(view, self.dynamic_layer(), self.camera, table=self.field.size)
        self.mode.draw(view)
        draw_scale_bar(view, self.camera, self.cm_per_k)
        self._update_status()
        self._set_title()

    def _update_status(self) -> None:
        override = self.mode.status()
        if override is not None:
            line = override
        elif self.message is not None:
            line = self.message
        elif self.hover is not None:
            line = describe(self.field, self.hover) or self.hover
        elif self.cursor_k is not None:
            x, y = self.cursor_k
            line = text(
                "status.cursor",
                name=self.field.name,
                x=f"{x:.1f}",
                y=f"{y:.1f}",
                scale=f"{self.camera.scale:.1f}",
            )
        else:
            w, h = self.field.size
            line = text(
                "status.idle",
                name=self.field.name,
                width=f"{w:g}",
                height=f"{h:g}",
                scale=f"{self.camera.scale:.1f}",
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
        if self._shown_recent != self.settings.recent:
            self._build_menus()  # a map was opened (by this shell or by the mode)
        self.manager.update(dt)
        self.screen.fill(BACKGROUND)
        self.draw()
        self.manager.draw_ui(self.screen)
        pygame.display.flip()
        self.frames += 1

    def run(self, max_frames: int | None = None, events: Sequence[pygame.event.Event] = ()) -> int:
        """Post ``events`` (a headless script), then loop until closed or ``max_frames``.

        Both entry points (view and editor) start this way, so the posting lives here once.
        """
        for event in events:
            pygame.event.post(event)
        clock = pygame.time.Clock()
        while self.running and (max_frames is None or self.frames < max_frames):
            dt = clock.tick(FPS) / 1000.0
            self.step(dt)
        return 0


def _typing(manager: pygame_gui.UIManager) -> bool:
    """Whether a text entry has the keyboard focus."""
    ui: Any = manager  # pygame_gui's methods are not annotated
    return any(isinstance(e, UITextEntryLine) for e in ui.get_focus_set() or ())


def _alive(element: UIWindow | None) -> bool:
    """Whether a pygame_gui window is open (its methods are not annotated)."""
    window: Any = element
    return window is not None and bool(window.alive())


def _kill(element: UIWindow | None) -> None:
    window: Any = element
    if window is not None:
        window.kill()


def _alive_element(element: object) -> bool:
    widget: Any = element
    return widget is not None and bool(widget.alive())


def _call(widget: object, method: str, *args: object) -> Any:
    """Call a method of a pygame_gui object (they are not annotated)."""
    return getattr(widget, method)(*args)


_ARROWS = {
    pygame.K_LEFT: (1, 0),
    pygame.K_RIGHT: (-1, 0),
    pygame.K_UP: (0, 1),
    pygame.K_DOWN: (0, -1),
}


def run_view(
    map_path: str | None = None,
    *,
    max_frames: int | None = None,
    events: Sequence[pygame.event.Event] = (),
    size: tuple[int, int] = WINDOW_SIZE,
    settings_dir: Path | None = None,
) -> int:
    """Open the battlefield view on ``map_path`` (the ruined village when None).

    A map that does not load raises :class:`DataError` before any window
    opens.  ``events`` are posted once the window exists and ``max_frames``
    stops the loop: that is how the tests drive it headless.
    """
    path = Path(map_path) if map_path is not None else default_map()
    field = load_map(path) if path is not None else Battlefield("—", EMPTY_TABLE)
    app = ViewApp(field, path, size=size, settings_dir=settings_dir)
    try:
        if path is not None and map_path is not None:
            app.settings.remember(path)
            app.settings.save(settings_dir)
        return app.run(max_frames, events)
    finally:
        pygame.quit()
