"""The play screen in first person: the picture, its compass label and minimap above the usual
panel, whose top line says what lies straight ahead."""

from __future__ import annotations

from typing import Final

import tcod.console

from game.ui import intents
from game.ui.firstperson.facing import NAMES
from game.ui.firstperson.lines import line_pixels
from game.ui.firstperson.minimap import MINIMAP, draw_minimap, draw_minimap_in
from game.ui.firstperson.picture import view_pixels
from game.ui.firstperson.walk import ahead_text
from game.ui.render import draw_panel, view_size
from game.ui.sidebar import Layout, layout
from game.world.model import Game

COMPASS_FG: Final = (230, 210, 150)
HINT_FG: Final = (150, 140, 120)
PANEL_ROWS_KEPT: Final = 12
"""Side-panel rows the minimap leaves for the hero's numbers and what is in view."""


def view_height(console: tcod.console.Console) -> int:
    """Console rows the view takes: all above the panel, as the map's."""
    return view_size(console.width, console.height)[1]


def firstperson_frame(console: tcod.console.Console, game: Game, facing: int,
                      style: str = "blocks", rows: int | None = None,
                      minimap: bool = True) -> None:
    """Draw the first-person view (picture, compass and, with `minimap`, the minimap in its
    corner) above the panel in `style` (`rows` tall: the whole console when it is the view's
    own); reads the game only. One frame of the view, for the benchmark."""
    rows = view_height(console) if rows is None else rows
    draw = line_pixels if style == "labyrinth" else view_pixels
    console.draw_semigraphics(draw(game, facing, console.width, rows), 0, 0)
    label = f" {NAMES[facing].capitalize()} "
    console.print((console.width - len(label)) // 2, 0, label, fg=COMPASS_FG, bg=(0, 0, 0))
    if minimap:
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
    lay = layout(console.width, console.height)
    beside = lay.side_x + 1 < lay.width  # a side panel: the minimap goes to its foot
    firstperson_frame(view, game, facing, style, view.height, minimap=not beside)
    view.blit(console, 0, 0)
    hover = notice or ahead_text(game.floor, game.player.pos, facing)
    kept = minimap_rows(lay) if beside else 0
    draw_panel(console, game, view_height(console), hover, kept=kept)
    if kept:  # at the foot of the side panel: beside the picture, never over it
        draw_minimap_in(console, game, facing, lay.side_x + 2, lay.map_height - kept + 1,
                        min(MINIMAP[0], lay.side_width - 2), MINIMAP[1])


def minimap_rows(lay: Layout) -> int:
    """Rows the minimap takes at the foot of the side panel, frame included: none when the
    panel is too narrow or too short to keep PANEL_ROWS_KEPT rows above it."""
    width, height = min(MINIMAP[0], lay.side_width - 2), MINIMAP[1]
    if width < 3 or lay.map_height < height + 2 + PANEL_ROWS_KEPT:
        return 0
    return height + 2
