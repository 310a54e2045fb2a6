"""The turn loop's flood (tcod's Pathfinder) against the floor builder's (dijkstra2d): the same
distances for any seeds and costs, and no memory kept per call."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from game import pathing
from game.pathing import UNREACHED


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    width=st.integers(1, 24),
    height=st.integers(1, 24),
    eight_way=st.booleans(),
    dtype=st.sampled_from([np.int8, np.uint8, np.int32, np.bool_]),
)
def test_the_play_flood_gives_the_builders_distances(
    seed: int, width: int, height: int, eight_way: bool, dtype: type[np.generic],
) -> None:
    rng = np.random.default_rng(seed)
    cost = (rng.random((height, width)) < 0.7) * rng.integers(1, 4, (height, width))
    cost = cost.astype(dtype)
    dist = np.full((height, width), UNREACHED, np.int32)
    for _ in range(int(rng.integers(1, 4))):  # seeds may sit on blocked tiles, with any value
        dist[rng.integers(height), rng.integers(width)] = int(rng.integers(0, 20))
    steps = (2, 3) if eight_way else (1, None)
    built = pathing.flood(dist.copy(), cost, *steps)
    played = pathing.flood(dist.copy(), cost, *steps, in_play=True)
    np.testing.assert_array_equal(played, built)


def _resident_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * 4096 / 2**20


def test_the_play_flood_keeps_no_memory() -> None:
    """dijkstra2d keeps about 64 KB for each whole-map flood of 80x50 (a flee map); 400 of them
    would keep 25 MB. The play flood must keep (almost) nothing."""
    cost = np.ones((50, 80), np.int8)
    seeds = np.full((50, 80), 10**6, np.int32)  # every tile a seed, as a flee map
    pathing.flood(seeds.copy(), cost, in_play=True)
    before = _resident_mb()
    for _ in range(400):
        pathing.flood(seeds.copy(), cost, in_play=True)
    assert _resident_mb() - before < 8

