"""The floor and the vault above it: for every pixel, which view cell's floor or ceiling it shows,
which part of that cell (flagstone, seam, inner square, step line), and how lit it is; and the
colour of each part by cell kind, so a frame colours the whole floor with one gather."""

from __future__ import annotations

from typing import Final

import numpy as np
from numpy.typing import NDArray

from game.ui.firstperson.grid import DOWN, FRAME, KINDS, OPEN, PORTAL, TRAP, UP
from game.ui.firstperson.lighting import light
from game.ui.firstperson.projection import NEAR, Floats, Projection

SEAM: Final = 0.025
"""Half the width of the seams between flagstones (and ceiling beams), in cells."""
SEAM_REACH: Final = 7.0
FLOOR_CLASSES: Final = 12
"""Floor pixel classes: 4 by place in the cell (stone, seam, inner square, step line) times 3 by
distance from its centre (outside, ring, disc); ceiling classes follow, offset by this."""


def floor_and_ceiling(view: Projection) -> tuple[NDArray[np.intp], NDArray[np.intp], Floats]:
    """Per pixel: the view cell (flat index; one past the end for none) of the floor or ceiling
    it shows, its class (which part of the cell), and its light."""
    rows, columns = np.indices((view.height, view.width))
    ry, rx = view.ray_y(rows).ravel(), view.ray_x(columns).ravel()
    z = 0.5 / np.maximum(np.abs(ry), 1e-9)
    x = rx * z
    k = np.floor(z - NEAR)
    sideways = np.floor(x + 0.5)
    valid = (k <= view.depth) & (np.abs(sideways) <= view.lateral)
    k, sideways = np.where(valid, k, 0), np.where(valid, sideways, 0)
    cell = np.where(valid, k * view.span + sideways + view.lateral, (view.depth + 1) * view.span)
    a, b = x - sideways + 0.5, z - NEAR - k
    place = _place_class(a, b, z, view)
    radius = np.hypot(a - 0.5, b - 0.5)
    ring = np.where(radius < 0.24, 2, np.where(radius < 0.38, 1, 0))
    classes = place * 3 + ring + np.where(ry > 0, FLOOR_CLASSES, 0)
    shade = light(np.where(valid, z, 1e9), view.depth)
    return cell.astype(np.intp), classes.astype(np.intp), shade


def _place_class(a: Floats, b: Floats, z: Floats, view: Projection) -> NDArray[np.int_]:
    """0 flagstone, 1 seam between cells, 2 inner square, 3 a step line across it.

    Seams are at least a pixel wide wherever they are (a thinner line would break into dots),
    and stop where the cells get too small to show them.
    """
    across = np.minimum(a, 1 - a) < np.maximum(SEAM, 0.5 * z / view.fx)
    along = np.minimum(b, 1 - b) < np.maximum(SEAM, z * z / view.fy)  # 0.5 px of floor depth
    seam = (across | along) & (z < SEAM_REACH)
    inner = (np.abs(a - 0.5) < 0.36) & (np.abs(b - 0.5) < 0.36)
    step = inner & (((b - 0.14) * 5) % 1 < 0.22)
    result: NDArray[np.int_] = np.where(step, 3, np.where(inner, 2, np.where(seam, 1, 0)))
    return result


def _floor_table() -> Floats:
    """[kind, class, rgb] colours of floor and ceiling pixels before light."""
    table = np.zeros((KINDS, 2 * FLOOR_CLASSES, 3), dtype=np.float64)
    stone, seam = (74, 68, 60), (52, 47, 42)
    vault, beam = (36, 33, 32), (22, 19, 17)
    for kind in (OPEN, DOWN, UP, PORTAL, TRAP, FRAME, FRAME + 1, FRAME + 2):
        table[kind, :FLOOR_CLASSES] = stone
        table[kind, 3:6] = seam
        table[kind, FLOOR_CLASSES:] = vault
        table[kind, FLOOR_CLASSES + 3 : FLOOR_CLASSES + 6] = beam
    table[DOWN, 6:9], table[DOWN, 9:12] = (6, 6, 8), (40, 38, 36)  # a pit with steps going down
    table[UP, 6:9], table[UP, 9:12] = (104, 96, 86), (44, 40, 36)  # steps going up
    table[UP, FLOOR_CLASSES + 6 : FLOOR_CLASSES + 12] = (8, 8, 10)  # and a hole above them
    for place in range(4):
        table[PORTAL, place * 3 + 1] = (80, 210, 255)
        table[PORTAL, place * 3 + 2] = (24, 70, 100)
        table[TRAP, place * 3 + 2] = (150, 30, 26)
    return table


FLOOR_TABLE: Final = _floor_table()
FLOOR_TABLE.flags.writeable = False
