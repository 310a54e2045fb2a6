"""Shrinking a whole floor to fit an area, for the floor map and the lab.

A floor larger than the area is shrunk by an integer factor k: each cell shows the most telling
tile of its k x k block (stairs over teleporters over doors over floor over wall), computed with one
reshape and max over the block, never a loop over tiles.
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numpy.typing import NDArray

from game import tiles

PRIORITY: Final = np.zeros(len(tiles.TILES), dtype=np.int32)
PRIORITY[[tiles.WALL, tiles.FLOOR, tiles.OPEN_DOOR, tiles.DOOR, tiles.TELEPORTER, tiles.TRAPDOOR,
          tiles.TRAPDOOR_UP, tiles.SHAFT, tiles.STAIRS_UP, tiles.STAIRS_DOWN]] = [
              1, 2, 3, 4, 5, 6, 6, 6, 7, 8]
CODE_BASE: Final = 256
"""A block's code is priority * CODE_BASE + tile id, so its max names the winning tile."""


def scale_for(floor_size: tuple[int, int], area: tuple[int, int]) -> int:
    """The smallest integer shrink factor that fits the floor into the area."""
    return max(1, -(-floor_size[0] // area[0]), -(-floor_size[1] // area[1]))


def blocks(values: NDArray[np.int32], k: int) -> NDArray[np.int32]:
    """`values` padded with zeros to whole k x k blocks, as [block row, y, block column, x]."""
    height, width = values.shape
    rows, cols = -(-height // k), -(-width // k)
    padded = np.zeros((rows * k, cols * k), dtype=values.dtype)
    padded[:height, :width] = values
    return padded.reshape(rows, k, cols, k)


def reduce_blocks(codes: NDArray[np.int32], k: int) -> NDArray[np.int32]:
    """The max of each k x k block (the array padded with zeros to whole blocks)."""
    result: NDArray[np.int32] = blocks(codes, k).max(axis=(1, 3))
    return result


def block_sums(mask: NDArray[np.bool_], k: int) -> NDArray[np.int32]:
    """How many tiles of each k x k block are set (padding counts as unset)."""
    result: NDArray[np.int32] = blocks(mask.astype(np.int32), k).sum(axis=(1, 3))
    return result
