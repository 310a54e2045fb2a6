"""Regions, boxes and distances on boolean grids with numpy alone.

These give exactly what `scipy.ndimage.label` (4-connected), `find_objects` and
`distance_transform_cdt(metric="taxicab")` give, so that no command pays for importing scipy
just to label a floor.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

Box = tuple[slice, slice]


FEW_JOINS = 32
"""Up to this many runs that meet a second run above, `label4` joins them in plain Python
(a few dozen steps cost less than the numpy calls of one joining round)."""


def label4(mask: NDArray[np.bool_]) -> tuple[NDArray[np.int32], int]:
    """4-connected regions of `mask`: labels 1..count in the order their first tile comes in
    reading order (as scipy.ndimage.label numbers them), 0 outside the mask.

    Works on row runs (numbered in reading order). Each run first hooks onto a run above that
    touches it: a forest whose roots are found by pointer jumping, which settles a room or a
    corridor at once. The few runs that touch a second run above then join their roots, always
    onto the smaller. A root is always its component's first run, so numbering roots in run
    order is reading order."""
    height, width = mask.shape
    stride = width + 1
    # the map's rows, each followed by a closed tile, after one leading closed tile: so every
    # run starts and ends with a change of value and no run crosses into the next row
    padded = np.zeros(height * stride + 1, dtype=np.bool_)
    open_ = padded[1:]
    open_.reshape(height, stride)[:, :width] = mask
    change = np.flatnonzero(open_ != padded[:-1])  # each run's first tile and the one past it
    first = change[::2]
    runs = len(first)
    labels = np.zeros((height, stride), dtype=np.int32)
    if runs == 0:
        return np.ascontiguousarray(labels[:, :width]), 0
    # one edge per pair of touching runs: the first column where both rows are open (the
    # runs of `both`, found as the runs of the map are)
    both = padded[:-stride] & padded[stride:]
    at = np.flatnonzero(both[1:] != both[:-1])[::2]
    parent = np.arange(runs)
    if len(at):
        upper = first.searchsorted(at, "right") - 1
        lower = first.searchsorted(at + stride, "right") - 1
        # each run hooks onto one run above it (whichever write lands: any will do, as the
        # edges not taken join afterwards and a component's root is its first run either way)
        parent[lower] = upper
        rest = parent[lower] != upper
        # a hook climbs one row, so a tree is at most height - 1 deep: this many pointer
        # jumps reach every root, with no pass to check
        for _ in range((height - 1).bit_length()):
            parent = parent[parent]
        parent = _joined(parent, upper[rest], lower[rest])
    number = np.cumsum(parent == np.arange(runs), dtype=np.int32)
    labels.ravel()[open_] = np.repeat(number[parent], change[1::2] - first)
    return np.ascontiguousarray(labels[:, :width]), int(number[-1])


def _roots(parent: NDArray[np.intp]) -> NDArray[np.intp]:
    """Pointer jumping to the roots of a forest whose parents come before their children
    (two jumps a check: the check costs as much as a jump)."""
    while True:
        jumped = parent[parent]
        if (jumped == parent).all():
            return parent
        parent = jumped[jumped]


def _joined(
    parent: NDArray[np.intp], upper: NDArray[np.intp], lower: NDArray[np.intp]
) -> NDArray[np.intp]:
    """`parent` (every run pointing at its root) with the runs `upper[i]` and `lower[i]` joined:
    each root hooked onto the smallest root it meets, until nothing changes."""
    pu, pl = parent[upper], parent[lower]
    if len(upper) <= FEW_JOINS:
        onto: dict[int, int] = {}  # a root joined onto a smaller one (the loops walk it inline)
        for a, b in zip(pu.tolist(), pl.tolist(), strict=True):
            top_a, top_b = a, b
            while top_a in onto:
                top_a = onto[top_a]
            while top_b in onto:
                top_b = onto[top_b]
            if top_a != top_b:
                onto[max(top_a, top_b)] = min(top_a, top_b)
        if not onto:
            return parent
        root = np.arange(len(parent))
        for run, below in onto.items():
            top = below
            while top in onto:
                top = onto[top]
            root[run] = top
        found: NDArray[np.intp] = root[parent]
        return found
    differ = pu != pl
    while differ.any():
        pu, pl = pu[differ], pl[differ]
        upper, lower = upper[differ], lower[differ]
        np.minimum.at(parent, np.maximum(pu, pl), np.minimum(pu, pl))
        parent = _roots(parent)
        pu, pl = parent[upper], parent[lower]
        differ = pu != pl
    return parent


def find_boxes(labels: NDArray[np.integer]) -> list[Box | None]:
    """The bounding box of each label 1..max as (row slice, column slice), None for a label
    with no tiles: what scipy.ndimage.find_objects returns."""
    ys, xs = np.nonzero(labels > 0)
    if len(ys) == 0:
        return []
    ids = labels[ys, xs].astype(np.intp) - 1
    y0, y1, x0, x1 = _extents(int(ids.max()) + 1, ids, ys, ys, xs, xs)
    return [None if b < 0 else (slice(a, b + 1), slice(c, d + 1))
            for a, b, c, d in zip(y0.tolist(), y1.tolist(), x0.tolist(), x1.tolist(),
                                  strict=True)]


def _extents(
    count: int, ids: NDArray[np.intp], tops: NDArray[np.intp], bottoms: NDArray[np.intp],
    lefts: NDArray[np.intp], rights: NDArray[np.intp],
) -> tuple[NDArray[np.intp], NDArray[np.intp], NDArray[np.intp], NDArray[np.intp]]:
    """Per id 0..count-1: the least top, greatest bottom, least left and greatest right of its
    pieces (a tile, or a row run); -1 as the bottom of an id with none."""
    big = np.iinfo(np.intp).max
    y0, x0 = np.full(count, big, dtype=np.intp), np.full(count, big, dtype=np.intp)
    y1, x1 = np.full(count, -1, dtype=np.intp), np.full(count, -1, dtype=np.intp)
    np.minimum.at(y0, ids, tops)
    np.maximum.at(y1, ids, bottoms)
    np.minimum.at(x0, ids, lefts)
    np.maximum.at(x1, ids, rights)
    return y0, y1, x0, x1


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
    y0, y1, x0, x1 = _extents(count, ids, ys, ys, x0s, x1s)
    if (y1 < 0).any():
        raise ValueError("a label between 1 and the count has no tiles")
    return [(slice(a, b + 1), slice(c, d + 1))
            for a, b, c, d in zip(y0.tolist(), y1.tolist(), x0.tolist(), x1.tolist(),
                                  strict=True)]

