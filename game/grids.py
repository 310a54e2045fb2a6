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

    Works on row runs (numbered in reading order). Each run first hooks onto the first run
    above that touches it: a forest whose roots are found by pointer jumping, which settles a
    room or a corridor at once. The few runs that touch a second run above are then joined by
    hooking each root onto the smallest root next to it, then pointer jumping, until nothing
    changes. A root is always its component's first run, so numbering roots in run order is
    reading order."""
    height, width = mask.shape
    labels = np.zeros(height * width, dtype=np.int32)
    if mask.size == 0:
        return labels.reshape(height, width), 0
    flat = np.ascontiguousarray(mask, dtype=np.bool_).ravel()
    starts = flat.copy()
    starts[1:] &= ~flat[:-1]
    starts[::width] = flat[::width]
    first = np.flatnonzero(starts)
    runs = len(first)
    if runs == 0:
        return labels.reshape(height, width), 0
    ends = flat.copy()
    ends[:-1] &= ~flat[1:]
    ends[width - 1 :: width] = flat[width - 1 :: width]
    lengths = np.flatnonzero(ends) - first + 1
    # one edge per pair of touching runs: the first column where both rows are open
    both = flat[:-width] & flat[width:]
    edge = both.copy()
    edge[1:] &= ~both[:-1]
    edge[::width] = both[::width]
    at = np.flatnonzero(edge)
    parent = np.arange(runs)
    if len(at):
        upper = first.searchsorted(at, "right") - 1
        lower = first.searchsorted(at + width, "right") - 1  # sorted, as `at` is
        hooks = np.empty(len(at), dtype=np.bool_)  # each run's first edge up
        hooks[0] = True
        np.not_equal(lower[1:], lower[:-1], out=hooks[1:])
        parent[lower[hooks]] = upper[hooks]
        parent = _roots(parent)
        rest = ~hooks
        upper, lower = upper[rest], lower[rest]
        while len(upper):
            pu, pl = parent[upper], parent[lower]
            differ = pu != pl
            if not differ.any():
                break
            pu, pl = pu[differ], pl[differ]
            upper, lower = upper[differ], lower[differ]
            np.minimum.at(parent, np.maximum(pu, pl), np.minimum(pu, pl))
            parent = _roots(parent)
    number = np.cumsum(parent == np.arange(runs), dtype=np.int32)
    labels[flat] = np.repeat(number[parent], lengths)
    return labels.reshape(height, width), int(number[-1])


def _roots(parent: NDArray[np.intp]) -> NDArray[np.intp]:
    """Pointer jumping to the roots of a forest whose parents come before their children
    (two jumps a check: the check costs as much as a jump)."""
    while True:
        jumped = parent[parent]
        if np.array_equal(jumped, parent):
            return parent
        parent = jumped[jumped]


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
