"""Noise through walls (Ruido, Reaccionar al ruido; DESIGN.md §5).

A sound of radius R walks the straight line from its source to the nearest
point of a listener's base.  Each crossing of a wall line or of an obstacle's
outline is one wall of that DEF, so a path straight through a building
crosses two.  The rulebook states two attenuation rules; a ruleset switch
picks one.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

import numpy as np
import numpy.typing as npt

from wartime.board.shapes import Point

_EPS = 1e-9


class NoiseRule(StrEnum):
    SUBTRACT_DEF = "subtract_def"  # R ← max(dᵢ, R − DEF)
    HALVE = "halve"  # R ← dᵢ + (R − dᵢ) / 2


@dataclass(frozen=True)
class Barrier:
    """A line that sound crosses: a wall polyline or an obstacle's closed outline."""

    id: str
    points: tuple[Point, ...]
    defense: int
    closed: bool = False


class Barriers:
    """Every barrier edge as numpy arrays, prepared once per map."""

    def __init__(self, barriers: Sequence[Barrier]) -> None:
        edges, owners, defense = [], [], []
        for index, barrier in enumerate(barriers):
            pts = list(barrier.points) + ([barrier.points[0]] if barrier.closed else [])
            for a, b in itertools.pairwise(pts):
                edges.append((*a, *b))
                owners.append(index)
                defense.append(barrier.defense)
        self.barriers = tuple(barriers)
        self.edges: npt.NDArray[np.float64] = np.array(edges, dtype=float).reshape(-1, 4)
        self.owner: npt.NDArray[np.int64] = np.array(owners, dtype=np.int64)
        self.defense: npt.NDArray[np.int64] = np.array(defense, dtype=np.int64)

    def crossings(self, start: Point, end: Point) -> list[tuple[float, int]]:
        """(distance from start, DEF) of each barrier crossing, nearest first.

        A crossing at a vertex shared by two edges of one barrier counts once.
        """
        if len(self.edges) == 0:
            return []
        p = np.array(start, dtype=float)
        r = np.array(end, dtype=float) - p
        q, s = self.edges[:, :2], self.edges[:, 2:] - self.edges[:, :2]
        denom = r[0] * s[:, 1] - r[1] * s[:, 0]
        qp = q - p
        parallel = np.abs(denom) < _EPS
        safe = np.where(parallel, 1.0, denom)
        t = (qp[:, 0] * s[:, 1] - qp[:, 1] * s[:, 0]) / safe
        u = (qp[:, 0] * r[1] - qp[:, 1] * r[0]) / safe
        hit = ~parallel & (t >= -_EPS) & (t <= 1 + _EPS) & (u >= -_EPS) & (u <= 1 + _EPS)
        length = float(np.hypot(*r))
        seen: dict[tuple[int, float], int] = {}
        for i in np.flatnonzero(hit):
            key = (int(self.owner[i]), round(float(t[i]) * length, 6))
            seen[key] = int(self.defense[i])
        return sorted((d, defense) for (_, d), defense in seen.items())


def attenuate(radius: float, crossings: Sequence[tuple[float, int]], rule: NoiseRule) -> float:
    """The final reach of a sound after the walls it crosses, in order."""
    reach = radius
    for distance, defense in crossings:
        if distance >= reach:  # the sound dies before this wall
            break
        if rule is NoiseRule.SUBTRACT_DEF:
            reach = max(distance, reach - defense)
        else:
            reach = distance + (reach - distance) / 2
    return reach


@dataclass(frozen=True)
class Hearing:
    hears: bool
    reach: float  # the sound's final range along this listener's line
    distance: float  # source to the nearest point of the listener's base


def hear(
    source: Point, radius: float, listener: Point, listener_radius: float,
    barriers: Barriers, rule: NoiseRule = NoiseRule.SUBTRACT_DEF,
) -> Hearing:  # fmt: skip
    """Whether a listener's base is within the sound's attenuated reach."""
    dx, dy = listener[0] - source[0], listener[1] - source[1]
    centre_gap = float(np.hypot(dx, dy))
    distance = max(0.0, centre_gap - listener_radius)
    if centre_gap > 0:
        nearest = (source[0] + dx * distance / centre_gap, source[1] + dy * distance / centre_gap)
    else:
        nearest = source
    reach = attenuate(radius, barriers.crossings(source, nearest), rule)
    return Hearing(distance <= reach + _EPS, reach, distance)


def weapon_noise(dan: int) -> float:
    """Weapons are heard at DAÑ×2 K."""
    return 2.0 * dan


def movement_noise(moved: float) -> float:
    """Movement is heard at K moved ×2 (DESIGN §7)."""
    return 2.0 * moved
