"""Dijkstra maps, computed once per turn and shared by every monster.

The approach map is the walking distance to the player (diagonal steps allowed, teleporter pairs
counted as links); the flee map is the approach map negated and rescaled, then flooded again, so
that rolling downhill on it leads away from the player and out of dead ends (Brogue's "safety
map"). Door-openers and the rest see closed doors differently, so each gets its own approach map,
made only when some awake monster needs it. The cost of a turn therefore does not grow with the
number of monsters.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import tcod.path
from numpy.typing import NDArray

from game import tiles
from game.floorplan import Point
from game.world.model import Floor

UNREACHED = int(np.iinfo(np.int32).max)
CARDINAL = 2
DIAGONAL = 3
FLEE_SCALE = -1.2


def cost_map(floor: Floor, through_doors: bool) -> NDArray[np.int32]:
    """1 where a monster can step, 0 where it cannot; closed doors only for door-openers, and
    never a sealed one (locked or warded: no monster opens it, so a path through it would leave
    the monster bumping it forever instead of going round)."""
    walk = tiles.WALKABLE[floor.tiles].astype(np.int32)
    if not through_doors:
        walk[floor.tiles == tiles.DOOR] = 0
    for (x, y), door in floor.doors.items():
        if door.sealed and not door.is_open:
            walk[y, x] = 0
    return walk


def flood(
    floor: Floor, cost: NDArray[np.int32], dist: NDArray[np.int32]
) -> NDArray[np.int32]:
    """Flood `dist` in place over `cost`, then let teleporter pairs shortcut, until stable."""
    tcod.path.dijkstra2d(dist, cost, CARDINAL, DIAGONAL, out=dist)
    while floor.teleports:
        improved = False
        for (ax, ay), (bx, by) in floor.teleports.items():
            step = int(dist[ay, ax])
            if step != UNREACHED and step + CARDINAL < dist[by, bx]:
                dist[by, bx] = step + CARDINAL
                improved = True
        if not improved:
            break
        tcod.path.dijkstra2d(dist, cost, CARDINAL, DIAGONAL, out=dist)
    return dist


def approach_map(floor: Floor, goal: Point, through_doors: bool) -> NDArray[np.int32]:
    dist = np.full(floor.tiles.shape, UNREACHED, dtype=np.int32)
    dist[goal[1], goal[0]] = 0
    return flood(floor, cost_map(floor, through_doors), dist)


def flee_map(floor: Floor, approach: NDArray[np.int32], through_doors: bool) -> NDArray[np.int32]:
    """Downhill leads away from the goal, preferring open ground over corners."""
    reachable = approach != UNREACHED
    dist = np.full(approach.shape, UNREACHED, dtype=np.int32)
    dist[reachable] = (approach[reachable] * FLEE_SCALE).astype(np.int32)
    return flood(floor, cost_map(floor, through_doors), dist)


@dataclass(slots=True)
class TurnMaps:
    """The maps of one turn, each made on first use."""

    floor: Floor
    goal: Point
    closed_doors: bool
    """Whether any door is shut: otherwise door-openers and the rest share one map."""
    _approach: dict[bool, NDArray[np.int32]] = field(default_factory=dict)
    _flee: dict[bool, NDArray[np.int32]] = field(default_factory=dict)
    _around: dict[int, dict[Point, list[list[int]]]] = field(default_factory=dict)

    @classmethod
    def for_turn(cls, floor: Floor, goal: Point) -> TurnMaps:
        return cls(floor, goal, bool((floor.tiles == tiles.DOOR).any()))

    def approach(self, through_doors: bool) -> NDArray[np.int32]:
        key = through_doors or not self.closed_doors
        if key not in self._approach:
            self._approach[key] = approach_map(self.floor, self.goal, key)
        return self._approach[key]

    def flee(self, through_doors: bool) -> NDArray[np.int32]:
        key = through_doors or not self.closed_doors
        if key not in self._flee:
            self._flee[key] = flee_map(self.floor, self.approach(key), key)
        return self._flee[key]

    def around(self, dist: NDArray[np.int32], x: int, y: int) -> list[list[int]]:
        """The 3x3 values of `dist` around (x, y) as plain ints ([dy + 1][dx + 1]).

        The first call for a map reads the neighbourhoods of every monster at once (one numpy
        gather instead of one slice per monster); a monster that has moved since is read alone.
        """
        table = self._around.get(id(dist))
        if table is None:
            table = self._around[id(dist)] = self._gather(dist)
        found = table.get((x, y))
        if found is None:
            found = dist[y - 1 : y + 2, x - 1 : x + 2].tolist()
        return found

    def _gather(self, dist: NDArray[np.int32]) -> dict[Point, list[list[int]]]:
        height, width = dist.shape
        spots = [m.pos for m in self.floor.monsters
                 if 0 < m.x < width - 1 and 0 < m.y < height - 1]
        if not spots:
            return {}
        xs = np.array([p[0] for p in spots])[:, None, None] + np.arange(-1, 2)[None, None, :]
        ys = np.array([p[1] for p in spots])[:, None, None] + np.arange(-1, 2)[None, :, None]
        blocks = dist[ys, xs].tolist()
        return dict(zip(spots, blocks, strict=True))
