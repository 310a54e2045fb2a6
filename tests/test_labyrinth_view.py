"""The Labyrinth style of the first-person view: lines on black as the 1980 original drew them.

Pixel tests render small hand-drawn floors facing north on a 40x25 view (80x50 pixels) and look
at the pixels where the camera puts each depth's corners: nested frames with diagonal corner
lines down a corridor, a depth step at a side opening, one rectangle for a wall right ahead.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
import tcod.console
from numpy.typing import NDArray
from scenario import door
from tcod.event import KeySym
from ui_world import hand_game, key

from game import userfiles
from game.cli import main
from game.cli.parser import SNAPSHOT_STYLES
from game.compass import NORTH
from game.run import FloorRecipe, Run
from game.ui import firstperson as fp
from game.ui import intents, options
from game.ui.draw import cells
from game.ui.firstperson.grid import WALL
from game.ui.firstperson.projection import NEAR
from game.ui.screens import options as options_screen
from game.ui.screens.options import OptionsScreen
from game.ui.screens.play import PlayState
from game.ui.session import Session
from game.world.dungeon import new_game
from game.world.fov import SIGHT_RADIUS
from game.world.model import Game
from game.world.serial import state_hash

COLUMNS, ROWS = 40, 25
VIEW = fp.line_projection(COLUMNS, ROWS)

CORRIDOR = """
#####
##.##
##.##
##.##
##.##
#####
"""
"""A corridor 3 cells deep ahead of (2, 4) facing north, ended by the wall at (2, 0)."""

SIDE_OPENING = """
#####
##.##
##.##
#..##
##.##
#####
"""
"""The same corridor with an opening on the left at depth 1 (into (1, 3))."""

WALL_AHEAD = """
#####
#####
##.##
#####
"""


def picture(text: str, player: tuple[int, int], facing: int = NORTH) -> NDArray[np.uint8]:
    return fp.line_pixels(hand_game(text, player), facing, COLUMNS, ROWS)


def corner(x: float, plane: int, y: float) -> tuple[float, float]:
    """Where the camera puts a point on depth `plane`'s boundary (x right, y up, in cells)."""
    z = plane + NEAR
    return VIEW.screen_x(x, z), VIEW.screen_y(y, z)


def between(a: tuple[float, float], b: tuple[float, float], t: float = 0.5) -> tuple[float, float]:
    return a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])


def is_line(pixels: NDArray[np.uint8], point: tuple[float, float], reach: int = 1) -> bool:
    """A line-coloured pixel at `point` or within `reach` pixels of it."""
    x, y = int(np.floor(point[0])), int(np.floor(point[1]))
    window = pixels[max(0, y - reach) : y + reach + 1, max(0, x - reach) : x + reach + 1]
    return bool((window == fp.LINE).all(axis=-1).any())


def is_black(pixels: NDArray[np.uint8], point: tuple[float, float]) -> bool:
    x, y = int(np.floor(point[0])), int(np.floor(point[1]))
    return not pixels[y, x].any()


# --- the picture ---------------------------------------------------------------------------------


def test_a_straight_corridor_draws_nested_frames_with_diagonal_corner_lines() -> None:
    pixels = picture(CORRIDOR, (2, 4))
    middle = VIEW.height / 2
    for plane in (1, 2, 3):  # each depth's frame: its verticals, left and right
        for x in (-0.5, 0.5):
            edge, top = corner(x, plane, 0.0)[0], corner(x, plane, 0.45)[1]
            assert is_line(pixels, (edge, middle)), (plane, x)
            assert is_line(pixels, (edge, top)), (plane, x)
            assert is_black(pixels, (edge + (3 if x < 0 else -3), corner(x, plane, 0.6)[1]))
        inner = between(corner(-0.5, plane, 0), corner(-0.5, plane + 1, 0))
        assert is_black(pixels, (inner[0], middle)), plane  # no line across a wall panel
    for x in (-0.5, 0.5):  # the corner lines run from the screen's corner to the far wall
        for y in (-0.5, 0.5):
            for plane in (1, 2, 3):
                assert is_line(pixels, between(corner(x, plane, y), corner(x, plane + 1, y)))
            assert is_line(pixels, (VIEW.screen_x(x, 0.6), VIEW.screen_y(y, 0.6)))
    far_left, far_right = corner(-0.5, 4, 0.5), corner(0.5, 4, -0.5)  # the wall that ends it
    assert is_line(pixels, between(far_left, (far_right[0], far_left[1])), reach=0)
    assert is_line(pixels, between((far_left[0], far_right[1]), far_right), reach=0)
    assert is_black(pixels, (VIEW.width / 2, middle))
    assert far_right[0] - far_left[0] < corner(0.5, 3, 0)[0] - corner(-0.5, 3, 0)[0]


def test_a_side_opening_shows_a_depth_step_instead_of_a_wall() -> None:
    pixels = picture(SIDE_OPENING, (2, 4))
    plain = picture(CORRIDOR, (2, 4))
    for y in (-0.5, 0.5):  # the left wall's corner lines are gone at depth 1, the right's stay
        left = between(corner(-0.5, 1, y), corner(-0.5, 2, y))
        right = between(corner(0.5, 1, y), corner(0.5, 2, y))
        assert is_line(plain, left) and is_black(pixels, left)
        assert is_line(pixels, right)
    for y in (-0.5, 0.5):  # the side passage's far wall, face-on one depth in: the step
        step = (between(corner(-0.5, 1, 0), corner(-0.5, 2, 0))[0], corner(-0.5, 2, y)[1])
        assert is_line(pixels, step, reach=0) and not is_line(plain, step, reach=0)
    for plane in (1, 2):  # where the opening starts and ends
        assert is_line(pixels, (corner(-0.5, plane, 0)[0], VIEW.height / 2))
    hidden = (corner(-1.4, 2, 0)[0], corner(-1.4, 2, 0.5)[1])  # that wall behind the near one
    assert corner(-1.4, 2, 0)[0] < corner(-0.5, 1, 0)[0] - 2 and is_black(pixels, hidden)


def test_a_wall_right_ahead_draws_one_rectangle() -> None:
    pixels = picture(WALL_AHEAD, (2, 2))
    (left, top), (right, bottom) = corner(-0.5, 1, 0.5), corner(0.5, 1, -0.5)
    x0, x1, y0, y1 = (int(np.floor(v)) for v in (left, right, top, bottom))
    line = (pixels == fp.LINE).all(axis=-1)
    assert line[y0, x0 + 1 : x1].all() and line[y1, x0 + 1 : x1].all()
    assert line[y0 + 1 : y1, x0].all() and line[y0 + 1 : y1, x1].all()
    assert not pixels[y0 + 2 : y1 - 1, x0 + 2 : x1 - 1].any()  # nothing inside it
    for x, y in ((-0.5, 0.5), (0.5, -0.5)):  # the player's own walls run off to the corners
        assert is_line(pixels, (VIEW.screen_x(x, 0.6), VIEW.screen_y(y, 0.6)))


def test_the_picture_is_lines_on_black() -> None:
    pixels = picture(SIDE_OPENING, (2, 4))
    colours = {tuple(int(c) for c in p) for p in pixels.reshape(-1, 3)}
    assert colours == {(0, 0, 0), fp.LINE}


def test_a_closed_door_ahead_shows_its_leaf_and_an_open_one_its_way_through() -> None:
    game = hand_game(WALL_AHEAD.replace("#####\n##.##", "##+##\n##.##"), (2, 2))
    game.floor.doors[(2, 1)] = door()
    shut = fp.line_pixels(game, NORTH, COLUMNS, ROWS)
    wall = picture(WALL_AHEAD, (2, 2))
    middle = (VIEW.width / 2, VIEW.height / 2)
    leaf_top = corner(0.0, 1, 0.8 - 0.5)
    assert is_line(shut, leaf_top, reach=0) and not is_line(wall, leaf_top, reach=0)
    assert is_black(shut, middle)
    beyond = "#####\n#####\n##.##\n##.##\n##'##\n##.##\n#####"  # a wall 3 past an open door
    game = hand_game(beyond, (2, 5))
    game.floor.doors[(2, 4)] = door()
    opened = fp.line_pixels(game, NORTH, COLUMNS, ROWS)
    far_top = (VIEW.width / 2, corner(0.0, 4, 0.5)[1])
    assert is_line(opened, leaf_top, reach=0) and is_line(opened, far_top, reach=0)


def test_the_walk_goes_past_the_sight_radius_until_a_wall() -> None:
    length = SIGHT_RADIUS + 6
    rows = ["###", *["#.#"] * (length + 1), "###"]
    rows[3] = "..#"  # an opening on the left at depth length - 2
    game = hand_game("\n".join(rows), (1, length + 1))
    view = fp.line_projection(80, 42)
    assert view.depth > length
    seen, _, _ = fp.view_grid(game.floor, game.player.pos, NORTH, view.depth, view.lateral)
    kinds, closed = fp.line_grid(game.floor, game.player.pos, NORTH, view.depth, view.lateral)
    middle = view.lateral
    assert seen[length + 1, middle] == fp.UNSEEN  # past the sight radius...
    assert closed[length + 1, middle] and kinds[length + 1, middle] != fp.UNSEEN  # ...drawn
    assert (kinds[length + 2 :] == fp.UNSEEN).all()  # and nothing behind the wall that ends it
    step = (length - 1, middle - 1)  # the side passage's far wall, one depth past the opening
    assert seen[step] == fp.UNSEEN and kinds[step] == WALL
    off_walk = np.ones_like(closed)
    off_walk[:, middle - 1 : middle + 2] = False
    assert (kinds[off_walk] == seen[off_walk]).all()  # off the walk, only what the player sees


@pytest.mark.parametrize("generator", ["bsp", "power", "cave", "maze", "tables"])
def test_every_floor_type_draws_in_every_facing(generator: str) -> None:
    game = new_game(Run("labyrinth-lines", (FloorRecipe(1, generator, 61, 41),)))
    before = state_hash(game)
    for facing in fp.FACINGS:
        pixels = fp.line_pixels(game, facing, 80, 42)
        assert pixels.shape == (84, 160, 3)
        assert (pixels == fp.LINE).all(axis=-1).sum() > 40
    assert state_hash(game) == before


@pytest.mark.parametrize(("width", "height"), [(20, 12), (80, 50), (121, 67)])
def test_any_console_size(width: int, height: int) -> None:
    console = tcod.console.Console(width, height, order="C")
    fp.render_firstperson(console, hand_game(CORRIDOR, (2, 4)), NORTH, style="labyrinth")
    rows = fp.view_height(console)
    assert (cells(console)["fg"][:rows] == fp.LINE).all(axis=-1).any()


# --- options, the key and the footer -------------------------------------------------------------


@pytest.fixture
def fresh_options(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv(userfiles.CONFIG_ENV, str(tmp_path / "config"))
    options.reload()
    yield tmp_path / "config"
    options.reload()


def test_the_style_is_an_option(fresh_options: Path) -> None:
    assert options.current().view_style == "blocks"
    assert options.parse_options('view_style = "labyrinth"\n').view_style == "labyrinth"
    with pytest.raises(ValueError, match="view_style must be one of blocks, labyrinth"):
        options.parse_options('view_style = "wireframe"\n')
    screen = OptionsScreen()
    for _ in range(options_screen.ROWS.index("view_style")):
        screen.on_event(key(KeySym.DOWN))
    screen.on_event(key(KeySym.RIGHT))
    screen.on_event(key(KeySym.ESCAPE))
    options.reload()
    assert options.current().view_style == "labyrinth"


def test_w_switches_the_style_in_the_view_and_says_so_in_the_footer(fresh_options: Path) -> None:
    state = PlayState(Session(game=hand_game(CORRIDOR, (2, 4))))
    console = tcod.console.Console(80, 50, order="C")
    state.on_event(key(KeySym.TAB))
    state.on_draw(console)
    blocks = cells(console).copy()
    before = state_hash(state.game)
    state.on_event(key(KeySym.W))
    assert options.current().view_style == "labyrinth"
    state.on_draw(console)
    assert not np.array_equal(cells(console), blocks)
    rows = fp.view_height(console)
    footer = "".join(chr(c) for c in cells(console)["ch"][rows - 1])
    assert "Tab: map" in footer and "w: blocks" in footer
    options.reload()
    assert options.current().view_style == "labyrinth"  # kept in options.toml
    state.on_event(key(KeySym.W))
    state.on_draw(console)
    assert np.array_equal(cells(console)["ch"][: rows - 1], blocks["ch"][: rows - 1])
    assert state_hash(state.game) == before and state.game.turn == 0


def test_the_key_is_in_the_help_and_can_be_rebound() -> None:
    assert any("Labyrinth's lines" in what for _, what in intents.help_lines())
    assert intents.first_key(intents.ToggleStyle()) == "w"
    assert fp.keys_hint("blocks") == " Tab: map  w: lines "


# --- the snapshot command ------------------------------------------------------------------------


def snapshot(tmp_path: Path, *extra: str) -> bytes:
    target = tmp_path / f"shot{len(extra)}.png"
    argv = ["snapshot", "--seed", "lines", "--view", "first-person", "--out", str(target)]
    assert main([*argv, *extra]) == 0
    return target.read_bytes()


def test_snapshot_draws_the_style_asked_for(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    game: Game = new_game(Run("lines"))
    facing = fp.initial_facing(game.floor, game.player.pos)
    lines = snapshot(tmp_path, "--style", "labyrinth")
    assert lines == fp.firstperson_png(game, facing, style="labyrinth")
    assert snapshot(tmp_path) == snapshot(tmp_path, "--style", "blocks") != lines
    assert SNAPSHOT_STYLES == options.VIEW_STYLES
    capsys.readouterr()
    try:
        code = main(["snapshot", "--seed", "x", "--style", "wire", "--out", "x.png"])
    except SystemExit as leaving:
        code = int(leaving.code or 0)
    assert code == 2 and len(capsys.readouterr().err.strip().splitlines()) == 1
