"""Hand-built games and synthetic input events for the interface tests (no window)."""

from __future__ import annotations

import numpy as np
import tcod.event
from tcod.event import KeySym, Modifier, MouseButton, Point, Scancode

from game import tiles
from game.run import FloorRecipe, Run
from game.world.dungeon import new_game
from game.world.fov import update_fov
from game.world.kinds import Mode
from game.world.model import Actor, Floor, Game, Item, StairInfo

ROOMS = """
##############################
#..........#.................#
#..<.......+.........>.......#
#..........#.................#
#..........#.................#
#####.######.................#
#..........#.................#
#..........###################
##############################
"""
"""Two rooms joined by a door at (11, 2); a corridor gap at (5, 5) into a lower room."""


def hand_game(text: str = ROOMS, player: tuple[int, int] = (3, 2)) -> Game:
    """A one-floor run on a hand-drawn floor (stairs from the map), player at `player`."""
    game = new_game(Run("ui-test", (FloorRecipe(1, "bsp", 30, 20),)))
    tile_map = tiles.from_ascii(text)
    ups = [(int(x), int(y)) for y, x in np.argwhere(tile_map == tiles.STAIRS_UP)]
    downs = [(int(x), int(y)) for y, x in np.argwhere(tile_map == tiles.STAIRS_DOWN)]
    floor = Floor(
        depth=1, generator="hand", fingerprint="hand", tiles=tile_map,
        explored=np.zeros(tile_map.shape, dtype=np.bool_),
        visible=np.zeros(tile_map.shape, dtype=np.bool_),
        arrival=ups[0] if ups else player, exits=tuple(downs),
    )
    for pos in ups:
        floor.stairs[pos] = StairInfo("stairs", "up", False, (0,))
    for pos in downs:
        floor.stairs[pos] = StairInfo("stairs", "down", False, (2,))
    game.floors = {1: floor}
    game.depth = 1
    game.player.x, game.player.y = player
    update_fov(floor, *player)
    return game


def monster(game: Game, x: int, y: int, name: str = "goblin", hp: int = 6,
            mode: str = "asleep") -> Actor:
    """Put a monster on the current floor (ids from the game's counter)."""
    actor = Actor(
        id=game.new_id(), kind=name, name=name, glyph=name[0], color=(80, 220, 80), x=x, y=y,
        hp=hp, max_hp=hp, ac=8, attack=1, damage="1d2", role="soldier", mode=Mode(mode),
    )
    game.floor.monsters.append(actor)
    return actor


def give(game: Game, kind: str) -> Item:
    """Put an item of `kind` in the hero's pack."""
    item = Item(game.new_id(), kind)
    game.hero.inventory.append(item)
    return item


def key(sym: KeySym, mod: Modifier = Modifier.NONE) -> tcod.event.KeyDown:
    return tcod.event.KeyDown(scancode=Scancode.UNKNOWN, sym=sym, mod=mod)


def motion(x: int, y: int) -> tcod.event.MouseMotion:
    return tcod.event.MouseMotion(position=Point(x + 0.5, y + 0.5))


def click(x: int, y: int, button: MouseButton = MouseButton.LEFT) -> tcod.event.MouseButtonDown:
    return tcod.event.MouseButtonDown(position=Point(x + 0.5, y + 0.5), button=button)
