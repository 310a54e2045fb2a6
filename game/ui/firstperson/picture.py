"""One frame of the view as pixels: the floor and ceiling gathered by cell kind, then the faces of
the cells the player sees painted far to near (painter's order) from textures cached per layout
with the light already in them, each depth's sprites after its faces."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from game.ui.firstperson.floor_ceiling import FLOOR_TABLE
from game.ui.firstperson.grid import FACED, UNSEEN, view_grid
from game.ui.firstperson.layout import Layout, layout
from game.ui.firstperson.lighting import SIDE_SHADE, light
from game.ui.firstperson.sprites import Sprite, paint_sprite, sprites_in_view
from game.ui.firstperson.textures import face_colours
from game.world.model import Game


def view_pixels(game: Game, facing: int, columns: int, rows: int) -> NDArray[np.uint8]:
    """The first-person picture as [2 * rows, 2 * columns, 3] RGB pixels; reads the game only."""
    lay = layout(columns, rows)
    floor, pos = game.floor, game.player.pos
    kinds, closed, tone = view_grid(floor, pos, facing, lay.depth, lay.lateral)
    flat_kinds = np.append(kinds.ravel(), UNSEEN)
    shade = np.append(tone.ravel(), 0.0)[lay.floor_cell, None] * lay.floor_light
    colours = FLOOR_TABLE[flat_kinds[lay.floor_cell], lay.floor_class] * shade
    pixels = np.clip(colours, 0, 255).astype(np.uint8)
    _paint_cells(pixels, lay, kinds, closed, sprites_in_view(game, facing, lay))
    picture: NDArray[np.uint8] = pixels.reshape(lay.height, lay.width, 3)
    return picture


def _paint_cells(pixels: NDArray[np.uint8], lay: Layout, kinds: NDArray[np.uint8],
                 closed: NDArray[np.bool_], sprites: list[Sprite]) -> None:
    """Faces of the seen cells far to near, each depth's sprites after its faces."""
    shown_front, shown_side = shown_faces(kinds, closed)
    wanted = (shown_front | shown_side).ravel()
    todo = lay.order[wanted[lay.order]]
    depth_of = todo // lay.span
    flat_kinds = kinds.ravel()
    for k in range(lay.depth, -1, -1):
        for flat in todo[depth_of == k].tolist():
            kind = int(flat_kinds[flat])
            if shown_side.flat[flat] and flat in lay.sides:
                _paint_face(pixels, lay, flat, True, kind)
            if shown_front.flat[flat] and flat in lay.fronts:
                _paint_face(pixels, lay, flat, False, kind)
        for sprite in sprites:
            if sprite.k == k:
                paint_sprite(pixels, lay, sprite)


def shown_faces(kinds: NDArray[np.uint8],
                 closed: NDArray[np.bool_]) -> tuple[NDArray[np.bool_], NDArray[np.bool_]]:
    """Which seen faced cells show their front face (the cell before it is open) and their side
    face (the next cell toward the middle is open)."""
    faced = FACED[kinds]
    front = np.zeros_like(faced)
    front[1:] = faced[1:] & ~closed[:-1]
    middle = kinds.shape[1] // 2
    side = np.zeros_like(faced)
    side[:, :middle] = faced[:, :middle] & ~closed[:, 1 : middle + 1]
    side[:, middle + 1 :] = faced[:, middle + 1 :] & ~closed[:, middle:-1]
    return front, side


def _paint_face(pixels: NDArray[np.uint8], lay: Layout, flat: int, side: bool,
                kind: int) -> None:
    """One face of one cell, textured and lit the first time it is drawn, then from the cache."""
    key = (flat, side, kind)
    texture = lay.textures.get(key)
    if texture is None:
        face = (lay.sides if side else lay.fronts)[flat]
        painted, colour = face_colours(kind, face)
        lit = colour * light(face.z, lay.depth) * (SIDE_SHADE if side else 1.0)
        texture = (face.index[painted], np.clip(lit[painted], 0, 255).astype(np.uint8))
        lay.textures[key] = texture
    pixels[texture[0]] = texture[1]
