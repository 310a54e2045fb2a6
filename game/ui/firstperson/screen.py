"""The play screen in first person: the picture, its compass label and minimap above the usual
panel, whose top line says what lies straight ahead."""

from __future__ import annotations

from typing import Final

import tcod.console

from game.ui import intents
from game.ui.firstperson.facing import NAMES
from game.ui.firstperson.lines import line_pixels
from game.ui.firstperson.minimap import draw_minimap
from game.ui.firstperson.picture import view_pixels
from game.ui.firstperson.walk import ahead_text
from game.ui.render import draw_panel, view_size
from game.world.model import Game

COMPASS_FG: Final = (230, 210, 150)
HINT_FG: Final = (150, 140, 120)


def view_height(console: tcod.console.Console) -> int:
    """Console rows the view takes: all above the panel, as the map's."""
    return view_size(console.width, console.height)[1]


def firstperson_frame(console: tcod.console.Console, game: Game, facing: int,
                      style: str = "blocks", rows: int | None = None) -> None:
    """Draw the first-person view (picture, compass, minimap) above the panel in `style`
    (`rows` tall: the whole console when it is the view's own); reads the game only. One frame
    of the view, for the benchmark."""
    rows = view_height(console) if rows is None else rows
    draw = line_pixels if style == "labyrinth" else view_pixels
    console.draw_semigraphics(draw(game, facing, console.width, rows), 0, 0)
    label = f" {NAMES[facing].capitalize()} "
    console.print((console.width - len(label)) // 2, 0, label, fg=COMPASS_FG, bg=(0, 0, 0))
    draw_minimap(console, game, facing, rows)
    hint = keys_hint(style)
    if rows > 2 and len(hint) < console.width:
        console.print(0, rows - 1, hint, fg=HINT_FG, bg=(0, 0, 0))


def keys_hint(style: str) -> str:
    """The view's footer: the keys that leave it and that switch its style (as bound now)."""
    other = "blocks" if style == "labyrinth" else "lines"
    parts = [f"{key}: {what}" for key, what in (
        (intents.first_key(intents.ToggleView()), "map"),
        (intents.first_key(intents.ToggleStyle()), other)) if key]
    return f" {'  '.join(parts)} " if parts else ""


def render_firstperson(console: tcod.console.Console, game: Game, facing: int,
                       notice: str = "", style: str = "blocks") -> None:
    """The whole play screen in first person, drawn in `style`: the view, and the usual panel
    beneath it (its top line shows `notice`, or what lies straight ahead)."""
    console.clear()
    view = tcod.console.Console(*view_size(console.width, console.height), order="C")
    firstperson_frame(view, game, facing, style, view.height)  # left of the panel, as the map
    view.blit(console, 0, 0)
    hover = notice or ahead_text(game.floor, game.player.pos, facing)
    draw_panel(console, game, view_height(console), hover)
