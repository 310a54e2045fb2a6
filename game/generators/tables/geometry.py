"""The geometry of a tables floor: the map being dug, with no dice and no tables.

`Site` keeps the tiles and who owns them and answers the questions the table walk asks before it
digs (may a corridor go here, where can a chamber of this outline be entered, is there room ahead),
digs, lays chambers and doors where it is told, and cleans up dead ends. Chamber outlines (the
fixed shapes, the irregular blob, the drawn entrances) live here too. The walk (`walk.py`: its
`Dungeon` is a `Site` with the dice) decides what to dig by rolling on the tables, so filling a
big map (more entrances, more budget) is a change to the walk's loop, not to this geometry.

Everything stays in the map and apart: a corridor tile is dug only where the tiles beside it are
rock, no other corridor runs two tiles off and the tile ahead is not a door, so no later digging
opens a door's walls. A chamber takes its box plus a one-tile frame of rock that only its own
exits may pierce; its exits stand in that frame, two or more tiles apart, facing free rock.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from functools import cache
from typing import Final

import numpy as np
from numpy.typing import NDArray

from game import tiles as tile_ids
from game.floorplan import Point, Room
from game.seeds import Rng

REACH: Final = 10
"""Cleanup digs a dead end on by at most this many tiles to meet the dungeon ahead."""
WALL, FLOOR, DOOR = tile_ids.WALL, tile_ids.FLOOR, tile_ids.DOOR
assert WALL == 0, "the hot tile tests read rock as a false byte"

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

# --- headings --------------------------------------------------------------------------------


def left_of(d: int) -> int:
    return (d + 3) % 4


def right_of(d: int) -> int:
    return (d + 1) % 4


def back_of(d: int) -> int:
    return (d + 2) % 4


PASSAGE: Final = ("ns", "ew", "ns", "ew")
"""The Door passage of a door walked through heading d."""


# --- chamber shapes --------------------------------------------------------------------------


def octagon(width: int, height: int) -> NDArray[np.bool_]:
    """A box with its four corners cut diagonally, a quarter of the short side deep."""
    cut = min(width, height) // 4
    i = np.arange(height)[:, None]
    j = np.arange(width)[None, :]
    mask: NDArray[np.bool_] = np.minimum(i, height - 1 - i) + np.minimum(j, width - 1 - j) >= cut
    return mask


@cache
def _superellipse(width: int, height: int) -> tuple[tuple[int, int], ...]:
    """[start, end) of each row of the rounded outline a blob of about width x height is cut
    from (the same few sizes come up all the time: worked out once each)."""
    half = width / 2
    rows = []
    for i in range(height):
        t = abs(2 * i + 1 - height) / height
        reach = half * (1 - t**2.5) ** 0.4
        rows.append((int(half - reach + 0.5), int(half + reach + 0.5)))
    return tuple(rows)


def _blob(rng: Rng, width: int, height: int) -> tuple[int, list[tuple[int, int]]]:
    """A rough blob about width x height: the width of its box and [start, end) of each row in it.

    A rounded outline (a superellipse) has each row's ends pulled in at random, by up to an
    eighth of the width (at least one tile). Then, from a random middle row outward, every row
    is cut to lie within the row next to it toward the middle, and the middle row spans both
    its neighbours (so it spans the box). So every edge tile has a neighbour along its row and
    one across (no spurs), and the blob is one piece. Rows shorter than two tiles (top and
    bottom) go."""
    pull = max(1, width // 8) + 1  # below(pull) is randint(0, deepest pull): the same draw
    below = rng.below
    rows = [(start + below(pull), end - below(pull)) for start, end in _superellipse(width, height)]
    middle = height // 3 + below(height - 2 * (height // 3))  # the randint(h // 3, ...) draw
    # The rows above the middle cut walking up from it, those below walking down.
    rows = _within(rows[middle::-1])[:0:-1] + _within(rows[middle:])
    (start, end), (other, other_end) = rows[middle - 1], rows[middle + 1]
    low, high = min(start, other), max(end, other_end)
    rows[middle] = (low, high)
    return high - low, [(start - low, end - low) for start, end in rows if end - start >= 2]


def _within(rows: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Each row cut to lie within the row before it, as cut (comparisons written out: max and
    min calls cost four times as much)."""
    low, high = rows[0]
    cut = [rows[0]]
    for start, end in rows[1:]:
        low = start if start > low else low
        high = end if end < high else high
        cut.append((low, high))
    return cut


@dataclass(slots=True)
class Outline:
    """A chamber's floor as it lies on the map: its box, the [start, end) of each row's floor, and
    for each heading d the columns (or rows) of its near side that a corridor heading d can enter
    by. Its mask is made when first asked for: most outlines tried are never laid."""

    shape: str
    height: int
    width: int
    spans: tuple[tuple[int, int], ...]
    near: tuple[tuple[int, ...], ...]
    made: NDArray[np.bool_] | None = field(default=None, compare=False, repr=False)

    @property
    def mask(self) -> NDArray[np.bool_]:
        """The floor [y, x] as a mask (frozen: outlines are shared)."""
        if self.made is None:
            width = self.width
            flat = bytearray(self.height * width)
            for row, (start, end) in zip(range(0, len(flat), width), self.spans, strict=True):
                flat[row + start : row + end] = b"\x01" * (end - start)
            mask = np.frombuffer(flat, dtype=np.bool_).reshape(self.height, width)
            mask.flags.writeable = False
            self.made = mask
        return self.made


def from_spans(shape: str, width: int, spans: tuple[tuple[int, int], ...]) -> Outline:
    """The outline of rows of floor [start, end) in a box `width` wide: its near sides are its
    last row, the rows reaching its left side, its first row, the rows reaching its right."""
    near = (
        tuple(range(*spans[-1])),
        tuple([k for k, (start, _) in enumerate(spans) if start == 0]),
        tuple(range(*spans[0])),
        tuple([k for k, (_, end) in enumerate(spans) if end == width]),
    )
    return Outline(shape, len(spans), width, spans, near)


def outline(shape: str, mask: NDArray[np.bool_]) -> Outline:
    """The outline of a floor mask whose every row is one run of floor."""
    spans = []
    for row in mask.tolist():
        start = row.index(True)
        end = len(row) - row[::-1].index(True)
        if not all(row[start:end]):
            raise ValueError(f"a {shape} outline must be one run of floor a row")
        spans.append((start, end))
    return from_spans(shape, mask.shape[1], tuple(spans))


@cache
def fixed_outline(shape: str, width: int, height: int) -> Outline:
    """A square, rectangle or octagon outline (shared: they never change)."""
    if shape == "octagon":
        return outline(shape, octagon(width, height))
    return from_spans(shape, width, ((0, width),) * height)


def shape_outline(rng: Rng, shape: str, width: int, height: int) -> Outline:
    """The floor of a chamber of this shape in a box of about width x height."""
    if shape == "irregular":
        return irregular(rng, width, height)
    return fixed_outline(shape, width, height)


def irregular(rng: Rng, width: int, height: int) -> Outline:
    """A rough blob of about width x height, cropped to its own bounding box."""
    box, rows = _blob(rng, width, height)
    return from_spans("irregular", box, tuple(rows))


# --- entrances --------------------------------------------------------------------------------


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
    return Entrance(outline("entrance", floor[1:-1, 1:-1]), (int(sx), int(sy)), exits)


def _outward(floor: NDArray[np.bool_], x: int, y: int) -> int:
    """The heading out of a drawn entrance through its exit at (x, y), away from its floor."""
    h, w = floor.shape
    for o in range(4):
        ix, iy = x - DX[o], y - DY[o]
        if 0 <= ix < w and 0 <= iy < h and floor[iy, ix]:
            return o
    raise ValueError(f"entrance exit ({x}, {y}) has no floor inside")


# --- the site --------------------------------------------------------------------------------


class Site:
    """Tiles, chambers and doors of the floor being dug.

    Growth works on flat indices (i = y * width + x) in bytearrays that the numpy arrays are
    views of: a tile test costs a fifth of numpy indexing (two thirds of a memoryview's), and a
    step is one addition. The border is marked blocked, so no corridor, chamber or frame reaches
    it and a dug tile's neighbours all exist."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height, self.size = width, height, width * height
        shape = (height, width)
        self.flat_tiles = bytearray([WALL]) * self.size
        self.flat_room = bytearray(self.size)
        self.flat_keep = bytearray(self.size)
        self.flat_blocked = bytearray(self.size)
        owner = bytearray(b"\xff") * (4 * self.size)  # int32 -1 in every tile
        # Blocked: dug, a chamber's, or the border (rows by slices, columns by strided slices).
        self.flat_blocked[:width] = self.flat_blocked[-width:] = b"\x01" * width
        self.flat_blocked[::width] = self.flat_blocked[width - 1 :: width] = b"\x01" * height
        self.tiles = np.frombuffer(self.flat_tiles, dtype=np.uint8).reshape(shape)
        self.owner = np.frombuffer(owner, dtype=np.int32).reshape(shape)  # chamber: box and frame
        self.in_room = np.frombuffer(self.flat_room, dtype=np.bool_).reshape(shape)  # boxes
        self.keep = np.frombuffer(self.flat_keep, dtype=np.bool_).reshape(shape)  # features
        self.blocked = np.frombuffer(self.flat_blocked, dtype=np.bool_).reshape(shape)
        self.flat_owner = memoryview(owner).cast("i")
        # Corridor tiles (dug, outside every chamber's box), padded by two rows each end so a
        # test two tiles across from any tile inside the border needs no bounds check.
        self.pad = 2 * width
        self.lane = bytearray(self.size + 2 * self.pad)
        self.step = (-width, 1, width, -1)  # one step heading d
        self.across = (1, width, -1, -width)  # one step to the right of heading d
        # For heading d: the step, the step across, and the lane offsets two tiles off each side.
        self.probe = tuple(
            (step, side, self.pad + 2 * side, self.pad - 2 * side)
            for step, side in zip(self.step, self.across, strict=True)
        )
        self.rooms: list[Room] = []
        self.doors: dict[int, str] = {}
        self.dug: list[int] = []  # every tile dug outside a chamber, in order

    def xy(self, i: int) -> Point:
        return (i % self.width, i // self.width)

    # --- tiles ---------------------------------------------------------------------------------

    def carvable(self, i: int, d: int) -> bool:
        """May a corridor heading d dig tile i? Free rock inside the border and outside every
        chamber's frame, rock on both sides, no door ahead whose wall it would open, and no
        corridor running alongside two tiles off (a chamber's floor may: its wall is shared)."""
        if self.flat_blocked[i]:
            return False
        step, side, right, left = self.probe[d]
        t, lane = self.flat_tiles, self.lane
        return not (
            t[i + side] or t[i - side] or t[i + step] == DOOR or lane[i + right] or lane[i + left]
        )

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
        """Floor on tile i, outside every chamber's box (a corridor, a doorway, an exit)."""
        self.flat_tiles[i] = FLOOR
        self.flat_blocked[i] = True
        self.lane[i + self.pad] = 1
        self.dug.append(i)

    def put(self, i: int, tile: int) -> None:
        self.flat_tiles[i] = tile
        self.flat_blocked[i] = True
        self.lane[i + self.pad] = not self.flat_room[i]

    def set_door(self, i: int, d: int) -> None:
        self.put(i, DOOR)
        self.doors[i] = PASSAGE[d]

    def wall_up(self, i: int) -> None:
        self.flat_tiles[i] = WALL
        self.flat_blocked[i] = self.flat_owner[i] >= 0
        self.lane[i + self.pad] = 0
        self.doors.pop(i, None)

    def degree(self, i: int) -> int:
        """Walkable neighbours of tile i (inside the border)."""
        t, w = self.flat_tiles, self.width
        return (t[i - w] != WALL) + (t[i + w] != WALL) + (t[i - 1] != WALL) + (t[i + 1] != WALL)

    # --- chambers --------------------------------------------------------------------------------

    def free_run(self, i: int, d: int, limit: int) -> int:
        """How many tiles from i on, heading d, are free (not dug, not a chamber's), up to
        `limit`. The border is blocked, so the scan stops there before it could leave the map."""
        step = self.step[d]
        stop = i + limit * step
        # A strided slice and find scan in C what a loop would test tile by tile (a line that
        # would run off the top is cut at index 0: the border row stops the scan before it).
        run = self.flat_blocked[i : stop if stop >= 0 else None : step].find(1)
        return limit if run < 0 else run

    def entry_columns(self, ox: int, oy: int, d: int, floor: Outline) -> list[int]:
        """The near-side columns k by which a chamber of this outline can be entered, heading d
        through the frame tile (ox, oy): its box and frame inside the map's border and clear of
        the dungeon and of other frames, read off the nearest blocked lanes (lines along the
        heading, as deep as the frame) either side of the opening."""
        h, w = floor.height, floor.width
        vertical = d % 2 == 0
        along, lateral = (oy, ox) if vertical else (ox, oy)
        depth, breadth = (h, w) if vertical else (w, h)
        extent_a, extent_l = (self.height, self.width) if vertical else (self.width, self.height)
        lo = along if d in (1, 2) else along - depth - 1
        if lo < 0 or lo + depth + 2 > extent_a:
            return []
        l_lo, l_hi = max(0, lateral - breadth), min(extent_l, lateral + breadth + 1)
        # Column k's frame spans lanes lateral - k - 1 .. lateral - k + breadth: the nearest
        # blocked lane at or below the opening's bounds k from above, the nearest above it from
        # below (the border is blocked, so no frame leaves the map), and the fits are one slice.
        # Lanes are read outward from the opening, one slice each, until one is blocked: fewer
        # than the band's, and cheaper than reducing the band in numpy for so few tiles.
        fb, width = self.flat_blocked, self.width
        origin, across, ahead = (lo * width, 1, width) if vertical else (lo, width, 1)
        span = (depth + 2) * ahead
        below = l_lo - 1
        for lane in range(lateral, l_lo - 1, -1):
            start = origin + lane * across
            if 1 in fb[start : start + span : ahead]:
                below = lane
                break
        above = l_hi
        for lane in range(lateral + 1, l_hi):
            start = origin + lane * across
            if 1 in fb[start : start + span : ahead]:
                above = lane
                break
        near = floor.near[d]
        first = bisect_left(near, lateral + breadth + 1 - above)
        return list(near[first : bisect_right(near, lateral - 2 - below, first)])

    @staticmethod
    def box_at(ox: int, oy: int, d: int, floor: Outline, k: int) -> Point:
        """The top-left of a chamber's box entered heading d through (ox, oy) at column k."""
        h, w = floor.height, floor.width
        if d == 0:
            return (ox - k, oy - h)
        if d == 2:
            return (ox - k, oy + 1)
        return (ox + 1, oy - k) if d == 1 else (ox - w, oy - k)

    def add_chamber(self, x0: int, y0: int, floor: Outline) -> int:
        """Carve a chamber's floor with its box's top-left at (x0, y0); claim box and frame."""
        h, w = floor.height, floor.width
        cid = len(self.rooms)
        frame = (slice(y0 - 1, y0 + h + 1), slice(x0 - 1, x0 + w + 1))
        self.owner[frame] = cid
        self.blocked[frame] = True
        self.in_room[y0 : y0 + h, x0 : x0 + w] = True
        self.tiles[y0 : y0 + h, x0 : x0 + w][floor.mask] = FLOOR
        self.rooms.append(Room(cid, x0, y0, w, h, floor.shape))
        return cid

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

    def room_ahead(self, i: int, d: int, tiles: int) -> bool:
        """Could a corridor dig `tiles` tiles straight on from tile i heading d?"""
        step, side, right, left = self.probe[d]
        t, blocked, lane = self.flat_tiles, self.flat_blocked, self.lane
        for _ in range(tiles):
            i += step
            # carvable(i, d) written out: rescues ask this of many frame tiles
            if (
                blocked[i]
                or t[i + side]
                or t[i - side]
                or t[i + step] == DOOR
                or lane[i + right]
                or lane[i + left]
            ):
                return False
        return True

    def stairs_spots(self, cid: int) -> list[int]:
        """The chamber's free floor tiles (flat indices, in row order), against its wall and off
        its doorways if any are. Walked tile by tile: a chamber is a hundred tiles or so, fewer
        than the three dozen numpy calls that masks of its frame took."""
        room = self.rooms[cid]
        t, keep, in_room, w = self.flat_tiles, self.flat_keep, self.flat_room, self.width
        free: list[int] = []
        best: list[int] = []
        for corner in range(room.y * w + room.x, (room.y + room.h) * w + room.x, w):
            for i in range(corner, corner + room.w):
                if t[i] != FLOOR or keep[i]:
                    continue
                free.append(i)
                # Rock beside it (rock is 0), and no doorway (open, outside the box) beside it:
                # written out, as a generator per tile cost more than the test.
                north, south, west, east = t[i - w], t[i + w], t[i - 1], t[i + 1]
                if not (north and south and west and east) and not (
                    (north and not in_room[i - w])
                    or (south and not in_room[i + w])
                    or (west and not in_room[i - 1])
                    or (east and not in_room[i + 1])
                ):
                    best.append(i)
        return best or free

    # --- cleanup ---------------------------------------------------------------------------------

    def bounds(self) -> tuple[slice, slice]:
        """The dug part of the map, with a tile of rock around it."""
        # Rock is 0, so a row or column holds a dug tile where its reduction is nonzero; the first
        # and last are found by bytes.find and rfind (not flatnonzero: fewer numpy calls).
        rows = np.logical_or.reduce(self.tiles, axis=1).tobytes()
        cols = np.logical_or.reduce(self.tiles, axis=0).tobytes()
        return (
            slice(rows.find(1) - 1, rows.rfind(1) + 2),
            slice(cols.find(1) - 1, cols.rfind(1) + 2),
        )

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
        # The bounds keep a tile of rock around the dungeon, so every tip lies inside that ring;
        # its rows are read flat, full width (the tiles beyond the columns are rock), and each
        # neighbour count is a sum of four shifted slices. The lane holds the corridor tiles.
        w = self.width
        start, stop = (rows.start + 1) * w, (rows.stop - 1) * w
        n = stop - start
        walk = (self.tiles.reshape(-1)[start - w : stop + w] != WALL).view(np.uint8)
        count = walk[:n] + walk[2 * w :] + walk[w - 1 : n + w - 1] + walk[w + 1 : n + w + 1]
        lane = np.frombuffer(self.lane, dtype=np.uint8)[start + self.pad : stop + self.pad]
        corridor = lane > self.keep.reshape(-1)[start:stop]  # not a feature
        points = (np.flatnonzero((count == 1) & corridor) + start).tolist()
        for i in points:
            if self.prunable(i):
                self.connect(i)
        for i in points:
            self.prune(i)

    def prune(self, i: int) -> None:
        """Wall up the dead end at tile i and the corridor behind it, up to where it branches
        off or meets a chamber or a feature."""
        t, room, keep, w = self.flat_tiles, self.flat_room, self.flat_keep, self.width
        while t[i] and not room[i] and not keep[i]:  # prunable(i), its one way on found at once
            north, east, south, west = t[i - w], t[i + 1], t[i + w], t[i - 1]
            if (north != WALL) + (east != WALL) + (south != WALL) + (west != WALL) != 1:
                return
            self.wall_up(i)
            i = i - w if north else i + 1 if east else i + w if south else i - 1

    def connect(self, i: int) -> None:
        """Dig the dead end at tile i straight on if the dungeon is within REACH tiles ahead."""
        t, w = self.flat_tiles, self.width
        d = 0 if t[i + w] else 1 if t[i - 1] else 2 if t[i - w] else 3  # away from its one way
        step = self.step[d]
        path: list[int] = []
        for _ in range(REACH):
            i += step
            if self.carvable(i, d):
                path.append(i)
                continue
            if t[i] != WALL or self.entry_ok(i, d):
                for tile in [*path, i]:
                    if t[tile] == WALL:
                        self.dig(tile)
            return
