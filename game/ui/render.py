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
from game.ui import camera, lighting, palette
from game.ui.camera import Camera
from game.ui.describe import describe_at, item_colour
from game.ui.draw import (
    MESSAGE_COLOURS,
    MUTED,
    Cuts,
    bar,
    cells,
    clip,
    wrap,
)
from game.ui.sidebar import (
    FOOTER_BG,
    HEALTH_EMPTY,
    HEALTH_FULL,
    HIGHLIGHT_BG,
    SIDE_BG,
    SIDEBAR_WIDTH,
    Layout,
    Line,
    entry_at,
    footer_lines,
    hero_numbers,
    layout,
    stealth_line,
    view_lines,
)
from game.world.dreams import seen_as
from game.world.kinds import MessageKind
from game.world.model import Actor, Floor, Game

STATUS_WIDTH: Final = SIDEBAR_WIDTH - 1
"""Columns of the side panel's text (game.ui.sidebar lays the screen out)."""
HOVER_LINES: Final = 3
"""A long hover text wraps upwards over the map's bottom rows, up to this many lines."""
REMEMBERED: Final = lighting.REMEMBERED
"""Brightness of explored tiles out of sight."""
COLLAPSED: Final = (95, 95, 95)
TRAP: Final = tiles.TRAP_COLOUR
SPENT_TRAP: Final = tiles.SPENT_TRAP_COLOUR
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
    """The map view of a width x height console: left of the side panel, above the log."""
    lay = layout(width, height)
    return lay.map_width, lay.map_height


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
    tint = palette.tint(state)
    if tint is None or not cam.shows(*pos):
        return
    vx, vy = cam.to_view(*pos)
    cell = grid[vy, vx]
    cell["bg"] = tint
    if state == "asleep":
        cell["fg"] = tuple(int(c * palette.asleep_dim()) for c in cell["fg"])


def _back(grid: NDArray[Any], cam: Camera, pos: Point, bg: tuple[int, int, int] | None,
          bright: bool) -> None:
    """A tile's background (a feature's plate), dimmed like its glyph when out of sight."""
    if bg is not None and cam.shows(*pos):
        vx, vy = cam.to_view(*pos)
        grid[vy, vx]["bg"] = bg if bright else tuple(int(c * REMEMBERED) for c in bg)


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
            colour = palette.mark("spent_trap", SPENT_TRAP) if trap.spent else palette.mark(
                "trap", TRAP)
            _put(grid, cam, pos, tiles.TRAP_GLYPH, colour, bool(floor.visible[pos[1], pos[0]]))
    for pos, feature in floor.features.items():
        if floor.explored[pos[1], pos[0]]:
            look = feature_kind(feature.name)
            seen = bool(floor.visible[pos[1], pos[0]])
            _put(grid, cam, pos, look.glyph, look.color, seen)
            _back(grid, cam, pos, palette.feature_back(look.effect, look.color), seen)
    for item in floor.items:
        if floor.explored[item.y, item.x]:
            kind = kind_of(item.kind)
            colour = item_colour(game, item)
            _put(grid, cam, item.pos, kind.glyph, colour, bool(floor.visible[item.y, item.x]))
    for monster in floor.monsters:
        if monster.alive and floor.visible[monster.y, monster.x]:
            dreamed = seen_as(game, monster)
            glyph, colour = palette.actor_look(
                monster.kind if dreamed is None else dreamed.key, monster.glyph, monster.color)
            _put(grid, cam, monster.pos, glyph, colour)
            _mark_state(grid, cam, monster.pos, stealth.awareness(monster))
            if dreamed is None and not monster.hostile and cam.shows(*monster.pos):
                vx, vy = cam.to_view(*monster.pos)  # an ally or a captive: marked, not a foe
                grid[vy, vx]["bg"] = (palette.tint("ally") or ALLY_BG) if monster.ally else (
                    palette.tint("captive") or CAPTIVE_BG)
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


def status_lines(game: Game, width: int = STATUS_WIDTH) -> list[str]:
    """The hero's part of the panel under its HP bar, every line at most `width` long: long
    texts wrap, none is cut. Armour, to-hit, speed, stealth, level, depth, turn and gold; then
    hunger, conditions, the relic and a level to spend; the talents' keys; the allies."""
    hero, floor = game.hero, game.floor
    marker: list[str] = []
    if hero.pending_levels:
        from game.ui import intents  # the key table: the first frame draws without it

        key = intents.first_key(intents.SpendLevel())
        marker = [f"LEVEL UP x{hero.pending_levels}: press {key}" if hero.pending_levels > 1
                  else f"LEVEL UP: press {key}"]
    hungry = [state] if (state := hunger.state(hero)) else []
    effects = [f"{name} {turns}" for name, turns in sorted(game.player.effects.items())]
    tail = ", ".join(marker + hungry + effects + (["RELIC"] if hero.has_relic else []))
    return [
        *wrap(hero_numbers(game), width),
        *wrap(stealth_line(game), width),
        *wrap(f"Lvl {hero.level}  XP {hero.xp}/{xp_for_level(hero.level + 1)}", width),
        *wrap(f"Depth {game.depth}/{game.last_depth} {floor.generator}", width),
        *wrap(f"Turn {game.turn}  Gold {hero.gold}", width),
        *(wrap(tail, width) if tail else []),
        *(wrap(line, width) if (line := talent_line(game)) else []),
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
    """The hero's allies here out of sight (name, hit points, waiting or following: one in
    sight has its entry in the panel's "In view") and those left on other floors, each line
    at most `width` long."""
    lines: list[str] = []
    seen = game.floor.visible
    for ally in _allies(game.floor):
        if seen[ally.y, ally.x]:
            continue
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


def panel_lines(game: Game, lay: Layout, kept: int = 0) -> list[Line]:
    """The side panel's rows, top to bottom: the HP bar, the hero's numbers, then what is in
    view in the rows left (`kept` rows at its foot left free: the first-person minimap's).
    The hero's lines that do not fit are cuts (recorded)."""
    player, width = game.player, lay.side_width
    rows = max(0, lay.map_height - kept) if lay.side_x + 1 < lay.width else 0
    if not rows:
        return []
    hero = [Line(f" HP {player.hp}/{player.max_hp}", (255, 255, 255),
                 gauge=(player.hp, player.max_hp, HEALTH_FULL, HEALTH_EMPTY))]
    hero += [Line(text) for text in status_lines(game, width)]
    if len(hero) > rows:
        Cuts.seen.extend(line.text for line in hero[rows:])
        return hero[:rows]
    gap = [Line("")] if len(hero) < rows else []
    return hero + gap + view_lines(game, width, rows - len(hero) - len(gap))


def draw_side(console: tcod.console.Console, lines: list[Line], lay: Layout,
              lit: Point | None) -> None:
    """The side panel: its background, its lines; the entry naming `lit` highlighted."""
    grid, left, width = cells(console), lay.side_x + 1, lay.side_width
    if left >= lay.width:
        return
    grid["bg"][: lay.map_height, lay.side_x :] = SIDE_BG
    grid["ch"][: lay.map_height, lay.side_x :] = ord(" ")
    for row, line in enumerate(lines):
        if line.gauge is not None:
            value, most, full, empty = line.gauge
            bar(console, left, row, width, value, most, line.text, full, empty)
            continue
        if lit is not None and line.pos == lit:
            grid["bg"][row, left : left + width] = HIGHLIGHT_BG
        console.print(left, row, line.text, fg=line.fg)
        if line.glyph is not None:
            grid["ch"][row, left] = line.glyph[0]
            grid["fg"][row, left] = line.glyph[1]


def draw_panel(console: tcod.console.Console, game: Game, top: int, hover: str,
               lit: Point | None = None, kept: int = 0) -> None:
    """Everything but the map: the side panel right of it (the entry naming `lit`
    highlighted; `kept` rows at its foot left free), the hover line at row `top` under both,
    the message log beneath it and the footer's seed and code, each across the whole width."""
    lay = layout(console.width, console.height)
    grid, width = cells(console), console.width
    draw_side(console, panel_lines(game, lay, kept), lay, lit)
    texts = hover_lines(hover, width - 2)
    first = top - max(0, len(texts) - 1)
    grid["bg"][first : top + 1] = (25, 25, 35)
    grid["ch"][first:top] = ord(" ")
    for row, text in enumerate(texts, start=first):
        console.print(1, row, text, fg=(240, 240, 170))
    footer = footer_lines(game, console.width - 2)
    footer_top = console.height - len(footer)
    grid["bg"][footer_top:] = FOOTER_BG
    for row, text in enumerate(footer, start=footer_top):
        console.print(1, row, text, fg=MUTED)
    rows = max(0, footer_top - top - 1)  # a code on two lines takes the log's oldest line
    lines = message_lines(game, width - 2, rows) if rows else []
    for index, (text, color) in enumerate(lines):
        fade = 0.55 + 0.45 * (index + 1) / len(lines)
        console.print(1, top + 1 + rows - len(lines) + index, text,
                      fg=(int(color[0] * fade), int(color[1] * fade), int(color[2] * fade)))


def pointed(game: Game, cam: Camera, lay: Layout, mouse: Point | None) -> Point | None:
    """The floor position the mouse names: the map cell under it, or the thing of the panel
    entry under it; None off both."""
    if mouse is None:
        return None
    if 0 <= mouse[0] < cam.width and 0 <= mouse[1] < cam.height:
        return cam.to_world(*mouse)
    return entry_at(panel_lines(game, lay), lay, mouse)


def render_play(console: tcod.console.Console, game: Game, mouse: Point | None = None, *,
                cursor: Point | None = None, focus: Point | None = None,
                notice: str = "", cam: Camera | None = None) -> None:
    """Draw the whole play screen (map, things, panel) onto `console`; changes nothing in game.

    `mouse` is a console cell: what is under it (on the map, or an entry of the side panel) is
    named on the hover line and lit both on the map and in the panel. `cursor` highlights a
    floor position (look and target modes); `focus` centres the camera elsewhere than the player;
    `cam` is the camera to draw with (the play screen's, with its dead zone). `notice` is shown
    on the hover line while nothing is hovered (the replay's status, say): the play screen's own
    notices go into the message log, where a hover never hides them.
    """
    console.clear()
    cam = cam or play_camera(game, console.width, console.height, focus)
    lay = layout(console.width, console.height)
    draw_map(console, game.floor, cam)
    draw_things(console, game, cam)
    lit = cursor if cursor is not None else pointed(game, cam, lay, mouse)
    hover = notice
    if lit is not None:
        draw_cursor(console, cam, lit)
        hover = describe_at(game, *lit) or notice
    draw_panel(console, game, cam.height, hover, lit)


def play_pixels(game: Game, width: int = 80, height: int = 50) -> NDArray[np.uint8]:
    """The play screen as an RGB image, drawn with the project tileset (no window)."""
    console = tcod.console.Console(width, height, order="C")
    render_play(console, game)
    rgba = assets.tileset().render(console)
    return np.ascontiguousarray(rgba[:, :, :3])


def play_png(game: Game, width: int = 80, height: int = 50) -> bytes:
    """The play screen as PNG bytes: for snapshots and bug reports."""
    return encode_png(play_pixels(game, width, height))

