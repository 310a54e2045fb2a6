"""tables: a floor rolled on the dice tables of the pen-and-paper random dungeon method (seed 002).

The method: an entrance (a pre-made chamber with the stairs down into the dungeon, or a random
corridor or chamber); a corridor attached to every open exit and rolled on Corridors; a corridor
that ends in a chamber rolls the chamber's size and shape, its exits (each a door or a corridor),
its stairs and its contents. Growth stops once the floor holds a character level's worth of
encounters for the ruleset (scaled down for maps under 80x50); cleanup then connects or removes
dead ends. One square is one tile and corridors are one tile wide.

Open exits wait in a FIFO queue as (last dug tile, heading). Only the structure tables are rolled
here (`STRUCTURE`); door types, features and encounter templates belong to the dressing pass and
its own stream, so editing those tables never moves a wall. Contents are rolled here because the
budget counts the chambers that hold a monster.

Everything stays in the map and apart: a corridor tile is dug only where the tiles beside it are
rock, no other corridor runs two tiles off and the tile ahead is not a door, so no later digging
opens a door's walls. A chamber takes its box plus a one-tile frame of rock that only its own
exits may pierce; its exits stand in that frame, two or more tiles apart, facing free rock. What
does not fit is curtailed as the method says: a smaller chamber from the table, a shorter
corridor, a turn, or a dead end. A dungeon that closes before its budget is reopened (a new exit
in a chamber, or a stopped corridor rolled again) where there is room.

Stairs: the arrival is the one stairs-up tile and the way down the one stairs-down tile. Every
Stairs result is listed in `extra["stairs_rolled"]` and kept by cleanup, but drawn as floor (a
feature for the dressing pass) unless it is the way down: the farthest rolled real way down, if
it is far enough from the arrival, else new stairs in the chamber farthest from the arrival.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import accumulate
from typing import Final, cast

import numpy as np
from numpy.typing import NDArray

from game import tiles as tile_ids
from game.floorplan import Door, FloorPlan, ParamValue, Point, Room, Stair
from game.generators.common import GeneratorSpec, blank
from game.params import Param
from game.pathing import UNREACHED, walk_distance
from game.seeds import Rng
from game.tables import Roll, TableSet, default_tables
from game.tables.model import Value

STRUCTURE: Final = frozenset(
    {"chambers", "chamber_exits", "exit_kind", "stairs", "chamber_contents"}
)
"""The tables rolled on the layout stream; doors, features and encounter templates are not."""

BUDGETS: Final = {
    "4e": 10,
    "3.5": 13,
    "pathfinder-fast": 13,
    "pathfinder-medium": 20,
    "pathfinder-slow": 40,
}
"""Encounters in one character level, by ruleset (the method's "Limiting the Dungeon")."""

FULL_AREA: Final = 80 * 50
"""A map this big or bigger holds the whole budget; a smaller one a proportional share."""

MIN_WIDTH: Final = 24
MIN_HEIGHT: Final = 16
"""The largest entrance (11 x 9 with its walls, either way round) with room for corridors."""

REACH: Final = 10
"""Cleanup digs a dead end on by at most this many tiles to meet the dungeon ahead."""

RESCUE_ROOM: Final = 4
"""A dungeon that closed early reopens only where a corridor of this many tiles fits."""

FAR_SHARE: Final = 0.5
"""A rolled way down serves only if it is at least this share of the floor's walk away."""

WALL, FLOOR, DOOR = tile_ids.WALL, tile_ids.FLOOR, tile_ids.DOOR

DX: Final = (0, 1, 0, -1)
DY: Final = (-1, 0, 1, 0)
"""Headings 0..3: north, east, south, west; turning right adds one."""

ENTRANCES: Final = (
    # The stair hall: the stairs come down in a recess; doors left and right, a passage ahead.
    (
        "###########",
        "####.<.####",
        "#.........#",
        "+.........+",
        "#.........#",
        "#.........#",
        "#####=#####",
    ),
    # The crossing: the stairs come down in the middle of a cross-shaped hall with four ways out.
    (
        "#####=#####",
        "#####.#####",
        "###.....###",
        "#.........#",
        "+....<....+",
        "#.........#",
        "###.....###",
        "#####.#####",
        "#####+#####",
    ),
)
"""Pre-made entrance chambers, drawn with their walls: `<` the stairs, `+` a door exit, `=` an
open exit (a corridor leads on). They are turned and mirrored at random."""

Size = tuple[str, int, int]
"""A chamber row of the table: shape, printed width, printed height."""


def _left(d: int) -> int:
    return (d + 3) % 4


def _right(d: int) -> int:
    return (d + 1) % 4


def _back(d: int) -> int:
    return (d + 2) % 4


def _passage(d: int) -> str:
    """The Door passage of a door walked through heading d."""
    return "ns" if d % 2 == 0 else "ew"


def _as_int(value: Value) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise TypeError(f"expected a whole number, got {value!r}")


def budget_for(ruleset: str, width: int, height: int) -> int:
    """The ruleset's encounters, scaled down for maps under FULL_AREA tiles; at least one."""
    share = min(1.0, width * height / FULL_AREA)
    return max(1, int(BUDGETS[ruleset] * share + 0.5))


@cache
def table_sizes(tables: TableSet) -> tuple[Size, ...]:
    """Every chamber size of the Chambers table, in table order (a loaded set never changes)."""
    sizes: list[Size] = []
    for row in tables.table("chambers").rows:
        fields = row.fields
        size = (str(fields["shape"]), _as_int(fields["width"]), _as_int(fields["height"]))
        if size not in sizes:
            sizes.append(size)
    return tuple(sizes)


def rolled_size(roll: Roll) -> Size:
    """The size a Chambers roll gave."""
    return (roll.string("shape"), _as_int(roll.number("width")), _as_int(roll.number("height")))


def fallbacks(rolled: Size, sizes: Sequence[Size]) -> list[Size]:
    """The rolled size, then the table's smaller sizes: the same shape first, largest first."""
    area = rolled[1] * rolled[2]
    smaller = [size for size in sizes if size[1] * size[2] < area]
    smaller.sort(key=lambda size: (size[0] != rolled[0], -size[1] * size[2], size))
    return [rolled, *smaller]


# --- chamber shapes --------------------------------------------------------------------------


def octagon(width: int, height: int) -> NDArray[np.bool_]:
    """A box with its four corners cut diagonally, a quarter of the short side deep."""
    cut = min(width, height) // 4
    i = np.arange(height)[:, None]
    j = np.arange(width)[None, :]
    mask: NDArray[np.bool_] = np.minimum(i, height - 1 - i) + np.minimum(j, width - 1 - j) >= cut
    return mask


def _blob_rows(rng: Rng, width: int, height: int) -> list[tuple[int, int]]:
    """[start, end) of each row of a rough blob about width x height.

    A rounded outline (a superellipse) has each row's ends pulled in at random, by up to an
    eighth of the width (at least one tile). Then, from a random middle row outward, every row
    is cut to lie within the row next to it toward the middle, and the middle row spans both
    its neighbours. So every edge tile has a neighbour along its row and one across (no
    spurs), and the blob is one piece. Rows shorter than two tiles (top and bottom) go."""
    half = width / 2
    deepest = max(1, width // 8)
    starts, ends = [], []
    for i in range(height):
        t = abs(2 * i + 1 - height) / height
        reach = half * (1 - t**2.5) ** 0.4
        starts.append(int(half - reach + 0.5) + rng.randint(0, deepest))
        ends.append(int(half + reach + 0.5) - rng.randint(0, deepest))
    middle = rng.randint(height // 3, height - 1 - height // 3)
    for i, toward in [(i, i + 1) for i in range(middle - 1, -1, -1)] + [
        (i, i - 1) for i in range(middle + 1, height)
    ]:
        starts[i] = max(starts[i], starts[toward])
        ends[i] = min(ends[i], ends[toward])
    starts[middle] = min(starts[middle - 1], starts[middle + 1])
    ends[middle] = max(ends[middle - 1], ends[middle + 1])
    return [(a, b) for a, b in zip(starts, ends, strict=True) if b - a >= 2]


def irregular(rng: Rng, width: int, height: int) -> NDArray[np.bool_]:
    """A rough blob of about width x height, cropped to its own bounding box."""
    rows = _blob_rows(rng, width, height)
    low = min(start for start, _ in rows)
    mask = np.zeros((len(rows), max(end for _, end in rows) - low), dtype=np.bool_)
    for row, (start, end) in zip(mask, rows, strict=True):
        row[start - low : end - low] = True
    return mask


@dataclass(frozen=True, slots=True)
class Outline:
    """A chamber's floor [y, x] as it lies on the map, and for each heading d the columns (or
    rows) of its near side that a corridor heading d can enter by."""

    shape: str
    mask: NDArray[np.bool_]
    near: tuple[tuple[int, ...], ...]


def outline(shape: str, mask: NDArray[np.bool_]) -> Outline:
    """The outline of a floor mask (which is frozen: outlines are shared)."""
    sides = (mask[-1], mask[:, 0], mask[0], mask[:, -1])
    near = tuple(tuple(k for k, floor in enumerate(side.tolist()) if floor) for side in sides)
    mask.flags.writeable = False
    return Outline(shape, mask, near)


@cache
def fixed_outline(shape: str, width: int, height: int) -> Outline:
    """A square, rectangle or octagon outline (shared: they never change)."""
    if shape == "octagon":
        return outline(shape, octagon(width, height))
    return outline(shape, np.ones((height, width), dtype=np.bool_))


def shape_outline(rng: Rng, shape: str, width: int, height: int) -> Outline:
    """The floor of a chamber of this shape in a box of about width x height."""
    if shape == "irregular":
        return outline(shape, irregular(rng, width, height))
    return fixed_outline(shape, width, height)


# --- the dungeon being dug -------------------------------------------------------------------


@dataclass(slots=True)
class OpenEnd:
    """An open end in the queue: flat index i of its last dug tile, and d the way on.

    An exit's own tile (a chamber's door or opening, a door in a corridor's side) is walled up
    again if no corridor can start beyond it; `chamber` owns it if it is a chamber's exit."""

    i: int
    d: int
    exit: bool = False
    chamber: int = -1
    live: bool = True


class Dungeon:
    """Tiles, chambers and the bookkeeping the dressing pass is handed.

    Growth works on flat indices (i = y * width + x) through memoryviews of the arrays: a tile
    test costs a third of numpy indexing, and a step is one addition. The border is marked
    blocked, so no corridor, chamber or frame reaches it and a dug tile's neighbours all exist."""

    def __init__(self, rng: Rng, width: int, height: int, tables: TableSet) -> None:
        self.rng = rng
        self.tables = tables
        self.sizes = table_sizes(tables)
        _, low_w, low_h = min(self.sizes, key=lambda size: size[1] * size[2])
        self.smallest = (
            fixed_outline("rectangle", low_w, low_h),
            fixed_outline("rectangle", low_h, low_w),
        )
        # Entering any chamber crosses its frame, its floor and its far frame in a straight line.
        self.shallowest = min(low_w, low_h) + 2
        self.width, self.height, self.size = width, height, width * height
        self.tiles = blank(width, height)
        self.owner = np.full((height, width), -1, dtype=np.int32)  # chamber: box and frame
        self.in_room = np.zeros((height, width), dtype=np.bool_)  # chamber boxes
        self.keep = np.zeros((height, width), dtype=np.bool_)  # features: never pruned
        self.blocked = np.zeros((height, width), dtype=np.bool_)  # dug, a chamber's, or border
        self.blocked[[0, -1], :] = True
        self.blocked[:, [0, -1]] = True
        self.flat_tiles = self.tiles.data.cast("B")
        self.flat_owner = self.owner.data.cast("B").cast("i")
        self.flat_room = self.in_room.view(np.uint8).data.cast("B")
        self.flat_keep = self.keep.view(np.uint8).data.cast("B")
        self.flat_blocked = self.blocked.view(np.uint8).data.cast("B")
        self.step = (-width, 1, width, -1)  # one step heading d
        self.across = (1, width, -1, -width)  # one step to the right of heading d
        self.rooms: list[Room] = []
        self.doors: dict[int, str] = {}
        self.queue: deque[OpenEnd] = deque()
        self.unused: list[list[OpenEnd]] = []  # per chamber: its exits still in the queue
        self.closed: list[OpenEnd] = []  # corridor ends that stopped: a rescue may reopen one
        self.full: set[int] = set()  # chambers with no room left for a rescue's exit
        self.contents: dict[int, dict[str, int | bool]] = {}
        self.spots: list[int] = []
        self.stairs: list[dict[str, int | str | bool]] = []
        self.monsters = 0
        self.pieces = 0
        self.arrival = 0

    def xy(self, i: int) -> Point:
        return (i % self.width, i // self.width)

    # --- tiles ---------------------------------------------------------------------------------

    def carvable(self, i: int, d: int) -> bool:
        """May a corridor heading d dig tile i? Free rock inside the border and outside every
        chamber's frame, rock on both sides, no door ahead whose wall it would open, and no
        corridor running alongside two tiles off (a chamber's floor may: its wall is shared)."""
        if self.flat_blocked[i]:
            return False
        t = self.flat_tiles
        side = self.across[d]
        if t[i + side] != WALL or t[i - side] != WALL or t[i + self.step[d]] == DOOR:
            return False
        room, size = self.flat_room, self.size
        far = i + 2 * side
        if 0 <= far < size and t[far] != WALL and not room[far]:
            return False
        far = i - 2 * side
        return not (0 <= far < size and t[far] != WALL and not room[far])

    def entry_ok(self, i: int, d: int) -> bool:
        """Can frame tile i become an exit entered heading d? Its chamber's floor lies ahead and
        rock on both sides, so a door there stands in a wall line."""
        owner, t = self.flat_owner, self.flat_tiles
        if owner[i] < 0 or t[i] != WALL:
            return False
        inside = i + self.step[d]
        side = self.across[d]
        return (
            t[inside] != WALL
            and self.flat_room[inside] == 1
            and owner[inside] == owner[i]
            and t[i + side] == WALL
            and t[i - side] == WALL
        )

    def dig(self, i: int) -> None:
        self.flat_tiles[i] = FLOOR
        self.flat_blocked[i] = True

    def put(self, i: int, tile: int) -> None:
        self.flat_tiles[i] = tile
        self.flat_blocked[i] = True

    def set_door(self, i: int, d: int) -> None:
        self.put(i, DOOR)
        self.doors[i] = _passage(d)

    def wall_up(self, i: int) -> None:
        self.flat_tiles[i] = WALL
        self.flat_blocked[i] = self.flat_owner[i] >= 0
        self.doors.pop(i, None)

    def degree(self, i: int) -> int:
        """Walkable neighbours of tile i (inside the border)."""
        t, w = self.flat_tiles, self.width
        return (t[i - w] != WALL) + (t[i + w] != WALL) + (t[i - 1] != WALL) + (t[i + 1] != WALL)

    def push(self, i: int, d: int, *, exit_: bool = False, chamber: int = -1) -> None:
        end = OpenEnd(i, d, exit_, chamber)
        self.queue.append(end)
        if chamber >= 0:
            self.unused[chamber].append(end)

    def central(self, size: int, total: int) -> int:
        """A start for `size` tiles in `total`, in the middle half when there is slack."""
        slack = total - size
        return self.rng.randint(slack // 4, slack - slack // 4)

    # --- growth ----------------------------------------------------------------------------------

    def grow(self, end: OpenEnd) -> None:
        """Attach a corridor to an open end: roll it, or join, enter a chamber, turn, or stop."""
        if not end.live:
            return
        end.live = False
        i, d = end.i, end.d
        ahead = i + self.step[d]
        if self.carvable(ahead, d):
            self.piece(i, d)
            if end.exit and self.degree(i) < 2:
                self.wall_up(i)  # it rolled a dead end or a chamber that did not fit
        elif self.flat_tiles[ahead] != WALL:
            pass  # it already opens onto the dungeon
        elif self.entry_ok(ahead, d):
            self.enter(ahead, d)
        elif end.exit:
            self.wall_up(i)  # an exit onto solid rock is no exit
        else:
            turns = [_left(d), _right(d)]
            if self.rng.coin():
                turns.reverse()
            for turn in turns:
                if self.carvable(i + self.step[turn], turn):
                    self.piece(i, turn)
                    return
            self.closed.append(end)

    def piece(self, i: int, d: int) -> None:
        """Roll on Corridors and dig the result from tile i heading d (the next tile is free)."""
        self.pieces += 1
        roll = self.tables.roll("corridors", self.rng, follow=STRUCTURE)
        fields = roll.fields
        kind, side, length = str(fields["kind"]), fields["side"], fields["length"]
        if kind == "chamber":
            self.chamber_ahead(i, d, roll.find("chambers")[0])
        elif kind == "dead_end":
            self.closed.append(OpenEnd(i, d))
        elif isinstance(length, int):
            self.straight(i, d, length, kind, _left(d) if side == "left" else _right(d), roll)
        elif kind == "door":
            self.door_ahead(i, d)
        else:
            self.junction(i, d, kind, side == "left", roll)

    def run(self, i: int, d: int, length: int) -> tuple[list[int], bool]:
        """Dig up to `length` tiles ahead. A corridor that runs into the dungeon ends by joining
        it (into a chamber: by a new or moved exit); one that meets rock it may not dig stops
        short. Returns the tiles dug and whether the corridor goes on from the last."""
        dug: list[int] = []
        step = self.step[d]
        for _ in range(length):
            ahead = i + step
            if not self.carvable(ahead, d):
                if self.flat_tiles[ahead] != WALL:
                    return dug, False
                if self.entry_ok(ahead, d):
                    self.enter(ahead, d)
                    return dug, False
                return dug, True
            self.dig(ahead)
            dug.append(ahead)
            i = ahead
        return dug, True

    def straight(self, i: int, d: int, length: int, kind: str, side: int, roll: Roll) -> None:
        """Straight squares, maybe with a door, side corridor or stairs on one side."""
        dug, goes_on = self.run(i, d, length)
        if kind != "straight":
            self.beside(dug, side, kind, roll)
        if goes_on:
            self.push(dug[-1] if dug else i, d)

    def beside(self, dug: list[int], side: int, kind: str, roll: Roll) -> None:
        """Put a door, a side corridor or stairs beside one of the tiles just dug; where none
        fits, the corridor goes without it."""
        order = list(range(len(dug)))
        self.rng.shuffle(order)
        step = self.step[side]
        for index in order:
            spot = dug[index] + step
            if not self.carvable(spot, side):
                continue
            if kind == "side":
                self.push(dug[index], side)
                return
            if kind == "door" and self.carvable(spot + step, side):
                self.set_door(spot, side)
                self.push(spot, side, exit_=True)
                return
            if kind == "stairs" and self.flat_tiles[spot + step] == WALL:
                self.place_stairs(spot, roll.find("stairs")[0])
                return

    def door_ahead(self, i: int, d: int) -> None:
        """A square of corridor, a door, and a square beyond where the next corridor starts. With
        no room for a door in a wall line, the corridor goes on without one."""
        dug, _ = self.run(i, d, 1)
        lead = dug[-1]
        door = lead + self.step[d]
        beyond = door + self.step[d]
        if self.carvable(door, d) and self.carvable(beyond, d):
            self.set_door(door, d)
            self.dig(beyond)
            self.push(beyond, d)
        else:
            self.push(lead, d)

    def junction(self, i: int, d: int, kind: str, left: bool, roll: Roll) -> None:
        """One tile ahead, then: stairs, an encounter, a turn, or branches."""
        here = i + self.step[d]
        self.dig(here)
        if kind == "stairs":
            self.place_stairs(here, roll.find("stairs")[0])
        elif kind == "encounter":
            # Row 20 has no continuation in the table, but a GM would not end a corridor at a
            # wandering monster: the encounter waits here and the corridor goes on.
            self.spots.append(here)
            self.flat_keep[here] = True
            self.push(here, d)
        elif kind == "turn":
            self.push(here, _left(d) if left else _right(d))
        elif kind == "intersection":
            for branch in branches(d, roll.number("attach")):
                self.push(here, branch)
        else:
            raise ValueError(f"corridors: no rule for a {kind!r} row")

    def place_stairs(self, i: int, roll: Roll) -> None:
        """A Stairs result on tile i. Real ways down are drawn as stairs down for now (the way
        down is chosen among them later); up and dead-end stairs are features on the floor."""
        direction, dead_end = roll.string("direction"), roll.flag("dead_end")
        down = direction in ("down", "both") and not dead_end
        self.put(i, tile_ids.STAIRS_DOWN if down else FLOOR)
        self.flat_keep[i] = True
        x, y = self.xy(i)
        self.stairs.append(
            {
                "x": x,
                "y": y,
                "kind": roll.string("kind"),
                "direction": direction,
                "dead_end": dead_end,
            }
        )

    # --- chambers --------------------------------------------------------------------------------

    def chamber_ahead(self, i: int, d: int, roll: Roll) -> None:
        """The corridor ends in a chamber (no door) just beyond its end, in the rolled size or
        else the largest smaller size of the table that fits. Where none fits ahead the corridor
        turns into it, left or right (not through a door: that would open the door's wall);
        where none fits at all the corridor is a dead end."""
        turns = [_left(d), _right(d)]
        if self.rng.coin():
            turns.reverse()
        turnable = self.flat_tiles[i] != DOOR
        for heading in (d, *turns):
            opening = i + self.step[heading]
            free = heading == d or (turnable and self.carvable(opening, heading))
            if free and self.place_chamber(opening, heading, roll):
                return
        self.closed.append(OpenEnd(i, d))

    def place_chamber(self, opening: int, d: int, roll: Roll) -> bool:
        """A chamber of the roll entered heading d through the free tile `opening`, if any size
        of the table fits; its exits, stairs and contents follow."""
        if not self.clear_ahead(opening, d, self.shallowest):
            return False  # no chamber of the table is this shallow: nothing can be entered here
        ox, oy = self.xy(opening)
        for index, size in enumerate(fallbacks(rolled_size(roll), self.sizes)):
            if index == 1 and not any(self.entry_columns(ox, oy, d, box) for box in self.smallest):
                return False  # not even the smallest size fits: no need to try the others
            for shape, w, h in self.orientations(size):
                if shape == "irregular" and not self.entry_columns(
                    ox, oy, d, fixed_outline("rectangle", w, h)
                ):
                    continue  # its printed box does not fit: no need to draw its outline
                floor = shape_outline(self.rng, shape, w, h)
                ks = self.entry_columns(ox, oy, d, floor)
                if ks:
                    x0, y0 = self.box_at(ox, oy, d, floor, ks[self.rng.below(len(ks))])
                    cid = self.add_chamber(x0, y0, floor)
                    self.dig(opening)
                    self.finish_chamber(cid, roll)
                    return True
        return False

    def clear_ahead(self, i: int, d: int, tiles: int) -> bool:
        """Are `tiles` tiles from i on, heading d, all free (not dug, not a chamber's)? The
        border is blocked, so the scan stops there before it could leave the map."""
        blocked, step = self.flat_blocked, self.step[d]
        return not any(blocked[i + k * step] for k in range(tiles))

    def orientations(self, size: Size) -> tuple[Size, ...]:
        """A size as it may lie on the map, either way round in a random order."""
        shape, width, height = size
        if width == height:
            return (size,)
        if self.rng.coin():
            return ((shape, height, width), size)
        return (size, (shape, height, width))

    def entry_columns(self, ox: int, oy: int, d: int, floor: Outline) -> list[int]:
        """The near-side columns k by which a chamber of this outline can be entered, heading d
        through the frame tile (ox, oy): its box and frame inside the map's border and clear of
        the dungeon and of other frames. One sliding-window test over a band of the map."""
        h, w = floor.mask.shape
        vertical = d % 2 == 0
        along, lateral = (oy, ox) if vertical else (ox, oy)
        depth, breadth = (h, w) if vertical else (w, h)
        extent_a, extent_l = (self.height, self.width) if vertical else (self.width, self.height)
        lo = along if d in (1, 2) else along - depth - 1
        if lo < 0 or lo + depth + 2 > extent_a:
            return []
        l_lo, l_hi = max(0, lateral - breadth), min(extent_l, lateral + breadth + 1)
        if vertical:
            band = self.blocked[lo : lo + depth + 2, l_lo:l_hi].any(axis=0)
        else:
            band = self.blocked[l_lo:l_hi, lo : lo + depth + 2].any(axis=1)
        lane = cast(list[bool], band.tolist())
        sums = [0, *accumulate(lane)]
        fits = []
        for k in floor.near[d]:
            start = lateral - k - 1  # the frame's first lateral tile
            end = start + breadth + 2
            if start >= 0 and end <= extent_l and sums[end - l_lo] == sums[start - l_lo]:
                fits.append(k)
        return fits

    @staticmethod
    def box_at(ox: int, oy: int, d: int, floor: Outline, k: int) -> Point:
        """The top-left of a chamber's box entered heading d through (ox, oy) at column k."""
        h, w = floor.mask.shape
        if d == 0:
            return (ox - k, oy - h)
        if d == 2:
            return (ox - k, oy + 1)
        return (ox + 1, oy - k) if d == 1 else (ox - w, oy - k)

    def add_chamber(self, x0: int, y0: int, floor: Outline) -> int:
        """Carve a chamber's floor with its box's top-left at (x0, y0); claim box and frame."""
        h, w = floor.mask.shape
        cid = len(self.rooms)
        frame = (slice(y0 - 1, y0 + h + 1), slice(x0 - 1, x0 + w + 1))
        self.owner[frame] = cid
        self.blocked[frame] = True
        self.in_room[y0 : y0 + h, x0 : x0 + w] = True
        self.tiles[y0 : y0 + h, x0 : x0 + w][floor.mask] = FLOOR
        self.rooms.append(Room(cid, x0, y0, w, h, floor.shape))
        self.unused.append([])
        return cid

    def finish_chamber(self, cid: int, roll: Roll) -> None:
        """The chamber's rolled exits (on its sides in a random order), stairs and contents."""
        exits = roll.find("chamber_exits")[0]
        sides = [0, 1, 2, 3]
        self.rng.shuffle(sides)
        for index, kind in enumerate(exits.find("exit_kind")):
            turn = index % 4
            self.add_exit(cid, kind.string("kind") == "door", sides[turn:] + sides[:turn])
        for stairs in exits.find("stairs"):
            self.place_stairs(self.stairs_spot(cid), stairs)
        contents = roll.find("chamber_contents")[0]
        monster = contents.flag("monster")
        self.contents[cid] = {
            "face": contents.face,
            "monster": monster,
            "features": contents.flag("features"),
            "treasure": contents.flag("treasure"),
            "trap": contents.flag("trap"),
        }
        self.monsters += monster

    def frame_side(self, room: Room, o: int) -> range:
        """The frame tiles along one side of a chamber's box, facing outward o."""
        w = self.width
        corner = room.y * w + room.x  # the box's top-left tile
        if o == 0:
            return range(corner - w, corner - w + room.w)
        if o == 2:
            return range(corner + room.h * w, corner + room.h * w + room.w)
        if o == 3:
            return range(corner - 1, corner - 1 + room.h * w, w)
        return range(corner + room.w, corner + room.w + room.h * w, w)

    def add_exit(self, cid: int, door: bool, sides: Sequence[int], room_for: int = 1) -> bool:
        """An exit in the chamber's frame, on the first of `sides` with room for one: a frame
        tile with floor inside, rock beside and `room_for` tiles of free rock straight out.
        False if no side has room."""
        room = self.rooms[cid]
        for o in sides:
            spots = self.frame_side(room, o)
            start = self.rng.below(len(spots))
            for offset in range(len(spots)):
                spot = spots[(start + offset) % len(spots)]
                if self.entry_ok(spot, _back(o)) and self.room_ahead(spot, o, room_for):
                    if door:
                        self.set_door(spot, o)
                    else:
                        self.dig(spot)
                    self.push(spot, o, exit_=True, chamber=cid)
                    return True
        return False

    def room_ahead(self, i: int, d: int, tiles: int) -> bool:
        """Could a corridor dig `tiles` tiles straight on from tile i heading d?"""
        step = self.step[d]
        for _ in range(tiles):
            i += step
            if not self.carvable(i, d):
                return False
        return True

    def enter(self, i: int, d: int) -> None:
        """A corridor hits a chamber's wall at frame tile i: move one of the chamber's unused
        exits here, or add a new one (its kind rolled on Exit kind)."""
        for end in self.unused[self.flat_owner[i]]:
            if end.live and self.flat_tiles[end.i + self.step[end.d]] == WALL:
                end.live = False
                door = self.flat_tiles[end.i] == DOOR
                self.wall_up(end.i)
                break
        else:
            kind = self.tables.roll("exit_kind", self.rng, follow=STRUCTURE).string("kind")
            door = kind == "door"
        if door:
            self.set_door(i, d)
        else:
            self.dig(i)

    def stairs_spot(self, cid: int) -> int:
        """A free floor tile of the chamber, against its wall and off its doorways if it can."""
        room = self.rooms[cid]
        frame = (slice(room.y - 1, room.y + room.h + 1), slice(room.x - 1, room.x + room.w + 1))
        sub = self.tiles[frame]
        free = (sub == FLOOR) & ~self.keep[frame] & self.in_room[frame]
        doorway = (sub != WALL) & ~self.in_room[frame]

        def around(m: NDArray[np.bool_]) -> NDArray[np.bool_]:
            out: NDArray[np.bool_] = m[:-2, 1:-1] | m[2:, 1:-1] | m[1:-1, :-2] | m[1:-1, 2:]
            return out

        core = free[1:-1, 1:-1]
        best = core & around(sub == WALL) & ~around(doorway)
        ys, xs = np.nonzero(best if best.any() else core)
        pick = self.rng.below(len(ys))
        return (room.y + int(ys[pick])) * self.width + room.x + int(xs[pick])

    # --- entrances -------------------------------------------------------------------------------

    def entrance_premade(self) -> None:
        """One of the pre-made entrance chambers, turned and mirrored at random."""
        layout = entrance_layout(self.rng.below(len(ENTRANCES)), self.rng.below(4), self.rng.coin())
        h, w = layout.floor.mask.shape
        x0 = self.central(w + 4, self.width) + 1  # the top-left of its walls
        y0 = self.central(h + 4, self.height) + 1
        cid = self.add_chamber(x0 + 1, y0 + 1, layout.floor)
        self.arrival = (y0 + layout.stairs[1]) * self.width + x0 + layout.stairs[0]
        self.put(self.arrival, tile_ids.STAIRS_UP)
        self.flat_keep[self.arrival] = True
        for ex, ey, o, door in layout.exits:
            spot = (y0 + ey) * self.width + x0 + ex
            if self.carvable(spot + self.step[o], o):
                if door:
                    self.set_door(spot, o)
                else:
                    self.dig(spot)
                self.push(spot, o, exit_=True, chamber=cid)

    def entrance_corridor(self) -> None:
        """The stairs stand in a short corridor that runs on both ways."""
        d = self.rng.below(4)
        x = min(max(self.central(1, self.width), 2), self.width - 3)
        y = min(max(self.central(1, self.height), 2), self.height - 3)
        self.arrival = y * self.width + x
        self.put(self.arrival, tile_ids.STAIRS_UP)
        self.flat_keep[self.arrival] = True
        for way in (d, _back(d)):
            self.dig(self.arrival + self.step[way])
            self.push(self.arrival + self.step[way], way)

    def entrance_chamber(self) -> None:
        """A chamber rolled on Chambers (the largest size of its fallbacks that fits the map),
        the stairs against its wall."""
        roll = self.tables.roll("chambers", self.rng, follow=STRUCTURE)
        sizes = fallbacks(rolled_size(roll), self.sizes)
        for shape, width, height in (turn for size in sizes for turn in self.orientations(size)):
            if width + 4 <= self.width and height + 4 <= self.height:
                floor = shape_outline(self.rng, shape, width, height)
                h, w = floor.mask.shape
                x0 = self.central(w + 4, self.width) + 2
                y0 = self.central(h + 4, self.height) + 2
                cid = self.add_chamber(x0, y0, floor)
                self.finish_chamber(cid, roll)
                self.arrival = self.stairs_spot(cid)
                self.put(self.arrival, tile_ids.STAIRS_UP)
                self.flat_keep[self.arrival] = True
                return
        raise ValueError(f"no chamber fits {self.width}x{self.height}")

    # --- the loop --------------------------------------------------------------------------------

    def rescue(self) -> bool:
        """The dungeon closed before its budget: add an exit to a chamber, or reopen a corridor
        that stopped, where a corridor of RESCUE_ROOM tiles fits. False if nothing has room."""
        kind = self.tables.roll("exit_kind", self.rng, follow=STRUCTURE).string("kind")
        order = [cid for cid in range(len(self.rooms)) if cid not in self.full]
        self.rng.shuffle(order)
        for cid in order:
            if self.add_exit(cid, kind == "door", (0, 1, 2, 3), RESCUE_ROOM):
                return True
            self.full.add(cid)  # the dungeon only grows: no room now, none later
        while self.closed:
            end = self.closed.pop(0)
            if self.flat_tiles[end.i] != WALL and self.room_ahead(end.i, end.d, RESCUE_ROOM):
                self.push(end.i, end.d)
                return True
        return False

    def generate(self, budget: int) -> None:
        """Process open ends in order until the budget is met, the piece cap is reached, or
        nothing can grow; exits left waiting are walled up."""
        cap = 40 * budget + 100
        rescues = 2 * budget + 4
        queue, grow = self.queue, self.grow
        while self.monsters + len(self.spots) < budget and self.pieces < cap:
            if queue:
                grow(queue.popleft())
            elif rescues > 0 and self.rescue():
                rescues -= 1
            else:
                break
        for end in queue:
            if end.live and end.exit and self.flat_tiles[end.i + self.step[end.d]] == WALL:
                self.wall_up(end.i)
        queue.clear()

    # --- the way down and cleanup ----------------------------------------------------------------

    def bounds(self) -> tuple[slice, slice]:
        """The dug part of the map, with a tile of rock around it."""
        walk = self.tiles != WALL
        rows = np.flatnonzero(walk.any(axis=1)).tolist()
        cols = np.flatnonzero(walk.any(axis=0)).tolist()
        return slice(rows[0] - 1, rows[-1] + 2), slice(cols[0] - 1, cols[-1] + 2)

    def way_down(self, rows: slice, cols: slice) -> Point:
        """The farthest (walking) of the rolled ways down if it is at least FAR_SHARE of the
        floor's walk from the arrival; else new stairs on the farthest free tile of the chamber
        farthest from the arrival (of the whole floor if the entrance is the only chamber). The
        other rolled ways down stay on the floor as features, so there is one way down and it
        is far from the arrival."""
        ax, ay = self.xy(self.arrival)
        dist = walk_distance(self.tiles[rows, cols] != WALL, [(ax - cols.start, ay - rows.start)])
        dist[dist == UNREACHED] = -1
        rolled = [
            (int(dist[y - rows.start, x - cols.start]), x, y)
            for x, y in ((int(s["x"]), int(s["y"])) for s in self.stairs)
            if self.tiles[y, x] == tile_ids.STAIRS_DOWN
        ]
        for _, x, y in rolled:
            self.tiles[y, x] = FLOOR
        best = max(rolled, default=(-1, 0, 0))
        if best[0] >= FAR_SHARE * int(dist.max()):
            point = (best[1], best[2])
        else:
            free = (self.tiles[rows, cols] == FLOOR) & ~self.keep[rows, cols] & (dist > 0)
            chambers = free & self.in_room[rows, cols] & (self.owner[rows, cols] > 0)
            pool = chambers if chambers.any() else free
            y, x = divmod(int(np.argmax(np.where(pool, dist, -1))), dist.shape[1])
            point = (cols.start + x, rows.start + y)
            self.keep[point[1], point[0]] = True
        self.tiles[point[1], point[0]] = tile_ids.STAIRS_DOWN
        return point

    def prunable(self, i: int) -> bool:
        """A dead end that is a corridor or exit tile: not a chamber's floor nor a feature."""
        return (
            self.flat_tiles[i] != WALL
            and not self.flat_room[i]
            and not self.flat_keep[i]
            and self.degree(i) == 1
        )

    def cleanup(self, rows: slice, cols: slice) -> None:
        """Step 3: dig each dead end on to the dungeon ahead if it is near; remove the rest back
        to where they branch off, so a section that is only dead ends goes entirely."""
        walk = self.tiles[rows, cols] != WALL
        count = np.zeros(walk.shape, dtype=np.int8)
        count[1:] += walk[:-1]
        count[:-1] += walk[1:]
        count[:, 1:] += walk[:, :-1]
        count[:, :-1] += walk[:, 1:]
        tips = walk & (count == 1) & ~self.in_room[rows, cols] & ~self.keep[rows, cols]
        ys, xs = np.nonzero(tips)
        points = ((ys + rows.start) * self.width + xs + cols.start).tolist()
        for i in points:
            if self.prunable(i):
                self.connect(i)
        for i in points:
            self.prune(i)

    def prune(self, i: int) -> None:
        """Wall up the dead end at tile i and the corridor behind it, up to where it branches
        off or meets a chamber or a feature."""
        t = self.flat_tiles
        while self.prunable(i):
            after = next(i + step for step in self.step if t[i + step] != WALL)
            self.wall_up(i)
            i = after

    def connect(self, i: int) -> None:
        """Dig the dead end at tile i straight on if the dungeon is within REACH tiles ahead."""
        t = self.flat_tiles
        d = next(o for o in range(4) if t[i - self.step[o]] != WALL)
        path: list[int] = []
        for _ in range(REACH):
            i += self.step[d]
            if self.carvable(i, d):
                path.append(i)
                continue
            if t[i] != WALL or self.entry_ok(i, d):
                for tile in [*path, i]:
                    if t[tile] == WALL:
                        self.dig(tile)
            return


@dataclass(frozen=True, slots=True)
class Entrance:
    """A drawn entrance as laid on the map: its floor inside its walls, and the stairs and
    exits (x, y, outward heading, door?) as offsets from the top-left of its walls."""

    floor: Outline
    stairs: Point
    exits: tuple[tuple[int, int, int, bool], ...]


@cache
def entrance_layout(index: int, turns: int, mirror: bool) -> Entrance:
    """ENTRANCES[index] turned a quarter `turns` times, then mirrored left to right."""
    art = np.rot90(np.array([list(row) for row in ENTRANCES[index]]), turns)
    if mirror:
        art = np.fliplr(art)
    floor = (art == ".") | (art == "<")
    ((sy, sx),) = np.argwhere(art == "<")
    exits = tuple(
        (int(x), int(y), _outward(floor, int(x), int(y)), bool(art[y, x] == "+"))
        for y, x in np.argwhere((art == "+") | (art == "="))
    )
    return Entrance(outline("entrance", floor[1:-1, 1:-1].copy()), (int(sx), int(sy)), exits)


def _outward(floor: NDArray[np.bool_], x: int, y: int) -> int:
    """The heading out of a drawn entrance through its exit at (x, y), away from its floor."""
    h, w = floor.shape
    for o in range(4):
        ix, iy = x - DX[o], y - DY[o]
        if 0 <= ix < w and 0 <= iy < h and floor[iy, ix]:
            return o
    raise ValueError(f"entrance exit ({x}, {y}) has no floor inside")


def branches(d: int, attach: int | None) -> tuple[int, ...]:
    """The arms of an intersection met heading d. A four-way (no `attach`) goes left, right and
    straight on. A T rolls 1d3 for "which direction to attach to" (the source leaves it open),
    read as its two arms: 1 left and right (the corridor ends across a T), 2 left and straight
    on, 3 right and straight on."""
    if attach is None:
        return (_left(d), _right(d), d)
    return {1: (_left(d), _right(d)), 2: (_left(d), d), 3: (_right(d), d)}[attach]


ENTRANCE_BUILDERS: Final[dict[str, Callable[[Dungeon], None]]] = {
    "premade": Dungeon.entrance_premade,
    "corridor": Dungeon.entrance_corridor,
    "chamber": Dungeon.entrance_chamber,
}


def build(rng: Rng, width: int, height: int, params: Mapping[str, ParamValue]) -> FloorPlan:
    """Entrance, growth to the encounter budget, the way down, cleanup."""
    SPEC.check_size(width, height)
    budget = budget_for(str(params["ruleset"]), width, height)
    dungeon = Dungeon(rng, width, height, default_tables())
    ENTRANCE_BUILDERS[str(params["entrance"])](dungeon)
    dungeon.generate(budget)
    rows, cols = dungeon.bounds()
    way_down = dungeon.way_down(rows, cols)
    if params["cleanup"]:
        dungeon.cleanup(rows, cols)
    arrival = dungeon.xy(dungeon.arrival)
    doors = sorted((*dungeon.xy(i), passage) for i, passage in dungeon.doors.items())
    return FloorPlan(
        generator=SPEC.name,
        params=dict(params),
        tiles=dungeon.tiles,
        arrival=arrival,
        exits=(way_down,),
        rooms=tuple(dungeon.rooms),
        doors=tuple(Door(x, y, passage) for x, y, passage in doors),
        stairs=(Stair(*arrival, "up"), Stair(*way_down, "down")),
        extra={
            "contents": dict(sorted(dungeon.contents.items())),
            "encounter_spots": sorted(list(dungeon.xy(i)) for i in dungeon.spots),
            "stairs_rolled": sorted(dungeon.stairs, key=lambda s: (int(s["x"]), int(s["y"]))),
            "budget": budget,
            "encounters": dungeon.monsters + len(dungeon.spots),
            "entrance_room": None if params["entrance"] == "corridor" else 0,
        },
    )


SPEC: Final = GeneratorSpec(
    name="tables",
    summary="the pen-and-paper method: entrance, corridors and chambers rolled on dice tables",
    build=build,
    params=(
        Param(
            "ruleset",
            "4e",
            "encounters in one level: 4e 10, 3.5 13, pathfinder 13/20/40 (fast/medium/slow)",
            choices=tuple(BUDGETS),
        ),
        Param(
            "entrance",
            "premade",
            "a pre-made entrance chamber, or a random corridor or chamber",
            choices=("premade", "corridor", "chamber"),
        ),
        Param("cleanup", True, "connect or remove dead ends and hanging corridors"),
    ),
    min_width=MIN_WIDTH,
    min_height=MIN_HEIGHT,
)
