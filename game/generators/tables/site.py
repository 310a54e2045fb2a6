"""The map a tables floor is dug in: tiles, chambers and doors, with no dice and no tables.

`Site` answers the questions the walk asks before it digs (may a corridor go here, can this
frame tile be entered, is there room ahead, where does a chamber of this outline fit), digs,
lays chambers and doors where it is told, and finds a chamber's stairs spots.

Everything stays in the map and apart: a corridor tile is dug only where the tiles beside it are
rock, no other corridor runs two tiles off and the tile ahead is not a door, so no later digging
opens a door's walls. A chamber takes its box plus a one-tile frame of rock that only its own
exits may pierce; its exits stand in that frame, two or more tiles apart, facing free rock.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Final

import numpy as np
from numpy.typing import NDArray

from game import tiles as tile_ids
from game.floorplan import Point, Room
from game.generators.tables.shapes import PASSAGE, Outline

WALL, FLOOR, DOOR = tile_ids.WALL, tile_ids.FLOOR, tile_ids.DOOR
MARGIN: Final = 2
"""Rows of rock kept above and below the corridor mask: a corridor looks two tiles across."""


class Site:
    """Tiles, chambers and doors of the floor being dug.

    The arrays are the floor's own ([y, x]; `tiles` becomes the FloorPlan's map). The walk names
    a tile by its flat index i = y * width + x, so a step heading d is one addition, and reads
    and writes single tiles through flat memoryviews of the same arrays (plain Python numbers,
    not numpy scalars). The border is blocked, so no corridor, chamber or frame reaches it and a
    dug tile's neighbours all exist.

    `corridors` (dug, outside every chamber's box) is kept as tiles are dug and walled up, in an
    array with MARGIN rows of rock above and below the map, so the test two tiles across from
    any tile inside the border reads it without a bounds check: tile i is at i + self.margin in
    `flat_corridors`."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height, self.size = width, height, width * height
        shape = (height, width)
        self.tiles = np.full(shape, WALL, dtype=np.uint8)
        self.owner = np.full(shape, -1, dtype=np.int32)  # the chamber whose box or frame it is
        self.in_room = np.zeros(shape, dtype=np.bool_)  # inside a chamber's box
        self.keep = np.zeros(shape, dtype=np.bool_)  # a feature: stairs, an encounter spot
        self.blocked = np.zeros(shape, dtype=np.bool_)  # dug, a chamber's, or the border
        self.blocked[[0, -1], :] = self.blocked[:, [0, -1]] = True
        corridors = np.zeros((height + 2 * MARGIN, width), dtype=np.bool_)
        self.corridors = corridors[MARGIN:-MARGIN]  # dug, outside every chamber's box
        self.margin = MARGIN * width
        self.flat_tiles = self.tiles.reshape(-1).data
        self.flat_owner = self.owner.reshape(-1).data
        self.flat_room = self.in_room.reshape(-1).data
        self.flat_keep = self.keep.reshape(-1).data
        self.flat_blocked = self.blocked.reshape(-1).data
        self.flat_corridors = corridors.reshape(-1).data
        self.step = (-width, 1, width, -1)  # one step heading d
        self.across = (1, width, -1, -width)  # one step to the right of heading d
        self.rooms: list[Room] = []
        self.doors: dict[int, str] = {}
        self.dug: list[int] = []  # every tile dug outside a chamber, in order

    def xy(self, i: int) -> Point:
        return (i % self.width, i // self.width)

    # --- tiles ---------------------------------------------------------------------------------

    def corridor(self, i: int) -> bool:
        """Is tile i a corridor: dug, outside every chamber's box?"""
        return bool(self.flat_corridors[i + self.margin])

    def carvable(self, i: int, d: int) -> bool:
        """May a corridor heading d dig tile i? Free rock inside the border and outside every
        chamber's frame, rock on both sides, no door ahead whose wall it would open, and no
        corridor running alongside two tiles off (a chamber's floor may: its wall is shared)."""
        t, side, lane = self.flat_tiles, self.across[d], i + self.margin
        return not (
            self.flat_blocked[i]
            or t[i + side] != WALL
            or t[i - side] != WALL
            or t[i + self.step[d]] == DOOR
            or self.flat_corridors[lane + 2 * side]
            or self.flat_corridors[lane - 2 * side]
        )

    def room_ahead(self, i: int, d: int, tiles: int) -> bool:
        """Could a corridor dig `tiles` tiles straight on from tile i heading d?"""
        for _ in range(tiles):
            i += self.step[d]
            if not self.carvable(i, d):
                return False
        return True

    def entry_ok(self, i: int, d: int) -> bool:
        """Can frame tile i become an exit entered heading d? Its chamber's floor lies ahead and
        rock on both sides, so a door there stands in a wall line."""
        owner, t = self.flat_owner, self.flat_tiles
        if owner[i] < 0 or t[i] != WALL:
            return False
        inside = i + self.step[d]
        side = self.across[d]
        return bool(
            t[inside] != WALL
            and self.flat_room[inside]
            and owner[inside] == owner[i]
            and t[i + side] == WALL
            and t[i - side] == WALL
        )

    def degree(self, i: int) -> int:
        """Walkable neighbours of tile i (inside the border)."""
        t, w = self.flat_tiles, self.width
        return (t[i - w] != WALL) + (t[i + 1] != WALL) + (t[i + w] != WALL) + (t[i - 1] != WALL)

    def dig(self, i: int) -> None:
        """Floor on tile i, outside every chamber's box (a corridor, a doorway, an exit)."""
        self.put(i, FLOOR)
        self.dug.append(i)

    def put(self, i: int, tile: int) -> None:
        """A tile other than rock on tile i: a corridor unless it is in a chamber's box."""
        self.flat_tiles[i] = tile
        self.flat_blocked[i] = True
        self.flat_corridors[i + self.margin] = not self.flat_room[i]

    def set_door(self, i: int, d: int) -> None:
        self.put(i, DOOR)
        self.doors[i] = PASSAGE[d]

    def wall_up(self, i: int) -> None:
        self.flat_tiles[i] = WALL
        self.flat_blocked[i] = self.flat_owner[i] >= 0
        self.flat_corridors[i + self.margin] = False
        self.doors.pop(i, None)

    # --- chambers --------------------------------------------------------------------------------

    def free_run(self, i: int, d: int, limit: int) -> int:
        """How many tiles from i on, heading d, are free (not dug, not a chamber's), up to
        `limit`. The border is blocked, so the run stops there before it could leave the map."""
        step = self.step[d]
        for run in range(limit):
            if self.flat_blocked[i + run * step]:
                return run
        return limit

    def entry_columns(self, ox: int, oy: int, d: int, floor: Outline) -> list[int]:
        """The near-side columns k by which a chamber of this outline can be entered, heading d
        through the frame tile (ox, oy): its box and frame inside the map's border and clear of
        the dungeon and of other frames.

        Lanes are the lines along the heading, as deep as the box and its frame. Column k's
        frame spans lanes lateral - k - 1 .. lateral - k + breadth, so the nearest blocked lane
        at or below the opening's bounds k from above and the nearest above it bounds k from
        below (the border is blocked, so no frame leaves the map)."""
        vertical = d % 2 == 0
        along, lateral = (oy, ox) if vertical else (ox, oy)
        depth, breadth = (floor.height, floor.width) if vertical else (floor.width, floor.height)
        extent_a, extent_l = (self.height, self.width) if vertical else (self.width, self.height)
        lo = along if d in (1, 2) else along - depth - 1
        if lo < 0 or lo + depth + 2 > extent_a:
            return []
        l_lo, l_hi = max(0, lateral - breadth), min(extent_l, lateral + breadth + 1)
        lanes = self.blocked if vertical else self.blocked.T  # [along, lateral]
        band = np.nonzero(lanes[lo : lo + depth + 2, l_lo:l_hi].any(axis=0))[0]
        blocked: list[int] = [-1, *band.tolist(), l_hi - l_lo]  # blocked lanes, from l_lo
        nearest = bisect_right(blocked, lateral - l_lo)
        below, above = l_lo + blocked[nearest - 1], l_lo + blocked[nearest]
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

    def stairs_spots(self, cid: int) -> list[int]:
        """The chamber's free floor tiles (flat indices, in row order) against its wall and off
        its doorways, or all of its free floor if none is."""
        room = self.rooms[cid]
        box = (slice(room.y, room.y + room.h), slice(room.x, room.x + room.w))
        framed = (slice(room.y - 1, room.y + room.h + 1), slice(room.x - 1, room.x + room.w + 1))
        free = (self.tiles[box] == FLOOR) & ~self.keep[box]
        by_wall = neighbours(self.tiles[framed] == WALL) > 0
        by_doorway = neighbours(self.corridors[framed]) > 0
        best = free & by_wall & ~by_doorway
        ys, xs = np.nonzero(best if best.any() else free)
        spots: list[int] = ((ys + room.y) * self.width + xs + room.x).tolist()
        return spots


def neighbours(mask: NDArray[np.bool_]) -> NDArray[np.int8]:
    """How many of its four neighbours are set, for each tile of `mask` but its outer ring."""
    counts: NDArray[np.int8] = (
        mask[:-2, 1:-1].view(np.int8) + mask[2:, 1:-1] + mask[1:-1, :-2] + mask[1:-1, 2:]
    )
    return counts
