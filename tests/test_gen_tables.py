"""The tables generator (the pen-and-paper method of shared seed 002): invariants over many seeds,
sizes and parameters, and its own rules: chamber shapes, exits in chamber walls, the encounter
budget, joins and curtailing, cleanup, stairs, the entrances, and what it hands the dressing."""

from __future__ import annotations

import statistics
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.typing import NDArray

from game import layout_checks, tiles
from game.floorplan import FloorPlan, ParamValue, Point, Room
from game.generators import tables
from game.generators.tables import chambers, cleanup, corridors, exits, rolls, shapes, walk
from game.generators.tables.dungeon import STRUCTURE, Dungeon
from game.grids import label4
from game.params import ParamError
from game.pathing import UNREACHED, to_yx, walk_distance
from game.seeds import Rng
from game.tables import Roll, TableError, TableSet, default_tables
from game.tables.engine import load_tables, tables_dir

SPEC = tables.SPEC
NORTH, EAST, SOUTH, WEST = range(4)
TABLE_SIZES = {(w, h) for _, w, h in chambers.table_sizes(default_tables())}
DEEPEST = 20
"""Longer than any chamber of the table and its frame: how far the free runs are read."""
DRESSING = {"doors", "chamber_features", "minor_features", "major_features", "encounter_templates"}


def make(seed: int, width: int = 80, height: int = 50, **params: ParamValue) -> FloorPlan:
    return SPEC.generate(Rng(seed), width, height, params)


def box(room: Room) -> tuple[slice, slice]:
    return slice(room.y, room.y + room.h), slice(room.x, room.x + room.w)


def room_boxes(plan: FloorPlan) -> NDArray[np.bool_]:
    inside = np.zeros(plan.tiles.shape, dtype=np.bool_)
    for room in plan.rooms:
        inside[box(room)] = True
    return inside


def degree(walk: NDArray[np.bool_]) -> NDArray[np.int64]:
    padded = np.pad(walk, 1).astype(np.int64)
    return padded[:-2, 1:-1] + padded[2:, 1:-1] + padded[1:-1, :-2] + padded[1:-1, 2:]


def features(plan: FloorPlan) -> set[Point]:
    """Tiles cleanup keeps although they may end a corridor: stairs and encounters."""
    kept = {(s["x"], s["y"]) for s in plan.extra["stairs_rolled"]}
    kept |= {(x, y) for x, y in plan.extra["encounter_spots"]}
    return kept | {plan.arrival, *plan.exits}


def loose_ends(plan: FloorPlan) -> list[Point]:
    """Corridor dead ends (one walkable neighbour, outside every room) that are no feature."""
    walk = tiles.walkable(plan.tiles)
    ends = walk & (degree(walk) == 1) & ~room_boxes(plan)
    kept = features(plan)
    return [(int(x), int(y)) for y, x in np.argwhere(ends) if (int(x), int(y)) not in kept]


def assert_extra(plan: FloorPlan) -> None:
    """What the dressing pass is handed: plain, sorted, consistent with the tiles and tables."""
    extra = plan.extra
    contents = extra["contents"]
    rolled = [room.id for room in plan.rooms if room.shape != "entrance"]
    assert sorted(contents) == list(contents) == rolled
    rows = default_tables().table("chamber_contents")
    for entry in contents.values():
        assert set(entry) == {"face", "monster", "features", "treasure", "trap"}
        assert isinstance(entry["face"], int) and 1 <= entry["face"] <= 100
        written = rows.row_for(entry["face"]).fields
        assert all(entry[flag] is written[flag] for flag in ("monster", "features", "trap"))
        assert entry["treasure"] is written["treasure"]
    spots = extra["encounter_spots"]
    assert spots == sorted(spots) and all(isinstance(p, list) and len(p) == 2 for p in spots)
    inside = room_boxes(plan)
    for x, y in spots:
        assert plan.tiles[y, x] == tiles.FLOOR and not inside[y, x]
    stairs = extra["stairs_rolled"]
    assert stairs == sorted(stairs, key=lambda s: (s["x"], s["y"]))
    for entry in stairs:
        assert set(entry) == {"x", "y", "kind", "direction", "dead_end"}
        assert entry["kind"] in ("stairs", "trapdoor_ladder", "shaft")
        assert entry["direction"] in ("up", "down", "both")
        assert isinstance(entry["dead_end"], bool)
        expected = tiles.stairs_tile(entry["kind"], entry["direction"])
        assert plan.tiles[entry["y"], entry["x"]] == expected != tiles.FLOOR
    budget = walk.budget_for(str(plan.params["ruleset"]), plan.width, plan.height)
    monsters = sum(bool(entry["monster"]) for entry in contents.values())
    assert extra["budget"] == budget
    assert extra["encounters"] == monsters + len(spots) <= budget
    assert extra["entrance_room"] == (None if plan.params["entrance"] == "corridor" else 0)


def assert_sound(plan: FloorPlan) -> None:
    assert layout_checks.problems(plan) == []
    assert plan.generator == "tables"
    assert [room.id for room in plan.rooms] == list(range(len(plan.rooms)))
    ((ex, ey),) = plan.exits
    assert plan.tiles[to_yx(plan.arrival)] == tiles.STAIRS_UP
    assert plan.tiles[ey, ex] in tiles.STAIRS
    rolled = {(s["x"], s["y"]) for s in plan.extra["stairs_rolled"]}
    drawn = {(int(x), int(y)) for y, x in np.argwhere(np.isin(plan.tiles, tiles.STAIRS))}
    assert drawn == rolled | {plan.arrival, (ex, ey)}  # a stairs tile is a stairs, and back
    assert sorted((s.kind, s.x, s.y) for s in plan.stairs) == [
        ("down", ex, ey),
        ("up", *plan.arrival),
    ]
    assert_extra(plan)
    if plan.params["cleanup"]:
        assert loose_ends(plan) == []


# --- invariants --------------------------------------------------------------------------------


def test_invariants_over_many_seeds() -> None:
    for seed in range(1000):
        plan = make(seed)
        assert layout_checks.problems(plan) == [], seed
        assert plan.extra["encounters"] <= plan.extra["budget"] == 10


def test_rules_over_seeds() -> None:
    for seed in range(150):
        assert_sound(make(seed))


@settings(max_examples=120, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    width=st.integers(tables.MIN_WIDTH, 200),
    height=st.integers(tables.MIN_HEIGHT, 200),
    ruleset=st.sampled_from(sorted(walk.BUDGETS)),
    entrance=st.sampled_from(["premade", "corridor", "chamber"]),
    cleanup=st.booleans(),
)
def test_any_size_and_params(
    seed: int, width: int, height: int, ruleset: str, entrance: str, cleanup: bool
) -> None:
    plan = make(seed, width, height, ruleset=ruleset, entrance=entrance, cleanup=cleanup)
    assert_sound(plan)


@pytest.mark.parametrize(
    ("width", "height"),
    [(tables.MIN_WIDTH, tables.MIN_HEIGHT), (200, 16), (24, 200), (1000, 17), (25, 17)],
)
def test_edge_shapes(width: int, height: int) -> None:
    for seed in range(10):
        for entrance in ("premade", "corridor", "chamber"):
            assert_sound(make(seed, width, height, entrance=entrance))


def floor_share(plan: FloorPlan) -> float:
    return float((plan.tiles != tiles.WALL).mean())


def test_big_maps_filled_as_densely() -> None:
    """The budget grows with the area, so a big map is filled about as densely as 80x50: at
    least 0.6 times the mean share over seeds at 80x50, every seed, at 200x200 and 1000x1000."""
    small = statistics.mean(floor_share(make(seed)) for seed in range(20))
    for seed in range(3):
        plan = make(seed, 200, 200)
        assert plan.extra["budget"] == 100
        assert floor_share(plan) >= 0.6 * small, seed
    for seed in (7, 8):
        plan = make(seed, 1000, 1000)
        assert_sound(plan)
        assert plan.extra["encounters"] == plan.extra["budget"] == 2500
        assert floor_share(plan) >= 0.6 * small, seed


def test_deterministic_and_seed_dependent() -> None:
    first, again = make(3), make(3)
    assert first.fingerprint() == again.fingerprint()
    assert first.extra == again.extra
    assert len({make(seed).fingerprint() for seed in range(20)}) == 20


# --- chambers ----------------------------------------------------------------------------------


def frame_exits(plan: FloorPlan, room: Room) -> list[Point]:
    """Walkable tiles of the one-tile frame around a room's box."""
    t = plan.tiles
    walk = tiles.walkable(t)
    ring = np.zeros(t.shape, dtype=np.bool_)
    ring[room.y - 1 : room.y + room.h + 1, room.x - 1 : room.x + room.w + 1] = True
    ring[box(room)] = False
    return [(int(x), int(y)) for y, x in np.argwhere(ring & walk)]


def test_chamber_shapes_are_carved_as_such() -> None:
    """Squares and rectangles fill their box; octagons have their corners cut diagonally;
    irregular chambers are one rough piece about the printed size, not a box. Every size is a
    row of the table, either way round."""
    seen: dict[str, int] = {}
    for seed in range(120):
        plan = make(seed)
        walk = tiles.walkable(plan.tiles)
        for room in plan.rooms:
            seen[room.shape] = seen.get(room.shape, 0) + 1
            inside = walk[box(room)]
            if room.shape in ("square", "rectangle"):
                assert inside.all()
                assert (room.w, room.h) in TABLE_SIZES or (room.h, room.w) in TABLE_SIZES
                assert (room.w == room.h) == (room.shape == "square")
            elif room.shape == "octagon":
                assert (inside == shapes.octagon(room.w, room.h)).all()
                assert not inside[[0, 0, -1, -1], [0, -1, 0, -1]].any()
                assert (room.w, room.h) in TABLE_SIZES or (room.h, room.w) in TABLE_SIZES
            elif room.shape == "irregular":
                assert_blob(inside)
                assert max(room.w, room.h) <= 16 and inside.sum() >= 0.35 * 8 * 10
    assert min(seen.get(shape, 0) for shape in ("square", "rectangle", "octagon", "irregular")) > 40


def assert_blob(mask: NDArray[np.bool_]) -> None:
    """One piece, touching all four sides of its box, not the whole box, no one-tile spurs."""
    _, count = label4(mask)
    assert count == 1
    assert mask[0].any() and mask[-1].any() and mask[:, 0].any() and mask[:, -1].any()
    assert not mask.all()
    assert (degree(mask)[mask] >= 2).all()


def test_octagon_mask_by_eye() -> None:
    rows = ["".join(".#"[int(not v)] for v in row) for row in shapes.octagon(8, 8)]
    assert rows == [
        "##....##",
        "#......#",
        "........",
        "........",
        "........",
        "........",
        "#......#",
        "##....##",
    ]
    assert shapes.octagon(12, 12)[0].sum() == 6 and shapes.octagon(12, 12)[3].all()


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    size=st.sampled_from([(8, 10), (10, 8), (10, 16), (16, 10)]),
)
def test_irregular_blobs(seed: int, size: tuple[int, int]) -> None:
    """The table's irregular sizes, either way round."""
    width, height = size
    mask = shapes.irregular(Rng(seed), width, height).mask
    assert_blob(mask)
    assert mask.shape[0] <= height and mask.shape[1] <= width + 1
    assert mask.sum() >= 0.4 * width * height


def test_exits_stand_in_the_chamber_walls() -> None:
    """Every opening in a chamber's frame has the chamber's floor inside, rock beside it and the
    dungeon outside, whether a door or an open exit."""
    for seed in range(80):
        plan = make(seed)
        t = plan.tiles
        for room in plan.rooms:
            for x, y in frame_exits(plan, room):
                inward = [
                    (x + dx, y + dy)
                    for dx, dy in ((0, 1), (0, -1), (1, 0), (-1, 0))
                    if room.contains((x + dx, y + dy))
                ]
                ((ix, iy),) = inward
                ox, oy = 2 * x - ix, 2 * y - iy
                sx, sy = y - iy, x - ix  # a step along the wall
                assert tiles.walkable(t)[iy, ix] and tiles.walkable(t)[oy, ox]
                assert t[y + sy, x + sx] == tiles.WALL and t[y - sy, x - sx] == tiles.WALL


def test_chambers_never_touch() -> None:
    """Boxes and frames of two chambers never overlap: at least two walls between floors."""
    for seed in range(60):
        plan = make(seed)
        claimed = np.zeros(plan.tiles.shape, dtype=np.int64)
        for room in plan.rooms:
            claimed[room.y - 1 : room.y + room.h + 1, room.x - 1 : room.x + room.w + 1] += 1
        assert claimed.max() == 1


# --- the budget --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "width", "height", "budget"),
    [
        ("4e", 80, 50, 10),
        ("3.5", 80, 50, 13),
        ("pathfinder-fast", 200, 200, 130),
        ("pathfinder-medium", 100, 100, 50),
        ("4e", 1000, 1000, 2500),
        ("pathfinder-slow", 80, 50, 40),
        ("pathfinder-slow", 40, 50, 20),
        ("4e", 40, 25, 3),
        ("4e", 24, 16, 1),
    ],
)
def test_budget_by_ruleset_scaled_by_area(
    ruleset: str, width: int, height: int, budget: int
) -> None:
    assert walk.budget_for(ruleset, width, height) == budget


def test_growth_stops_at_the_budget() -> None:
    """Where there is room the floor holds its budget (a big one very nearly, on a crowded
    ruleset); it never holds more."""
    for ruleset, least in (("4e", 1.0), ("pathfinder-medium", 0.95)):
        held, share = [], []
        for seed in range(25):
            plan = make(seed, 200, 200, ruleset=ruleset)
            assert plan.extra["encounters"] <= plan.extra["budget"]
            held.append(plan.extra["encounters"] == plan.extra["budget"])
            share.append(plan.extra["encounters"] / plan.extra["budget"])
        assert sum(held) >= 23 if least == 1.0 else statistics.mean(share) >= least
    crowded = [make(seed, ruleset="pathfinder-slow").extra["encounters"] for seed in range(5)]
    assert max(crowded) <= 40 and min(crowded) > 10


def test_small_maps_hold_a_smaller_budget() -> None:
    plans = [make(seed, 40, 25) for seed in range(30)]
    assert all(plan.extra["budget"] == 3 >= plan.extra["encounters"] for plan in plans)
    assert statistics.mean(plan.extra["encounters"] for plan in plans) > 2


# --- corridors: joins, chambers hit, curtailing ------------------------------------------------


def dungeon(width: int = 30, height: int = 20) -> Dungeon:
    return Dungeon(Rng(1), width, height, default_tables())


def at(d: Dungeon, x: int, y: int) -> int:
    return y * d.width + x


def tile(d: Dungeon, x: int, y: int) -> int:
    return int(d.tiles[y, x])


def test_a_corridor_running_into_a_corridor_joins_it() -> None:
    d = dungeon()
    for y in range(3, 17):
        d.dig(at(d, 20, y))
    dug, goes_on = corridors.run(d, at(d, 5, 10), EAST, 30)
    assert not goes_on
    assert dug == [at(d, x, 10) for x in range(6, 20)]
    assert tile(d, 21, 10) == tiles.WALL


def test_a_corridor_stops_short_of_rock_it_may_not_dig() -> None:
    """Not alongside another corridor, not into the border: it stops, to turn or end."""
    d = dungeon()
    for x in range(3, 27):
        d.dig(at(d, x, 8))
    # two tiles off the corridor at y=8:
    assert corridors.run(d, at(d, 2, 10), EAST, 5) == ([], True)
    dug, goes_on = corridors.run(d, at(d, 5, 4), NORTH, 8)
    assert goes_on and dug == [at(d, 5, 3), at(d, 5, 2), at(d, 5, 1)]
    assert tile(d, 5, 0) == tiles.WALL
    assert not d.carvable(at(d, 5, 0), NORTH)


def chamber(d: Dungeon, x0: int, y0: int, w: int = 6, h: int = 8) -> int:
    return d.add_chamber(x0, y0, shapes.fixed_outline("rectangle", w, h))


def test_a_corridor_hitting_a_chamber_adds_an_exit() -> None:
    d = dungeon()
    cid = chamber(d, 12, 5)
    dug, goes_on = corridors.run(d, at(d, 2, 8), EAST, 20)
    assert not goes_on and dug[-1] == at(d, 10, 8)
    assert tile(d, 11, 8) in (tiles.DOOR, tiles.FLOOR)
    assert d.owner[8, 11] == cid and not d.in_room[8, 11]
    if tile(d, 11, 8) == tiles.DOOR:
        assert d.doors == {at(d, 11, 8): "ew"}


def test_a_corridor_hitting_a_chamber_moves_an_unused_exit() -> None:
    d = dungeon()
    cid = chamber(d, 12, 5)
    assert exits.add_exit(d, cid, True, (NORTH,))
    (pending,) = d.queue.pending()
    assert tile(d, *d.xy(pending[0])) == tiles.DOOR and d.waiting == {pending[0]: pending}
    corridors.run(d, at(d, 2, 8), EAST, 20)
    assert tile(d, *d.xy(pending[0])) == tiles.WALL and d.waiting == {}
    assert tile(d, 11, 8) == tiles.DOOR and d.doors == {at(d, 11, 8): "ew"}
    corridors.grow(d, pending)
    assert tile(d, *d.xy(pending[0])) == tiles.WALL


def test_a_chamber_that_does_not_fit_is_curtailed_to_a_smaller_size() -> None:
    """A 10 x 16 rectangle rolled where only 8 + 2 tiles of depth are free becomes a smaller size
    of the table; where not even the smallest fits, the corridor is a dead end."""
    rng, rolls = Rng(5), rolls_of(default_tables())
    roll = next(
        r
        for r in iter(lambda: rolls.roll("chambers", rng), None)
        if chambers.rolled_size(r) == ("rectangle", 10, 16)
    )
    d = dungeon(60, 14)  # rows 1..12 are free: a box and its frame fit 10 deep at most
    d.dig(at(d, 30, 12))
    chambers.chamber_ahead(d, at(d, 30, 12), NORTH, roll)
    (room,) = d.rooms
    assert room.h <= 10 and room.w * room.h < 160
    assert (room.w, room.h) in TABLE_SIZES or (room.h, room.w) in TABLE_SIZES
    tight = dungeon(60, 9)
    tight.dig(at(tight, 30, 7))
    chambers.chamber_ahead(tight, at(tight, 30, 7), NORTH, roll)
    assert tight.rooms == [] and len(tight.closed) == 1


def test_a_chamber_with_no_room_ahead_is_turned_into() -> None:
    """Two rows short of the border no chamber fits ahead: the corridor turns into one beside
    its end. A corridor ending in a door does not turn (it would open the door's wall)."""
    roll = rolls_of(default_tables()).roll("chambers", Rng(2))
    d = dungeon(60, 30)
    for y in range(4, 12):
        d.dig(at(d, 30, y))
    chambers.chamber_ahead(d, at(d, 30, 4), NORTH, roll)
    (room,) = d.rooms
    side = [x for x in (29, 31) if tile(d, x, 4) == tiles.FLOOR]
    assert len(side) == 1 and d.owner[4, side[0]] == room.id
    assert all(tile(d, 30, y) == tiles.WALL for y in range(1, 4))
    door = dungeon(60, 30)
    for y in range(5, 12):
        door.dig(at(door, 30, y))
    door.set_door(at(door, 30, 4), NORTH)
    chambers.chamber_ahead(door, at(door, 30, 4), NORTH, roll)
    assert door.rooms == []


def test_fallbacks_try_the_rolled_size_then_smaller_ones() -> None:
    sizes = chambers.table_sizes(default_tables())
    order = chambers.fallbacks(("octagon", 12, 12), sizes)
    assert order[0] == ("octagon", 12, 12)
    assert order[1:3] == (("octagon", 8, 12), ("octagon", 8, 8))
    areas = [w * h for _, w, h in order[3:]]
    assert areas == sorted(areas, reverse=True) and max(areas) < 144
    assert chambers.fallbacks(("rectangle", 6, 8), sizes) == (("rectangle", 6, 8),)


def test_intersections() -> None:
    """A four-way goes left, right and ahead; a T's 1d3 names its arms."""
    assert corridors.branches(NORTH, None) == (WEST, EAST, NORTH)
    assert corridors.branches(NORTH, 1) == (WEST, EAST)
    assert corridors.branches(EAST, 2) == (NORTH, EAST)
    assert corridors.branches(SOUTH, 3) == (WEST, SOUTH)


# --- cleanup -----------------------------------------------------------------------------------


def test_a_section_of_dead_ends_is_removed() -> None:
    d = dungeon(40, 30)
    cid = chamber(d, 4, 10)
    door = at(d, 10, 13)
    d.set_door(door, EAST)
    for x in range(11, 19):
        d.dig(at(d, x, 13))
    for y in [*range(10, 13), *range(14, 18)]:
        d.dig(at(d, 18, y))
    for x in range(19, 23):
        d.dig(at(d, x, 10))
    cleanup.clean_up(d)
    outside = d.tiles.copy()
    outside[d.owner == cid] = tiles.WALL
    assert (outside == tiles.WALL).all()
    assert d.doors == {}


def test_a_dead_end_near_the_dungeon_is_connected() -> None:
    d = dungeon(40, 30)
    chamber(d, 4, 10)
    for x in range(10, 26):
        d.dig(at(d, x, 11))
    for y in range(12, 26):
        d.dig(at(d, 25, y))
    for x in range(10, 21):
        d.dig(at(d, x, 16))
    cleanup.clean_up(d)
    assert all(tile(d, x, 16) == tiles.FLOOR for x in range(21, 25))
    assert all(tile(d, 25, y) == tiles.WALL for y in range(17, 26))
    walk = d.tiles != tiles.WALL
    assert not (walk & (degree(walk) == 1) & ~d.in_room).any()


def test_cleanup_removes_what_growth_leaves() -> None:
    """Without cleanup most floors keep dead ends; with it, only features end a corridor."""
    loose = 0
    for seed in range(30):
        raw = make(seed, cleanup=False)
        assert layout_checks.problems(raw) == []
        loose += bool(loose_ends(raw))
        assert loose_ends(make(seed)) == []
    assert loose > 20


# --- the fast tests agree with the plain rules ------------------------------------------------


def grown(seed: int, width: int, height: int, budget: int, tidy: bool) -> Dungeon:
    """A dungeon grown to a budget (and cleaned up), as `build` grows one."""
    d = Dungeon(Rng(seed), width, height, default_tables())
    walk.ENTRANCE_BUILDERS[("premade", "corridor", "chamber")[seed % 3]](d)
    walk.generate(d, budget)
    if tidy:
        exits.way_down(d, *cleanup.bounds(d))
        cleanup.clean_up(d)
    return d


def plain_carvable(d: Dungeon, corridors: NDArray[np.bool_], x: int, y: int, h: int) -> bool:
    """The rule in (x, y): free rock, rock on both sides, no door ahead, and no corridor (a dug
    tile outside every chamber's box) two tiles off on either side, within the map."""
    if d.blocked[y, x]:
        return False
    dx, dy = shapes.DX[h], shapes.DY[h]
    sx, sy = -dy, dx  # a quarter turn right
    if d.tiles[y + sy, x + sx] != tiles.WALL or d.tiles[y - sy, x - sx] != tiles.WALL:
        return False
    if d.tiles[y + dy, x + dx] == tiles.DOOR:
        return False
    return not any(
        0 <= fx < d.width and 0 <= fy < d.height and corridors[fy, fx]
        for fx, fy in ((x + 2 * sx, y + 2 * sy), (x - 2 * sx, y - 2 * sy))
    )


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    width=st.integers(tables.MIN_WIDTH, 90),
    height=st.integers(tables.MIN_HEIGHT, 60),
    budget=st.integers(1, 12),
    tidy=st.booleans(),
)
def test_carvable_reads_the_plain_rule(
    seed: int, width: int, height: int, budget: int, tidy: bool
) -> None:
    """The blocked and corridor masks are kept exactly as tiles are dug and walled up (blocked:
    dug, a chamber's box or frame, or the border), and carvable's flat steps agree with the
    rule in (x, y) everywhere."""
    d = grown(seed, width, height, budget, tidy)
    border = np.ones_like(d.blocked)
    border[1:-1, 1:-1] = False
    assert (d.blocked == ((d.tiles != tiles.WALL) | (d.owner >= 0) | border)).all()
    corridors = (d.tiles != tiles.WALL) & ~d.in_room
    assert (d.corridors == corridors).all()
    for y in range(1, d.height - 1):
        for x in range(1, d.width - 1):
            for h in range(4):
                if not d.blocked[y, x]:
                    plain = plain_carvable(d, corridors, x, y, h)
                    assert d.carvable(y * d.width + x, h) == plain, (x, y, h)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), budget=st.integers(1, 12), picks=st.integers(0, 2**32))
def test_quick_rejections_only_reject_what_fails(seed: int, budget: int, picks: int) -> None:
    """Entry columns agree with the free runs around an opening: an outline deeper than the
    free run ahead (what the walk tests before it tries any chamber), or whose near frame the
    free runs across cannot hold, has no entry column; an exit whose first tile out is blocked
    has no room ahead."""
    d = grown(seed, 60, 40, budget, tidy=False)
    rng = Rng(picks)
    outlines = [shapes.fixed_outline(shape, w, h) for shape, a, b in chambers.table_sizes(
        default_tables()) if shape != "irregular" for w, h in ((a, b), (b, a))]
    outlines += [shapes.shape_outline(rng, "irregular", w, h) for w, h in ((10, 16), (16, 10))]
    free = np.flatnonzero(~d.blocked.ravel()).tolist()
    for _ in range(40):
        i, h = free[rng.below(len(free))], rng.below(4)
        x, y = d.xy(i)
        ahead = d.free_run(i, h, DEEPEST)
        down, up = (WEST, EAST) if h % 2 == 0 else (NORTH, SOUTH)
        below = d.free_run(i + d.step[down], down, DEEPEST)
        above = d.free_run(i + d.step[up], up, DEEPEST)
        for floor in outlines:
            breadth = floor.mask.shape[1 - h % 2]
            too_deep = floor.mask.shape[h % 2] + 2 > ahead
            too_narrow = not any(k < below and breadth - k <= above for k in floor.near[h])
            if too_deep or too_narrow:
                assert d.entry_columns(x, y, h, floor) == [], (x, y, h, floor.mask.shape)
    for room in d.rooms:
        for o in range(4):
            for spot in d.frame_side(room, o):
                if d.blocked.ravel()[spot + d.step[o]]:
                    assert not d.room_ahead(spot, o, 1)


# --- stairs and entrances ----------------------------------------------------------------------


def test_the_way_down_is_a_rolled_one_or_in_the_farthest_chamber() -> None:
    ratios = []
    for seed in range(100):
        plan = make(seed)
        (way_down,) = plan.exits
        rolled = {
            (s["x"], s["y"])
            for s in plan.extra["stairs_rolled"]
            if s["direction"] in ("down", "both") and not s["dead_end"]
        }
        in_chamber = any(room.contains(way_down) for room in plan.rooms[1:])
        assert way_down in rolled or in_chamber
        dist = walk_distance(tiles.walkable(plan.tiles), [plan.arrival])
        ratios.append(dist[to_yx(way_down)] / dist[dist != UNREACHED].max())
    assert statistics.median(ratios) > 0.75 and min(ratios) > 0.2


def test_the_way_down_is_far_from_the_arrival() -> None:
    """Before cleanup: a rolled way down is at least FAR_SHARE of the floor's walk away; new
    stairs stand on the farthest free tile of any chamber but the entrance."""
    rolled_used = 0
    for seed in range(60):
        plan = make(seed, cleanup=False)
        (way_down,) = plan.exits
        dist = walk_distance(tiles.walkable(plan.tiles), [plan.arrival])
        if any((s["x"], s["y"]) == way_down for s in plan.extra["stairs_rolled"]):
            rolled_used += 1
            assert dist[to_yx(way_down)] >= exits.FAR_SHARE * dist[dist != UNREACHED].max()
            continue
        free = plan.tiles == tiles.FLOOR
        for x, y in features(plan):
            free[y, x] = False
        chambers = np.zeros_like(free)
        for room in plan.rooms[1:]:
            chambers[box(room)] = True
        assert dist[to_yx(way_down)] >= dist[free & chambers].max()
    assert rolled_used > 30


def test_entrances() -> None:
    for seed in range(30):
        premade = make(seed, entrance="premade")
        assert premade.rooms[0].shape == "entrance" and premade.rooms[0].contains(premade.arrival)
        assert 0 not in premade.extra["contents"]
        corridor = make(seed, entrance="corridor")
        assert not any(room.contains(corridor.arrival) for room in corridor.rooms)
        first = make(seed, entrance="chamber")
        assert first.rooms[0].shape in ("square", "rectangle", "octagon", "irregular")
        assert first.rooms[0].contains(first.arrival) and 0 in first.extra["contents"]


@pytest.mark.parametrize("index", range(len(shapes.ENTRANCES)))
def test_premade_entrances_in_every_turn(index: int) -> None:
    """The stairs on the floor; three or four exits in the walls, each with floor inside."""
    for turns in range(4):
        for mirror in (False, True):
            layout = shapes.entrance_layout(index, turns, mirror)
            mask = layout.floor.mask
            h, w = mask.shape
            sx, sy = layout.stairs
            assert mask[sy - 1, sx - 1]
            assert 3 <= len(layout.exits) <= 4
            for x, y, o, _ in layout.exits:
                assert x in (0, w + 1) or y in (0, h + 1)
                ix, iy = x - shapes.DX[o], y - shapes.DY[o]
                assert mask[iy - 1, ix - 1]


def test_layout_rolls_no_dressing_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Door types, features and encounter templates are left to the dressing pass: the layout
    rolls only the structure tables, on their precomputed faces (never through the engine)."""
    rolled: list[str] = []
    original = rolls.StructureRolls.roll

    def spy(self: rolls.StructureRolls, name: str, rng: Rng) -> list[rolls.Face]:
        result = original(self, name, rng)
        rolled.extend(face.table for face in result)
        return result

    def engine(*_: object, **__: object) -> Roll:
        raise AssertionError("the layout rolled through the engine")

    monkeypatch.setattr(rolls.StructureRolls, "roll", spy)
    monkeypatch.setattr(TableSet, "roll", engine)
    for seed in range(20):
        make(seed, entrance=("premade", "corridor", "chamber")[seed % 3])
    assert "chambers" in rolled and "chamber_contents" in rolled
    assert not DRESSING & set(rolled)
    assert set(rolled) <= STRUCTURE  # Corridors' die is rolled on its precomputed rows


def rolls_of(table_set: TableSet) -> rolls.StructureRolls:
    return rolls.structure_rolls(table_set, STRUCTURE)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), name=st.sampled_from(sorted(STRUCTURE)))
def test_precomputed_rolls_are_the_engines(seed: int, name: str) -> None:
    """A roll on the precomputed faces lands where `TableSet.roll(follow=STRUCTURE)` does, with
    the same fields, in the same order, and takes the same draws from the stream."""
    table_set = default_tables()
    fast, slow = Rng(seed), Rng(seed)
    for _ in range(5):
        landed = rolls_of(table_set).roll(name, fast)
        tree = table_set.roll(name, slow, follow=STRUCTURE)
        assert [(f.table, f.face, dict(f.fields)) for f in landed] == [
            (r.table, r.face, dict(r.fields)) for r in tree.walk()
        ]
        assert fast.consumed == slow.consumed


def test_precomputed_rolls_roll_dice_and_counts(tmp_path: Path) -> None:
    """Dice fields and dice counts are rolled as the engine rolls them; a reroll row is refused."""
    with_dice = edited_files(tmp_path, {
        "chamber_exits.toml": [('{ table = "exit_kind", count = 2 }',
                                '{ table = "exit_kind", count = "1d3" }')],
        "stairs.toml": [('direction = "up", dead_end = true }',
                         'direction = "up", dead_end = true, depth = "2d4" }'),
                        ('dead_end = "bool"', 'dead_end = "bool"\ndepth = "dice?"')],
    })
    faces: set[tuple[str, int]] = set()
    for seed in range(300):
        fast, slow = Rng(seed), Rng(seed)
        landed = rolls_of(with_dice).roll("chambers", fast)
        tree = with_dice.roll("chambers", slow, follow=STRUCTURE)
        assert [(f.table, f.face, dict(f.fields)) for f in landed] == [
            (r.table, r.face, dict(r.fields)) for r in tree.walk()
        ]
        assert fast.consumed == slow.consumed
        faces |= {(f.table, f.face) for f in landed}
    assert ("chamber_exits", 12) in faces and ("stairs", 1) in faces  # the edited rows came up
    assert any(row.reroll is not None for row in default_tables().table("doors").rows)
    with pytest.raises(TableError, match="reroll"):
        rolls.StructureRolls(default_tables(), {"doors"})


# --- sizes and params --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("width", "height"),
    [(tables.MIN_WIDTH - 1, 50), (80, tables.MIN_HEIGHT - 1), (3, 3), (0, 0)],
)
def test_the_build_function_itself_refuses_too_small(width: int, height: int) -> None:
    minimum = f"{tables.MIN_WIDTH}x{tables.MIN_HEIGHT}"
    with pytest.raises(ValueError, match=minimum):
        SPEC.build(Rng(1), width, height, SPEC.resolve_params({}))


@pytest.mark.parametrize(
    "given_params",
    [
        {"ruleset": "5e"},
        {"entrance": "door"},
        {"cleanup": "maybe"},
        {"bogus": "1"},
    ],
)
def test_bad_params(given_params: dict[str, str]) -> None:
    with pytest.raises(ParamError):
        SPEC.resolve_params(given_params)


def test_params_from_text() -> None:
    params = SPEC.resolve_params(
        {"ruleset": "pathfinder-medium", "entrance": "chamber", "cleanup": "no"}
    )
    assert params == {"ruleset": "pathfinder-medium", "entrance": "chamber", "cleanup": False}


# --- the corridor table's `continues` ----------------------------------------------------------

ENCOUNTER_ROW = 'kind = "encounter", side = "none", continues = 0'


def edited_tables(tmp_path: Path, old: str, new: str, name: str = "corridors.toml") -> TableSet:
    """The game's tables with one text edit in one file (the edit must apply)."""
    return edited_files(tmp_path, {name: [(old, new)]})


def edited_files(tmp_path: Path, edits: dict[str, list[tuple[str, str]]]) -> TableSet:
    """The game's tables with text edits by file name (each edit must apply)."""
    for path in tables_dir().glob("*.toml"):
        text = path.read_text(encoding="utf-8")
        for old, new in edits.get(path.name, []):
            assert old in text
            text = text.replace(old, new)
        (tmp_path / path.name).write_text(text, encoding="utf-8")
    return load_tables(tmp_path)


def ended_encounters(table_set: TableSet) -> float:
    """The share of corridor encounters the corridor ends at (one way in), over seeds."""
    ends, total = 0, 0
    for seed in range(40):
        dungeon = Dungeon(Rng(seed), 80, 50, table_set)
        walk.ENTRANCE_BUILDERS["premade"](dungeon)
        walk.generate(dungeon, 10)
        ends += sum(dungeon.degree(i) == 1 for i in dungeon.spots)
        total += len(dungeon.spots)
    assert total > 20
    return ends / total


def test_encounter_row_continues_as_the_data_says(tmp_path: Path) -> None:
    """Row 20 says continues = 0: the corridor ends at the encounter (another corridor or a
    rescue may still join it later). Edited to 1, the corridor goes on past it."""
    assert ENCOUNTER_ROW in (tables_dir() / "corridors.toml").read_text(encoding="utf-8")
    ended = ended_encounters(default_tables())
    going_on = edited_tables(tmp_path, ENCOUNTER_ROW, ENCOUNTER_ROW.replace("= 0", "= 1"))
    assert ended >= 0.8 and ended_encounters(going_on) <= 0.5


def test_continues_must_match_the_rows_shape(tmp_path: Path) -> None:
    """A four-way intersection has three corridors going on; a table that says two is refused."""
    row = 'kind = "intersection", side = "none", continues = 3'
    broken = edited_tables(tmp_path, row, row.replace("= 3", "= 2"))
    with pytest.raises(TableError, match="cannot continue with 2 corridors"):
        corridors.corridor_segments(broken)


@settings(max_examples=150, deadline=None)
@given(st.integers(3, 30), st.integers(3, 20), st.integers(0, 2**32), st.floats(0.3, 0.95))
def test_the_way_down_picks_the_farthest_tile_of_a_pool(
    width: int, height: int, seed: int, density: float
) -> None:
    """`farthest_of` gives the farthest reached tile past the start of the first pool if any of
    it is reached, else of the second, the first in row order among ties ((0, 0) for none), on
    random maps, ties and empty pools included."""
    rng = np.random.default_rng(seed)
    walkable = rng.random((height, width)) < density
    start = (seed % width, (seed // width) % height)
    walkable[start[1], start[0]] = True
    dist = walk_distance(walkable, [start])
    dist[dist == UNREACHED] = -1
    for chance in (0.0, 0.05, 0.5):
        first = rng.random(walkable.shape) < chance
        second = rng.random(walkable.shape) < 0.3
        expected = (0, 0)
        for pool in (first, second):
            reached = [(int(dist[y, x]), -y, -x) for y in range(height) for x in range(width)
                       if pool[y, x] and dist[y, x] > 0]
            if reached:
                _, y, x = max(reached)
                expected = (-x, -y)
                break
        assert exits.farthest_of(dist, first, second) == expected
