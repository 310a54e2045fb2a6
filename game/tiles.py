"""The one tile table. Maps hold small integer ids (uint8) into it.

Axis convention, everywhere in this project: arrays are indexed `[y, x]` (row, column), numpy's
natural C order; points handed across interfaces are `(x, y)` tuples, as in the JSON export.
Ids are append-only: changing an id changes every fingerprint.
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numpy.typing import NDArray

tile_dtype: Final = np.dtype(
    [
        ("name", "U24"),
        ("walkable", np.bool_),
        ("transparent", np.bool_),
        ("char", "U1"),  # the ASCII export character
        ("glyph", np.int32),  # the codepoint drawn with the tileset
        ("fg", np.uint8, 3),
        ("bg", np.uint8, 3),
    ]
)

WALL: Final = 0
FLOOR: Final = 1
DOOR: Final = 2
TELEPORTER: Final = 3
STAIRS_DOWN: Final = 4
STAIRS_UP: Final = 5
OPEN_DOOR: Final = 6
"""A door the game has opened; generators only ever place closed DOOR tiles (or SECRET_DOOR)."""
SECRET_DOOR: Final = 7
"""A door not yet found: drawn, walked and seen as wall until a search (or magic mapping) turns it
into DOOR. A game master's map marks it `S`. Never the only way on (see game.dressing.checks)."""
TRAPDOOR: Final = 8
"""A trapdoor with a ladder down one floor (the Stairs table's "trapdoor plus ladder down")."""
SHAFT: Final = 9
"""A shaft up and down, one floor each way (the Stairs table's last row)."""
TRAPDOOR_UP: Final = 10
"""A trapdoor in the ceiling with a ladder up one floor: drawn apart from the one down."""

TILES: Final[NDArray[np.void]] = np.array(
    [
        ("wall", False, False, "#", ord("#"), (130, 110, 80), (40, 32, 24)),
        ("floor", True, True, ".", ord("."), (90, 90, 100), (12, 12, 16)),
        ("door", True, False, "+", ord("+"), (200, 150, 60), (40, 28, 10)),
        ("teleporter", True, True, "^", ord("Ω"), (120, 220, 255), (10, 30, 60)),
        ("stairs down", True, True, ">", ord(">"), (255, 255, 255), (30, 30, 30)),
        ("stairs up", True, True, "<", ord("<"), (255, 255, 255), (30, 30, 30)),
        ("open door", True, True, "'", ord("'"), (200, 150, 60), (12, 12, 16)),
        ("secret door", False, False, "S", ord("#"), (130, 110, 80), (40, 32, 24)),
        ("trapdoor, ladder down", True, True, "_", ord("≥"), (255, 255, 255), (30, 30, 30)),
        ("shaft", True, True, "*", ord("◙"), (255, 255, 255), (30, 30, 30)),
        ("trapdoor, ladder up", True, True, "-", ord("≤"), (255, 255, 255), (30, 30, 30)),
    ],
    dtype=tile_dtype,
)
TILES.flags.writeable = False

WALKABLE: Final[NDArray[np.bool_]] = TILES["walkable"]
TRANSPARENT: Final[NDArray[np.bool_]] = TILES["transparent"]

HERO_GLYPH: Final = "@"
HERO_COLOUR: Final = (255, 255, 255)
"""How the hero is drawn: content like a tile's look or a monster's bestiary glyph and colour,
kept here so the world never writes a colour."""

MERCHANT_GLYPH: Final = "☺"
MERCHANT_COLOUR: Final = (255, 205, 60)
"""How a merchant (a peddler, a shopkeeper) is drawn, in play and in the game master's key."""

TRAP_GLYPH: Final = "▲"
"""A found trap, in play and in the game master's key alike. Every glyph has one meaning
everywhere: `^` is a teleporter in the ASCII exports (drawn as its table glyph, Ω, elsewhere),
never a trap (tests/test_glyphs.py checks every table against every other)."""

TRAP_COLOUR: Final = (230, 40, 40)
SPENT_TRAP_COLOUR: Final = (120, 40, 40)
"""A found trap's colour, and a sprung one's (the palette may swap both)."""

CHAR_TO_ID: Final[dict[str, int]] = {str(c): i for i, c in enumerate(TILES["char"])}


DOORS: Final = (DOOR, SECRET_DOOR)
"""The tiles a plan's doors are drawn with."""
STAIRS: Final = (STAIRS_DOWN, STAIRS_UP, TRAPDOOR, SHAFT, TRAPDOOR_UP)
"""The tiles stairs of any kind are drawn with."""


def stairs_tile(kind: str, direction: str) -> int:
    """The tile a Stairs result is drawn with: each kind and direction its own (stairs up and
    down, a trapdoor's ladder up and down, the shaft). Dead-end stairs look like any other stairs
    until the hero learns where they lead."""
    if kind == "trapdoor_ladder":
        return TRAPDOOR_UP if direction == "up" else TRAPDOOR
    if kind == "shaft":
        return SHAFT
    return STAIRS_UP if direction == "up" else STAIRS_DOWN


def walkable(tiles: NDArray[np.uint8]) -> NDArray[np.bool_]:
    """Boolean mask of walkable tiles (doors and teleporters count; secret doors do not)."""
    result: NDArray[np.bool_] = WALKABLE[tiles]
    return result


def from_ascii(text: str) -> NDArray[np.uint8]:
    """A tile array from rows of export characters (for tests and hand-drawn maps)."""
    rows = [row for row in text.strip("\n").splitlines() if row.strip()]
    width = max(len(row) for row in rows)
    tiles = np.zeros((len(rows), width), dtype=np.uint8)
    for y, row in enumerate(rows):
        for x, char in enumerate(row.strip().ljust(width, "#")):
            if char not in CHAR_TO_ID:
                raise ValueError(f"unknown tile character {char!r} at x={x}, y={y}")
            tiles[y, x] = CHAR_TO_ID[char]
    return tiles


def to_ascii(tiles: NDArray[np.uint8]) -> list[str]:
    """Rows of export characters, `rows[y][x]`."""
    chars = TILES["char"][tiles]
    return ["".join(row) for row in chars]
