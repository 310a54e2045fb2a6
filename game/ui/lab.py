"""The generator lab's work, apart from its screen: colour themes, one floor made and dressed the
way play makes it, the shortest way down, the floor drawn whole into console cells, and exports.

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

from game import assets, tiles
from game.dressing import Dressing, dress_floor
from game.dressing.bestiary import default_bestiary
from game.export import floorjson, hexmaze, png
from game.export.textkey import text_key
from game.floorplan import FloorPlan, Point
from game.pathing import UNREACHED, hillclimb, to_yx, walk_distance
from game.seeds import seed_from_text
from game.stats import floor_stats
from game.ui.draw import Color
from game.ui.screens.floormap import CODE_BASE, PRIORITY, reduce_blocks
from game.userfiles import parse_toml
from game.world.build import dressing_params, make_plan
from game.world.model import FloorRecipe

THEMES_PATH: Final = assets.ASSETS_DIR / "themes.toml"
THEME_COLOURS: Final = ("background", "wall", "floor", "door", "teleporter", "stairs", "path",
                        "link")
"""The colours every theme names, as "#rrggbb"."""
_HEX: Final = re.compile(r"#[0-9a-fA-F]{6}")

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


# --- themes --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Theme:
    name: str
    background: Color
    wall: Color
    floor: Color
    door: Color
    teleporter: Color
    stairs: Color
    path: Color
    link: Color


DEFAULT_THEME: Final = Theme("default", background=(12, 12, 16), wall=(130, 110, 80),
                             floor=(90, 90, 100), door=(200, 150, 60),
                             teleporter=(120, 220, 255), stairs=(255, 255, 255),
                             path=(255, 80, 200), link=(120, 220, 255))
"""Used when the themes file is missing or bad, so the lab always draws."""


class ThemeError(ValueError):
    """A themes file that cannot be used; the message names the file and the theme."""


def load_themes(path: Path = THEMES_PATH) -> tuple[tuple[Theme, ...], str]:
    """The themes in `path` in file order and "" , or the built-in theme and why the file was
    refused (a bad file is reported, never fatal)."""
    try:
        return parse_themes(path.read_text(encoding="utf-8"), str(path)), ""
    except (OSError, UnicodeDecodeError) as problem:
        return (DEFAULT_THEME,), f"Cannot read themes {path}: {problem}; using the default theme."
    except ThemeError as problem:
        return (DEFAULT_THEME,), f"{problem}; using the default theme."


def parse_themes(text: str, source: str) -> tuple[Theme, ...]:
    """Themes from TOML text; ThemeError naming `source` (and the theme) when anything is off."""
    try:
        data = parse_toml(text)
    except ValueError as problem:
        raise ThemeError(f"{source}: {problem}") from None
    table = data.get("themes")
    if not isinstance(table, dict) or not table:
        raise ThemeError(f"{source}: no [themes.NAME] tables")
    return tuple(_theme(name, entry, source) for name, entry in table.items())


def _theme(name: str, entry: Any, source: str) -> Theme:
    where = f"{source}: theme {name!r}"
    if not isinstance(entry, dict):
        raise ThemeError(f"{where} is not a table")
    unknown = sorted(set(entry) - set(THEME_COLOURS))
    if unknown:
        raise ThemeError(f"{where} has unknown key {unknown[0]!r}")
    colours: dict[str, Color] = {}
    for key in THEME_COLOURS:
        value = entry.get(key)
        if not isinstance(value, str) or not _HEX.fullmatch(value):
            raise ThemeError(f"{where}: {key} must be a colour \"#rrggbb\", got {value!r}")
        colours[key] = (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))
    return Theme(name, **colours)


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
    game.world.build decides both from the recipe alone). Pure; safe on a worker thread."""
    run_seed = seed_from_text(setup.seed_text)
    plan = make_plan(setup.recipe, run_seed)
    dressing = dress_floor(plan, run_seed, 1, dressing_params(setup.recipe, False))
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
                         (tiles.OPEN_DOOR, theme.door), (tiles.TELEPORTER, theme.teleporter),
                         (tiles.STAIRS_UP, theme.stairs), (tiles.STAIRS_DOWN, theme.stairs)):
        table["fg"][tile] = colour
    table["ch"][tiles.TELEPORTER] = ord("Ω")
    table["ch"][tiles.WALL] = ord(" ")
    table["bg"][tiles.WALL] = theme.wall
    return table


def block_sums(mask: NDArray[np.bool_], k: int) -> NDArray[np.int32]:
    """How many tiles of each k x k block are set (padding counts as unset)."""
    height, width = mask.shape
    rows, cols = -(-height // k), -(-width // k)
    padded = np.zeros((rows * k, cols * k), dtype=np.int32)
    padded[:height, :width] = mask
    result: NDArray[np.int32] = padded.reshape(rows, k, cols, k).sum(axis=(1, 3))
    return result


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
    """Teleporter links as lines, doors coloured by state, monsters coloured by difficulty."""
    for pair in floor.plan.teleporters:
        line = tcod.los.bresenham((pair.a[0] // k, pair.a[1] // k),
                                  (pair.b[0] // k, pair.b[1] // k))[1:-1]
        grid["ch"][line[:, 1], line[:, 0]] = LINK_GLYPH
        grid["fg"][line[:, 1], line[:, 0]] = theme.link
    for door in floor.dressing.doors:
        cell = grid[door.y // k, door.x // k]
        cell["ch"] = ord("+")
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
    directory.mkdir(parents=True, exist_ok=True)
    target = directory / f"{floor.setup.stem}-{suffix}.{extension}"
    if isinstance(payload, bytes):
        target.write_bytes(payload)
    else:
        target.write_text(payload, encoding="utf-8")
    return target
