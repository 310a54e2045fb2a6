"""The table walk of a tables floor: the entrance, then open ends grown until the budget is met
(seed 002).

Open exits wait in a first-in, first-out queue (`dungeon.EndQueue`) and each is grown by a roll
on Corridors (`corridors`); what does not fit is curtailed as the method says: a smaller chamber
from the table, a shorter corridor, a turn, or a dead end. A dungeon that closes before its
budget is reopened (a new exit in a chamber, or a stopped corridor rolled again) where there is
room.

Only the structure tables are rolled here (`dungeon.STRUCTURE`); door types, features and
encounter templates belong to the dressing pass and its own stream, so editing those tables
never moves a wall. Contents are rolled here because the budget counts the chambers that hold a
monster. Where a thing may go is the site's question (`site.Site`); the walk only asks it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from game import tiles as tile_ids
from game.generators.tables.chambers import (
    fallbacks,
    finish_chamber,
    orientations,
    rolled_size,
    table_sizes,
)
from game.generators.tables.corridors import grow
from game.generators.tables.dungeon import Dungeon, OpenEnd
from game.generators.tables.exits import add_exit, stairs_spot
from game.generators.tables.shapes import ENTRANCES, back_of, entrance_layout, shape_outline
from game.generators.tables.site import FLOOR, WALL

BUDGETS: Final = {
    "4e": 10,
    "3.5": 13,
    "pathfinder-fast": 13,
    "pathfinder-medium": 20,
    "pathfinder-slow": 40,
}
"""Encounters in one character level, by ruleset (the method's "Limiting the Dungeon")."""
FULL_AREA: Final = 80 * 50
"""A map of this many tiles holds the ruleset's budget; others a share in proportion to their area,
as the dressing's deck does, so a big map is filled as densely as an 80x50 one."""
RESCUE_ROOM: Final = 4
"""A dungeon that closed early reopens only where a corridor of this many tiles fits."""
RESCUE_TRIES: Final = 64
"""Random corridor tiles a rescue tries for a side passage once no chamber or stopped end can."""


def budget_for(ruleset: str, width: int, height: int) -> int:
    """The ruleset's encounters scaled by the map's area against FULL_AREA (rounded half up, as
    the dressing's deck); at least one."""
    scaled = BUDGETS[ruleset] * width * height
    return max(1, (2 * scaled + FULL_AREA) // (2 * FULL_AREA))


# --- entrances ---------------------------------------------------------------------------------


def entrance_premade(dungeon: Dungeon) -> None:
    """One of the pre-made entrance chambers, turned and mirrored at random."""
    rng = dungeon.rng
    layout = entrance_layout(rng.below(len(ENTRANCES)), rng.below(4), rng.coin())
    h, w = layout.floor.height, layout.floor.width
    x0 = dungeon.central(w + 4, dungeon.width) + 1  # the top-left of its walls
    y0 = dungeon.central(h + 4, dungeon.height) + 1
    cid = dungeon.add_chamber(x0 + 1, y0 + 1, layout.floor)
    dungeon.arrival = (y0 + layout.stairs[1]) * dungeon.width + x0 + layout.stairs[0]
    dungeon.put(dungeon.arrival, tile_ids.STAIRS_UP)
    dungeon.flat_keep[dungeon.arrival] = True
    for ex, ey, o, door in layout.exits:
        spot = (y0 + ey) * dungeon.width + x0 + ex
        if dungeon.carvable(spot + dungeon.step[o], o):
            if door:
                dungeon.set_door(spot, o)
            else:
                dungeon.dig(spot)
            dungeon.push(OpenEnd(spot, o, True, cid))


def entrance_corridor(dungeon: Dungeon) -> None:
    """The stairs stand in a short corridor that runs on both ways."""
    d = dungeon.rng.below(4)
    x = min(max(dungeon.central(1, dungeon.width), 2), dungeon.width - 3)
    y = min(max(dungeon.central(1, dungeon.height), 2), dungeon.height - 3)
    dungeon.arrival = y * dungeon.width + x
    dungeon.put(dungeon.arrival, tile_ids.STAIRS_UP)
    dungeon.flat_keep[dungeon.arrival] = True
    for way in (d, back_of(d)):
        dungeon.dig(dungeon.arrival + dungeon.step[way])
        dungeon.push(OpenEnd(dungeon.arrival + dungeon.step[way], way))


def entrance_chamber(dungeon: Dungeon) -> None:
    """A chamber rolled on Chambers (the largest size of its fallbacks that fits the map), the
    stairs against its wall."""
    roll = dungeon.rolls.roll("chambers", dungeon.rng)
    for size in fallbacks(rolled_size(roll), table_sizes(dungeon.tables)):
        for shape, width, height in orientations(dungeon, size):
            if width + 4 <= dungeon.width and height + 4 <= dungeon.height:
                floor = shape_outline(dungeon.rng, shape, width, height)
                x0 = dungeon.central(floor.width + 4, dungeon.width) + 2
                y0 = dungeon.central(floor.height + 4, dungeon.height) + 2
                cid = dungeon.add_chamber(x0, y0, floor)
                finish_chamber(dungeon, cid, roll)
                dungeon.arrival = stairs_spot(dungeon, cid)
                dungeon.put(dungeon.arrival, tile_ids.STAIRS_UP)
                dungeon.flat_keep[dungeon.arrival] = True
                return
    raise ValueError(f"no chamber fits {dungeon.width}x{dungeon.height}")


ENTRANCE_BUILDERS: Final[dict[str, Callable[[Dungeon], None]]] = {
    "premade": entrance_premade,
    "corridor": entrance_corridor,
    "chamber": entrance_chamber,
}


# --- the loop ----------------------------------------------------------------------------------


def rescue(dungeon: Dungeon) -> bool:
    """The dungeon closed before its budget: add an exit to a chamber, reopen a corridor that
    stopped, or else branch a side passage off a random corridor tile, where a corridor of
    RESCUE_ROOM tiles fits. False if nothing has room."""
    rng, roomy = dungeon.rng, dungeon.roomy
    door = dungeon.exit_is_door()
    while roomy:  # chambers in a random order, drawn one at a time
        k = rng.below(len(roomy))
        if add_exit(dungeon, roomy[k], door, (0, 1, 2, 3), RESCUE_ROOM):
            return True
        roomy[k] = roomy[-1]  # the dungeon only grows: no room now, none later
        roomy.pop()
    while dungeon.closed:
        end = dungeon.closed.pop()
        if dungeon.flat_tiles[end.i] != WALL and dungeon.room_ahead(end.i, end.d, RESCUE_ROOM):
            dungeon.push(OpenEnd(end.i, end.d))
            return True
    for _ in range(RESCUE_TRIES if dungeon.dug else 0):
        i, d = dungeon.dug[rng.below(len(dungeon.dug))], rng.below(4)
        if dungeon.flat_tiles[i] == FLOOR and dungeon.room_ahead(i, d, RESCUE_ROOM):
            dungeon.push(OpenEnd(i, d))
            return True
    return False


def generate(dungeon: Dungeon, budget: int) -> None:
    """Grow open ends in order until the budget is met, the piece cap is reached, or nothing
    can grow; exits left waiting are walled up."""
    cap = 40 * budget + 100
    rescues = 2 * budget + 4
    while dungeon.monsters + len(dungeon.spots) < budget and dungeon.pieces < cap:
        if dungeon.queue:
            grow(dungeon, dungeon.queue.pop())
        elif rescues > 0 and rescue(dungeon):
            rescues -= 1
        else:
            break
    for end in dungeon.queue.pending():
        live = end.chamber < 0 or dungeon.waiting.get(end.i) is end
        if end.exit and live and dungeon.flat_tiles[end.i + dungeon.step[end.d]] == WALL:
            dungeon.wall_up(end.i)
    dungeon.queue.clear()
