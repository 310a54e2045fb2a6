"""The bsp generator (crashRun's rooms and tunnels): invariants over many seeds and sizes, and
its own rules (leaves, facing rooms, Kruskal merging, doors, teleporters, loops, stairs)."""

from __future__ import annotations

import functools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.typing import NDArray

from game import layout_checks, tiles
from game.floorplan import FloorPlan, Point, Room
from game.generators import bsp, generate_floor, get
from game.grids import label4
from game.params import ParamError
from game.pathing import UNREACHED, to_yx, walk_distance
from game.seeds import Rng
from game.stats import pair_path_ratio

SPEC = bsp.SPEC
Tunnel = tuple[int, int, int, int]


def make(seed: int, width: int = 80, height: int = 50, **params: float | int) -> FloorPlan:
    return SPEC.generate(Rng(seed), width, height, params)


def room_of(plan: FloorPlan, point: Point) -> int:
    return next(room.id for room in plan.rooms if room.contains(point))


def tunnels(plan: FloorPlan) -> list[Tunnel]:
    return [(t[0], t[1], t[2], t[3]) for t in plan.extra["tunnels"]]


def is_vertical(plan: FloorPlan, tunnel: Tunnel) -> bool:
    x0, y0, x1, y1 = tunnel
    if (x0, y0) != (x1, y1):
        return x0 == x1
    return any(d.passage == "ns" for d in plan.doors if (d.x, d.y) == (x0, y0))


def cells(plan: FloorPlan, tunnel: Tunnel) -> list[Point]:
    x0, y0, x1, y1 = tunnel
    return [(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]


def mouths(plan: FloorPlan, tunnel: Tunnel) -> tuple[Point, Point]:
    """The room tiles just beyond either end of a tunnel."""
    x0, y0, x1, y1 = tunnel
    if is_vertical(plan, tunnel):
        return (x0, y0 - 1), (x1, y1 + 1)
    return (x0 - 1, y0), (x1 + 1, y1)


def components(plan: FloorPlan) -> NDArray[np.int32]:
    """Walkable regions by 4-neighbour steps alone (teleporters not counted)."""
    labels, _ = label4(tiles.walkable(plan.tiles))
    return labels


def root(parent: list[int], i: int) -> int:
    while parent[i] != i:
        i = parent[i]
    return i


def assert_sound(plan: FloorPlan) -> None:
    assert layout_checks.problems(plan) == []
    assert plan.generator == "bsp"
    assert len(plan.rooms) >= 2
    assert [room.id for room in plan.rooms] == list(range(len(plan.rooms)))
    assert all(room.shape == "rectangle" for room in plan.rooms)
    assert plan.tiles[to_yx(plan.arrival)] == tiles.STAIRS_UP
    assert len(plan.exits) == 1
    assert plan.tiles[to_yx(plan.exits[0])] == tiles.STAIRS_DOWN
    kinds = sorted((s.kind, s.x, s.y) for s in plan.stairs)
    assert kinds == [("down", *plan.exits[0]), ("up", *plan.arrival)]
    assert room_of(plan, plan.arrival) != room_of(plan, plan.exits[0])
    assert int((plan.tiles == tiles.STAIRS_UP).sum()) == 1
    assert int((plan.tiles == tiles.STAIRS_DOWN).sum()) == 1


# --- invariants -------------------------------------------------------------------------------


def test_invariants_over_a_thousand_seeds() -> None:
    for seed in range(1000):
        assert_sound(make(seed))


def test_same_seed_same_floor_and_seeds_differ() -> None:
    assert make(7).fingerprint() == make(7).fingerprint()
    assert len({make(seed).fingerprint() for seed in range(20)}) == 20
    assert generate_floor("bsp", 1, 2, 80, 50).fingerprint() == (
        generate_floor("bsp", 1, 2, 80, 50).fingerprint()
    )
    assert get("bsp") is SPEC


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    width=st.integers(5, 160),
    height=st.integers(5, 120),
    leaf=st.integers(8, 40),
    skip=st.sampled_from([0.0, 0.2, 0.5, 0.9]),
    groups=st.integers(1, 64),
    loops=st.integers(0, 100),
    gain=st.integers(0, 1000),
)
def test_any_size_and_params(
    seed: int,
    width: int,
    height: int,
    leaf: int,
    skip: float,
    groups: int,
    loops: int,
    gain: int,
) -> None:
    plan = make(
        seed,
        width,
        height,
        leaf=leaf,
        skip=skip,
        teleporter_groups=groups,
        loops=loops,
        loop_gain=gain,
    )
    assert_sound(plan)
    assert all(room.w < leaf and room.h < leaf for room in plan.rooms)


@pytest.mark.parametrize(
    "size", [(5, 5), (6, 5), (5, 6), (200, 12), (12, 200), (5, 300), (300, 5), (1000, 7)]
)
def test_thin_and_tiny_floors(size: tuple[int, int]) -> None:
    for seed in range(30):
        assert_sound(make(seed, *size))


def test_tiny_floor_has_two_rooms() -> None:
    for seed in range(100):
        plan = make(seed, 5, 5, skip=0.9)
        assert len(plan.rooms) == 2


@functools.cache
def thousand_square() -> FloorPlan:
    return make(3, 1000, 1000)


def test_a_thousand_square_floor() -> None:
    plan = thousand_square()
    assert_sound(plan)
    assert len(plan.rooms) > 3000
    assert (plan.extra["loops"], len(plan.teleporters)) == (798, 8), "the scale rule"


def test_a_thousand_square_floor_walks_at_most_three_times_the_straight_line() -> None:
    """The path ratio of the module docstring: one flood, to 80 rooms drawn at random (a flood
    with 8 teleporter pairs costs seconds at this size)."""
    ratio = pair_path_ratio(thousand_square(), Rng(11), sources=1, targets=80)
    assert 1.0 < ratio <= 3.0


def test_the_scale_rule() -> None:
    """80x50 (and smaller) keeps the values given: crashRun's three groups and three loops;
    larger floors get more loops by area and more teleporter pairs by its fourth root."""
    assert bsp.scaled(3, 3, 80, 50) == (3, 3)
    assert bsp.scaled(3, 3, 20, 20) == (3, 3)
    assert bsp.scaled(0, 1, 1000, 1000) == (0, 1), "no loops and no teleporters stay so"
    sizes = [(80, 50), (120, 80), (200, 200), (400, 400), (1000, 1000)]
    rule = [bsp.scaled(3, 3, w, h) for w, h in sizes]
    assert rule == sorted(rule) and rule[-1] == (798, 9)
    for seed in range(20):
        plan = make(seed)
        assert plan.extra["loops"] <= 3 and len(plan.teleporters) <= 2


def test_params_are_checked() -> None:
    names = {p.name for p in SPEC.params}
    assert {"teleporter_groups", "loops", "loop_gain", "skip", "leaf"} <= names
    defaults = SPEC.resolve_params({})
    assert defaults["skip"] == 0.2 and defaults["leaf"] == 15
    assert SPEC.resolve_params({"leaf": "20", "skip": "0.5"}) == {
        **defaults,
        "leaf": 20,
        "skip": 0.5,
    }
    bad = [
        {"leaf": "7"},
        {"leaf": "41"},
        {"skip": "1.5"},
        {"skip": "-0.1"},
        {"teleporter_groups": "0"},
        {"loops": "-1"},
        {"loop_gain": "-1"},
        {"loops": "two"},
        {"rooms": "3"},
    ]
    for given_params in bad:
        with pytest.raises(ParamError):
            SPEC.resolve_params(given_params)


# --- partition and rooms -------------------------------------------------------------------


def test_rooms_fit_leaves_and_never_touch() -> None:
    for seed in range(40):
        leaf = 8 + seed % 20
        plan = make(seed, 90, 60, leaf=leaf)
        owner = np.full(plan.tiles.shape, -1)
        for room in plan.rooms:
            assert room.x >= 1 and room.y >= 1
            assert room.x + room.w <= 89 and room.y + room.h <= 59
            assert room.w < leaf and room.h < leaf
            box = owner[room.y : room.y + room.h, room.x : room.x + room.w]
            assert (box == -1).all()
            box[...] = room.id
        for room in plan.rooms:
            ring = owner[room.y - 1 : room.y + room.h + 1, room.x - 1 : room.x + room.w + 1]
            assert set(np.unique(ring).tolist()) <= {-1, room.id}
            inside = plan.tiles[room.y : room.y + room.h, room.x : room.x + room.w]
            assert tiles.walkable(inside).all()


def test_partition_cuts_near_the_middle_and_leaves_are_small() -> None:
    for seed in range(50):
        leaves = bsp._partition(Rng(seed), 120, 70, 15)
        area = sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in leaves)
        assert area < 118 * 68
        for x0, y0, x1, y1 in leaves:
            assert 1 <= x0 < x1 <= 119 and 1 <= y0 < y1 <= 69
            assert x1 - x0 < 15 and y1 - y0 < 15
            assert x1 - x0 >= 5 and y1 - y0 >= 5  # midpoint +/- 2 of a 15+ section


def test_skip_leaves_out_rooms() -> None:
    full = sum(len(make(seed, skip=0.0).rooms) for seed in range(40))
    sparse = sum(len(make(seed, skip=0.5).rooms) for seed in range(40))
    leaves = sum(len(bsp._partition(Rng(seed), 80, 50, 15)) for seed in range(40))
    assert full > 1.6 * sparse
    assert full == leaves


# --- facing rooms and tunnels --------------------------------------------------------------


def brute_links(floor: bsp._Floor) -> set[tuple[int, int, bool, int]]:
    """(a, b, vertical, line) for every pair with overlapping spans and a clear line, all pairs."""
    found = set()
    for vertical in (False, True):
        owner = floor.owner.T if vertical else floor.owner
        for a in floor.rooms:
            for b in floor.rooms:
                a0, a1, a_lo, a_hi = (a.x, a.x + a.w, a.y, a.y + a.h)
                b0, b1, b_lo, b_hi = (b.x, b.x + b.w, b.y, b.y + b.h)
                if vertical:
                    a0, a1, a_lo, a_hi = a_lo, a_hi, a0, a1
                    b0, b1, b_lo, b_hi = b_lo, b_hi, b0, b1
                if a1 >= b0:
                    continue
                for line in range(max(a_lo, b_lo), min(a_hi, b_hi)):
                    band = owner[line - 1 : line + 2, a1:b0]
                    if (band == -1).all():
                        found.add((a.id, b.id, vertical, line))
    return found


def test_facing_sweep_matches_all_pairs() -> None:
    for seed in range(40):
        rng = Rng(seed)
        rooms = bsp._rooms(rng, bsp._partition(rng, 70, 45, 8 + seed % 10), 0.3)
        floor = bsp._Floor(70, 45, rooms)
        links = bsp._links(floor.owner, floor.centres)
        swept = {
            (links.a[i], links.b[i], links.vertical[i], line)
            for i in range(len(links.a))
            for line in links.lines[links.first[i] : links.first[i] + links.count[i]]
        }
        assert swept == brute_links(floor)
        centre = [room.center for room in rooms]
        weights = [
            (centre[a][0] - centre[b][0]) ** 2 + (centre[a][1] - centre[b][1]) ** 2
            for a, b in zip(links.a, links.b, strict=True)
        ]
        assert weights == sorted(weights)


def test_a_third_room_blocks_its_rows() -> None:
    rooms = [Room(0, 2, 2, 4, 8), Room(1, 8, 4, 3, 2), Room(2, 13, 2, 4, 8)]
    floor = bsp._Floor(20, 12, rooms)
    links = bsp._links(floor.owner, floor.centres)
    by_pair = {
        (links.a[i], links.b[i]): links.lines[links.first[i] : links.first[i] + links.count[i]]
        for i in range(len(links.a))
    }
    assert by_pair[(0, 2)] == [2, 7, 8, 9]
    assert by_pair[(0, 1)] == [4, 5]
    assert by_pair[(1, 2)] == [4, 5]


def grid_floor() -> tuple[bsp._Floor, bsp._Links]:
    """A B over C D: A-B 3 apart (d^2 81), C-D 3 apart (85), B-D 4 apart (100), A-C 6 (144)."""
    rooms = [
        Room(0, 2, 2, 6, 6),
        Room(1, 11, 2, 6, 6),
        Room(2, 2, 14, 6, 6),
        Room(3, 11, 12, 6, 6),
    ]
    floor = bsp._Floor(20, 22, rooms)
    return floor, bsp._links(floor.owner, floor.centres)


def test_merge_takes_the_shortest_link_out_of_a_group() -> None:
    floor, links = grid_floor()
    groups = bsp._Groups(4)
    dug = bsp._merge(Rng(1), floor, links, groups, 1)
    made = {(links.a[i], links.b[i]) for i, d in enumerate(dug) if d}
    assert made == {(0, 1), (2, 3), (1, 3)}
    assert groups.count == 1
    assert sorted(d.passage for d in floor.doors) == ["ns", "ns"]  # only B-D is 4+ long


def test_merge_stops_at_k_groups() -> None:
    floor, links = grid_floor()
    groups = bsp._Groups(4)
    dug = bsp._merge(Rng(1), floor, links, groups, 2)
    assert {(links.a[i], links.b[i]) for i, d in enumerate(dug) if d} == {(0, 1), (2, 3)}
    assert groups.members() == [[0, 1], [2, 3]]


@pytest.mark.parametrize(("gap", "doors"), [(1, 1), (2, 0), (3, 0), (4, 2), (7, 2)])
def test_door_rule_on_one_tunnel(gap: int, doors: int) -> None:
    rooms = [Room(0, 2, 2, 4, 4), Room(1, 6 + gap, 2, 4, 4)]
    floor = bsp._Floor(12 + gap, 8, rooms)
    links = bsp._links(floor.owner, floor.centres)
    bsp._merge(Rng(0), floor, links, bsp._Groups(2), 1)
    assert len(floor.doors) == doors
    assert all(d.passage == "ew" and d.x in (6, 5 + gap) for d in floor.doors)
    assert int((floor.tiles[:, 6 : 6 + gap] != tiles.WALL).sum()) == gap


def test_tunnels_are_straight_walled_and_follow_the_door_rule() -> None:
    for seed in range(150):
        plan = make(seed, loops=10, loop_gain=5)
        door_at = {(d.x, d.y): d.passage for d in plan.doors}
        doors_seen = 0
        for tunnel in tunnels(plan):
            x0, y0, x1, y1 = tunnel
            assert x0 == x1 or y0 == y1
            vertical = is_vertical(plan, tunnel)
            run = cells(plan, tunnel)
            for x, y in run:
                assert tiles.walkable(plan.tiles[y, x])
                assert not any(room.contains((x, y)) for room in plan.rooms)
                beside = [(x - 1, y), (x + 1, y)] if vertical else [(x, y - 1), (x, y + 1)]
                assert all(plan.tiles[by, bx] == tiles.WALL for bx, by in beside)
            a, b = (room_of(plan, m) for m in mouths(plan, tunnel))
            assert a != b
            on_it = [p for p in run if p in door_at]
            expected = {run[0], run[-1]} if len(run) >= 4 else {run[0]} if len(run) == 1 else set()
            assert set(on_it) == expected
            assert all(door_at[p] == ("ns" if vertical else "ew") for p in on_it)
            doors_seen += len(on_it)
        assert doors_seen == len(plan.doors)


# --- teleporters, loops, stairs ------------------------------------------------------------


def test_teleporters_chain_the_tunnel_groups() -> None:
    counts = []
    for seed in range(200):
        plan = make(seed)
        labels = components(plan)
        parts = int(labels.max())
        assert len(plan.teleporters) == parts - 1
        # The pairs join the parts into one tree: a union-find over parts must merge every time.
        parent = list(range(parts + 1))
        tunnel_mouths = {m for t in tunnels(plan) for m in mouths(plan, t)}
        for pair in plan.teleporters:
            ra, rb = (root(parent, int(labels[to_yx(end)])) for end in (pair.a, pair.b))
            assert ra != rb
            parent[ra] = rb
            assert pair.a not in tunnel_mouths and pair.b not in tunnel_mouths
        counts.append(len(plan.teleporters))
    assert sum(1 <= c <= 3 for c in counts) >= 0.95 * len(counts)


def test_teleporter_groups_sets_the_number_of_pairs() -> None:
    for seed in range(30):
        for k in (1, 2, 5):
            plan = make(seed, 100, 60, teleporter_groups=k, skip=0.0)
            assert len(plan.teleporters) >= min(k, len(plan.rooms)) - 1
            assert len(plan.teleporters) == int(components(plan).max()) - 1


def test_no_link_out_of_a_group_falls_back_to_teleporters() -> None:
    """The original crashes when no tunnel can leave a group; sparse floors hit that often."""
    fallbacks = 0
    for seed in range(60):
        plan = make(seed, skip=0.9, teleporter_groups=1)
        assert_sound(plan)
        fallbacks += len(plan.teleporters) > 0
    assert fallbacks >= 5


def test_tunnels_form_a_forest_plus_loops() -> None:
    for seed in range(60):
        plan = make(seed, loops=0)
        parts = int(components(plan).max())
        assert plan.extra["loops"] == 0
        assert len(tunnels(plan)) == len(plan.rooms) - parts
        looped = make(seed, loops=4, loop_gain=0)
        parts = int(components(looped).max())
        assert 0 <= looped.extra["loops"] <= 4
        assert len(tunnels(looped)) == len(looped.rooms) - parts + looped.extra["loops"]


@pytest.mark.parametrize("gain", [0, 12, 30])
def test_each_loop_saves_more_than_loop_gain(gain: int) -> None:
    opened = 0
    for seed in range(40):
        plan = make(seed, loops=6, loop_gain=gain)
        count = int(plan.extra["loops"])
        opened += count
        dug = tunnels(plan)
        for j in range(len(dug) - count, len(dug)):
            before = plan.tiles.copy()
            for later in dug[j:]:
                for x, y in cells(plan, later):
                    before[y, x] = tiles.WALL
            start, end = mouths(plan, dug[j])
            walk = walk_distance(tiles.walkable(before), [start])
            assert int(walk[to_yx(end)]) > len(cells(plan, dug[j])) + 1 + gain
    assert opened > 0


def looped_floor(seed: int) -> tuple[Rng, bsp._Floor, bsp._Groups, list[Room]]:
    """A floor of varied size and parameters dug up to its loops (no teleporters yet), with
    the stream and the room groups it goes on with."""
    rng = Rng(seed)
    width, height = 40 + seed * 3, 20 + seed
    params = bsp._Params(8 + seed % 12, 0.2, 1 + seed % 5, seed % 7, seed % 15)
    rooms = bsp._rooms(rng, bsp._partition(rng, width, height, params.leaf), params.skip)
    floor = bsp._Floor(width, height, rooms)
    links = bsp._links(floor.owner, floor.centres)
    groups = bsp._Groups(len(rooms))
    dug = bsp._merge(rng, floor, links, groups, params.teleporter_groups)
    bsp._loops(rng, floor, links, groups, dug, params)
    return rng, floor, groups, rooms


def test_mouth_graph_walks_match_a_tile_flood() -> None:
    """Loops and stairs trust `_Walks`; it must give the same distances as a flood over tiles."""
    for seed in range(40):
        rng, floor, groups, rooms = looped_floor(seed)
        pairs = bsp._teleporters(rng, floor, groups)
        start = rooms[0].center
        flood = walk_distance(tiles.walkable(floor.tiles), [start], pairs)
        for points in (
            [room.center for room in rooms],
            [(room.x, room.y) for room in rooms],
            [(room.x + room.w - 1, room.y) for room in rooms],
        ):
            walk = floor.walks.spread(0, start, points)
            for room in rooms[1:]:
                assert walk[room.id] == int(flood[to_yx(points[room.id])])


def test_loops_ask_the_mouth_graph_what_a_tile_flood_would_say() -> None:
    """`_Walks.longer_than` (A*, before the teleporters) must agree with a flood over tiles."""
    for seed in range(30):
        _, floor, _, rooms = looped_floor(seed)
        start = rooms[0].center
        flood = walk_distance(tiles.walkable(floor.tiles), [start])
        for room in rooms[1:]:
            walk = int(flood[to_yx(room.center)])
            for cutoff in (walk - 1, walk, walk + 1) if walk != UNREACHED else (10, 10_000):
                longer = floor.walks.longer_than(0, start, room.id, room.center, cutoff)
                assert longer == (walk > cutoff)


def test_no_loops_when_the_gain_is_out_of_reach() -> None:
    for seed in range(30):
        assert make(seed, loops=50, loop_gain=1000).extra["loops"] == 0


def test_stairs_are_far_apart() -> None:
    for seed in range(100):
        plan = make(seed)
        walk = walk_distance(tiles.walkable(plan.tiles), [plan.arrival], plan.teleporters)
        farthest = max(int(walk[to_yx(room.center)]) for room in plan.rooms)
        assert int(walk[to_yx(plan.exits[0])]) >= 0.75 * farthest
