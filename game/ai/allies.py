"""The hero's allies on their turn (game.rules.allies): fight the hero's foes, else follow.

An ally reads the turn's shared maps (game.ai.maps): the walk to the nearest foe in the fight
(`TurnMaps.foes`: awake foes in the hero's sight) and the approach map to the hero. It strikes a
foe beside it; else, while the fight is on and within LEASH of the hero, goes for the nearest
foe; else, unless told to wait, keeps within FOLLOW of the hero. It never steps onto the hero,
and swaps no places itself (the hero walks into it to change places).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from game.ai.maps import TurnMaps
from game.floorplan import king_distance
from game.pathing import UNREACHED
from game.rules import allies, combat, doors, movement
from game.rules.actions import Alternative, OpenDoor, Success
from game.world.kinds import RESTING
from game.world.model import Actor, Game

FOLLOW = 2
"""A following ally closes in when the hero is farther than this (king's moves)."""
LEASH = 7
"""An ally chases foes only while the hero is within this many tiles: it does not run off."""


def act(game: Game, ally: Actor, maps: TurnMaps) -> None:
    """One action of the ally's."""
    foe = _beside(game, ally)
    if foe is not None:
        combat.attack(game, ally, foe)
        return
    if ally.waiting:
        return  # holds its ground: it strikes only what comes beside it
    hero = game.player.pos
    if king_distance(ally.pos, hero) <= LEASH:
        dist = maps.foes(ally.opens_doors)
        if dist[ally.y, ally.x] < UNREACHED and _downhill(game, ally, dist, maps):
            return
    if king_distance(ally.pos, hero) > FOLLOW:
        _downhill(game, ally, maps.approach(ally.opens_doors), maps)


def turn_over(game: Game, ally: Actor) -> None:
    """Once a turn, after its actions: an ally heals slowly."""
    allies.heal(game, ally)


def _beside(game: Game, ally: Actor) -> Actor | None:
    """The foe beside the ally it strikes: awake and hostile, the most hurt first, then by id."""
    floor = game.floor
    found: list[Actor] = []
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            other = floor.monster_at(ally.x + dx, ally.y + dy)
            if (other is not None and other.hostile and other is not ally
                    and other.mode not in RESTING):
                found.append(other)
    return min(found, key=lambda m: (m.hp, m.id)) if found else None


def _downhill(game: Game, ally: Actor, dist: NDArray[np.int32], maps: TurnMaps) -> bool:
    """A step to the best free neighbour lower on `dist`, never onto the hero; a closed door on
    the way is opened. True when the turn was spent."""
    floor = maps.floor
    occupied = floor.occupancy()
    hero = game.player.pos
    for dx, dy, plain in maps.downhill(dist, ally.x, ally.y):
        spot = (ally.x + dx, ally.y + dy)
        if spot in occupied or spot == hero:
            continue
        if plain and not ally.effects:
            floor.relocate(ally, *spot)
            return True
        result = movement.move(game, ally, dx, dy)
        if isinstance(result, Alternative) and isinstance(result.action, OpenDoor):
            result = doors.open_door(game, ally, result.action.x, result.action.y)
        return isinstance(result, Success)
    return False
