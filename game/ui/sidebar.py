"""The play screen's side panel (Brogue's sidebar is the anchor) and where everything sits.

The screen is laid out by `layout` alone (a function of the console's size): the map in the
top-left and the side panel right of it; under both, across the whole width, the hover line,
the message log and the footer row with the seed and the run code. The panel tells the hero's
numbers, then every monster, item and feature in view (`floor.visible`), nearest first, each
line knowing the floor position it names: the same lines draw the panel and answer which thing
the mouse is on, so hovering an entry lights its thing on the map and hovering the thing lights
its entry.

Reads the game only; the first frame draws it, so it loads no rule of play (combat's numbers
load when first drawn, as render's level-up marker loads the key table).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from game import tiles
from game.content.features import feature_kind
from game.content.items import kind_of
from game.floorplan import Point, king_distance
from game.ui import palette
from game.ui.describe import item_colour, item_name
from game.ui.draw import MUTED, TEXT, TITLE, Color, wrap
from game.world.dreams import seen_as
from game.world.model import Actor, Game

SIDEBAR_WIDTH: Final = 24
"""Columns of the side panel at the right edge: a gutter and 23 of text."""
NARROWEST: Final = 3 * SIDEBAR_WIDTH
"""A console narrower than this (a thumbnail, a test's small console) has no side panel."""
LOG_ROWS: Final = 10
"""Message lines on an 80x45 console; a taller console gives one more for every two rows."""
LOG_HEIGHT: Final = 45
"""The console height LOG_ROWS is for."""
HIGHLIGHT_BG: Final = (70, 60, 20)
"""An entry whose thing the mouse is on (the map's cell gets the look cursor's colour)."""
SIDE_BG: Final = (18, 18, 28)
FOOTER_BG: Final = (25, 25, 35)
HEALTH_FULL: Final = (150, 30, 30)
HEALTH_EMPTY: Final = (50, 20, 20)
FOE_FULL: Final = (120, 60, 30)
FOE_EMPTY: Final = (45, 25, 15)

CREATURE, ITEM, FEATURE = 0, 1, 2
"""Entry ranks: at the same distance creatures come first, then items, then features."""


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the parts of the play screen sit on a width x height console."""

    width: int
    height: int
    map_width: int
    map_height: int
    log_rows: int

    @property
    def side_x(self) -> int:
        """The panel's first column (a gutter); its text starts one to the right."""
        return self.map_width

    @property
    def side_width(self) -> int:
        """Columns of panel text."""
        return max(1, self.width - self.side_x - 1)

    @property
    def hover_row(self) -> int:
        """The hover line's row, under the map and the panel (a long text wraps upwards)."""
        return self.map_height

    @property
    def log_top(self) -> int:
        return self.map_height + 1

    @property
    def footer_row(self) -> int:
        """The last row: the seed and the run code across the whole width."""
        return self.height - 1


def layout(width: int, height: int) -> Layout:
    """The play screen's parts on a width x height console: at least LOG_ROWS message lines
    from 80x45 up, the map taking what the panel, the log and the two lines leave."""
    side = SIDEBAR_WIDTH if width >= NARROWEST else 0  # a thumbnail: the map alone
    if height >= LOG_HEIGHT:
        log = LOG_ROWS + (height - LOG_HEIGHT) // 2
    else:
        log = max(1, (height - 3) // 4)
    map_height = max(1, height - 2 - log)
    return Layout(width, height, max(1, width - side), map_height,
                  max(0, height - 2 - map_height))


@dataclass(frozen=True, slots=True)
class Entry:
    """One thing in view: where it is, how the map draws it, its name, and the creature."""

    pos: Point
    glyph: int
    colour: Color
    name: str
    rank: int
    actor: Actor | None = None


def _creature(game: Game, actor: Actor) -> Entry:
    """A creature as the map draws it (game.ui.palette: the kind's glyph and the palette's
    colour), named as the hero believes it is."""
    dreamed = seen_as(game, actor)
    key = actor.kind if dreamed is None else dreamed.key
    glyph, colour = palette.actor_look(key, actor.glyph, actor.color)
    name = actor.name if dreamed is None else dreamed.name.lower()  # a hallucination, as seen
    return Entry(actor.pos, ord(glyph), colour, name, CREATURE, actor)


def in_view(game: Game) -> list[Entry]:
    """Every monster, merchant, item and feature the hero sees now (`floor.visible`), nearest
    first by king's moves; at one distance creatures, then items, then features; then by row,
    column and the floor's own order (so the same floor always lists the same way)."""
    floor, here = game.floor, game.player.pos

    def seen(pos: Point) -> bool:
        return bool(floor.visible[pos[1], pos[0]])

    found: list[Entry] = [_creature(game, m) for m in floor.monsters
                          if m.alive and m.id != game.player.id and seen(m.pos)]
    found += [Entry(m.pos, ord(tiles.MERCHANT_GLYPH), tiles.MERCHANT_COLOUR, m.name, CREATURE)
              for m in floor.merchants if seen(m.pos)]
    found += [Entry(i.pos, ord(kind_of(i.kind).glyph), item_colour(game, i),
                    item_name(game, i), ITEM) for i in floor.items if seen(i.pos)]
    for pos, feature in floor.features.items():
        if seen(pos):
            look = feature_kind(feature.name)
            used = " (used)" if feature.used else ""
            found.append(Entry(pos, ord(look.glyph), look.color, feature.name.lower() + used,
                               FEATURE))
    for pos, stair in floor.stairs.items():
        if seen(pos):
            look = tiles.TILES[int(floor.tiles[pos[1], pos[0]])]
            red, green, blue = (int(c) for c in look["fg"])
            name = stair.kind.replace("_", " ")
            way = "up and down" if stair.direction == "both" else stair.direction
            name = "collapsed stairs" if stair.dead_end else f"{name} {way}"
            found.append(Entry(pos, int(look["glyph"]), (red, green, blue), name, FEATURE))
    for pos, trap in floor.traps.items():
        if trap.found and seen(pos) and pos not in floor.doors:
            spent = " (sprung)" if trap.spent else ""
            colour = (palette.mark("spent_trap", tiles.SPENT_TRAP_COLOUR) if trap.spent
                      else palette.mark("trap", tiles.TRAP_COLOUR))
            found.append(Entry(pos, ord(tiles.TRAP_GLYPH), colour, f"{trap.kind} trap{spent}",
                               FEATURE))
    return sorted(found, key=lambda e: (king_distance(here, e.pos), e.rank, e.pos[1], e.pos[0]))


def creature_state(actor: Actor) -> str:
    """What the panel says of a creature: ally or captive, else its awareness (asleep,
    unaware, hunting, fleeing: game.rules.stealth), then its conditions (webbed ...)."""
    from game.rules import stealth

    if actor.captive:
        words = ["captive"]
    elif actor.ally:
        words = ["ally, waits" if actor.waiting else "ally, follows"]
    else:
        words = [stealth.awareness(actor)]
    return ", ".join(words + sorted(actor.effects))


@dataclass(frozen=True, slots=True)
class Line:
    """One row of the panel: its text, and the thing it names (`pos`, for the mouse). A line
    with a glyph draws it in its colour before the text; one with a gauge draws the text over a
    bar (value, maximum) in two colours."""

    text: str
    fg: Color = TEXT
    pos: Point | None = None
    glyph: tuple[int, Color] | None = None
    gauge: tuple[int, int, Color, Color] | None = None


def entry_lines(entry: Entry, width: int) -> list[Line]:
    """An entry's rows: glyph and name (wrapped, never cut); a creature's health bar with its
    state written on it (conditions that do not fit go on rows beneath)."""
    name = wrap(entry.name, width - 2)
    lines = [Line(f"  {name[0]}", TEXT, entry.pos, (entry.glyph, entry.colour))]
    lines += [Line(f"  {more}", TEXT, entry.pos) for more in name[1:]]
    actor = entry.actor
    if actor is not None:
        state = creature_state(actor)
        said = wrap(state, width - 1)
        full, empty = (HEALTH_FULL, HEALTH_EMPTY) if actor.hostile else (
            (40, 110, 50), (20, 45, 25))
        lines.append(Line(f" {said[0]}", (255, 255, 255), entry.pos,
                          gauge=(actor.hp, actor.max_hp, full, empty)))
        lines += [Line(f" {more}", MUTED, entry.pos) for more in said[1:]]
    return lines


def view_lines(game: Game, width: int, rows: int) -> list[Line]:
    """The "In view" part of the panel in at most `rows` rows: whole entries, nearest first,
    and when they do not all fit, a last row that counts the rest (never a cut entry)."""
    entries = in_view(game)
    if rows <= 0 or not entries:
        return []
    lines = [Line("In view", TITLE)]
    for index, entry in enumerate(entries):
        rest = len(entries) - index
        more = entry_lines(entry, width)
        room = rows - len(lines) - (1 if rest > 1 else 0)
        if len(more) > room:
            lines.append(Line(f"+{rest} more in view", MUTED))
            break
        lines += more
    return lines if len(lines) > 1 else []


def hero_numbers(game: Game) -> str:
    """Armour class, to-hit and speed: "AC 14  Hit +3  Spd 10"."""
    from game.rules.combat import armour_class, attack_bonus

    player = game.player
    return (f"AC {armour_class(game, player)}  Hit {attack_bonus(game, player):+d}"
            f"  Spd {player.speed}")


def stealth_line(game: Game) -> str:
    """The hero's stealth and its parts that count now: "Stealth +3 (rest +2, light -2)"."""
    from game.rules import stealth

    parts = [f"{name} {value:+d}" for name, value in stealth.stealth_parts(game)
             if value and name != "sneaking"]
    said = f" ({', '.join(parts)})" if parts else ""
    return f"Stealth {stealth.stealth(game):+d}{said}"


def entry_at(lines: list[Line], lay: Layout, cell: Point) -> Point | None:
    """The floor position named by the panel line under console `cell` (None: no entry)."""
    x, y = cell
    if not lay.side_x <= x < lay.width or not 0 <= y < len(lines):
        return None
    return lines[y].pos


def footer_lines(game: Game, width: int) -> list[str]:
    """The footer: "Seed S  Code C" on one line when both fit, else the code alone, on one
    line whenever it fits the width (a long typed seed makes a long code: that one breaks
    after a "-" onto more lines, never cut, so a friend can copy it from the screen)."""
    both = f"Seed {game.run.seed}  Code {game.run.code}"
    if len(both) <= width:
        return [both]
    return code_lines(game.run.code, width)


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
