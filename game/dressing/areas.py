"""Areas: the places that hold contents and encounters, and the free tiles inside them.

A floor with rooms uses its rooms (plus the corridor spots where the tables generator rolled a
random encounter). A cave's main pocket is usually most of the map and a maze has no rooms at all,
so a room-less floor is cut into sectors of about 20x14 tiles (the blocks with enough walkable
tiles), after giving each small kept cave pocket an area of its own. Everything is painted into one
owner map, so every area's tiles and entrances come from one grouping of the map by owner.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Final

import numpy as np
from numpy.typing import NDArray

from game import tiles
from game.dressing.model import Area
from game.floorplan import FloorPlan, Point, Room
from game.pathing import reachable

BLOCK_W: Final = 20
BLOCK_H: Final = 14
MIN_SECTOR: Final = 24
"""Walkable tiles a block needs to become a sector (the fullest block is kept regardless)."""

SPOT_RADIUS: Final = 4
"""A corridor spot's area: the connected open tiles within this many tiles of it."""

Box = tuple[slice, slice]
Spots = NDArray[np.int64]
"""Tiles as an (n, 2) array of (x, y) rows, in reading order."""


@dataclass(frozen=True, slots=True, eq=False)
class AreaMap:
    """The areas of a floor and `owner`, each tile's area id (0: in no area), indexed [y, x];
    `walkable` and `open` (walkable and not a closed door) are the plan's masks and
    `floor` its plain floor tiles (flat indices, reading order), worked out once for every part
    of the pass that asks.

    `gate_x`, `gate_y`: every area's entrances, area by area (each in reading order), area `a`'s
    from `gate_starts[a]` to `gate_starts[a + 1]`: found for all areas in one pass over the map,
    not one box scan per area asked."""

    areas: tuple[Area, ...]
    owner: NDArray[np.int32]
    walkable: NDArray[np.bool_]
    open: NDArray[np.bool_]
    floor: NDArray[np.intp]
    gate_x: NDArray[np.int64]
    gate_y: NDArray[np.int64]
    gate_starts: list[int]

    def area(self, area_id: int) -> Area:
        return self.areas[area_id - 1]

    def box(self, area: Area, margin: int = 0) -> Box:
        """The area's bounding box as slices, grown by `margin` and clipped to the map."""
        h, w = self.owner.shape
        return (
            slice(max(0, area.y - margin), min(h, area.y + area.h + margin)),
            slice(max(0, area.x - margin), min(w, area.x + area.w + margin)),
        )

    def _gate_span(self, area: Area) -> slice:
        return slice(self.gate_starts[area.id], self.gate_starts[area.id + 1])

    def entrances(self, area: Area) -> list[Point]:
        """Walkable tiles outside the area next to one of its tiles: its doors and openings,
        in reading order."""
        span = self._gate_span(area)
        return list(zip(self.gate_x[span].tolist(), self.gate_y[span].tolist(), strict=True))

    def gate_distance(self, area: Area, spots: Spots) -> NDArray[np.int64] | None:
        """Steps (Manhattan, through walls) from each (x, y) row of `spots` to the area's
        nearest entrance, every spot measured against every entrance (an area is a room, a
        block or a blob, so the pairs stay few); None when the area has no entrance (it is the
        whole floor)."""
        span = self._gate_span(area)
        if span.start == span.stop:
            return None
        steps = np.abs(np.subtract.outer(spots[:, 0], self.gate_x[span]))
        steps += np.abs(np.subtract.outer(spots[:, 1], self.gate_y[span]))
        found: NDArray[np.int64] = steps.min(axis=1)
        return found


def spots_of(cells: NDArray[np.int64], width: int) -> Spots:
    """Flat indices as an (n, 2) array of (x, y) rows."""
    return np.column_stack((cells % width, cells // width))


def build_areas(plan: FloorPlan) -> AreaMap:
    """Rooms (and corridor spots) when the plan has rooms; pockets and sectors otherwise."""
    walkable = tiles.walkable(plan.tiles)
    open_ = walkable & (plan.tiles != tiles.DOOR)
    owner = np.zeros(plan.tiles.shape, dtype=np.int32)
    areas: list[Area] = []
    if plan.rooms:
        areas += _paint_rooms(open_, owner, sorted(plan.rooms, key=lambda r: r.id))
        spots = [(spot, SPOT_RADIUS) for spot in encounterspots_of(plan)]
        areas += _paint_blobs(open_, owner, spots, len(areas) + 1, "corridor")
    else:
        pockets = [((x, y), math.isqrt(size) + 1) for x, y, size in small_pockets(plan)]
        areas += _paint_blobs(open_, owner, pockets, len(areas) + 1, "pocket")
        areas += _sectors(open_, owner, len(areas) + 1)
    floor = np.flatnonzero(plan.tiles.ravel() == tiles.FLOOR)
    return AreaMap(
        tuple(areas), owner, walkable, open_, floor, *_all_gates(owner, walkable, len(areas))
    )


def _all_gates(
    owner: NDArray[np.int32], walkable: NDArray[np.bool_], count: int
) -> tuple[NDArray[np.int64], NDArray[np.int64], list[int]]:
    """Every area's entrances at once. Of two side-by-side tiles with different owners, each
    is an entrance of the other's area when it is walkable and the other's owner is an area.
    Sorted by (area, flat index), so each area's entrances come in reading order."""
    h, w = owner.shape
    flat = owner.ravel()
    across = flat[1:] != flat[:-1]
    across[w - 1 :: w] = False  # a row's last tile and the next row's first are not neighbours
    left = np.flatnonzero(across)
    up = np.flatnonzero(flat[w:] != flat[:-w])
    first = np.concatenate((left, up))
    second = np.concatenate((left + 1, up + w))
    cells = np.concatenate((first, second))
    areas = np.concatenate((flat[second], flat[first])).astype(np.int64)
    keep = walkable.ravel()[cells] & (areas != 0)
    key = areas[keep] * (h * w) + cells[keep]
    key.sort()
    fresh = np.ones(len(key), dtype=np.bool_)  # a tile beside two tiles of one area: once
    np.not_equal(key[1:], key[:-1], out=fresh[1:])
    key = key[fresh]
    area_of = key // (h * w)
    cells = key - area_of * (h * w)
    gate_y = cells // w
    starts = [0, *np.cumsum(np.bincount(area_of, minlength=count + 1)).tolist()]
    return cells - gate_y * w, gate_y, starts


def _paint_rooms(
    open_: NDArray[np.bool_], owner: NDArray[np.int32], rooms: Sequence[Room]
) -> list[Area]:
    """Areas 1..n for the rooms in order: each takes the open tiles of its box that no room
    before it took. `owner` comes all 0; the boxes are painted last room first, so the lowest
    id over a tile is the one left on it (one fill a room)."""
    for area_id in range(len(rooms), 0, -1):
        room = rooms[area_id - 1]
        owner[max(0, room.y) : room.y + room.h, max(0, room.x) : room.x + room.w] = area_id
    owner *= open_  # closed tiles belong to no area
    sizes = np.bincount(owner.ravel(), minlength=len(rooms) + 1).tolist()
    return [
        Area(area_id, room.x, room.y, room.w, room.h, "room", room.id, sizes[area_id])
        for area_id, room in enumerate(rooms, start=1)
    ]


def _paint_blobs(
    open_: NDArray[np.bool_], owner: NDArray[np.int32], blobs: Sequence[tuple[Point, int]],
    first_id: int, source: str,
) -> list[Area]:
    """One area per blob, in turn: the open tiles no area owns within `radius` of its point that
    connect to it inside that box (none when the point itself is not such a tile)."""
    h, w = open_.shape
    areas: list[Area] = []
    for (x, y), radius in blobs:
        if not (0 <= x < w and 0 <= y < h) or not open_[y, x] or owner[y, x]:
            continue
        top, left = max(0, y - radius), max(0, x - radius)
        box = (slice(top, y + radius + 1), slice(left, x + radius + 1))
        mine = reachable(open_[box] & (owner[box] == 0), (x - left, y - top))
        area_id = first_id + len(areas)
        owner[box][mine] = area_id
        ys, xs = (found.tolist() for found in np.nonzero(mine))  # a few dozen tiles
        x0, y0 = left + min(xs), top + min(ys)
        areas.append(Area(area_id, x0, y0, left + max(xs) - x0 + 1, top + max(ys) - y0 + 1,
                          source, None, len(xs)))
    return areas


def _sectors(open_: NDArray[np.bool_], owner: NDArray[np.int32], first_id: int) -> list[Area]:
    """Blocks of BLOCK_W x BLOCK_H with enough unowned open tiles, in reading order."""
    free = open_ & (owner == 0)
    ys, xs = np.nonzero(free)
    if len(ys) == 0:
        return []
    height, width = open_.shape
    down, across = -(-height // BLOCK_H), -(-width // BLOCK_W)
    blocks = (ys // BLOCK_H) * across + xs // BLOCK_W
    counts = np.bincount(blocks, minlength=down * across)
    keep = counts >= MIN_SECTOR
    if not keep.any():
        keep[int(counts.argmax())] = True
    ids = np.zeros(len(counts), dtype=np.int32)
    ids[keep] = np.arange(first_id, first_id + int(keep.sum()), dtype=np.int32)
    owner[ys, xs] = ids[blocks]
    # Each block's box: the map cut into its grid of blocks, the first and last row and column
    # of each block holding a tile (whole-array passes, no scatter per tile).
    grid = np.zeros((down * BLOCK_H, across * BLOCK_W), dtype=np.bool_)
    grid[:height, :width] = free
    cut = grid.reshape(down, BLOCK_H, across, BLOCK_W)
    rows = np.swapaxes(np.any(cut, axis=3), 1, 2).reshape(down * across, BLOCK_H)
    cols = cut.any(axis=1).reshape(down * across, BLOCK_W)
    kept = np.flatnonzero(keep)
    rows, cols = rows[kept], cols[kept]
    block_y, block_x = (kept // across) * BLOCK_H, (kept % across) * BLOCK_W
    top = block_y + rows.argmax(axis=1)
    bottom = block_y + (BLOCK_H - 1) - rows[:, ::-1].argmax(axis=1)
    left = block_x + cols.argmax(axis=1)
    right = block_x + (BLOCK_W - 1) - cols[:, ::-1].argmax(axis=1)
    return [
        Area(area_id, x0, y0, x1 - x0 + 1, y1 - y0 + 1, "sector", None, size)
        for area_id, x0, y0, x1, y1, size in zip(
            ids[kept].tolist(), left.tolist(), top.tolist(), right.tolist(), bottom.tolist(),
            counts[kept].tolist(), strict=True)
    ]


def small_pockets(plan: FloorPlan) -> list[tuple[int, int, int]]:
    """The cave's kept pockets other than the main one, small enough to be one area each."""
    regions: Sequence[Sequence[int]] = plan.extra.get("regions", ())
    return [
        (int(x), int(y), int(size))
        for x, y, size in list(regions)[1:]
        if int(size) <= BLOCK_W * BLOCK_H
    ]


def encounterspots_of(plan: FloorPlan) -> list[Point]:
    """The tables generator's corridor encounter spots, as (x, y) points in reading order."""
    spots: Iterable[object] = plan.extra.get("encounter_spots", ())
    return sorted((as_point(spot) for spot in spots), key=lambda p: (p[1], p[0]))


def as_point(value: object) -> Point:
    """(x, y) from a pair or a {"x", "y"} mapping, as the generators' extras write them."""
    if isinstance(value, dict):
        return (int(value["x"]), int(value["y"]))
    if isinstance(value, (tuple, list)) and len(value) == 2:
        return (int(value[0]), int(value[1]))
    raise ValueError(f"not a point: {value!r}")


def spot(spots: Spots, index: int) -> Point:
    return (int(spots[index, 0]), int(spots[index, 1]))


class Space:
    """The tiles this pass has already given something, and the free floor tiles of each area.

    A free tile is plain floor (never a door, stairs or teleporter) that nothing else holds;
    monsters and traps also keep clear of the arrival and the eight tiles around it. The floor
    tiles are grouped by area once, when the Space is made; an area's free tiles are listed on
    its first ask, and the list loses each tile as it is taken. `taken` is written only by the
    `take` methods (the lists rely on it)."""

    def __init__(self, plan: FloorPlan, amap: AreaMap) -> None:
        self.plan = plan
        self.amap = amap
        self.width = plan.width
        self.taken = np.zeros(plan.tiles.size, dtype=np.bool_)
        """By flat index: the tile holds something."""
        self._owner = amap.owner.ravel()
        owners = self._owner[amap.floor]
        counts: list[int] = np.bincount(owners, minlength=len(amap.areas) + 1).tolist()
        # a stable sort keeps each area's tiles in reading order; on keys of 8 or 16 bits it
        # is a radix sort. The floor tiles of no area sort first and are left out.
        keys = owners.astype(np.min_scalar_type(len(amap.areas)))
        self._floor = amap.floor[np.argsort(keys, kind="stable")[counts[0] :]]
        """Every area's floor tiles (flat indices), area by area, each in reading order."""
        self._starts = [0, *accumulate(counts[1:])]
        """Area `a`'s tiles are `_floor[_starts[a - 1] : _starts[a]]`."""
        self._free: dict[int, list[int]] = {}
        """The free tiles of each area asked about so far."""
        ax, ay = plan.arrival
        h, w = plan.tiles.shape
        self._by_arrival = frozenset(
            y * w + x for y in range(max(0, ay - 1), min(h, ay + 2))
            for x in range(max(0, ax - 1), min(w, ax + 2))
        )
        """The arrival and the tiles around it: kept clear of monsters and traps."""
        self._near_arrival = frozenset(self._owner[sorted(self._by_arrival)].tolist())
        """The areas with a tile there: only their free tiles need `_by_arrival` left out."""

    def cells(self, area: Area, *, clear_of_arrival: bool = True) -> Sequence[int]:
        """The area's free tiles as flat indices (y * width + x), in reading order. Read it
        before the next `take`: it may be the list that `take` shortens."""
        free = self._free.get(area.id)
        if free is None:
            mine = self._floor[self._starts[area.id - 1] : self._starts[area.id]]
            free = self._free[area.id] = mine[~self.taken[mine]].tolist()
        if clear_of_arrival and area.id in self._near_arrival:
            return [cell for cell in free if cell not in self._by_arrival]
        return free

    def point(self, cell: int) -> Point:
        """The (x, y) of a flat index."""
        return (cell % self.width, cell // self.width)

    def free(self, area: Area, *, clear_of_arrival: bool = True) -> Spots:
        """`cells` as an (n, 2) array of (x, y) rows."""
        cells = np.array(self.cells(area, clear_of_arrival=clear_of_arrival), dtype=np.int64)
        return spots_of(cells, self.width)

    def take(self, point: Point) -> Point:
        x, y = point
        self.take_cell(y * self.width + x)
        return point

    def take_cell(self, cell: int) -> None:
        """`take` by flat index."""
        self.taken[cell] = True
        free = self._free.get(self._owner.item(cell))
        if free is not None:
            at = bisect_left(free, cell)
            if at < len(free) and free[at] == cell:
                del free[at]
