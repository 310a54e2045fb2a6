"""Field of view: what the player sees this turn, and what the player remembers.

The hero sees a tile when it is in line of sight and lit enough (game.world.light: the hero's
own light, a lit room, a light feature, a glowing monster), or beside the hero. `floor.visible`
is that one predicate: everything that lists or draws what the hero sees reads it."""

from __future__ import annotations

import numpy as np
import tcod.constants
import tcod.map
from numpy.typing import NDArray

from game.world import light
from game.world.model import Floor

SIGHT_RADIUS = 12
LIGHT_REACH = 6
LIGHT_BONUS = 6
"""Within LIGHT_REACH of a light feature (a brazier, a lamp) the hero sees LIGHT_BONUS further;
standing on a height (a ladder, steps, a ledge: passage features) does the same."""


DARK_RADIUS = 2
"""How far a hero under a potion of darkness sees (no light helps)."""


def sight_radius(effects: dict[str, int]) -> int:
    """How far a creature with these conditions sees: DARK_RADIUS while darkened."""
    return DARK_RADIUS if "darkened" in effects else SIGHT_RADIUS


def transparency(floor: Floor) -> NDArray[np.bool_]:
    """See-through tiles of the live map: closed doors and opaque features block sight."""
    return floor.transparent()


def update_fov(floor: Floor, x: int, y: int, radius: int = SIGHT_RADIUS) -> None:
    """Recompute `visible` (and the light map) from (x, y) and add it to `explored`."""
    here = floor.features.get((x, y))
    lit = floor.lit(x, y, LIGHT_REACH) or (here is not None and here.effect == "passage")
    if lit and radius >= SIGHT_RADIUS:
        radius += LIGHT_BONUS
    see_through = transparency(floor)
    sight = tcod.map.compute_fov(
        see_through, (y, x), radius, True, tcod.constants.FOV_SYMMETRIC_SHADOWCAST
    )
    hero_reach = min(light.HERO_LIGHT.radius, radius)
    light_map = light.shine(floor, x, y, sight, see_through, radius, hero_reach)
    window: tuple[slice, slice] = (slice(max(0, y - radius), y + radius + 1),
                                   slice(max(0, x - radius), x + radius + 1))
    if radius <= 0:  # tcod's radius 0: no limit
        window = (slice(None), slice(None))
    seen = np.zeros_like(sight)
    seen[window] = sight[window] & light.seen_by_light(light_map[window])
    seen[max(0, y - 1):y + 2, max(0, x - 1):x + 2] = True
    floor.visible = seen
    floor.explored |= floor.visible
