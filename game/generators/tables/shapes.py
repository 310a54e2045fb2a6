"""Headings, chamber outlines and the drawn entrances of a tables floor: shapes with no map.

An outline is a chamber's floor in its own box, one run of floor a row, with the columns (or
rows) of each near side a corridor can enter it by. The fixed shapes are made once each; an
irregular blob is drawn anew with the layout's dice each time one is laid.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Final

import numpy as np
from numpy.typing import NDArray

from game.floorplan import Point
from game.seeds import Rng

DX: Final = (0, 1, 0, -1)
DY: Final = (-1, 0, 1, 0)
"""Headings 0..3: north, east, south, west; turning right adds one."""


def left_of(d: int) -> int:
    return (d + 3) % 4


def right_of(d: int) -> int:
    return (d + 1) % 4


def back_of(d: int) -> int:
    return (d + 2) % 4


PASSAGE: Final = ("ns", "ew", "ns", "ew")
"""The Door passage of a door walked through heading d."""

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


# --- outlines ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outline:
    """A chamber's floor in its box: the mask [y, x], the [start, end) of each row's floor, and
    for each heading d the columns (or rows) of its near side that a corridor heading d can
    enter by, in increasing order."""

    shape: str
    height: int
    width: int
    spans: tuple[tuple[int, int], ...]
    near: tuple[tuple[int, ...], ...]
    mask: NDArray[np.bool_] = field(compare=False, repr=False)


def from_spans(shape: str, width: int, spans: tuple[tuple[int, int], ...]) -> Outline:
    """The outline of rows of floor [start, end) in a box `width` wide: its near sides are its
    last row, the rows reaching its left side, its first row, the rows reaching its right."""
    near = (
        tuple(range(*spans[-1])),
        tuple(k for k, (start, _) in enumerate(spans) if start == 0),
        tuple(range(*spans[0])),
        tuple(k for k, (_, end) in enumerate(spans) if end == width),
    )
    mask = np.zeros((len(spans), width), dtype=np.bool_)
    for row, (start, end) in zip(mask, spans, strict=True):
        row[start:end] = True
    mask.flags.writeable = False  # fixed outlines are shared
    return Outline(shape, len(spans), width, spans, near, mask)


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


def octagon(width: int, height: int) -> NDArray[np.bool_]:
    """A box with its four corners cut diagonally, a quarter of the short side deep."""
    cut = min(width, height) // 4
    i = np.arange(height)[:, None]
    j = np.arange(width)[None, :]
    mask: NDArray[np.bool_] = np.minimum(i, height - 1 - i) + np.minimum(j, width - 1 - j) >= cut
    return mask


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


def _superellipse(width: int, height: int) -> list[tuple[int, int]]:
    """[start, end) of each row of the rounded outline a blob of about width x height is cut
    from."""
    half = width / 2
    rows = []
    for i in range(height):
        t = abs(2 * i + 1 - height) / height
        reach = half * (1 - t**2.5) ** 0.4
        rows.append((int(half - reach + 0.5), int(half + reach + 0.5)))
    return rows


def _blob(rng: Rng, width: int, height: int) -> tuple[int, list[tuple[int, int]]]:
    """A rough blob about width x height: the width of its box and [start, end) of each row in it.

    A rounded outline (a superellipse) has each row's ends pulled in at random, by up to an
    eighth of the width (at least one tile). Then, from a random middle row outward, every row
    is cut to lie within the row next to it toward the middle, and the middle row spans both
    its neighbours (so it spans the box). So every edge tile has a neighbour along its row and
    one across (no spurs), and the blob is one piece. Rows shorter than two tiles (top and
    bottom) go."""
    deepest = max(1, width // 8)
    rows = [
        (start + rng.below(deepest + 1), end - rng.below(deepest + 1))
        for start, end in _superellipse(width, height)
    ]
    middle = height // 3 + rng.below(height - 2 * (height // 3))
    # The rows above the middle cut walking up from it, those below walking down.
    rows = _within(rows[middle::-1])[:0:-1] + _within(rows[middle:])
    (start, end), (other, other_end) = rows[middle - 1], rows[middle + 1]
    low, high = min(start, other), max(end, other_end)
    rows[middle] = (low, high)
    return high - low, [(start - low, end - low) for start, end in rows if end - start >= 2]


def _within(rows: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Each row cut to lie within the row before it, as cut."""
    low, high = rows[0]
    cut = [rows[0]]
    for start, end in rows[1:]:
        low, high = max(start, low), min(end, high)
        cut.append((low, high))
    return cut


# --- entrances ---------------------------------------------------------------------------------


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
