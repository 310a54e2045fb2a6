"""Monsters that arrive during play: a summons, a split, a wandering band, a scroll's call.

Every monster made after a floor is built comes through `spawn`, so it is made exactly as the
floor's own monsters are (`build.monster_from`: the game's scale of hit points and speed), takes
its id from the game's counter, and stands on a free tile that can be walked to from where it
was called (never behind a wall or across the map).
"""

from __future__ import annotations

import numpy as np

from game import tiles
from game.content.bestiary import default_bestiary
from game.floorplan import Point
from game.pathing import UNREACHED, walk_distance
from game.world.build import monster_from
from game.world.kinds import Mode
from game.world.model import Actor, Floor, Game


def free_tiles_near(game: Game, floor: Floor, near: Point, within: int) -> list[Point]:
    """Plain floor tiles with no one on them and no trap, feature, stairs or teleporter, at most
    `within` steps' walk from `near`, nearest first (ties in reading order)."""
    walk = floor.walkable()
    dist = walk_distance(walk, [near])
    free = (floor.tiles == tiles.FLOOR) & (dist <= within)
    for monster in floor.monsters:
        if monster.alive:
            free[monster.y, monster.x] = False
    for x, y in [*floor.traps, *floor.features, *floor.stairs, *floor.teleports]:
        free[y, x] = False
    if game.floors.get(game.depth) is floor:
        free[game.player.y, game.player.x] = False
    ys, xs = np.nonzero(free)
    order = np.lexsort((xs, ys, dist[ys, xs]))
    return [(int(xs[i]), int(ys[i])) for i in order if dist[ys[i], xs[i]] != UNREACHED]


def spawn(game: Game, floor: Floor, kind_key: str, near: Point, *, within: int = 3,
          elite: bool = False, mode: Mode = Mode.HUNT, group: int = -1) -> Actor | None:
    """A monster of the bestiary kind made now on the nearest free tile to `near` (None when no
    tile within `within` steps is free). It joins `group` (an encounter id, -1 alone)."""
    spots = free_tiles_near(game, floor, near, within)
    if not spots:
        return None
    actor = monster_from(default_bestiary().get(kind_key), game.new_id(), spots[0], elite)
    actor.mode = mode
    actor.group = group
    floor.monsters.append(actor)
    return actor
