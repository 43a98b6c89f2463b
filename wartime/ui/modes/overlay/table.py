"""Mirror the table: drag figures (the physics layer keeps bases apart), turn the selected
one, add a figure with the panel's values and remove one; a blank table of a size."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

from wartime.board import edits
from wartime.board.battlefield import Battlefield, Posture, Unit
from wartime.board.queries import hit_test
from wartime.board.shapes import Disc, Point
from wartime.board.tabletop import free_id
from wartime.physics import TABLE
from wartime.physics import Table as Physics
from wartime.render.primitives import Shape
from wartime.ui.modes.overlay.tool import BadValueError, Tool
from wartime.ui.strings import text

if TYPE_CHECKING:
    from wartime.ui.modes.overlay.mode import OverlayMode

TURN_STEP = 15.0  # degrees per wheel notch or Q/E press
WHEEL_REACH = 1.0  # K beyond the base where the wheel still turns it
PICK_TOLERANCE_PX = 6.0
POSTURES = {
    "de pie": Posture.STANDING, "pie": Posture.STANDING, "standing": Posture.STANDING,
    "stand": Posture.STANDING, "crouch": Posture.CROUCHED, "agachado": Posture.CROUCHED,
    "crouched": Posture.CROUCHED, "tierra": Posture.PRONE, "cuerpo a tierra": Posture.PRONE,
    "prone": Posture.PRONE,
}  # fmt: skip


def figure_at(mode_field: Battlefield, point: Point, tolerance: float) -> str | None:
    """The unit under ``point`` (K), if any."""
    key = hit_test(mode_field, point, tolerance)
    units = {u.id for u in mode_field.units}
    return key if key in units else None


class TableTool(Tool):
    """Drag, turn, add and remove figures."""

    name = "table"
    fields = (
        ("base", "1"), ("side", "A"), ("height", "1"), ("posture", "de pie"), ("level", "1"),
        ("width", "48"), ("depth", "36"),
    )  # fmt: skip

    def __init__(self, mode: OverlayMode) -> None:
        super().__init__(mode)
        self.dragging: str | None = None
        self.physics: Physics | None = None

    # -- dragging ------------------------------------------------------------------------
    def press(self, point: Point) -> None:
        mode = self.mode
        picked = figure_at(mode.field, point, PICK_TOLERANCE_PX / mode.app.camera.scale)
        mode.select(picked)
        if picked is not None:
            self.dragging = picked
            self.physics = self._physics(picked)

    def _physics(self, unit_id: str) -> Physics | None:
        """The bases of ``unit_id``'s level and, at level 1, the walls and obstacles."""
        field = self.mode.field
        unit = field.unit(unit_id)
        solids = field.solids() if unit.level == 1 else []
        table = Physics(*field.size, solids)
        for other in field.units:
            if other.level == unit.level:
                try:
                    table.place(Disc(other.id, other.position, other.radius, other.side))
                except ValueError:
                    continue  # it overlaps already (a map written by hand): left out
        return table if table.holds(unit_id) else None

    def motion(self, point: Point) -> None:
        super().motion(point)
        if self.dragging is None:
            return
        field = self.mode.field
        unit = field.unit(self.dragging)
        goal = point
        if self.physics is not None:
            goal = self._stop(unit, point)
        if goal != unit.position:
            self.mode.set_unit(replace(unit, position=(round(goal[0], 4), round(goal[1], 4))))

    def _stop(self, unit: Unit, point: Point) -> Point:
        """Where the dragged base gets toward ``point``: the point itself when the base
        fits there (picked up and put down), else as far as it slides toward it."""
        physics = self.physics
        assert physics is not None
        if not physics.overlaps(Disc(unit.id, point, unit.radius), ignore=unit.id):
            physics.remove(unit.id)
            physics.place(Disc(unit.id, point, unit.radius, unit.side))
            return point
        moved = physics.move_toward(unit.id, point, math.dist(unit.position, point))
        if moved.contacts:
            what = moved.contacts[-1]
            what = text("table.edge") if what == TABLE else what
            self.mode.app._say(text("table.blocked", id=unit.id, what=what))
        return moved.end

    def release(self, point: Point) -> None:
        self.dragging, self.physics = None, None

    # -- turning, adding, removing -------------------------------------------------------
    def wheel(self, notches: float, point: Point) -> bool:
        chosen = self.mode.chosen
        if chosen is None:
            return False
        unit = self.mode.field.unit(chosen)
        if math.dist(unit.position, point) > unit.radius + WHEEL_REACH:
            return False
        self.mode.turn(notches * TURN_STEP)
        return True

    def add(self, point: Point) -> None:
        """A figure with the panel's values at ``point``."""
        field = self.mode.field
        try:
            side = self.values.get("side", "A").strip().upper()
            posture = POSTURES.get(self.values.get("posture", "").strip().lower())
            if posture is None:
                raise BadValueError("posture", self.values.get("posture", ""))
            unit = Unit(
                free_id(field, side.lower() or "x"), side, (round(point[0], 2), round(point[1], 2)),
                facing=90.0 if side == "A" else 270.0, base=self.number("base"),
                height=self.number("height"), level=self.whole("level"), posture=posture,
            )  # fmt: skip
            new = edits.add_unit(field, unit)
        except (BadValueError, edits.EditError) as exc:
            # a refused edit is worded in the window's language; a bad field already is
            reason = exc.text() if isinstance(exc, edits.EditError) else str(exc)
            self.mode.app._say(text("table.refused", reason=reason))
            return
        self.mode.set_field(new)
        self.mode.select(unit.id)
        self.mode.app._say(text("table.added", id=unit.id))

    def remove(self) -> None:
        chosen = self.mode.chosen
        if chosen is None:
            return
        field = self.mode.field
        self.mode.set_field(replace(field, units=tuple(u for u in field.units if u.id != chosen)))
        self.mode.select(None)
        self.mode.app._say(text("table.removed", id=chosen))

    def blank(self) -> Battlefield | None:
        """A blank table of the panel's size, or None (said why) when it does not read."""
        try:
            width, depth = self.number("width"), self.number("depth")
            if width <= 0 or depth <= 0:
                raise BadValueError("width" if width <= 0 else "depth", f"{width:g}×{depth:g}")
        except BadValueError as exc:
            self.mode.app._say(str(exc))
            return None
        return Battlefield(text("table.blank", width=f"{width:g}", depth=f"{depth:g}"),
                           (width, depth))  # fmt: skip

    # -- the panel -----------------------------------------------------------------------
    def shapes(self) -> list[Shape]:
        return []

    def report(self) -> str:
        return self.mode.chosen_report()
