"""The maze of Labyrinth (Computing Today, 1980) and A-Maze-ing: a recursive backtracker over cells.

Cells sit at odd tile coordinates: cell (cx, cy) is tile (2cx+1, 2cy+1), so a WxH floor holds
((W-1)//2)x((H-1)//2) cells; the tile between two neighbouring cells is floor when the wall between
them is open. With an even width or height the extra last column or row stays wall.

Wall bits, per cell, as in A-Maze-ing's hex file: 1 north, 2 east, 4 south, 8 west; a set bit is a
closed wall, so a fully closed (stamped) cell is 15 (hex F). Labyrinth's figure numbers the same
walls one place round: 1 west, 2 north (top), 4 east, 8 south (bottom). Both run clockwise, so a
first-person view turns a cell with the same arithmetic in either: turning left maps 1->2, 2->4,
4->8, 8->1, i.e. ``((b << 1) | (b >> 3)) & 15`` (the article's "2 becomes 4, 3 becomes 6, 8
becomes 1"; it calls this a cyclic right shift, writing bits least significant first). Turning
right is ``((b >> 1) | (b << 3)) & 15``.

The carving is iterative (no recursion limit): a stack of cells, and at each step the first
unvisited neighbour in one of the 24 orders of the four directions, picked at random. That is a
uniform pick among the unvisited neighbours, as in the original, for one raw draw per step.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Final

import numpy as np
from numpy.typing import NDArray

from game import tiles as tile_ids
from game.compass import CLOSED, EAST, NORTH, SOUTH, WEST
from game.floorplan import FloorPlan, ParamValue, Point, Stair
from game.generators import stampfont
from game.generators.common import GeneratorSpec, blank, label_regions
from game.params import Param, ParamError
from game.pathing import UNREACHED, flood
from game.seeds import Rng

STEPS: Final[dict[str, tuple[int, int, int]]] = {
    "N": (0, -1, NORTH),
    "E": (1, 0, EAST),
    "S": (0, 1, SOUTH),
    "W": (-1, 0, WEST),
}
"""Path letter -> (dx, dy, the wall bit of the cell left behind that must be open)."""

STAMP_MARGIN: Final = 1
"""Open cells kept between a stamp and the maze's edge, so the ring around it stays connected."""

BoolGrid = NDArray[np.bool_]
CellGrid = NDArray[np.uint8]


def build(rng: Rng, width: int, height: int, params: Mapping[str, ParamValue]) -> FloorPlan:
    """A perfect (or, with perfect=false, loopy) maze from the top row down to the bottom row."""
    SPEC.check_size(width, height)
    text = str(params["stamp"])
    missing = stampfont.unsupported(text)
    if missing:
        raise ParamError(
            f"parameter stamp: no glyph for {missing[0]!r}; use {stampfont.SUPPORTED!r}"
        )
    cw, ch = (width - 1) // 2, (height - 1) // 2
    warnings: list[str] = []
    stamped = stamp_mask(text, cw, ch, warnings)
    entry = (rng.below(cw), 0)
    east, south = carve(rng, stamped, entry)
    if not params["perfect"]:
        add_loops(rng, east, south, stamped, float(params["loop_fraction"]))
    cells = cell_walls(east, south)
    dist = cell_distances(cells, entry)
    bottom = dist[ch - 1]
    exit_ = (int(np.argmax(bottom)), ch - 1)
    path = shortest_path(cells, dist, exit_)
    return plan_from_cells(cells, entry, exit_, path, (width, height), params, warnings)


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
            f"stamp {text!r} skipped: the maze needs at least {need_w}x{need_h} cells"
            f" ({2 * need_w + 1}x{2 * need_h + 1} tiles), this one has {cw}x{ch}"
        )
        return mask
    x0, y0 = (cw - tw) // 2, (ch - th) // 2
    mask[y0 : y0 + th, x0 : x0 + tw] = stampfont.render(text)
    labels, _ = label_regions(~mask)
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

    Expects a sound grid: outer walls closed, each inner wall the same seen from both sides.
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


def cell_tile(cell: Point) -> Point:
    """The tile (x, y) at the centre of a cell."""
    return (2 * cell[0] + 1, 2 * cell[1] + 1)


def plan_from_cells(
    cells: CellGrid,
    entry: Point,
    exit_: Point,
    path: str,
    size: tuple[int, int],
    params: Mapping[str, ParamValue],
    warnings: Sequence[str] = (),
) -> FloorPlan:
    """Draw the cells onto a `size` (width, height) floor; fully closed cells are solid wall."""
    ch, cw = cells.shape
    tiles = blank(*size)
    tiles[1 : 2 * ch : 2, 1 : 2 * cw : 2][cells != CLOSED] = tile_ids.FLOOR
    tiles[1 : 2 * ch : 2, 2 : 2 * cw - 1 : 2][(cells[:, :-1] & EAST) == 0] = tile_ids.FLOOR
    tiles[2 : 2 * ch - 1 : 2, 1 : 2 * cw : 2][(cells[:-1] & SOUTH) == 0] = tile_ids.FLOOR
    arrival, down = cell_tile(entry), cell_tile(exit_)
    tiles[arrival[1], arrival[0]] = tile_ids.STAIRS_UP
    tiles[down[1], down[0]] = tile_ids.STAIRS_DOWN
    xs, ys = np.nonzero(cells.T == CLOSED)  # in (x, y) order
    stamped = list(zip(xs.tolist(), ys.tolist(), strict=True))
    return FloorPlan(
        generator="maze",
        params=dict(params),
        tiles=tiles,
        arrival=arrival,
        exits=(down,),
        stairs=(Stair(*arrival, "up"), Stair(*down, "down")),
        extra={
            "cells": cells,
            "entry": entry,
            "exit": exit_,
            "path": path,
            "stamped": stamped,
            "warnings": list(warnings),
        },
    )


SPEC: Final = GeneratorSpec(
    name="maze",
    summary="Labyrinth / A-Maze-ing: a recursive-backtracker maze, top row to bottom row",
    build=build,
    params=(
        Param("perfect", True, "one way between any two cells; false opens walls to make loops"),
        Param(
            "loop_fraction",
            0.10,
            "share of the remaining inner walls opened when perfect=false",
            minimum=0.0,
            maximum=1.0,
        ),
        Param("stamp", "", "short text stamped in closed cells at the centre, e.g. 42"),
    ),
    min_width=5,
    min_height=5,
)
