"""The maze generator: invariants, the spanning tree, loops, the stamp, the path, sizes, params."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.typing import NDArray

from game import compass, layout_checks, tiles
from game.floorplan import FloorPlan, ParamValue, Point
from game.generators import maze, mazegen, stampfont
from game.params import ParamError
from game.pathing import walk_distance
from game.seeds import Rng

SPEC = maze.SPEC
Cells = NDArray[np.uint8]


def make(seed: int, width: int = 80, height: int = 50, **params: ParamValue) -> FloorPlan:
    return SPEC.generate(Rng(seed), width, height, params)


def cells_of(plan: FloorPlan) -> Cells:
    cells: Cells = plan.extra["cells"]
    return cells


def openings(cells: Cells) -> int:
    """Open walls between neighbouring cells, each counted once."""
    across = (cells[:, :-1] & compass.EAST) == 0
    down = (cells[:-1] & compass.SOUTH) == 0
    return int(across.sum() + down.sum())


def flood(cells: Cells, start: Point) -> dict[Point, int]:
    """A plain breadth-first flood over cells, independent of the generator's own search."""
    height, width = cells.shape
    dist = {start: 0}
    frontier = [start]
    while frontier:
        following: list[Point] = []
        for x, y in frontier:
            for dx, dy, bit in mazegen.STEPS.values():
                there = (x + dx, y + dy)
                if not cells[y, x] & bit and there not in dist:
                    assert 0 <= there[0] < width and 0 <= there[1] < height
                    dist[there] = dist[(x, y)] + 1
                    following.append(there)
        frontier = following
    return dist


def reference_tiles(cells: Cells, size: tuple[int, int]) -> NDArray[np.uint8]:
    """Tiles drawn cell by cell with loops, to check the vectorised drawing."""
    out = np.zeros((size[1], size[0]), dtype=np.uint8)
    for (y, x), bits in np.ndenumerate(cells):
        if bits == compass.CLOSED:
            continue
        out[2 * y + 1, 2 * x + 1] = tiles.FLOOR
        for dx, dy, bit in mazegen.STEPS.values():
            if not bits & bit:
                out[2 * y + 1 + dy, 2 * x + 1 + dx] = tiles.FLOOR
    return out


def walk(cells: Cells, start: Point, path: str) -> Point:
    """Follow path letters through open walls; fails on a closed one."""
    x, y = start
    for letter in path:
        dx, dy, bit = mazegen.STEPS[letter]
        assert not cells[y, x] & bit, f"step {letter} from {x},{y} hits a wall"
        x, y = x + dx, y + dy
    return (x, y)


def assert_sound(plan: FloorPlan, perfect: bool = True) -> None:
    """Everything a maze floor promises, beyond the shared invariants."""
    assert layout_checks.problems(plan) == []
    cells = cells_of(plan)
    ch, cw = cells.shape
    assert (cw, ch) == ((plan.width - 1) // 2, (plan.height - 1) // 2)
    entry, exit_ = plan.extra["entry"], plan.extra["exit"]
    assert entry[1] == 0 and exit_[1] == ch - 1
    assert plan.arrival == (2 * entry[0] + 1, 1)
    assert plan.exits == ((2 * exit_[0] + 1, 2 * ch - 1),)
    assert plan.tiles[plan.arrival[1], plan.arrival[0]] == tiles.STAIRS_UP
    assert plan.tiles[plan.exits[0][1], plan.exits[0][0]] == tiles.STAIRS_DOWN
    drawn = reference_tiles(cells, (plan.width, plan.height))
    assert (tiles.walkable(plan.tiles) == (drawn == tiles.FLOOR)).all()
    closed = cells == compass.CLOSED
    stamped = [(int(x), int(y)) for y, x in np.argwhere(closed)]
    assert plan.extra["stamped"] == sorted(stamped)
    dist = flood(cells, entry)
    free = int((~closed).sum())
    assert len(dist) == free, "some unstamped cell is cut off"
    if perfect:
        assert openings(cells) == free - 1, "connected with cells-1 openings: a spanning tree"
    path = plan.extra["path"]
    assert walk(cells, entry, path) == exit_
    assert len(path) == dist[exit_], "the path is a shortest one"
    bottom = [dist[(x, ch - 1)] for x in range(cw)]
    assert dist[exit_] == max(bottom), "the exit is the farthest cell of the bottom row"


def test_perfect_mazes_over_1000_seeds() -> None:
    for seed in range(1000):
        plan = make(seed)
        assert layout_checks.problems(plan) == [], seed
        cells = cells_of(plan)
        free = cells != compass.CLOSED
        assert openings(cells) == int(free.sum()) - 1, seed
        reached = mazegen.cell_distances(cells, plan.extra["entry"]) >= 0
        assert (reached == free).all(), seed


def test_thorough_checks_over_seeds_and_params() -> None:
    for seed in range(60):
        assert_sound(make(seed))
        assert_sound(make(seed, stamp="42"))
        assert_sound(make(seed, 61, 41, perfect=False, stamp="80"), perfect=False)


def test_same_seed_same_maze_and_seeds_differ() -> None:
    assert make(7).fingerprint() == make(7).fingerprint()
    assert make(7).extra["path"] == make(7).extra["path"]
    assert len({make(seed).fingerprint() for seed in range(20)}) == 20


def carve_2x2(seed: int) -> Cells:
    """A 2x2 carving from a random top-row cell (below the API's 3x3, the carver itself)."""
    rng = Rng(seed)
    entry = (rng.below(2), 0)
    return mazegen.cell_walls(*mazegen.carve(rng, np.zeros((2, 2), dtype=np.bool_), entry))


def test_2x2_mazes_come_in_the_three_shapes_a_backtracker_can_carve() -> None:
    """From a top-row start the walk goes round the 4-cycle one way or the other, so the closed
    wall is one of the three next to the top row, with odds 1/2 (top), 1/4, 1/4: a fixed
    neighbour order would give one shape only."""
    seen = Counter(hex_rows(carve_2x2(seed)) for seed in range(800))
    assert set(seen) == {"BB/C6", "97/C7", "D3/D6"}
    assert 330 < seen["BB/C6"] < 470 and min(seen.values()) > 150


def hex_rows(cells: Cells) -> str:
    return "/".join("".join(f"{v:X}" for v in row) for row in cells)


def test_wall_bits_are_set_for_closed_walls() -> None:
    """On a 3x3 maze: outer walls are set bits; the walls left standing are closed both ways."""
    cells = cells_of(make(3, 7, 7))
    assert (cells[0] & compass.NORTH).all() and (cells[-1] & compass.SOUTH).all()
    assert (cells[:, 0] & compass.WEST).all() and (cells[:, -1] & compass.EAST).all()
    assert ((cells[:, 0] & compass.EAST != 0) == (cells[:, 1] & compass.WEST != 0)).all()
    assert ((cells[0] & compass.SOUTH != 0) == (cells[1] & compass.NORTH != 0)).all()
    assert openings(cells) == 8


def test_loops_when_not_perfect() -> None:
    for seed in range(50):
        perfect = make(seed)
        loopy = make(seed, perfect=False)
        assert_sound(loopy, perfect=False)
        cells = cells_of(perfect)
        free = cells != compass.CLOSED
        inner = int((free[:, :-1] & free[:, 1:]).sum() + (free[:-1] & free[1:]).sum())
        remaining = inner - openings(cells)
        extra = openings(cells_of(loopy)) - openings(cells)
        assert extra == round(remaining * 0.10)


def test_loop_fraction_scales_and_tiny_mazes_still_get_a_loop() -> None:
    few = openings(cells_of(make(1, perfect=False, loop_fraction=0.05)))
    many = openings(cells_of(make(1, perfect=False, loop_fraction=0.5)))
    assert few < many
    assert openings(cells_of(make(1, 7, 7, perfect=False))) == 9  # round(4 * 0.1) is 0: one
    assert openings(cells_of(make(1, perfect=False, loop_fraction=0.0))) == 39 * 24 - 20 - 1


def test_loops_never_open_a_stamped_cell() -> None:
    for seed in range(20):
        plan = make(seed, perfect=False, loop_fraction=1.0, stamp="42")
        assert_sound(plan, perfect=False)
        assert len(plan.extra["stamped"]) == int(stampfont.render("42").sum())


def test_stamp_42_is_centred_and_closed() -> None:
    plan = make(5, stamp="42")
    cells = cells_of(plan)
    glyphs = stampfont.render("42")
    y0, x0 = (24 - 5) // 2, (39 - 7) // 2
    assert ((cells[y0 : y0 + 5, x0 : x0 + 7] == compass.CLOSED) == glyphs).all()
    assert int((cells == compass.CLOSED).sum()) == int(glyphs.sum())
    for x, y in plan.extra["stamped"]:
        assert (plan.tiles[2 * y : 2 * y + 3, 2 * x : 2 * x + 3] == tiles.WALL).all()
    assert plan.extra["warnings"] == []
    assert_sound(plan)


def test_stamp_pockets_are_sealed() -> None:
    """The holes of "80" could never be reached, so they are closed along with the glyphs."""
    plan = make(2, stamp="80")
    closed = cells_of(plan) == compass.CLOSED
    glyphs = stampfont.render("80")
    assert closed.sum() == glyphs.sum() + 2 + 3  # the two holes of 8, the hole of 0
    assert_sound(plan)


def test_maze_floors_stamp_42_by_default_and_can_turn_it_off() -> None:
    glyphs = int(stampfont.render("42").sum())
    for seed in range(20):
        plan = make(seed)
        assert plan.params["stamp"] == "42" and len(plan.extra["stamped"]) == glyphs
        assert plan.extra["warnings"] == []
        assert_sound(plan)
        plain = make(seed, stamp="")
        assert plain.extra["stamped"] == [] and plain.extra["warnings"] == []
        assert_sound(plain)
    assert len(make(1, 61, 41).extra["stamped"]) == glyphs  # the default plan's maze size


def test_small_maze_skips_the_stamp_with_a_warning() -> None:
    plan = make(4, 17, 13, stamp="42")  # 8x6 cells; 42 needs 9x7
    assert plan.extra["stamped"] == []
    assert plan.extra["warnings"] == [
        "stamp '42' skipped: the maze needs at least 9x7 cells, this one has 8x6"
    ]
    assert_sound(plan)
    fits = make(4, 19, 15, stamp="42")
    assert fits.extra["warnings"] == [] and len(fits.extra["stamped"]) == 20


def test_a_stamp_too_long_for_any_floor_is_skipped_not_drawn() -> None:
    plan = make(1, 81, 51, stamp="x" * 100_000)
    assert plan.extra["stamped"] == [] and len(plan.extra["warnings"]) == 1


def test_unknown_stamp_character_is_a_param_error() -> None:
    with pytest.raises(ParamError, match=r"parameter stamp: no glyph for '@'"):
        make(1, stamp="a@")


def test_lower_case_stamp_is_drawn_as_upper_case() -> None:
    assert make(1, stamp="hi").extra["stamped"] == make(1, stamp="HI").extra["stamped"]


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    width=st.integers(7, 120),
    height=st.integers(7, 90),
    perfect=st.booleans(),
    fraction=st.floats(0.0, 1.0),
    stamp=st.text(alphabet=stampfont.SUPPORTED + "abc", max_size=6),
)
def test_any_size_and_params(
    seed: int, width: int, height: int, perfect: bool, fraction: float, stamp: str
) -> None:
    params: Mapping[str, ParamValue] = {
        "perfect": perfect,
        "loop_fraction": fraction,
        "stamp": stamp,
    }
    plan = SPEC.generate(Rng(seed), width, height, params)
    assert_sound(plan, perfect=perfect)


@pytest.mark.parametrize(("width", "height"), [(7, 7), (8, 8), (200, 12), (12, 200), (7, 300)])
def test_edge_sizes(width: int, height: int) -> None:
    plan = make(11, width, height)
    assert (plan.width, plan.height) == (width, height)
    assert_sound(plan)


def test_even_size_leaves_the_extra_column_and_row_wall() -> None:
    plan = make(3, 80, 50)
    assert (plan.tiles[:, 78] == tiles.WALL).all()
    assert (plan.tiles[48, :] == tiles.WALL).all()


@pytest.mark.parametrize(("width", "height"), [(6, 20), (20, 6), (0, 0)])
def test_the_build_function_itself_refuses_too_small(width: int, height: int) -> None:
    """A-Maze-ing's 3x3 cells at least: 7x7 tiles."""
    with pytest.raises(ValueError, match="needs at least 7x7 tiles"):
        SPEC.build(Rng(1), width, height, SPEC.resolve_params({}))


def test_1000x1000() -> None:
    plan = make(1, 1000, 1000, perfect=False, stamp="42")
    assert layout_checks.problems(plan) == []
    cells = cells_of(plan)
    assert cells.shape == (499, 499)
    assert mazegen.cell_distances(cells, plan.extra["entry"]).min() == -1  # only the stamp
    reached = mazegen.cell_distances(cells, plan.extra["entry"]) >= 0
    assert (reached == (cells != compass.CLOSED)).all()


def test_path_length_matches_a_tile_flood() -> None:
    for seed in range(30):
        plan = make(seed, 41, 31, perfect=False, loop_fraction=0.3)
        dist = walk_distance(tiles.walkable(plan.tiles), [plan.arrival])
        down = plan.exits[0]
        assert dist[down[1], down[0]] == 2 * len(plan.extra["path"])


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"loop_fraction": "1.5"}, "outside 0..1"),
        ({"perfect": "maybe"}, "not true or false"),
        ({"walls": "1"}, "has no parameter 'walls'"),
    ],
)
def test_bad_params(given: dict[str, str], message: str) -> None:
    with pytest.raises(ParamError, match=message):
        SPEC.generate(Rng(1), 21, 21, given)


def test_params_as_text() -> None:
    plan = SPEC.generate(
        Rng(1), 41, 21, {"perfect": "false", "stamp": "42", "loop_fraction": "0.2"}
    )
    assert plan.params == {"perfect": False, "loop_fraction": 0.2, "stamp": "42"}
    assert_sound(plan, perfect=False)


def test_stampfont() -> None:
    assert stampfont.size("42") == (7, 5) and stampfont.size("") == (0, 0)
    rows = ["".join("#" if v else "." for v in row) for row in stampfont.render("42")]
    assert rows == ["#.#.###", "#.#...#", "###.###", "..#.#..", "..#.###"]
    assert stampfont.unsupported("a€b€~") == ["€", "~"]
    with pytest.raises(ValueError, match="no glyph for '~'"):
        stampfont.render("~")
    assert all(glyph.shape == (5, 3) for glyph in stampfont.GLYPHS.values())
