"""Render assets/tileset.png: a 16x16 CP437 tilesheet of 10x16 tiles from DejaVu Sans Mono.

Re-run with `.venv/bin/python tools/make_tileset.py` (needs fonts-dejavu-core installed).

libtcod shrinks a TrueType font until its widest glyph fits the tile, which leaves DejaVu's
letters about 6 pixels tall in a 10x16 tile. So the font is rendered into tiles as wide as it
needs (each glyph centred) and the middle 10 columns are kept. The font's box-drawing, shade and
block glyphs are narrower than the tile and would not join, so CP437 176-223 are drawn here
(tcod's procedural_block_elements draws the same blocks but warns: it calls a deprecated method).
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Final

import numpy as np
import tcod.tileset
from numpy.typing import NDArray

from game.assets import ASSETS_DIR, TILESET_PATH
from game.export.pngfile import encode_png

Index = tuple[slice, slice]  # a rectangle of a tile, [y, x]

FONT: Final = Path("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
LICENCE: Final = Path("/usr/share/doc/fonts-dejavu-core/copyright")
TILE_W: Final = 10
TILE_H: Final = 16
GRID: Final = 16

# Single lines are 2 pixels thick and centred; a double line is two 2-pixel strokes around a
# 2-pixel gap that lies where a single line would. Spans are [start, stop) across the tile.
_LINE: Final = {"v": (4, 6), "h": (7, 9)}
_BAND: Final = {"v": (2, 8), "h": (5, 11)}
_CROSS: Final = {"v": "h", "h": "v"}
_ARMS: Final = (("v", False), ("v", True), ("h", False), ("h", True))  # up, down, left, right

# CP437 box drawing: the weight of the up, down, left and right arms; 0 none, 1 single, 2 double.
_BOX: Final = {
    "│": "1100", "┤": "1110", "╡": "1120", "╢": "2210", "╖": "0210", "╕": "0120", "╣": "2220",
    "║": "2200", "╗": "0220", "╝": "2020", "╜": "2010", "╛": "1020", "┐": "0110", "└": "1001",
    "┴": "1011", "┬": "0111", "├": "1101", "─": "0011", "┼": "1111", "╞": "1102", "╟": "2201",
    "╚": "2002", "╔": "0202", "╩": "2022", "╦": "0222", "╠": "2202", "═": "0022", "╬": "2222",
    "╧": "1022", "╨": "2011", "╤": "0122", "╥": "0211", "╙": "2001", "╘": "1002", "╒": "0102",
    "╓": "0201", "╫": "2211", "╪": "1122", "┘": "1010", "┌": "0101",
}  # fmt: skip

# Shades as 2x2 dither patterns: the tile's sides are even, so they tile without seams.
_SHADES: Final = {"░": ((1, 0), (0, 0)), "▒": ((1, 0), (0, 1)), "▓": ((1, 1), (1, 0))}
_HALF_H: Final = TILE_H // 2
_HALF_W: Final = TILE_W // 2
_BLOCKS: Final = {
    "█": np.s_[:, :],
    "▄": np.s_[_HALF_H:, :],
    "▌": np.s_[:, :_HALF_W],
    "▐": np.s_[:, _HALF_W:],
    "▀": np.s_[:_HALF_H, :],
}


def font_alpha(font: tcod.tileset.Tileset, codepoint: int) -> NDArray[np.uint8]:
    """The glyph's coverage, cropped to the middle TILE_W columns of the wide font tile."""
    left = (font.tile_width - TILE_W) // 2
    return font.get_tile(codepoint)[:, left : left + TILE_W, 3]


def _arm(axis: str, towards_end: bool, reach: tuple[int, int], band: tuple[int, int]) -> Index:
    """The rectangle of an arm: `band` across, and along from its tile edge to the far side of
    `reach`, the span it must cover on the crossing axis."""
    lo, hi = reach
    size = TILE_H if axis == "v" else TILE_W
    along = slice(lo, size) if towards_end else slice(0, hi)
    across = slice(*band)
    return (along, across) if axis == "v" else (across, along)


def box_alpha(weights: str) -> NDArray[np.uint8]:
    """A box-drawing glyph whose lines meet the tile edges in the same place in every glyph.

    Double arms are filled bands with their gap carved up to the centre; single arms are drawn
    last, so a single line running straight through crosses a double line's gap. A single arm
    ending at a double line that runs through stops at its near stroke (as in ╟ and ╤).
    """
    up, down, left, right = (int(char) for char in weights)
    through = {"v": bool(up and down), "h": bool(left and right)}
    heaviest = {"v": max(up, down), "h": max(left, right)}
    arms = list(zip((up, down, left, right), _ARMS, strict=True))
    doubles = [arm for weight, arm in arms if weight == 2]
    singles = [arm for weight, arm in arms if weight == 1]
    tile = np.zeros((TILE_H, TILE_W), dtype=np.uint8)
    for axis, end in doubles:
        cross = _CROSS[axis]
        reach = _BAND[cross] if heaviest[cross] == 2 else _LINE[cross]
        tile[_arm(axis, end, reach, _BAND[axis])] = 255
    for axis, end in doubles:
        tile[_arm(axis, end, _LINE[_CROSS[axis]], _LINE[axis])] = 0
    for axis, end in singles:
        cross = _CROSS[axis]
        if heaviest[cross] == 2 and through[cross] and not through[axis]:
            reach = _LINE[cross][::-1]  # swapped: the arm ends where the gap does, at the stroke
        else:
            reach = _BAND[cross] if heaviest[cross] == 2 else _LINE[cross]
        tile[_arm(axis, end, reach, _LINE[axis])] = 255
    return tile


def shade_alpha(pattern: tuple[tuple[int, int], tuple[int, int]]) -> NDArray[np.uint8]:
    """A dithered shade: the 2x2 pattern repeated over the tile."""
    cell = np.array(pattern, dtype=np.uint8) * 255
    return np.tile(cell, (TILE_H // 2, TILE_W // 2))


def block_alpha(part: Index) -> NDArray[np.uint8]:
    """A block element: the given part of the tile solid."""
    tile = np.zeros((TILE_H, TILE_W), dtype=np.uint8)
    tile[part] = 255
    return tile


def glyph_alphas() -> dict[int, NDArray[np.uint8]]:
    """Coverage of every CP437 glyph by codepoint: the font's, then the drawn ones over it."""
    font = tcod.tileset.load_truetype_font(FONT, 0, TILE_H)  # width 0: as wide as the font needs
    if font.tile_width < TILE_W:
        raise ValueError(f"font tiles are {font.tile_width} wide, narrower than {TILE_W}")
    alphas = {cp: font_alpha(font, cp) for cp in tcod.tileset.CHARMAP_CP437}
    alphas.update({ord(char): block_alpha(part) for char, part in _BLOCKS.items()})
    alphas.update({ord(char): shade_alpha(pattern) for char, pattern in _SHADES.items()})
    alphas.update({ord(char): box_alpha(weights) for char, weights in _BOX.items()})
    return alphas


def tilesheet(alphas: dict[int, NDArray[np.uint8]]) -> NDArray[np.uint8]:
    """White RGBA sheet, glyph coverage as alpha; grid cell i holds CP437 code i, row-major."""
    stack = np.stack([alphas[cp] for cp in tcod.tileset.CHARMAP_CP437])
    grid = stack.reshape(GRID, GRID, TILE_H, TILE_W).transpose(0, 2, 1, 3)
    alpha = grid.reshape(GRID * TILE_H, GRID * TILE_W)
    sheet = np.full((*alpha.shape, 4), 255, dtype=np.uint8)
    sheet[:, :, 3] = alpha
    return sheet


def main() -> None:
    ASSETS_DIR.mkdir(exist_ok=True)
    TILESET_PATH.write_bytes(encode_png(tilesheet(glyph_alphas())))
    shutil.copyfile(LICENCE, ASSETS_DIR / "LICENSE-DejaVu.txt")


if __name__ == "__main__":
    main()
