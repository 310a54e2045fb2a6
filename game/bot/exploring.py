"""The bot finding its way: exploring toward the unexplored edge, the doors it gives up on, the
teleporters it keeps off, and what it does when shut in."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np
from numpy.typing import NDArray

from game import pathing, tiles
from game.bot.kit import wanted_items_mask
from game.bot.memory import Memory, Step, carried, moves
from game.content.items import kind_of
from game.floorplan import Point, king_distance
from game.pathing import portals
from game.rules import doors, gear
from game.rules.actions import Action, Move, Search, Use
from game.rules.stairs import GOES
from game.world.kinds import Mode, StairsWay
from game.world.known import far_ends_unexplored, frontier
from game.world.model import Floor, Game

DEN_RADIUS = 7
"""On the way down, keep this far from a den whose guard the hero has seen (it rises when the
hero comes within 6); go through only when there is no other way down."""
DOOR_TRIES = 6
"""Bumps at a stuck or locked door before the bot takes it for a wall (per retry round)."""
JAM_WAIT = 25
"""Turns to leave a teleporter alone after its far end was found occupied."""
SEARCH_TURNS = 3
"""Turns of searching once a floor is explored, before leaving it."""
MIN_FLOOR_BUDGET = 300


def dens(game: Game, memory: Memory) -> NDArray[np.bool_] | None:
    """Tiles near a guard the hero has seen that still keeps its den, or None if there is none."""
    floor = game.floor
    guards = [m for m in floor.monsters if m.mode == Mode.GUARD and m.id in memory.guards]
    if not guards:
        return None
    den = np.zeros(floor.tiles.shape, dtype=np.bool_)
    for guard in guards:
        den[max(0, guard.y - DEN_RADIUS): guard.y + DEN_RADIUS + 1,
            max(0, guard.x - DEN_RADIUS): guard.x + DEN_RADIUS + 1] = True
    return den


def explore(
    game: Game, memory: Memory, walk: NDArray[np.bool_], way_down: Callable[[], Step] | None
) -> Iterator[tuple[str, Action]]:
    """Walk to the nearest unexplored edge or wanted item; then search a few turns in place.
    Heading down (`way_down` given) and over the floor's turn budget, exploring stops as soon as
    a way down is known."""
    floor, player = game.floor, game.player
    spent = memory.floor_turns.get(game.depth, 0)
    keyed = keyed_doors(game) & walk
    over = way_down is not None and spent >= floor_budget(floor)
    locks = keyed.any() or keys_seen(game)
    if over and (spent >= 2 * floor_budget(floor) or not locks) and way_down is not None \
            and way_down() is not None:
        return
    edge = frontier(floor, walk)
    pads = far_ends_unexplored(floor, walk)
    goals = edge | wanted_items_mask(game) | keyed
    step = None
    if pads or goals.any():
        step = pathing.step_toward(
            portals.toward(walk, floor.teleports, goals, pads), player.pos)
    if step is not None:
        if edge.any():
            for item in carried(game, "map"):
                yield "map", Use(item.id)
        yield "explore", Move(*step)
        return
    if memory.searched.get(game.depth, 0) < SEARCH_TURNS:
        yield "search", Search()


def keyed_doors(game: Game) -> NDArray[np.bool_]:
    """Closed doors of this floor, seen, whose key the hero carries: what lies behind a locked
    door is worth a look (a vault's treasure, as often as not), over the floor's budget too
    (up to twice it)."""
    floor = game.floor
    mask = np.zeros(floor.tiles.shape, dtype=np.bool_)
    for key in gear.key_ring(game.hero):
        door = floor.doors.get(key.key_for) if key.key_for is not None else None
        if door is not None and key.key_for is not None and not door.is_open:
            x, y = key.key_for
            mask[y, x] = bool(floor.explored[y, x]) and floor.tiles[y, x] == tiles.DOOR
    return mask


def keys_seen(game: Game) -> bool:
    """A key to a shut door of this floor, or a vault's treasure, lies where the hero has seen
    it."""
    floor = game.floor
    for item in floor.items:
        if item.vault and floor.explored[item.y, item.x]:
            return True
        door = floor.doors.get(item.key_for) if item.key_for is not None else None
        if door is not None and not door.is_open and floor.explored[item.y, item.x]:
            return True
    return False


def stuck(game: Game, memory: Memory) -> Iterator[tuple[str, Action]]:
    """Nothing left to do here: knock a sealed door open, or give shut doors another round
    (waiting would never open them; a natural 20 always forces a stuck door)."""
    floor, player = game.floor, game.player
    blocked = sorted(blocked_doors(game, memory))
    knocks = carried(game, "knock")
    if knocks:
        reach = kind_of(knocks[0].kind).range
        for x, y in blocked:
            if floor.visible[y, x] and king_distance((x, y), player.pos) <= reach:
                yield "knock", Use(knocks[0].id, (x, y))
    if player.pos in floor.teleports:
        yield from moves("unjam", _off_teleporter(game))
    rounds = memory.door_round.get(game.depth, 0)
    budget = DOOR_TRIES * (1 + rounds)
    if any(_tired(game, memory, spot, budget) for spot in blocked):
        yield "retry", Search()
    # Shut in with nowhere left to go (come down through a trapdoor onto the far side of a
    # sealed door, say): a teleport lands where the arrival can be walked to without a key.
    for item in carried(game, "teleport"):
        yield "unstick", Use(item.id)


def floor_budget(floor: Floor) -> int:
    """Turns to spend exploring a floor before heading down whenever a way down is known."""
    return max(MIN_FLOOR_BUDGET, int(tiles.walkable(floor.tiles).sum()) // 2)


def blocked_doors(game: Game, memory: Memory) -> list[Point]:
    """Closed doors the bot treats as walls: sealed without the key once tried, a lock no roll
    can beat, or too many failed bumps this round."""
    floor, hero = game.floor, game.hero
    budget = DOOR_TRIES * (1 + memory.door_round.get(game.depth, 0))
    blocked = []
    for y, x in np.argwhere(floor.tiles == tiles.DOOR).tolist():
        if doors.has_key(game, (x, y)):
            continue
        if (game.depth, x, y) in memory.refused:
            blocked.append((x, y))
            continue
        door = floor.doors.get((x, y))
        if door is None:
            continue
        magic = door.known and door.reinforced and door.state != "broken"
        hopeless = (door.known and door.state == "locked" and door.dc is not None
                    and 20 + hero.strength < door.dc)
        if magic or hopeless or _tired(game, memory, (x, y), budget):
            blocked.append((x, y))
    return blocked


def _off_teleporter(game: Game) -> Step:
    """A step off the teleporter the hero stands on: whoever waits on its far end cannot come
    through while the hero blocks this end, nor can the hero go while they block that one."""
    floor, (x, y) = game.floor, game.player.pos
    for dx, dy in pathing.STEPS:
        nx, ny = x + dx, y + dy
        if (floor.in_bounds(nx, ny) and floor.tiles[ny, nx] in (tiles.FLOOR, tiles.OPEN_DOOR)
                and floor.monster_at(nx, ny) is None):
            return (dx, dy)
    return None


def jammed_teleporters(game: Game, memory: Memory) -> list[Point]:
    """Teleporters to keep off for now: the last step onto them found the far end occupied."""
    return [spot for spot in sorted(game.floor.teleports)
            if memory.jammed.get((game.depth, *spot), -1) > game.turn]


def _tired(game: Game, memory: Memory, spot: Point, budget: int) -> bool:
    """Bumped `budget` times and still needing force (a knock or a key resets that)."""
    door = game.floor.doors.get(spot)
    tries = memory.door_tries.get((game.depth, spot[0], spot[1]), 0)
    return door is not None and door.state in ("stuck", "locked") and tries >= budget


def usable_stairs(floor: Floor, spot: Point, direction: StairsWay) -> bool:
    stair = floor.stairs.get(spot)
    return stair is not None and stair.direction in GOES[direction] and not stair.dead_end


def toward(
    floor: Floor, walk: NDArray[np.bool_], goals: NDArray[np.bool_], here: Point
) -> Step:
    if not goals.any():
        return None
    return pathing.step_toward(portals.toward(walk, floor.teleports, goals), here)
