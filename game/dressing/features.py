"""Chamber features onto tiles: each feature an area's contents named goes on a free tile of that
area. A feature that blocks the way (a pillar, a portcullis) or that a walker must not cross
unawares (a chasm, cobwebs) goes only where all eight neighbours are plain floor and no other such
feature stands next to it: the ring around it stays walkable, so it never cuts the only way and
the solvability proof on the plan's tiles still holds for the floor in play."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from game import tiles
from game.content.features import FeatureKind, feature_kind
from game.dressing.areas import Space
from game.dressing.model import Contents, Feature
from game.seeds import Rng


def in_the_way(kind: FeatureKind) -> bool:
    """Kept off every way through: it blocks movement or is a hazard to step on."""
    return kind.blocks_move or kind.effect == "hazard"


def place_features(contents: Sequence[Contents], space: Space, rng: Rng) -> list[Feature]:
    """Every rolled feature on a free tile of its area, in contents order (minor, then major);
    one with no fitting tile left is not placed."""
    placed: list[Feature] = []
    roomy = set(np.flatnonzero(_roomy(space.plan.tiles)).tolist())
    """Flat indices where the 3x3 block is plain floor and no in-the-way feature stands near."""
    width = space.width
    for item in contents:
        area = space.amap.area(item.area)
        for name in (*item.minor, *item.major):
            kind = feature_kind(name)
            blocking = in_the_way(kind)
            free = space.cells(area)
            if blocking:
                free = [cell for cell in free if cell in roomy]
            if not free:
                continue
            cell = free[rng.below(len(free))]
            space.take_cell(cell)
            y, x = divmod(cell, width)
            if blocking:
                roomy.difference_update(
                    row * width + column for row in range(y - 1, y + 2)
                    for column in range(x - 1, x + 2)
                )
            placed.append(Feature(name, x, y, kind.effect, item.area))
    return placed


def _roomy(grid: NDArray[np.uint8]) -> NDArray[np.bool_]:
    """Tiles whose 3x3 block is all plain floor (the map's edge never is)."""
    floor = grid == tiles.FLOOR
    rows = floor[:-2] & floor[1:-1] & floor[2:]
    found = np.zeros(grid.shape, dtype=np.bool_)
    found[1:-1, 1:-1] = rows[:, :-2] & rows[:, 1:-1] & rows[:, 2:]
    return found
