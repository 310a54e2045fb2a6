"""The hero's known map: the explored tiles a careful walker steps on, and the unexplored edge.

Read by the bot and by the interface's explore and stairs walks alike, so both walk the same map.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from game import tiles
from game.floorplan import Point
from game.pathing import STEPS
from game.world.model import Floor


def walkable_known(floor: Floor, blocked: list[Point]) -> NDArray[np.bool_]:
    """Explored tiles to step on: closed doors count (a bump opens them), doors in `blocked` do
    not, nor do hazards in sight (a chasm, a pit, mould: a careful player walks round them).
    Teleporter pads are included; game.pathing.portals floods them as what they are."""
    walk: NDArray[np.bool_] = floor.walkable() & floor.explored
    for x, y in blocked:
        walk[y, x] = False
    for (x, y), feature in floor.features.items():  # insertion order
        if feature.effect == "hazard":
            walk[y, x] = False
    return walk


def frontier(floor: Floor, walk: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """Walkable known tiles (not teleporters) with an unexplored neighbour: standing on one
    reveals that neighbour, so each visit shrinks the frontier."""
    unknown = np.pad(~floor.explored, 1, constant_values=False)
    near = np.zeros(floor.tiles.shape, dtype=np.bool_)
    height, width = floor.tiles.shape
    for dx, dy in STEPS:
        near |= unknown[1 + dy: 1 + dy + height, 1 + dx: 1 + dx + width]
    result: NDArray[np.bool_] = walk & near & (floor.tiles != tiles.TELEPORTER)
    return result


def far_ends_unexplored(floor: Floor, walk: NDArray[np.bool_]) -> list[Point]:
    """Walkable pads whose far end is unexplored, sorted: worth stepping onto to see it."""
    return [a for a, b in sorted(floor.teleports.items())
            if walk[a[1], a[0]] and not floor.explored[b[1], b[0]]]
