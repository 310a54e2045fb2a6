"""What the view shows: the cells in front of the player as a grid of kinds (open, wall, door by
material, stairs, teleporter, trap), generalising Labyrinth's walk to the cells beside it."""

from __future__ import annotations

from typing import Final, NamedTuple

import numpy as np
from numpy.typing import NDArray

from game import tiles
from game.floorplan import Point
from game.ui.firstperson.facing import STEP, turn_right
from game.world.model import Floor

UNSEEN: Final = 0
OPEN: Final = 1
WALL: Final = 2
DOOR: Final = 3
"""Closed doors: DOOR + the material's index in MATERIALS."""
FRAME: Final = 6
"""Open doors (a frame round an opening): FRAME + the material's index."""
DOWN: Final = 9
UP: Final = 10
PORTAL: Final = 11
TRAP: Final = 12
KINDS: Final = 13
MATERIALS: Final = ("wooden", "stone", "iron")
TILE_KIND: Final = np.array([WALL, OPEN, DOOR, PORTAL, DOWN, UP, FRAME, WALL, DOWN, DOWN, UP],
                            dtype=np.uint8)
"""Cell kind by tile id (game.tiles order; a secret door is wall; a trapdoor down and a shaft
are openings in the floor, drawn as the way down, a trapdoor's ladder up as the way up); doors
get their material afterwards."""
FACED: Final = np.zeros(KINDS, dtype=np.bool_)
FACED[[WALL, DOOR, DOOR + 1, DOOR + 2, FRAME, FRAME + 1, FRAME + 2]] = True
"""Kinds drawn as faces: closed cells, and open doors (their frame)."""
TILE_KIND.flags.writeable = False
FACED.flags.writeable = False


class Grid(NamedTuple):
    """The cells ahead of the player as [depth + 1, 2 * lateral + 1] arrays.

    Row k is k cells ahead (row 0 the player's row), column lateral + l is l cells to the right
    (negative: left). `kinds` is UNSEEN where the player does not see the cell; `closed` is what
    the tiles are, seen or not (off the floor counts as closed), for hiding faces; `tone` is each
    flagstone's own shade, fixed to its floor position.
    """

    kinds: NDArray[np.uint8]
    closed: NDArray[np.bool_]
    tone: NDArray[np.float64]


def view_grid(floor: Floor, pos: Point, facing: int, depth: int, lateral: int) -> Grid:
    """What the player sees ahead: `depth` rows, `lateral` columns each side (see Grid)."""
    ahead, right = STEP[facing], STEP[turn_right(facing)]
    k = np.arange(depth + 1)[:, None]
    sideways = np.arange(-lateral, lateral + 1)[None, :]
    xs = pos[0] + k * ahead[0] + sideways * right[0]
    ys = pos[1] + k * ahead[1] + sideways * right[1]
    inside = (xs >= 0) & (xs < floor.width) & (ys >= 0) & (ys < floor.height)
    cx, cy = np.where(inside, xs, 0), np.where(inside, ys, 0)
    tile = floor.tiles[cy, cx]
    closed = ~inside | ~tiles.TRANSPARENT[tile]
    seen = inside & floor.visible[cy, cx]
    kinds = np.where(seen, TILE_KIND[tile], UNSEEN).astype(np.uint8)
    for r, c in zip(*np.nonzero((kinds == DOOR) | (kinds == FRAME)), strict=True):
        door = floor.doors.get((int(cx[r, c]), int(cy[r, c])))
        if door is not None and door.material in MATERIALS:
            kinds[r, c] += MATERIALS.index(door.material)
    _mark_traps(floor, kinds, xs, ys)
    tone = 0.86 + 0.07 * ((xs * 7 + ys * 11 + (xs * ys) % 3) % 4)
    return Grid(kinds, closed, tone.astype(np.float64))


def _mark_traps(floor: Floor, kinds: NDArray[np.uint8], xs: NDArray[np.int_],
                ys: NDArray[np.int_]) -> None:
    """Found, unsprung traps on seen plain floor show as marks on the floor."""
    for (tx, ty), trap in floor.traps.items():
        if trap.found and not trap.spent:
            hit = (xs == tx) & (ys == ty) & (kinds == OPEN)
            kinds[hit] = TRAP
