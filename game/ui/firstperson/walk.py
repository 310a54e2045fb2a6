"""Labyrinth's walk: each cell straight ahead of the player, rotated to the facing and decoded
into its side walls and the wall ahead. It decides the starting facing and the panel's line."""

from __future__ import annotations

from typing import Final, NamedTuple

from game import tiles
from game.floorplan import Point
from game.ui.describe import feature_text
from game.ui.firstperson.facing import FACINGS, NAMES, STEP, rotate_right
from game.world.fov import SIGHT_RADIUS
from game.world.model import Floor

AHEAD: Final = 1
RIGHT: Final = 2
LEFT: Final = 8
"""A cell's wall bits once rotated to the player's facing, as if facing north (4 is behind)."""


def blocks(floor: Floor, x: int, y: int) -> bool:
    """A closed cell: a wall or closed door (anything sight stops at), or outside the floor."""
    return not floor.in_bounds(x, y) or not bool(tiles.TRANSPARENT[floor.tiles[y, x]])


def closed_bits(floor: Floor, x: int, y: int) -> int:
    """The cell's walls as bits, 1 north, 2 east, 4 south, 8 west (the maze generator's; turned
    as Labyrinth turns its cells)."""
    return sum(bit for bit in FACINGS if blocks(floor, x + STEP[bit][0], y + STEP[bit][1]))


def relative_bits(floor: Floor, pos: Point, facing: int) -> int:
    """The cell at `pos` rotated until it faces the way the player does (1 ahead, 2 right,
    4 behind, 8 left), as Labyrinth rotates a cell before decoding it."""
    bits = closed_bits(floor, *pos)
    for _ in range(FACINGS.index(facing)):
        bits = rotate_right(bits)
    return bits


class Slice(NamedTuple):
    """One depth of the walk straight ahead: the side walls and the wall ahead of one cell."""

    left_open: bool
    right_open: bool
    ahead_blocked: bool


def view_cells(floor: Floor, pos: Point, facing: int, depth: int = SIGHT_RADIUS) -> list[Slice]:
    """Labyrinth's walk: the player's cell, then each next cell straight ahead, decoded.

    The walk stops after a cell whose way ahead is closed, after `depth` cells, or before a cell
    the player cannot see.
    """
    slices: list[Slice] = []
    x, y = pos
    dx, dy = STEP[facing]
    while len(slices) < depth:
        bits = relative_bits(floor, (x, y), facing)
        slices.append(Slice(not bits & LEFT, not bits & RIGHT, bool(bits & AHEAD)))
        x, y = x + dx, y + dy
        if bits & AHEAD or not floor.visible[y, x]:
            break
    return slices


def initial_facing(floor: Floor, pos: Point) -> int:
    """The facing with the longest view (the first of north, east, south, west on a tie)."""
    return max(FACINGS, key=lambda bit: len(view_cells(floor, pos, bit)))


def ahead_text(floor: Floor, pos: Point, facing: int) -> str:
    """One line for the panel: the facing and what ends the view straight ahead."""
    slices = view_cells(floor, pos, facing)
    steps = len(slices)
    dx, dy = STEP[facing]
    end = (pos[0] + steps * dx, pos[1] + steps * dy)
    if slices and slices[-1].ahead_blocked and floor.in_bounds(*end):
        what = f"{feature_text(floor, *end)}, {steps} step{'s' if steps > 1 else ''} away"
    else:
        what = "the dark"
    return f"Facing {NAMES[facing]}. Ahead: {what}."
