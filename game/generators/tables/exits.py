"""Exits and stairs: a chamber's exits, a corridor meeting a chamber's wall, the rolled stairs,
and the way down once the walk is done.

The way down is the farthest (walking) of the rolled real ways down if it is at least FAR_SHARE
of the floor's walk from the arrival; else new stairs on the farthest free tile of the chamber
farthest from the arrival. Every Stairs result stays on the floor, drawn as rolled: the dressing
gives each its kind and the game lets the real ones be used (or says they lead nowhere).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import chain
from typing import Final

import numpy as np
from numpy.typing import NDArray

from game import tiles as tile_ids
from game.floorplan import Point
from game.generators.tables.dungeon import STRUCTURE, Dungeon, OpenEnd
from game.generators.tables.rolls import Face, structure_rolls
from game.generators.tables.shapes import back_of
from game.generators.tables.site import DOOR, FLOOR, WALL
from game.pathing import UNREACHED, walk_distance
from game.tables import TableError, TableSet

FAR_SHARE: Final = 0.5
"""A rolled way down serves only if it is at least this share of the floor's walk away."""

StairsFace = tuple[int, str, str, bool]
"""A face of Stairs as the walk lays it: its tile, kind, direction, and whether a dead end."""


@cache
def stairs_faces(tables: TableSet) -> tuple[StairsFace, ...]:
    """Every face of Stairs as laid (index face - 1); the layout rolls no dice on it."""
    faces: list[StairsFace] = []
    for face in structure_rolls(tables, STRUCTURE).faces["stairs"]:
        fields = face.fields
        if face.dice:
            raise TableError(f"stairs: face {face.face}: the layout rolls no dice for stairs")
        kind, direction = str(fields["kind"]), str(fields["direction"])
        faces.append((tile_ids.stairs_tile(kind, direction), kind, direction,
                      fields["dead_end"] is True))
    return tuple(faces)


def place_stairs(dungeon: Dungeon, i: int, roll: Face | None = None) -> None:
    """A Stairs result on tile i (rolled here unless a chamber's roll brought it), drawn with
    its kind's tile."""
    face = roll or dungeon.rolls.roll("stairs", dungeon.rng)[0]
    tile, kind, direction, dead_end = stairs_faces(dungeon.tables)[face.face - 1]
    dungeon.put(i, tile)
    dungeon.flat_keep[i] = True
    x, y = dungeon.xy(i)
    dungeon.stairs.append(
        {"x": x, "y": y, "kind": kind, "direction": direction, "dead_end": dead_end}
    )


def stairs_spot(dungeon: Dungeon, cid: int) -> int:
    """One of the chamber's stairs spots, at random."""
    spots = dungeon.stairs_spots(cid)
    return spots[dungeon.rng.below(len(spots))]


def add_exit(dungeon: Dungeon, cid: int, door: bool, sides: Sequence[int],
             room_for: int = 1) -> bool:
    """An exit in the chamber's frame, on the first of `sides` with room for one: a frame tile
    with floor inside and rock beside (from a random place along the side), and `room_for`
    tiles a corridor may dig straight out. False if no side has room."""
    room = dungeon.rooms[cid]
    for o in sides:
        spots = dungeon.frame_side(room, o)
        start = dungeon.rng.below(len(spots))
        inward = back_of(o)
        for spot in chain(spots[start:], spots[:start]):
            if dungeon.entry_ok(spot, inward) and dungeon.room_ahead(spot, o, room_for):
                if door:
                    dungeon.set_door(spot, o)
                else:
                    dungeon.dig(spot)
                dungeon.push(OpenEnd(spot, o, True, cid))
                return True
    return False


def enter(dungeon: Dungeon, i: int, d: int) -> None:
    """A corridor hits a chamber's wall at frame tile i: move one of the chamber's unused
    exits here, or add a new one (its kind rolled on Exit kind)."""
    t = dungeon.flat_tiles
    for end in dungeon.unused[dungeon.flat_owner[i]]:
        if dungeon.waiting.get(end.i) is end and t[end.i + dungeon.step[end.d]] == WALL:
            del dungeon.waiting[end.i]
            door = t[end.i] == DOOR
            dungeon.wall_up(end.i)
            break
    else:
        door = dungeon.exit_is_door()
    if door:
        dungeon.set_door(i, d)
    else:
        dungeon.dig(i)


def way_down(dungeon: Dungeon, rows: slice, cols: slice) -> Point:
    """The way down (see the module's docstring), walked within the dug part `rows`, `cols`;
    new stairs go in the chamber farthest from the arrival other than the entrance (anywhere
    on the floor if the entrance is the only chamber)."""
    downs = [
        (int(s["x"]), int(s["y"]))
        for s in dungeon.stairs
        if s["direction"] in ("down", "both") and not s["dead_end"]
    ]
    ax, ay = dungeon.xy(dungeon.arrival)
    dist = walk_distance(dungeon.tiles[rows, cols] != WALL, [(ax - cols.start, ay - rows.start)])
    dist[dist == UNREACHED] = -1
    farthest = int(dist.max())
    best = max(((int(dist[y - rows.start, x - cols.start]), (x, y)) for x, y in downs),
               default=(-1, (0, 0)))
    if best[0] >= FAR_SHARE * farthest:
        return best[1]
    free = (dungeon.tiles[rows, cols] == FLOOR) & ~dungeon.keep[rows, cols]
    chambers = free & dungeon.in_room[rows, cols] & (dungeon.owner[rows, cols] > 0)
    x, y = farthest_of(dist, chambers, free)
    point = (cols.start + x, rows.start + y)
    dungeon.keep[point[1], point[0]] = True
    dungeon.tiles[point[1], point[0]] = tile_ids.STAIRS_DOWN
    return point


def farthest_of(dist: NDArray[np.int32], first: NDArray[np.bool_],
                second: NDArray[np.bool_]) -> Point:
    """The farthest tile past the start (dist > 0) of `first` if any of it is reached, else of
    `second`: the first such in row order; (0, 0) when neither is reached."""
    first, second = first & (dist > 0), second & (dist > 0)
    pool = first if first.any() else second
    row, column = divmod(int(np.argmax(np.where(pool, dist, -1))), dist.shape[1])
    return (column, row)
