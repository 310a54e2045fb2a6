"""Light on the map: the colour maths that turn the light map (game.world.light) into shades.

A seen tile (and what stands on it) is drawn at a brightness that grows with its light, from
SHADOW at the least light the hero sees by to full at a lit room's light, and tinted toward the
light's hue (a brazier warms, a wisp's glow blues). Remembered tiles are drawn at REMEMBERED
brightness, greyed: the tile table and the things on them by the same rule.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from game.ui.camera import Camera
from game.world.light import FULL, SEEN, brightness
from game.world.model import Floor

REMEMBERED: Final = 0.4
"""Brightness of explored tiles out of sight."""
GREY: Final = 0.6
"""How far remembered colours are mixed toward grey, so what is in sight stands out."""
SHADOW: Final = 0.55
"""Brightness of a seen tile in the least light the hero sees by."""
TINT: Final = 0.45
"""How far a light's hue colours what it falls on (0: white light only, 1: the full hue)."""
GLOW: Final = 34.0
"""What a light adds to a seen tile's background per unit of light (to 1): the floor itself
shows the light's pool and hue, as Brogue's do."""
Colour = tuple[int, int, int]


def remembered(colour: Colour) -> Colour:
    """A colour as drawn out of sight: dimmed and greyed, as the remembered tile table."""
    mean = sum(colour) / 3
    r, g, b = ((c * (1 - GREY) + mean * GREY) * REMEMBERED for c in colour)
    return int(r), int(g), int(b)


def factors(light: NDArray[np.float32]) -> NDArray[np.float32]:
    """Per channel, what a colour is multiplied by under `light` (height x width x 3)."""
    level = brightness(light)[..., None]
    span = (np.clip(level, SEEN, FULL) - SEEN) / (FULL - SEEN)
    bright = SHADOW + (1 - SHADOW) * span
    hue = 1 - TINT * (1 - light / np.maximum(level, 1e-6))
    result: NDArray[np.float32] = (bright * hue).astype(np.float32)
    return result


def _seen(floor: Floor, cam: Camera) -> tuple[Any, Any, NDArray[np.bool_]] | None:
    """(world slices, view slices, seen mask of the view) when there is light to shade by."""
    if floor.light is None or floor.light.shape[:2] != floor.tiles.shape:
        return None
    world, view = cam.slices(floor.width, floor.height)
    seen = floor.visible[world]
    return (world, view, seen) if seen.any() else None


def light_floor(grid: NDArray[Any], floor: Floor, cam: Camera) -> None:
    """Shade the backgrounds of the seen tiles of the map `grid` (the console's [y, x] cells)
    and add the light's pool to them: before the things are drawn, so the marks they set on
    the background (a monster's state, an ally) keep their exact colours."""
    found = _seen(floor, cam)
    if found is None:
        return
    world, view, seen = found
    light = floor.light[world][seen]  # type: ignore[index]
    bg = grid[: cam.height, : cam.width][view]["bg"]
    glow = np.clip(light, 0, 1) * GLOW
    bg[seen] = (bg[seen] * factors(light) + glow).clip(0, 255).astype(np.uint8)


def light_glyphs(grid: NDArray[Any], floor: Floor, cam: Camera) -> None:
    """Shade the glyphs of the seen cells (tiles and the things on them) by their light: after
    the things are drawn, so a monster in a brazier's glow is tinted as the floor it stands on."""
    found = _seen(floor, cam)
    if found is None:
        return
    world, view, seen = found
    times = factors(floor.light[world][seen])  # type: ignore[index]
    fg = grid[: cam.height, : cam.width][view]["fg"]
    fg[seen] = (fg[seen] * times).clip(0, 255).astype(np.uint8)
