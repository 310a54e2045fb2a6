"""The cave generator: invariants over many seeds and sizes, and its own rules on small cases."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.typing import NDArray
from scipy import ndimage

from game import layout_checks, tiles
from game.floorplan import FloorPlan, TeleporterPair
from game.generators import cave, get
from game.grids import label4, run_boxes
from game.params import ParamError
from game.pathing import UNREACHED, to_yx, walk_distance
from game.pathing.pockets import walk_with_pockets
from game.seeds import Rng

SPEC = cave.SPEC


def make(seed: int, width: int = 80, height: int = 50, **params: float | int) -> FloorPlan:
    return SPEC.generate(Rng(seed), width, height, params)


def least_floor(width: int, height: int) -> int:
    """The smallest walkable area the generator promises (its main-pocket threshold)."""
    interior = (width - 2) * (height - 2)
    return min(interior // 4, max(24, interior // 20))


def brute_counts(wall: NDArray[np.bool_], radius: int) -> NDArray[np.int64]:
    """Walls in each (2r+1)^2 block, by plain loops; outside the map counts as wall."""
    height, width = wall.shape
    out = np.zeros(wall.shape, dtype=np.int64)
    for y in range(height):
        for x in range(width):
            for dy in range(-radius, radius + 1):
                for dx in range(-radius, radius + 1):
                    yy, xx = y + dy, x + dx
                    inside = 0 <= yy < height and 0 <= xx < width
                    out[y, x] += 1 if not inside else int(wall[yy, xx])
    return out


def assert_sound(plan: FloorPlan) -> None:
    assert layout_checks.problems(plan) == []
    assert plan.generator == "cave"
    assert plan.rooms == () and plan.doors == ()
    assert plan.tiles[to_yx(plan.arrival)] == tiles.STAIRS_UP
    assert len(plan.exits) == 1
    assert plan.tiles[to_yx(plan.exits[0])] == tiles.STAIRS_DOWN
    kinds = sorted((s.kind, s.x, s.y) for s in plan.stairs)
    assert kinds == [("down", *plan.exits[0]), ("up", *plan.arrival)]
    assert int((plan.tiles == tiles.STAIRS_UP).sum()) == 1
    assert int((plan.tiles == tiles.STAIRS_DOWN).sum()) == 1


# --- invariants -------------------------------------------------------------------------------


def test_registered() -> None:
    assert get("cave") is SPEC
    assert SPEC.name == "cave"


def test_thousand_seeds_are_sound() -> None:
    for seed in range(1000):
        plan = make(seed)
        assert layout_checks.problems(plan) == [], seed
        assert plan.tiles[to_yx(plan.arrival)] == tiles.STAIRS_UP, seed
        assert plan.tiles[to_yx(plan.exits[0])] == tiles.STAIRS_DOWN, seed
        assert int(tiles.walkable(plan.tiles).sum()) >= least_floor(80, 50), seed


def test_sample_plans_in_full() -> None:
    for seed in range(20):
        assert_sound(make(seed))
        assert_sound(make(seed, 200, 10, teleporter_chance=1.0, min_region=1))


@settings(max_examples=120, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    width=st.integers(8, 120),
    height=st.integers(8, 60),
    fill=st.floats(0.3, 0.55),
    passes1=st.integers(0, 10),
    passes2=st.integers(0, 10),
    min_region=st.integers(1, 200),
    teleporter_chance=st.floats(0.0, 1.0),
)
def test_any_size_and_params(
    seed: int,
    width: int,
    height: int,
    fill: float,
    passes1: int,
    passes2: int,
    min_region: int,
    teleporter_chance: float,
) -> None:
    plan = make(seed, width, height, fill=fill, passes1=passes1, passes2=passes2,
                min_region=min_region, teleporter_chance=teleporter_chance)
    assert_sound(plan)
    assert plan.tiles.shape == (height, width)
    assert int(tiles.walkable(plan.tiles).sum()) >= least_floor(width, height)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    long=st.integers(100, 300),
    short=st.integers(8, 14),
    upright=st.booleans(),
)
def test_long_thin_maps(seed: int, long: int, short: int, upright: bool) -> None:
    width, height = (short, long) if upright else (long, short)
    plan = make(seed, width, height)
    assert_sound(plan)
    assert int(tiles.walkable(plan.tiles).sum()) >= least_floor(width, height)


@pytest.mark.parametrize("size", [(200, 10), (10, 200), (8, 8), (9, 8), (8, 40)])
def test_awkward_sizes_over_seeds(size: tuple[int, int]) -> None:
    width, height = size
    for seed in range(150):
        plan = make(seed, width, height, fill=0.55)
        assert layout_checks.problems(plan) == [], (size, seed)
        assert int(tiles.walkable(plan.tiles).sum()) >= least_floor(width, height), (size, seed)


def test_thousand_square() -> None:
    plan = make(7, 1000, 1000)
    assert_sound(plan)
    assert int(tiles.walkable(plan.tiles).sum()) > 300_000


def test_deterministic() -> None:
    for seed in (0, 1, 99):
        first = make(seed, 90, 40, teleporter_chance=0.6)
        again = make(seed, 90, 40, teleporter_chance=0.6)
        assert first.fingerprint() == again.fingerprint()
        assert first.extra == again.extra
    prints = {make(seed, 60, 40).fingerprint() for seed in range(20)}
    assert len(prints) == 20


# --- parameters -------------------------------------------------------------------------------


def test_params_have_defaults_and_ranges() -> None:
    values = SPEC.resolve_params({})
    assert values == {
        "fill": 0.43, "passes1": 4, "passes2": 3, "min_region": 16, "teleporter_chance": 0.2,
    }
    assert SPEC.resolve_params({"fill": "0.5", "passes2": "0"})["fill"] == 0.5


@pytest.mark.parametrize(
    "given",
    [
        {"fill": "0.9"},
        {"fill": "0.1"},
        {"fill": "lots"},
        {"passes1": "-1"},
        {"passes2": "11"},
        {"passes1": "2.5"},
        {"min_region": "0"},
        {"teleporter_chance": "1.5"},
        {"teleporter_chance": "-0.1"},
        {"rooms": "3"},
    ],
)
def test_bad_params_are_refused(given: dict[str, str]) -> None:
    with pytest.raises(ParamError):
        SPEC.generate(Rng(1), 80, 50, given)


# --- the cellular automaton -------------------------------------------------------------------


@pytest.mark.parametrize("shape", [(9, 13), (6, 6), (1, 1), (2, 17), (20, 3)])
def test_passes_follow_brute_force_counts_with_outside_as_wall(shape: tuple[int, int]) -> None:
    for seed in range(6):
        wall = Rng(seed).floats(shape) < 0.45 if seed else np.zeros(shape, dtype=bool)
        phase1 = (brute_counts(wall, 1) >= 5) | (brute_counts(wall, 2) <= 2)
        assert np.array_equal(cave.smooth(wall.copy(), 1, 0), phase1)
        assert np.array_equal(cave.smooth(wall.copy(), 0, 1), brute_counts(wall, 1) >= 5)
        twice = (brute_counts(phase1, 1) >= 5) | (brute_counts(phase1, 2) <= 2)
        assert np.array_equal(cave.smooth(wall.copy(), 2, 1), brute_counts(twice, 1) >= 5)


def test_one_pass_of_each_phase_follows_the_rule() -> None:
    for seed in range(5):
        wall = cave.seal(Rng(seed).floats((15, 21)) < 0.43)
        phase1 = (brute_counts(wall, 1) >= 5) | (brute_counts(wall, 2) <= 2)
        assert np.array_equal(cave.smooth(wall.copy(), 1, 0), phase1)
        phase2 = brute_counts(wall, 1) >= 5
        assert np.array_equal(cave.smooth(wall.copy(), 0, 1), phase2)


def test_a_sealed_border_stays_wall() -> None:
    for seed in range(20):
        wall = cave.smooth(cave.seal(Rng(seed).floats((12, 17)) < 0.3), 4, 3)
        assert np.array_equal(cave.seal(wall.copy()), wall)


def test_open_halls_grow_pillars_only_in_phase_one() -> None:
    hall = cave.seal(np.zeros((20, 20), dtype=bool))
    assert cave.smooth(hall.copy(), 1, 0)[10, 10]  # 5x5 holds no wall: a pillar appears
    tail = cave.smooth(hall.copy(), 0, 1)  # the 3x3 rule alone only rounds the inner corners
    inner = np.argwhere(tail[1:-1, 1:-1]).tolist()
    assert inner == [[0, 0], [0, 17], [17, 0], [17, 17]]


def test_lone_wall_is_smoothed_away_and_the_border_stays() -> None:
    wall = cave.seal(np.zeros((9, 9), dtype=bool))
    wall[4, 4] = True
    smoothed = cave.smooth(wall, 0, 2)
    assert not smoothed[4, 4]
    ring = np.concatenate([smoothed[0], smoothed[-1], smoothed[:, 0], smoothed[:, -1]])
    assert ring.all()


def test_hopeless_noise_falls_back_to_open_space() -> None:
    # In a 5x5 map the 3x3 rule walls the inner corners, then the edges, then the centre, whatever
    # the noise: no attempt can succeed.
    labels, sizes, main = cave.pockets(Rng(3), 5, 5, 0.43, 4, 3)
    assert main == 1 and sizes[main] == 9
    assert (labels[1:-1, 1:-1] == 1).all() and labels[0].sum() == 0


def test_retries_come_from_the_same_stream() -> None:
    first = cave.pockets(Rng(11), 8, 8, 0.55, 4, 3)
    again = cave.pockets(Rng(11), 8, 8, 0.55, 4, 3)
    assert np.array_equal(first[0], again[0]) and first[2] == again[2]


# --- pockets, tunnels and teleporters ---------------------------------------------------------


def test_dig_l_makes_an_l() -> None:
    for across_first in (True, False):
        floor = np.zeros((8, 10), dtype=bool)
        cave.dig_l(floor, (1, 2), (6, 7), across_first)
        assert floor[1, 2] and floor[6, 7]
        assert int(floor.sum()) == 5 + 5 + 1
        corner = (1, 7) if across_first else (6, 2)
        assert floor[corner]
        _, count = label4(floor)
        assert count == 1


@given(st.integers(0, 2**32 - 1))
@settings(max_examples=60, deadline=None)
def test_a_tunnel_runs_from_the_pockets_nearest_tile_to_the_main_pocket(seed: int) -> None:
    """It starts at the pocket's tile nearest the main pocket (taxicab through rock, the first
    in row order), runs as an L of that many steps and joins the two."""
    rng = np.random.default_rng(seed)
    height, width = (int(side) for side in rng.integers(6, 30, size=2))
    labels = np.zeros((height, width), dtype=np.int32)
    for label in (1, 2):
        y, x = int(rng.integers(1, height - 2)), int(rng.integers(1, width - 2))
        labels[y : y + 2, x : x + 2] = np.where(labels[y : y + 2, x : x + 2] == 0, label, 0)
    if not ((labels == 1).any() and (labels == 2).any()):
        return
    floor = labels > 0
    dug = floor.copy()
    cave.tunnel_to_main(dug, labels, run_boxes(labels, 2), 1, [2], Rng(seed))
    main, pocket = np.argwhere(labels == 1), np.argwhere(labels == 2)
    apart = np.abs(pocket[:, None, :] - main[None, :, :]).sum(axis=2).min(axis=1)
    y, x = pocket[int(apart.argmin())]
    new = dug & ~floor
    assert int(new.sum()) == int(apart.min()) - 1
    assert not new.any() or _touches(new, (int(y), int(x)))
    assert label4(dug)[1] == 1


def _touches(mask: NDArray[np.bool_], yx: tuple[int, int]) -> bool:
    y, x = yx
    return any(mask[y + dy, x + dx] for dy, dx in ((-1, 0), (1, 0), (0, -1), (0, 1))
               if 0 <= y + dy < mask.shape[0] and 0 <= x + dx < mask.shape[1])


def test_first_nearest_names_what_scipys_feature_transform_names() -> None:
    rng = np.random.default_rng(5)
    for _ in range(300):
        height, width = (int(side) for side in rng.integers(1, 20, size=2))
        main = rng.random((height, width)) < rng.choice([0.03, 0.1, 0.3, 0.7])
        if not main.any():
            continue
        distance, nearest = ndimage.distance_transform_cdt(
            ~main, metric="taxicab", return_indices=True
        )
        ys, xs = np.nonzero(main)
        for y in range(height):
            for x in range(width):
                near = np.abs(ys - y) + np.abs(xs - x) == distance[y, x]
                ties = list(zip(ys[near].tolist(), xs[near].tolist(), strict=True))
                expected = (int(nearest[0, y, x]), int(nearest[1, y, x]))
                assert cave.first_nearest(y, x, ties) == expected, (main, y, x)


def test_regions_summary() -> None:
    for seed in range(30):
        plan = make(seed, 100, 60, min_region=10)
        regions = plan.extra["regions"]
        assert regions, seed
        walk = tiles.walkable(plan.tiles)
        sizes = [size for _, _, size in regions]
        assert sizes[0] == max(sizes)
        assert all(size >= 10 for size in sizes)
        assert all(walk[y, x] for x, y, _ in regions)
        assert len({(x, y) for x, y, _ in regions}) == len(regions)


def test_region_summary_takes_the_tile_nearest_the_box_centre() -> None:
    """Against a scan of every tile of the box; rings and scraps have no tile near the centre."""
    ring = np.zeros((30, 40), dtype=bool)
    ring[2:27, 3:38] = True
    ring[4:25, 5:36] = False
    masks = [ring] + [Rng(seed).floats((20, 30)) < 0.5 for seed in range(10)]
    for mask in masks:
        labels, count = label4(mask)
        boxes = run_boxes(labels, count)
        sizes = np.bincount(labels.ravel(), minlength=count + 1)
        expected = []
        for label, (rows, columns) in enumerate(boxes, start=1):
            ys, xs = np.nonzero(labels[rows, columns] == label)
            cy, cx = (rows.stop - rows.start) // 2, (columns.stop - columns.start) // 2
            pick = int((np.abs(ys - cy) + np.abs(xs - cx)).argmin())
            expected.append((int(xs[pick]) + columns.start, int(ys[pick]) + rows.start,
                             int(sizes[label])))
        assert cave.region_summary(labels, boxes, sizes, list(range(1, count + 1))) == expected


def test_small_pockets_are_filled() -> None:
    for seed in range(30):
        plan = make(seed, 80, 50, min_region=1_000_000, teleporter_chance=0.0)
        assert len(plan.extra["regions"]) == 1
        assert plan.teleporters == ()
        _, count = label4(tiles.walkable(plan.tiles))
        assert count == 1
        assert int(tiles.walkable(plan.tiles).sum()) == plan.extra["regions"][0][2]


def test_teleporter_chance_zero_means_tunnels_only() -> None:
    dug = 0
    for seed in range(40):
        plan = make(seed, 80, 50, min_region=1, teleporter_chance=0.0)
        assert plan.teleporters == ()
        _, count = label4(tiles.walkable(plan.tiles))
        assert count == 1
        kept = sum(size for _, _, size in plan.extra["regions"])
        dug += int(tiles.walkable(plan.tiles).sum()) - kept
    assert dug > 0  # tunnels were really dug through rock


def test_teleporter_chance_one_links_every_stray_pocket() -> None:
    seen = 0
    for seed in range(40):
        plan = make(seed, 80, 50, min_region=1, teleporter_chance=1.0)
        walk = tiles.walkable(plan.tiles)
        labels, count = label4(walk)
        assert len(plan.teleporters) == count - 1
        home = labels[to_yx(plan.arrival)]
        for pair in plan.teleporters:
            assert labels[to_yx(pair.a)] == home
            assert labels[to_yx(pair.b)] != home
        assert int(walk.sum()) == sum(size for _, _, size in plan.extra["regions"])
        seen += len(plan.teleporters)
    assert seen > 0


def test_pockets_a_tunnel_reaches_get_no_teleporter() -> None:
    """Tunnels and teleporters together: a pocket a tunnel passes joins the cave, so exactly the
    regions still apart after digging are linked, each once (checked by labelling the floor)."""
    for seed in range(12):
        plan = make(seed, 150, 90, fill=0.5, passes1=1, passes2=0, min_region=1,
                    teleporter_chance=0.5)
        labels, count = label4(tiles.walkable(plan.tiles))
        home = int(labels[to_yx(plan.arrival)])
        linked = sorted(int(labels[to_yx(pair.b)]) for pair in plan.teleporters)
        assert linked == [label for label in range(1, count + 1) if label != home], seed
        assert all(labels[to_yx(pair.a)] == home for pair in plan.teleporters)


def test_teleporters_never_outnumber_the_budget() -> None:
    assert cave.choose_tunnels([5, 6, 7, 8], 2, 1.0, Rng(1)) == [7, 8]
    assert cave.choose_tunnels([5, 6], 0, 1.0, Rng(1)) == [5, 6]
    assert cave.choose_tunnels([5, 6], 9, 0.0, Rng(1)) == [5, 6]


# --- stairs -----------------------------------------------------------------------------------


def test_way_down_is_the_farthest_floor() -> None:
    for seed in range(60):
        for chance in (0.0, 1.0):
            plan = make(seed, 70, 40, min_region=1, teleporter_chance=chance)
            dist = walk_distance(tiles.walkable(plan.tiles), [plan.arrival], plan.teleporters)
            floorish = np.isin(plan.tiles, [tiles.FLOOR, tiles.STAIRS_DOWN])
            assert dist[to_yx(plan.exits[0])] == dist[floorish].max(), seed


def links_of(plan: FloorPlan) -> list[cave.Link]:
    """The plan's teleporter pairs, each with the bounding box of its far end's region."""
    labels, _ = label4(tiles.walkable(plan.tiles))
    boxes = dict(enumerate(ndimage.find_objects(labels), start=1))
    return [(pair, boxes[int(labels[to_yx(pair.b)])]) for pair in plan.teleporters]


def test_the_walk_with_pockets_is_the_walking_distance() -> None:
    for seed in range(30):
        plan = make(seed, 60, 40, min_region=1, teleporter_chance=1.0)
        walk = tiles.walkable(plan.tiles)
        mine = walk_with_pockets(walk, plan.arrival, links_of(plan))
        assert np.array_equal(mine, walk_distance(walk, [plan.arrival], plan.teleporters))
        assert not (walk & (mine == UNREACHED)).any()


def test_farthest_floor_matches_common_walk_distance() -> None:
    for seed in range(40):
        plan = make(seed, 60, 40, min_region=1, teleporter_chance=1.0 if seed % 2 else 0.5)
        walk = tiles.walkable(plan.tiles)
        floor = walk & (plan.tiles != tiles.TELEPORTER)
        dist = walk_distance(walk, [plan.arrival], plan.teleporters)
        y, x = np.unravel_index(int(np.where(floor, dist, -1).argmax()), dist.shape)
        mine = cave.farthest_floor(walk, floor, plan.arrival, links_of(plan))
        assert mine == (int(x), int(y)) == plan.exits[0], seed


def test_farthest_floor_ties_pads_and_links() -> None:
    # a T of corridors, arrival on top: the two lower ends tie and the first in row order wins;
    # a tile that is walked on but is no floor (a teleporter pad) is passed over
    walk = tiles.from_ascii(
        """
        #########
        #.......#
        ####.####
        #.......#
        #########
        """
    ) != tiles.WALL
    floor = walk.copy()
    assert cave.farthest_floor(walk, floor, (4, 1), []) == (1, 3)
    floor[3, 1] = False
    assert cave.farthest_floor(walk, floor, (4, 1), []) == (7, 3)
    floor[3, 7] = False
    assert cave.farthest_floor(walk, floor, (4, 1), []) == (2, 3)
    # a pocket reached only by a pair: its walks go on from the far end, one step on
    walk = tiles.from_ascii(
        """
        ###########
        #...#.....#
        ###########
        """
    ) != tiles.WALL
    link = (TeleporterPair((3, 1), (5, 1)), (slice(1, 2), slice(5, 10)))
    assert cave.farthest_floor(walk, walk, (1, 1), [link]) == (9, 1)
    assert cave.farthest_floor(walk, walk, (1, 1), []) == (3, 1)


def test_arrival_sits_at_an_end_of_the_long_axis() -> None:
    ends: set[tuple[int, bool]] = set()
    for seed in range(40):
        for width, height in ((200, 12), (12, 200)):
            plan = make(seed, width, height, teleporter_chance=0.0)
            axis = 0 if width >= height else 1
            walk = tiles.walkable(plan.tiles)
            coords = np.nonzero(walk)[1 - axis]
            low, high = int(coords.min()), int(coords.max())
            here = plan.arrival[axis]
            reach = (high - low) // 10
            assert here <= low + reach or here >= high - reach, (seed, width, height)
            ends.add((axis, here <= low + reach))
    assert len(ends) == 4  # both ends of both axes get used


def test_stairs_far_apart_on_long_maps() -> None:
    for seed in range(40):
        plan = make(seed, 200, 12, teleporter_chance=0.0)
        dist = walk_distance(tiles.walkable(plan.tiles), [plan.arrival])
        assert dist[to_yx(plan.exits[0])] >= 150, seed

