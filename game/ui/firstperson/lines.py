"""The Labyrinth style: the view drawn as the 1980 original drew it, in lines on black.

Labyrinth (Computing Today, January 1980) drew its maze with horizontal, vertical and diagonal
lines (`|`, `—`, `/`, `\\`): one display routine per depth, each decoding one cell straight ahead
into its left wall or opening, its right wall or opening and the wall ahead. A wall beside the
player is a panel outline whose top and bottom run as diagonals toward the middle; an opening to
a side passage shows the passage's far wall face-on one depth further in (a depth step); a wall
ahead is a rectangle and ends the picture.

Delve's floors are tile grids, so a tile is a cell and a wall tile a solid cell: the thin walls
of Labyrinth's maze are the wall tiles between a maze floor's cells (the generator already lays
them out so), and the view looks down corridors tile by tile. The routine per depth is the
painter's: depth by depth, far to near and outside in, each shown face (the same faces as the
block view's) is filled with black and outlined, so nearer walls hide the lines behind them.
That draws Labyrinth's picture in corridors and still draws rooms and caves. The walk straight
ahead goes past the sight radius, as Labyrinth's does, until a wall ends the corridor or its
frames shrink to a point; off the walk, only cells the player sees are drawn. Closed doors show
their leaf, open doors their frame, stairs an opening in the floor or the vault; monsters and
items stand in their cells as in the block view. Everything is one line colour, which the
colour theme recolours with the rest of the screen.
"""

from __future__ import annotations

import functools
from typing import Final, NamedTuple

import numpy as np
from numpy.typing import NDArray

from game.ui.firstperson.grid import DOOR, DOWN, FRAME, OPEN, UNSEEN, UP, WALL, view_grid
from game.ui.firstperson.picture import shown_faces
from game.ui.firstperson.projection import NEAR, Z_CLIP, Floats, Projection, pixel_range
from game.ui.firstperson.sprites import paint_sprite, sprites_in_view
from game.ui.firstperson.textures import LEAF
from game.world.fov import SIGHT_RADIUS
from game.world.model import Floor, Game

LINE: Final = (225, 225, 215)
"""The one line colour (the TRITON's white on black; a theme recolours it like all else)."""
SMALLEST: Final = 2.0
"""Pixels: the walk stops where a cell's face would be shorter than this (the view's end)."""
HOLE: Final = 0.36
"""Half the side of a stairwell's opening in the floor or vault, in cells."""

Point2 = tuple[float, float]
"""A point on the floor plane in view space: (x right, z ahead)."""


class Panel(NamedTuple):
    """A wall's quad on screen: its left and right edges are vertical, at columns `x0` < `x1`,
    each running from a top row to a bottom row (fractional pixels)."""

    x0: float
    top0: float
    bottom0: float
    x1: float
    top1: float
    bottom1: float


@functools.lru_cache(maxsize=4)
def line_projection(columns: int, rows: int) -> Projection:
    """The block view's camera, but deep enough for a corridor's frames to shrink to a point."""
    probe = Projection(columns, rows)
    return Projection(columns, rows, max(SIGHT_RADIUS, int(probe.fy / SMALLEST)))


def line_pixels(game: Game, facing: int, columns: int, rows: int) -> NDArray[np.uint8]:
    """The Labyrinth-style picture as [2 * rows, 2 * columns, 3] RGB pixels; reads the game
    only."""
    view = line_projection(columns, rows)
    kinds, closed = line_grid(game.floor, game.player.pos, facing, view.depth, view.lateral)
    pixels = np.zeros((view.height * view.width, 3), dtype=np.uint8)
    front, side = shown_faces(kinds, closed)
    stairs = (kinds == DOWN) | (kinds == UP)
    stairs[0] = False  # not the player's own: its rim is overhead or underfoot
    order = _painting_order(columns, rows)
    todo = order[(front | side | stairs).ravel()[order]]
    depth_of = todo // view.span
    sprites = sprites_in_view(game, facing, view)
    for k in range(view.depth, -1, -1):
        for flat in todo[depth_of == k].tolist():
            sideways = flat % view.span - view.lateral
            if stairs.flat[flat]:
                _stairwell(pixels, view, k, sideways, up=kinds.flat[flat] == UP)
            if side.flat[flat]:
                _face(pixels, view, _side_base(k, sideways), int(kinds.flat[flat]))
            if front.flat[flat]:
                _face(pixels, view, _front_base(k, sideways), int(kinds.flat[flat]))
        for sprite in sprites:
            if sprite.k == k:
                paint_sprite(pixels, view, sprite)
    picture: NDArray[np.uint8] = pixels.reshape(view.height, view.width, 3)
    return picture


@functools.lru_cache(maxsize=4)
def _painting_order(columns: int, rows: int) -> NDArray[np.intp]:
    """The view grid's cells (flat indices) far to near and, at each depth, outside in."""
    view = line_projection(columns, rows)
    k, across = np.divmod(np.arange((view.depth + 1) * view.span), view.span)
    order: NDArray[np.intp] = np.lexsort((-abs(across - view.lateral), -k)).astype(np.intp)
    return order


def line_grid(floor: Floor, pos: tuple[int, int], facing: int, depth: int,
              lateral: int) -> tuple[NDArray[np.uint8], NDArray[np.bool_]]:
    """The view grid's kinds and closed cells (game.ui.firstperson.grid), with Labyrinth's walk
    added: each cell straight ahead and the cells either side of it, until a wall, whether the
    player's sight reaches them or not (past an opening, the next cell's side is the side
    passage's far wall: the depth step)."""
    kinds, closed, _ = view_grid(floor, pos, facing, depth, lateral)
    walk = np.zeros_like(closed)
    for k in range(depth + 1):
        walk[k, lateral - 1 : lateral + 2] = True
        if closed[k, lateral]:
            break
    added = walk & (kinds == UNSEEN)
    kinds[added] = np.where(closed[added], WALL, OPEN)
    return kinds, closed


def _front_base(k: int, sideways: int) -> tuple[Point2, Point2]:
    """The foot of a cell's face toward the player, left end first."""
    z = k + NEAR
    return (sideways - 0.5, z), (sideways + 0.5, z)


def _side_base(k: int, sideways: int) -> tuple[Point2, Point2]:
    """The foot of a cell's face toward the line of sight, near end first."""
    plane = sideways + (0.5 if sideways < 0 else -0.5)
    return (plane, k + NEAR), (plane, k + 1 + NEAR)


def _panel(view: Projection, base: tuple[Point2, Point2], u0: float, u1: float,
           height: float) -> Panel:
    """The screen quad of the part of a face from `u0` to `u1` along its foot, from the floor to
    `height` (0..1 of the wall); points behind the eye are pulled up to the near clip."""
    (ax, az), (bx, bz) = base
    ends = []
    for u in (u0, u1):
        x, z = ax + u * (bx - ax), max(Z_CLIP, az + u * (bz - az))
        ends.append((view.screen_x(x, z), view.screen_y(height - 0.5, z),
                     view.screen_y(-0.5, z)))
    (x0, t0, b0), (x1, t1, b1) = sorted(ends)
    return Panel(x0, t0, b0, x1, t1, b1)


def _face(pixels: NDArray[np.uint8], view: Projection, base: tuple[Point2, Point2],
          kind: int) -> None:
    """One wall face: filled black (hiding what is behind it) and outlined; a closed door's leaf
    outlined on it, an open door's opening left unfilled so the way through shows."""
    whole = _panel(view, base, 0.0, 1.0, 1.0)
    if kind < DOOR:
        _fill(pixels, view, whole)
        _outline(pixels, view, whole)
        return
    left, right, top = LEAF
    leaf = _panel(view, base, left, right, top)
    _fill(pixels, view, whole, hole=leaf if kind >= FRAME else None)
    _outline(pixels, view, whole)
    _outline(pixels, view, leaf, floor_edge=False)


def _stairwell(pixels: NDArray[np.uint8], view: Projection, k: int, sideways: int,
               up: bool) -> None:
    """Stairs: the outline of an opening in the floor (down) or in the vault (up)."""
    y = 0.5 if up else -0.5
    near, far = max(Z_CLIP, k + 0.5 + NEAR - HOLE), k + 0.5 + NEAR + HOLE
    corners = [(view.screen_x(sideways + dx, z), view.screen_y(y, z))
               for dx, z in ((-HOLE, near), (HOLE, near), (HOLE, far), (-HOLE, far))]
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True):
        _line(pixels, view, x0, y0, x1, y1)


def _columns(view: Projection, panel: Panel) -> tuple[NDArray[np.intp], Floats, Floats]:
    """The pixel columns a panel covers, and its top and bottom row (fractional) at each."""
    columns = np.array(pixel_range(panel.x0, panel.x1, view.width), dtype=np.intp)
    t = np.asarray((columns + 0.5 - panel.x0) / max(panel.x1 - panel.x0, 1e-9), dtype=np.float64)
    top = panel.top0 + t * (panel.top1 - panel.top0)
    return columns, top, panel.bottom0 + t * (panel.bottom1 - panel.bottom0)


def _inside(view: Projection, panel: Panel) -> NDArray[np.intp]:
    """The flat indices of the pixels whose centres lie inside a panel."""
    columns, top, bottom = _columns(view, panel)
    centres = np.arange(view.height)[:, None] + 0.5
    inside = (centres >= top[None, :]) & (centres < bottom[None, :])
    rows, which = np.nonzero(inside)
    result: NDArray[np.intp] = (rows * view.width + columns[which]).astype(np.intp)
    return result


def _fill(pixels: NDArray[np.uint8], view: Projection, panel: Panel,
          hole: Panel | None = None) -> None:
    """Black over a panel (except inside `hole`): what lies behind it is hidden."""
    inside = _inside(view, panel)
    if hole is not None:
        inside = np.setdiff1d(inside, _inside(view, hole), assume_unique=True)
    pixels[inside] = 0


def _outline(pixels: NDArray[np.uint8], view: Projection, panel: Panel,
             floor_edge: bool = True) -> None:
    """A panel's four edges in the line colour (a door leaf has no line along the floor)."""
    x0, t0, b0, x1, t1, b1 = panel
    _line(pixels, view, x0, t0, x1, t1)
    if floor_edge:
        _line(pixels, view, x0, b0, x1, b1)
    _line(pixels, view, x0, t0, x0, b0)
    _line(pixels, view, x1, t1, x1, b1)


def _line(pixels: NDArray[np.uint8], view: Projection, x0: float, y0: float, x1: float,
          y1: float) -> None:
    """A one-pixel line between two points (fractional pixels), clipped to the picture."""
    steps = int(np.ceil(max(abs(x1 - x0), abs(y1 - y0))))
    t = np.arange(steps + 1) / max(steps, 1)
    xs = np.floor(x0 + t * (x1 - x0)).astype(np.intp)
    ys = np.floor(y0 + t * (y1 - y0)).astype(np.intp)
    keep = (xs >= 0) & (xs < view.width) & (ys >= 0) & (ys < view.height)
    pixels[ys[keep] * view.width + xs[keep]] = LINE
