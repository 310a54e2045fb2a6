"""The bot's map reading: what it may walk on, where the unexplored edge is, and one Dijkstra
flood toward any set of goals, with teleporters handled as what they are.

A teleporter tile cannot be walked across: stepping onto it puts you on its partner. So in the
flood a teleporter is never a tile to pass through; its value is what entering it is worth (the
value of standing on its partner), and it passes that value on to its neighbours. Seeds on
blocked tiles do that in a flood: they spread but are never overwritten. The floods themselves
are `game.pathing`'s; this module decides what the bot may walk on and what it is worth.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from game import pathing, tiles
from game.floorplan import Point
from game.pathing import STEPS, UNREACHED, standing_value
from game.world.model import Floor


def walkable_known(floor: Floor, blocked: list[Point]) -> NDArray[np.bool_]:
    """Explored tiles the bot will step on: closed doors count (a bump opens them), doors in
    `blocked` do not, nor do hazards it can see (a chasm, a pit, mould: a careful player walks
    round them). Teleporters are included; `flood` treats them specially."""
    walk: NDArray[np.bool_] = floor.walkable() & floor.explored
    for x, y in blocked:
        walk[y, x] = False
    for (x, y), feature in floor.features.items():  # a few dozen per floor, in insertion order
        if feature.effect == "hazard":
            walk[y, x] = False
    return walk


def frontier(floor: Floor, walk: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """Walkable known tiles (not teleporters) with an unexplored neighbour: standing on one
    reveals that neighbour, so each visit shrinks the frontier."""
    unknown = np.pad(~floor.explored, 1, constant_values=False)
    near = np.zeros(floor.tiles.shape, dtype=np.bool_)
    height, width = floor.tiles.shape
    for dx, dy in STEPS:
        near |= unknown[1 + dy: 1 + dy + height, 1 + dx: 1 + dx + width]
    result: NDArray[np.bool_] = walk & near & (floor.tiles != tiles.TELEPORTER)
    return result


def flood(
    floor: Floor, walk: NDArray[np.bool_], goals: NDArray[np.bool_],
    portal_goals: list[Point] | None = None,
) -> NDArray[np.int32]:
    """Cost to reach the nearest goal from every tile (UNREACHED where none can be reached).

    Goals must be walkable; a goal on a teleporter is reached by entering its partner.
    `portal_goals` are teleporter tiles that are goals in themselves, walkable or not: worth
    entering (their far end is unexplored), or holding a creature (`on_teleporters`). Loops
    only while a teleporter improves a value: at most once per pair plus one.
    """
    is_portal = floor.tiles == tiles.TELEPORTER
    cost = (walk & ~is_portal).astype(np.int32)
    dist = np.full(floor.tiles.shape, UNREACHED, dtype=np.int32)
    dist[goals & walk & ~is_portal] = 0
    for x, y in portal_goals or ():
        dist[y, x] = 0
    pairs = [(a, b) for a, b in sorted(floor.teleports.items()) if walk[a[1], a[0]]]
    for _ in range(len(pairs) + 1):
        pathing.flood(dist, cost, in_play=True)
        improved = False
        for (ax, ay), (bx, by) in pairs:
            value = 0 if goals[by, bx] else standing_value(dist, bx, by)
            if value < dist[ay, ax]:
                dist[ay, ax] = value
                improved = True
        if not improved:
            break
    return dist


def on_teleporters(floor: Floor, spots: NDArray[np.bool_]) -> list[Point]:
    """The teleporter tiles among `spots` (creatures standing on a pad): a creature there is
    struck from the square next to it, so its pad is a goal of its own, even while the bot
    keeps off the pad (its far end was taken) -- else no flood reaches that creature."""
    return [(x, y) for x, y in sorted(floor.teleports) if spots[y, x]]


FLEE_SCALE = (-6, 5)
"""A flee map is the approach map times -6/5, flooded again: a step away is a step downhill,
and the extra fifth makes a long way round past the foes worth more than a dead end near them."""


def flee(floor: Floor, walk: NDArray[np.bool_], foes: NDArray[np.bool_]) -> NDArray[np.int32]:
    """The flee map away from `foes` (Brogue's safety map), over walkable known tiles."""
    near = flood(floor, walk, foes, on_teleporters(floor, foes))
    reached = near != UNREACHED
    away = np.full(floor.tiles.shape, UNREACHED, dtype=np.int32)
    away[reached] = near[reached] * FLEE_SCALE[0] // FLEE_SCALE[1]
    cost = (walk & (floor.tiles != tiles.TELEPORTER)).astype(np.int32)
    return pathing.flood(away, cost, in_play=True)


def step_down(floor: Floor, dist: NDArray[np.int32], here: Point) -> tuple[int, int] | None:
    """The step to the lowest free neighbour, if it is lower than where the hero stands."""
    best: tuple[int, tuple[int, int]] | None = None
    for dx, dy in STEPS:
        nx, ny = here[0] + dx, here[1] + dy
        if not floor.in_bounds(nx, ny) or floor.monster_at(nx, ny) is not None:
            continue
        value = int(dist[ny, nx])
        if value < dist[here[1], here[0]] and (best is None or value < best[0]):
            best = (value, (dx, dy))
    return None if best is None else best[1]
