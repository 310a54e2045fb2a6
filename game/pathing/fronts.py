"""The breadth-first walk over a bit-per-tile integer: fronts of equal walking distance.

Held to `walk_distance` (the clear flood) by tests/test_pathing.py.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np
from numpy.typing import NDArray

from game.grids import as_bits, to_index


def walk_fronts(
    walkable: NDArray[np.bool_], start: tuple[int, int],
    jumps: Sequence[tuple[tuple[int, int], tuple[int, int]]] = (),
) -> Iterator[int]:
    """A breadth-first 4-neighbour walk from `start` (x, y) over an integer with a bit per tile
    (`as_bits`): front k holds the tiles k steps away, the walking distance `pathing` floods
    give; a step moves the whole front by four shifts. A jump (a, b) carries the walk from a to b
    in one step (a teleporter pad). Walkable tiles must keep off the map's left and right edges
    (a shift there would wrap into the next row). The fronts come one at a time: a big map's
    would not all fit in memory."""
    width = walkable.shape[1]
    pairs = [(1 << to_index(a, width), 1 << to_index(b, width)) for a, b in jumps]
    pads = 0
    for near, _ in pairs:
        pads |= near
    front = 1 << to_index(start, width)
    unseen = as_bits(walkable) & ~front
    while front:
        yield front
        spread = front << 1 | front >> 1 | front << width | front >> width
        if front & pads:
            for near, far in pairs:
                if front & near:
                    spread |= far
        front = spread & unseen
        unseen ^= front
