"""The measurement overlay (``wartime overlay``): the screen mirrors a real table, and
settles its geometric questions; no rule is enforced (issue 14).

Six tools share the board, chosen in the panel or with the keys 1–6: the table
(:mod:`.table`: drag, turn, add and remove figures), measure (:mod:`.measure`),
templates (:mod:`.templates`), scatter (:mod:`.scatter`), noise (:mod:`.noise`) and
odds (:mod:`.odds`).  Whatever the tool, T shows the threats to the selected figure:
every enemy's LdV to it, coloured by the cover, recomputed as it is dragged; X opens the
cross-section of the measured LdV and V shades what the selected figure can see
(:mod:`.sight`); «Imprimir» writes the 1:1 templates PDF (:mod:`.printing`).

Everything measured comes from the geometry's public API through the measuring facade
(:class:`wartime.geometry.measure.Table`) and :mod:`wartime.board.tabletop`; what is
drawn comes from :mod:`wartime.render.overlay` as pure shapes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from wartime.board.battlefield import Battlefield, Unit
from wartime.board.tabletop import Threat, threats
from wartime.errors import DataError
from wartime.formats.map import load_map
from wartime.geometry.cover import Occluders
from wartime.geometry.measure import Table
from wartime.render.overlay import SELECTED, ring, threat_shapes
from wartime.render.primitives import Shape
from wartime.ui import dialogs
from wartime.ui.modes.base import Mode
from wartime.ui.modes.overlay.measure import MeasureTool
from wartime.ui.modes.overlay.noise import NoiseTool
from wartime.ui.modes.overlay.odds import OddsTool
from wartime.ui.modes.overlay.panel import PANEL_WIDTH, SidePanel
from wartime.ui.modes.overlay.printing import Printer
from wartime.ui.modes.overlay.scatter import ScatterTool
from wartime.ui.modes.overlay.sight import SectionView, SeenArea
from wartime.ui.modes.overlay.table import TURN_STEP, TableTool
from wartime.ui.modes.overlay.templates import TemplateTool
from wartime.ui.modes.overlay.tool import Tool
from wartime.ui.strings import text
from wartime.ui.widgets import kill, typing

if TYPE_CHECKING:
    from wartime.ui.shell import ViewApp

OVERLAY_BAR = (
    ("open", 96), ("blank", 120), ("print", 96), ("fit", 104), ("grid", 84), ("arcs", 76),
    ("help", 104),
)  # fmt: skip
TOOLS: tuple[type[Tool], ...] = (
    TableTool, MeasureTool, TemplateTool, ScatterTool, NoiseTool, OddsTool,
)  # fmt: skip
TOOL_KEYS = {pygame.K_1 + i: tool.name for i, tool in enumerate(TOOLS)}
REMOVE_KEYS = (pygame.K_DELETE, pygame.K_BACKSPACE)
DRAG_REPORT_EVERY = 0.2  # seconds between the panel's updates while a figure is dragged


class OverlayMode(Mode):
    """The measurement overlay."""

    name = "overlay"

    def __init__(self) -> None:
        self.panel = SidePanel()
        self.tools: dict[str, Tool] = {}
        self.current = TableTool.name
        self.chosen: str | None = None
        self.show_threats = True
        self._geometry: tuple[Battlefield, Table] | None = None
        self._occluders: tuple[tuple[object, object], Occluders] | None = None
        self._threats: tuple[tuple[int, str], list[Threat]] | None = None
        self.notice: Any = None  # the window saying why a map did not open
        self._since_report = 0.0  # seconds since the panel's report was last brought in step
        self._reported_for: tuple[str, str | None] | None = None  # its tool and figure

    # -- the contract with the shell ----------------------------------------------------
    def attach(self, app: ViewApp) -> None:
        super().attach(app)
        self.tools = {tool.name: tool(self) for tool in TOOLS}
        self.section, self.seen, self.printer = SectionView(self), SeenArea(self), Printer(self)

    def bar(self) -> Sequence[tuple[str, int]]:
        return OVERLAY_BAR

    def insets(self) -> tuple[int, int]:
        return (0, PANEL_WIDTH)

    def layout(self) -> list[Any]:
        tool = self.tool
        fields = [(name, tool.values.get(name, value)) for name, value in tool.fields]
        names = [t.name for t in TOOLS]
        toggles = {"threats": self.show_threats, "seen": self.seen.on}
        return [self.panel.build(self.app.manager, self.app.size, names, self.current, toggles,
                                 fields)]  # fmt: skip

    def title(self) -> str:
        return text("overlay.title", name=self.app.field.name)

    def help_body(self) -> str:
        return text("help.overlay")

    def status(self) -> str | None:
        """A message, else what lies under the pointer (the shell's words), else the hint."""
        if self.app.message:
            return self.app.message
        return None if self.app.hover is not None else self.tool.hint()

    def selected(self) -> frozenset[str]:
        return frozenset({self.chosen}) if self.chosen else frozenset()

    def open_path(self, path: Path) -> bool:
        return self.load(path)

    def button(self, name: str) -> bool:
        if name == "print":
            self.printer.ask()
            return True
        if name != "blank":
            return False
        table = self.tools[TableTool.name]
        assert isinstance(table, TableTool)
        field = table.blank()
        if field is not None:
            self.app.field = field
            self.app.map_path = None
            self._fresh(text("table.blank", width=f"{field.size[0]:g}", depth=f"{field.size[1]:g}"))
        return True

    # -- the table ----------------------------------------------------------------------
    @property
    def field(self) -> Battlefield:
        return self.app.field

    @property
    def tool(self) -> Tool:
        return self.tools[self.current]

    def set_field(self, field: Battlefield) -> None:
        """The table changed (a figure moved, turned, came or went)."""
        self.app.field = field
        if self.chosen is not None and self.chosen not in {u.id for u in field.units}:
            self.chosen = None
        for tool in self.tools.values():
            tool.changed()

    def set_unit(self, unit: Unit) -> None:
        field = self.field
        units = tuple(unit if u.id == unit.id else u for u in field.units)
        self.set_field(replace(field, units=units))

    def select(self, unit_id: str | None) -> None:
        self.chosen = unit_id

    def turn(self, degrees: float) -> None:
        """Turn the selected figure by ``degrees`` (counter-clockwise)."""
        if self.chosen is None:
            return
        unit = self.field.unit(self.chosen)
        self.set_unit(replace(unit, facing=round((unit.facing + degrees) % 360.0, 6)))

    def geometry(self) -> Table:
        """The measuring facade for the table as it is (prepared once per change)."""
        field = self.field
        if self._geometry is None or self._geometry[0] is not field:
            self._geometry = (field, Table(field))
        return self._geometry[1]

    def occluders(self) -> Occluders:
        """The walls and obstacles as the cover path wants them, prepared once per set of
        walls and obstacles (dragging a figure changes neither)."""
        field = self.field
        cached = self._occluders
        if cached is not None and cached[0] == (field.walls, field.obstacles):
            return cached[1]
        occluders = Occluders.from_solids(field.solids())
        self._occluders = ((field.walls, field.obstacles), occluders)
        return occluders

    def threats(self) -> list[Threat]:
        """Every enemy's LdV to the selected figure (computed once per table and figure)."""
        if self.chosen is None:
            return []
        key = (self.app.field_version, self.chosen)
        if self._threats is None or self._threats[0] != key:
            self._threats = (key, threats(self.field, self.chosen, self.occluders()))
        return self._threats[1]

    def load(self, path: Path) -> bool:
        """Open a map; one that cannot be read opens a window naming the file, the place
        in it and the problem, and the table on screen stays as it was."""
        try:
            load_map(path)
        except DataError as exc:
            body = "<br>".join(escape(str(p)) for p in exc.problems) or escape(str(exc))
            self.notice = dialogs.message_window(
                self.app.manager, self.app.size, text("load.failed", path=path.name), body
            )
            return False
        if not self.app.open_map(path):
            return False
        self._fresh(None)
        return True

    def _fresh(self, message: str | None) -> None:
        """A new table: nothing selected, every tool's hold dropped."""
        self.chosen = None
        for tool in self.tools.values():
            tool.escape()
            tool.changed()
        self.app.scene.forget()
        self.app.static.invalidate()
        self.app.fit()
        if message:
            self.app._say(message)

    # -- events -------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event, consumed: bool) -> bool:
        app = self.app
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.panel.buttons:
            self.choose(self.panel.buttons[event.ui_element])
            return True
        if (
            event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED
            and event.ui_element in self.panel.entries
        ):
            self.tool.values[self.panel.entries[event.ui_element]] = str(event.text)
            self.tool.changed()
            return True
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is app.dialog:
            kill(app.dialog)
            app.dialog = None
            if event.ui_element is self.printer.dialog:
                self.printer.write(Path(event.text))
            else:
                self.load(Path(event.text))
            return True
        if event.type == pygame.KEYDOWN:
            if typing(app.manager) or app._dialog_open():
                return False
            return self._key(event)
        return self._pointer(event, consumed)

    def _pointer(self, event: pygame.event.Event, consumed: bool) -> bool:
        app = self.app
        if event.type == pygame.MOUSEWHEEL:
            pos = getattr(event, "pos", None) or pygame.mouse.get_pos()
            if not app._over_view(pos):
                return False
            notches = float(getattr(event, "precise_y", event.y))
            return self.tool.wheel(notches, app.camera.to_k(app._view_point(pos)))
        pos = getattr(event, "pos", None)
        if pos is None:
            return False
        point = app.camera.to_k(app._view_point(pos))
        if event.type == pygame.MOUSEMOTION:
            if app._over_view(pos) or getattr(self.tool, "dragging", None):
                self.tool.motion(point)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.tool.release(point)
            return False
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and not consumed
            and not app.nav.space_down
            and app._over_view(pos)
        ):
            self.tool.cursor = point
            self.tool.press(point)
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        table = self.tools[TableTool.name]
        assert isinstance(table, TableTool)
        if key in TOOL_KEYS:
            self.choose(TOOL_KEYS[key])
        elif key == pygame.K_t:
            self.choose("threats")
        elif key in (pygame.K_q, pygame.K_e) and self.chosen is not None:
            self.turn(TURN_STEP if key == pygame.K_q else -TURN_STEP)
        elif key in REMOVE_KEYS and self.chosen is not None:
            table.remove()
        elif key == pygame.K_n and self.tool.cursor is not None:
            table.add(self.tool.cursor)
        elif key == pygame.K_x:
            self.section.toggle()
        elif key == pygame.K_v:
            self.choose("seen")
        elif key == pygame.K_ESCAPE and self.section.is_open:
            self.section.close()
        elif key == pygame.K_ESCAPE:
            held = self.tool.escape() or self.chosen is not None
            self.chosen = None
            return held
        else:
            return self.tool.key(key)
        return True

    def choose(self, name: str) -> None:
        """A tool button (or its key), or the threats or seen-area toggle."""
        if name == "threats":
            self.show_threats = not self.show_threats
        elif name == "seen":
            self.seen.toggle()
        elif name in self.tools and name != self.current:
            cursor = self.tool.cursor
            self.current = name
            self.tool.cursor = cursor
            if name == OddsTool.name:
                self._odds_from_measurement()
        else:
            return
        self.app._layout()

    def _odds_from_measurement(self) -> None:
        measure, odds = self.tools[MeasureTool.name], self.tools[OddsTool.name]
        assert isinstance(measure, MeasureTool) and isinstance(odds, OddsTool)
        reading = measure.reading()
        if reading is not None:
            kind = reading.measurement.cover_class
            odds.fill_from(reading.modifier, kind, reading.cover_defense)

    # -- each frame ---------------------------------------------------------------------
    def update(self, dt: float) -> None:
        """Bring the panel and the cross-section in step; while a figure is dragged, a few
        times a second only (laying the text out again costs more than the rest of a
        frame)."""
        self._since_report += dt
        dragging = getattr(self.tool, "dragging", None)
        fresh = self._reported_for != (self.current, self.chosen)
        if dragging and not fresh and self._since_report < DRAG_REPORT_EVERY:
            return
        self._since_report = 0.0
        self._reported_for = (self.current, self.chosen)
        if self.section.is_open:  # redrawn when the table or the pair changed (about 7 ms)
            self.section.refresh()
        report = self.tool.report()
        if self.current == TableTool.name:
            report = self._table_report(report)
        self.panel.show(report)

    def _table_report(self, head: str) -> str:
        if self.chosen is None or not self.show_threats:
            return head
        lines = [head, "", text("table.threats_title", id=self.chosen)]
        found = sorted(
            self.threats(), key=lambda t: (t.cover_percent, t.source)
        )  # most exposed first
        if not found:
            lines.append(text("table.no_enemies"))
        for t in found:
            cdv = "" if t.in_vision else text("table.out_of_cdv")
            sight = text("sight.dark" if t.dark else f"sight.{t.line_of_sight}")
            lines.append(text("table.threat", source=t.source, sight=sight,
                              cover=f"{t.cover_percent:.0f}", cdv=cdv))  # fmt: skip
        return "<br>".join(lines)

    def chosen_report(self) -> str:
        if self.chosen is None:
            return text("table.none")
        u = self.field.unit(self.chosen)
        return text(
            "table.selected", id=u.id, side=u.side, base=f"{u.base:g}", height=f"{u.height:g}",
            posture=text(f"posture.{u.posture.value}"), level=u.level, facing=f"{u.facing:g}",
        )  # fmt: skip

    def draw(self, view: pygame.Surface) -> None:
        shapes: list[Shape] = self.seen.shapes()
        if self.chosen is not None:
            unit = self.field.unit(self.chosen)
            if self.show_threats:
                shapes += threat_shapes(unit.position, self._threat_lines())
            shapes.append(ring(unit.position, unit.radius, SELECTED, 2, 0.15))
        if self.current != MeasureTool.name:  # the last measurement stays in sight
            shapes += self.tools[MeasureTool.name].shapes()
        shapes += self.tool.shapes()
        if shapes:
            self.app.painter.draw(view, shapes, self.app.camera, table=self.field.size)

    def _threat_lines(self) -> list[tuple[tuple[float, float], str, str]]:
        out = []
        for t in self.threats():
            caption = f"{t.cover_percent:.0f}%"  # the panel says which have it in their CdV
            if t.dark:  # the darkness hides it, whatever the cover
                caption = text("sight.dark_short")
            out.append((self.field.unit(t.source).position, t.line_of_sight, caption))
        return out
