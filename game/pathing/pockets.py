"""The walking distance over a map whose teleporters each lead into a pocket of their own.

A cave keeps its stray pockets and joins each to the main region by a teleporter pair: the near
end stands in the main region and nothing else leads into the pocket. So one flood of the map
gives every tile outside the pockets its walk, and each pocket is finished by a flood inside its
bounding box alone, seeded at the far end: the distance `walk_distance` gives, with one
whole-map flood however many pockets there are.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from game.floorplan import Point, TeleporterPair
from game.pathing import UNREACHED, flood, to_yx

Box = tuple[slice, slice]
"""A bounding box, as the [rows, columns] slices of a map."""


def walk_with_pockets(
    walkable: NDArray[np.bool_], start: Point, pockets: Sequence[tuple[TeleporterPair, Box]]
) -> NDArray[np.int32]:
    """4-neighbour walking distance from `start`, a teleporter step costing 1 (UNREACHED where
    no walk leads). Each pocket is a pair whose end `a` the start's region holds and whose end
    `b` lies in a region inside the box that only that pair leads into."""
    dist = np.full(walkable.shape, UNREACHED, dtype=np.int32)
    dist[to_yx(start)] = 0
    cost = walkable.astype(np.int32)
    flood(dist, cost, 1, None)
    for pair, box in pockets:
        inside = dist[box].copy()  # a flood writes into a whole array, not a slice of one
        far_y, far_x = to_yx(pair.b)
        inside[far_y - box[0].start, far_x - box[1].start] = dist[to_yx(pair.a)] + 1
        dist[box] = flood(inside, cost[box], 1, None)
    return dist
