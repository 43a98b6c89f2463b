"""Noise through walls (Ruido, Reaccionar al ruido; DESIGN.md §5).

A sound of radius R walks the straight line from its source to the nearest
point of a listener's base.  Each crossing of a wall line or of an obstacle's
outline is one wall of that DEF, so a path straight through a building
crosses two.  The rulebook states two attenuation rules; a ruleset switch
picks one.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

import numpy as np
import numpy.typing as npt

from wartime.board.shapes import Disc, Point

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
        edges, defense, joined = [], [], []
        for barrier in barriers:
            pts = list(barrier.points) + ([barrier.points[0]] if barrier.closed else [])
            last = len(pts) - 2
            for i, (a, b) in enumerate(itertools.pairwise(pts)):
                edges.append((*a, *b))
                defense.append(barrier.defense)
                joined.append(barrier.closed or i < last)  # its end vertex starts another edge
        self.barriers = tuple(barriers)
        self.edges: npt.NDArray[np.float64] = np.array(edges, dtype=float).reshape(-1, 4)
        self.defense: npt.NDArray[np.int64] = np.array(defense, dtype=np.int64)
        self.joined: npt.NDArray[np.bool_] = np.array(joined, dtype=bool)

    def crossings(self, start: Point, end: Point) -> list[tuple[float, int]]:
        """(distance from start, DEF) of each barrier crossing, nearest first."""
        return self.crossings_many(start, [end])[0]

    def crossings_many(
        self, start: Point, ends: Sequence[Point], within: float = math.inf
    ) -> list[list[tuple[float, int]]]:
        """Crossings nearer than ``within`` from one source to many ends, in one numpy pass.

        A crossing at a vertex shared by two edges of one barrier counts once.
        """
        if len(self.edges) == 0 or len(ends) == 0:
            return [[] for _ in ends]
        p = np.array(start, dtype=float)
        r = np.array(ends, dtype=float).reshape(-1, 2) - p  # (L, 2)
        q, s = self.edges[:, :2], self.edges[:, 2:] - self.edges[:, :2]  # (E, 2)
        denom = np.outer(r[:, 0], s[:, 1]) - np.outer(r[:, 1], s[:, 0])  # (L, E)
        parallel = np.abs(denom) < _EPS
        safe = np.where(parallel, 1.0, denom)
        qp = q - p
        t = (qp[:, 0] * s[:, 1] - qp[:, 1] * s[:, 0])[None, :] / safe
        u = (np.outer(r[:, 1], qp[:, 0]) - np.outer(r[:, 0], qp[:, 1])) / safe
        distance = t * np.hypot(r[:, 0], r[:, 1])[:, None]
        hit = ~parallel & (t >= -_EPS) & (t <= 1 + _EPS) & (u >= -_EPS) & (u <= 1 + _EPS)
        hit &= distance < within
        # Where two edges of a barrier meet, the line crosses one wall, not two: the
        # shared vertex counts as the start of the next edge only.
        hit &= ~(self.joined[None, :] & (u > 1 - _EPS))
        out = []
        for row in range(len(r)):
            cols = np.flatnonzero(hit[row])
            found = zip(distance[row, cols].tolist(), self.defense[cols].tolist(), strict=True)
            out.append(sorted(found))
        return out


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
    return hear_all(source, radius, [Disc("", listener, listener_radius)], barriers, rule)[0]


def hear_all(
    source: Point, radius: float, listeners: Sequence[Disc],
    barriers: Barriers, rule: NoiseRule = NoiseRule.SUBTRACT_DEF,
) -> list[Hearing]:  # fmt: skip
    """:func:`hear` for many listeners, with one vectorised crossing pass."""
    nearest, distances = [], []
    for disc in listeners:
        dx, dy = disc.centre[0] - source[0], disc.centre[1] - source[1]
        gap = float(np.hypot(dx, dy))
        distance = max(0.0, gap - disc.radius)
        scale = distance / gap if gap > 0 else 0.0
        nearest.append((source[0] + dx * scale, source[1] + dy * scale))
        distances.append(distance)
    out = []
    for distance, crossings in zip(
        distances, barriers.crossings_many(source, nearest), strict=True
    ):
        reach = attenuate(radius, crossings, rule)
        out.append(Hearing(distance <= reach + _EPS, reach, distance))
    return out


def weapon_noise(dan: int) -> float:
    """Weapons are heard at DAÑ×2 K."""
    return 2.0 * dan


def movement_noise(moved: float) -> float:
    """Movement is heard at K moved ×2 (DESIGN §7)."""
    return 2.0 * moved
