"""The generator lab's work, apart from its screen and its colour themes (game.content.themes):
one floor made and dressed the way play makes it, the shortest way down, the floor drawn whole
into console cells, and exports.

Everything here is pure or writes only the file it is asked to; the screen (game/ui/screens/lab.py)
decides when to call it and runs the slow parts (making, exporting) off the window's thread.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import numpy as np
import tcod.console
import tcod.los
from numpy.typing import NDArray

from game import pipeline, tiles
from game.content.bestiary import default_bestiary
from game.content.themes import Theme
from game.dressing import Dressing
from game.export import floorjson, hexmaze, png
from game.export.textkey import text_key
from game.floorplan import FloorPlan, Point
from game.pathing import UNREACHED, hillclimb, to_yx, walk_distance
from game.run import FloorRecipe
from game.seeds import seed_from_text
from game.stats import floor_stats
from game.ui.draw import Color
from game.ui.shrink import CODE_BASE, PRIORITY, block_sums, reduce_blocks
from game.userfiles import write_atomic

DOOR_STATES: Final[dict[str, Color]] = {
    "unlocked": (80, 220, 80), "stuck": (240, 220, 60), "locked": (240, 60, 60),
}
REINFORCED: Final[Color] = (230, 80, 255)
DIFFICULTY: Final[dict[str, Color]] = {
    "easy": (120, 200, 255), "average": (255, 200, 80), "hard": (255, 120, 40),
    "boss": (255, 40, 40),
}
LINK_GLYPH: Final = ord("∙")
FORMATS: Final[dict[str, tuple[str, str]]] = {
    "ascii": ("map", "txt"), "json": ("floor", "json"), "hex": ("maze", "hex"),
    "png": ("map", "png"), "key": ("key", "txt"),
}
"""Export format -> (file name suffix, extension)."""


# --- one floor -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Setup:
    """What the lab makes: a depth-1 recipe and the seed text of the run it would start."""

    generator: str
    width: int
    height: int
    params: tuple[tuple[str, str], ...]
    seed_text: str

    @property
    def recipe(self) -> FloorRecipe:
        return FloorRecipe(1, self.generator, self.width, self.height, self.params)

    @property
    def stem(self) -> str:
        """A file name part from generator, seed and size."""
        seed = re.sub(r"[^A-Za-z0-9_.-]+", "_", self.seed_text)[:40] or "seed"
        return f"{self.generator}-{seed}-{self.width}x{self.height}"


@dataclass(frozen=True, slots=True)
class LabFloor:
    setup: Setup
    plan: FloorPlan
    dressing: Dressing
    path: NDArray[np.intp]
    """The shortest way from the arrival to the nearest way down, as [y, x] rows."""
    stats: tuple[str, ...]


def make_floor(setup: Setup) -> LabFloor:
    """The floor play would make at depth 1 of a run with this seed (same layout, same dressing:
    the game's pipeline stages decide both from the recipe alone). Pure; safe on a worker thread."""
    run_seed = seed_from_text(setup.seed_text)
    recipe = setup.recipe
    plan = pipeline.layout(recipe, run_seed)
    dressing = pipeline.dress(recipe, plan, run_seed, boss=False)
    return LabFloor(setup, plan, dressing, shortest_path(plan),
                    tuple(floor_stats(plan).lines()))


def shortest_path(plan: FloorPlan) -> NDArray[np.intp]:
    """[y, x] rows from the nearest reachable exit back to the arrival: hill-climbing the walking
    distance, hopping a teleporter where the climb stops at one end of a pair."""
    dist = walk_distance(tiles.walkable(plan.tiles), [plan.arrival], plan.teleporters)
    reached = sorted((int(dist[to_yx(p)]), p) for p in plan.exits if dist[to_yx(p)] != UNREACHED)
    if not reached:
        return np.zeros((0, 2), dtype=np.intp)
    links: dict[Point, Point] = {}
    for pair in plan.teleporters:
        links[pair.a], links[pair.b] = pair.b, pair.a
    pieces: list[NDArray[np.intp]] = []
    here = reached[0][1]
    while True:
        piece = hillclimb(dist, here)
        pieces.append(piece)
        y, x = (int(v) for v in piece[-1])
        other = links.get((x, y))
        if dist[y, x] == 0 or other is None or dist[to_yx(other)] >= dist[y, x]:
            return np.concatenate(pieces)
        here = other


# --- drawing -------------------------------------------------------------------------------


def tile_cells(theme: Theme) -> NDArray[Any]:
    """Console cell per tile id in `theme`: walls solid, the rest glyphs on the background."""
    table = np.zeros(len(tiles.TILES), dtype=tcod.console.rgb_graphic)
    table["ch"] = tiles.TILES["glyph"]
    table["bg"] = theme.background
    for tile, colour in ((tiles.FLOOR, theme.floor), (tiles.DOOR, theme.door),
                         (tiles.OPEN_DOOR, theme.door), (tiles.SECRET_DOOR, theme.door),
                         (tiles.TELEPORTER, theme.teleporter),
                         *((stairs, theme.stairs) for stairs in tiles.STAIRS)):
        table["fg"][tile] = colour
    table["ch"][tiles.SECRET_DOOR] = ord("S")  # the lab is the game master's view
    table["ch"][tiles.WALL] = ord(" ")
    table["bg"][tiles.WALL] = theme.wall
    return table


def shrunk_tiles(tile_map: NDArray[np.uint8], k: int) -> NDArray[np.intp]:
    """The tile each k x k block shows: its most telling feature (stairs, teleporter, door) if
    it has one, else floor when at least half of it is walkable, else wall. (The floor map's
    plain maximum would turn a shrunk maze into open floor.)"""
    if k == 1:
        return tile_map.astype(np.intp)
    plain = (tile_map == tiles.WALL) | (tile_map == tiles.FLOOR)
    codes = np.where(plain, 0, PRIORITY[tile_map] * CODE_BASE + tile_map).astype(np.int32)
    feature = reduce_blocks(codes, k)
    open_count = block_sums(tiles.walkable(tile_map), k)
    base = np.where(2 * open_count >= k * k, tiles.FLOOR, tiles.WALL)
    return np.where(feature > 0, feature % CODE_BASE, base).astype(np.intp)


def floor_cells(floor: LabFloor, theme: Theme, k: int, *, path: bool,
                dressing: bool) -> NDArray[Any]:
    """The whole floor shrunk by k (each cell its block's most telling tile, as on the floor
    map), with the path and the dressing layers drawn over it."""
    grid: NDArray[Any] = tile_cells(theme)[shrunk_tiles(floor.plan.tiles, k)]
    if path and len(floor.path):
        on_path = np.zeros(grid.shape, dtype=np.bool_)
        on_path[floor.path[:, 0] // k, floor.path[:, 1] // k] = True
        grid["bg"][on_path] = theme.path
    if dressing:
        _draw_dressing(grid, floor, theme, k)
    return grid


def _draw_dressing(grid: NDArray[Any], floor: LabFloor, theme: Theme, k: int) -> None:
    """Teleporter links as lines, doors coloured by state (secret ones an S), monsters coloured
    by difficulty."""
    for pair in floor.plan.teleporters:
        line = tcod.los.bresenham((pair.a[0] // k, pair.a[1] // k),
                                  (pair.b[0] // k, pair.b[1] // k))[1:-1]
        grid["ch"][line[:, 1], line[:, 0]] = LINK_GLYPH
        grid["fg"][line[:, 1], line[:, 0]] = theme.link
    for door in floor.dressing.doors:
        cell = grid[door.y // k, door.x // k]
        cell["ch"] = ord("S" if floor.plan.tiles[door.y, door.x] == tiles.SECRET_DOOR else "+")
        cell["fg"] = REINFORCED if door.reinforced else DOOR_STATES.get(door.state, theme.door)
    bestiary = default_bestiary()
    for encounter in floor.dressing.encounters:
        colour = DIFFICULTY.get(encounter.difficulty, (255, 255, 255))
        for monster in encounter.monsters:
            cell = grid[monster.y // k, monster.x // k]
            cell["ch"] = ord(bestiary.get(monster.kind).glyph)
            cell["fg"] = colour


# --- export --------------------------------------------------------------------------------


def export_payload(floor: LabFloor, fmt: str) -> str | bytes:
    """The file `fmt` makes, as the `generate` command writes it (ValueError: hex of a non-maze)."""
    plan, dressing, seed = floor.plan, floor.dressing, floor.setup.seed_text
    if fmt == "ascii":
        return "\n".join(tiles.to_ascii(plan.tiles)) + "\n"
    if fmt == "json":
        return json.dumps(floorjson.dressed_floor_to_dict(plan, dressing, seed, 1), indent=1) + "\n"
    if fmt == "hex":
        return hexmaze.plan_to_hex(plan)
    if fmt == "png":
        return png.floor_png(plan)
    if fmt == "key":
        return text_key(plan, dressing, seed, 1)
    raise ValueError(f"unknown export format {fmt!r}; valid: {', '.join(FORMATS)}")


def export(floor: LabFloor, fmt: str, directory: Path) -> Path:
    """Write one export into `directory` (made if missing); the path written. ValueError or
    OSError when it cannot be made or written."""
    payload = export_payload(floor, fmt)
    suffix, extension = FORMATS[fmt]
    target = directory / f"{floor.setup.stem}-{suffix}.{extension}"
    write_atomic(target, payload)
    return target
