"""Floods with teleporter pads (game.pathing.portals), held to the rule they stand for, written
out tile by tile: a pad is never walked across, and stepping onto one is worth standing on its
partner. The monsters, the bot and the hero's explore all flood through it."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.typing import NDArray

from game.floorplan import Point
from game.pathing import STEPS, UNREACHED, portals, step_cost


def rule(walk: NDArray[np.bool_], pads: dict[Point, Point], goals: NDArray[np.bool_],
         pad_goals: list[Point]) -> NDArray[np.int64]:
    """The values `toward` stands for, by relaxing every tile until nothing changes: a walkable
    tile that is not a pad is worth its cheapest neighbour plus the step onto it (0 on a goal); a
    pad is worth 0 as a pad goal, else (when walkable) standing on its partner: 0 when the
    partner is a goal, else the partner's cheapest neighbour plus the step."""
    height, width = walk.shape
    value = np.full(walk.shape, UNREACHED, dtype=np.int64)

    def standing(x: int, y: int) -> int:
        best = UNREACHED
        for dx, dy in STEPS:
            nx, ny = x + dx, y + dy
            if 0 <= nx < width and 0 <= ny < height and value[ny, nx] != UNREACHED:
                best = min(best, int(value[ny, nx]) + step_cost(dx, dy))
        return best

    changed = True
    while changed:
        changed = False
        for y in range(height):
            for x in range(width):
                if (x, y) in pads:
                    far = pads[(x, y)]
                    new = 0 if (x, y) in pad_goals else UNREACHED
                    if walk[y, x]:
                        new = min(new, 0 if goals[far[1], far[0]] else standing(*far))
                elif walk[y, x]:
                    new = 0 if goals[y, x] else standing(x, y)
                else:
                    continue
                if new < value[y, x]:
                    value[y, x] = new
                    changed = True
    return value


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), width=st.integers(2, 10), height=st.integers(2, 10),
       pairs=st.integers(0, 3))
def test_toward_is_the_rule_of_pads(seed: int, width: int, height: int, pairs: int) -> None:
    noise = np.random.default_rng(seed)  # test data only
    walk = noise.random((height, width)) < 0.75
    cells = [(x, y) for y in range(height) for x in range(width)]
    picks = [cells[int(i)] for i in noise.permutation(len(cells))]
    pads: dict[Point, Point] = {}
    for a, b in zip(picks[: 2 * pairs: 2], picks[1: 2 * pairs: 2], strict=True):
        pads[a], pads[b] = b, a
    goals = noise.random((height, width)) < 0.05
    pad_goals = [p for p in sorted(pads) if noise.random() < 0.2]
    found = portals.toward(walk, pads, goals, pad_goals)
    np.testing.assert_array_equal(found, rule(walk, pads, goals, pad_goals))


def test_a_pad_is_never_walked_across() -> None:
    """A corridor with a pad in it: the far side is reached only by the pad's partner, and
    stepping onto the pad is worth standing by its partner, next to the goal."""
    walk = np.ones((1, 7), dtype=np.bool_)
    pads = {(3, 0): (5, 0), (5, 0): (3, 0)}
    goals = np.zeros_like(walk)
    goals[0, 6] = True
    dist = portals.toward(walk, pads, goals)
    assert dist[0, 3] == 2, "onto the pad: out at (5, 0), one step from the goal"
    assert dist[0, 4] == 4 and dist[0, 2] == 4, "beside the first pad, either side"
    assert dist[0, 5] == 6, "onto the far pad: out at (3, 0), beside (2, 0)"


def test_the_flee_map_is_the_approach_map_scaled_by_minus_six_fifths_then_flooded() -> None:
    walk = np.ones((1, 6), dtype=np.bool_)
    goals = np.zeros_like(walk)
    goals[0, 0] = True
    near = portals.toward(walk, {}, goals)
    away = portals.flee(near, walk, {})
    assert away.tolist() == [[-2, -4, -6, -8, -10, -12]], "downhill runs to the far end"
    held = np.zeros_like(walk)  # nothing to flood over: the scaled values alone
    scaled = portals.flee(np.array([[0, 3, 7, UNREACHED]], dtype=np.int32), held[:, :4], {})
    assert scaled.tolist() == [[0, -4, -9, UNREACHED]], "-6/5, floored: the same everywhere"
    assert portals.step_down(away, (2, 0), {}) == (1, 0)
    assert portals.step_down(away, (2, 0), {(3, 0): object()}) is None, "the way on is taken"


def test_pads_among_spots() -> None:
    spots = np.zeros((3, 3), dtype=np.bool_)
    spots[1, 2] = spots[0, 0] = True
    pads = {(2, 1): (0, 2), (0, 2): (2, 1)}
    assert portals.pads_among(pads, spots) == [(2, 1)]
