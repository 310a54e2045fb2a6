"""Player preferences in the user's config directory: options.toml (window scale, fullscreen,
integer scaling, the window's remembered size and place,
colour theme, first-person style, autosave interval, auto-pickup, map colours, whether the
introduction was shown) and keys.toml (bindings, game.ui.keyfile).

A missing file means the defaults; a file that cannot be read or holds bad values gives a clear
message (shown once in the interface) and the defaults too. Nothing here touches the game.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Final

import numpy as np
import tcod.console

from game.save import AUTOSAVE_TURNS
from game.userfiles import MissingFileError, config_dir, parse_toml, read_text, write_atomic

OPTIONS_FILE: Final = "options.toml"
MAX_OPTIONS_BYTES: Final = 64 * 1024
THEMES: Final = ("classic", "high contrast", "amber")
"""Colour themes: a filter over the finished console (classic leaves it alone)."""
VIEW_STYLES: Final = ("blocks", "labyrinth")
"""How the first-person view is drawn: textured blocks, or Labyrinth's lines on black."""
SCALES: Final = (0, 1, 2, 3, 4)
"""The window's opening scale: 0 fits it to the display, N is N pixels per tileset pixel."""
AUTOSAVE_CHOICES: Final = (25, 50, 100, 200, 500)
MAP_COLOURS: Final = ("standard", "colour-blind")
"""The map's palette (game/ui/palette.py): the content's colours, or ones kept apart for
protanopes, deuteranopes and tritanopes (assets/colourblind.toml)."""


@dataclass(frozen=True, slots=True)
class Options:
    scale: int = 0
    """The window's opening scale (SCALES); a remembered size wins over it."""
    fullscreen: bool = False
    integer_scaling: bool = False
    """Scale the console by whole multiples only (crisp pixels, black borders)."""
    window_width: int = 0
    """The window's size and position when it last closed (0: none remembered)."""
    window_height: int = 0
    window_x: int = 0
    window_y: int = 0
    window_placed: bool = False
    """Whether window_x and window_y were remembered (0, 0 is a real position)."""
    theme: str = "classic"
    view_style: str = "blocks"
    """The first-person view's style (VIEW_STYLES)."""
    autosave_every: int = AUTOSAVE_TURNS
    """Turns between autosaves (floor changes always save)."""
    intro_seen: bool = False
    auto_pickup: bool = True
    """Step onto gold, a key, a potion or a scroll and take it (g still takes anything)."""
    map_colours: str = "standard"
    """The map's palette (MAP_COLOURS)."""


WINDOW_REACH = 65_536
"""How far from the desktop's origin a remembered window may sit: any real arrangement of
screens, and far inside the 32 bits SDL takes (a value past them failed every start)."""


def _check(options: Options) -> str:
    """What is wrong with these values ("" when nothing)."""
    if options.scale not in SCALES:
        return f"scale must be one of {', '.join(map(str, SCALES))}"
    if options.theme not in THEMES:
        return f"theme must be one of {', '.join(THEMES)}"
    if options.view_style not in VIEW_STYLES:
        return f"view_style must be one of {', '.join(VIEW_STYLES)}"
    if not (0 <= options.window_width <= 16_384 and 0 <= options.window_height <= 16_384):
        return "window_width and window_height must be between 0 and 16384"
    if not (-WINDOW_REACH <= options.window_x <= WINDOW_REACH
            and -WINDOW_REACH <= options.window_y <= WINDOW_REACH):
        return f"window_x and window_y must be between {-WINDOW_REACH} and {WINDOW_REACH}"
    if options.map_colours not in MAP_COLOURS:
        return f"map_colours must be one of {', '.join(MAP_COLOURS)}"
    if not 1 <= options.autosave_every <= 10_000:
        return "autosave_every must be between 1 and 10000"
    return ""


def parse_options(text: str) -> Options:
    """Options from TOML text; ValueError names the problem."""
    data = parse_toml(text)
    known = {f.name: f for f in fields(Options)}
    values: dict[str, object] = {}
    for name, value in data.items():
        if name not in known:
            raise ValueError(f"unknown option {name!r}")
        wanted = type(getattr(Options(), name))
        if type(value) is not wanted:
            raise ValueError(f"{name} must be a {wanted.__name__}")
        values[name] = value
    options = replace(Options(), **values)  # type: ignore[arg-type]
    problem = _check(options)
    if problem:
        raise ValueError(problem)
    return options


def options_text(options: Options) -> str:
    lines = ["# Delve options (written by the Options screen)"]
    for f in fields(Options):
        value = getattr(options, f.name)
        if isinstance(value, bool):
            lines.append(f"{f.name} = {'true' if value else 'false'}")
        elif isinstance(value, int):
            lines.append(f"{f.name} = {value}")
        else:
            lines.append(f'{f.name} = "{value}"')
    return "\n".join(lines) + "\n"


class _Loaded:
    """The options in use, loaded once; the problem with the file, shown once."""

    options: Options | None = None
    problem: str = ""


def load_options(path: Path | None = None) -> tuple[Options, str]:
    """The options in `path` (default: options.toml in config_dir()) and a problem message
    ("" when the file is fine or missing)."""
    where = path or config_dir() / OPTIONS_FILE
    try:
        text = read_text(where, MAX_OPTIONS_BYTES)
    except MissingFileError:
        return Options(), ""
    except ValueError as error:
        return Options(), f"Could not read options: {error}; using the default options."
    try:
        return parse_options(text), ""
    except ValueError as error:
        return Options(), f"Bad options file {where}: {error}; using the default options."


def current() -> Options:
    """The options in use (read from the config directory on first use)."""
    if _Loaded.options is None:
        _Loaded.options, _Loaded.problem = load_options()
    return _Loaded.options


def take_problem() -> str:
    """The message about a bad options file, once (then "")."""
    current()
    problem, _Loaded.problem = _Loaded.problem, ""
    return problem


def reload() -> None:
    """Forget the loaded options (the next `current()` reads the file again)."""
    _Loaded.options = None
    _Loaded.problem = ""


def save(options: Options) -> str:
    """Make `options` current and write them; "" or why they could not be written."""
    _Loaded.options = options
    where = config_dir() / OPTIONS_FILE
    try:
        write_atomic(where, options_text(options))
    except OSError as error:
        return f"Options not saved ({error.strerror or error})."
    return ""


def apply_theme(console: tcod.console.Console, theme: str) -> None:
    """Recolour the finished console for the theme."""
    if theme == "classic":
        return
    rgb = console.rgb
    for part in ("fg", "bg"):
        colour = rgb[part].astype(np.float64)
        if theme == "amber":
            light = colour.mean(axis=-1, keepdims=True) / 255
            colour = light * np.array((255.0, 176.0, 0.0))
        elif part == "fg":
            colour = np.clip((colour - 64) * 1.6 + 64, 0, 255)
        else:
            colour = colour * 0.5
        rgb[part] = colour.astype(np.uint8)
