"""The first-person view: Labyrinth's wall bits and turns, the walk that decides what is seen, the
picture (doors by material, light, sprites), and Tab / turning / stepping on the play screen."""

from __future__ import annotations

import numpy as np
import pytest
import tcod.console
import tcod.tileset
from numpy.typing import NDArray
from scenario import door, monster, scenario
from tcod.event import KeySym
from ui_world import hand_game, key

from game import assets, tiles
from game.compass import EAST, NORTH, SOUTH, WEST
from game.generators import generate_floor
from game.rules.actions import Move
from game.run import FloorRecipe, Run
from game.turns import player_act
from game.ui import firstperson as fp
from game.ui.draw import cells
from game.ui.firstperson import Slice
from game.ui.screens.play import PlayState
from game.ui.session import Session
from game.world.dungeon import new_game
from game.world.fov import update_fov
from game.world.model import Floor, Game
from game.world.serial import state_hash

CROSS = """
#########
#...#####
###.#####
###.....#
###.#####
###.#####
#########
"""
"""A corridor north from (3, 5) with a branch east at (3, 3) and a turn west at (3, 1)."""

def cross_game(player: tuple[int, int] = (3, 5)) -> Game:
    return hand_game(CROSS, player)


# --- Labyrinth's numbers and turning -------------------------------------------------------------


@pytest.mark.parametrize(("bits", "after"), [(2, 4), (3, 6), (8, 1)])
def test_left_turn_rotates_wall_bits_as_labyrinth(bits: int, after: int) -> None:
    assert fp.rotate_left(bits) == after


@pytest.mark.parametrize(("bits", "after"), [(2, 1), (1, 8), (10, 5)])
def test_right_turn_rotates_wall_bits_as_labyrinth(bits: int, after: int) -> None:
    assert fp.rotate_right(bits) == after


@pytest.mark.parametrize("bits", range(16))
def test_rotations_undo_each_other(bits: int) -> None:
    four = bits
    for _ in range(4):
        four = fp.rotate_left(four)
    assert four == bits
    assert fp.rotate_right(fp.rotate_left(bits)) == bits
    assert fp.rotate_left(fp.rotate_right(bits)) == bits


def test_facing_after_turns() -> None:
    assert [fp.turn_left(f) for f in (NORTH, WEST, SOUTH, EAST)] == [WEST, SOUTH, EAST, NORTH]
    assert [fp.turn_right(f) for f in (NORTH, EAST, SOUTH, WEST)] == [EAST, SOUTH, WEST, NORTH]
    facing = NORTH
    for _ in range(4):
        facing = fp.turn_left(facing)
    assert facing == NORTH
    assert fp.turn_right(fp.turn_left(EAST)) == EAST
    assert fp.turn_left(fp.turn_left(fp.turn_right(NORTH))) == WEST


def neighbourhood(bits: int) -> Floor:
    """A 3x3 floor: open centre, each side closed where `bits` (N1 E2 S4 W8) says so."""
    text = ["#.#", "...", "#.#"]
    grid = [list(row) for row in text]
    for bit, (x, y) in ((NORTH, (1, 0)), (EAST, (2, 1)), (SOUTH, (1, 2)), (WEST, (0, 1))):
        if bits & bit:
            grid[y][x] = "#"
    tile_map = tiles.from_ascii("\n".join("".join(row) for row in grid))
    empty = np.zeros(tile_map.shape, dtype=np.bool_)
    return Floor(1, "hand", "hand", tile_map, empty, ~empty, (1, 1), ())


@pytest.mark.parametrize("bits", range(16))
def test_turning_rotates_the_decoded_cell(bits: int) -> None:
    """The view after a turn is the view before it, rotated as Labyrinth rotates a cell."""
    floor = neighbourhood(bits)
    assert fp.closed_bits(floor, 1, 1) == bits
    assert fp.relative_bits(floor, (1, 1), NORTH) == bits
    for facing in fp.FACINGS:
        seen = fp.relative_bits(floor, (1, 1), facing)
        assert fp.relative_bits(floor, (1, 1), fp.turn_left(facing)) == fp.rotate_left(seen)
        assert fp.relative_bits(floor, (1, 1), fp.turn_right(facing)) == fp.rotate_right(seen)


def test_closed_bits_match_the_maze_generators_cells() -> None:
    plan = generate_floor("maze", 7, 1, 31, 21)
    maze_cells = np.asarray(plan.extra["cells"])
    empty = np.zeros(plan.tiles.shape, dtype=np.bool_)
    floor = Floor(1, "maze", "x", plan.tiles.copy(), empty, empty, plan.arrival, plan.exits)
    for cy, cx in np.ndindex(*maze_cells.shape):
        assert fp.closed_bits(floor, 2 * cx + 1, 2 * cy + 1) == maze_cells[cy, cx], (cx, cy)


@pytest.mark.parametrize(("dx", "dy", "facing"), [
    (0, -1, NORTH), (0, 1, SOUTH), (1, 0, EAST), (-1, 0, WEST), (1, -1, EAST), (-1, 1, WEST),
    (1, 1, EAST), (-1, -1, WEST), (1, -2, NORTH), (-2, 1, WEST), (1, 3, SOUTH),
])
def test_steps_snap_to_the_larger_component_ties_horizontal(dx: int, dy: int,
                                                             facing: int) -> None:
    assert fp.facing_of(dx, dy, SOUTH if facing == NORTH else NORTH) == facing


def test_no_step_or_a_jump_keeps_the_facing() -> None:
    assert fp.facing_of(0, 0, WEST) == WEST
    assert fp.facing_after((3, 3), (3, 3), EAST) == EAST
    assert fp.facing_after((3, 3), (9, 3), SOUTH) == SOUTH
    assert fp.facing_after((3, 3), (3, 2), SOUTH) == NORTH


@pytest.mark.parametrize("facing", [NORTH, EAST, SOUTH, WEST])
def test_keys_in_first_person_are_relative_to_the_facing(facing: int) -> None:
    ahead = fp.STEP[facing]
    right = fp.STEP[fp.turn_right(facing)]
    assert fp.command(facing, 0, -1) == (facing, ahead)
    assert fp.command(facing, 0, 1) == (facing, (-ahead[0], -ahead[1]))
    assert fp.command(facing, -1, 0) == (fp.turn_left(facing), None)
    assert fp.command(facing, 1, 0) == (fp.turn_right(facing), None)
    assert fp.command(facing, 1, -1) == (facing, (ahead[0] + right[0], ahead[1] + right[1]))


# --- The walk: what is seen at each depth --------------------------------------------------------


def slices(*rows: str) -> list[Slice]:
    """Slices written as three letters: left, right (o open, w wall), ahead (b blocked, -)."""
    return [Slice(row[0] == "o", row[1] == "o", row[2] == "b") for row in rows]


@pytest.mark.parametrize(("player", "facing", "expected"), [
    ((3, 5), NORTH, slices("ww-", "ww-", "wo-", "ww-", "owb")),
    ((3, 5), SOUTH, slices("wwb")),
    ((3, 5), EAST, slices("owb")),
    ((3, 3), EAST, slices("oo-", "ww-", "ww-", "ww-", "wwb")),
    ((3, 3), WEST, slices("oob")),
    ((3, 3), SOUTH, slices("ow-", "ww-", "wwb")),
    ((3, 1), NORTH, slices("owb")),
    ((3, 1), WEST, slices("ow-", "ww-", "wwb")),
    ((1, 1), EAST, slices("ww-", "ww-", "wob")),
])
def test_view_cells_by_facing(player: tuple[int, int], facing: int,
                              expected: list[Slice]) -> None:
    game = cross_game(player)
    assert fp.view_cells(game.floor, player, facing) == expected


def test_the_walk_stops_at_the_sight_limit_and_before_unseen_cells() -> None:
    game = hand_game("#" * 40 + "\n#" + "." * 38 + "#\n" + "#" * 40, (1, 1))
    lit = int(game.floor.visible[1, 1:].argmin())  # cells in sight from the player on
    assert 5 < lit < 20
    assert len(fp.view_cells(game.floor, (1, 1), EAST, depth=30)) == lit
    assert len(fp.view_cells(game.floor, (1, 1), EAST, depth=3)) == 3
    game.floor.visible[1, 5:] = False
    assert len(fp.view_cells(game.floor, (1, 1), EAST)) == 4
    assert not any(s.ahead_blocked for s in fp.view_cells(game.floor, (1, 1), EAST))


def test_a_closed_door_blocks_and_an_open_one_does_not() -> None:
    scene = scenario("""
        #######
        #@.+..#
        #######
    """)
    floor = scene.floor
    assert fp.view_cells(floor, (1, 1), EAST) == slices("ww-", "wwb")
    floor.tiles[1, 3] = tiles.OPEN_DOOR
    floor.doors[(3, 1)].is_open = True
    update_fov(floor, 1, 1)
    assert fp.view_cells(floor, (1, 1), EAST) == slices("ww-", "ww-", "ww-", "ww-", "wwb")


def test_view_grid_kinds_by_facing_and_material() -> None:
    scene = scenario("""
        #########
        ####s####
        ####.####
        ###+.'...
        ####.####
        ####@####
        #########
    """, legend={"s": door(material="stone"), "+": door(material="iron"),
                 "'": door(material="wooden")})
    floor = scene.floor
    kinds, closed, _ = fp.view_grid(floor, (4, 5), NORTH, 5, 2)
    middle = 2
    assert kinds[0, middle] == fp.OPEN
    assert kinds[2, middle - 1] == fp.DOOR + fp.MATERIALS.index("iron")
    assert kinds[2, middle + 1] == fp.FRAME + fp.MATERIALS.index("wooden")
    assert kinds[4, middle] == fp.DOOR + fp.MATERIALS.index("stone")
    assert kinds[5, middle] == fp.UNSEEN and closed[5, middle]  # past the border: off the floor
    assert closed[2, middle - 1] and not closed[2, middle + 1]
    update_fov(floor, 4, 3)
    turned, _, _ = fp.view_grid(floor, (4, 3), EAST, 2, 1)  # at the crossing, facing east
    assert turned[0].tolist() == [fp.OPEN, fp.OPEN, fp.OPEN]  # north, here, south
    assert turned[1, 1] == fp.FRAME + fp.MATERIALS.index("wooden")
    assert turned[2, 1] == fp.OPEN


def test_unseen_cells_are_not_drawn() -> None:
    game = cross_game()
    before = fp.view_pixels(game, NORTH, 40, 20)
    game.floor.visible[:4] = False
    after = fp.view_pixels(game, NORTH, 40, 20)
    assert after.sum() < before.sum()
    kinds, _, _ = fp.view_grid(game.floor, (3, 5), NORTH, 4, 1)
    assert (kinds[2:] == fp.UNSEEN).all()


# --- The picture ---------------------------------------------------------------------------------


def door_ahead(material: str, is_open: bool = False) -> Game:
    scene = scenario("""
        #####
        ##+##
        ##.##
        ##@##
        #####
    """, legend={"+": door(material=material)})
    if is_open:
        scene.floor.tiles[1, 2] = tiles.OPEN_DOOR
        scene.floor.doors[(2, 1)].is_open = True
    return scene.game


def leaf_colour(game: Game) -> NDArray[np.float64]:
    """Median colour of the middle of the view: the leaf of the door two steps ahead."""
    pixels = fp.view_pixels(game, NORTH, 80, 42).astype(np.float64)
    return np.asarray(np.median(pixels[36:46, 74:80].reshape(-1, 3), axis=0), dtype=np.float64)


def test_doors_are_coloured_by_material() -> None:
    wooden, stone, iron = (leaf_colour(door_ahead(m)) for m in ("wooden", "stone", "iron"))
    assert wooden[0] > wooden[1] > wooden[2] and wooden[2] < 0.5 * wooden[0]  # brown
    assert stone[2] > 0.7 * stone[0] and stone.mean() > 90  # grey (in warm torchlight)
    assert iron[2] > iron[0] and iron.mean() < 0.7 * stone.mean()  # dark steel


def test_an_open_door_is_an_opening_in_a_frame() -> None:
    closed = fp.view_pixels(door_ahead("wooden"), NORTH, 80, 42)
    opened = fp.view_pixels(door_ahead("wooden", is_open=True), NORTH, 80, 42)
    assert (closed[36:46, 74:86] != opened[36:46, 74:86]).any(axis=2).mean() > 0.9  # the leaf
    assert np.array_equal(closed[36:46, 58:67], opened[36:46, 58:67])  # stone and jamb stay
    jamb = opened[40, 65:67].astype(np.int64)
    assert (jamb[:, 0] > jamb[:, 2] + 15).all()  # the jamb is the door's wood


def test_light_falls_off_with_distance() -> None:
    near = hand_game("#####\n##.##\n##.##\n##.##\n#####", (2, 3))  # wall 3 steps ahead
    far = hand_game("#####\n" + "##.##\n" * 8 + "#####", (2, 8))  # wall 8 steps ahead
    shade_near = np.median(fp.view_pixels(near, NORTH, 80, 42)[39:45, 76:84])
    shade_far = np.median(fp.view_pixels(far, NORTH, 80, 42)[39:45, 76:84])
    assert shade_near > 1.5 * shade_far > 0


def test_a_visible_monster_appears_and_an_unseen_one_does_not() -> None:
    scene = scenario("""
        #######
        #.....#
        #.....#
        #..@..#
        #######
    """)
    game = scene.game
    empty = fp.view_pixels(game, NORTH, 80, 42)
    goblin = monster("soldier")
    goblin.x, goblin.y = 3, 1
    game.floor.monsters.append(goblin)
    shown = fp.view_pixels(game, NORTH, 80, 42)
    assert (shown != empty).any(axis=2).sum() > 20
    assert (shown[:, 70:90] != empty[:, 70:90]).any(axis=2).sum() > 20  # straight ahead
    game.floor.visible[1, 3] = False  # out of sight: neither it nor its cell is drawn
    hidden = fp.view_pixels(game, NORTH, 80, 42)
    game.floor.monsters.clear()
    assert np.array_equal(fp.view_pixels(game, NORTH, 80, 42), hidden)


def test_stairs_and_teleporters_show_on_the_floor() -> None:
    plain = hand_game("#####\n#...#\n#...#\n#...#\n#####", (2, 3))
    for feature in (tiles.STAIRS_DOWN, tiles.STAIRS_UP, tiles.TELEPORTER):
        game = hand_game("#####\n#...#\n#...#\n#...#\n#####", (2, 3))
        game.floor.tiles[2, 2] = feature
        if feature == tiles.TELEPORTER:
            game.floor.teleports[(2, 2)] = (1, 1)
        assert not np.array_equal(fp.view_pixels(game, NORTH, 60, 30),
                                  fp.view_pixels(plain, NORTH, 60, 30)), feature


def test_the_frame_differs_between_facings_in_a_corridor() -> None:
    game = cross_game((3, 3))
    frames = [fp.view_pixels(game, facing, 80, 42) for facing in fp.FACINGS]
    for a in range(4):
        for b in range(a + 1, 4):
            assert not np.array_equal(frames[a], frames[b]), (a, b)


def test_drawing_changes_nothing_in_the_game() -> None:
    game = new_game(Run("first-person", (FloorRecipe(1, "bsp", 60, 40),)))
    before = state_hash(game)
    console = tcod.console.Console(80, 50, order="C")
    for facing in fp.FACINGS:
        fp.render_firstperson(console, game, facing)
        fp.firstperson_frame(console, game, facing)
    assert state_hash(game) == before


@pytest.mark.parametrize("generator", ["bsp", "power", "cave", "maze", "tables"])
def test_every_floor_type_draws_in_every_facing(generator: str) -> None:
    game = new_game(Run("every-floor", (FloorRecipe(1, generator, 61, 41),)))
    console = tcod.console.Console(80, 50, order="C")
    for facing in fp.FACINGS:
        fp.render_firstperson(console, game, facing)
        assert cells(console)["bg"][:40].any()
        assert fp.view_pixels(game, facing, 80, 42).max() > 40


@pytest.mark.parametrize(("width", "height"), [(20, 12), (80, 50), (121, 67)])
def test_any_console_size(width: int, height: int) -> None:
    console = tcod.console.Console(width, height, order="F")
    fp.render_firstperson(console, cross_game(), NORTH)
    rows = fp.view_height(console)
    assert fp.view_pixels(cross_game(), NORTH, width, rows).shape == (2 * rows, 2 * width, 3)
    assert cells(console)["bg"][: rows].any()


def test_the_minimap_is_north_up_with_the_facing_as_an_arrow() -> None:
    game = cross_game()
    console = tcod.console.Console(80, 50, order="C")
    for facing in fp.FACINGS:
        fp.firstperson_frame(console, game, facing)
        grid = cells(console)["ch"]
        assert (grid == fp.ARROWS[facing]).sum() == 1
        ys, xs = np.nonzero(grid == fp.ARROWS[facing])
        above = grid[ys[0] - 1, xs[0]]  # north of the player on the minimap: corridor floor
        assert above == ord(".")


def test_the_minimap_stands_beside_the_picture_never_over_it() -> None:
    """On the play screen the minimap is at the foot of the side panel: the picture is the
    first-person frame alone, every cell of it (it once covered the right wall's diagonal)."""
    from game.ui.render import view_size
    from game.ui.sidebar import layout

    game = cross_game()
    console = tcod.console.Console(80, 50, order="C")
    lay = layout(80, 50)
    for facing in fp.FACINGS:
        fp.render_firstperson(console, game, facing)
        ys, xs = np.nonzero(cells(console)["ch"] == fp.ARROWS[facing])
        assert len(xs) == 1 and xs[0] > lay.side_x and ys[0] < lay.map_height
        view = tcod.console.Console(*view_size(80, 50), order="C")
        fp.firstperson_frame(view, game, facing, "blocks", view.height, minimap=False)
        drawn = cells(console)[: view.height, : view.width]
        assert np.array_equal(drawn["ch"], cells(view)["ch"])
        assert np.array_equal(drawn["bg"], cells(view)["bg"])


def test_the_panel_names_what_is_ahead() -> None:
    game = cross_game()
    assert fp.ahead_text(game.floor, (3, 5), NORTH) == "Facing north. Ahead: wall, 5 steps away."
    assert fp.ahead_text(game.floor, (3, 5), SOUTH) == "Facing south. Ahead: wall, 1 step away."


def test_quadrant_glyphs_are_added_to_a_tileset_that_lacks_them() -> None:
    tileset = tcod.tileset.load_tilesheet(assets.TILESET_PATH, 16, 16,
                                          tcod.tileset.CHARMAP_CP437)
    assert not tileset.get_tile(0x2598)[:, :, 3].any()
    assets.add_quadrant_glyphs(tileset)
    tile = tileset.get_tile(0x2598)[:, :, 3]
    height, width = tile.shape
    assert tile[: height // 2, : width // 2].all() and not tile[height // 2 :].any()
    full = tileset.get_tile(0x2580).copy()
    assets.add_quadrant_glyphs(tileset)
    assert np.array_equal(tileset.get_tile(0x2580), full)  # glyphs it had are left alone


def test_the_png_has_no_blank_quadrants() -> None:
    png = fp.firstperson_png(cross_game(), NORTH, 40, 30)
    assert png.startswith(b"\x89PNG")
    image = fp.firstperson_image(cross_game(), NORTH, 40, 30)
    assert image.shape == (30 * 16, 40 * 10, 3)


# --- The play screen ------------------------------------------------------------------------------


def play(game: Game | None = None) -> PlayState:
    return PlayState(Session(game=game or cross_game()))


def test_tab_toggles_the_view() -> None:
    state = play()
    console = tcod.console.Console(80, 50, order="C")
    state.on_draw(console)
    top_down = cells(console).copy()
    modes = []
    for _ in range(2):
        state.on_event(key(KeySym.TAB))
        modes.append(state.first_person)
        if state.first_person:
            state.on_draw(console)
            assert not np.array_equal(cells(console), top_down)
    assert modes == [True, False]
    state.on_draw(console)
    assert np.array_equal(cells(console), top_down)


def test_the_screen_starts_facing_the_longest_view() -> None:
    assert play().facing == NORTH
    assert play(cross_game((3, 3))).facing == EAST


def test_turning_takes_no_time_and_changes_no_state() -> None:
    state = play()
    state.on_event(key(KeySym.TAB))
    before = state_hash(state.game)
    state.on_event(key(KeySym.LEFT))
    assert state.facing == WEST
    state.on_event(key(KeySym.LEFT))
    assert state.facing == SOUTH
    state.on_event(key(KeySym.RIGHT))
    state.on_event(key(KeySym.RIGHT))
    assert state.facing == NORTH
    assert state_hash(state.game) == before
    assert state.game.turn == 0


def test_forward_and_back_are_moves_through_player_act() -> None:
    state = play()
    state.on_event(key(KeySym.TAB))
    state.on_event(key(KeySym.UP))
    assert state.game.player.pos == (3, 4) and state.game.turn == 1
    state.on_event(key(KeySym.DOWN))
    assert state.game.player.pos == (3, 5) and state.game.turn == 2
    assert state.facing == NORTH  # stepping back keeps the facing
    twin = cross_game()
    for step in ((0, -1), (0, 1)):
        player_act(twin, Move(*step))
    assert state_hash(twin) == state_hash(state.game)


def test_forward_follows_the_facing() -> None:
    state = play(cross_game((3, 3)))
    state.on_event(key(KeySym.TAB))
    state.on_event(key(KeySym.RIGHT))  # east -> south
    state.on_event(key(KeySym.RIGHT))  # south -> west
    state.on_event(key(KeySym.RIGHT))  # west -> north
    assert state.facing == NORTH
    state.on_event(key(KeySym.UP))
    assert state.game.player.pos == (3, 2)


def test_moving_in_the_map_view_sets_the_facing() -> None:
    state = play(cross_game((3, 3)))
    state.on_event(key(KeySym.L))
    assert state.facing == EAST and state.game.player.pos == (4, 3)
    state.on_event(key(KeySym.H))
    assert state.facing == WEST
    state.on_event(key(KeySym.K))
    assert state.facing == NORTH
    state.on_event(key(KeySym.N))  # a diagonal: south-east snaps to the horizontal
    assert state.facing == EAST
    state.on_event(key(KeySym.J))  # into a wall: still turns to look that way
    assert state.facing == SOUTH


def test_the_facing_is_not_part_of_the_game() -> None:
    state = play()
    before = state_hash(state.game)
    state.facing = WEST
    state.first_person = True
    assert state_hash(state.game) == before
