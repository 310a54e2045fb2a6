"""Regions, boxes and distances on boolean grids with numpy alone.

These give exactly what `scipy.ndimage.label` (4-connected), `find_objects` and
`distance_transform_cdt(metric="taxicab")` give, so that no command pays for importing scipy
(about twice the bare `import numpy, tcod` on its own) just to label a floor.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

Box = tuple[slice, slice]


def label4(mask: NDArray[np.bool_]) -> tuple[NDArray[np.int32], int]:
    """4-connected regions of `mask`: labels 1..count in the order their first tile comes in
    reading order (as scipy.ndimage.label numbers them), 0 outside the mask.

    Works on row runs: runs touching in the next row are joined by hooking each component's
    root onto the smallest root next to it, then pointer jumping, until nothing changes; a root
    is always its component's first run, so numbering roots in run order is reading order."""
    height, width = mask.shape
    if mask.size == 0:
        return np.zeros((height, width), dtype=np.int32), 0
    padded = np.zeros((height, width + 1), dtype=np.bool_)
    padded[:, :width] = mask
    flat = padded.ravel()
    starts = flat.copy()
    starts[1:] &= ~flat[:-1]
    runs = int(starts.sum())
    if runs == 0:
        return np.zeros((height, width), dtype=np.int32), 0
    # run number (1..runs) of every tile from its run's start on; right for the open tiles
    run_no = np.cumsum(starts, dtype=np.int32).reshape(height, width + 1)
    # one edge per pair of touching runs: the first column where both rows are open
    both = mask[:-1] & mask[1:]
    first = both.copy()
    first[:, 1:] &= ~both[:, :-1]
    ys, xs = np.nonzero(first)
    upper, lower = run_no[ys, xs] - 1, run_no[ys + 1, xs] - 1
    parent = np.arange(runs, dtype=np.int32)
    while len(upper):
        pu, pl = parent[upper], parent[lower]
        differ = pu != pl
        if not differ.any():
            break
        pu, pl = pu[differ], pl[differ]
        upper, lower = upper[differ], lower[differ]
        np.minimum.at(parent, np.maximum(pu, pl), np.minimum(pu, pl))
        while True:
            jumped = parent[parent]
            if not (jumped != parent).any():
                break
            parent = jumped
    is_root = parent == np.arange(runs)
    number = np.cumsum(is_root, dtype=np.int32)
    label_of_run = np.zeros(runs + 1, dtype=np.int32)
    label_of_run[1:] = number[parent]
    labels = label_of_run[run_no * padded][:, :width]
    return np.ascontiguousarray(labels), int(number[-1])


def find_boxes(labels: NDArray[np.integer]) -> list[Box | None]:
    """The bounding box of each label 1..max as (row slice, column slice), None for a label
    with no tiles: what scipy.ndimage.find_objects returns."""
    ys, xs = np.nonzero(labels > 0)
    if len(ys) == 0:
        return []
    ids = labels[ys, xs].astype(np.int64) - 1
    count = int(ids.max()) + 1
    big = np.iinfo(np.int64).max
    y0 = np.full(count, big, dtype=np.int64)
    x0 = np.full(count, big, dtype=np.int64)
    y1 = np.full(count, -1, dtype=np.int64)
    x1 = np.full(count, -1, dtype=np.int64)
    np.minimum.at(y0, ids, ys)
    np.minimum.at(x0, ids, xs)
    np.maximum.at(y1, ids, ys)
    np.maximum.at(x1, ids, xs)
    return [None if b < 0 else (slice(a, b + 1), slice(c, d + 1))
            for a, b, c, d in zip(y0.tolist(), y1.tolist(), x0.tolist(), x1.tolist(),
                                  strict=True)]


def taxicab_distance(mask: NDArray[np.bool_]) -> NDArray[np.int32]:
    """Steps (up, down, left, right, through anything) from each tile to the nearest False
    tile: scipy's taxicab chamfer distance. `mask` must have a False tile.

    The taxicab distance splits by axis: along each row, then along each column, every tile
    takes the least of (its value, a neighbour's + 1) from both sides, which is a running
    minimum of value - index (forward) and value + index (backward): a few array passes, no
    flood and no per-tile step."""
    height, width = mask.shape
    dist = mask * np.int32(height + width)  # farther than any real distance
    dist = _both_ways(dist, np.arange(width, dtype=np.int32), 1)
    return _both_ways(dist, np.arange(height, dtype=np.int32)[:, None], 0)


def _both_ways(dist: NDArray[np.int32], index: NDArray[np.int32], axis: int) -> NDArray[np.int32]:
    """min over j of dist[j] + |i - j| along `axis` (`index` counts along it)."""
    forward = np.minimum.accumulate(dist - index, axis=axis) + index
    back = np.flip(np.minimum.accumulate(np.flip(dist + index, axis), axis=axis), axis) - index
    found: NDArray[np.int32] = np.minimum(forward, back)
    return found


def grow8(mask: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """`mask` and every tile touching it, diagonals included (a 3x3 binary dilation)."""
    rows = mask.copy()
    rows[1:] |= mask[:-1]
    rows[:-1] |= mask[1:]
    grown = rows.copy()
    grown[:, 1:] |= rows[:, :-1]
    grown[:, :-1] |= rows[:, 1:]
    return grown


def region_boxes(labels: NDArray[np.integer]) -> list[Box]:
    """`find_boxes` for labels with no gaps in 1..max (as `label4` numbers them)."""
    boxes = find_boxes(labels)
    found = [box for box in boxes if box is not None]
    if len(found) != len(boxes):
        raise ValueError("a label between 1 and the largest has no tiles")
    return found


def run_boxes(labels: NDArray[np.integer], count: int) -> list[Box]:
    """`region_boxes` of labels 1..count, each with a tile (as `label4` numbers them), from the
    row runs of one label rather than from every tile: a third of the time from 200x200 up."""
    height, width = labels.shape
    stride = width + 1  # a zero after each row ends every run there
    flat = np.zeros(1 + height * stride, dtype=labels.dtype)  # and one before the first row
    flat[1:].reshape(height, stride)[:, :width] = labels
    change = np.flatnonzero(flat[1:] != flat[:-1]) + 1  # where each run begins
    ids = flat[change[:-1]]
    inside = ids > 0
    ys, x0s = np.divmod(change[:-1][inside] - 1, stride)
    x1s = change[1:][inside] - 2 - ys * stride
    ids = ids[inside].astype(np.intp) - 1
    big = np.iinfo(np.intp).max
    y0 = np.full(count, big, dtype=np.intp)
    x0 = np.full(count, big, dtype=np.intp)
    y1 = np.full(count, -1, dtype=np.intp)
    x1 = np.full(count, -1, dtype=np.intp)
    np.minimum.at(y0, ids, ys)
    np.minimum.at(x0, ids, x0s)
    np.maximum.at(y1, ids, ys)
    np.maximum.at(x1, ids, x1s)
    if (y1 < 0).any():
        raise ValueError("a label between 1 and the count has no tiles")
    return [(slice(a, b + 1), slice(c, d + 1))
            for a, b, c, d in zip(y0.tolist(), y1.tolist(), x0.tolist(), x1.tolist(),
                                  strict=True)]


def as_bits(mask: NDArray[np.bool_]) -> int:
    """The mask as one integer: bit y * width + x stands for tile (x, y)."""
    return int.from_bytes(np.packbits(mask, bitorder="little").tobytes(), "little")


def to_index(point: tuple[int, int], width: int) -> int:
    """The bit of (x, y) in `as_bits`."""
    return point[1] * width + point[0]


def walk_fronts(walkable: NDArray[np.bool_], start: tuple[int, int]) -> list[int]:
    """A breadth-first 4-neighbour walk from `start` (x, y) over an integer with a bit per tile
    (`as_bits`): front k holds the tiles k steps away, the walking distance `pathing` floods
    give; a step moves the whole front by four shifts. Walkable tiles must keep off the map's
    left and right edges (a shift there would wrap into the next row)."""
    width = walkable.shape[1]
    front = 1 << to_index(start, width)
    unseen = as_bits(walkable) & ~front
    fronts: list[int] = []
    while front:
        fronts.append(front)
        front = (front << 1 | front >> 1 | front << width | front >> width) & unseen
        unseen ^= front
    return fronts
