"""A-Maze-ing's `mazegen` API: `MazeGenerator` and `maze_solver`, the one maze implementation.

The `maze` floor generator, the hex export and the `amazeing` program all carve and solve here:

    from game.generators.mazegen import MazeGenerator, maze_solver
    mg = MazeGenerator(width=20, height=15, seed=42, perfect=True)
    mg.generate()
    mg.grid    # height rows of width wall bitmasks
    mg.locked  # the (x, y) cells of the "42" stamp
    path, directions = maze_solver(mg.grid, (0, 0), (19, 14))

Wall bits, per cell, as in A-Maze-ing's hex file (`game.compass`): 1 north, 2 east, 4 south,
8 west; a set bit is a closed wall, so a fully closed (stamped) cell is 15 (hex F). (A-Maze-ing's
README reads its example 0x5 as "north and south open"; its own "fully locked" pattern cells are
F, which only the set-bit-closed reading allows, so that is the one used here.) Labyrinth's figure
numbers the same walls one place round: 1 west, 2 north (top), 4 east, 8 south (bottom). Both run
clockwise, so a first-person view turns a cell with the same arithmetic in either: turning left
maps 1->2, 2->4, 4->8, 8->1, i.e. ``((b << 1) | (b >> 3)) & 15`` (the article's "2 becomes 4,
3 becomes 6, 8 becomes 1"; it calls this a cyclic right shift, writing bits least significant
first). Turning right is ``((b >> 1) | (b << 3)) & 15``.

The carving is the document's recursive backtracker, iterative (no recursion limit): a stack of
cells, and at each step the first unvisited neighbour in one of the 24 orders of the four
directions, picked at random. That is a uniform pick among the unvisited neighbours, for one raw
draw per step. Every draw comes from a `game.seeds.Rng` stream: no global random state.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

import numpy as np
from numpy.typing import NDArray

from game.compass import CLOSED, EAST, NORTH, SOUTH, WEST
from game.floorplan import Point
from game.generators import stampfont
from game.grids import label4
from game.params import ParamError
from game.pathing import UNREACHED, flood
from game.seeds import Rng, derive, seed_from_text

STEPS: Final[dict[str, tuple[int, int, int]]] = {
    "N": (0, -1, NORTH),
    "E": (1, 0, EAST),
    "S": (0, 1, SOUTH),
    "W": (-1, 0, WEST),
}
"""Path letter -> (dx, dy, the wall bit of the cell left behind that must be open)."""

MIN_SIDE: Final = 3
"""A-Maze-ing's smallest maze: 3 columns and 3 rows of cells."""
STAMP: Final = "42"
"""The text stamped at the centre unless asked otherwise, as A-Maze-ing does."""
LOOP_FRACTION: Final = 0.10
"""Share of the remaining inner walls a non-perfect maze opens ("~10%")."""
STAMP_MARGIN: Final = 1
"""Open cells kept between a stamp and the maze's edge, so the ring around it stays connected."""

BoolGrid = NDArray[np.bool_]
CellGrid = NDArray[np.uint8]


MAX_CELLS: Final = 4000
"""The most cells a side: a 4000-tile floor's worth (the command line's largest), so a caller's
slip cannot ask for a maze no memory holds."""


def _whole(name: str, value: object) -> int:
    """`value` when it is a whole number (not a bool, not a float); TypeError naming `name`."""
    if type(value) is not int:
        raise TypeError(f"{name} must be a whole number, not {type(value).__name__}")
    return value


def _point(name: str, value: object) -> Point:
    """`value` as an (x, y) pair of whole numbers; TypeError naming `name` when it is not one."""
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise TypeError(f"{name} must be an (x, y) pair of whole numbers")
    return (_whole(f"{name} x", value[0]), _whole(f"{name} y", value[1]))


class MazeGenerator:
    """A-Maze-ing's maze: carve with `generate()`, then read `grid` and `locked`.

    Parameters (the document's four, then Delve's keywords):
    - width, height: columns and rows of cells, each at least 3;
    - seed: any int for a reproducible maze; None draws a fresh one, kept in `seed` so the
      maze can be made again (unless `rng` is given);
    - perfect: True for exactly one path between two cells; False then opens `loop_fraction`
      of the remaining inner walls (at least one) to make loops;
    - entry: the cell the backtracker starts from, (x, y);
    - stamp: text stamped in fully closed cells at the centre ("42"; "" for none). A maze too
      small for it and a one-cell margin gets none, and says why in `warnings`;
    - rng: a stream to draw from instead of one derived from `seed` (the floor generator's).

    Attributes: `width`, `height`, `seed`, `perfect`, `entry`; `locked`, the set of (x, y)
    stamp cells, known from construction; `grid`, height rows of width wall bitmasks (a set bit
    is a closed wall), and `cells`, the same as a uint8 array [y, x], both filled by `generate()`.
    Each `generate()` carves the next maze of the stream, so a seed gives the same sequence.
    """

    def __init__(
        self,
        width: int,
        height: int,
        seed: int | None = None,
        perfect: bool = True,
        *,
        entry: Point = (0, 0),
        stamp: str = STAMP,
        loop_fraction: float = LOOP_FRACTION,
        rng: Rng | None = None,
    ) -> None:
        _whole("width", width)
        _whole("height", height)
        if seed is not None:
            _whole("seed", seed)
        if type(perfect) is not bool:
            raise TypeError(f"perfect must be True or False, not {perfect!r}"[:120])
        entry = _point("entry", entry)
        if not (MIN_SIDE <= width <= MAX_CELLS and MIN_SIDE <= height <= MAX_CELLS):
            raise ValueError(f"a maze has {MIN_SIDE} to {MAX_CELLS} cells a side, got"
                             f" {width}x{height}")
        if not (0 <= entry[0] < width and 0 <= entry[1] < height):
            raise ValueError(f"entry {entry[0]},{entry[1]} is outside the {width}x{height} maze")
        if not 0.0 <= loop_fraction <= 1.0:
            raise ParamError(f"parameter loop_fraction: {loop_fraction} is outside 0..1")
        if stampfont.problem(stamp):
            raise ParamError(f"parameter stamp: {stampfont.problem(stamp)}")
        self.width = width
        self.height = height
        if seed is None and rng is None:
            import secrets  # a maze asked for without a seed only: the game's mazes have one

            seed = secrets.randbits(63)
        self.seed = seed
        self.perfect = perfect
        self.entry = entry
        self.loop_fraction = loop_fraction
        self.warnings: list[str] = []
        self._stamped = stamp_mask(stamp, width, height, self.warnings)
        xs, ys = np.nonzero(self._stamped.T)  # in (x, y) order
        self.locked: set[Point] = set(zip(xs.tolist(), ys.tolist(), strict=True))
        if entry in self.locked:
            raise ValueError(f"entry {entry[0]},{entry[1]} is inside the {stamp!r} stamp")
        self._rng = rng if rng is not None else Rng(derive(seed_from_text(str(self.seed)), "maze"))
        self.cells: CellGrid = np.full((height, width), CLOSED, dtype=np.uint8)
        self.grid: list[list[int]] = []

    def generate(self) -> None:
        """Carve a maze from `entry` over every cell outside the stamp; fills `cells`, `grid`."""
        east, south = carve(self._rng, self._stamped, self.entry)
        if not self.perfect:
            add_loops(self._rng, east, south, self._stamped, self.loop_fraction)
        self.cells = cell_walls(east, south)
        self.grid = self.cells.tolist()


def maze_solver(
    grid: Sequence[Sequence[int]] | CellGrid, entry: Point, exit: Point
) -> tuple[list[Point], str]:
    """A shortest way from `entry` to `exit`: the cells walked (both ends included) and its
    N/E/S/W letters. Breadth-first; ties go to the first of N, E, S, W seen from the exit side,
    so the answer depends on the maze alone. A wall counts as closed when either of its cells
    (or the maze's edge) says so. ValueError for a bad grid, an end outside it, or no way through.
    """
    entry, exit = _point("entry", entry), _point("exit", exit)
    cells = sealed(_grid_array(grid))
    height, width = cells.shape
    for what, (x, y) in (("entry", entry), ("exit", exit)):
        if not (0 <= x < width and 0 <= y < height):
            raise ValueError(f"{what} {x},{y} is outside the {width}x{height} maze")
    dist = cell_distances(cells, entry)
    if dist[exit[1], exit[0]] < 0:
        raise ValueError(f"no way from {entry[0]},{entry[1]} to {exit[0]},{exit[1]}")
    letters = shortest_path(cells, dist, exit)
    path = [entry]
    for letter in letters:
        dx, dy, _ = STEPS[letter]
        path.append((path[-1][0] + dx, path[-1][1] + dy))
    return path, letters


def _grid_array(grid: Sequence[Sequence[int]] | CellGrid) -> CellGrid:
    """The grid as a uint8 array [y, x]; ValueError unless rectangular with values 0..15."""
    try:
        array = np.asarray(grid, dtype=np.int64)
    except (ValueError, TypeError):
        raise ValueError("the grid must be rows of equal length of whole numbers") from None
    if array.ndim != 2 or array.size == 0:
        raise ValueError("the grid must be a non-empty list of rows of equal length")
    if ((array < 0) | (array > CLOSED)).any():
        raise ValueError(f"grid values are wall bitmasks 0..{CLOSED}")
    return array.astype(np.uint8)


def sealed(cells: CellGrid) -> CellGrid:
    """`cells` with each wall closed on both sides if either side closes it, and the edge closed."""
    out = cells.copy()
    out[0] |= NORTH
    out[-1] |= SOUTH
    out[:, 0] |= WEST
    out[:, -1] |= EAST
    shut_e = ((out[:, :-1] & EAST) | ((out[:, 1:] & WEST) >> 2)) != 0
    shut_s = ((out[:-1] & SOUTH) | ((out[1:] & NORTH) << 2)) != 0
    out[:, :-1] |= (shut_e * EAST).astype(np.uint8)
    out[:, 1:] |= (shut_e * WEST).astype(np.uint8)
    out[:-1] |= (shut_s * SOUTH).astype(np.uint8)
    out[1:] |= (shut_s * NORTH).astype(np.uint8)
    return out


def stamp_mask(text: str, cw: int, ch: int, warnings: list[str]) -> BoolGrid:
    """Closed cells of the text centred in the maze, plus any pockets the glyphs wall in.

    Pockets (e.g. inside an "8") could never be reached, so they are closed too: the rest stays one
    connected region. A maze too small for the text and its margin gets no stamp and a warning.
    """
    mask = np.zeros((ch, cw), dtype=np.bool_)
    if not text:
        return mask
    tw, th = stampfont.size(text)
    need_w, need_h = tw + 2 * STAMP_MARGIN, th + 2 * STAMP_MARGIN
    if cw < need_w or ch < need_h:
        warnings.append(
            f"stamp {text!r} skipped: the maze needs at least {need_w}x{need_h} cells,"
            f" this one has {cw}x{ch}"
        )
        return mask
    x0, y0 = (cw - tw) // 2, (ch - th) // 2
    mask[y0 : y0 + th, x0 : x0 + tw] = stampfont.render(text)
    labels, _ = label4(~mask)
    result: BoolGrid = labels != labels[0, 0]
    return result


def carve(rng: Rng, blocked: BoolGrid, start: Point) -> tuple[BoolGrid, BoolGrid]:
    """Iterative recursive backtracker from `start`; returns the open east and south walls.

    Works on a flat grid padded by one visited cell all round, so no step needs a bounds check;
    blocked (stamped) cells count as visited from the outset and are never entered.
    """
    ch, cw = blocked.shape
    pw = cw + 2
    padded = np.ones((ch + 2, pw), dtype=np.uint8)
    padded[1:-1, 1:-1] = blocked
    visited = bytearray(padded.tobytes())
    orders = list(itertools.permutations((-pw, 1, pw, -1)))
    raw = rng.raw(2 * cw * ch)  # each step pushes or pops a cell: at most 2 steps per cell
    draws: list[int] = (((raw >> np.uint64(32)) * np.uint64(24)) >> np.uint64(32)).tolist()
    parent = [0] * len(visited)
    here = (start[1] + 1) * pw + start[0] + 1
    visited[here] = 1
    stack = [here]
    push, pop = stack.append, stack.pop
    for draw in draws:
        cur = stack[-1]
        a, b, c, d = orders[draw]
        nxt = cur + a
        if visited[nxt]:
            nxt = cur + b
            if visited[nxt]:
                nxt = cur + c
                if visited[nxt]:
                    nxt = cur + d
                    if visited[nxt]:
                        pop()
                        if not stack:
                            break
                        continue
        visited[nxt] = 1
        parent[nxt] = cur
        push(nxt)
    return _tree_walls(np.array(parent, dtype=np.intp), (ch + 2, pw))


def _tree_walls(
    parent: NDArray[np.intp], padded_shape: tuple[int, int]
) -> tuple[BoolGrid, BoolGrid]:
    """Parent links on the padded grid -> open east and south walls of the unpadded cells."""
    child = np.flatnonzero(parent)
    link = parent[child]
    low = np.minimum(child, link)
    across = np.abs(child - link) == 1
    east = np.zeros(padded_shape, dtype=np.bool_)
    south = np.zeros(padded_shape, dtype=np.bool_)
    east.ravel()[low[across]] = True
    south.ravel()[low[~across]] = True
    return east[1:-1, 1:-1].copy(), south[1:-1, 1:-1].copy()


def add_loops(
    rng: Rng, east: BoolGrid, south: BoolGrid, stamped: BoolGrid, fraction: float
) -> None:
    """Open `fraction` of the closed interior walls between unstamped cells (at least one)."""
    free = ~stamped
    shut_e = np.zeros_like(east)
    shut_e[:, :-1] = ~east[:, :-1] & free[:, :-1] & free[:, 1:]
    shut_s = np.zeros_like(south)
    shut_s[:-1] = ~south[:-1] & free[:-1] & free[1:]
    where_e, where_s = np.flatnonzero(shut_e), np.flatnonzero(shut_s)
    count = len(where_e) + len(where_s)
    if fraction <= 0 or count == 0:
        return
    take = max(1, round(count * fraction))
    chosen = np.argsort(rng.raw(count), kind="stable")[:take]
    east.ravel()[where_e[chosen[chosen < len(where_e)]]] = True
    south.ravel()[where_s[chosen[chosen >= len(where_e)] - len(where_e)]] = True


def cell_walls(east: BoolGrid, south: BoolGrid) -> CellGrid:
    """Open east/south walls -> per-cell wall bits [cell_y, cell_x] (set bit = closed)."""
    north = np.zeros_like(south)
    north[1:] = south[:-1]
    west = np.zeros_like(east)
    west[:, 1:] = east[:, :-1]
    opened = north * NORTH + east * EAST + south * SOUTH + west * WEST
    cells: CellGrid = (CLOSED - opened).astype(np.uint8)
    return cells


def cell_distances(cells: CellGrid, start: Point) -> NDArray[np.int32]:
    """Breadth-first steps from `start` to every cell through open walls; -1 where unreachable.

    Expects a sound grid: outer walls closed, each inner wall the same seen from both sides
    (`sealed` makes any grid so).
    """
    ch, cw = cells.shape
    # One tcod flood over the cells drawn as tiles: a cell at (2y+1, 2x+1), an open wall
    # between two cells a tile, so a cell's tile distance is twice its step count.
    cost = np.zeros((2 * ch + 1, 2 * cw + 1), dtype=np.int8)
    cost[1::2, 1::2] = 1
    cost[1::2, 2::2] = (cells & EAST) == 0
    cost[2::2, 1::2] = (cells & SOUTH) == 0
    tile_dist = np.full(cost.shape, UNREACHED, dtype=np.int32)
    tile_dist[2 * start[1] + 1, 2 * start[0] + 1] = 0
    steps = flood(tile_dist, cost, 1, None)[1::2, 1::2]
    return np.where(steps == UNREACHED, -1, steps // 2).astype(np.int32)


def shortest_path(cells: CellGrid, dist: NDArray[np.int32], goal: Point) -> str:
    """The N/E/S/W letters of a shortest walk from distance 0 to `goal`, found by walking back.

    Ties (only with loops) go to the first of north, east, south, west seen from the goal side, so
    the path depends on the maze alone.
    """
    cw = cells.shape[1]
    bits: list[int] = cells.ravel().tolist()
    steps: list[int] = dist.ravel().tolist()
    back = ((NORTH, -cw, "S"), (EAST, 1, "W"), (SOUTH, cw, "N"), (WEST, -1, "E"))
    here = goal[1] * cw + goal[0]
    letters: list[str] = []
    while steps[here] > 0:
        for bit, offset, letter in back:
            if not bits[here] & bit and steps[here + offset] == steps[here] - 1:
                letters.append(letter)
                here += offset
                break
    return "".join(reversed(letters))
