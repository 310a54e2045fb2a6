"""Facing and turning, with the maze's wall bits (1 north, 2 east, 4 south, 8 west: A-Maze-ing's
order; Labyrinth's figure starts one place earlier, 1 west, 2 north, 4 east, 8 south, and turns
with the same arithmetic: game.compass).

Facing is a direction bit (NORTH, EAST, SOUTH, WEST). Turning left rotates a cell's wall bits as
Labyrinth does (`rotate_left`: 2->4, 3->6, 8->1) while the facing itself goes N->W->S->E, which
is `rotate_right` applied to the facing bit. The facing belongs to the play screen, never to the
game: turning takes no time and changes no state hash.
"""

from __future__ import annotations

from typing import Final

from game.compass import EAST, NORTH, SOUTH, WEST
from game.floorplan import Point, king_length

FACINGS: Final = (NORTH, EAST, SOUTH, WEST)
STEP: Final[dict[int, Point]] = {NORTH: (0, -1), EAST: (1, 0), SOUTH: (0, 1), WEST: (-1, 0)}
NAMES: Final[dict[int, str]] = {NORTH: "north", EAST: "east", SOUTH: "south", WEST: "west"}


def rotate_left(bits: int) -> int:
    """A cell's wall bits as seen after turning left: what was ahead is now on the right."""
    return ((bits << 1) | (bits >> 3)) & 15


def rotate_right(bits: int) -> int:
    """A cell's wall bits as seen after turning right: what was ahead is now on the left."""
    return ((bits >> 1) | (bits << 3)) & 15


def turn_left(facing: int) -> int:
    """North -> west -> south -> east: the facing bit moves the way `rotate_right` moves walls."""
    return rotate_right(facing)


def turn_right(facing: int) -> int:
    """North -> east -> south -> west: the facing bit moves the way `rotate_left` moves walls."""
    return rotate_left(facing)


def facing_of(dx: int, dy: int, facing: int) -> int:
    """The cardinal direction of a step; a diagonal snaps to its larger component, a tie to the
    horizontal one. No step keeps `facing`."""
    if dx == 0 and dy == 0:
        return facing
    if abs(dx) >= abs(dy):
        return EAST if dx > 0 else WEST
    return SOUTH if dy > 0 else NORTH


def facing_after(before: Point, after: Point, facing: int) -> int:
    """The facing after the player went from `before` to `after`: one step faces its way; staying
    put or jumping (a teleporter, a trapdoor) keeps `facing`."""
    dx, dy = after[0] - before[0], after[1] - before[1]
    return facing_of(dx, dy, facing) if king_length(dx, dy) == 1 else facing


def command(facing: int, dx: int, dy: int) -> tuple[int, Point | None]:
    """A direction key in the first-person view -> (new facing, step or None).

    Up walks forward and down steps back (facing kept); left and right turn in place. Diagonal
    keys step forward-left, forward-right, back-left and back-right of the facing.
    """
    if dy == 0:
        if dx == 0:
            return facing, None
        return (turn_left(facing) if dx < 0 else turn_right(facing)), None
    ahead, right = STEP[facing], STEP[turn_right(facing)]
    return facing, (-dy * ahead[0] + dx * right[0], -dy * ahead[1] + dx * right[1])
