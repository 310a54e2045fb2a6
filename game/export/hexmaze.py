"""A-Maze-ing's hex maze file: write a maze floor out, and read one back to render it.

The file: one hex digit per cell, a row of cells per line (bit 1 north, 2 east, 4 south, 8 west; a
set bit is a closed wall, so a stamped cell is F), an empty line, the entry `x,y`, the exit `x,y`,
then the path from entry to exit as N/E/S/W letters. Coordinates are cell coordinates.

The bits and the carving are `game.generators.mazegen`'s (A-Maze-ing's API), which explains the
set-bit-closed reading of the README's example.

Reading trusts nothing: every line is checked, and a file larger than MAX_CELLS_WIDE x
MAX_CELLS_HIGH cells is refused before its cells are decoded. The cap (a 2001x2001-tile floor,
twice the generators' largest) keeps the worst file, nearly all closed cells whose list goes into
`extra["stamped"]`, to about half a second and a quarter of a gigabyte.
"""

from __future__ import annotations

import re
from typing import Final

import numpy as np
from numpy.typing import NDArray

from game import compass, tiles
from game.floorplan import FloorPlan, Point
from game.generators import maze, mazegen
from game.grids import label4

MAX_CELLS_WIDE: Final = 1000
MAX_CELLS_HIGH: Final = 1000

_DIGITS: Final = "0123456789ABCDEF"
_HEX_SET: Final = frozenset(_DIGITS + _DIGITS.lower())
_POINT: Final = re.compile(r"\s*([0-9]{1,9})\s*,\s*([0-9]{1,9})\s*")
_LETTERS: Final = "NESW"


def _decode_table() -> NDArray[np.uint8]:
    """Byte -> hex digit value, either case (other bytes are refused before decoding)."""
    table = np.zeros(256, dtype=np.uint8)
    for value, char in enumerate(_DIGITS):
        table[ord(char)] = table[ord(char.lower())] = value
    return table


def _step_table() -> NDArray[np.int64]:
    """Byte of a path letter -> (dx, dy, wall bit that must be open in the cell left behind)."""
    table = np.zeros((256, 3), dtype=np.int64)
    for letter, step in mazegen.STEPS.items():
        table[ord(letter)] = step
    return table


_DECODE: Final = _decode_table()
_STEP: Final = _step_table()


def plan_to_hex(plan: FloorPlan) -> str:
    """The maze floor as A-Maze-ing's hex file text (ends with a newline)."""
    if "cells" not in plan.extra:
        raise ValueError(f"a {plan.generator} floor has no maze cells; only mazes export to hex")
    cells = np.asarray(plan.extra["cells"], dtype=np.uint8)
    return maze_to_hex(cells, plan.extra["entry"], plan.extra["exit"], plan.extra["path"])


def maze_to_hex(cells: NDArray[np.uint8], entry: Point, exit_: Point, path: str) -> str:
    """Wall bits [y, x], the two ends and the path letters as the hex file text."""
    table = np.frombuffer(_DIGITS.encode("ascii"), dtype=np.uint8)
    lines = np.full((cells.shape[0], cells.shape[1] + 1), ord("\n"), dtype=np.uint8)
    lines[:, :-1] = table[cells]
    grid = lines.tobytes().decode("ascii")
    return f"{grid}\n{entry[0]},{entry[1]}\n{exit_[0]},{exit_[1]}\n{path}\n"


def plan_from_hex(text: str, size: tuple[int, int] | None = None) -> FloorPlan:
    """A maze floor from hex file text; ValueError naming the line and the problem if it is bad.

    The floor is (2w+1)x(2h+1) tiles for w x h cells unless `size` (width, height) asks for the
    one extra wall column or row an even-sized generated floor has.
    """
    lines = [line.removesuffix("\r") for line in text.split("\n")]
    cells = _read_cells(lines)
    at = cells.shape[0] + 1  # index of the entry line, after the empty line
    entry = _read_point(lines, at, "entry", cells)
    exit_ = _read_point(lines, at + 1, "exit", cells)
    path = _read_path(lines, at + 2, cells)
    extra_lines = [i for i in range(at + 3, len(lines)) if lines[i].strip()]
    if extra_lines:
        raise ValueError(f"line {extra_lines[0] + 1}: unexpected text after the path")
    _check_walls(cells)
    _check_ends(cells, entry, exit_, at)
    _check_path(cells, entry, exit_, path, at + 2)
    plan = maze.plan_from_cells(cells, entry, exit_, path, _tile_size(cells, size), {})
    _check_reach(plan, cells)
    return plan


def _read_cells(lines: list[str]) -> NDArray[np.uint8]:
    """The rows of hex digits up to the first empty line, decoded to wall bits [y, x]."""
    width = len(lines[0])
    if width == 0:
        raise ValueError("line 1: expected a row of hex digits, found an empty line")
    if width > MAX_CELLS_WIDE:
        raise ValueError(f"line 1: {width} cells wide; at most {MAX_CELLS_WIDE} are allowed")
    rows: list[str] = []
    for number, line in enumerate(lines, start=1):
        if not line:
            break
        if number > MAX_CELLS_HIGH:
            raise ValueError(f"line {number}: more than {MAX_CELLS_HIGH} rows of cells")
        if len(line) != width:
            raise ValueError(f"line {number}: {len(line)} cells, but line 1 has {width}")
        if not _HEX_SET.issuperset(line):
            column, char = next((i, c) for i, c in enumerate(line, 1) if c not in _HEX_SET)
            raise ValueError(f"line {number}: {char!r} at column {column} is not a hex digit")
        rows.append(line)
    else:
        raise ValueError(f"line {len(lines) + 1}: no empty line after the rows of cells")
    raw = np.frombuffer("".join(rows).encode("ascii"), dtype=np.uint8)
    return _DECODE[raw].reshape(len(rows), width)


def _read_point(lines: list[str], index: int, what: str, cells: NDArray[np.uint8]) -> Point:
    """An `x,y` cell coordinate on line `index`, inside the maze."""
    if index >= len(lines) or not lines[index].strip():
        raise ValueError(f"line {index + 1}: missing the {what} x,y")
    match = _POINT.fullmatch(lines[index])
    if match is None:
        raise ValueError(f"line {index + 1}: the {what} {lines[index][:40]!r} is not x,y")
    x, y = int(match.group(1)), int(match.group(2))
    height, width = cells.shape
    if x >= width or y >= height:
        raise ValueError(
            f"line {index + 1}: the {what} {x},{y} is outside the {width}x{height}-cell maze"
        )
    return (x, y)


def _read_path(lines: list[str], index: int, cells: NDArray[np.uint8]) -> str:
    """The N/E/S/W letters on line `index`; no simple path has as many steps as there are cells."""
    if index >= len(lines) or not lines[index]:
        raise ValueError(f"line {index + 1}: missing the path (N/E/S/W letters)")
    path = lines[index]
    if not set(_LETTERS).issuperset(path):
        step, char = next((i, c) for i, c in enumerate(path, 1) if c not in _LETTERS)
        raise ValueError(f"line {index + 1}: path letter {step} is {char!r}, not N, E, S or W")
    if len(path) >= cells.size:
        raise ValueError(
            f"line {index + 1}: the path has {len(path)} steps; a {cells.shape[1]}x"
            f"{cells.shape[0]}-cell maze needs fewer than {cells.size}"
        )
    return path


def _check_walls(cells: NDArray[np.uint8]) -> None:
    """The outer edge is closed, and each wall reads the same from both of its cells."""
    height, width = cells.shape
    xs, ys = np.arange(width), np.arange(height)
    edges = (
        ("north", compass.NORTH, xs, np.zeros_like(xs)),
        ("south", compass.SOUTH, xs, np.full_like(xs, height - 1)),
        ("west", compass.WEST, np.zeros_like(ys), ys),
        ("east", compass.EAST, np.full_like(ys, width - 1), ys),
    )
    for name, bit, edge_x, edge_y in edges:
        open_at = np.flatnonzero((cells[edge_y, edge_x] & bit) == 0)
        if len(open_at):
            x, y = int(edge_x[open_at[0]]), int(edge_y[open_at[0]])
            raise ValueError(
                f"line {y + 1}: cell {x},{y} has its {name} wall open on the outer edge"
            )
    pairs = (
        ("east", compass.EAST, cells[:, :-1], "west", compass.WEST, cells[:, 1:], (1, 0)),
        ("south", compass.SOUTH, cells[:-1], "north", compass.NORTH, cells[1:], (0, 1)),
    )
    for side, bit, here, other_side, other_bit, there, (dx, dy) in pairs:
        closed_here = (here & bit) != 0
        disagree = np.argwhere(closed_here != ((there & other_bit) != 0))
        if len(disagree):
            y, x = (int(v) for v in disagree[0])
            state, other_state = ("closed", "open") if closed_here[y, x] else ("open", "closed")
            raise ValueError(
                f"line {y + 1}: cell {x},{y} has its {side} wall {state} but cell"
                f" {x + dx},{y + dy} has its {other_side} wall {other_state}"
            )


def _check_ends(cells: NDArray[np.uint8], entry: Point, exit_: Point, at: int) -> None:
    """Entry and exit are two different cells, neither of them fully closed."""
    if entry == exit_:
        raise ValueError(f"line {at + 2}: the exit {exit_[0]},{exit_[1]} is the entry cell")
    for index, what, (x, y) in ((at, "entry", entry), (at + 1, "exit", exit_)):
        if cells[y, x] == compass.CLOSED:
            raise ValueError(f"line {index + 1}: the {what} {x},{y} is a fully closed cell")


def _check_path(
    cells: NDArray[np.uint8], entry: Point, exit_: Point, path: str, index: int
) -> None:
    """Each step leaves its cell through an open wall, and the walk ends on the exit."""
    codes = np.frombuffer(path.encode("ascii"), dtype=np.uint8)
    steps = _STEP[codes]
    xs = np.concatenate([[entry[0]], entry[0] + np.cumsum(steps[:, 0])])
    ys = np.concatenate([[entry[1]], entry[1] + np.cumsum(steps[:, 1])])
    height, width = cells.shape
    from_x, from_y = xs[:-1], ys[:-1]
    inside = (from_x >= 0) & (from_x < width) & (from_y >= 0) & (from_y < height)
    walls = cells[np.clip(from_y, 0, height - 1), np.clip(from_x, 0, width - 1)]
    blocked = ~inside | ((walls & steps[:, 2]) != 0)
    if blocked.any():
        step = int(np.argmax(blocked))
        raise ValueError(
            f"line {index + 1}: step {step + 1} ({path[step]}) from cell"
            f" {from_x[step]},{from_y[step]} goes through a wall"
        )
    end = (int(xs[-1]), int(ys[-1]))
    if end != exit_:
        raise ValueError(
            f"line {index + 1}: the path ends at cell {end[0]},{end[1]},"
            f" not at the exit {exit_[0]},{exit_[1]}"
        )


def _check_reach(plan: FloorPlan, cells: NDArray[np.uint8]) -> None:
    """Every cell that is not fully closed can be walked to from the entry (labelled on tiles)."""
    labels, _ = label4(tiles.walkable(plan.tiles))
    height, width = cells.shape
    at_cells = labels[1 : 2 * height : 2, 1 : 2 * width : 2]
    arrival = labels[plan.arrival[1], plan.arrival[0]]
    stranded = np.argwhere((at_cells != arrival) & (cells != compass.CLOSED))
    if len(stranded):
        y, x = (int(v) for v in stranded[0])
        raise ValueError(f"line {y + 1}: cell {x},{y} cannot be reached from the entry")


def _tile_size(cells: NDArray[np.uint8], size: tuple[int, int] | None) -> tuple[int, int]:
    """The floor size in tiles: the odd size the cells fill, or `size` if it holds those cells."""
    height, width = cells.shape
    if size is None:
        return (2 * width + 1, 2 * height + 1)
    if ((size[0] - 1) // 2, (size[1] - 1) // 2) != (width, height):
        raise ValueError(
            f"a {size[0]}x{size[1]} floor does not hold a {width}x{height}-cell maze: it needs"
            f" {2 * width + 1} or {2 * width + 2} by {2 * height + 1} or {2 * height + 2} tiles"
        )
    return size
