"""Where each view cell's walls land on the screen: for its front face (toward the player) and its
side face (toward the line of sight), the pixels covered, with texture coordinates and distance.
Computed once per console size."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from game.ui.firstperson.projection import NEAR, Z_CLIP, Floats, Projection, pixel_range


@dataclass(slots=True)
class Face:
    """The pixels one face of one cell covers, with texture coordinates (u across, v up, both
    0..1) and distance. Side faces run u from their near edge to their far edge."""

    index: NDArray[np.intp]
    u: Floats
    v: Floats
    z: Floats


def faces(view: Projection) -> tuple[dict[int, Face], dict[int, Face]]:
    """The front and side faces of every view cell within sight that reach the screen, by the
    cell's flat index in the view grid."""
    fronts: dict[int, Face] = {}
    sides: dict[int, Face] = {}
    for k in range(view.depth + 1):
        for sideways in range(-view.lateral, view.lateral + 1):
            if k * k + sideways * sideways > (view.depth + 1) ** 2:
                continue
            flat = k * view.span + sideways + view.lateral
            front = _front_face(view, k, sideways) if k > 0 else None
            side = _side_face(view, k, sideways) if sideways else None
            if front is not None:
                fronts[flat] = front
            if side is not None:
                sides[flat] = side
    return fronts, sides


def _front_face(view: Projection, k: int, sideways: int) -> Face | None:
    """The face toward the player: a rectangle on the plane of the cell's near edge."""
    z = k + NEAR
    xs = pixel_range(view.screen_x(sideways - 0.5, z), view.screen_x(sideways + 0.5, z),
                     view.width)
    ys = pixel_range(view.screen_y(0.5, z), view.screen_y(-0.5, z), view.height)
    if not xs or not ys:
        return None
    rows, columns = np.meshgrid(np.array(ys), np.array(xs), indexing="ij")
    u = np.clip(view.ray_x(columns) * z - (sideways - 0.5), 0, 1)
    v = np.clip(view.ray_y(rows) * z + 0.5, 0, 1)
    index = (rows * view.width + columns).ravel().astype(np.intp)
    return Face(index, u.ravel(), v.ravel(), np.full(index.size, z))


def _side_face(view: Projection, k: int, sideways: int) -> Face | None:
    """The face toward the line of sight: a trapezoid on the plane between this cell and the
    next one toward the middle, from the cell's near edge to its far edge."""
    plane = sideways + (0.5 if sideways < 0 else -0.5)
    near, far = max(k + NEAR, Z_CLIP), k + 1 + NEAR
    x0, x1 = sorted((view.screen_x(plane, near), view.screen_x(plane, far)))
    xs = pixel_range(x0, x1, view.width)
    ys = pixel_range(view.screen_y(0.5, near), view.screen_y(-0.5, near), view.height)
    if not xs or not ys:
        return None
    rows, columns = np.meshgrid(np.array(ys), np.array(xs), indexing="ij")
    slope = view.ray_x(columns)
    z = plane / np.where(slope * plane > 0, slope, np.inf)
    height = view.ray_y(rows) * z
    inside = (z >= near) & (z <= far) & (np.abs(height) <= 0.5)
    if not inside.any():
        return None
    index = (rows * view.width + columns)[inside].astype(np.intp)
    u = np.clip(z[inside] - (k + NEAR), 0, 1)
    return Face(index, u, np.clip(height[inside] + 0.5, 0, 1), z[inside])
