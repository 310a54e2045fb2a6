"""Rendering reads the game and never changes it, and draws what the player knows."""

from __future__ import annotations

import numpy as np
import pytest
import tcod.console
from ui_world import hand_game, monster

from game import tiles
from game.export.pngfile import SIGNATURE
from game.ui import render
from game.ui.draw import ASLEEP_DIM, cells
from game.ui.render import play_camera, render_play
from game.world.fov import update_fov
from game.world.model import DoorState, Floor, Game, Item, StairInfo, Trap
from game.world.serial import state_hash


def dressed() -> Game:
    """The hand floor with a teleporter pair, a found trap, collapsed stairs, items, monsters."""
    game = hand_game()
    floor = game.floor
    floor.tiles[1, 1] = floor.tiles[3, 20] = tiles.TELEPORTER
    floor.teleports = {(1, 1): (20, 3), (20, 3): (1, 1)}
    floor.traps[(6, 3)] = Trap("dart", 12, found=True)
    floor.traps[(7, 3)] = Trap("pit", 12)
    floor.stairs[(3, 2)] = StairInfo("stairs", "up", True, ())
    floor.items.append(Item(game.new_id(), "potion_healing", 8, 1))
    floor.items.append(Item(game.new_id(), "gold", 2, 3, amount=7))
    floor.doors[(11, 2)] = DoorState("wood", "good", "locked", 15, False, "swings", False,
                                     known=True)
    monster(game, 9, 4, "orc")
    monster(game, 25, 4, "rat")  # behind the closed door: not drawn
    game.player.x, game.player.y = 4, 2
    update_fov(floor, 4, 2)
    floor.explored[1:5, 12:29] = True  # the far room is remembered, not seen
    return game


def draw(game: Game, width: int = 80, height: int = 50, **kw: object) -> tcod.console.Console:
    console = tcod.console.Console(width, height, order="C")
    render_play(console, game, **kw)  # type: ignore[arg-type]
    return console


def at(console: tcod.console.Console, game: Game, x: int, y: int) -> tuple[str, tuple[int, ...]]:
    cam = play_camera(game, console.width, console.height)
    vx, vy = cam.to_view(x, y)
    cell = cells(console)[vy, vx]
    return chr(int(cell["ch"])), tuple(int(c) for c in cell["fg"])


def test_render_does_not_change_the_game() -> None:
    game = dressed()
    before = state_hash(game)
    draw(game)
    draw(game, mouse=(40, 20))
    draw(game, cursor=(9, 4), focus=(20, 3))
    draw(game, 40, 30)
    render.play_pixels(game)
    assert state_hash(game) == before


def test_what_is_drawn_where() -> None:
    game = dressed()
    console = draw(game)
    assert at(console, game, 4, 2)[0] == "@"
    asleep = tuple(int(c * ASLEEP_DIM) for c in (80, 220, 80))
    assert at(console, game, 9, 4) == ("o", asleep)  # an asleep monster is drawn dimmed
    assert at(console, game, 25, 4)[0] != "r"
    assert at(console, game, 1, 1)[0] == "Ω"
    assert at(console, game, 6, 3) == (tiles.TRAP_GLYPH, render.TRAP)
    assert at(console, game, 7, 3)[0] == "."  # a hidden trap looks like floor
    assert at(console, game, 3, 2) == ("<", render.COLLAPSED)
    assert at(console, game, 8, 1)[0] == "!"
    assert at(console, game, 2, 3)[0] == "$"
    assert at(console, game, 11, 2) == ("+", render.SEALED_DOOR)
    assert at(console, game, 2, 7)[0] == " "  # never seen


def test_remembered_tiles_are_dimmer_than_seen_ones() -> None:
    game = dressed()
    console = draw(game)
    seen = at(console, game, 5, 3)
    remembered = at(console, game, 15, 3)
    assert seen[0] == remembered[0] == "."
    assert sum(remembered[1]) < sum(seen[1])


def test_open_door_uses_its_tile() -> None:
    game = dressed()
    game.floor.tiles[2, 11] = tiles.OPEN_DOOR
    game.floor.doors[(11, 2)].is_open = True
    assert at(draw(game), game, 11, 2)[0] == "'"


def text_of(console: tcod.console.Console) -> str:
    rows = cells(console)["ch"]
    return "\n".join("".join(chr(int(c)) for c in row) for row in rows)


def test_panel_shows_status_and_stacked_messages() -> None:
    game = dressed()
    game.log("Drip.")
    game.log("Drip.")
    game.turn = 321
    text = text_of(draw(game))
    hp = f"HP {game.player.hp}/{game.player.max_hp}"
    for expected in (hp, "Lvl 1", "Depth 1/1 hand", "Seed ui-test", "Turn 321",
                     "Drip. x2"):
        assert expected in text


def test_hover_names_what_is_under_the_mouse() -> None:
    game = dressed()
    cam = play_camera(game, 80, 50)
    console = draw(game, mouse=cam.to_view(9, 4))
    assert "an orc (unhurt, asleep)" in text_of(console)
    console = draw(game, mouse=cam.to_view(15, 3))
    assert "floor (remembered)" in text_of(console)


def test_fortran_ordered_console_gets_the_same_picture() -> None:
    game = dressed()
    c_order = draw(game)
    f_order = tcod.console.Console(80, 50, order="F")
    render_play(f_order, game)
    assert np.array_equal(cells(f_order)["ch"], cells(c_order)["ch"])
    assert np.array_equal(cells(f_order)["fg"], cells(c_order)["fg"])


@pytest.mark.parametrize("size", [(20, 12), (80, 50), (120, 70)])
def test_any_console_size_draws(size: tuple[int, int]) -> None:
    game = dressed()
    console = draw(game, *size)
    assert "@" in text_of(console)


def huge_game(side: int) -> Game:
    game = hand_game()
    tile_map = np.full((side, side), tiles.FLOOR, dtype=np.uint8)
    tile_map[[0, -1], :] = tile_map[:, [0, -1]] = tiles.WALL
    game.floors[1] = Floor(1, "open", "x", tile_map, np.ones_like(tile_map, dtype=np.bool_),
                           np.zeros_like(tile_map, dtype=np.bool_), (5, 5), ((side - 5, 5),))
    game.player.x, game.player.y = side // 2, side // 2
    update_fov(game.floor, game.player.x, game.player.y)
    return game


def test_a_huge_floor_draws_the_window_around_the_player() -> None:
    """A 3000x3000 floor draws like a small one (its speed is in `bench turns`)."""
    small, huge = text_of(draw(huge_game(40))), text_of(draw(huge_game(3000)))
    assert "@" in huge
    assert huge.count("#") == 0 and small.count("#") > 0  # the huge floor's walls are far off


def test_png_snapshot() -> None:
    data = render.play_png(dressed(), 40, 25)
    assert data.startswith(SIGNATURE)
    pixels = render.play_pixels(dressed(), 40, 25)
    assert pixels.shape == (25 * 16, 40 * 10, 3)
