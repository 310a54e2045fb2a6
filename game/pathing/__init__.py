"""Path finding, in one place: walking distances, Dijkstra floods with one-way links (teleporter
pairs), travel paths and hill-climbs here; graph searches (`graphs`), the teleporter-aware
floods and the flee map (`portals`) and the cave's walk with pockets (`pockets`)
beside them.

Generators, the ai, the bot and the interface all flood through here, so step costs, the
"unreached" mark and the way links are relaxed are written once. It works on plain arrays and
(x, y) points and knows nothing of floors, actors or windows, so the lowest layers may use it.
Arrays are indexed [y, x]; a flood lowers `dist` in place and never raises a value, so a seed is
any tile given a finite value before the flood (seeds on blocked tiles spread but keep their value).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

import numpy as np
import tcod.path
from numpy.typing import NDArray

from game.floorplan import Point, TeleporterPair

UNREACHED: Final = int(np.iinfo(np.int32).max)
"""The distance of a tile no seed can reach."""
CARDINAL: Final = 2
DIAGONAL: Final = 3
"""Step costs of an eight-way walk: a diagonal step costs 3/2 of a straight one."""
STEPS: Final = ((0, -1), (1, 0), (0, 1), (-1, 0), (1, -1), (1, 1), (-1, 1), (-1, -1))
"""The eight steps, cardinal first, in a fixed order: equal choices always break the same way."""

Link = tuple[Point, Point]
"""A one-way link: standing on the first point, one step more puts you on the second."""


def to_yx(point: Point) -> tuple[int, int]:
    """(x, y) -> the [y, x] index into a map."""
    return (point[1], point[0])


def step_cost(dx: int, dy: int) -> int:
    """The cost of one eight-way step."""
    return DIAGONAL if dx and dy else CARDINAL


def flood(dist: NDArray[np.int32], cost: NDArray[np.integer], cardinal: int = CARDINAL,
          diagonal: int | None = DIAGONAL, *, in_play: bool = False) -> NDArray[np.int32]:
    """Lower `dist` in place to the cheapest walk from any seed over tiles whose cost is not 0
    (`diagonal` None: four-way steps only).

    `in_play`: a flood repeated every turn. tcod's dijkstra2d never frees its heap, so a long
    game's memory would grow without bound; the turn loop floods with tcod's Pathfinder, which
    frees its own and gives the same distances (tests/test_pathing.py compares them). Building
    a floor floods a few times only and keeps the cheaper call."""
    if not in_play:
        tcod.path.dijkstra2d(dist, cost, cardinal, diagonal, out=dist)
        return dist
    graph = tcod.path.SimpleGraph(cost=cost.astype(np.int32) if cost.dtype == np.bool_ else cost,
                                  cardinal=cardinal, diagonal=diagonal or 0)
    finder = tcod.path.Pathfinder(graph)
    finder.distance[...] = dist
    finder.rebuild_frontier()
    finder.resolve()
    dist[...] = finder.distance
    return dist


def flood_linked(dist: NDArray[np.int32], cost: NDArray[np.integer], links: Sequence[Link],
                 link_cost: int, cardinal: int = CARDINAL,
                 diagonal: int | None = DIAGONAL, *, in_play: bool = False) -> NDArray[np.int32]:
    """`flood`, where each link also carries a walker from its first point to its second for
    `link_cost`; floods again after any link shortened a walk, until nothing improves."""
    flood(dist, cost, cardinal, diagonal, in_play=in_play)
    while links:
        improved = False
        for (ax, ay), (bx, by) in links:
            step = int(dist[ay, ax])
            if step != UNREACHED and step + link_cost < dist[by, bx]:
                dist[by, bx] = step + link_cost
                improved = True
        if not improved:
            break
        flood(dist, cost, cardinal, diagonal, in_play=in_play)
    return dist


def both_ways(pairs: Iterable[TeleporterPair]) -> list[Link]:
    """The links of teleporter pairs, each pair usable from either end."""
    return [link for pair in pairs for link in ((pair.a, pair.b), (pair.b, pair.a))]


def walk_distance(
    walkable: NDArray[np.bool_],
    sources: Iterable[Point],
    teleporters: Sequence[TeleporterPair] = (),
) -> NDArray[np.int32]:
    """4-neighbour walking distance from the sources; a teleporter step costs 1; UNREACHED else."""
    dist = np.full(walkable.shape, UNREACHED, dtype=np.int32)
    for point in sources:
        dist[to_yx(point)] = 0
    return flood_linked(dist, walkable.astype(np.int32), both_ways(teleporters), 1, 1, None)


def reachable(
    walkable: NDArray[np.bool_], start: Point, teleporters: Sequence[TeleporterPair] = ()
) -> NDArray[np.bool_]:
    """Mask of tiles reachable from `start` by 4-neighbour steps and teleporter links."""
    mask: NDArray[np.bool_] = walk_distance(walkable, [start], teleporters) != UNREACHED
    return mask


def in_bounds(dist: NDArray[np.int32], x: int, y: int) -> bool:
    """Whether (x, y) is a tile of the map."""
    height, width = dist.shape
    return bool(0 <= x < width and 0 <= y < height)


def standing_value(dist: NDArray[np.int32], x: int, y: int) -> int:
    """The cost to a seed from (x, y) when (x, y) itself is not flooded (a teleporter pad): its
    best neighbour plus the step to it."""
    best = UNREACHED
    for dx, dy in STEPS:
        nx, ny = x + dx, y + dy
        if in_bounds(dist, nx, ny):
            value = int(dist[ny, nx])
            if value != UNREACHED:
                best = min(best, value + step_cost(dx, dy))
    return best


def step_toward(dist: NDArray[np.int32], here: Point) -> tuple[int, int] | None:
    """The first step of a cheapest way to a seed, or None when no seed can be reached."""
    best: tuple[int, tuple[int, int]] | None = None
    for dx, dy in STEPS:
        nx, ny = here[0] + dx, here[1] + dy
        if not in_bounds(dist, nx, ny):
            continue
        value = int(dist[ny, nx])
        if value == UNREACHED:
            continue
        total = value + step_cost(dx, dy)
        if best is None or total < best[0]:
            best = (total, (dx, dy))
    return None if best is None else best[1]


def travel(cost: NDArray[np.integer], start: Point, goal: Point) -> list[Point]:
    """The cheapest eight-way walk from start to goal over tiles whose cost is not 0, as the
    points after start up to and including goal ([] when there is none)."""
    route = tcod.path.path2d(cost, start_points=[to_yx(start)], end_points=[to_yx(goal)],
                             cardinal=CARDINAL, diagonal=DIAGONAL)
    return [(int(x), int(y)) for y, x in route[1:]]


def hillclimb(dist: NDArray[np.int32], start: Point) -> NDArray[np.intp]:
    """[y, x] rows from `start` down a four-way distance map to where it stops falling."""
    return tcod.path.hillclimb2d(dist, to_yx(start), True, False).astype(np.intp)
