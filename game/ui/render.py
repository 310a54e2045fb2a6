"""Drawing the play screen: the map through the camera, what is on it, and the status panel.

Rendering reads the game and never changes it. The map is drawn with whole-array numpy work on
the camera's window of the floor arrays; the per-thing loops run over the floor's lists of doors,
traps, stairs, items and monsters, never over its tiles.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import tcod.console
from numpy.typing import NDArray

from game import assets, tiles
from game.content.features import feature_kind
from game.content.items import kind_of
from game.export.pngfile import encode_png
from game.floorplan import Point
from game.rules.progress import xp_for_level
from game.ui import camera, intents
from game.ui.camera import Camera
from game.ui.describe import describe_at, item_colour
from game.ui.draw import MESSAGE_COLOURS, TEXT, bar, cells, clip, wrap
from game.world.model import Floor, Game

PANEL_HEIGHT: Final = 8
"""Rows under the map: the hover line, then status on the left and messages on the right."""
STATUS_WIDTH: Final = 24
REMEMBERED: Final = 0.4
"""Brightness of explored tiles out of sight."""
TELEPORTER_GLYPH: Final = ord("Ω")
"""Teleporters get a glyph of their own in play so they never look like a found trap (^)."""
COLLAPSED: Final = (95, 95, 95)
TRAP: Final = (230, 40, 40)
SPENT_TRAP: Final = (120, 40, 40)
SEALED_DOOR: Final = (220, 90, 60)
CURSOR_BG: Final = (200, 180, 40)
SHROUD: Final = np.array((ord(" "), (0, 0, 0), (0, 0, 0)), dtype=tcod.console.rgb_graphic)


def _graphics(brightness: float, grey: float) -> NDArray[Any]:
    """The tile table as console cells, at a brightness, its colours mixed `grey` toward grey."""
    table = np.zeros(len(tiles.TILES), dtype=tcod.console.rgb_graphic)
    table["ch"] = tiles.TILES["glyph"]
    table["ch"][tiles.TELEPORTER] = TELEPORTER_GLYPH
    for part in ("fg", "bg"):
        colour = tiles.TILES[part].astype(np.float64)
        mixed = colour * (1 - grey) + colour.mean(axis=1, keepdims=True) * grey
        table[part] = (mixed * brightness).astype(np.uint8)
    table.flags.writeable = False
    return table


LIT: Final = _graphics(1.0, 0.0)
DARK: Final = _graphics(REMEMBERED, 0.6)
"""Remembered tiles: dim and greyed, so what is in sight stands out."""


def view_size(width: int, height: int) -> tuple[int, int]:
    """The map view of a width x height console: everything above the panel."""
    return width, max(1, height - PANEL_HEIGHT)


def play_camera(game: Game, width: int, height: int, focus: Point | None = None) -> Camera:
    """The camera of the play screen on a width x height console (centred on the player)."""
    floor = game.floor
    return camera.follow(focus or game.player.pos, (floor.width, floor.height),
                         view_size(width, height))


def draw_map(console: tcod.console.Console, floor: Floor, cam: Camera) -> None:
    """Seen tiles bright, remembered ones dim, unknown ones black: three array lookups."""
    world, view = cam.slices(floor.width, floor.height)
    grid = cells(console)[: cam.height, : cam.width]
    grid[...] = SHROUD
    tile_ids = floor.tiles[world]
    seen = floor.visible[world]
    known = floor.explored[world]
    grid[view] = np.where(seen, LIT[tile_ids], np.where(known, DARK[tile_ids], SHROUD))


def _put(grid: NDArray[Any], cam: Camera, pos: Point, glyph: str | int,
         fg: tuple[int, int, int], bright: bool = True) -> None:
    if not cam.shows(*pos):
        return
    vx, vy = cam.to_view(*pos)
    cell = grid[vy, vx]
    cell["ch"] = glyph if isinstance(glyph, int) else ord(glyph)
    cell["fg"] = fg if bright else tuple(int(c * REMEMBERED) for c in fg)


def draw_things(console: tcod.console.Console, game: Game, cam: Camera) -> None:
    """Features the tile table does not show, then items, monsters and the player."""
    floor, grid = game.floor, cells(console)
    for pos, door in floor.doors.items():
        if floor.explored[pos[1], pos[0]] and door.known and door.sealed and not door.is_open:
            _put(grid, cam, pos, "+", SEALED_DOOR, bool(floor.visible[pos[1], pos[0]]))
    for pos, stair in floor.stairs.items():
        if stair.dead_end and floor.explored[pos[1], pos[0]]:
            _put(grid, cam, pos, int(tiles.TILES["glyph"][floor.tiles[pos[1], pos[0]]]), COLLAPSED)
    for pos, trap in floor.traps.items():
        if trap.found and pos not in floor.doors:
            _put(grid, cam, pos, "^", SPENT_TRAP if trap.spent else TRAP,
                 bool(floor.visible[pos[1], pos[0]]))
    for pos, feature in floor.features.items():
        if floor.explored[pos[1], pos[0]]:
            look = feature_kind(feature.name)
            _put(grid, cam, pos, look.glyph, look.color, bool(floor.visible[pos[1], pos[0]]))
    for item in floor.items:
        if floor.explored[item.y, item.x]:
            kind = kind_of(item.kind)
            colour = item_colour(game, item)
            _put(grid, cam, item.pos, kind.glyph, colour, bool(floor.visible[item.y, item.x]))
    for monster in floor.monsters:
        if monster.alive and floor.visible[monster.y, monster.x]:
            _put(grid, cam, monster.pos, monster.glyph, monster.color)
    player = game.player
    _put(grid, cam, player.pos, player.glyph, player.color)


def draw_cursor(console: tcod.console.Console, cam: Camera, pos: Point) -> None:
    if cam.shows(*pos):
        vx, vy = cam.to_view(*pos)
        cell = cells(console)[vy, vx]
        cell["bg"] = CURSOR_BG
        cell["fg"] = (0, 0, 0)


def message_lines(game: Game, width: int, count: int) -> list[tuple[str, tuple[int, int, int]]]:
    """The last `count` wrapped lines of the log, oldest first; repeats read "x2"."""
    lines: list[tuple[str, tuple[int, int, int]]] = []
    for message in reversed(game.messages.messages):
        text = message.text + (f" x{message.count}" if message.count > 1 else "")
        lines[:0] = [(line, MESSAGE_COLOURS[message.kind]) for line in wrap(text, width)]
        if len(lines) >= count:
            break
    return lines[-count:]


def short_code(code: str, width: int) -> str:
    """The run code, or its first whole groups and "..." when it is longer than `width`."""
    if len(code) <= width:
        return code
    shown = ""
    for group in code.split("-"):
        longer = f"{shown}-{group}" if shown else group
        if len(longer) + 3 > width:
            break
        shown = longer
    return shown + "..."


def status_lines(game: Game) -> list[str]:
    hero, floor = game.hero, game.floor
    level_up = f" (+{hero.pending_levels})" if hero.pending_levels else ""
    key = intents.first_key(intents.SpendLevel())
    marker = [f"LEVEL UP: press {key}"] if hero.pending_levels else []
    return [
        f"Lvl {hero.level}{level_up}  XP {hero.xp}/{xp_for_level(hero.level + 1)}",
        f"Depth {game.depth}/{game.last_depth} {floor.generator}",
        f"Seed {game.run.seed}",
        f"Code {short_code(game.run.code, STATUS_WIDTH - 6)}",
        f"Turn {game.turn}  Gold {hero.gold}",
        " ".join(marker + sorted(game.player.effects) + (["RELIC"] if hero.has_relic else [])),
    ]


def draw_panel(console: tcod.console.Console, game: Game, top: int, hover: str) -> None:
    width = console.width
    cells(console)["bg"][top] = (25, 25, 35)
    console.print(1, top, clip(hover, width - 2), fg=(240, 240, 170))
    player = game.player
    bar(console, 0, top + 1, STATUS_WIDTH - 1, player.hp, player.max_hp,
        f" HP {player.hp}/{player.max_hp}", (150, 30, 30), (50, 20, 20))
    for row, text in enumerate(status_lines(game), start=top + 2):
        if row < console.height:
            console.print(0, row, clip(text, STATUS_WIDTH - 1), fg=TEXT)
    log_width = width - STATUS_WIDTH
    rows = console.height - top - 1
    lines = message_lines(game, log_width, rows)
    for index, (text, color) in enumerate(lines):
        fade = 0.55 + 0.45 * (index + 1) / len(lines)
        console.print(STATUS_WIDTH, top + 1 + index, text,
                      fg=(int(color[0] * fade), int(color[1] * fade), int(color[2] * fade)))


def render_play(console: tcod.console.Console, game: Game, mouse: Point | None = None, *,
                cursor: Point | None = None, focus: Point | None = None,
                notice: str = "") -> None:
    """Draw the whole play screen (map, things, panel) onto `console`; changes nothing in game.

    `mouse` is a console cell: what is under it is named on the hover line. `cursor` highlights a
    floor position (look and target modes); `focus` centres the camera elsewhere than the player.
    """
    console.clear()
    cam = play_camera(game, console.width, console.height, focus)
    draw_map(console, game.floor, cam)
    draw_things(console, game, cam)
    hover = notice
    if cursor is not None:
        draw_cursor(console, cam, cursor)
        hover = describe_at(game, *cursor)
    elif mouse is not None and 0 <= mouse[0] < cam.width and 0 <= mouse[1] < cam.height:
        hover = describe_at(game, *cam.to_world(*mouse)) or notice
    draw_panel(console, game, cam.height, hover)


def play_pixels(game: Game, width: int = 80, height: int = 50) -> NDArray[np.uint8]:
    """The play screen as an RGB image, drawn with the project tileset (no window)."""
    console = tcod.console.Console(width, height, order="C")
    render_play(console, game)
    rgba = assets.tileset().render(console)
    return np.ascontiguousarray(rgba[:, :, :3])


def play_png(game: Game, width: int = 80, height: int = 50) -> bytes:
    """The play screen as PNG bytes: for snapshots and bug reports."""
    return encode_png(play_pixels(game, width, height))

