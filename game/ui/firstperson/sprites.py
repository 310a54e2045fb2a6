"""What stands in the cells: monsters and items as billboards (their glyph from the project
tileset, scaled up, outlined, over a shadow) and teleporters as a shimmer of light."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import NDArray

from game import assets
from game.content.items import kind_of
from game.ui import palette
from game.ui.describe import item_colour
from game.ui.firstperson.facing import STEP, turn_right
from game.ui.firstperson.lighting import light
from game.ui.firstperson.projection import NEAR, Z_CLIP, Floats, Projection, pixel_range
from game.world.model import Game

Box = tuple[NDArray[np.intp], NDArray[np.intp], Floats, Floats]
"""A billboard's pixel rows and columns, and where each falls across and down it (0..1)."""
Colour = tuple[int, int, int]

SPRITE_HEIGHT: Final = 0.75
"""A monster's height in walls (its glyph's inked part)."""
SPRITE_WIDTH: Final = 0.9
"""The widest a glyph may be, as a share of its height (a dash stays a small dash)."""
ITEM_HEIGHT: Final = 0.26
GLOW_SHAPE: Final = np.ones((2, 1), dtype=np.bool_)
"""A teleporter's shimmer: twice as high as wide."""
GLOW: Final = (40, 120, 150)
"""A teleporter's shimmer, added to what is behind it."""
OUTLINE: Final = (8, 6, 6)


@dataclass(slots=True)
class Sprite:
    """Something standing in a cell: a glyph (billboard) or a teleporter's glow."""

    k: int
    lateral: int
    glyph: int
    colour: Colour
    height: float


def sprites_in_view(game: Game, facing: int, view: Projection) -> list[Sprite]:
    """Seen monsters, items and teleporters in view coordinates (cells ahead, to the right),
    those farthest to the side first and the shorter first: the order they are painted in."""
    floor, (px, py) = game.floor, game.player.pos
    ahead, right = STEP[facing], STEP[turn_right(facing)]

    def place(x: int, y: int) -> tuple[int, int] | None:
        k = (x - px) * ahead[0] + (y - py) * ahead[1]
        sideways = (x - px) * right[0] + (y - py) * right[1]
        if 0 <= k <= view.depth and abs(sideways) <= view.lateral and floor.visible[y, x]:
            return k, sideways
        return None

    found: list[Sprite] = []
    for (x, y) in floor.teleports:
        spot = place(x, y)
        if spot is not None:
            found.append(Sprite(*spot, 0, GLOW, 0.95))  # glyph 0: the shimmer
    for item in floor.items:
        spot = place(item.x, item.y)
        if spot is not None:
            kind = kind_of(item.kind)
            colour = item_colour(game, item)
            found.append(Sprite(*spot, ord(kind.glyph), colour, ITEM_HEIGHT))
    for monster in floor.monsters:
        spot = place(monster.x, monster.y)
        if monster.alive and spot is not None:
            glyph, colour = palette.actor_look(monster.kind, monster.glyph, monster.color)
            found.append(Sprite(*spot, ord(glyph), colour, SPRITE_HEIGHT))
    found.sort(key=lambda s: (-abs(s.lateral), s.height))
    return found


@functools.lru_cache(maxsize=256)
def _glyph_mask(codepoint: int) -> NDArray[np.bool_]:
    """The glyph's inked pixels in the project tileset, cropped to their bounding box."""
    alpha = assets.tileset().get_tile(codepoint)[:, :, 3] > 96
    rows, columns = np.nonzero(alpha)
    if rows.size == 0:
        return np.zeros((1, 1), dtype=np.bool_)
    mask: NDArray[np.bool_] = alpha[rows.min() : rows.max() + 1, columns.min() : columns.max() + 1]
    return mask


def paint_sprite(pixels: NDArray[np.uint8], view: Projection, sprite: Sprite) -> None:
    """A billboard standing on the floor in the middle of its cell: a glyph of the tileset,
    outlined, over its shadow; or a teleporter's shimmer."""
    z = sprite.k + 0.5 + NEAR
    if z < 4 * Z_CLIP:
        return
    shape = GLOW_SHAPE if sprite.glyph == 0 else _glyph_mask(sprite.glyph)
    scale = min(sprite.height / shape.shape[0], SPRITE_WIDTH * sprite.height / shape.shape[1])
    high, wide = shape.shape[0] * scale, shape.shape[1] * scale
    box = _sprite_box(view, sprite.lateral, z, wide, high)
    if box is None:
        return
    rows, columns, across, down = box
    index = rows[:, None] * view.width + columns[None, :]
    lit = light(np.array([z]), view.depth)[0]
    if sprite.glyph == 0:
        _paint_glow(pixels, index, box, sprite, lit)
        return
    _paint_shadow(pixels, view, sprite.lateral, z, wide)
    gy = np.minimum((down * shape.shape[0]).astype(np.intp), shape.shape[0] - 1)
    gx = np.minimum((across * shape.shape[1]).astype(np.intp), shape.shape[1] - 1)
    ink = shape[gy[:, None], gx[None, :]]
    pixels[index[_grow(ink) & ~ink]] = OUTLINE
    shade = 0.7 + 0.5 * (1 - down)[:, None, None]
    colour = np.clip(np.array(sprite.colour) * lit * 1.25 * shade, 0, 255)
    pixels[index[ink]] = np.broadcast_to(colour, (*ink.shape, 3))[ink].astype(np.uint8)


def _sprite_box(view: Projection, centre: float, z: float, wide: float,
                high: float) -> Box | None:
    """The pixel rows and columns a billboard on the floor covers, and where each one falls
    across and down it (0..1); None when it is off the screen."""
    x0, x1 = view.screen_x(centre - wide / 2, z), view.screen_x(centre + wide / 2, z)
    y0, y1 = view.screen_y(high - 0.5, z), view.screen_y(-0.5, z)
    xs, ys = pixel_range(x0, x1, view.width), pixel_range(y0, y1, view.height)
    if not xs or not ys:
        return None
    rows, columns = np.array(ys, dtype=np.intp), np.array(xs, dtype=np.intp)
    across = np.asarray((columns + 0.5 - x0) / (x1 - x0), dtype=np.float64)
    return rows, columns, across, np.asarray((rows + 0.5 - y0) / (y1 - y0), dtype=np.float64)


def _paint_shadow(pixels: NDArray[np.uint8], view: Projection, centre: float, z: float,
                  wide: float) -> None:
    """A dark ellipse on the floor under a billboard, so it stands rather than floats."""
    cx, cy = view.screen_x(centre, z), view.screen_y(-0.5, z)
    rx, ry = view.fx * wide * 0.6 / z, max(0.8, view.fy * 0.5 * wide * 0.4 / z**2)
    xs = pixel_range(cx - rx, cx + rx, view.width)
    ys = pixel_range(cy - ry, cy + ry, view.height)
    if not xs or not ys:
        return
    rows, columns = np.array(ys)[:, None], np.array(xs)[None, :]
    inside = ((columns + 0.5 - cx) / rx) ** 2 + ((rows + 0.5 - cy) / ry) ** 2 <= 1
    index = (rows * view.width + columns)[inside]
    pixels[index] = (pixels[index] * 0.45).astype(np.uint8)


def _grow(mask: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """The mask spread one pixel in each of the four directions."""
    grown = mask.copy()
    grown[1:] |= mask[:-1]
    grown[:-1] |= mask[1:]
    grown[:, 1:] |= mask[:, :-1]
    grown[:, :-1] |= mask[:, 1:]
    return grown


def _paint_glow(pixels: NDArray[np.uint8], index: NDArray[np.int_], box: Box, sprite: Sprite,
                lit: Floats) -> None:
    """A teleporter's shimmer: slanted streaks added to the picture, brightest in the middle and
    at the floor, fading upward."""
    rows, columns, across, down = box
    streak = ((columns[None, :] * 2 + rows[:, None]) % 5) < 2
    middle = 1 - (2 * across - 1) ** 2
    strength = np.where(streak, 1.0, 0.3) * middle[None, :] * (0.15 + 0.85 * down[:, None] ** 2)
    add = np.array(sprite.colour) * lit * strength[:, :, None] * 2.4
    flat = index.ravel()
    pixels[flat] = np.clip(pixels[flat] + add.reshape(-1, 3), 0, 255).astype(np.uint8)
