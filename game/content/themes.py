"""Colour themes of the generator lab, from assets/themes.toml, checked on load: a bad file is
reported in one line and the built-in theme is used, never a crash."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from game.assets import ASSETS_DIR

Color = tuple[int, int, int]
THEMES_PATH: Final = ASSETS_DIR / "themes.toml"
THEME_COLOURS: Final = ("background", "wall", "floor", "door", "teleporter", "stairs", "path",
                        "link")
"""The colours every theme names, as "#rrggbb"."""
_HEX: Final = re.compile(r"#[0-9a-fA-F]{6}")


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
    import tomllib  # the window's themes only: a command that draws none never loads it

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as problem:
        raise ThemeError(f"{source}: not valid TOML ({problem})") from problem
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
