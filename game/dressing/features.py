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
from game.dressing.areas import Space, spot
from game.dressing.model import Contents, Feature
from game.seeds import Rng


def in_the_way(kind: FeatureKind) -> bool:
    """Kept off every way through: it blocks movement or is a hazard to step on."""
    return kind.blocks_move or kind.effect == "hazard"


def place_features(contents: Sequence[Contents], space: Space, rng: Rng) -> list[Feature]:
    """Every rolled feature on a free tile of its area, in contents order (minor, then major);
    one with no fitting tile left is not placed."""
    placed: list[Feature] = []
    roomy: NDArray[np.bool_] | None = None
    for item in contents:
        names = (*item.minor, *item.major)
        if not names:
            continue
        area = space.amap.area(item.area)
        for name in names:
            kind = feature_kind(name)
            free = space.free(area)
            if in_the_way(kind) and len(free):
                if roomy is None:
                    roomy = _roomy(space.plan.tiles)
                free = free[roomy[free[:, 1], free[:, 0]]]
            if not len(free):
                continue
            x, y = space.take(spot(free, rng.below(len(free))))
            if in_the_way(kind) and roomy is not None:
                roomy[max(0, y - 1) : y + 2, max(0, x - 1) : x + 2] = False
            placed.append(Feature(name, x, y, kind.effect, item.area))
    return placed


def _roomy(grid: NDArray[np.uint8]) -> NDArray[np.bool_]:
    """Tiles whose 3x3 block is all plain floor."""
    floor = np.pad(grid == tiles.FLOOR, 1)
    h, w = grid.shape
    found = np.ones((h, w), dtype=np.bool_)
    for dy in range(3):
        for dx in range(3):
            found &= floor[dy : dy + h, dx : dx + w]
    return found
