"""A-Maze-ing's program: `run.py amazeing CONFIG` reads the config file, carves the maze with
`game.generators.mazegen`, writes OUTPUT_FILE in the hex layout and shows the maze in the terminal.

The config, as the document describes it: one KEY=VALUE a line, keys case-sensitive as written
(WIDTH, HEIGHT, ENTRY, EXIT, OUTPUT_FILE, PERFECT, optional SEED), True/False in any case, lines
starting with # are comments, blank lines are skipped, unknown keys are warned about and ignored.
Every mistake is one line naming the key and its line number (exit 2 through the command line).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, TextIO

import numpy as np
from numpy.typing import NDArray

from game.compass import CLOSED, EAST, SOUTH
from game.content import themes
from game.export import hexmaze
from game.floorplan import Point
from game.generators import mazegen
from game.generators.mazegen import MIN_SIDE, CellGrid
from game.userfiles import read_text

CONFIG_LIMIT: Final = 64 * 1024
"""Bytes a config file may have: a dozen short lines need far fewer."""
MAX_SIDE: Final = min(hexmaze.MAX_CELLS_WIDE, hexmaze.MAX_CELLS_HIGH)
"""Largest WIDTH and HEIGHT: the hex reader's cap, so every file written reads back."""
REQUIRED: Final = ("WIDTH", "HEIGHT", "ENTRY", "EXIT", "OUTPUT_FILE", "PERFECT")
KEYS: Final = (*REQUIRED, "SEED")
_WHOLE: Final = re.compile(r"[+-]?[0-9]{1,9}")
_SEED: Final = re.compile(r"[+-]?[0-9]{1,30}")
_POINT: Final = re.compile(r"([0-9]{1,9})\s*,\s*([0-9]{1,9})")
_SHOWN: Final = 40


class ConfigError(ValueError):
    """A config file that cannot be used; the message names the file, line and key."""


@dataclass(frozen=True, slots=True)
class Config:
    """A checked config: the maze it asks for and where to write it."""

    width: int
    height: int
    entry: Point
    exit: Point
    output_file: Path
    perfect: bool
    seed: int | None


def read_config(path: Path) -> tuple[Config, list[str]]:
    """The config in `path` (read bounded, as UTF-8) and its warnings; ConfigError if unusable."""
    try:
        text = read_text(path, CONFIG_LIMIT)
    except ValueError as problem:
        raise ConfigError(str(problem)) from None
    return parse_config(text, str(path))


def parse_config(text: str, source: str) -> tuple[Config, list[str]]:
    """Config text from the file `source` -> (Config, warnings about unknown keys); ConfigError
    naming line and key. OUTPUT_FILE may not name `source` itself."""
    values: dict[str, tuple[str, int]] = {}
    warnings: list[str] = []
    lines = text.removeprefix("\ufeff").splitlines()
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, sep, value = (part.strip() for part in line.partition("="))
        if not sep or not key:
            raise ConfigError(f"{source}: line {number}: expected KEY=VALUE, found {_shown(line)}")
        if key not in KEYS:
            hint = f" (keys are case-sensitive: {key.upper()}?)" if key.upper() in KEYS else ""
            warnings.append(f"{source}: line {number}: unknown key {key[:_SHOWN]!r} ignored{hint}")
            continue
        if key in values:
            raise ConfigError(
                f"{source}: line {number}: {key} is given again (first on line {values[key][1]})"
            )
        values[key] = (value, number)
    for key in REQUIRED:
        if key not in values:
            raise ConfigError(
                f"{source}: {key} is missing (line {len(lines) + 1}: the file ended without it;"
                f" needed: {', '.join(REQUIRED)})"
            )
    where = _Where(source, values)
    width, height = where.side("WIDTH"), where.side("HEIGHT")
    entry = where.cell("ENTRY", width, height)
    exit_ = where.cell("EXIT", width, height)
    if exit_ == entry:
        raise where.error("EXIT", f"is the ENTRY cell (line {values['ENTRY'][1]})")
    locked = mazegen.stamp_mask(mazegen.STAMP, width, height, [])
    for key, (x, y) in (("ENTRY", entry), ("EXIT", exit_)):
        if locked[y, x]:
            raise where.error(key, f"is inside the {mazegen.STAMP!r} stamp, whose cells are walled")
    perfect_text = values["PERFECT"][0]
    if perfect_text.lower() not in ("true", "false"):
        raise where.error("PERFECT", "is not True or False")
    output = values["OUTPUT_FILE"][0]
    if not output:
        raise where.error("OUTPUT_FILE", "is empty: name the file to write")
    if "\0" in output:
        raise where.error("OUTPUT_FILE", "holds a NUL byte, which no file name may hold")
    if _same_file(Path(output), Path(source)):
        raise where.error("OUTPUT_FILE", "is the config file itself: name another file")
    seed = None
    if "SEED" in values:
        if not _SEED.fullmatch(values["SEED"][0]):
            raise where.error("SEED", "is not a whole number")
        seed = int(values["SEED"][0])
    config = Config(width, height, entry, exit_, Path(output), perfect_text.lower() == "true",
                    seed)
    return config, warnings


@dataclass(frozen=True, slots=True)
class _Where:
    """Values by key with their line numbers, for checks that name both."""

    source: str
    values: dict[str, tuple[str, int]]

    def error(self, key: str, problem: str) -> ConfigError:
        value, number = self.values[key]
        return ConfigError(f"{self.source}: line {number}: {key}={_shown(value)} {problem}")

    def side(self, key: str) -> int:
        text = self.values[key][0]
        if not _WHOLE.fullmatch(text):
            raise self.error(key, "is not a whole number")
        value = int(text)
        if not MIN_SIDE <= value <= MAX_SIDE:
            raise self.error(key, f"is outside {MIN_SIDE}..{MAX_SIDE}")
        return value

    def cell(self, key: str, width: int, height: int) -> Point:
        match = _POINT.fullmatch(self.values[key][0])
        if match is None:
            raise self.error(key, "is not x,y (two whole numbers, e.g. 0,0)")
        x, y = int(match.group(1)), int(match.group(2))
        if x >= width or y >= height:
            raise self.error(
                key, f"is outside the {width}x{height} maze (x 0..{width - 1}, y 0..{height - 1})"
            )
        return (x, y)


def _shown(text: str) -> str:
    """A value as the error shows it: short, and quoted if it has anything unprintable."""
    cut = text[:_SHOWN] + ("..." if len(text) > _SHOWN else "")
    return cut if cut.isprintable() else repr(cut)


# --- the program ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Maze:
    """One maze of the config: its seed, cells and shortest path (cells and letters)."""

    seed: int
    cells: CellGrid
    path: list[Point]
    letters: str


def make(config: Config, seed: int | None, err: TextIO) -> Maze:
    """Carve the config's maze from `seed` (None: a fresh one) and write OUTPUT_FILE."""
    mg = mazegen.MazeGenerator(config.width, config.height, seed, config.perfect,
                               entry=config.entry)
    for notice in mg.warnings:
        print(f"notice: {notice}", file=err)
    mg.generate()
    path, letters = mazegen.maze_solver(mg.cells, config.entry, config.exit)
    text = hexmaze.maze_to_hex(mg.cells, config.entry, config.exit, letters)
    from game.cli.common import write_problem
    from game.userfiles import write_atomic

    try:
        write_atomic(config.output_file, text.encode("ascii"), make_folder=False)
    except OSError as problem:
        raise ValueError(write_problem(config.output_file, problem)) from None
    assert mg.seed is not None
    return Maze(mg.seed, mg.cells, path, letters)


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Read the config (config.txt when none is named), write OUTPUT_FILE, show the maze:
    interactively on a terminal (game.cli.amazeing_tui), else printed once. ValueError (exit 2)
    for bad input."""
    from game.cli import amazeing_tui

    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    found, chosen = _themes(args.theme)
    config, warnings = read_config(args.config)
    for warning in warnings:
        print(f"warning: {warning}", file=err)
    maze = make(config, config.seed, err)
    terminal = None if args.no_tui or out is not sys.stdout else amazeing_tui.terminal_fds(
        sys.stdin, sys.stdout)
    if terminal is not None:
        session = amazeing_tui.Session(maze.seed, found, chosen)
        shown = [maze]

        def draw(session: amazeing_tui.Session) -> str:
            if shown[0].seed != session.seed:
                shown[0] = make(config, session.seed, err)
            return show(shown[0].cells, shown[0].path if session.show_path else [],
                        session.themes[session.theme])

        return amazeing_tui.run(session, draw, *terminal)
    colour = out.isatty() and not os.environ.get("NO_COLOR")
    out.write(show(maze.cells, maze.path, found[chosen] if colour else None))
    kind = "perfect" if config.perfect else "with loops"
    print(f"wrote {config.output_file}: {config.width}x{config.height} cells {kind}, seed"
          f" {maze.seed}, shortest path {len(maze.letters)} steps", file=out)
    return 0


def _same_file(output: Path, source: Path) -> bool:
    """Whether writing `output` would overwrite `source`: the same file however it is reached
    (a symbolic or a hard link, another spelling of the path)."""
    try:
        return os.path.samefile(output, source)
    except OSError:  # the output does not exist yet (or cannot be read): it is not the config
        return False


def _themes(name: str | None) -> tuple[list[themes.Theme], int]:
    """Every theme and the index of the named one (or the first); ValueError listing the names
    when it is not there."""
    loaded, problem = themes.load_themes()
    found = list(loaded)
    if name is None:
        return found, 0
    for index, theme in enumerate(found):
        if theme.name == name:
            return found, index
    names = ", ".join(t.name for t in found)
    shown = name if len(name) <= 40 else name[:40] + "..."
    raise ValueError(f"--theme {shown!r} is not a theme; valid: {names}" + (
        f" ({problem})" if problem else ""))


# --- the terminal picture ------------------------------------------------------------------

JUNCTIONS: Final = np.array(list(" ╵╶└╷│┌├╴┘─┴┐┤┬┼"))
"""Box-drawing junction by wall segments present: 1 up, 2 right, 4 down, 8 left."""
WALL, OPEN, PATH, END, LOCKED = range(5)
"""What each character of the picture shows, for its colours."""
CELL: Final = 4
"""Characters per cell across: a wall column and three inside."""


def picture(cells: CellGrid, path: Sequence[Point]) -> tuple[NDArray[np.str_], NDArray[np.uint8]]:
    """The maze as box-drawing characters and what each one shows (WALL, OPEN, PATH, ...):
    (2h+1) rows of 4w+1 characters; walls between cells, three characters inside each cell, the
    path dotted through cells and the gaps between them, E and X at its ends, the stamp solid."""
    cells = mazegen.sealed(cells)
    h, w = cells.shape
    chars = np.full((2 * h + 1, CELL * w + 1), " ", dtype="<U1")
    kinds = np.full(chars.shape, OPEN, dtype=np.uint8)
    solid = cells == CLOSED  # the stamp: drawn as one block, no walls inside it
    vert = np.ones((h, w + 1), dtype=np.bool_)  # wall left of cell x (x = w: the east edge)
    vert[:, 1:-1] = ((cells[:, :-1] & EAST) != 0) & ~(solid[:, :-1] & solid[:, 1:])
    horiz = np.ones((h + 1, w), dtype=np.bool_)  # wall above cell y (y = h: the south edge)
    horiz[1:-1] = ((cells[:-1] & SOUTH) != 0) & ~(solid[:-1] & solid[1:])
    chars[1::2, ::CELL] = np.where(vert, "│", " ")
    for k in range(1, CELL):
        chars[::2, k::CELL] = np.where(horiz, "─", " ")
    code = np.zeros((h + 1, w + 1), dtype=np.intp)
    code[1:] |= vert * 1
    code[:, :-1] |= horiz * 2
    code[:-1] |= vert * 4
    code[:, 1:] |= horiz * 8
    chars[::2, ::CELL] = JUNCTIONS[code]
    kinds[chars != " "] = WALL
    block = np.zeros(chars.shape, dtype=np.bool_)
    for k in range(1, CELL):
        block[1::2, k::CELL] = solid
        block[2:-1:2, k::CELL] = solid[:-1] & solid[1:]
    block[1::2, CELL:-1:CELL] = solid[:, :-1] & solid[:, 1:]
    block[2:-1:2, CELL:-1:CELL] = solid[:-1, :-1] & solid[:-1, 1:] & solid[1:, :-1] & solid[1:, 1:]
    chars[block] = "█"
    kinds[block] = LOCKED
    for i, (x, y) in enumerate(path):
        row, col = 2 * y + 1, CELL * x + 2
        chars[row, col - 1 : col + 2] = [" ", "·", " "]
        kinds[row, col - 1 : col + 2] = PATH
        if i:
            px, py = path[i - 1]
            gap_row, gap_col = row - (y - py), col - (x - px) * CELL // 2
            chars[gap_row, gap_col] = "·"
            kinds[gap_row, gap_col - (y != py) : gap_col + 1 + (y != py)] = PATH
    ends = ((path[0], "E"), (path[-1], "X")) if path else ()
    for (x, y), letter in ends:
        chars[2 * y + 1, CELL * x + 2] = letter
        kinds[2 * y + 1, CELL * x + 1 : CELL * x + 4] = END
    return chars, kinds


def show(cells: CellGrid, path: Sequence[Point], theme: themes.Theme | None) -> str:
    """The picture as terminal text: plain, or coloured from `theme` (24-bit ANSI colours)."""
    chars, kinds = picture(cells, path)
    width = chars.shape[1]
    flat = np.ascontiguousarray(chars).tobytes().decode("utf-32-le")  # "<U1" is UTF-32 LE
    rows = [flat[start : start + width] for start in range(0, len(flat), width)]
    if theme is None:
        return "".join(row.rstrip() + "\n" for row in rows)
    styles = [_ansi(fg, bg) for fg, bg in (
        (theme.wall, theme.background), (theme.floor, theme.background),
        (theme.background, theme.path), (theme.background, theme.stairs),
        (theme.door, theme.background),
    )]
    lines = []
    for row, kind in zip(rows, kinds, strict=True):
        starts = np.flatnonzero(np.diff(kind, prepend=255) != 0).tolist()
        ends = [*starts[1:], width]
        runs = (styles[kind[a]] + row[a:b] for a, b in zip(starts, ends, strict=True))
        lines.append("".join(runs) + "\x1b[0m\n")
    return "".join(lines)


def _ansi(fg: themes.Color, bg: themes.Color) -> str:
    return f"\x1b[38;2;{fg[0]};{fg[1]};{fg[2]};48;2;{bg[0]};{bg[1]};{bg[2]}m"
