"""The light map: how brightly each tile is lit this turn, in colour (after Brogue CE's lit
rooms, dark caves and glowing braziers).

Light comes from the floor's character (its generator: caves and corridors dark, rooms lit, the
maze dim), from light-giving features and glowing monsters (assets/lights.toml), and from the
hero's own light, brightest underfoot. Each source shines through the floor's transparency (a
wall or a closed door stops it) and fades linearly to its radius.

The static part (the character and the features) is kept per floor and made again only when
the floor's transparency changes (a door opens); glowing monsters and the hero are added each
turn. Levels are float32, 0.. per channel: FULL is a lit room's level, SEEN the least light
the hero sees by. Everything is derived from the floor alone: no random draws, so the same floor
has the same light.
"""

from __future__ import annotations

import functools
import zlib
from dataclasses import dataclass
from typing import Final

import numpy as np
import tcod.constants
import tcod.map
from numpy.typing import NDArray

from game import tiles
from game.content.features import feature_kind
from game.content.lights import Light, default_lights, feature_light
from game.world.model import Floor

SEEN: Final = 0.08
"""The least light (brightest channel) the hero sees a tile by (beside the hero, any light)."""
FULL: Final = 0.5
"""A lit room's light: the renderer draws this bright and above it no brighter."""
BRIGHT: Final = 0.6
"""Light (not counting the hero's own) above which the hero stands out (stealth)."""
HERO_LIGHT: Final = Light(7, (1.0, 1.0, 1.0))
"""The hero's own light: white (what it falls on keeps its colours), full bright within half
its reach."""

Colour = tuple[float, float, float]
Image = NDArray[np.float32]


@dataclass(frozen=True, slots=True)
class Character:
    """How a generator's floors are lit: a light over every tile, and the share of its rooms
    (areas described as "a room") lit throughout, in `room` light."""

    ambient: Colour = (0.0, 0.0, 0.0)
    rooms: float = 0.0
    room: Colour = (FULL, FULL, FULL)


CHARACTERS: Final[dict[str, Character]] = {
    "bsp": Character(rooms=1.0, room=(0.5, 0.48, 0.42)),
    "power": Character(rooms=0.75, room=(0.44, 0.46, 0.55)),
    "tables": Character(rooms=0.65, room=(0.5, 0.45, 0.36)),
    "cave": Character(),
    "maze": Character(ambient=(0.16, 0.17, 0.22)),
}
"""Each generator's lighting: BSP rooms lit and corridors dark, the chambers of power and the
tables mostly lit, caves dark, the maze dim."""
PLAIN: Final = Character(ambient=(FULL, FULL, FULL))
"""A floor of no known generator (drawn by hand in tests, the benches): lit throughout."""


def character(generator: str) -> Character:
    """The lighting of a generator's floors."""
    return CHARACTERS.get(generator, PLAIN)


@dataclass(slots=True)
class _Static:
    """A floor's light without the hero and the monsters, and what it was made from."""

    generator: str
    transparent: NDArray[np.bool_]
    counts: tuple[int, int]
    light: Image


@functools.cache
def _falloff(radius: int) -> NDArray[np.float32]:
    """A (2r+1)-square of a light's strength round its source: 1 there, 1/(r+1) at r."""
    steps = np.arange(-radius, radius + 1, dtype=np.float32)
    distance = np.sqrt(steps[:, None] ** 2 + steps[None, :] ** 2)
    kernel: NDArray[np.float32] = np.clip(1 - distance / (radius + 1), 0, 1).astype(np.float32)
    kernel.flags.writeable = False
    return kernel


def _shine(light: Image, transparent: NDArray[np.bool_], x: int, y: int, source: Light,
           reach: NDArray[np.bool_] | None = None) -> None:
    """Add a source at (x, y) to `light`, through `transparent` (or over `reach`, the tiles it
    is known to reach), on the window round it only."""
    r = source.radius
    height, width = transparent.shape
    x0, x1, y0, y1 = max(0, x - r), min(width, x + r + 1), max(0, y - r), min(height, y + r + 1)
    if reach is None:
        lit = tcod.map.compute_fov(transparent[y0:y1, x0:x1], (y - y0, x - x0), r, True,
                                   tcod.constants.FOV_SYMMETRIC_SHADOWCAST)
    else:
        lit = reach[y0:y1, x0:x1]
    kernel = _falloff(r)[y0 - y + r:y1 - y + r, x0 - x + r:x1 - x + r] * lit
    light[y0:y1, x0:x1] += kernel[:, :, None] * np.array(source.colour, dtype=np.float32)


def lit_room(fingerprint: str, index: int, share: float) -> bool:
    """Whether the floor's `index`-th area, a room, is lit: a checksum of the floor's
    fingerprint and the index (no random stream is drawn from), under `share`."""
    if share >= 1:
        return True
    return zlib.crc32(f"{fingerprint}:{index}".encode()) % 1000 < share * 1000


def static_light(floor: Floor, transparent: NDArray[np.bool_]) -> Image:
    """The floor's light from its character and its light features (kept per floor, made again
    when the transparency, the generator or the features change)."""
    cached = floor.light_cache
    counts = (len(floor.features), len(floor.areas))
    if (isinstance(cached, _Static) and cached.generator == floor.generator
            and cached.counts == counts and cached.transparent.shape == transparent.shape
            and np.array_equal(cached.transparent, transparent)):
        return cached.light
    look = character(floor.generator)
    light = np.empty((*transparent.shape, 3), dtype=np.float32)
    light[:] = look.ambient
    if look.rooms > 0:
        _light_rooms(floor, light, look)
    for (x, y), feature in sorted(floor.features.items()):
        kind = feature_kind(feature.name)
        source = feature_light(kind.key, kind.effect)
        if source is not None:
            _shine(light, transparent, x, y, source)
    light.flags.writeable = False
    floor.light_cache = _Static(floor.generator, transparent.copy(), counts, light)
    floor.light_here = None  # made from the old light
    return light


def _light_rooms(floor: Floor, light: Image, look: Character) -> None:
    """Light the lit rooms of the floor throughout, and the walls round them (whole-array
    work: the rooms painted in, the walls next to them found by eight shifts)."""
    height, width = int(floor.tiles.shape[0]), int(floor.tiles.shape[1])
    rooms: NDArray[np.bool_] = np.zeros((height, width), dtype=np.bool_)
    for index, (x, y, w, h, text) in enumerate(floor.areas):
        if "a room" in text and lit_room(floor.fingerprint, index, look.rooms):
            rooms[max(0, y):y + h, max(0, x):x + w] = True
    if not rooms.any():
        return
    near = rooms.copy()
    for dy, dx in ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)):
        near[max(0, dy):height + min(0, dy), max(0, dx):width + min(0, dx)] |= (
            rooms[max(0, -dy):height + min(0, -dy), max(0, -dx):width + min(0, -dx)])
    lit = rooms | (near & ~tiles.TRANSPARENT.take(floor.tiles))
    light[lit] = np.maximum(light[lit], np.array(look.room, dtype=np.float32))


def shine(floor: Floor, x: int, y: int, sight: NDArray[np.bool_],
          transparent: NDArray[np.bool_], radius: int, hero_reach: int) -> Image:
    """The floor's light this turn with the hero at (x, y) seeing `sight` (`radius` far): the
    static light, glowing monsters near enough to light what the hero sees, and the hero's own
    light (over `sight`, `hero_reach` tiles). Sets `floor.light` and the light at the hero's
    tile (`floor.light_here`, for stealth)."""
    light = static_light(floor, transparent).copy()
    glows = default_lights().monsters
    for monster in floor.monsters:
        if monster.kind in glows and monster.alive:
            glow = glows[monster.kind]
            if max(abs(monster.x - x), abs(monster.y - y)) <= radius + glow.radius:
                _shine(light, transparent, monster.x, monster.y, glow)
    floor.light_here = (x, y, float(light[y, x].max()))
    if hero_reach > 0:
        _shine(light, transparent, x, y, Light(hero_reach, HERO_LIGHT.colour), reach=sight)
    floor.light = light
    return light


def relight(floor: Floor, x: int, y: int, radius: int) -> None:
    """A restored floor's light map from its saved sight (`floor.visible`), which it leaves
    as it is: the hero at (x, y) seeing `radius` far (the light map is never saved)."""
    if floor.in_bounds(x, y):
        shine(floor, x, y, floor.visible, floor.transparent(), radius,
              min(HERO_LIGHT.radius, radius))


def level_at(floor: Floor, x: int, y: int) -> float:
    """The light at (x, y) not counting the hero's own (brightest channel): as sight last found
    it there (glows included) while the floor's features are as then, else the static light."""
    cached = floor.light_cache
    if (floor.light_here is not None and floor.light_here[:2] == (x, y)
            and isinstance(cached, _Static)
            and cached.counts == (len(floor.features), len(floor.areas))):
        return floor.light_here[2]
    return float(static_light(floor, floor.transparent())[y, x].max())


def brightness(light: Image) -> NDArray[np.float32]:
    """Each tile's brightest channel (three element-wise maxima: numpy's reduction over a short
    last axis is ten times slower)."""
    result: NDArray[np.float32] = np.maximum(np.maximum(light[..., 0], light[..., 1]),
                                             light[..., 2])
    return result


def seen_by_light(light: Image) -> NDArray[np.bool_]:
    """The tiles lit enough to be seen."""
    result: NDArray[np.bool_] = brightness(light) >= SEEN
    return result
