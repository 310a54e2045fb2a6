"""The maze of Labyrinth (Computing Today, 1980) and A-Maze-ing as a floor: `mazegen` carves it.

Cells sit at odd tile coordinates: cell (cx, cy) is tile (2cx+1, 2cy+1), so a WxH floor holds
((W-1)//2)x((H-1)//2) cells; the tile between two neighbouring cells is floor when the wall between
them is open. With an even width or height the extra last column or row stays wall. The wall bits
and the carving are `game.generators.mazegen`'s (A-Maze-ing's API); this module picks the entry in
the top row, the exit farthest from it in the bottom row, and draws the tiles.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

import numpy as np

from game import tiles as tile_ids
from game.compass import CLOSED, EAST, SOUTH
from game.floorplan import FloorPlan, ParamValue, Point, Stair
from game.generators import mazegen, stampfont
from game.generators.common import GeneratorSpec, blank
from game.generators.mazegen import CellGrid
from game.params import Param
from game.seeds import Rng


def build(rng: Rng, width: int, height: int, params: Mapping[str, ParamValue]) -> FloorPlan:
    """A perfect (or, with perfect=false, loopy) maze from the top row down to the bottom row."""
    SPEC.check_size(width, height)
    cw, ch = (width - 1) // 2, (height - 1) // 2
    entry = (rng.below(cw), 0)
    mg = mazegen.MazeGenerator(
        cw, ch, perfect=bool(params["perfect"]), entry=entry, stamp=str(params["stamp"]),
        loop_fraction=float(params["loop_fraction"]), rng=rng,
    )
    mg.generate()
    dist = mazegen.cell_distances(mg.cells, entry)
    bottom = dist[ch - 1]
    exit_ = (int(np.argmax(bottom)), ch - 1)
    path = mazegen.shortest_path(mg.cells, dist, exit_)
    return plan_from_cells(mg.cells, entry, exit_, path, (width, height), params, mg.warnings)


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
            mazegen.LOOP_FRACTION,
            "share of the remaining inner walls opened when perfect=false",
            minimum=0.0,
            maximum=1.0,
        ),
        Param(
            "stamp",
            mazegen.STAMP,
            "short text stamped in closed cells at the centre where it fits; empty for none",
            check=stampfont.problem,
        ),
    ),
    min_width=2 * mazegen.MIN_SIDE + 1,
    min_height=2 * mazegen.MIN_SIDE + 1,
)
