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
from game.content.features import FeatureKind, feature_kind, feature_kinds
from game.dressing.areas import Space
from game.dressing.model import Contents, Feature
from game.memo import ByIdentity
from game.seeds import Rng


def in_the_way(kind: FeatureKind) -> bool:
    """Kept off every way through: it blocks movement or is a hazard to step on."""
    return kind.blocks_move or kind.effect == "hazard"


def place_features(contents: Sequence[Contents], space: Space, rng: Rng) -> list[Feature]:
    """Every rolled feature on a free tile of its area, in contents order (minor, then major);
    one with no fitting tile left is not placed."""
    placed: list[Feature] = []
    roomy: bytearray | None = None
    """Per flat index: 1 where the 3x3 block is plain floor and no in-the-way feature is near."""
    height, width = space.plan.tiles.shape
    kinds = feature_kinds()
    by_name = _BY_NAME.get(kinds)
    if by_name is None:
        by_name = _BY_NAME.put(kinds, {})
    for item in contents:
        names = (*item.minor, *item.major)
        if not names:
            continue
        area = space.amap.area(item.area)
        for name in names:
            known = by_name.get(name)
            if known is None:
                kind = feature_kind(name)
                known = by_name[name] = (kind, in_the_way(kind))
            kind, blocking = known
            free = space.cells(area)
            if blocking and free:
                if roomy is None:
                    roomy = bytearray(_roomy(space.plan.tiles).tobytes())
                free = [cell for cell in free if roomy[cell]]
            if not free:
                continue
            cell = free[rng.below(len(free))]
            space.take_cell(cell)
            y, x = divmod(cell, width)
            if blocking and roomy is not None:
                left, right = max(0, x - 1), min(width, x + 2)
                for row in range(max(0, y - 1), min(height, y + 2)):
                    roomy[row * width + left : row * width + right] = bytes(right - left)
            placed.append(Feature(name, x, y, kind.effect, item.area))
    return placed


_BY_NAME: ByIdentity[dict[str, FeatureKind], dict[str, tuple[FeatureKind, bool]]] = ByIdentity(4)
"""For the loaded kinds: each name as rolled with its kind and whether it is `in_the_way`, worked
out on the name's first placing (a floor places dozens of a few dozen names)."""


def _roomy(grid: NDArray[np.uint8]) -> NDArray[np.bool_]:
    """Tiles whose 3x3 block is all plain floor (the map's edge never is)."""
    floor = grid == tiles.FLOOR
    rows = floor[:-2] & floor[1:-1]
    rows &= floor[2:]
    found = np.zeros(grid.shape, dtype=np.bool_)
    inner = found[1:-1, 1:-1]
    np.logical_and(rows[:, :-2], rows[:, 1:-1], out=inner)
    inner &= rows[:, 2:]
    return found
