"""Scatter (Dispersión): a missed area attack drifts 1D10 K per 15 K to the target.

DESIGN.md §5 and §7: max(1, ceil(distance / 15)) d10, in a uniform direction.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from wartime.board.shapes import Point
from wartime.rules.dice import Dice

K_PER_DIE = 15.0


@dataclass(frozen=True)
class Scatter:
    aim: Point
    rolls: tuple[int, ...]
    angle_deg: float
    end: Point

    @property
    def distance(self) -> int:
        return sum(self.rolls)


def scatter_dice(distance: float) -> int:
    return max(1, math.ceil(distance / K_PER_DIE))


def scatter(aim: Point, distance: float, dice: Dice) -> Scatter:
    """Roll the scatter of a shot aimed at ``aim`` from ``distance`` K away."""
    rolls = tuple(dice.d10() for _ in range(scatter_dice(distance)))
    angle = dice.uniform() * 360.0
    drift = sum(rolls)
    rad = math.radians(angle)
    end = (aim[0] + drift * math.cos(rad), aim[1] + drift * math.sin(rad))
    return Scatter(aim, rolls, angle, end)
