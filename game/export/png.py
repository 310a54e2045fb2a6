"""The PNG floor export: the floor drawn with the game's tileset, or as colour blocks when large.

Glyph images grow 10x16 pixels per tile, so past about 4096 pixels on a side (a 410-wide or
257-tall floor) each tile becomes a k x k block of one colour instead, k chosen to keep the
image near 4096 pixels. Both paths are whole-array numpy work and need no window.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import tcod.console
from numpy.typing import NDArray

from game import assets, tiles
from game.export.pngfile import encode_png
from game.floorplan import FloorPlan

MAX_SIDE: Final = 4096


def _block_colours() -> NDArray[np.uint8]:
    """Per tile id: its foreground colour, floor at half brightness so walls and features stand
    out against it."""
    colours = np.array(tiles.TILES["fg"], dtype=np.uint8)
    colours[tiles.FLOOR] //= 2
    colours.flags.writeable = False
    return colours


BLOCK_COLOURS: Final = _block_colours()


def block_scale(width: int, height: int) -> int:
    """Pixels per tile side in the block image."""
    return max(1, MAX_SIDE // max(width, height))


def uses_glyphs(width: int, height: int) -> bool:
    """Whether a floor this size fits MAX_SIDE when drawn with the tileset."""
    tileset = assets.tileset()
    return width * tileset.tile_width <= MAX_SIDE and height * tileset.tile_height <= MAX_SIDE


def glyph_pixels(tile_ids: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """RGB image of the tiles drawn with their glyph and colours, (h*tile_h, w*tile_w, 3)."""
    height, width = tile_ids.shape
    console = tcod.console.Console(width, height, order="C")  # arrays indexed [y, x], like ours
    table = tiles.TILES[tile_ids]
    console.rgb["ch"] = table["glyph"]
    console.rgb["fg"] = table["fg"]
    console.rgb["bg"] = table["bg"]
    rgba = assets.tileset().render(console)
    return np.ascontiguousarray(rgba[:, :, :3])  # every cell has an opaque background


def block_pixels(tile_ids: NDArray[np.uint8], scale: int) -> NDArray[np.uint8]:
    """RGB image with each tile a scale x scale block of its block colour."""
    colours = BLOCK_COLOURS[tile_ids]
    return np.repeat(np.repeat(colours, scale, axis=0), scale, axis=1)


def floor_png(plan: FloorPlan) -> bytes:
    """The floor as PNG bytes (RGB): glyphs when they fit MAX_SIDE, colour blocks otherwise."""
    if uses_glyphs(plan.width, plan.height):
        pixels = glyph_pixels(plan.tiles)
    else:
        pixels = block_pixels(plan.tiles, block_scale(plan.width, plan.height))
    return encode_png(pixels)
