"""The per-turn step ranking: ranking every monster at once must agree with the plain rule
(lowest neighbour first, ties in STEPS order, only neighbours lower than here)."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from numpy.typing import NDArray

from game import tiles
from game.ai.maps import TurnMaps
from game.floorplan import Point
from game.pathing import STEPS, UNREACHED
from game.world.model import Actor, Floor


def plain_rule(dist: NDArray[np.int32], plain: NDArray[np.bool_], spot: Point,
               on_pad: bool) -> list[tuple[int, int, bool]]:
    x, y = spot
    height, width = dist.shape
    if not (0 < x < width - 1 and 0 < y < height - 1):
        return []
    here = UNREACHED if on_pad else int(dist[y, x])
    lower = [(int(dist[y + dy, x + dx]), index) for index, (dx, dy) in enumerate(STEPS)
             if int(dist[y + dy, x + dx]) < here]
    ways = [STEPS[index] for _, index in sorted(lower)]
    return [(dx, dy, bool(plain[y + dy, x + dx])) for dx, dy in ways]


def floor_of(grid: NDArray[np.uint8], spots: list[Point], pads: dict[Point, Point]) -> Floor:
    floor = Floor(
        depth=1, generator="test", fingerprint="test", tiles=grid,
        explored=np.zeros(grid.shape, dtype=np.bool_), visible=np.zeros(grid.shape, dtype=np.bool_),
        arrival=(1, 1), exits=(), teleports=pads,
    )
    for number, (x, y) in enumerate(spots, start=1):
        floor.monsters.append(Actor(
            id=number, kind="m", name="m", glyph="m", color=(1, 1, 1), x=x, y=y, hp=1, max_hp=1,
            ac=10, attack=0, damage="1d2",
        ))
    return floor


@given(
    size=st.tuples(st.integers(3, 12), st.integers(3, 12)),
    seed=st.integers(0, 2**32 - 1),
    monsters=st.integers(1, 20),
)
def test_ranking_all_monsters_at_once_agrees_with_the_plain_rule(
    size: tuple[int, int], seed: int, monsters: int
) -> None:
    width, height = size
    noise = np.random.default_rng(seed)  # test data only, never game state
    roll = noise.random((height, width))
    grid = np.select([roll < 0.3, roll < 0.4], [tiles.WALL, tiles.DOOR], tiles.FLOOR)
    grid = grid.astype(np.uint8)  # doors: steps that land on tiles that are not plain
    grid[[0, -1], :] = tiles.WALL
    grid[:, [0, -1]] = tiles.WALL
    cells = [(x, y) for y in range(height) for x in range(width)]
    picks = noise.choice(len(cells), size=min(monsters + 1, len(cells)), replace=False)
    goal, *spots = [cells[int(i)] for i in picks]
    pads = {spots[0]: goal} if spots else {}
    floor = floor_of(grid, spots, pads)
    maps = TurnMaps.for_turn(floor, goal)
    dist = maps.approach(True)
    for spot in spots:
        assert list(maps.downhill(dist, *spot)) == plain_rule(dist, maps.plain, spot, spot in pads)
    # a spot nobody stood on when the ranking was made is ranked alone, by the same rule
    for spot in cells:
        assert list(maps.downhill(dist, *spot)) == plain_rule(dist, maps.plain, spot, spot in pads)


def test_plain_tiles_are_walkable_tiles_with_nothing_to_open_or_arrive_at() -> None:
    grid = np.array([[tiles.WALL, tiles.FLOOR, tiles.DOOR, tiles.OPEN_DOOR, tiles.TELEPORTER,
                      tiles.STAIRS_DOWN]], dtype=np.uint8)
    maps = TurnMaps.for_turn(floor_of(grid, [], {}), (1, 0))
    assert maps.plain.tolist() == [[False, True, False, True, False, True]]
    assert maps.closed_doors
