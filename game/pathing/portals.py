"""Floods over a map with teleporter pads: what a pad means to a monster, the bot and the hero's
auto-explore alike.

A pad cannot be walked across: stepping onto it puts the walker on its partner. So no flood
passes through a pad. A pad's value is what stepping onto it is worth, which is the value of
standing on its partner, and it hands that value on to its own neighbours as any seed does (a
seed on a tile the flood does not enter spreads but keeps its value). A creature standing on a
pad is struck from beside it, so a pad may also be a seed of its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

import numpy as np
from numpy.typing import NDArray

from game import pathing
from game.floorplan import Point
from game.pathing import STEPS, UNREACHED, in_bounds, standing_value

Pads = Mapping[Point, Point]
"""Teleporter pads: each pad and its partner (both ways round)."""

FLEE_SCALE: Final = (-6, 5)
"""A flee map is the approach map times -6/5, flooded again: a step away is a step downhill,
and the extra fifth makes a long way round past the foes worth more than a dead end near them.
Integer arithmetic, so the map is the same on every machine."""


def flood(dist: NDArray[np.int32], walk: NDArray[np.bool_], pads: Pads,
          goals: NDArray[np.bool_] | None = None) -> NDArray[np.int32]:
    """Lower `dist` in place to the cost of the cheapest walk from each tile to a seed over
    `walk`, pads carrying a walker on to their partners.

    `goals`: tiles where arriving is the aim; a pad whose partner is one is worth 0 to step
    onto. Floods again only while a pad improves a value: at most once per pair plus one."""
    cost = walk.astype(np.int32)
    for x, y in pads:
        cost[y, x] = 0
    pairs = [(a, b) for a, b in sorted(pads.items()) if walk[a[1], a[0]]]
    for _ in range(len(pairs) + 1):
        pathing.flood(dist, cost, in_play=True)
        improved = False
        for (ax, ay), (bx, by) in pairs:
            value = 0 if goals is not None and goals[by, bx] else standing_value(dist, bx, by)
            if value < dist[ay, ax]:
                dist[ay, ax] = value
                improved = True
        if not improved:
            break
    return dist


def toward(walk: NDArray[np.bool_], pads: Pads, goals: NDArray[np.bool_],
           pad_goals: Iterable[Point] = ()) -> NDArray[np.int32]:
    """The cost to reach the nearest goal from every tile (UNREACHED where none can be reached).

    Goals are walkable tiles; a goal on a pad is reached by stepping onto its partner.
    `pad_goals` are pads worth stepping onto in themselves, walkable or not: their far end is
    unexplored, or a creature stands on them (see `pads_among`)."""
    dist = np.full(walk.shape, UNREACHED, dtype=np.int32)
    seeds = goals & walk
    for x, y in pads:
        seeds[y, x] = False
    dist[seeds] = 0
    for x, y in pad_goals:
        dist[y, x] = 0
    return flood(dist, walk, pads, goals)


def pads_among(pads: Pads, spots: NDArray[np.bool_]) -> list[Point]:
    """The pads among `spots` (creatures standing on a pad), sorted: a creature there is struck
    from the square next to it, so its pad is a goal of its own even while the walker keeps off
    the pad (its far end taken); else no flood reaches it."""
    return [(x, y) for x, y in sorted(pads) if spots[y, x]]


def flee(near: NDArray[np.int32], walk: NDArray[np.bool_], pads: Pads) -> NDArray[np.int32]:
    """The flee map (Brogue's safety map) from `near`, an approach map to what is fled."""
    reached = near != UNREACHED
    away = np.full(near.shape, UNREACHED, dtype=np.int32)
    away[reached] = near[reached] * FLEE_SCALE[0] // FLEE_SCALE[1]
    return flood(away, walk, pads)


def step_down(dist: NDArray[np.int32], here: Point,
              occupied: Mapping[Point, object]) -> tuple[int, int] | None:
    """The step to the lowest free neighbour on `dist` (first in STEPS order on a tie), if it is
    lower than `here`."""
    best: tuple[int, tuple[int, int]] | None = None
    for dx, dy in STEPS:
        nx, ny = here[0] + dx, here[1] + dy
        if not in_bounds(dist, nx, ny) or (nx, ny) in occupied:
            continue
        value = int(dist[ny, nx])
        if value < dist[here[1], here[0]] and (best is None or value < best[0]):
            best = (value, (dx, dy))
    return None if best is None else best[1]
