"""Distances between figures (DESIGN.md §4): edge to edge between round bases."""

from __future__ import annotations

import math

from wartime.board.shapes import Point


def center_distance(a: Point, b: Point) -> float:
    return math.hypot(b[0] - a[0], b[1] - a[1])


def edge_distance(a: Point, radius_a: float, b: Point, radius_b: float) -> float:
    """Gap between two bases; 0 when they touch (or overlap)."""
    return max(0.0, center_distance(a, b) - (radius_a + radius_b))


def point_to_base(point: Point, centre: Point, radius: float) -> float:
    """From a point to the nearest edge of a base; 0 inside it."""
    return max(0.0, center_distance(point, centre) - radius)


def toward(start: Point, goal: Point, reach: float) -> tuple[Point, float]:
    """The point ``reach`` K from ``start`` on the straight way to ``goal`` (``goal`` itself
    when nearer), and the K travelled; ``start`` must not be ``goal``."""
    gap = math.dist(start, goal)
    travelled = min(gap, reach)
    x, y = start
    return (x + (goal[0] - x) * travelled / gap, y + (goal[1] - y) * travelled / gap), travelled


def cm(k: float, scale_mm: float) -> float:
    """K to centimetres at a figure scale: 1 K = scale_mm / 10 cm (DESIGN §4)."""
    return k * scale_mm / 10
