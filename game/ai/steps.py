"""A monster's single steps: down a shared Dijkstra map, or a few tiles straight at a spot.

Shared by the role behaviours (game.ai.monsters) and the encounter tactics (game.ai.tactics);
nothing here floods a map of its own.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from game.ai.maps import TurnMaps
from game.floorplan import Point, king_distance
from game.pathing import STEPS
from game.rules import combat, doors, movement
from game.rules.actions import Alternative, Attack, OpenDoor, Result, Success
from game.world.model import PLAYER_ID, Actor, Game


def away(game: Game, monster: Actor, maps: TurnMaps) -> bool:
    """A step down the flee map (away from the player, out of dead ends)."""
    return downhill(game, monster, maps.flee(monster.opens_doors), maps)


def toward(game: Game, monster: Actor, maps: TurnMaps,
           near: tuple[Point, int] | None = None) -> bool:
    """A step down the approach map (toward the player); with `near` (a spot and a range), only
    onto tiles within that range of the spot."""
    return downhill(game, monster, maps.approach(monster.opens_doors), maps, near)


def downhill(game: Game, monster: Actor, dist: NDArray[np.int32], maps: TurnMaps,
             near: tuple[Point, int] | None = None) -> bool:
    """Step to the best free neighbour lower than here; True when a turn was spent.

    A step onto a plain free tile is a bare move (the common case, hundreds of times a turn in
    a big fight); anything else (the player, a door, a teleporter, a confused stagger) goes
    through the movement rules. A monster standing on a teleporter pad whose far end is free and
    nearer goes through, as if it stepped on again: a monster held on a pad while the far end was
    taken would otherwise stay there for good, and a pack could seal the only way between two
    halves of a floor. A pad's value is that of standing on its partner (game.pathing.portals),
    so the far end is nearer when this pad's value is below its partner's."""
    floor = maps.floor
    x, y = monster.x, monster.y
    occupied = floor.occupancy()
    player = game.player
    pad = floor.teleports.get((x, y))
    if pad is not None and dist[y, x] < dist[pad[1], pad[0]] and pad not in occupied \
            and pad != player.pos:  # held on a pad while its far end was taken: now through
        movement.arrive(game, monster)
        return True
    for dx, dy, plain in maps.downhill(dist, x, y):
        spot = (x + dx, y + dy)
        if spot in occupied or (near is not None and king_distance(spot, near[0]) > near[1]):
            continue
        if plain and spot != (player.x, player.y) and not _held(monster):
            floor.relocate(monster, spot[0], spot[1])
            return True
        return isinstance(step(game, monster, (dx, dy)), Success)
    return False


def step_to(game: Game, monster: Actor, target: Point, maps: TurnMaps) -> bool:
    """A step onto a free plain tile nearer `target` (king's moves), never onto the player; ties
    go down the approach map. For short walks (round the hero, back to a den a few tiles off),
    where a map of its own would cost a flood."""
    if "webbed" in monster.effects:
        return True  # held fast: the turn goes on tearing at the strands
    plain = maps.plain
    height, width = plain.shape
    x, y = monster.pos
    here = king_distance((x, y), target)
    occupied: dict[Point, Actor] | None = None
    best: tuple[int, int, Point] | None = None
    for dx, dy in STEPS:
        sx, sy = x + dx, y + dy
        nearer = king_distance((sx, sy), target)
        if nearer >= here or not (0 <= sx < width and 0 <= sy < height) or not plain[sy, sx]:
            continue  # the cheap tests first: most neighbours are no nearer
        occupied = game.floor.occupancy() if occupied is None else occupied
        spot = (sx, sy)
        if spot in occupied or spot == game.player.pos:
            continue
        rank = (nearer, int(maps.approach(monster.opens_doors)[sy, sx]), spot)
        if best is None or rank < best:
            best = rank
    if best is None:
        return False
    game.floor.relocate(monster, *best[2])
    movement.arrive(game, monster)
    return True


def _held(monster: Actor) -> bool:
    """Confused or webbed: its step goes through the movement rules (a stagger, the webs)."""
    effects = monster.effects
    return bool(effects) and ("confused" in effects or "webbed" in effects)


def step(game: Game, monster: Actor, way: tuple[int, int]) -> Result:
    """Move one step; a bump into the player attacks, a bump into a door tries to open it."""
    result = movement.move(game, monster, *way)
    match result:
        case Alternative(Attack(target)) if target == PLAYER_ID:
            combat.attack(game, monster, game.player)
            return Success()
        case Alternative(OpenDoor(x, y)):
            return doors.open_door(game, monster, x, y)
    return result
