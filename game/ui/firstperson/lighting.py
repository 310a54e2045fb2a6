"""The player's torchlight: warm and bright close by, cooler and dimmer far off, gone past the
sight radius. Everything drawn in the view is multiplied by it."""

from __future__ import annotations

from typing import Final

import numpy as np

from game.ui.firstperson.projection import NEAR, Floats

TORCH: Final = 4.0
"""Distance at which the player's torchlight has halved."""
AMBIENT: Final = 0.2
"""Light left far from the torch, so all the player sees can be made out."""
NEAR_TINT: Final = np.array((1.0, 0.9, 0.72))
FAR_TINT: Final = np.array((0.72, 0.8, 1.0))
SIDE_SHADE: Final = 0.8
"""Side walls take less light than walls facing the player."""


def light(z: Floats, depth: int) -> Floats:
    """[n, 3] RGB light at distances `z`: warm torchlight falling off, cooler far away, none past
    the sight radius."""
    fall = AMBIENT + (1 - AMBIENT) / (1.0 + (z / TORCH) ** 2)
    edge = np.clip((depth + 1 + NEAR - z) / 1.5, 0.0, 1.0)
    warmth = np.clip(z / (2 * TORCH), 0.0, 1.0)[:, None]
    tint = NEAR_TINT * (1 - warmth) + FAR_TINT * warmth
    result: Floats = (fall * edge)[:, None] * tint
    return result
