"""Field of view: what the player sees this turn, and what the player remembers."""

from __future__ import annotations

import numpy as np
import tcod.constants
import tcod.map
from numpy.typing import NDArray

from game.world.model import Floor

SIGHT_RADIUS = 12


def transparency(floor: Floor) -> NDArray[np.bool_]:
    """See-through tiles of the live map: closed doors and opaque features block sight."""
    return floor.transparent()


def update_fov(floor: Floor, x: int, y: int, radius: int = SIGHT_RADIUS) -> None:
    """Recompute `visible` from (x, y) and add it to `explored`."""
    floor.visible = tcod.map.compute_fov(
        transparency(floor), (y, x), radius, True, tcod.constants.FOV_SYMMETRIC_SHADOWCAST
    )
    floor.explored |= floor.visible
