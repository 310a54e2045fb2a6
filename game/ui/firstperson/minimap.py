"""The minimap: the top-down map around the player, north up, in the view's top-right corner, so
the first-person player keeps their bearings."""

from __future__ import annotations

from typing import Final

import tcod.console

from game.compass import EAST, NORTH, SOUTH, WEST
from game.ui import camera
from game.ui.draw import cells
from game.ui.render import draw_map, draw_things
from game.world.model import Game

MINIMAP: Final = (17, 11)
"""The minimap's size in cells (north up), in the view's top-right corner."""
ARROWS: Final[dict[int, int]] = {NORTH: 0x25B2, EAST: 0x25BA, SOUTH: 0x25BC, WEST: 0x25C4}
"""The player on the minimap: a CP437 triangle pointing the way it faces."""


def draw_minimap(console: tcod.console.Console, game: Game, facing: int, rows: int) -> None:
    """The map around the player, north up, framed in the view's top-right corner; the player is
    an arrow pointing the way it faces."""
    width, height = MINIMAP
    width, height = min(width, console.width - 2), min(height, rows - 2)
    if width < 3 or height < 3 or 2 * width > console.width:
        return  # a view too small to spare half its width for the map
    draw_minimap_in(console, game, facing, console.width - width - 1, 1, width, height)


def draw_minimap_in(console: tcod.console.Console, game: Game, facing: int, left: int, top: int,
                    width: int, height: int) -> None:
    """The minimap `width` x `height` with its top-left cell at (left, top), framed around."""
    floor = game.floor
    mini = tcod.console.Console(width, height, order="C")
    cam = camera.follow(game.player.pos, (floor.width, floor.height), (width, height))
    draw_map(mini, floor, cam)
    draw_things(mini, game, cam)
    if cam.shows(*game.player.pos):
        vx, vy = cam.to_view(*game.player.pos)
        cells(mini)["ch"][vy, vx] = ARROWS[facing]
    console.draw_frame(left - 1, top - 1, width + 2, height + 2, fg=(120, 110, 90),
                       bg=(0, 0, 0))
    mini.blit(console, left, top)
