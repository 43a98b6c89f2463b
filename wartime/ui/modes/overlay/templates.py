"""Templates: R, L and G follow the mouse (the wheel turns them, +/− change the size) and
mark the figures they cover fully and partly; an S chain jumps from a clicked target,
its ties broken by shown d10s."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame
import shapely

from wartime.board.shapes import Disc, Point
from wartime.geometry.templates import Chain, Template, coverage, jump_chain, make_template
from wartime.render.overlay import chain_shapes, template_shapes
from wartime.render.primitives import Shape
from wartime.rules.dice import Dice
from wartime.ui.modes.overlay.table import PICK_TOLERANCE_PX, figure_at
from wartime.ui.modes.overlay.tool import BadValueError, Tool
from wartime.ui.strings import text

if TYPE_CHECKING:
    from wartime.ui.modes.overlay.mode import OverlayMode

KINDS = ("R", "L", "G", "S")
TURN_STEP = 15.0  # degrees per wheel notch
SIZES = (1, 20)  # the smallest and largest size +/− reach
PLUS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
MINUS = (pygame.K_MINUS, pygame.K_KP_MINUS)


class TemplateTool(Tool):
    """One template under the mouse, or an S chain from a target."""

    name = "template"
    fields = (("size", "4"), ("disk", "3"), ("seed", "1"))

    def __init__(self, mode: OverlayMode) -> None:
        super().__init__(mode)
        self.kind = "R"
        self.angle = 90.0  # degrees: where L and G point from the mouse
        self.chain_target: str | None = None

    # -- input ---------------------------------------------------------------------------
    def wheel(self, notches: float, point: Point) -> bool:
        if self.kind not in ("L", "G"):
            return False
        self.angle = (self.angle + notches * TURN_STEP) % 360.0
        return True

    def key(self, key: int) -> bool:
        if key == pygame.K_TAB:
            self.kind = KINDS[(KINDS.index(self.kind) + 1) % len(KINDS)]
            return True
        if key in PLUS or key in MINUS:
            try:
                size = self.whole("size")
            except BadValueError:
                size = 4
            size = min(SIZES[1], max(SIZES[0], size + (1 if key in PLUS else -1)))
            self.set_value("size", str(size))
            return True
        return False

    def press(self, point: Point) -> None:
        if self.kind != "S":
            return
        mode = self.mode
        self.chain_target = figure_at(mode.field, point, PICK_TOLERANCE_PX / mode.app.camera.scale)

    def escape(self) -> bool:
        held = self.chain_target is not None
        self.chain_target = None
        return held

    def changed(self) -> None:
        if self.chain_target not in {u.id for u in self.mode.field.units}:
            self.chain_target = None

    # -- the template --------------------------------------------------------------------
    def shape_name(self) -> str:
        size = self.whole("size")
        if self.kind == "G":
            return f"G{size}/{self.whole('disk')}"
        return f"{self.kind}{size}"

    def template(self, at: Point) -> Template:
        """The R, L or G template with the mouse at ``at``."""
        if self.kind == "R":
            return make_template(self.shape_name(), at)
        rad = math.radians(self.angle)
        aim = (at[0] + math.cos(rad), at[1] + math.sin(rad))
        line = self.mode.field.rules.line_width
        return make_template(self.shape_name(), aim, Disc("#mouse", at, 0.0), line)

    def covered(self, made: Template) -> tuple[list[str], list[str]]:
        hits = coverage(made, self.discs())
        return list(hits.full), list(hits.partial)

    def discs(self) -> list[Disc]:
        return [Disc(u.id, u.position, u.radius, u.side) for u in self.mode.field.units]

    def chain(self) -> Chain | None:
        if self.chain_target is None:
            return None
        jumps = self.whole("size")
        return jump_chain(self.chain_target, self.discs(), jumps, Dice(self.whole("seed")))

    # -- output --------------------------------------------------------------------------
    def shapes(self) -> list[Shape]:
        try:
            if self.kind == "S":
                return self._chain_shapes()
            if self.cursor is None:
                return []
            made = self.template(self.cursor)
        except (BadValueError, ValueError):
            return []
        full, partial = self.covered(made)
        field = self.mode.field
        marks = [[(field.unit(i).position, field.unit(i).radius) for i in ids]
                 for ids in (full, partial)]  # fmt: skip
        top = (made.origin[0], float(shapely.bounds(made.area)[3]) + 0.7)
        return template_shapes(
            made.area, made.shape, top, marks[0], marks[1],
            text("template.full_mark"), text("template.partial_mark"),
        )  # fmt: skip

    def _chain_shapes(self) -> list[Shape]:
        chain = self.chain()
        if chain is None:
            return []
        field = self.mode.field
        centres = [(field.unit(i).position, field.unit(i).radius) for i in chain.ids]
        return chain_shapes(centres, [f"{n + 1}" for n in range(len(chain.ids))])

    def report(self) -> str:
        try:
            if self.kind == "S":
                return self._chain_report()
            name = self.shape_name()
            if self.cursor is None:
                return text("template.title", shape=name)
            full, partial = self.covered(self.template(self.cursor))
        except (BadValueError, ValueError) as exc:
            return str(exc)
        nobody = text("template.nobody")
        return "<br>".join([
            text("template.title", shape=name),
            text("template.full", ids=", ".join(full) or nobody),
            text("template.partial", ids=", ".join(partial) or nobody),
        ])  # fmt: skip

    def _chain_report(self) -> str:
        shape = f"S{self.whole('size')}"
        chain = self.chain()
        if chain is None:
            return f"{text('template.title', shape=shape)}<br>{text('template.pick')}"
        ties = (
            text("template.ties", rolls=", ".join(str(r) for r in chain.tie_rolls))
            if chain.tie_rolls
            else text("template.no_ties")
        )
        return "<br>".join([
            text("template.title", shape=shape),
            text("template.chain", shape=shape, target=chain.ids[0], ids=" -> ".join(chain.ids)),
            ties,
        ])  # fmt: skip

    def hint(self) -> str:
        return f"{self.kind} · {text('hint.template')}"
