"""The editor's tools on the view: select and move, draw walls, obstacles, terrain,
zones and dark areas, place units and lights, edit vertices; and the tool bar that
picks them.

Every tool ends in a pure command of :mod:`wartime.board.commands` (or an edit
of :mod:`wartime.board.edits`); this module only turns clicks, drags and keys
into those calls, snaps points to the grid and to vertices, and draws the
shape being drawn and the selection's vertex handles.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame
from pygame_gui.elements import UIButton, UIPanel

from wartime.board import commands, edits, queries
from wartime.board.battlefield import SIDES, Battlefield
from wartime.board.edits import EditError
from wartime.board.queries import vertices
from wartime.board.shapes import Point
from wartime.ui.menus import BAR_HEIGHT
from wartime.ui.modes.editor.panel import CHOICES, PANEL_WIDTH, choice_menu
from wartime.ui.modes.editor.state import EditorState
from wartime.ui.strings import text

TOOL_BAR = 36
DOUBLE_CLICK_MS = 400
DOUBLE_CLICK_PX = 6
VERTEX_PX = 8.0  # grab radius of a vertex handle
SNAP_PX = 10.0  # snap radius to an existing vertex
PICK_PX = 4.0
ROTATE_STEP = 15.0
# Ten tools, the terrain kind and the side fit the bar of a 1280 px window.
TOOL_WIDTHS = {"select": 72, "wall": 56, "rect": 80, "polygon": 100, "terrain": 70,
               "deploy": 80, "unit": 64, "throwable": 64, "dark": 78, "light": 44}  # fmt: skip
INK = (255, 214, 64)


class ToolInput(EditorState):
    """The tools of the editor mode: pointer input and the edits it makes."""

    def build_tool_bar(self) -> UIPanel:
        """The tool bar under the top bar, for the window's current size."""
        app = self.app
        w = app.size[0]
        manager = app.manager
        bar = UIPanel(
            pygame.Rect(0, BAR_HEIGHT, w - PANEL_WIDTH, TOOL_BAR),
            manager=manager,
            object_id="#tool_bar",
        )
        self.tool_buttons = {}
        x = 6
        for name in commands.TOOLS:
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
        self.kind_menu = choice_menu(
            "kind", CHOICES["kind"], self.terrain_kind, kind_rect, manager, bar
        )
        x += 104
        side_rect = pygame.Rect(x, 4, 90, TOOL_BAR - 10)
        self.side_menu = choice_menu("side", SIDES, self.side, side_rect, manager, bar)
        self._sync_tools()
        return bar

    def draw(self, view: pygame.Surface) -> None:
        """The shape being drawn, the snapped cursor and the selection's vertex handles."""
        camera = self.app.camera
        ink = INK
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
        drag = self.drag
        dragged = drag is not None and (
            drag["kind"] == "rect" or (drag["kind"] == "zone" and drag.get("moved"))
        )
        if drag is not None and dragged and self.cursor is not None:
            points = commands.rectangle(drag["start"], self.cursor)
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

    def finish_shape(self) -> bool:
        """Add the wall or polygon being drawn; False (and nothing added) when too short."""
        points, tool = self.points, self.tool
        if not commands.shape_done(tool, points):
            return False
        self.points = []
        try:
            field, key = commands.add_shape(
                self.field, tool, points, kind=self.terrain_kind, side=self.side
            )
        except EditError as exc:
            self.refuse(exc)
            return False
        self.commit(field, [key])
        return True

    def place_throwable(self, point: Point) -> str | None:
        """A car for Súper fuerza at ``point``; the panel changes its size."""
        try:
            field, key = commands.place_throwable(self.field, point)
        except EditError as exc:
            self.refuse(exc)
            return None
        self.commit(field, [key])
        return key

    def place_unit(self, point: Point) -> str | None:
        try:
            field, key = commands.place_unit(self.field, self.side, point, self.character)
        except EditError as exc:
            self.refuse(exc)
            return None
        self.commit(field, [key])
        return key

    def place_light(self, point: Point) -> None:
        try:
            field, key = commands.place_light(self.field, point)
        except EditError as exc:
            self.refuse(exc)
            return
        self.commit(field, [key])

    def rotate(self, degrees: float) -> None:
        try:
            field = commands.rotate_all(self.field, self.selection, degrees)
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
        point = self._snapped(self.cursor, pygame.key.get_mods())
        key = self.selection[0]
        try:
            self.commit(commands.insert_vertex_near(self.field, key, self.cursor, point))
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
        if drag["kind"] == "zone":  # a press of the deployment tool: a drag once it moves
            if math.dist(pos, drag["pos"]) > DOUBLE_CLICK_PX:
                drag["moved"] = True
            return
        try:
            if drag["kind"] == "move":
                on_grid = app.show_grid and not mod & pygame.KMOD_ALT
                preview = commands.drag(
                    drag["field"], drag["keys"], drag["start"], raw, on_grid=on_grid
                )
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
        if self.tool == "deploy" and not self.points:
            # A rectangle if the pointer is dragged, else the first point of a polygon:
            # decided on release (both are offered, and the status line says which).
            self.drag = {"kind": "zone", "start": point, "pos": pos}
            return
        if self.tool in commands.SHAPE_TOOLS:
            if double and self.points:
                self.finish_shape()
                self._last_click = None
            elif not self.points or math.dist(point, self.points[-1]) > 1e-9:
                self.points.append(point)
        elif self.tool == "rect":
            self.drag = {"kind": "rect", "start": point}
        elif self.tool == "unit":
            self.place_unit(point)
        elif self.tool == "throwable":
            self.place_throwable(point)
        elif self.tool == "light":
            self.place_light(point)

    def _select_press(self, point: Point, mod: int) -> None:
        tolerance = PICK_PX / self.app.camera.scale
        vertex = self._vertex_at(point)
        if vertex is not None and not mod & pygame.KMOD_SHIFT:
            grabbed = self.selection[0]
            self.drag = {"kind": "vertex", "key": grabbed, "index": vertex, "field": self.field}
            return
        key = queries.pick(self.field, point, tolerance)
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
        if drag["kind"] == "zone":
            self._release_zone(drag, pos)
            return
        if drag["kind"] == "rect":
            start = drag["start"]
            self._add_dragged(pos, lambda end: commands.add_rectangle(self.field, start, end))
            return
        if drag.get("moved"):
            preview = self.app.field
            self.app.field = self.history.current
            self.commit(preview)

    def _release_zone(self, drag: dict[str, Any], pos: tuple[int, int]) -> None:
        """A deployment press released: a dragged rectangle is a zone; a click, a point."""
        if not drag.get("moved"):
            self.points.append(drag["start"])
            return
        self._add_dragged(
            pos, lambda end: commands.add_zone_rectangle(self.field, self.side, drag["start"], end)
        )

    def _add_dragged(
        self, pos: tuple[int, int], add: Callable[[Point], tuple[Battlefield, str] | None]
    ) -> None:
        """A rectangle dragged to ``pos``: ``add`` it with its snapped far corner (a refusal
        is shown and changes nothing)."""
        end = self._snapped(self.app.camera.to_k(self.app._view_point(pos)), 0)
        try:
            added = add(end)
        except EditError as exc:
            self.refuse(exc)
            return
        if added is not None:
            field, key = added
            self.commit(field, [key])

    def _vertex_at(self, point: Point | None) -> int | None:
        item = self._selected_item()
        if item is None or point is None:
            return None
        return queries.vertex_at(vertices(item), point, VERTEX_PX / self.app.camera.scale)
