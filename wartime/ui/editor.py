"""The map editor (issue 5): a mode of the app shell, opened by ``wartime edit [MAP]``.

The shell (:mod:`wartime.ui.app`) keeps the window, the camera, the painter,
the static-layer cache and the pygame_gui manager; :class:`EditorMode` adds

* a tool bar (pygame_gui buttons and drop-downs): select, wall, rectangular
  and polygonal obstacle, terrain (with its kind), deployment zone (with its
  side) and unit (for a side, bare or a character of a loaded army file);
* a side panel with the selection's properties (applied as you type through
  :func:`wartime.board.edits.set_property`; a refusal shows its reason there
  and changes nothing) and the live problems list (clicking one selects the
  culprit, the renderer outlines it);
* undo/redo over every edit (:class:`~wartime.board.history.History`),
  New/Open/Save/Save As with pygame_gui file dialogs, a "*" in the title while
  unsaved, a confirmation before losing changes, an autosave every
  ``autosave_interval`` seconds to the config folder and the offer to recover
  it at the next start.

Every edit is a pure function of :mod:`wartime.board.edits`; this module only
turns input into those calls.  Tests drive it headless with
``run_editor(path, max_frames=n, events=[...])`` or an :class:`EditorMode`
inside a :class:`~wartime.ui.app.ViewApp`.
"""

from __future__ import annotations

import contextlib
import itertools
import math
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UIPanel,
    UISelectionList,
    UITextBox,
    UITextEntryLine,
)
from pygame_gui.windows import UIConfirmationDialog, UIFileDialog, UIMessageWindow

from wartime import resources
from wartime.board import edits
from wartime.board.battlefield import LEVELS, SIDES, Battlefield, Posture, TerrainKind, Unit
from wartime.board.edits import EditError
from wartime.board.history import History, autosave, clear_autosave, recover
from wartime.errors import DataError
from wartime.formats.army import load_army
from wartime.formats.map import load_map, save_map
from wartime.ui.app import (
    BAR_HEIGHT,
    EMPTY_TABLE,
    STATUS_HEIGHT,
    WINDOW_SIZE,
    Mode,
    ViewApp,
    _alive,
    _call,
    _inside,
    _kill,
    _segment_distance,
    _typing,
    hit_test,
)
from wartime.ui.camera import Point
from wartime.ui.reasons import to_spanish
from wartime.ui.settings import config_dir
from wartime.ui.strings import text

TOOL_BAR = 36
PANEL_WIDTH = 300
ROW = 30
AUTOSAVE_SECONDS = 60.0
DOUBLE_CLICK_MS = 400
DOUBLE_CLICK_PX = 6
VERTEX_PX = 8.0  # grab radius of a vertex handle
SNAP_PX = 10.0  # snap radius to an existing vertex
PICK_PX = 4.0
ROTATE_STEP = 15.0

EDITOR_BAR = (
    ("new", 72),
    ("open", 80),
    ("save", 84),
    ("save_as", 128),
    ("undo", 92),
    ("redo", 84),
    ("fit", 104),
    ("grid", 80),
    ("arcs", 70),
    ("help", 104),
)
TOOLS = ("select", "wall", "rect", "polygon", "terrain", "deploy", "unit")
TOOL_KEYS = {
    pygame.K_v: "select",
    pygame.K_w: "wall",
    pygame.K_b: "rect",
    pygame.K_p: "polygon",
    pygame.K_t: "terrain",
    pygame.K_d: "deploy",
    pygame.K_u: "unit",
}
POLY_TOOLS = {"wall": 2, "polygon": 3, "terrain": 3, "deploy": 3}  # the fewest points
TOOL_WIDTHS = {"select": 92, "wall": 64, "rect": 100, "polygon": 120, "deploy": 100}

# The property panel: the map file's names (edits.PROPERTIES) and their choices.
CHOICES: dict[str, tuple[str, ...]] = {
    "kind": tuple(k.value for k in TerrainKind),
    "side": SIDES,
    "posture": tuple(p.value for p in Posture),
    "level": tuple(str(level) for level in LEVELS),
}
LABELS = {"def": "prop.defense"}

Options = list[str | tuple[str, str]]  # pygame_gui's drop-down options: (label, id)


def _fmt(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, TerrainKind | Posture):
        return value.value
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _choice_label(name: str, value: str) -> str:
    if name == "kind":
        return text(f"terrain.{value}")
    if name == "posture":
        return text(f"posture.{value}")
    if name == "side":
        return text("editor.side", side=value)
    return value


def element(field: Battlefield, key: str) -> tuple[str, int, Any]:
    """(kind, index, the element) for a key; raises EditError when it is gone."""
    kind, index = edits.find(field, key)
    return kind, index, getattr(field, kind)[index]


def vertices(item: Any) -> tuple[Point, ...]:
    """A wall's points or a polygon's corners (a unit has none)."""
    if isinstance(item, Unit):
        return ()
    points: tuple[Point, ...] = getattr(item, "points", None) or item.polygon
    return points


def pick(field: Battlefield, point: Point, tolerance: float) -> str | None:
    """What a click at ``point`` selects: a unit, wall or obstacle, else terrain, else a zone."""
    key = hit_test(field, point, tolerance)
    if key is not None:
        return key
    for kind in ("terrain", "deployment"):
        items = getattr(field, kind)
        for index in reversed(range(len(items))):
            if len(items[index].polygon) >= 3 and _inside(point, items[index].polygon):
                return edits.key_of(field, kind, index)
    return None


def nearest_edge(points: Sequence[Point], point: Point, closed: bool) -> int:
    """The index at which a vertex inserted at ``point`` splits the nearest edge."""
    pairs = list(itertools.pairwise(points))
    if closed:
        pairs.append((points[-1], points[0]))
    distances = [_segment_distance(point, a, b) for a, b in pairs]
    return distances.index(min(distances)) + 1


def unit_id(field: Battlefield, base: str) -> str:
    taken = {u.id for u in field.units}
    taken |= {x.id for k in ("walls", "obstacles", "terrain") for x in getattr(field, k) if x.id}
    n = 1
    while f"{base}-{n}" in taken:
        n += 1
    return f"{base}-{n}"


class EditorMode(Mode):
    """The map editor inside the shell; the edited map lives in ``self.history``."""

    def __init__(
        self,
        field: Battlefield,
        path: Path | None = None,
        *,
        autosave_dir: Path | None = None,
        autosave_interval: float = AUTOSAVE_SECONDS,
        offer_recovery: bool = True,
    ) -> None:
        self.history = History(field)
        self.path = path
        self.autosave_dir = autosave_dir
        self.autosave_interval = autosave_interval
        self.offer_recovery = offer_recovery
        self.tool = "select"
        self.selection: list[str] = []
        self.points: list[Point] = []  # the wall or polygon being drawn
        self.cursor: Point | None = None  # K, snapped when a drawing tool is active
        self.drag: dict[str, Any] | None = None
        self.terrain_kind = TerrainKind.DIFFICULT.value
        self.side = SIDES[0]
        self.characters: list[str] = []
        self.character: str | None = None
        self.army_name: str | None = None
        self.panel_error = ""
        self._since_autosave = 0.0
        self._autosaved: Battlefield = field
        self._last_click: tuple[int, tuple[int, int]] | None = None
        self._pending: Callable[[], None] | None = None
        self._force_quit = False
        self._typing_edit: tuple[str, str] | None = None  # (key, name) of the last typed edit
        self.confirm: UIConfirmationDialog | None = None
        self.message_window: UIMessageWindow | None = None
        self.file_dialog: UIFileDialog | None = None
        self.file_purpose = ""
        self._problems: tuple[int, list[edits.Issue]] = (-1, [])
        self._problem_keys: dict[str, str] = {}
        self._panel_state: tuple[Any, ...] | None = None
        self._panel_widgets: list[Any] = []
        self.entries: dict[str, UITextEntryLine] = {}
        self.drops: dict[str, UIDropDownMenu] = {}

    # --- the shell's hooks -----------------------------------------------------------

    def attach(self, app: ViewApp) -> None:
        super().attach(app)
        app.field = self.history.current
        if self.autosave_dir is None:
            self.autosave_dir = app.settings_dir or config_dir()

    def bar(self) -> Sequence[tuple[str, int]]:
        return EDITOR_BAR

    def insets(self) -> tuple[int, int]:
        return (TOOL_BAR, PANEL_WIDTH)

    def layout(self) -> list[Any]:
        app = self.app
        w, h = app.size
        manager = app.manager
        bar = UIPanel(
            pygame.Rect(0, BAR_HEIGHT, w - PANEL_WIDTH, TOOL_BAR),
            manager=manager,
            object_id="#tool_bar",
        )
        self.tool_buttons: dict[str, UIButton] = {}
        x = 6
        for name in TOOLS:
            width = TOOL_WIDTHS.get(name, 80)
            self.tool_buttons[name] = UIButton(
                pygame.Rect(x, 4, width, TOOL_BAR - 10),
                text(f"tool.{name}"),
                manager=manager,
                container=bar,
                tool_tip_text=text(f"tip.tool.{name}"),
            )
            x += width + 4
        x += 8
        kind_rect = pygame.Rect(x, 4, 96, TOOL_BAR - 10)
        self.kind_menu = _choice_menu(
            "kind", CHOICES["kind"], self.terrain_kind, kind_rect, manager, bar
        )
        x += 104
        side_rect = pygame.Rect(x, 4, 90, TOOL_BAR - 10)
        self.side_menu = _choice_menu("side", SIDES, self.side, side_rect, manager, bar)
        self._sync_tools()

        top = BAR_HEIGHT
        height = h - BAR_HEIGHT - STATUS_HEIGHT
        self.panel = UIPanel(
            pygame.Rect(w - PANEL_WIDTH, top, PANEL_WIDTH, height),
            manager=manager,
            object_id="#side_panel",
        )
        inner = PANEL_WIDTH - 16
        self.army_button = UIButton(
            pygame.Rect(8, 6, 132, ROW - 4),
            text("editor.army"),
            manager=manager,
            container=self.panel,
            tool_tip_text=text("tip.army"),
        )
        people: Options = [(text("editor.no_character"), "")]
        people += [(c, c) for c in self.characters]
        self.character_menu = UIDropDownMenu(
            people,
            _pair(people, self.character or ""),
            pygame.Rect(144, 6, inner - 136, ROW - 4),
            manager=manager,
            container=self.panel,
            expansion_height_limit=300,
        )
        if not self.characters:
            _call(self.character_menu, "disable")
        props_top = ROW + 8
        props_height = min(11 * ROW + 90, height // 2 + 80) + props_top
        UILabel(
            pygame.Rect(8, props_top, inner, 24),
            text("panel.properties"),
            manager=manager,
            container=self.panel,
            object_id="#panel_title",
        )
        self.props_rect = pygame.Rect(8, props_top + 26, inner, props_height - props_top - 26)
        UILabel(
            pygame.Rect(8, props_height + 4, inner, 24),
            text("panel.problems"),
            manager=manager,
            container=self.panel,
            object_id="#panel_title",
        )
        list_height = max(40, height - props_height - 40)
        self.problem_list = UISelectionList(
            pygame.Rect(8, props_height + 30, inner, list_height),
            [],
            manager=manager,
            container=self.panel,
            object_id="#problem_list",
        )
        self._problems = (-1, [])
        self._panel_state = None
        self._panel_widgets = []
        self._refresh()
        return [bar, self.panel]

    def handle(self, event: pygame.event.Event, consumed: bool) -> bool:
        kind = event.type
        if kind == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED:
            if event.ui_element is self.confirm and self._pending is not None:
                action, self._pending = self._pending, None
                action()
            return True
        if kind == pygame_gui.UI_WINDOW_CLOSE:
            if event.ui_element is self.confirm:
                self.confirm = None
                self._pending = None
            elif event.ui_element is self.file_dialog:
                self.file_dialog = None
            elif event.ui_element is self.message_window:
                self.message_window = None
            else:
                return False
            return True
        if kind == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            return _hand_text(event, self.file_dialog, lambda chosen: self._picked(Path(chosen)))
        if kind == pygame_gui.UI_BUTTON_PRESSED:
            return self._tool_button(event.ui_element)
        if kind == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            return self._dropdown(event)
        if kind == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            for name, entry in self.entries.items():
                if event.ui_element is entry:
                    self.apply_property(name, entry.get_text())
                    return True
            return False
        if kind == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION:
            return _hand_text(event, self.problem_list, self._problem_chosen)
        if kind == pygame.KEYDOWN:
            return self._key(event)
        if self._modal_open():
            return kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        if kind == pygame.MOUSEMOTION:
            self._motion(event.pos)
            return False  # the shell hovers and pans
        if consumed:
            return False
        left = kind == pygame.MOUSEBUTTONDOWN and event.button == 1
        if left and not self.app.space_down and self.app._over_view(event.pos):
            self._press(event.pos, getattr(event, "mod", None))
            return True
        if kind == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            self._release(event.pos)
            return True
        return False

    def update(self, dt: float) -> None:
        if self.offer_recovery:  # once, over the laid-out window
            self.offer_recovery = False
            self._offer_recovery()
        self._since_autosave += dt
        if self._since_autosave >= self.autosave_interval:
            self._since_autosave = 0.0
            self.autosave_now()
        self._refresh()

    def draw(self, view: pygame.Surface) -> None:
        """The shape being drawn, the snapped cursor and the selection's vertex handles."""
        camera = self.app.camera
        ink = (255, 214, 64)
        if len(self.selection) == 1 and self.tool == "select":
            item = self._selected_item()
            if item is not None:
                hovered = self._vertex_at(self.cursor) if self.cursor else None
                for i, p in enumerate(vertices(item)):
                    x, y = camera.to_px(p)
                    rect = pygame.Rect(0, 0, 9, 9)
                    rect.center = (round(x), round(y))
                    pygame.draw.rect(view, (255, 255, 255) if i == hovered else ink, rect)
                    pygame.draw.rect(view, (20, 20, 20), rect, 1)
        points = list(self.points)
        if self.drag is not None and self.drag["kind"] == "rect" and self.cursor is not None:
            points = _rectangle(self.drag["start"], self.cursor)
            closed = True
        else:
            closed = False
            if points and self.cursor is not None:
                points.append(self.cursor)
        if len(points) >= 2:
            closed = closed or (self.tool != "wall" and len(points) >= 3)
            pygame.draw.lines(view, ink, closed, camera.to_px_many(points), 2)
        for p in self.points:
            x, y = camera.to_px(p)
            pygame.draw.circle(view, ink, (round(x), round(y)), 4)
        if self.tool != "select" and self.cursor is not None:
            x, y = camera.to_px(self.cursor)
            pygame.draw.circle(view, ink, (round(x), round(y)), 6, 1)

    def selected(self) -> frozenset[str]:
        return frozenset(self.selection)

    def problems(self) -> frozenset[str]:
        return frozenset(k for k, severity, _ in self.issues() if k and severity == "error")

    def status(self) -> str | None:
        if self.app.message is not None:
            return None
        if self.points and self.tool in POLY_TOOLS:
            return text("editor.drawing", tool=text(f"tool.{self.tool}"), points=len(self.points))
        if self.app.hover is not None:
            return None
        field = self.field
        issues = self.issues()
        values = {
            "tool": text(f"tool.{self.tool}"),
            "name": field.name,
            "count": sum(len(getattr(field, k)) for k in edits.KINDS),
            "errors": sum(1 for _, s, _ in issues if s == "error"),
            "warnings": sum(1 for _, s, _ in issues if s != "error"),
        }
        if self.cursor is None:
            return text("editor.status_idle", **values)
        x, y = self.cursor
        return text("editor.status", x=f"{x:.1f}", y=f"{y:.1f}", **values)

    def title(self) -> str:
        name = self.path.name if self.path is not None else self.field.name
        return text("editor.title", star="*" if self.history.dirty else "", name=name)

    def help_body(self) -> str:
        return text("help.editor") + text("help.body")

    def may_quit(self) -> bool:
        if self._force_quit or not self.history.dirty:
            self._clear_autosave()
            return True
        self._ask_unsaved(self._quit_now)
        return False

    # --- state -----------------------------------------------------------------------

    @property
    def field(self) -> Battlefield:
        return self.history.current

    def issues(self) -> list[edits.Issue]:
        version = self.app.field_version
        if self._problems[0] != version:
            self._problems = (version, edits.problems(self.field))
        return self._problems[1]

    def commit(self, field: Battlefield, selection: Sequence[str] | None = None) -> None:
        """Record an edit (one undo step) and show it."""
        self.history.push(field)
        self._typing_edit = None
        if selection is not None:
            self.selection = list(selection)
        self._show_current()

    def _show_current(self) -> None:
        self.app.field = self.history.current
        self.app.hover = None
        self.selection = [k for k in self.selection if self._exists(k)]

    def _exists(self, key: str) -> bool:
        try:
            edits.find(self.field, key)
        except EditError:
            return False
        return True

    def _selected_item(self) -> Any:
        if len(self.selection) != 1:
            return None
        try:
            return element(self.field, self.selection[0])[2]
        except EditError:
            return None

    def refuse(self, exc: EditError) -> None:
        self.app._say(text("editor.refused", reason=to_spanish(str(exc))))

    def set_tool(self, tool: str) -> None:
        self.tool = tool
        self.points = []
        self.drag = None
        self._sync_tools()

    def _sync_tools(self) -> None:
        for name, button in self.tool_buttons.items():
            widget: Any = button
            if name == self.tool:
                widget.select()
            else:
                widget.unselect()

    # --- edits -----------------------------------------------------------------------

    def undo(self) -> None:
        self.points = []
        self.history.undo()
        self._typing_edit = None
        self._show_current()

    def redo(self) -> None:
        self.history.redo()
        self._typing_edit = None
        self._show_current()

    def finish_shape(self) -> bool:
        """Add the wall or polygon being drawn; False (and nothing added) when too short."""
        points, tool = self.points, self.tool
        if len(points) < POLY_TOOLS.get(tool, 99):
            return False
        self.points = []
        try:
            if tool == "wall":
                field, key = edits.add_wall(self.field, points)
            elif tool == "polygon":
                field, key = edits.add_obstacle(self.field, points)
            elif tool == "terrain":
                field, key = edits.add_terrain(self.field, points, self.terrain_kind)
            else:
                field, key = edits.add_deployment(self.field, self.side, points)
        except EditError as exc:
            self.refuse(exc)
            return False
        self.commit(field, [key])
        return True

    def place_unit(self, point: Point) -> str | None:
        field = self.field
        base = self.character or self.side.lower()
        unit = Unit(
            unit_id(field, base),
            self.side,
            point,
            facing=90.0 if self.side == SIDES[0] else 270.0,
            character=self.character,
        )
        try:
            self.commit(edits.add_unit(field, unit), [unit.id])
        except EditError as exc:
            self.refuse(exc)
            return None
        return unit.id

    def rotate(self, degrees: float) -> None:
        field = self.field
        try:
            for key in self.selection:
                field = edits.rotate(field, key, degrees)
        except EditError as exc:
            self.refuse(exc)
            return
        self.commit(field)

    def delete(self) -> None:
        if self.selection:
            self.commit(edits.delete(self.field, self.selection), [])

    def duplicate(self) -> None:
        if not self.selection:
            return
        try:
            field, keys = edits.duplicate(self.field, self.selection)
        except EditError as exc:
            self.refuse(exc)
            return
        self.commit(field, keys)

    def insert_vertex(self) -> None:
        item = self._selected_item()
        if item is None or self.cursor is None or not vertices(item):
            return
        points = vertices(item)
        index = nearest_edge(points, self.cursor, closed=not hasattr(item, "points"))
        point = self._snapped(self.cursor, pygame.key.get_mods())
        try:
            self.commit(edits.insert_vertex(self.field, self.selection[0], index, point))
        except EditError as exc:
            self.refuse(exc)

    def remove_vertex(self) -> None:
        index = self._vertex_at(self.cursor) if self.cursor is not None else None
        if index is None:
            return
        try:
            self.commit(edits.remove_vertex(self.field, self.selection[0], index))
        except EditError as exc:
            self.refuse(exc)

    def apply_property(self, name: str, value: str) -> bool:
        """Apply a typed or chosen value to the selection; a refusal shows in the panel.

        Typing into one field is one undo step: each keystroke replaces the
        previous keystroke's state rather than stacking on it.
        """
        if len(self.selection) != 1:
            return False
        key = self.selection[0]
        kind, index, _ = element(self.field, key)
        try:
            field = edits.set_property(self.field, key, name, value)
        except EditError as exc:
            self.panel_error = text("panel.refused", reason=to_spanish(str(exc)))
            self._show_panel_error()
            return False
        self.panel_error = ""
        self._show_panel_error()
        if self._typing_edit == (key, name) and self.history.can_undo:
            self.history.undo()  # the previous keystroke of this same typing
        self.history.push(field)
        new_key = edits.key_of(self.history.current, kind, index)
        self._typing_edit = (new_key, name)
        self.selection = [new_key]
        self.app.field = self.history.current
        # Keep the entries (and the keyboard focus) the user is typing in.
        self._panel_state = self._panel_key()
        return True

    # --- input -----------------------------------------------------------------------

    def _snapped(self, point: Point, mod: int) -> Point:
        if mod & pygame.KMOD_ALT:
            return point
        radius = SNAP_PX / self.app.camera.scale
        return edits.snap(point, self.field, grid=self.app.show_grid, vertex_radius=radius)

    def _motion(self, pos: tuple[int, int]) -> None:
        app = self.app
        if not app._over_view(pos):
            self.cursor = None
            return
        raw = app.camera.to_k(app._view_point(pos))
        mod = pygame.key.get_mods()
        drag = self.drag
        drawing = self.tool != "select" or (drag is not None and drag["kind"] == "vertex")
        self.cursor = self._snapped(raw, mod) if drawing else raw
        if drag is None:
            return
        try:
            if drag["kind"] == "move":
                sx, sy = drag["start"]
                dx, dy = raw[0] - sx, raw[1] - sy
                if app.show_grid and not mod & pygame.KMOD_ALT:
                    dx, dy = round(dx * 2) / 2, round(dy * 2) / 2  # half-K steps
                preview = edits.move(drag["field"], drag["keys"], dx, dy)
            elif drag["kind"] == "vertex":
                preview = edits.move_vertex(drag["field"], drag["key"], drag["index"], self.cursor)
            else:
                return
        except EditError:
            return  # a unit would clash here: it stays at its last free place
        drag["moved"] = True
        app.field = preview

    def _press(self, pos: tuple[int, int], mod: int | None) -> None:
        app = self.app
        mod = pygame.key.get_mods() if mod is None else mod
        raw = app.camera.to_k(app._view_point(pos))
        now = pygame.time.get_ticks()
        double = (
            self._last_click is not None
            and now - self._last_click[0] <= DOUBLE_CLICK_MS
            and math.dist(pos, self._last_click[1]) <= DOUBLE_CLICK_PX
        )
        self._last_click = (now, pos)
        app.message = None
        if self.tool == "select":
            self._select_press(raw, mod)
            return
        point = self._snapped(raw, mod)
        self.cursor = point
        if self.tool in POLY_TOOLS:
            if double and self.points:
                self.finish_shape()
                self._last_click = None
            elif not self.points or math.dist(point, self.points[-1]) > 1e-9:
                self.points.append(point)
        elif self.tool == "rect":
            self.drag = {"kind": "rect", "start": point}
        elif self.tool == "unit":
            self.place_unit(point)

    def _select_press(self, point: Point, mod: int) -> None:
        tolerance = PICK_PX / self.app.camera.scale
        vertex = self._vertex_at(point)
        if vertex is not None and not mod & pygame.KMOD_SHIFT:
            grabbed = self.selection[0]
            self.drag = {"kind": "vertex", "key": grabbed, "index": vertex, "field": self.field}
            return
        key = pick(self.field, point, tolerance)
        if mod & pygame.KMOD_SHIFT:
            if key is not None:
                if key in self.selection:
                    self.selection.remove(key)
                else:
                    self.selection.append(key)
            return
        if key is None:
            self.selection = []
            return
        if key not in self.selection:
            self.selection = [key]
        self.drag = {
            "kind": "move",
            "start": point,
            "keys": list(self.selection),
            "field": self.field,
        }

    def _release(self, pos: tuple[int, int]) -> None:
        drag, self.drag = self.drag, None
        if drag is None:
            return
        if drag["kind"] == "rect":
            start = drag["start"]
            end = self._snapped(self.app.camera.to_k(self.app._view_point(pos)), 0)
            if abs(end[0] - start[0]) > 1e-9 and abs(end[1] - start[1]) > 1e-9:
                try:
                    field, key = edits.add_obstacle(self.field, _rectangle(start, end))
                except EditError as exc:
                    self.refuse(exc)
                    return
                self.commit(field, [key])
            return
        if drag.get("moved"):
            preview = self.app.field
            self.app.field = self.history.current
            self.commit(preview)

    def _vertex_at(self, point: Point | None) -> int | None:
        item = self._selected_item()
        if item is None or point is None:
            return None
        reach = VERTEX_PX / self.app.camera.scale
        best: tuple[float, int] | None = None
        for i, p in enumerate(vertices(item)):
            d = math.dist(p, point)
            if d <= reach and (best is None or d < best[0]):
                best = (d, i)
        return None if best is None else best[1]

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        mod = int(getattr(event, "mod", 0))
        ctrl = bool(mod & pygame.KMOD_CTRL)
        shift = bool(mod & pygame.KMOD_SHIFT)
        if self._modal_open():
            if key == pygame.K_ESCAPE:
                self._close_modals()
            return True
        if _typing(self.app.manager):
            if key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
                _call(self.app.manager, "set_focus_set", None)
                return True
            if not (ctrl and key in (pygame.K_z, pygame.K_y, pygame.K_s, pygame.K_n, pygame.K_o)):
                return False  # the entry has it
        if ctrl:
            actions: dict[int, Callable[[], object]] = {
                pygame.K_z: self.redo if shift else self.undo,
                pygame.K_y: self.redo,
                pygame.K_d: self.duplicate,
                pygame.K_n: self.new_map,
                pygame.K_o: self.open_map,
                pygame.K_s: self.save_as if shift else self.save,
            }
            if key in actions:
                actions[key]()
                return True
            return False
        if key == pygame.K_ESCAPE:
            if self.points or self.drag is not None:
                if self.drag is not None:
                    self.app.field = self.history.current
                self.points, self.drag = [], None
                return True
            if self.selection:
                self.selection = []
                return True
            return False
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.finish_shape()
            return True
        if key in TOOL_KEYS:
            self.set_tool(TOOL_KEYS[key])
            return True
        if key == pygame.K_r and self.selection:
            self.rotate(-ROTATE_STEP if shift else ROTATE_STEP)
            return True
        if key == pygame.K_DELETE:
            self.delete()
            return True
        if key == pygame.K_INSERT:
            self.insert_vertex()
            return True
        if key == pygame.K_BACKSPACE:
            if self.points:
                self.points.pop()
            else:
                self.remove_vertex()
            return True
        return False

    def _tool_button(self, element_: object) -> bool:
        for name, button in self.tool_buttons.items():
            if element_ is button:
                self.set_tool(name)
                return True
        if element_ is self.army_button:
            self._file_dialog("army")
            return True
        return False

    def button(self, name: str) -> bool:
        actions: dict[str, Callable[[], object]] = {
            "new": self.new_map,
            "open": self.open_map,
            "save": self.save,
            "save_as": self.save_as,
            "undo": self.undo,
            "redo": self.redo,
        }
        if name in actions:
            actions[name]()
            return True
        return False

    def _dropdown(self, event: pygame.event.Event) -> bool:
        value = _option_id(event)
        if event.ui_element is self.kind_menu:
            self.terrain_kind = value
            self.set_tool("terrain")
        elif event.ui_element is self.side_menu:
            self.side = value
        elif event.ui_element is self.character_menu:
            self.character = value or None
            self.set_tool("unit")
        else:
            for name, menu in self.drops.items():
                if event.ui_element is menu:
                    self.apply_property(name, value)
                    self._panel_state = None  # rebuild: the drop-down shows the new value
                    return True
            return False
        return True

    def _problem_chosen(self, label: str) -> None:
        key = self._problem_keys.get(label, "")
        self.app._say(label)
        if key and self._exists(key):
            self.selection = [key]

    # --- files -----------------------------------------------------------------------

    def _ask_unsaved(self, action: Callable[[], None]) -> None:
        self._ask(
            text("dialog.unsaved_title"),
            text("dialog.unsaved", name=self.field.name),
            text("dialog.discard"),
            action,
        )

    def _ask(self, title: str, body: str, ok: str, action: Callable[[], None]) -> None:
        _kill(self.confirm)
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(420, w - 40), 220)
        rect.center = (w // 2, h // 2)
        self.confirm = UIConfirmationDialog(
            rect,
            body,
            self.app.manager,
            window_title=title,
            action_short_name=ok,
            object_id="#confirm_dialog",
        )
        self._pending = action

    def _guard(self, action: Callable[[], None]) -> None:
        """Run ``action`` now, or after the user agrees to drop unsaved changes."""
        if self.history.dirty:
            self._ask_unsaved(action)
        else:
            action()

    def _quit_now(self) -> None:
        self._force_quit = True
        self.app.quit()

    def new_map(self) -> None:
        self._guard(self._new_now)

    def _new_now(self) -> None:
        self._load(Battlefield(text("editor.new_name"), EMPTY_TABLE), None)

    def open_map(self) -> None:
        self._guard(lambda: self._file_dialog("open"))

    def _load(self, field: Battlefield, path: Path | None) -> None:
        self.history = History(field)
        self._autosaved = field
        self.path = path
        self.selection, self.points, self.drag = [], [], None
        self._typing_edit = None
        self._show_current()
        self.app.fit()

    def open_path(self, path: Path) -> bool:
        try:
            field = load_map(path)
        except DataError as exc:
            reason = exc.problems[0].message if exc.problems else str(exc)
            self.app._say(text("status.open_failed", path=path.name, reason=to_spanish(reason)))
            return False
        self._load(field, path)
        self._remember(path)
        self.app._say(text("status.opened", path=path.name))
        return True

    def save(self) -> bool:
        if self.path is None:
            self.save_as()
            return False
        return self.save_to(self.path)

    def save_as(self) -> None:
        self._file_dialog("save_as")

    def save_to(self, path: Path) -> bool:
        """Save atomically; refused (with the reasons shown) only when it would not load back."""
        ok, reasons = edits.can_save(self.field)
        if not ok:
            self._message(
                text("dialog.cannot_save_title"),
                text(
                    "dialog.cannot_save",
                    reasons="<br>".join(f"• {to_spanish(r)}" for r in reasons),
                ),
            )
            return False
        try:
            save_map(self.field, path)
        except OSError as exc:
            self.app._say(text("editor.save_failed", path=path.name, reason=exc))
            return False
        self.history.mark_saved()
        self.path = path
        self._clear_autosave()
        self._remember(path)
        if reasons:
            self.app._say(text("editor.saved_warnings", count=len(reasons), path=path.name))
        else:
            self.app._say(text("editor.saved", path=path.name))
        return True

    def _remember(self, path: Path) -> None:
        app = self.app
        app.map_path = path
        app.settings.last_map = str(path.resolve())
        app.settings.save(app.settings_dir)

    def _file_dialog(self, purpose: str) -> None:
        _kill(self.file_dialog)
        start = self.path or self.app.map_path
        folder = start.parent if start is not None else resources.maps_dir()
        if purpose == "army":
            folder = resources.armies_dir()
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(520, w - 40), min(460, h - 60))
        rect.center = (w // 2, h // 2)
        titles = {"open": "dialog.open", "save_as": "dialog.save_as", "army": "dialog.army"}
        initial = folder / (self.path.name if purpose == "save_as" and self.path else "")
        self.file_purpose = purpose
        self.file_dialog = UIFileDialog(
            rect,
            self.app.manager,
            window_title=text(titles[purpose]),
            initial_file_path=str(initial),
            allow_existing_files_only=purpose != "save_as",
        )

    def _picked(self, path: Path) -> None:
        purpose = self.file_purpose
        self.file_dialog = None
        if purpose == "open":
            self.open_path(path)
        elif purpose == "save_as":
            if path.suffix.lower() not in (".yaml", ".yml"):
                path = path.with_name(path.name + ".yaml")
            self.save_to(path)
        elif purpose == "army":
            self.load_army(path)

    def load_army(self, path: Path) -> bool:
        try:
            army = load_army(path).army
        except DataError as exc:
            reason = exc.problems[0].message if exc.problems else str(exc)
            self.app._say(text("editor.army_failed", path=path.name, reason=to_spanish(reason)))
            return False
        self.characters = [c.id for c in army.characters]
        self.army_name = army.name
        self.character = self.characters[0] if self.characters else None
        self.app._say(text("editor.army_loaded", name=army.name, count=len(self.characters)))
        self.app._layout()  # the character drop-down lists the new army
        if self.characters:
            self.set_tool("unit")
        return True

    def _message(self, title: str, body: str) -> None:
        _kill(self.message_window)
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(460, w - 40), 260)
        rect.center = (w // 2, h // 2)
        self.message_window = UIMessageWindow(
            rect, body, self.app.manager, window_title=title, object_id="#message_window"
        )

    def _modal_open(self) -> bool:
        return any(_alive(w) for w in (self.confirm, self.file_dialog, self.message_window))

    def _close_modals(self) -> None:
        for window in (self.confirm, self.file_dialog, self.message_window):
            _kill(window)
        self.confirm = self.file_dialog = self.message_window = None
        self._pending = None

    # --- autosave --------------------------------------------------------------------

    def autosave_now(self) -> Path | None:
        """Write the map to the config folder when it changed since the last autosave."""
        field = self.field
        if field is self._autosaved or not self.history.dirty or self.autosave_dir is None:
            return None
        try:
            path = autosave(field, self.autosave_dir)
        except OSError:
            return None
        self._autosaved = field
        self.app._say(text("editor.autosaved"))
        return path

    def _clear_autosave(self) -> None:
        if self.autosave_dir is not None:
            with contextlib.suppress(OSError):
                clear_autosave(self.autosave_dir)

    def _offer_recovery(self) -> None:
        if self.autosave_dir is None:
            return
        found = recover(self.autosave_dir)
        if found is None:
            return
        path, field = found
        when = time.strftime("%d/%m/%Y %H:%M", time.localtime(path.stat().st_mtime))

        def take() -> None:
            self._load(self.field, None)
            self.history.push(field)
            self._show_current()
            self.app._say(text("editor.recovered"))

        self._ask(
            text("dialog.recover_title"),
            text("dialog.recover", name=field.name, time=when),
            text("dialog.recover_ok"),
            take,
        )

    # --- the side panel --------------------------------------------------------------

    def _panel_key(self) -> tuple[Any, ...]:
        return (tuple(self.selection), self.app.field_version)

    def _refresh(self) -> None:
        """Rebuild the property rows and the problems list when what they show changed."""
        if self.drag is None and self._panel_state != self._panel_key():
            if self._panel_state is None or self._panel_state[0] != tuple(self.selection):
                self.panel_error = ""  # a refusal concerns the element it was typed for
            self._panel_state = self._panel_key()
            self._build_properties()
        issues = self.issues()
        labels = []
        self._problem_keys = {}
        for n, (key, severity, message) in enumerate(issues, 1):
            label = f"{n}. {text(f'severity.{severity}')}: {to_spanish(message)}"
            labels.append(label)
            self._problem_keys[label] = key
        if not labels:
            labels = [text("panel.no_problems")]
        current = getattr(self, "_problem_labels", None)
        if labels != current:
            self._problem_labels = labels
            _call(self.problem_list, "set_item_list", labels)

    def _build_properties(self) -> None:
        for widget in self._panel_widgets:
            widget.kill()
        self._panel_widgets = []
        self.entries, self.drops = {}, {}
        manager, panel, area = self.app.manager, self.panel, self.props_rect
        x, y, width = area.x, area.y, area.width

        def label(body: str, height: int = 26, object_id: str = "#panel_label") -> None:
            rect = pygame.Rect(x, y, width, height)
            self._panel_widgets.append(
                UILabel(rect, body, manager=manager, container=panel, object_id=object_id)
            )

        if not self.selection:
            self._panel_widgets.append(
                UITextBox(
                    text("panel.nothing"),
                    pygame.Rect(x, y, width, 64),
                    manager=manager,
                    container=panel,
                    object_id="#panel_text",
                )
            )
            return
        if len(self.selection) > 1:
            label(text("panel.many", count=len(self.selection)))
            return
        try:
            kind, _index, item = element(self.field, self.selection[0])
        except EditError:
            return
        label(f"{text(f'kind.{kind}')} · {self.selection[0]}", object_id="#panel_kind")
        y += 28
        name_width = 118
        for name in edits.PROPERTIES[kind]:
            attribute = "defense" if name == "def" else name
            value = _fmt(getattr(item, attribute))
            caption = UILabel(
                pygame.Rect(x, y, name_width, ROW - 4),
                text(LABELS.get(name, f"prop.{name}")),
                manager=manager,
                container=panel,
                object_id="#panel_label",
            )
            rect = pygame.Rect(x + name_width, y, width - name_width, ROW - 4)
            widget_: Any
            if name in CHOICES:
                widget_ = _choice_menu(name, CHOICES[name], value, rect, manager, panel)
                self.drops[name] = widget_
            else:
                widget_ = UITextEntryLine(rect, manager=manager, container=panel)
                widget_.set_text(value)
                self.entries[name] = widget_
            self._panel_widgets += [caption, widget_]
            y += ROW
        self.error_box = UITextBox(
            self.panel_error,
            pygame.Rect(x, y + 4, width, max(64, min(90, area.bottom - y - 4))),
            manager=manager,
            container=panel,
            object_id="#panel_error",
        )
        self._panel_widgets.append(self.error_box)
        self._show_panel_error()

    def _show_panel_error(self) -> None:
        """The reason of the last refusal, in the panel; hidden when there is none."""
        box: Any = getattr(self, "error_box", None)
        if box is None or not box.alive():
            return
        box.set_text(self.panel_error)
        if self.panel_error:
            box.show()
        else:
            box.hide()


def _rectangle(a: Point, b: Point) -> list[Point]:
    (x0, x1), (y0, y1) = sorted((a[0], b[0])), sorted((a[1], b[1]))
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def _choice_menu(
    name: str,
    values: Sequence[str],
    current: str,
    rect: pygame.Rect,
    manager: pygame_gui.UIManager,
    container: UIPanel,
) -> UIDropDownMenu:
    """A drop-down of ``values`` under their translated labels, showing ``current``.

    The tool bar (kind, side) and the property panel offer the same choices, so they
    must label them and pick the shown option the same way.
    """
    options: Options = [(_choice_label(name, value), value) for value in values]
    return UIDropDownMenu(
        options, _pair(options, current), rect, manager=manager, container=container
    )


def _pair(options: Options, value: str) -> str | tuple[str, str]:
    for option in options:
        if isinstance(option, tuple) and option[1] == value:
            return option
    return options[0]


def _hand_text(event: pygame.event.Event, widget: object, handler: Callable[[str], None]) -> bool:
    """Pass the event's text to ``handler`` when ``widget`` sent it; whether it did.

    Several pygame_gui events carry their payload in ``text`` and must go only to
    the one widget the editor opened for them (a dialog, the problem list).
    """
    if event.ui_element is not widget:
        return False
    handler(str(event.text))
    return True


def _option_id(event: pygame.event.Event) -> str:
    """The chosen option's id of a drop-down event (its text when it has none)."""
    option = getattr(event, "selected_option_id", None)
    if isinstance(option, str):
        return option
    return str(event.text)


def run_editor(
    map_path: str | None = None,
    *,
    max_frames: int | None = None,
    events: Sequence[pygame.event.Event] = (),
    size: tuple[int, int] = WINDOW_SIZE,
    settings_dir: Path | None = None,
    autosave_interval: float = AUTOSAVE_SECONDS,
) -> int:
    """Open the map editor on ``map_path``, or on a new empty map when None.

    A map that does not load raises :class:`DataError` before any window opens.
    """
    path = Path(map_path) if map_path is not None else None
    new = Battlefield(text("editor.new_name"), EMPTY_TABLE)
    field = load_map(path) if path is not None else new
    mode = EditorMode(field, path, autosave_interval=autosave_interval)
    app = ViewApp(field, path, size=size, settings_dir=settings_dir, mode=mode)
    try:
        if path is not None:
            app.settings.last_map = str(path.resolve())
            app.settings.save(settings_dir)
        return app.run(max_frames, events)
    finally:
        pygame.quit()
