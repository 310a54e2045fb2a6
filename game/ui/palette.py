"""The map's colours for the chosen theme (Options: "Map colours").

The standard palette is the content's own colours (a monster's bestiary colour, an item's, a
feature's) and the state tints of game/ui/draw.py; the colour-blind one swaps in the colours of
assets/colourblind.toml, where kinds sharing a letter and the tints stay apart for protanopes,
deuteranopes and tritanopes too (tests/test_colours.py). A monster is drawn by its kind's colour,
not the one its actor was saved with, so a theme or a new palette reaches a loaded game.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from game.assets import ASSETS_DIR, read_toml
from game.content.bestiary import MonsterKind, default_bestiary
from game.ui import options
from game.ui.draw import ASLEEP_DIM, MONSTER_STATE_BG, Color

COLOURBLIND_PATH: Final = ASSETS_DIR / "colourblind.toml"
STANDARD: Final = "standard"
COLOUR_BLIND: Final = "colour-blind"
TINTS: Final = ("asleep", "hunting", "fleeing", "ally", "captive")
MARKS: Final = ("trap", "spent_trap")


class PaletteError(ValueError):
    """The palette file is malformed; the message names the file and the entry."""


@dataclass(frozen=True, slots=True)
class Palette:
    """Colours that replace the usual ones; what is not named keeps its own."""

    name: str
    monsters: dict[str, Color] = field(default_factory=dict)
    tints: dict[str, Color] = field(default_factory=dict)
    marks: dict[str, Color] = field(default_factory=dict)


def _colour(value: object, where: str) -> Color:
    if not (isinstance(value, list) and len(value) == 3 and all(
            isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in value)):
        raise PaletteError(f"{where}: must be [red, green, blue] in 0..255, got {value!r}")
    return value[0], value[1], value[2]


def load_palette(path: Path, name: str) -> Palette:
    """A palette file, checked: known sections, known monster keys, tints and marks."""
    try:
        data = read_toml(path)
    except (OSError, ValueError) as problem:
        raise PaletteError(f"{path}: {problem}") from None
    known = {kind.key for kind in default_bestiary().kinds}
    allowed = {"monsters": known, "tints": set(TINTS), "marks": set(MARKS)}
    sections: dict[str, dict[str, Color]] = {}
    for section, table in data.items():
        if section not in allowed or not isinstance(table, dict):
            raise PaletteError(f"{path}: unknown section {section!r} (want {sorted(allowed)})")
        for key in table:
            if key not in allowed[section]:
                raise PaletteError(f"{path}: [{section}] {key!r} is not one of its names")
        sections[section] = {key: _colour(value, f"{path}: [{section}] {key}")
                             for key, value in table.items()}
    return Palette(name, sections.get("monsters", {}), sections.get("tints", {}),
                   sections.get("marks", {}))


@functools.cache
def palette(name: str) -> Palette:
    """The palette called `name` (one of options.MAP_COLOURS), loaded once."""
    if name == COLOUR_BLIND:
        return load_palette(COLOURBLIND_PATH, name)
    return Palette(STANDARD)


def current() -> Palette:
    """The palette the options choose."""
    return palette(options.current().map_colours)


def monster_colour(kind: MonsterKind, chosen: Palette | None = None) -> Color:
    """A kind's colour in the palette (its bestiary colour unless the palette swaps it)."""
    return (chosen or current()).monsters.get(kind.key, kind.colour)


def actor_look(kind_key: str, glyph: str, colour: Color,
               chosen: Palette | None = None) -> tuple[str, Color]:
    """How an actor of `kind_key` is drawn: its kind's glyph and palette colour, or the actor's
    own look when its kind is not in the bestiary (the hero, a benchmark's soldiers)."""
    kind = _kinds().get(kind_key)
    if kind is None:
        return glyph, colour
    return kind.glyph, monster_colour(kind, chosen)


@functools.cache
def _kinds() -> dict[str, MonsterKind]:
    """The bestiary by key (the map looks up every monster in sight each frame)."""
    return {kind.key: kind for kind in default_bestiary().kinds}


def tint(name: str) -> Color | None:
    """A tile tint in the palette: a monster's state (None: unaware, no tint), or "ally" and
    "captive" when the palette swaps them (None: the renderer's own)."""
    chosen = current().tints.get(name)
    return chosen if chosen is not None else MONSTER_STATE_BG.get(name)


def asleep_dim() -> float:
    """How bright an asleep monster's glyph is drawn: dimmed in the standard palette; whole in
    the colour-blind one, whose asleep tint tells it and whose colours are kept apart undimmed."""
    return 1.0 if current().tints.get("asleep") else ASLEEP_DIM


PLAIN_EFFECTS: Final = frozenset({"decor", "clue", "terrain"})
"""Features that are only scenery or a hint, drawn bare like the floor; the rest (what you use,
hide behind, or should step round) stand on a plate of their own colour, so a feature is never
taken for an item lying there."""
PLATE: Final = 0.25
"""A feature's plate is its colour at this brightness."""


def feature_back(effect: str, colour: Color) -> Color | None:
    """The background a feature of `effect` is drawn on (None: the floor's own)."""
    if effect in PLAIN_EFFECTS:
        return None
    r, g, b = (int(c * PLATE) for c in colour)
    return r, g, b


def mark(name: str, default: Color) -> Color:
    """A mark's colour (a found trap, a spent one) in the palette."""
    return current().marks.get(name, default)
