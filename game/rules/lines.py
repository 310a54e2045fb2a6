"""Straight lines over the grid: where a bolt flies and what a long weapon reaches across."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from game.floorplan import Point


def line(start: Point, toward: Point, length: int) -> list[Point]:
    """The squares from `start` (not included) toward `toward` and on past it, `length` steps
    of Bresenham's line (integer arithmetic only, the same on every machine)."""
    (x0, y0), (x1, y1) = start, toward
    dx, dy = x1 - x0, y1 - y0
    if (dx, dy) == (0, 0):
        return []
    scale = length // max(abs(dx), abs(dy)) + 1  # stretch the line so it runs `length` steps
    dx, dy = dx * scale, dy * scale
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    dx, dy = abs(dx), -abs(dy)
    error, x, y = dx + dy, x0, y0
    points: list[Point] = []
    while len(points) < length:
        double = 2 * error
        if double >= dy:
            error += dy
            x += sx
        if double <= dx:
            error += dx
            y += sy
        points.append((x, y))
    return points


def clear_between(see_through: NDArray[np.bool_], start: Point, end: Point) -> bool:
    """Every square strictly between `start` and `end` lets sight (and a spear) through."""
    steps = max(abs(end[0] - start[0]), abs(end[1] - start[1]))
    return all(bool(see_through[y, x]) for x, y in line(start, end, steps)[:-1])
