"""The play screen in first person: the picture, its compass label and minimap above the usual
panel, whose top line says what lies straight ahead."""

from __future__ import annotations

from typing import Final

import tcod.console

from game.ui.firstperson.facing import NAMES
from game.ui.firstperson.minimap import draw_minimap
from game.ui.firstperson.picture import view_pixels
from game.ui.firstperson.walk import ahead_text
from game.ui.render import draw_panel, view_size
from game.world.model import Game

COMPASS_FG: Final = (230, 210, 150)


def view_height(console: tcod.console.Console) -> int:
    """Console rows the view takes: all above the panel, as the map's."""
    return view_size(console.width, console.height)[1]


def firstperson_frame(console: tcod.console.Console, game: Game, facing: int) -> None:
    """Draw the first-person view (picture, compass, minimap) above the panel; reads the game
    only. One frame of the view, for the benchmark."""
    rows = view_height(console)
    console.draw_semigraphics(view_pixels(game, facing, console.width, rows), 0, 0)
    label = f" {NAMES[facing].capitalize()} "
    console.print((console.width - len(label)) // 2, 0, label, fg=COMPASS_FG, bg=(0, 0, 0))
    draw_minimap(console, game, facing, rows)


def render_firstperson(console: tcod.console.Console, game: Game, facing: int,
                       notice: str = "") -> None:
    """The whole play screen in first person: the view, and the usual panel beneath it (its top
    line shows `notice`, or what lies straight ahead)."""
    console.clear()
    firstperson_frame(console, game, facing)
    hover = notice or ahead_text(game.floor, game.player.pos, facing)
    draw_panel(console, game, view_height(console), hover)
