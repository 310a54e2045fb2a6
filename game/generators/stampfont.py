"""A 3x5 bitmap font for stamping short text into a maze as blocks of closed cells.

A-Maze-ing stamps "42" in fully closed cells; this font lets the maze stamp any short text the same
way. Each glyph is 3 cells wide and 5 high ("#" closed, "." open); glyphs sit one open column apart.
Lower case is drawn as upper case.
"""

from __future__ import annotations

from typing import Final

import numpy as np
from numpy.typing import NDArray

GLYPH_WIDTH: Final = 3
GLYPH_HEIGHT: Final = 5
GAP: Final = 1

_ROWS: Final[dict[str, str]] = {
    "0": "### #.# #.# #.# ###",
    "1": ".#. ##. .#. .#. ###",
    "2": "### ..# ### #.. ###",
    "3": "### ..# ### ..# ###",
    "4": "#.# #.# ### ..# ..#",
    "5": "### #.. ### ..# ###",
    "6": "### #.. ### #.# ###",
    "7": "### ..# ..# ..# ..#",
    "8": "### #.# ### #.# ###",
    "9": "### #.# ### ..# ###",
    "A": "### #.# ### #.# #.#",
    "B": "##. #.# ##. #.# ##.",
    "C": "### #.. #.. #.. ###",
    "D": "##. #.# #.# #.# ##.",
    "E": "### #.. ##. #.. ###",
    "F": "### #.. ##. #.. #..",
    "G": "### #.. #.# #.# ###",
    "H": "#.# #.# ### #.# #.#",
    "I": "### .#. .#. .#. ###",
    "J": "..# ..# ..# #.# ###",
    "K": "#.# #.# ##. #.# #.#",
    "L": "#.. #.. #.. #.. ###",
    "M": "#.# ### ### #.# #.#",
    "N": "##. #.# #.# #.# #.#",
    "O": "### #.# #.# #.# ###",
    "P": "### #.# ### #.. #..",
    "Q": "### #.# #.# ### ..#",
    "R": "##. #.# ##. #.# #.#",
    "S": "### #.. ### ..# ###",
    "T": "### .#. .#. .#. .#.",
    "U": "#.# #.# #.# #.# ###",
    "V": "#.# #.# #.# #.# .#.",
    "W": "#.# #.# ### ### #.#",
    "X": "#.# #.# .#. #.# #.#",
    "Y": "#.# #.# .#. .#. .#.",
    "Z": "### ..# .#. #.. ###",
    " ": "... ... ... ... ...",
    "-": "... ... ### ... ...",
    ".": "... ... ... ... .#.",
    "!": ".#. .#. .#. ... .#.",
    "?": "### ..# .## ... .#.",
}

GLYPHS: Final[dict[str, NDArray[np.bool_]]] = {
    char: np.array([[c == "#" for c in row] for row in rows.split()], dtype=np.bool_)
    for char, rows in _ROWS.items()
}
SUPPORTED: Final = "".join(sorted(GLYPHS))


def unsupported(text: str) -> list[str]:
    """The distinct characters of `text` that have no glyph, in order of first appearance."""
    return list(dict.fromkeys(c for c in text.upper() if c not in GLYPHS))


def problem(text: str) -> str:
    """What keeps `text` from being stamped ("" when nothing): the first character the font
    lacks, named with the characters it has."""
    missing = unsupported(text)
    return f"no glyph for {missing[0]!r}; use {SUPPORTED!r}" if missing else ""


def size(text: str) -> tuple[int, int]:
    """(width, height) in cells of the stamped text, computed without drawing it."""
    if not text:
        return (0, 0)
    return (len(text) * (GLYPH_WIDTH + GAP) - GAP, GLYPH_HEIGHT)


def render(text: str) -> NDArray[np.bool_]:
    """The text as a boolean mask indexed [y, x]; True marks a closed cell."""
    missing = unsupported(text)
    if missing:
        raise ValueError(f"no glyph for {missing[0]!r}; the stamp font has {SUPPORTED!r}")
    width, height = size(text)
    mask = np.zeros((height, width), dtype=np.bool_)
    for i, char in enumerate(text.upper()):
        x = i * (GLYPH_WIDTH + GAP)
        mask[:, x : x + GLYPH_WIDTH] = GLYPHS[char]
    return mask
