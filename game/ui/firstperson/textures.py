"""Wall and door textures: stone courses in running bond, and door leaves by material (planked
wood, stone blocks, riveted iron) in a jamb; an open door is its frame round an opening."""

from __future__ import annotations

from typing import Final

import numpy as np
from numpy.typing import NDArray

from game.ui.firstperson.faces import Face
from game.ui.firstperson.grid import DOOR, FRAME, MATERIALS, WALL
from game.ui.firstperson.projection import Floats

STONE: Final = np.array((122, 106, 88), dtype=np.float64)
MORTAR: Final = 0.5
COURSES: Final = 4
"""Brick courses per wall height (two bricks a course across a cell)."""
LEAF: Final = (0.22, 0.78, 0.8)
"""A door leaf's left and right edges (u) and top (v) on its cell's face."""
JAMB: Final = 0.06
MATERIAL_COLOURS: Final = (
    np.array((124, 76, 36), dtype=np.float64),  # wooden: brown
    np.array((132, 132, 128), dtype=np.float64),  # stone: grey
    np.array((66, 76, 90), dtype=np.float64),  # iron: dark steel
)
JAMB_COLOURS: Final = ((70, 42, 20), (92, 92, 90), (44, 50, 60))
BRASS: Final = np.array((214, 172, 70), dtype=np.float64)


def face_colours(kind: int, face: Face) -> tuple[NDArray[np.bool_], Floats]:
    """(painted?, [n, 3] colour before light) of a face of `kind` at each of its pixels."""
    colour = _bricks(face.u, face.v, face.z)
    painted = np.ones(face.u.size, dtype=np.bool_)
    if kind == WALL:
        return painted, colour
    material = (kind - DOOR) % len(MATERIALS)
    left, right, top = LEAF
    leaf = (face.u > left) & (face.u < right) & (face.v < top)
    jamb = ~leaf & (face.u > left - JAMB) & (face.u < right + JAMB) & (face.v < top + JAMB)
    colour[jamb] = JAMB_COLOURS[material]
    if kind >= FRAME:
        painted = ~leaf
    else:
        a = (face.u[leaf] - left) / (right - left)
        colour[leaf] = _leaf(material, a, face.v[leaf] / top)
    return painted, colour


def _bricks(u: Floats, v: Floats, z: Floats) -> Floats:
    """Stone courses in running bond; mortar fades out with distance, where it would alias."""
    course = np.floor(v * COURSES)
    along = u * 2 + (course % 2) * 0.5
    brick = np.floor(along)
    joint = ((v * COURSES) % 1 < 0.12) | (along % 1 < 0.05)
    fade = np.clip(1.6 - z / 4, 0, 1)
    grain = 0.9 + 0.1 * (((course * 7 + brick * 13) % 5) / 4)
    shade = np.where(joint, 1 - (1 - MORTAR) * fade, grain)
    corner = 0.78 + 0.22 * np.clip(np.minimum(v, 1 - v) / 0.12, 0, 1)
    result: Floats = STONE * (shade * corner)[:, None]
    return result


def _leaf(material: int, a: Floats, b: Floats) -> Floats:
    """A door leaf at leaf coordinates (a across, b up, 0..1): planks and bands for wood, a slab
    of blocks for stone, banded plates with rivets for iron; a brass handle on all."""
    base = MATERIAL_COLOURS[material]
    if material == 0:
        plank = np.floor(a * 5)
        shade = np.where((a * 5) % 1 < 0.1, 0.55, 0.9 + 0.05 * (plank % 3))
        shade = np.where((np.abs(b - 0.22) < 0.04) | (np.abs(b - 0.78) < 0.04), 0.45, shade)
    elif material == 1:
        row = np.floor(b * 3)
        seam = ((b * 3) % 1 < 0.06) | (((a + 0.5 * (row % 2)) * 2) % 1 < 0.04)
        shade = np.where(seam, 0.6, 0.95 + 0.05 * (row % 2))
    else:
        rivet = (((a * 4) % 1 - 0.5) ** 2 + (((b * 6) % 1 - 0.5) * 0.6) ** 2) < 0.03
        band = (b * 3) % 1 < 0.08
        shade = np.where(rivet, 1.7, np.where(band, 1.3, 1.0))
    colour: Floats = base * shade[:, None]
    handle = (np.abs(a - 0.82) < 0.05) & (np.abs(b - 0.48) < 0.035)
    colour[handle] = BRASS
    edge = (np.minimum(a, 1 - a) < 0.03) | (b > 0.97)
    colour[edge] *= 0.6
    return colour
