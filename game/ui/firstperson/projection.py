"""The camera: how view space (x right, y up, z ahead, in cells; the eye at mid-wall) maps onto a
pixel buffer twice the console's size in each direction, shown 2x2 pixels per cell with
`Console.draw_semigraphics`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

import numpy as np
from numpy.typing import NDArray

from game.world.fov import SIGHT_RADIUS

Floats = NDArray[np.float64]

PIXEL_ASPECT: Final = 1.6
"""Height / width of one semigraphic pixel: half of a 10x16 cell of the project tileset."""
HALF_FOV_TAN: Final = 1.0
"""tan(half the horizontal field of view): 90 degrees, a dungeon crawler's usual."""
NEAR: Final = -0.25
"""Distance to the back edge of the player's cell: the eye is a quarter of the way into it, so
the side walls of its own cell show as the two columns Labyrinth draws at the first depth."""
Z_CLIP: Final = 0.05


@dataclass
class Projection:
    """The view's size in pixels, its focal lengths and how many cells it spans either side."""

    columns: int
    rows: int
    depth: int = SIGHT_RADIUS
    width: int = field(init=False)
    height: int = field(init=False)
    fx: float = field(init=False)
    fy: float = field(init=False)
    lateral: int = field(init=False)

    def __post_init__(self) -> None:
        self.width, self.height = 2 * self.columns, 2 * self.rows
        self.fx = self.width / 2 / HALF_FOV_TAN
        self.fy = self.fx / PIXEL_ASPECT
        self.lateral = int(np.ceil(HALF_FOV_TAN * (self.depth + 1 + NEAR) + 0.5))

    @property
    def span(self) -> int:
        """Columns of the view grid: the player's own and `lateral` either side."""
        return 2 * self.lateral + 1

    def ray_x(self, column: NDArray[np.int_] | NDArray[np.float64]) -> Floats:
        """x / z of the ray through the centre of pixel column `column`."""
        return np.asarray((column + 0.5 - self.width / 2) / self.fx, dtype=np.float64)

    def ray_y(self, row: NDArray[np.int_] | NDArray[np.float64]) -> Floats:
        """y / z (up positive, eye at mid-wall) of the ray through pixel row `row`."""
        return np.asarray((self.height / 2 - (row + 0.5)) / self.fy, dtype=np.float64)

    def screen_x(self, x: float, z: float) -> float:
        """The pixel column (fractional) a point of view space falls on."""
        return self.width / 2 + self.fx * x / z

    def screen_y(self, y: float, z: float) -> float:
        """The pixel row (fractional) a point of view space falls on."""
        return self.height / 2 - self.fy * y / z


def pixel_range(start: float, stop: float, limit: int) -> range:
    """Pixels whose centres lie in [start, stop), clipped to 0..limit."""
    first = max(0, int(np.ceil(start - 0.5)))
    last = min(limit, int(np.ceil(stop - 0.5)))
    return range(first, max(first, last))
