"""The first-person view: the floor seen from the player's cell, drawn the way Labyrinth (Computing
Today, 1980) drew its maze, deeper and in colour.

Every tile is a cell; a wall tile or a closed door is a closed cell. Labyrinth keeps each cell's
walls as bits (its figure: 1 west, 2 north, 4 east, 8 south; Delve's cells use A-Maze-ing's 1
north, 2 east, 4 south, 8 west, which turn alike: game.compass), rotates a cell until it
faces the way the player does, then reads left, right and ahead at each depth (`walk`). The
picture generalises that walk to a grid of cells in front of the player (`grid`): `depth` rows
ahead, `lateral` columns either side, each either unseen (outside the field of view: never
drawn), open, or closed with a face toward the player.

Drawing is array work on a pixel buffer twice the console's size in each direction
(`projection`), shown with `Console.draw_semigraphics` (2x2 pixels per cell; `assets` adds the
quadrant glyphs the CP437 tileset lacks). What depends only on the console size is built once
(`layout`): the floor and ceiling per pixel (`floor_ceiling`) and every cell's faces (`faces`).
A frame (`picture`) gathers floor colours by cell kind and paints the faces of the cells it sees
far to near from textures (`textures`) cached with the light (`lighting`) already in them; no
Python loop runs over pixels. Monsters, items and teleporters stand in their cells as billboards
(`sprites`). The other style, `labyrinth` (`lines`), draws the same view as the original did:
lines on black. The screen (`screen`) adds a compass, a north-up minimap (`minimap`), a footer
of keys and the panel; `snapshot` draws it to PNG. Facing and turning are in `facing`.
"""

from __future__ import annotations

from game.ui.firstperson.facing import (
    FACINGS,
    STEP,
    command,
    facing_after,
    facing_of,
    rotate_left,
    rotate_right,
    turn_left,
    turn_right,
)
from game.ui.firstperson.grid import DOOR, FRAME, MATERIALS, OPEN, UNSEEN, view_grid
from game.ui.firstperson.lines import LINE, line_grid, line_pixels, line_projection
from game.ui.firstperson.minimap import ARROWS
from game.ui.firstperson.picture import view_pixels
from game.ui.firstperson.screen import (
    firstperson_frame,
    keys_hint,
    render_firstperson,
    view_height,
)
from game.ui.firstperson.snapshot import firstperson_image, firstperson_png
from game.ui.firstperson.walk import (
    Slice,
    ahead_text,
    closed_bits,
    initial_facing,
    relative_bits,
    view_cells,
)

__all__ = [
    "ARROWS",
    "DOOR",
    "FACINGS",
    "FRAME",
    "LINE",
    "MATERIALS",
    "OPEN",
    "STEP",
    "UNSEEN",
    "Slice",
    "ahead_text",
    "closed_bits",
    "command",
    "facing_after",
    "facing_of",
    "firstperson_frame",
    "firstperson_image",
    "firstperson_png",
    "initial_facing",
    "keys_hint",
    "line_grid",
    "line_pixels",
    "line_projection",
    "relative_bits",
    "render_firstperson",
    "rotate_left",
    "rotate_right",
    "turn_left",
    "turn_right",
    "view_cells",
    "view_grid",
    "view_height",
    "view_pixels",
]
