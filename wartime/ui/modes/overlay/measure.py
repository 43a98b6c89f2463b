"""Measure: click a figure, then another; the panel gives the distance edge to edge (K
and cm at the chosen scale), the CdV, the LdV, the cover with its class and its effect,
the range band with its CH IMP modifier and the walls the line crosses."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wartime.board.battlefield import Battlefield
from wartime.board.shapes import Point
from wartime.board.tabletop import Crossing, cover_rule, crossings, range_band
from wartime.geometry.measure import Measurement
from wartime.geometry.vision import vision_range
from wartime.render.overlay import measure_shapes
from wartime.render.primitives import Shape
from wartime.ui.modes.overlay.table import PICK_TOLERANCE_PX, figure_at
from wartime.ui.modes.overlay.tool import Tool
from wartime.ui.strings import text

if TYPE_CHECKING:
    from wartime.ui.modes.overlay.mode import OverlayMode


@dataclass(frozen=True)
class Reading:
    """One measurement with what the overlay adds to it."""

    measurement: Measurement
    walls: tuple[Crossing, ...]
    band: int
    modifier: int
    cover_defense: int  # the strongest DEF crossed: the cover's own check at 100 %


def read(field: Battlefield, measurement: Measurement) -> Reading:
    a, b = field.unit(measurement.source), field.unit(measurement.target)
    walls = tuple(crossings(field, a.position, b.position))
    band, modifier = range_band(measurement.distance_k)
    strongest = max((w.defense for w in walls), default=0)
    return Reading(measurement, walls, band, modifier, strongest)


class MeasureTool(Tool):
    """Two clicks, one measurement."""

    name = "measure"

    def __init__(self, mode: OverlayMode) -> None:
        super().__init__(mode)
        self.source: str | None = None
        self.target: str | None = None

    def press(self, point: Point) -> None:
        mode = self.mode
        picked = figure_at(mode.field, point, PICK_TOLERANCE_PX / mode.app.camera.scale)
        if picked is None:
            return
        if self.source is None or self.target is not None or picked == self.source:
            self.source, self.target = picked, None
        else:
            self.target = picked

    def escape(self) -> bool:
        held = self.source is not None
        self.source = self.target = None
        return held

    def changed(self) -> None:
        ids = {u.id for u in self.mode.field.units}
        if self.source not in ids:
            self.source = None
        if self.target not in ids:
            self.target = None

    def reading(self) -> Reading | None:
        if self.source is None or self.target is None:
            return None
        measured = self.mode.geometry().measure(self.source, self.target)
        return read(self.mode.field, measured)

    def shapes(self) -> list[Shape]:
        field = self.mode.field
        if self.source is None:
            return []
        reading = self.reading()
        if reading is None:
            return []
        a, b = field.unit(self.source).position, field.unit(self.target or "").position
        distance = reading.measurement.distance_k
        caption = text(
            "measure.caption", k=f"{distance:.2f}", cm=f"{distance * self.mode.app.cm_per_k:.1f}"
        )
        return measure_shapes(a, b, caption, [_along(a, b, w.distance) for w in reading.walls])

    def report(self) -> str:
        if self.source is None:
            return text("measure.pick_source")
        reading = self.reading()
        if reading is None:
            return text("measure.pick_target", source=self.source)
        return describe(self.mode.field, reading, self.mode.app.cm_per_k)


def describe(field: Battlefield, reading: Reading, cm_per_k: float) -> str:
    """The panel's lines for one reading."""
    m = reading.measurement
    viewer = field.unit(m.source)
    reach = f"{vision_range(viewer.vol):g}"
    if m.in_vision:
        cdv = text("measure.cdv_yes", source=m.source, range=reach)
    elif m.in_arc:
        cdv = text("measure.cdv_arc", source=m.source, range=reach)
    else:
        cdv = text("measure.cdv_no", source=m.source)
    rule = cover_rule(m.cover_percent)
    if rule.cover_check:
        effect = text("effect.total", defense=reading.cover_defense)
    elif rule.def_bonus:
        effect = text("effect.over_half")
    else:
        effect = text("effect.none")
    if rule.def_bonus:
        effect = f"{effect} {text('effect.crit')}"
    lo = reading.band * 10
    band = text("band.first") if reading.band == 0 else text("band.other", lo=lo, hi=lo + 10)
    lines = [
        text("measure.title", source=m.source, target=m.target),
        text(
            "measure.distance",
            k=f"{m.distance_k:.2f}",
            cm=f"{m.distance_k * cm_per_k:.1f}",
            scale=f"{cm_per_k:g}",
        ),
        text("measure.centres", k=f"{m.center_distance_k:.2f}"),
        cdv,
        text("measure.los", sight=text("sight.dark" if m.dark else f"sight.{m.line_of_sight}")),
        text(
            "measure.cover",
            percent=f"{m.cover_percent:.1f}",
            kind=text(f"cover.{rule.cover_class}"),
        ),
        text("measure.effect", effect=effect),
        text("measure.band", band=band, modifier=_signed(reading.modifier)),
    ]
    if reading.walls:
        lines.append(text("measure.walls"))
        lines += [
            text(
                "measure.wall",
                id=w.id,
                at=f"{w.distance:.1f}",
                height=f"{w.height:g}",
                defense=w.defense,
            )
            for w in reading.walls
        ]
    else:
        lines.append(text("measure.no_walls"))
    return "<br>".join(lines)


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "±0"


def _along(a: Point, b: Point, distance: float) -> Point:
    length = math.dist(a, b) or 1.0
    t = distance / length
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
