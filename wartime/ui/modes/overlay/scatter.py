"""Scatter: click the aimed point; max(1, ⌈distance / 15⌉) d10 are rolled with the panel's
seed (the seed moves on after each roll), and the dice, the arrow and the landing point
are drawn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.board.shapes import Point
from wartime.geometry.scatter import Scatter, scatter
from wartime.render.overlay import scatter_shapes
from wartime.render.primitives import Shape
from wartime.rules.dice import Dice
from wartime.ui.modes.overlay.tool import BadValueError, Tool
from wartime.ui.strings import text

if TYPE_CHECKING:
    from wartime.ui.modes.overlay.mode import OverlayMode


class ScatterTool(Tool):
    """One roll per click."""

    name = "scatter"
    fields = (("distance", "15"), ("seed", "1"))

    def __init__(self, mode: OverlayMode) -> None:
        super().__init__(mode)
        self.rolled: Scatter | None = None
        self.seed = 0
        self.distance = 0.0
        self.error = ""

    def press(self, point: Point) -> None:
        try:
            distance, seed = self.number("distance"), self.whole("seed")
            if distance < 0:
                raise BadValueError("distance", self.values["distance"])
        except BadValueError as exc:
            self.error = str(exc)
            return
        self.error = ""
        self.rolled = scatter(point, distance, Dice(seed))
        self.seed, self.distance = seed, distance
        self.set_value("seed", str(seed + 1))

    def escape(self) -> bool:
        held = self.rolled is not None
        self.rolled = None
        return held

    def shapes(self) -> list[Shape]:
        rolled = self.rolled
        if rolled is None:
            return []
        caption = text("scatter.caption", total=rolled.distance)
        return scatter_shapes(rolled.aim, rolled.end, rolled.rolls, caption)

    def report(self) -> str:
        if self.error:
            return self.error
        rolled = self.rolled
        if rolled is None:
            return text("scatter.pick")
        (x, y), (ex, ey) = rolled.aim, rolled.end
        return "<br>".join([
            text("scatter.title", x=f"{x:.1f}", y=f"{y:.1f}", distance=f"{self.distance:g}"),
            text("scatter.dice", count=len(rolled.rolls), seed=self.seed,
                 rolls=" + ".join(str(r) for r in rolled.rolls), total=rolled.distance),
            text("scatter.angle", angle=f"{rolled.angle_deg:.0f}", x=f"{ex:.1f}", y=f"{ey:.1f}"),
        ])  # fmt: skip
