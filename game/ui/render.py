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
from game.content.talents import talent
from game.export.pngfile import encode_png
from game.floorplan import Point
from game.rules import hunger, stealth, talents
from game.rules.progress import xp_for_level
from game.ui import camera, lighting
from game.ui.camera import Camera
from game.ui.describe import describe_at, item_colour
from game.ui.draw import (
    ASLEEP_DIM,
    MESSAGE_COLOURS,
    MONSTER_STATE_BG,
    TEXT,
    Cuts,
    bar,
    cells,
    clip,
    wrap,
)
from game.world.dreams import seen_as
from game.world.kinds import MessageKind
from game.world.model import Actor, Floor, Game

PANEL_HEIGHT: Final = 9
"""Rows under the map: the hover line, then status on the left and messages on the right."""
STATUS_WIDTH: Final = 30
"""The status column, wide enough for a default run code on two lines."""
HOVER_LINES: Final = 3
"""A long hover text wraps upwards over the map's bottom rows, up to this many lines."""
REMEMBERED: Final = lighting.REMEMBERED
"""Brightness of explored tiles out of sight."""
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
    for part in ("fg", "bg"):
        colour = tiles.TILES[part].astype(np.float64)
        mixed = colour * (1 - grey) + colour.mean(axis=1, keepdims=True) * grey
        table[part] = (mixed * brightness).astype(np.uint8)
    table.flags.writeable = False
    return table


LIT: Final = _graphics(1.0, 0.0)
DARK: Final = _graphics(REMEMBERED, lighting.GREY)
"""Remembered tiles: dim and greyed, so what is in sight stands out."""


def view_size(width: int, height: int) -> tuple[int, int]:
    """The map view of a width x height console: everything above the panel."""
    return width, max(1, height - PANEL_HEIGHT)


def play_camera(game: Game, width: int, height: int, focus: Point | None = None,
                previous: Camera | None = None) -> Camera:
    """The camera of the play screen on a width x height console: on the player (or `focus`),
    moving from `previous` only when the focus leaves its dead zone."""
    floor = game.floor
    return camera.follow(focus or game.player.pos, (floor.width, floor.height),
                         view_size(width, height), previous)


class MapView:
    """The map's camera kept from frame to frame: it moves only when the player leaves its dead
    zone, and a new floor starts centred. The play screen and the replay viewer both follow the
    hero by it, so a replay shows the map as it moved in play."""

    def __init__(self) -> None:
        self.depth = 0
        self.cam: Camera | None = None

    def camera(self, game: Game, width: int, height: int) -> Camera:
        previous = self.cam if self.depth == game.depth else None
        self.depth, self.cam = game.depth, play_camera(game, width, height, previous=previous)
        return self.cam


def draw_map(console: tcod.console.Console, floor: Floor, cam: Camera) -> None:
    """Seen tiles bright, remembered ones dim, unknown ones black: three array lookups."""
    world, view = cam.slices(floor.width, floor.height)
    grid = cells(console)[: cam.height, : cam.width]
    grid[...] = SHROUD
    tile_ids = floor.tiles[world]
    seen = floor.visible[world]
    known = floor.explored[world]
    grid[view] = np.where(seen, LIT[tile_ids], np.where(known, DARK[tile_ids], SHROUD))
    lighting.light_floor(cells(console), floor, cam)  # the light's pools on the seen floor


def _put(grid: NDArray[Any], cam: Camera, pos: Point, glyph: str | int,
         fg: tuple[int, int, int], bright: bool = True) -> None:
    if not cam.shows(*pos):
        return
    vx, vy = cam.to_view(*pos)
    cell = grid[vy, vx]
    cell["ch"] = glyph if isinstance(glyph, int) else ord(glyph)
    cell["fg"] = fg if bright else lighting.remembered(fg)


def _mark_state(grid: NDArray[Any], cam: Camera, pos: Point, state: str) -> None:
    """A monster's state on its tile: a tinted background (none while unaware), its glyph
    dimmed while asleep."""
    tint = MONSTER_STATE_BG.get(state)
    if tint is None or not cam.shows(*pos):
        return
    vx, vy = cam.to_view(*pos)
    cell = grid[vy, vx]
    cell["bg"] = tint
    if state == "asleep":
        cell["fg"] = tuple(int(c * ASLEEP_DIM) for c in cell["fg"])


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
            _put(grid, cam, pos, tiles.TRAP_GLYPH, SPENT_TRAP if trap.spent else TRAP,
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
            dreamed = seen_as(game, monster)
            glyph, colour = (monster.glyph, monster.color) if dreamed is None else (
                dreamed.glyph, dreamed.colour)
            _put(grid, cam, monster.pos, glyph, colour)
            _mark_state(grid, cam, monster.pos, stealth.awareness(monster))
            if dreamed is None and not monster.hostile and cam.shows(*monster.pos):
                vx, vy = cam.to_view(*monster.pos)  # an ally or a captive: marked, not a foe
                grid[vy, vx]["bg"] = ALLY_BG if monster.ally else CAPTIVE_BG
    for merchant in floor.merchants:
        if floor.explored[merchant.y, merchant.x]:
            _put(grid, cam, merchant.pos, tiles.MERCHANT_GLYPH, tiles.MERCHANT_COLOUR,
                 bool(floor.visible[merchant.y, merchant.x]))
    player = game.player
    _put(grid, cam, player.pos, player.glyph, player.color)
    lighting.light_glyphs(grid, floor, cam)  # seen cells and what is on them, by their light


def draw_cursor(console: tcod.console.Console, cam: Camera, pos: Point) -> None:
    if cam.shows(*pos):
        vx, vy = cam.to_view(*pos)
        cell = cells(console)[vy, vx]
        cell["bg"] = CURSOR_BG
        cell["fg"] = (0, 0, 0)


NOISE_WITHIN: Final = 8
"""A noise heard again within this many messages of its last hearing shares its line."""


def shown_messages(game: Game, count: int) -> list[tuple[str, MessageKind]]:
    """The last `count` lines of the log to show, newest first, repeats counted ("x2"). A noise
    heard every turn of a fight out of sight ("You hear a noise to the west.") is one line at
    its latest hearing that counts them all, not a line between every blow. Only the showing
    merges them: the log itself (which a rest watches, and the state hash digests) is as it was.
    The screen's own notices (`MessageLog.notices`) are shown among the messages."""
    shown: list[list[Any]] = []  # [text, count, kind], newest first
    noises: dict[str, tuple[int, int]] = {}  # noise text -> (its row in shown, last seen at)
    for age, message in enumerate(reversed(game.messages.shown())):
        row, last = noises.get(message.text, (-1, -1))
        if message.kind == MessageKind.NOISE and row >= 0 and age - last <= NOISE_WITHIN:
            shown[row][1] += message.count
            noises[message.text] = (row, age)
            continue
        if len(shown) >= count:
            if any(age - seen <= NOISE_WITHIN for _, seen in noises.values()):
                continue  # older hearings of a shown noise may still count on its line
            break
        if message.kind == MessageKind.NOISE:
            noises[message.text] = (len(shown), age)
        shown.append([message.text, message.count, message.kind])
    return [(text + (f" x{times}" if times > 1 else ""), kind) for text, times, kind in shown]


def message_lines(game: Game, width: int, count: int) -> list[tuple[str, tuple[int, int, int]]]:
    """The last `count` wrapped lines of the log, oldest first; repeats read "x2"."""
    lines: list[tuple[str, tuple[int, int, int]]] = []
    for text, kind in shown_messages(game, count):
        lines[:0] = [(line, MESSAGE_COLOURS[kind]) for line in wrap(text, width)]
        if len(lines) >= count:
            break
    return lines[-count:]


def code_lines(code: str, width: int, label: str = "Code ") -> list[str]:
    """The whole run code after `label`, broken after a "-" onto as many lines as it needs
    (never cut: a friend must be able to copy it from the screen)."""
    lines, line = [], label
    for group in code.split("-"):
        piece = group if line.endswith((" ", "-")) else f"-{group}"
        if len(line) + len(piece) + 1 > width and line.strip() != label.strip():
            lines.append(line + "-")
            line, piece = " " * len(label), group
        line += piece
    return [*lines, line]


def status_lines(game: Game, width: int = STATUS_WIDTH - 1) -> list[str]:
    """The status column, every line at most `width` long: long texts wrap, none is cut."""
    hero, floor = game.hero, game.floor
    marker: list[str] = []
    if hero.pending_levels:
        from game.ui import intents  # the key table: the first frame draws without it

        key = intents.first_key(intents.SpendLevel())
        marker = [f"LEVEL UP x{hero.pending_levels}: press {key}" if hero.pending_levels > 1
                  else f"LEVEL UP: press {key}"]
    hungry = [state] if (state := hunger.state(hero)) else []
    tail = " ".join(marker + hungry + sorted(game.player.effects)
                    + (["RELIC"] if hero.has_relic else []))
    return [
        *wrap(f"Lvl {hero.level}  XP {hero.xp}/{xp_for_level(hero.level + 1)}", width),
        *wrap(f"Depth {game.depth}/{game.last_depth} {floor.generator}", width),
        *wrap(f"Turn {game.turn}  Gold {hero.gold}", width),
        *wrap(f"Seed {game.run.seed}", width),
        *code_lines(game.run.code, width),
        *(wrap(tail, width) if tail else []),
        *wrap(talent_line(game), width),
        *ally_lines(game, width),
    ]


def talent_line(game: Game) -> str:
    """The hero's active talents by the number key that uses each (by their short names), with
    the turns left to cool down ("1 Cleave 2 Mend:12"); "" when it has none."""
    parts = []
    for slot, key in enumerate(talents.actives(game.hero)[:9], start=1):
        left = talents.cooldown_left(game, key)
        parts.append(f"{slot} {talent(key).short}" + (f":{left}" if left else ""))
    return " ".join(parts)


ALLY_BG: Final = (20, 70, 30)
"""The map cell behind an ally of the hero's (game.rules.allies)."""
CAPTIVE_BG: Final = (70, 55, 20)
"""The map cell behind a shackled captive."""


def ally_lines(game: Game, width: int) -> list[str]:
    """The hero's allies here (name, hit points, waiting or following) and those left on other
    floors, each line at most `width` long."""
    lines: list[str] = []
    for ally in _allies(game.floor):
        order = "waits" if ally.waiting else "follows"
        lines += wrap(f"Ally {ally.name} {ally.hp}/{ally.max_hp} {order}", width)
    elsewhere = [d for d in sorted(game.floors) if d != game.depth
                 for _ in _allies(game.floors[d])]
    if elsewhere:
        where = ", ".join(str(d) for d in sorted(set(elsewhere)))
        lines += wrap(f"{len(elsewhere)} waiting on depth {where}", width)
    return lines


def _allies(floor: Floor) -> list[Actor]:
    """As game.rules.allies.allies, without loading the rules for the first frame."""
    return sorted((m for m in floor.monsters if m.ally and m.alive), key=lambda m: m.id)


def hover_lines(hover: str, width: int) -> list[str]:
    """The hover line wrapped (at most HOVER_LINES; the lines above the panel's first row are
    drawn over the bottom of the map)."""
    lines = wrap(hover, width) if hover else []
    if len(lines) > HOVER_LINES:
        return [*lines[: HOVER_LINES - 1], clip(" ".join(lines[HOVER_LINES - 1 :]), width)]
    return lines


def draw_panel(console: tcod.console.Console, game: Game, top: int, hover: str) -> None:
    width = console.width
    grid = cells(console)
    texts = hover_lines(hover, width - 2)
    first = top - max(0, len(texts) - 1)
    grid["bg"][first : top + 1] = (25, 25, 35)
    grid["ch"][first:top] = ord(" ")
    for row, text in enumerate(texts, start=first):
        console.print(1, row, text, fg=(240, 240, 170))
    player = game.player
    bar(console, 0, top + 1, STATUS_WIDTH - 1, player.hp, player.max_hp,
        f" HP {player.hp}/{player.max_hp}", (150, 30, 30), (50, 20, 20))
    room = console.height - top - 2
    status = status_lines(game)
    if len(status) > room:  # the run code holds the seed: its line goes first
        status = [line for line in status if not line.startswith("Seed ")]
    if len(status) > room:  # then the code itself (the character sheet and Esc show it)
        code = code_lines(game.run.code, STATUS_WIDTH - 1)
        status = [line for line in status if line not in code]
    if len(status) > room:
        Cuts.seen.extend(status[room:])
    for row, text in enumerate(status[:room], start=top + 2):
        console.print(0, row, text, fg=TEXT)
    log_width = width - STATUS_WIDTH
    rows = console.height - top - 1
    lines = message_lines(game, log_width, rows)
    for index, (text, color) in enumerate(lines):
        fade = 0.55 + 0.45 * (index + 1) / len(lines)
        console.print(STATUS_WIDTH, top + 1 + index, text,
                      fg=(int(color[0] * fade), int(color[1] * fade), int(color[2] * fade)))


def render_play(console: tcod.console.Console, game: Game, mouse: Point | None = None, *,
                cursor: Point | None = None, focus: Point | None = None,
                notice: str = "", cam: Camera | None = None) -> None:
    """Draw the whole play screen (map, things, panel) onto `console`; changes nothing in game.

    `mouse` is a console cell: what is under it is named on the hover line. `cursor` highlights a
    floor position (look and target modes); `focus` centres the camera elsewhere than the player;
    `cam` is the camera to draw with (the play screen's, with its dead zone).
    """
    console.clear()
    cam = cam or play_camera(game, console.width, console.height, focus)
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

