"""Areas: the places that hold contents and encounters, and the free tiles inside them.

A floor with rooms uses its rooms (plus the corridor spots where the tables generator rolled a
random encounter). A cave's main pocket is usually most of the map and a maze has no rooms at all,
so a room-less floor is cut into sectors of about 20x14 tiles (the blocks with enough walkable
tiles), after giving each small kept cave pocket an area of its own. Everything is painted into one
owner map, so finding an area's tiles is a slice of its bounding box, never a whole-map scan.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import accumulate
from typing import Final

import numpy as np
from numpy.typing import NDArray

from game import tiles
from game.dressing.model import Area
from game.floorplan import FloorPlan, Point, Room
from game.grids import as_bits, taxicab_distance

BLOCK_W: Final = 20
BLOCK_H: Final = 14
MIN_SECTOR: Final = 24
"""Walkable tiles a block needs to become a sector (the fullest block is kept regardless)."""

SPOT_RADIUS: Final = 4
"""A corridor spot's area: the connected open tiles within this many tiles of it."""

BROADCAST_LIMIT: Final = 8192
"""Up to this many (tile, entrance) pairs, distances by broadcasting; beyond, a transform."""

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
        """Steps (Manhattan) from each (x, y) row of `spots` to the area's nearest entrance;
        None when the area has no entrance (it is the whole floor)."""
        span = self._gate_span(area)
        gx, gy = self.gate_x[span], self.gate_y[span]
        if len(gx) == 0:
            return None
        xs, ys = spots[:, 0], spots[:, 1]
        if len(gx) * len(xs) <= BROADCAST_LIMIT:
            near = np.abs(np.subtract.outer(xs, gx))
            near += np.abs(np.subtract.outer(ys, gy))
            found: NDArray[np.int64] = near.min(axis=1)
            return found
        box = self.box(area, 1)
        x0, y0 = box[1].start, box[0].start
        away = np.ones((box[0].stop - y0, box[1].stop - x0), dtype=np.bool_)
        away[gy - y0, gx - x0] = False
        dist = taxicab_distance(away)
        return np.asarray(dist[ys - y0, xs - x0], dtype=np.int64)


    def gate_distances(
        self, areas: Sequence[Area], cells: Sequence[NDArray[np.int64]]
    ) -> list[NDArray[np.int64] | None]:
        """`gate_distance` for many areas at once: area i's for the flat indices `cells[i]`.
        On a small floor, tiles paired with entrances (`_paired`); else each area's box (grown
        by one, so it holds the entrances) is a layer of one padded stack, and one walk over
        the stack serves them all (`_spread`), instead of a broadcast or a transform an area.
        Areas too unlike in size to share a stack go one by one."""
        width = self.owner.shape[1]
        found: list[NDArray[np.int64] | None] = [None] * len(areas)
        spans = [self._gate_span(area) for area in areas]
        layers = [i for i, span in enumerate(spans) if span.stop > span.start]
        if not layers:
            return found
        if sum(len(cells[i]) * (spans[i].stop - spans[i].start) for i in layers) <= PAIR_LIMIT:
            for i, dist in zip(layers, self._paired([cells[i] for i in layers],
                                                    [spans[i] for i in layers], width),
                               strict=True):
                found[i] = dist
            return found
        h = self.owner.shape[0]
        x0: list[int] = []
        y0: list[int] = []
        talls: list[int] = []
        wides: list[int] = []
        for i in layers:  # each box grown by one and clipped to the map (`box`), inline
            area = areas[i]
            x0.append(max(0, area.x - 1))
            y0.append(max(0, area.y - 1))
            wides.append(min(width, area.x + area.w + 1) - x0[-1])
            talls.append(min(h, area.y + area.h + 1) - y0[-1])
        tall, wide = max(talls), max(wides)
        if len(layers) * tall * wide > STACK_LIMIT + 4 * sum(
            t * w for t, w in zip(talls, wides, strict=True)
        ):
            for i in layers:
                found[i] = self.gate_distance(areas[i], spots_of(cells[i], width))
            return found
        counts = [len(cells[i]) for i in layers]
        dist = self._spread([spans[i] for i in layers], [cells[i] for i in layers], counts,
                            x0, y0, tall, wide)
        ends = list(accumulate(counts))
        for i, start, end in zip(layers, [0, *ends[:-1]], ends, strict=True):
            found[i] = dist[start:end]
        return found

    def _spread(self, spans: Sequence[slice], cells: Sequence[NDArray[np.int64]],
                counts: list[int], x0: list[int], y0: list[int], tall: int, wide: int
                ) -> NDArray[np.int64]:
        """`gate_distances` of the areas whose entrances are `spans` (boxes from (x0, y0), at
        most tall x wide), for all their `cells` in a row: a breadth-first walk from every
        entrance at once over one Python integer with a bit per tile of a stack of boxes (each
        row ended by a spare bit, each box by a spare row, so no step leaks into the next): a
        few integer operations a step for all the areas, where numpy's running minima over the
        padded boxes cost far more. A tile's distance is the step that reaches it, kept bit by
        bit: the walk's k-th front joins plane p for each bit p of k."""
        width = self.owner.shape[1]
        row = wide + 1
        plane = (tall + 1) * row
        # the bit of (x, y) in box i is y * row + x + shift[i]
        shift = np.array(
            [i * plane - y * row - x for i, (x, y) in enumerate(zip(x0, y0, strict=True))])
        sizes = [span.stop - span.start for span in spans]
        gates = np.concatenate([np.arange(span.start, span.stop) for span in spans])
        gate_bits = self.gate_y[gates] * row
        gate_bits += self.gate_x[gates]
        gate_bits += shift.repeat(sizes)
        flat = np.concatenate(cells)
        cell_bits = flat // width * (row - width)
        cell_bits += flat
        cell_bits += shift.repeat(counts)
        size = (len(spans) * plane + 7) // 8 + 1  # bytes, with room for a front's spill
        bits = np.zeros(size * 8, dtype=np.bool_)
        bits[gate_bits] = True
        front = as_bits(bits)
        bits[gate_bits] = False
        bits[cell_bits] = True
        target = as_bits(bits)
        todo = _boxes(len(spans), tall, wide) & ~front
        planes: list[int] = []
        step = 0
        while target & todo:
            front = (front << 1 | front >> 1 | front << row | front >> row) & todo
            todo ^= front
            step += 1
            if step & (step - 1) == 0:
                planes.append(front)
                continue
            for p in _set_bits(step):
                planes[p] |= front
        if not planes:
            return np.zeros(len(flat), dtype=np.int64)
        packed = np.frombuffer(b"".join(p.to_bytes(size, "little") for p in planes), np.uint8)
        unpacked = np.unpackbits(packed.reshape(len(planes), size), axis=1, bitorder="little")
        weights = np.left_shift(1, np.arange(len(planes), dtype=np.int64))
        found: NDArray[np.int64] = weights @ unpacked.take(cell_bits, axis=1)
        return found

    def _paired(self, cells: Sequence[NDArray[np.int64]], spans: Sequence[slice], width: int
                ) -> list[NDArray[np.int64]]:
        """`gate_distances` by pairing every tile with each entrance of its own area, all areas
        in one flat pass: on a small floor a few thousand pairs cost less than the transforms
        of a padded stack."""
        counts = [len(mine) for mine in cells]
        flat = np.concatenate(cells)
        if len(flat) == 0:
            return [np.zeros(0, dtype=np.int64) for _ in cells]
        gates = np.array([span.stop - span.start for span in spans], dtype=np.int64).repeat(counts)
        first = np.array([span.start for span in spans], dtype=np.int64).repeat(counts)
        tile = np.arange(len(flat), dtype=np.int64).repeat(gates)
        starts = np.cumsum(gates) - gates
        gate = np.arange(len(tile), dtype=np.int64) - (starts - first)[tile]
        ys, xs = np.divmod(flat, width)
        near = np.abs(xs[tile] - self.gate_x[gate])
        near += np.abs(ys[tile] - self.gate_y[gate])
        dist = np.minimum.reduceat(near, starts)
        ends = list(accumulate(counts))
        return [dist[start:end] for start, end in zip([0, *ends[:-1]], ends, strict=True)]


@lru_cache(maxsize=16)
def _boxes(count: int, tall: int, wide: int) -> int:
    """Every tile of `count` stacked boxes as `AreaMap._spread` lays them out: a row of `wide`
    ones and a spare bit, `tall` times, then a spare row, per box (a few shapes a run)."""
    row = wide + 1
    plane = (tall + 1) * row
    box = ((1 << wide) - 1) * (((1 << (row * tall)) - 1) // ((1 << row) - 1))
    return box * (((1 << (plane * count)) - 1) // ((1 << plane) - 1))


@cache
def _set_bits(number: int) -> tuple[int, ...]:
    """The positions of the one bits of `number` (a walk's step: a few dozen ever asked)."""
    return tuple(p for p in range(number.bit_length()) if number >> p & 1)


def spots_of(cells: NDArray[np.int64], width: int) -> Spots:
    """Flat indices as an (n, 2) array of (x, y) rows."""
    found: Spots = np.empty((len(cells), 2), dtype=np.int64)
    np.divmod(cells, width, out=(found[:, 1], found[:, 0]))
    return found


PAIR_LIMIT: Final = 4096
"""`gate_distances` pairs tiles with entrances up to this many pairs; beyond, a padded stack."""

STACK_LIMIT: Final = 1 << 16
"""`gate_distances` pads every box to the largest; beyond this many tiles more than four times
the boxes' own, the areas go one by one."""


def build_areas(plan: FloorPlan) -> AreaMap:
    """Rooms (and corridor spots) when the plan has rooms; pockets and sectors otherwise."""
    walkable = tiles.walkable(plan.tiles)
    open_ = walkable & (plan.tiles != tiles.DOOR)  # two passes cost less than one lookup
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
    owner *= open_  # the closed tiles to 0 (cheaper than a masked store)
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
    connect to it inside that box (none when the point itself is not such a tile). Walked in
    plain Python over one buffer of the map's free tiles: a blob is a few dozen tiles (a
    corridor spot's box holds 81, a pocket is at most a block), where numpy on each box cost
    more than the walk."""
    h, w = open_.shape
    free = bytearray((open_ & (owner == 0)).tobytes())
    areas: list[Area] = []
    for (x, y), radius in blobs:
        if not (0 <= x < w and 0 <= y < h) or not free[y * w + x]:
            continue
        left, right = max(0, x - radius), min(w - 1, x + radius)
        top, bottom = max(0, y - radius) * w, min(h - 1, y + radius) * w  # row starts
        first = y * w + x
        free[first] = 0
        found = [first]
        for cell in found:  # the list is the queue: each tile found is walked from once
            column = cell % w
            row = cell - column
            # the four steps written out: no tuple of (neighbour, inside) pairs per tile
            if row > top and free[cell - w]:
                free[cell - w] = 0
                found.append(cell - w)
            if row < bottom and free[cell + w]:
                free[cell + w] = 0
                found.append(cell + w)
            if column > left and free[cell - 1]:
                free[cell - 1] = 0
                found.append(cell - 1)
            if column < right and free[cell + 1]:
                free[cell + 1] = 0
                found.append(cell + 1)
        area_id = first_id + len(areas)
        owner.flat[found] = area_id
        columns = [cell % w for cell in found]
        x0, y0 = min(columns), min(found) // w
        areas.append(Area(area_id, x0, y0, max(columns) - x0 + 1, max(found) // w - y0 + 1,
                          source, None, len(found)))
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
    """The tiles this pass has already given something, and the free floor tiles of an area.

    A free tile is plain floor (never a door, stairs or teleporter) that nothing else holds;
    monsters and traps also keep clear of the arrival and the eight tiles around it. The floor
    tiles of every area are sorted out in one pass; an area's free tiles are then kept as a list
    that loses each tile as it is taken, so asking again costs no pass over the map. `taken` is
    written only by the `take` methods (what `blocked` keeps relies on it)."""

    def __init__(self, plan: FloorPlan, amap: AreaMap) -> None:
        self.plan = plan
        self.amap = amap
        self.width = plan.width
        self.taken = np.zeros(plan.tiles.shape, dtype=np.bool_)
        self._owner = amap.owner.ravel()
        """Each tile's area by flat index (a tile that is not free floor is in no free list)."""
        owners = self._owner.take(amap.floor)
        # owners in the narrowest type: a stable sort of 8 or 16-bit keys is a radix sort
        by_owner = np.argsort(owners.astype(np.min_scalar_type(len(amap.areas))), kind="stable")
        counts: list[int] = np.bincount(owners, minlength=len(amap.areas) + 1).tolist()
        by_owner = by_owner[counts[0] :]  # the floor tiles of no area sort first: left out
        counts[0] = 0
        self._cells = amap.floor.take(by_owner)
        self._cell_owner = owners.take(by_owner)
        """Every area's floor tiles (flat indices), area by area, each in reading order."""
        ends = list(accumulate(counts))
        self._spans = list(zip([0, *ends[:-1]], ends, strict=True))
        self._free: dict[int, list[int]] = {}
        ax, ay = plan.arrival
        h, w = plan.tiles.shape
        self._by_arrival = frozenset(
            y * w + x for y in range(max(0, ay - 1), min(h, ay + 2))
            for x in range(max(0, ax - 1), min(w, ax + 2))
        )
        """The arrival and the tiles around it: kept clear of monsters and traps."""
        self._near_arrival = frozenset(self._owner.take(sorted(self._by_arrival)).tolist())
        """The areas with a tile there: only their free tiles need `_by_arrival` taken out."""
        self._taken_flat = self.taken.ravel()
        self._blocked_flat: NDArray[np.bool_] | None = None
        """What `blocked` answers, by flat index, made on its first ask and kept by every take
        after (one gather an ask, not two and an or)."""

    @property
    def floor_cells(self) -> NDArray[np.int64]:
        """Every area's floor tiles (flat indices), area by area, each in reading order; an
        area's are `floor_cells[slice(*span(area))]`."""
        return self._cells

    def span(self, area: Area) -> tuple[int, int]:
        return self._spans[area.id]

    def free_counts(self) -> list[int]:
        """How many free tiles (`cells`) each area has, by area id (0: no area), all at once."""
        counts: list[int] = np.bincount(
            self._cell_owner[~self.blocked(self._cells)], minlength=len(self._spans)
        ).tolist()
        return counts

    def blocked(self, cells: NDArray[np.int64]) -> NDArray[np.bool_]:
        """Per flat index: taken, or the arrival or a tile around it (so `~blocked` of an
        area's `floor_cells` are its `cells`)."""
        if self._blocked_flat is None:
            near = self._taken_flat.copy()
            near[sorted(self._by_arrival)] = True
            self._blocked_flat = near
        found: NDArray[np.bool_] = self._blocked_flat[cells]
        return found

    def cells(self, area: Area, *, clear_of_arrival: bool = True) -> Sequence[int]:
        """The area's free tiles as flat indices (y * width + x), in reading order. Read it
        before the next `take`: it may be the list that `take` shortens (no copy per ask)."""
        free = self._free.get(area.id)
        if free is None:
            start, end = self._spans[area.id]
            mine = self._cells[start:end]
            free = self._free[area.id] = mine[~self.taken.ravel()[mine]].tolist()
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

    def take_cells(self, cells: list[int], area_id: int) -> None:
        """`take_cell` for many tiles of the area `area_id`: their area known, not looked up."""
        taken, blocked = self._taken_flat, self._blocked_flat
        for cell in cells:  # a store a tile: for a few tiles, cheaper than one fancy store
            taken[cell] = True
            if blocked is not None:
                blocked[cell] = True
        free = self._free.get(area_id)
        if free is not None:
            for cell in cells:
                at = bisect_left(free, cell)
                if at < len(free) and free[at] == cell:
                    del free[at]

    def take_cell(self, cell: int) -> None:
        """`take` by flat index."""
        self._taken_flat[cell] = True
        if self._blocked_flat is not None:
            self._blocked_flat[cell] = True
        free = self._free.get(self._owner.item(cell))  # `item`: a Python int, no numpy scalar
        if free is not None:
            at = bisect_left(free, cell)
            if at < len(free) and free[at] == cell:
                del free[at]
