"""Noise: click a source and give DAÑ (a weapon, heard at DAÑ×2 K) or the K moved
(heard at twice that); the audible region is drawn as the walls cut it under the
chosen wall rule, and the figures that hear it are marked."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.board.shapes import Point
from wartime.board.tabletop import audible_region
from wartime.geometry.noise import NoiseRule, movement_noise, weapon_noise
from wartime.render.overlay import noise_shapes
from wartime.render.primitives import Shape
from wartime.ui.modes.overlay.tool import BadValueError, Tool
from wartime.ui.strings import text

if TYPE_CHECKING:
    from wartime.ui.modes.overlay.mode import OverlayMode


class NoiseTool(Tool):
    """A source, its reach and who hears it."""

    name = "noise"
    fields = (("dan", "3"), ("moved", "0"), ("rule", "subtract_def"))

    def __init__(self, mode: OverlayMode) -> None:
        super().__init__(mode)
        self.source: Point | None = None
        self.values["rule"] = mode.field.rules.noise_wall_rule

    def press(self, point: Point) -> None:
        self.source = point

    def escape(self) -> bool:
        held = self.source is not None
        self.source = None
        return held

    def sound(self) -> tuple[float, str, NoiseRule]:
        """The reach (K), what makes it, and the wall rule."""
        moved = self.number("moved")
        if moved > 0:
            radius, what = movement_noise(moved), text("noise.moving", moved=f"{moved:g}")
        else:
            dan = self.whole("dan")
            radius, what = weapon_noise(dan), text("noise.weapon", dan=dan)
        raw = self.values.get("rule", "").strip()
        try:
            rule = NoiseRule(raw)
        except ValueError:
            raise BadValueError("rule", raw) from None
        return radius, what, rule

    def heard(self) -> tuple[float, str, NoiseRule, list[str]] | None:
        if self.source is None:
            return None
        radius, what, rule = self.sound()
        hears = self.mode.geometry().noise(self.source, radius, rule)["hears"]
        return radius, what, rule, list(hears)

    def shapes(self) -> list[Shape]:
        try:
            heard = self.heard()
        except BadValueError:
            return []
        if heard is None or self.source is None:
            return []
        radius, _, rule, hears = heard
        region = audible_region(self.source, radius, self.mode.geometry().barriers, rule)
        field = self.mode.field
        marks = [(field.unit(i).position, field.unit(i).radius) for i in hears]
        return noise_shapes(self.source, region, marks, f"{radius:g} K", text("noise.mark"))

    def report(self) -> str:
        try:
            heard = self.heard()
        except BadValueError as exc:
            return str(exc)
        if heard is None or self.source is None:
            return text("noise.pick")
        radius, what, rule, hears = heard
        x, y = self.source
        return "<br>".join([
            text("noise.title", x=f"{x:.1f}", y=f"{y:.1f}", radius=f"{radius:g}", source=what),
            text("noise.rule", rule=rule.value),
            text("noise.hears", ids=", ".join(hears) or text("template.nobody")),
        ])  # fmt: skip
