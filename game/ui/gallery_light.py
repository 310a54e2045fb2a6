"""The gallery's shots of light and darkness (game.ui.gallery: `dark-cave`, `lit-room`): each
takes the played run and puts the hero where the light shows."""

from __future__ import annotations

import tcod.constants
import tcod.map

from game.content.bestiary import default_bestiary
from game.content.features import feature_kind
from game.floorplan import king_distance
from game.world.build import monster_from
from game.world.dungeon import change_floor
from game.world.fov import update_fov
from game.world.light import HERO_LIGHT, character
from game.world.light import lit_room as is_lit
from game.world.model import Game


def dark_cave(game: Game) -> Game:
    """A cave floor in the dark: the hero sees only as far as the own light reaches, and a
    glowing fire imp lights its own patch further off (the run's first cave floor)."""
    depth = next(r.depth for r in game.run.recipes if r.generator == "cave")
    change_floor(game, depth, "arrival")
    floor, here = game.floor, game.player.pos
    for pos in _walk_ring(game, HERO_LIGHT.radius + 2, HERO_LIGHT.radius + 5):
        if king_distance(pos, here) > HERO_LIGHT.radius + 1:
            imp = monster_from(default_bestiary().get("fire_imp"), game.new_id(), pos, False)
            floor.monsters.append(imp)
            break
    update_fov(floor, *here)
    return game


def _walk_ring(game: Game, near: int, far: int) -> list[tuple[int, int]]:
    """Free floor tiles the hero has a line of sight to, `near` to `far` king's moves off,
    nearest first (in reading order among equals)."""
    floor, here = game.floor, game.player.pos
    sight = tcod.map.compute_fov(floor.transparent(), (here[1], here[0]), far, True,
                                 tcod.constants.FOV_SYMMETRIC_SHADOWCAST)
    free = floor.walkable() & sight
    spots = [(int(x), int(y)) for y, x in zip(*free.nonzero(), strict=True)
             if near <= king_distance((int(x), int(y)), here) <= far
             and floor.monster_at(int(x), int(y)) is None]
    return sorted(spots, key=lambda p: (king_distance(p, here), p[1], p[0]))


def lit_room(game: Game) -> Game:
    """A lit room of the first floor, a light feature in it where one stands: the room is seen
    whole and warm, the corridors beyond it dark."""
    if game.depth != 1:
        change_floor(game, 1, "arrival")
    floor = game.floor
    lights = [pos for pos, f in floor.features.items() if feature_kind(f.name).effect == "light"]
    share = character(floor.generator).rooms
    rooms = [area for index, area in enumerate(floor.areas)
             if "a room" in area[4] and is_lit(floor.fingerprint, index, share)]

    def score(area: tuple[int, int, int, int, str]) -> tuple[int, int]:
        x, y, w, h, _ = area
        inside = sum(x <= lx < x + w and y <= ly < y + h for lx, ly in lights)
        return (-inside, -w * h)

    x, y, w, h, _ = min(rooms, key=score)
    free = floor.walkable()
    spots = [(px, py) for py in range(y, y + h) for px in range(x, x + w)
             if free[py, px] and floor.monster_at(px, py) is None]
    centre = (x + w // 2, y + h // 2)
    game.player.x, game.player.y = min(
        spots, key=lambda p: (abs(p[0] - centre[0]) + abs(p[1] - centre[1]), p[1], p[0]))
    update_fov(floor, *game.player.pos)
    return game
