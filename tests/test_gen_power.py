"""The power generator: invariants, the chamber count, the row-to-row spine, straight corridors
with doors at both ends, growth, stairs on the first and last rows, sizes and params."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from numpy.typing import NDArray
from scipy import ndimage

from game import layout_checks, tiles
from game.floorplan import FloorPlan, ParamValue, Room
from game.generators import power
from game.grids import label4
from game.params import ParamError
from game.pathing import walk_distance
from game.seeds import Rng
from game.stats import floor_stats

SPEC = power.SPEC


def make(seed: int, width: int = 80, height: int = 50, **params: ParamValue) -> FloorPlan:
    return SPEC.generate(Rng(seed), width, height, params)


@dataclass(frozen=True)
class Segment:
    """A straight run of corridor tiles, read from the tiles alone."""

    start: tuple[int, int]  # (x, y), the top or left end
    end: tuple[int, int]
    vertical: bool


def room_map(plan: FloorPlan) -> NDArray[np.int64]:
    """Each tile's room id, -1 outside rooms."""
    owner = np.full(plan.tiles.shape, -1, dtype=np.int64)
    for room in plan.rooms:
        owner[room.y : room.y + room.h, room.x : room.x + room.w] = room.id
    return owner


def segments(plan: FloorPlan) -> list[Segment]:
    """Walkable tiles outside rooms and stairs, as straight one-tile-wide runs (asserted)."""
    t = plan.tiles
    mask = (tiles.walkable(t) | (t == tiles.SECRET_DOOR)) & (room_map(plan) < 0)
    mask &= (t != tiles.STAIRS_UP) & (t != tiles.STAIRS_DOWN)
    labels, count = label4(mask)
    found: list[Segment] = []
    for index, box in enumerate(ndimage.find_objects(labels), start=1):
        ys, xs = box
        height, width = ys.stop - ys.start, xs.stop - xs.start
        assert min(height, width) == 1, f"corridor at {xs.start},{ys.start} is not straight"
        assert (labels[box] == index).all()
        found.append(Segment((xs.start, ys.start), (xs.stop - 1, ys.stop - 1), vertical=height > 1))
    assert len(found) == count
    return found


def row_of(plan: FloorPlan) -> dict[int, int]:
    """Room id -> grid row, from the generator's grid."""
    grid = plan.extra["grid"]
    return {room: r for r, row in enumerate(grid) for room in row if room >= 0}


def assert_corridors(plan: FloorPlan) -> None:
    """Every corridor is straight, a door at each end leading into a room, floor between; the
    only one-tile runs are the entrance and exit doors, each between a room and its stairs."""
    t = plan.tiles
    owner = room_map(plan)
    passages = {(d.x, d.y): d.passage for d in plan.doors}
    runs = segments(plan)
    ends = 0
    for run in runs:
        (x0, y0), (x1, y1) = run.start, run.end
        if run.start == run.end:
            assert t[y0, x0] == tiles.DOOR and passages[(x0, y0)] == "ns"
            beyond = {int(t[y0 - 1, x0]), int(t[y0 + 1, x0])}
            assert beyond & {tiles.STAIRS_UP, tiles.STAIRS_DOWN}
            assert owner[y0 - 1, x0] >= 0 or owner[y0 + 1, x0] >= 0
            continue
        dx, dy = (0, 1) if run.vertical else (1, 0)
        passage = "ns" if run.vertical else "ew"
        assert t[y0, x0] in tiles.DOORS and t[y1, x1] in tiles.DOORS
        assert not t[y0, x0] == t[y1, x1] == tiles.SECRET_DOOR, "one secret end per corridor"
        assert passages[(x0, y0)] == passage and passages[(x1, y1)] == passage
        inner = t[y0 + 1 : y1, x0] if run.vertical else t[y0, x0 + 1 : x1]
        assert inner.size >= 1 and (inner == tiles.FLOOR).all()
        assert owner[y0 - dy, x0 - dx] >= 0 and owner[y1 + dy, x1 + dx] >= 0
        ends += 2
    assert ends + 2 == len(plan.doors) == 2 * len(plan.extra["links"]) + 2


def assert_spine(plan: FloorPlan) -> None:
    """From the tiles: for every two consecutive rows, a vertical corridor joins their rooms."""
    owner = room_map(plan)
    rows = row_of(plan)
    joined: set[int] = set()
    for run in segments(plan):
        (x0, y0), (x1, y1) = run.start, run.end
        if run.vertical:
            above, below = int(owner[y0 - 1, x0]), int(owner[y1 + 1, x1])
            assert rows[below] == rows[above] + 1
            joined.add(rows[above])
    assert sorted(joined) == list(range(plan.extra["rows"] - 1))


def assert_grid(plan: FloorPlan) -> None:
    """Cells tile the floor inside the border; each room sits inside its own cell; the count."""
    rows, cols = plan.extra["rows"], plan.extra["cols"]
    row_sizes, col_sizes = plan.extra["row_sizes"], plan.extra["col_sizes"]
    assert len(row_sizes) == rows and len(col_sizes) == cols
    assert sum(row_sizes) == plan.height - 2 and sum(col_sizes) == plan.width - 2
    assert min(row_sizes + col_sizes) >= power.MIN_CELL
    expected = rows * cols // 2 + 1 if cols > 1 else rows
    assert len(plan.rooms) == expected
    row_starts = np.cumsum([1, *row_sizes])
    col_starts = np.cumsum([1, *col_sizes])
    for r, row in enumerate(plan.extra["grid"]):
        for c, room_id in enumerate(row):
            if room_id < 0:
                continue
            room = plan.rooms[room_id]
            assert room == Room(room_id, room.x, room.y, room.w, room.h, "rectangle")
            assert min(room.w, room.h) >= power.OVERLAP
            assert col_starts[c] + 2 <= room.x and room.x + room.w <= col_starts[c + 1] - 1
            assert row_starts[r] + 2 <= room.y and room.y + room.h <= row_starts[r + 1] - 1


def assert_stairs(plan: FloorPlan) -> None:
    """Stairs up beyond a north door of a first-row room; stairs down, south door, last row."""
    owner = room_map(plan)
    rows = row_of(plan)
    (ax, ay), ((ex, ey),) = plan.arrival, plan.exits
    assert plan.tiles[ay, ax] == tiles.STAIRS_UP and plan.tiles[ey, ex] == tiles.STAIRS_DOWN
    assert plan.tiles[ay + 1, ax] == tiles.DOOR and plan.tiles[ey - 1, ex] == tiles.DOOR
    assert rows[int(owner[ay + 2, ax])] == 0
    assert rows[int(owner[ey - 2, ex])] == plan.extra["rows"] - 1
    assert sorted((s.x, s.y, s.kind) for s in plan.stairs) == sorted(
        [(ax, ay, "up"), (ex, ey, "down")]
    )


def assert_power(plan: FloorPlan) -> None:
    assert layout_checks.problems(plan) == []
    assert_grid(plan)
    assert_corridors(plan)
    assert_spine(plan)
    assert_stairs(plan)


# --- invariants --------------------------------------------------------------------------------


def test_invariants_over_many_seeds() -> None:
    for seed in range(1000):
        plan = make(seed)
        assert layout_checks.problems(plan) == [], seed
        assert plan.extra["rows"] * plan.extra["cols"] // 2 + 1 == len(plan.rooms)


def test_rules_over_seeds() -> None:
    for seed in range(150):
        assert_power(make(seed))


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    width=st.integers(power.MIN_WIDTH, 140),
    height=st.integers(power.MIN_HEIGHT, 140),
    rows=st.integers(0, 40),
    cols=st.integers(0, 40),
    cell=st.integers(power.MIN_CELL, 40),
    fills=st.lists(st.floats(0.0, 1.0), min_size=2, max_size=2).map(sorted),
)
def test_any_size_and_params(
    seed: int, width: int, height: int, rows: int, cols: int, cell: int, fills: list[float]
) -> None:
    plan = make(
        seed, width, height, rows=rows, cols=cols, cell=cell, min_fill=fills[0], max_fill=fills[1]
    )
    assert_power(plan)
    if rows:
        assert plan.extra["rows"] == min(rows, (height - 3) // power.MIN_CELL)
    if cols:
        assert plan.extra["cols"] == min(cols, (width - 2) // power.MIN_CELL)


@pytest.mark.parametrize(
    ("width", "height", "params"),
    [
        (power.MIN_WIDTH, power.MIN_HEIGHT, {}),
        (200, 12, {}),
        (12, 200, {}),
        (60, 40, {"cols": 1}),
        (60, 40, {"rows": 1}),
        (80, 50, {"cell": 5}),
        (80, 50, {"min_fill": 1.0, "max_fill": 1.0}),
    ],
)
def test_edge_shapes(width: int, height: int, params: dict[str, ParamValue]) -> None:
    for seed in range(20):
        assert_power(make(seed, width, height, **params))


def test_one_thousand_square() -> None:
    plan = make(7, 1000, 1000)
    assert_power(plan)
    assert len(plan.rooms) > 1000


def test_deterministic_and_seed_dependent() -> None:
    assert make(3).fingerprint() == make(3).fingerprint()
    assert len({make(seed).fingerprint() for seed in range(20)}) == 20


def test_arrival_and_exit_far_apart_on_request() -> None:
    """ends=far: the way down is nearly as far from the arrival, walking, as any last-row
    chamber tile."""
    ratios = []
    for seed in range(100):
        plan = make(seed, ends="far", secret=0.0)
        dist = walk_distance(tiles.walkable(plan.tiles), [plan.arrival])
        last = [room for room in plan.extra["grid"][-1] if room >= 0]
        farthest = max(
            int(dist[r.y : r.y + r.h, r.x : r.x + r.w].max()) for r in plan.rooms if r.id in last
        )
        ((ex, ey),) = plan.exits
        ratios.append(dist[ey, ex] / farthest)
    assert min(ratios) > 0.6 and float(np.mean(ratios)) > 0.95


# --- the cell choice ---------------------------------------------------------------------------


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), rows=st.integers(1, 40), cols=st.integers(1, 40))
def test_cells_fill_every_row_and_link_every_pair(seed: int, rows: int, cols: int) -> None:
    taken = power.choose_cells(Rng(seed), rows, cols)
    assert taken.shape == (rows, cols)
    expected = rows * cols // 2 + 1 if cols > 1 else rows
    assert int(taken.sum()) == expected
    assert taken.any(axis=1).all()
    assert (taken[:-1] & taken[1:]).any(axis=1).all()


def test_cells_are_random() -> None:
    """Many different choices, chambers in every cell over many seeds, and even the tight
    two-column case varies."""
    choices = {power.choose_cells(Rng(seed), 5, 5).tobytes() for seed in range(200)}
    assert len(choices) > 150
    counts = np.sum([power.choose_cells(Rng(seed), 6, 6) for seed in range(300)], axis=0)
    assert counts.min() > 0
    shapes = {power.choose_cells(Rng(seed), 8, 2).tobytes() for seed in range(200)}
    assert len(shapes) > 8


def test_one_column_fills_every_cell() -> None:
    """rows//2 + 1 chambers cannot link rows in one column: every cell gets one instead."""
    assert power.choose_cells(Rng(1), 7, 1).all()
    plan = make(1, 60, 60, cols=1)
    assert len(plan.rooms) == plan.extra["rows"] > plan.extra["rows"] // 2 + 1
    assert_power(plan)


# --- growth ------------------------------------------------------------------------------------


def test_grow_hand_made() -> None:
    assert power.grow_toward((3, 5), (8, 12)) == (3, 10)
    assert power.grow_toward((9, 12), (2, 5)) == (3, 12)
    assert power.grow_toward((2, 6), (5, 9)) == (2, 7)  # one tile shared is not enough
    assert power.grow_toward((6, 9), (2, 7)) == (5, 9)
    assert power.grow_toward((2, 6), (4, 9)) == (2, 6)  # two shared: unchanged
    assert power.grow_toward((2, 9), (4, 6)) == (2, 9)


@given(
    st.lists(st.integers(0, 30), min_size=4, max_size=4).filter(
        lambda v: v[1] - v[0] >= power.OVERLAP and v[3] - v[2] >= power.OVERLAP
    )
)
def test_grow_reaches_overlap_inside_hull(v: list[int]) -> None:
    grower, other = (v[0], v[1]), (v[2], v[3])
    grown = power.grow_toward(grower, other)
    assert power.overlap(grown, other) >= power.OVERLAP
    assert grown[0] <= grower[0] and grower[1] <= grown[1]
    assert min(v[0], v[2]) <= grown[0] and grown[1] <= max(v[1], v[3])
    if power.overlap(grower, other) < power.OVERLAP:
        assert power.overlap(grown, other) == power.OVERLAP


def test_generator_grows_small_chambers() -> None:
    """With fill 0 every chamber starts 2x2; links then need growth, and corridors stay straight."""
    grown = 0
    for seed in range(40):
        plan = make(seed, 80, 50, min_fill=0.0, max_fill=0.0)
        assert_power(plan)
        grown += sum(max(room.w, room.h) > power.OVERLAP for room in plan.rooms)
    assert grown > 40


def test_link_spans_share_a_section() -> None:
    """Each straight corridor leaves from a point both chambers' facing walls cover."""
    for seed in range(30):
        plan = make(seed, 80, 50, min_fill=0.0, max_fill=0.4)
        for (a, b, passage), (x0, y0, x1, y1) in zip(
            plan.extra["links"], plan.extra["corridors"], strict=True
        ):
            ra, rb = plan.rooms[a], plan.rooms[b]
            if passage == "ns":
                assert x0 == x1 and ra.y + ra.h == y0 and rb.y - 1 == y1
                spans = ((ra.x, ra.x + ra.w), (rb.x, rb.x + rb.w))
            else:
                assert y0 == y1 and ra.x + ra.w == x0 and rb.x - 1 == x1
                spans = ((ra.y, ra.y + ra.h), (rb.y, rb.y + rb.h))
            assert power.overlap(*spans) >= power.OVERLAP


def test_rows_connect_in_order() -> None:
    """The chambers of a row link left to right, each to the next, across empty cells."""
    for seed in range(30):
        plan = make(seed)
        links = {(a, b) for a, b, passage in plan.extra["links"] if passage == "ew"}
        grid = plan.extra["grid"]
        expected = set()
        for row in grid:
            present = [room for room in row if room >= 0]
            expected |= set(itertools.pairwise(present))
        assert links == expected
        vertical = {(a, b) for a, b, passage in plan.extra["links"] if passage == "ns"}
        assert vertical == {
            (grid[r][c], grid[r + 1][c])
            for r in range(len(grid) - 1)
            for c in range(len(grid[0]))
            if grid[r][c] >= 0 and grid[r + 1][c] >= 0
        }


# --- sizes and params --------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    minimums=st.lists(st.integers(5, 9), min_size=1, max_size=30),
    spare=st.integers(0, 300),
)
def test_split_sums_and_respects_minimums(seed: int, minimums: list[int], spare: int) -> None:
    sizes = power.split(Rng(seed), sum(minimums) + spare, minimums)
    assert sum(sizes) == sum(minimums) + spare
    assert all(size >= low for size, low in zip(sizes, minimums, strict=True))


def test_rows_and_columns_have_their_own_sizes() -> None:
    plan = make(5, 200, 200)
    assert len(set(plan.extra["row_sizes"])) > 3 and len(set(plan.extra["col_sizes"])) > 3


@pytest.mark.parametrize(
    ("width", "height"),
    [(power.MIN_WIDTH - 1, 50), (80, power.MIN_HEIGHT - 1), (3, 3), (0, 0)],
)
def test_the_build_function_itself_refuses_too_small(width: int, height: int) -> None:
    minimum = f"{power.MIN_WIDTH}x{power.MIN_HEIGHT}"
    with pytest.raises(ValueError, match=minimum):
        SPEC.build(Rng(1), width, height, SPEC.resolve_params({}))


@pytest.mark.parametrize(
    "given_params",
    [
        {"rows": "-1"},
        {"cols": "201"},
        {"cell": "4"},
        {"min_fill": "1.5"},
        {"max_fill": "-0.1"},
        {"rows": "two"},
        {"bogus": "1"},
    ],
)
def test_bad_params(given_params: dict[str, str]) -> None:
    with pytest.raises(ParamError):
        SPEC.resolve_params(given_params)


def test_min_fill_above_max_fill() -> None:
    with pytest.raises(ParamError, match="min_fill"):
        make(1, min_fill=0.8, max_fill=0.2)


def test_explicit_grid() -> None:
    plan = make(2, 80, 50, rows=5, cols=5)
    assert (plan.extra["rows"], plan.extra["cols"]) == (5, 5)
    assert len(plan.rooms) == 13
    too_many = make(2, 80, 50, rows=40, cols=40)
    assert (too_many.extra["rows"], too_many.extra["cols"]) == (47 // 5, 78 // 5)


# --- distinct sizes ----------------------------------------------------------------------------


def distinct_fits(total: int, count: int, last_extra: int) -> bool:
    """Whether `count` different sizes of at least MIN_CELL (the last + last_extra) fit."""
    least = count * power.MIN_CELL + count * (count - 1) // 2
    return total >= least + (last_extra if count == 1 else 0)


def most_distinct_by_search(total: int, count: int, last_extra: int) -> int:
    """The most different sizes, by trying every number d of different values with the cheapest
    sizes that have that many (any d values cost at least MIN_CELL, MIN_CELL + 1, ... once each,
    and the other cells at least MIN_CELL); 0 when not even equal sizes fit."""
    best = 0
    for distinct in range(1, count + 1):
        values = [power.MIN_CELL + value for value in range(distinct)]
        least = sum(values) + (count - distinct) * power.MIN_CELL
        if total >= least + (last_extra if distinct == 1 else 0):
            best = distinct
    return best


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), count=st.integers(1, 30), total=st.integers(5, 700),
       last_extra=st.integers(0, 1))
@example(seed=1, count=22, total=198, last_extra=1)  # a 200-tile side: many rows, little room
@example(seed=2, count=3, total=3 * power.MIN_CELL + 3, last_extra=0)  # exactly all different
@example(seed=3, count=3, total=3 * power.MIN_CELL + 2, last_extra=1)  # one short of that
def test_distinct_split(seed: int, count: int, total: int, last_extra: int) -> None:
    best = most_distinct_by_search(total, count, last_extra)
    if best == 0:
        with pytest.raises(ValueError, match="do not fit"):
            power.distinct_split(Rng(seed), total, count, last_extra)
        return
    sizes = power.distinct_split(Rng(seed), total, count, last_extra)
    assert len(sizes) == count and sum(sizes) == total
    assert len(set(sizes)) >= best
    assert (len(set(sizes)) == count) == distinct_fits(total, count, last_extra)
    assert min(sizes) >= power.MIN_CELL and sizes[-1] >= power.MIN_CELL + last_extra


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), width=st.integers(power.MIN_WIDTH, 160),
       height=st.integers(power.MIN_HEIGHT, 160), rows=st.integers(0, 20),
       cols=st.integers(0, 20), cell=st.integers(power.MIN_CELL, 30))
def test_rows_and_columns_get_distinct_sizes_whenever_they_fit(
    seed: int, width: int, height: int, rows: int, cols: int, cell: int
) -> None:
    plan = make(seed, width, height, rows=rows, cols=cols, cell=cell)
    notes = plan.extra["notes"]
    for name, sizes, total, extra in (("row", plan.extra["row_sizes"], height - 2, 1),
                                      ("column", plan.extra["col_sizes"], width - 2, 0)):
        assert len(set(sizes)) >= most_distinct_by_search(total, len(sizes), extra)
        if distinct_fits(total, len(sizes), extra):
            assert len(set(sizes)) == len(sizes), (name, sizes)
            assert not any(note.startswith(name) for note in notes)
        else:
            repeats = len(sizes) - len(set(sizes))
            assert any(note.startswith(f"{name} sizes repeat") and f"({repeats} repeat;" in note
                       for note in notes), notes


def test_default_floors_have_distinct_sizes_and_the_stats_say_when_not() -> None:
    for seed in range(300):
        plan = make(seed)
        assert len(set(plan.extra["row_sizes"])) == plan.extra["rows"]
        assert len(set(plan.extra["col_sizes"])) == plan.extra["cols"]
        assert not [note for note in plan.extra["notes"] if "sizes" in note]
    crowded = make(1, 80, 50, rows=9, cols=15)
    assert "note: row sizes repeat" in "\n".join(floor_stats(crowded).lines())


def test_sizes_are_random() -> None:
    shapes = {tuple(make(seed).extra["col_sizes"]) for seed in range(100)}
    assert len(shapes) > 90


# --- entrance and exit -------------------------------------------------------------------------


def test_entrance_and_exit_are_random_chambers_of_the_first_and_last_rows() -> None:
    first_places, last_places, differ = set(), set(), 0
    for seed in range(200):
        plan = make(seed)
        grid = plan.extra["grid"]
        first = [room for room in grid[0] if room >= 0]
        last = [room for room in grid[-1] if room >= 0]
        entrance, exit_ = plan.extra["entrance_room"], plan.extra["exit_room"]
        assert entrance in first and exit_ in last
        assert_stairs(plan)
        first_places.add(first.index(entrance))
        last_places.add(last.index(exit_))
        far = make(seed, ends="far")
        differ += (far.extra["entrance_room"], far.extra["exit_room"]) != (entrance, exit_)
    assert len(first_places) >= 3 and len(last_places) >= 3
    assert differ > 100, "random ends are not the far pair"


def test_one_row_gets_two_different_chambers() -> None:
    for seed in range(30):
        plan = make(seed, 80, 12, rows=1)
        assert plan.extra["entrance_room"] != plan.extra["exit_room"]
        assert_power(plan)


# --- secret doors ------------------------------------------------------------------------------


def secret_points(plan: FloorPlan) -> list[tuple[int, int]]:
    return [(int(x), int(y)) for y, x in np.argwhere(plan.tiles == tiles.SECRET_DOOR)]


def loop_count(plan: FloorPlan) -> int:
    """Links beyond a spanning tree of the chambers."""
    return len(plan.extra["links"]) - len(plan.rooms) + 1


@pytest.mark.parametrize("share", [0.0, 0.1, 0.25, 1.0])
def test_secret_share(share: float) -> None:
    for seed in range(60):
        plan = make(seed, secret=share)
        hidden = secret_points(plan)
        wanted = int(share * len(plan.doors) + 0.5)
        assert len(hidden) == min(wanted, loop_count(plan))
        assert sorted(hidden) == sorted(map(tuple, plan.extra["secret_doors"]))
        assert set(hidden) <= {(d.x, d.y) for d in plan.doors}
        short = any(note.startswith("secret doors") for note in plan.extra["notes"])
        assert short == (len(hidden) < wanted)
        assert_power(plan)


def test_secret_doors_are_never_the_only_way() -> None:
    """With every secret door a wall, all walkable tiles are still reached; opened, the floor
    is the same floor with plain doors."""
    for seed in range(100):
        plan = make(seed, secret=0.5)
        assert secret_points(plan)
        walk = tiles.walkable(plan.tiles)
        assert layout_checks.reach_problems(plan) == []
        (x, y), ((ex, ey),) = plan.arrival, plan.exits
        assert (x, y) not in secret_points(plan) and (ex, ey - 1) not in secret_points(plan)
        assert (walk_distance(walk, [plan.arrival]) < np.iinfo(np.int32).max).sum() == walk.sum()
        plain = make(seed, secret=0.0)
        opened = np.where(plan.tiles == tiles.SECRET_DOOR, tiles.DOOR, plan.tiles)
        assert (opened == plain.tiles).all(), "secret doors change nothing else"


def test_default_floors_have_secret_doors() -> None:
    assert sum(len(secret_points(make(seed))) for seed in range(20)) > 20
