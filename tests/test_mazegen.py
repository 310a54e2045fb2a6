"""A-Maze-ing's API (`MazeGenerator`, `maze_solver`) against the document's own example, and the
promises around it: sound walls, a spanning tree, the locked stamp, shortest paths, determinism,
and the floor generator carving through the same code."""

from __future__ import annotations

from collections import deque

import numpy as np
import pytest

from game.compass import CLOSED, EAST, NORTH, SOUTH, WEST
from game.floorplan import Point
from game.generators import maze, mazegen, stampfont
from game.generators.mazegen import STEPS, MazeGenerator
from game.generators.mazegen import maze_solver as solve
from game.seeds import Rng

Grid = list[list[int]]


def document_example(seed: int = 42) -> MazeGenerator:
    """The README's usage, word for word."""
    mg = MazeGenerator(width=20, height=15, seed=seed, perfect=True)
    mg.generate()
    return mg


def bfs(grid: Grid, start: Point) -> dict[Point, int]:
    """A plain flood through walls open on both sides: the reference for the solver."""
    height, width = len(grid), len(grid[0])
    dist = {start: 0}
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        for dx, dy, bit in STEPS.values():
            nx, ny = x + dx, y + dy
            back = {NORTH: SOUTH, SOUTH: NORTH, EAST: WEST, WEST: EAST}[bit]
            if (0 <= nx < width and 0 <= ny < height and not grid[y][x] & bit
                    and not grid[ny][nx] & back and (nx, ny) not in dist):
                dist[(nx, ny)] = dist[(x, y)] + 1
                queue.append((nx, ny))
    return dist


def assert_walls_consistent(grid: Grid) -> None:
    height, width = len(grid), len(grid[0])
    for y in range(height):
        for x in range(width):
            cell = grid[y][x]
            assert 0 <= cell <= CLOSED
            assert bool(cell & NORTH) == (y == 0 or bool(grid[y - 1][x] & SOUTH)), (x, y)
            assert bool(cell & WEST) == (x == 0 or bool(grid[y][x - 1] & EAST)), (x, y)
            if y == height - 1:
                assert cell & SOUTH
            if x == width - 1:
                assert cell & EAST


def openings(grid: Grid) -> int:
    height, width = len(grid), len(grid[0])
    across = sum(not grid[y][x] & EAST for y in range(height) for x in range(width - 1))
    down = sum(not grid[y][x] & SOUTH for y in range(height - 1) for x in range(width))
    return across + down


def assert_path(grid: Grid, path: list[Point], letters: str, entry: Point, exit_: Point) -> None:
    """The path walks from entry to exit through open walls, its letters say each step, and it
    is as short as a breadth-first flood says."""
    assert path[0] == entry and path[-1] == exit_ and len(path) == len(letters) + 1
    for (x, y), (nx, ny), letter in zip(path[:-1], path[1:], letters, strict=True):
        dx, dy, bit = STEPS[letter]
        assert (nx, ny) == (x + dx, y + dy)
        assert not grid[y][x] & bit, f"{letter} from {x},{y} goes through a wall"
    assert len(letters) == bfs(grid, entry)[exit_]


def test_the_documents_example() -> None:
    mg = document_example()
    grid = mg.grid
    assert (mg.width, mg.height) == (20, 15)
    assert len(grid) == 15 and all(len(row) == 20 for row in grid)
    assert all(isinstance(v, int) for row in grid for v in row)
    assert_walls_consistent(grid)
    # the "42": 7x5 glyph cells centred, locked and fully closed
    glyphs = stampfont.render("42")
    x0, y0 = (20 - 7) // 2, (15 - 5) // 2
    expected = {(x0 + int(x), y0 + int(y)) for y, x in np.argwhere(glyphs)}
    assert mg.locked == expected and len(expected) == 20
    assert all(grid[y][x] == CLOSED for x, y in mg.locked)
    closed = {(x, y) for y in range(15) for x in range(20) if grid[y][x] == CLOSED}
    assert closed == mg.locked
    # perfect: a spanning tree of the free cells
    reached = bfs(grid, (0, 0))
    assert set(reached) == {(x, y) for y in range(15) for x in range(20)} - mg.locked
    assert openings(grid) == len(reached) - 1
    path, directions = solve(mg.grid, (0, 0), (19, 14))
    assert_path(grid, path, directions, (0, 0), (19, 14))
    assert set(directions) <= set("NESW") and not set(path) & mg.locked


def test_many_seeds_sizes_and_both_kinds() -> None:
    for seed in range(40):
        for width, height, perfect in ((20, 15, True), (9, 7, False), (3, 3, True), (31, 4, False)):
            mg = MazeGenerator(width, height, seed, perfect)
            mg.generate()
            assert_walls_consistent(mg.grid)
            reached = bfs(mg.grid, (0, 0))
            assert len(reached) == width * height - len(mg.locked)
            if perfect:
                assert openings(mg.grid) == len(reached) - 1
            exit_ = (width - 1, height - 1)
            assert_path(mg.grid, *solve(mg.grid, (0, 0), exit_), (0, 0), exit_)


def test_not_perfect_opens_a_tenth_of_the_remaining_walls() -> None:
    for seed in range(20):
        tree = MazeGenerator(20, 15, seed, True)
        tree.generate()
        loopy = MazeGenerator(20, 15, seed, False)
        loopy.generate()
        free = np.array(tree.grid) != CLOSED
        inner = int((free[:, :-1] & free[:, 1:]).sum() + (free[:-1] & free[1:]).sum())
        remaining = inner - openings(tree.grid)
        assert openings(loopy.grid) - openings(tree.grid) == round(remaining * 0.10)
        assert all(loopy.grid[y][x] == CLOSED for x, y in loopy.locked)


def test_same_seed_same_maze_other_seeds_differ_no_seed_is_fresh() -> None:
    assert document_example(7).grid == document_example(7).grid
    assert len({str(document_example(seed).grid) for seed in range(10)}) == 10
    fresh = [MazeGenerator(20, 15) for _ in range(2)]
    for mg in fresh:
        mg.generate()
    assert all(isinstance(mg.seed, int) for mg in fresh)
    assert fresh[0].grid != fresh[1].grid
    again = MazeGenerator(20, 15, fresh[0].seed)
    again.generate()
    assert again.grid == fresh[0].grid, "the drawn seed reproduces the maze"


def test_generate_again_carves_the_next_maze_of_the_stream() -> None:
    mg = document_example()
    first = mg.grid
    mg.generate()
    assert mg.grid != first
    other = document_example()
    other.generate()
    assert other.grid == mg.grid


def test_the_backtracker_starts_at_the_entry_and_the_stamp_can_go() -> None:
    plain = MazeGenerator(20, 15, 1, stamp="")
    plain.generate()
    assert plain.locked == set() and openings(plain.grid) == 20 * 15 - 1
    small = MazeGenerator(8, 6, 1)
    assert small.locked == set()
    assert small.warnings == ["stamp '42' skipped: the maze needs at least 9x7 cells,"
                              " this one has 8x6"]
    entered = MazeGenerator(20, 15, 3, entry=(19, 14))
    entered.generate()
    assert entered.grid != document_example(3).grid
    assert_walls_consistent(entered.grid)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"width": 2, "height": 15}, "3 to 4000 cells a side, got 2x15"),
        ({"width": 20, "height": 0}, "3 to 4000 cells a side"),
        ({"width": 10**6, "height": 10**6}, "3 to 4000 cells a side"),
        ({"width": 20, "height": 15, "entry": (20, 0)}, "entry 20,0 is outside"),
        ({"width": 20, "height": 15, "entry": (6, 5)}, "entry 6,5 is inside the '42' stamp"),
        ({"width": 20, "height": 15, "stamp": "4@"}, "no glyph for '@'"),
        ({"width": 20, "height": 15, "loop_fraction": 2.0}, "outside 0..1"),
    ],
)
def test_bad_arguments(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        MazeGenerator(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"width": "20", "height": 15}, "width must be a whole number, not str"),
        ({"width": 20, "height": 15.0}, "height must be a whole number, not float"),
        ({"width": 20, "height": 15, "entry": (0,)}, "entry must be an .x, y. pair"),
        ({"width": 20, "height": 15, "entry": (0.5, 1)}, "entry x must be a whole number"),
        ({"width": 20, "height": 15, "seed": 1.5}, "seed must be a whole number"),
        ({"width": 20, "height": 15, "perfect": "no"}, "perfect must be True or False"),
        ({"width": True, "height": 15}, "width must be a whole number, not bool"),
    ],
)
def test_wrong_types_are_named_up_front(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(TypeError, match=message):
        MazeGenerator(**kwargs)  # type: ignore[arg-type]


def test_the_solver_names_a_wrong_end() -> None:
    maze = MazeGenerator(10, 10, 1)
    maze.generate()
    with pytest.raises(TypeError, match="entry must be an"):
        solve(maze.grid, (0,), (9, 9))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="exit y must be a whole number"):
        solve(maze.grid, (0, 0), (9, 9.0))  # type: ignore[arg-type]


def test_solver_refuses_what_it_cannot_answer() -> None:
    grid = document_example().grid
    with pytest.raises(ValueError, match="no way from 0,0 to 6,5"):
        solve(grid, (0, 0), (6, 5))  # a stamp cell
    with pytest.raises(ValueError, match="exit 20,0 is outside the 20x15 maze"):
        solve(grid, (0, 0), (20, 0))
    with pytest.raises(ValueError, match="rows of equal length"):
        solve([[15, 15], [15]], (0, 0), (0, 1))
    with pytest.raises(ValueError, match=r"0\.\.15"):
        solve([[16]], (0, 0), (0, 0))
    assert solve(grid, (3, 3), (3, 3)) == ([(3, 3)], "")


def test_solver_counts_a_wall_closed_when_either_side_closes_it() -> None:
    # 3x1 cells: the middle cell says its west wall is open, the first says its east is closed
    grid = [[CLOSED, CLOSED & ~WEST & ~EAST, CLOSED & ~WEST]]
    with pytest.raises(ValueError, match="no way"):
        solve(grid, (0, 0), (2, 0))
    assert solve(grid, (1, 0), (2, 0)) == ([(1, 0), (2, 0)], "E")
    # an open outer edge is no way out either
    assert solve([[NORTH | SOUTH, NORTH | SOUTH]], (0, 0), (1, 0))[1] == "E"


def test_the_floor_generator_carves_through_the_api() -> None:
    """One implementation: a maze floor's cells are the API's for the same stream and entry."""
    for seed in range(10):
        plan = maze.SPEC.generate(Rng(seed), 41, 31, {"perfect": seed % 2 == 0})
        rng = Rng(seed)
        entry = (rng.below(20), 0)
        mg = MazeGenerator(20, 15, perfect=seed % 2 == 0, entry=entry, rng=rng)
        mg.generate()
        assert plan.extra["entry"] == entry
        assert (plan.extra["cells"] == mg.cells).all()
        _, letters = solve(mg.grid, entry, plan.extra["exit"])
        assert letters == plan.extra["path"]
        assert set(plan.extra["stamped"]) == mg.locked


def test_sealed_grid() -> None:
    cells = np.array([[0, 0], [0, 0]], dtype=np.uint8)
    assert mazegen.sealed(cells).tolist() == [[NORTH | WEST, NORTH | EAST],
                                              [SOUTH | WEST, SOUTH | EAST]]
    half = np.array([[NORTH | WEST | EAST, NORTH | EAST]], dtype=np.uint8)
    assert mazegen.sealed(half).tolist() == [[NORTH | SOUTH | WEST | EAST, CLOSED]]
