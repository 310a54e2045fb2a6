"""A-Maze-ing's hex file: the exact text written, round trips, and every malformed input refused."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import compass, layout_checks, tiles
from game.export import hexmaze
from game.floorplan import FloorPlan, ParamValue
from game.generators import maze
from game.seeds import Rng

# A 3x2-cell maze by hand: entry 1,0 on top, exit 2,1 below, path east then south.
SMALL = "953\nC7E\n\n1,0\n2,1\nES\n"
SMALL_TILES = """
#######
#..<..#
#.###.#
#...#>#
#######
"""


def make(seed: int, width: int, height: int, **params: ParamValue) -> FloorPlan:
    return maze.SPEC.generate(Rng(seed), width, height, params)


def test_small_file_renders_as_drawn() -> None:
    plan = hexmaze.plan_from_hex(SMALL)
    assert (plan.tiles == tiles.from_ascii(SMALL_TILES)).all()
    assert plan.arrival == (3, 1) and plan.exits == ((5, 3),)
    assert plan.extra["entry"] == (1, 0) and plan.extra["exit"] == (2, 1)
    assert plan.extra["path"] == "ES" and plan.extra["stamped"] == []
    assert plan.generator == "maze" and layout_checks.problems(plan) == []
    assert hexmaze.plan_to_hex(plan) == SMALL


def test_written_text_has_the_a_maze_ing_layout() -> None:
    plan = make(2, 41, 21, stamp="42")
    lines = hexmaze.plan_to_hex(plan).split("\n")
    assert len(lines) == 10 + 1 + 3 + 1 and lines[-1] == ""
    rows, blank = lines[:10], lines[10]
    assert all(len(row) == 20 and set(row) <= set("0123456789ABCDEF") for row in rows)
    assert blank == ""
    entry, exit_ = plan.extra["entry"], plan.extra["exit"]
    assert lines[11] == f"{entry[0]},{entry[1]}" and lines[12] == f"{exit_[0]},{exit_[1]}"
    assert lines[13] == plan.extra["path"] and set(lines[13]) <= set("NESW")
    assert sum(row.count("F") for row in rows) == 20  # the cells of "42"
    assert [int(c, 16) for c in rows[3]] == plan.extra["cells"][3].tolist()


@pytest.mark.parametrize(
    ("width", "height", "params"),
    [
        (41, 21, {}),
        (80, 50, {"stamp": "42"}),
        (61, 33, {"perfect": False, "stamp": "80"}),
        (7, 7, {}),
        (41, 21, {"stamp": ""}),
        (200, 12, {"perfect": False}),
    ],
)
def test_round_trip(width: int, height: int, params: dict[str, ParamValue]) -> None:
    for seed in range(10):
        plan = make(seed, width, height, **params)
        back = hexmaze.plan_from_hex(hexmaze.plan_to_hex(plan), size=(width, height))
        assert (back.tiles == plan.tiles).all()
        assert back.fingerprint() == plan.fingerprint()
        for key in ("entry", "exit", "path", "stamped"):
            assert back.extra[key] == plan.extra[key]
        assert (back.extra["cells"] == plan.extra["cells"]).all()
        assert layout_checks.problems(back) == []


def test_without_a_size_the_floor_is_the_odd_size_the_cells_fill() -> None:
    plan = make(1, 80, 50)
    back = hexmaze.plan_from_hex(hexmaze.plan_to_hex(plan))
    assert (back.width, back.height) == (79, 49)
    assert (back.tiles == plan.tiles[:49, :79]).all()


def test_lower_case_digits_and_crlf_line_ends_are_read() -> None:
    plan = hexmaze.plan_from_hex("953\r\nc7e\r\n\r\n1,0\r\n2, 1\r\nES\r\n\r\n")
    assert (plan.tiles == tiles.from_ascii(SMALL_TILES)).all()


def test_stamped_cells_are_solid_wall() -> None:
    plan = hexmaze.plan_from_hex("953\nEFE\n\n1,0\n0,1\nWS\n")
    assert plan.extra["stamped"] == [(1, 1)]
    assert (plan.tiles[2:5, 2:5] == tiles.WALL).all()
    assert layout_checks.problems(plan) == []


BAD = [
    ("", "line 1: expected a row of hex digits"),
    ("953\nC7\n\n1,0\n2,1\nES\n", "line 2: 2 cells, but line 1 has 3"),
    ("95G\nC7E\n\n1,0\n2,1\nES\n", "line 1: 'G' at column 3 is not a hex digit"),
    ("953\nC7 E\n\n1,0\n2,1\nES\n", "line 2: 4 cells, but line 1 has 3"),
    ("953\nC7E", "line 3: no empty line after the rows of cells"),
    ("953\nC7E\n\n", "line 4: missing the entry x,y"),
    ("953\nC7E\n\n1;0\n2,1\nES\n", r"line 4: the entry '1;0' is not x,y"),
    ("953\nC7E\n\n-1,0\n2,1\nES\n", r"line 4: the entry '-1,0' is not x,y"),
    ("953\nC7E\n\n3,0\n2,1\nES\n", "line 4: the entry 3,0 is outside the 3x2-cell maze"),
    ("953\nC7E\n\n1,0\n", "line 5: missing the exit x,y"),
    ("953\nC7E\n\n1,0\n2,2\nES\n", "line 5: the exit 2,2 is outside the 3x2-cell maze"),
    ("953\nC7E\n\n1,0\n2,1\n", "line 6: missing the path"),
    ("953\nC7E\n\n1,0\n2,1\nEX\n", "line 6: path letter 2 is 'X', not N, E, S or W"),
    ("953\nC7E\n\n1,0\n2,1\nes\n", "line 6: path letter 1 is 'e'"),
    ("953\nC7E\n\n1,0\n2,1\nSE\n", r"line 6: step 1 \(S\) from cell 1,0 goes through a wall"),
    ("953\nC7E\n\n1,0\n2,1\nEN\n", r"line 6: step 2 \(N\) from cell 2,0 goes through a wall"),
    ("953\nC7E\n\n1,0\n2,1\nE\n", "line 6: the path ends at cell 2,0, not at the exit 2,1"),
    ("953\nC7E\n\n1,0\n2,1\nEWEWEW\n", "line 6: the path has 6 steps"),
    ("953\nC7E\n\n1,0\n2,1\nES\nmore\n", "line 7: unexpected text after the path"),
    ("853\nC7E\n\n1,0\n2,1\nES\n", "line 1: cell 0,0 has its north wall open on the outer edge"),
    ("953\nC3E\n\n1,0\n2,1\nES\n", "line 2: cell 1,1 has its south wall open on the outer edge"),
    ("953\n47E\n\n1,0\n2,1\nES\n", "line 2: cell 0,1 has its west wall open on the outer edge"),
    ("953\nC7C\n\n1,0\n2,1\nES\n", "line 2: cell 2,1 has its east wall open on the outer edge"),
    (
        "9D3\nC7E\n\n1,0\n2,1\nES\n",
        "line 1: cell 0,0 has its east wall open but cell 1,0 has its west wall closed",
    ),
    (
        "953\nC6E\n\n1,0\n2,1\nES\n",
        "line 1: cell 1,0 has its south wall closed but cell 1,1 has its north wall open",
    ),
    ("953\nC7E\n\n1,0\n1,0\nES\n", "line 5: the exit 1,0 is the entry cell"),
    ("953\nEFE\n\n1,1\n2,1\nES\n", "line 4: the entry 1,1 is a fully closed cell"),
    ("953\nEFE\n\n1,0\n1,1\nES\n", "line 5: the exit 1,1 is a fully closed cell"),
    ("D53\nD7E\n\n1,0\n2,1\nES\n", "line 2: cell 0,1 cannot be reached from the entry"),
    ("9" * 1001 + "\n", "line 1: 1001 cells wide; at most 1000"),
    ("F\n" * 1001, "line 1001: more than 1000 rows of cells"),
]


@pytest.mark.parametrize(("text", "message"), BAD)
def test_malformed_input_is_refused_with_its_line(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        hexmaze.plan_from_hex(text)


def test_a_size_that_does_not_hold_the_cells_is_refused() -> None:
    with pytest.raises(ValueError, match="a 9x5 floor does not hold a 3x2-cell maze"):
        hexmaze.plan_from_hex(SMALL, size=(9, 5))
    assert hexmaze.plan_from_hex(SMALL, size=(8, 6)).tiles.shape == (6, 8)


def test_only_mazes_export_to_hex() -> None:
    plan = FloorPlan("cave", {}, np.zeros((5, 5), dtype=np.uint8), (1, 1), ((3, 3),))
    with pytest.raises(ValueError, match="a cave floor has no maze cells"):
        hexmaze.plan_to_hex(plan)


def test_largest_allowed_maze_is_read() -> None:
    cells = np.full((1000, 1000), compass.NORTH | compass.SOUTH, dtype=np.uint8)
    cells[:, 0] |= compass.WEST
    cells[:, -1] |= compass.EAST
    cells[1:, :] = compass.CLOSED
    cells[1, 0] = compass.EAST | compass.SOUTH | compass.WEST
    cells[0, 0] = compass.NORTH | compass.WEST
    text = "\n".join("".join(f"{v:X}" for v in row) for row in cells)
    plan = hexmaze.plan_from_hex(text + "\n\n5,0\n0,1\n" + "W" * 5 + "S\n")
    assert plan.tiles.shape == (2001, 2001) and layout_checks.problems(plan) == []
    assert len(plan.extra["stamped"]) == 999 * 1000 - 1


_EDITS = st.lists(
    st.tuples(st.integers(0, 40), st.sampled_from(list("0123456789ABCDEFNESW,\n 1x"))),
    min_size=1,
    max_size=4,
)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 50), edits=_EDITS, delete=st.booleans())
def test_any_edit_is_refused_cleanly_or_reads_as_a_sound_floor(
    seed: int, edits: list[tuple[int, str]], delete: bool
) -> None:
    text = list(hexmaze.plan_to_hex(make(seed, 11, 9, perfect=seed % 2 == 0)))
    for position, char in edits:
        index = position % len(text)
        if delete:
            del text[index]
        else:
            text[index] = char
    try:
        plan = hexmaze.plan_from_hex("".join(text))
    except ValueError as problem:
        assert str(problem).startswith("line ")
        return
    assert layout_checks.problems(plan) == []
