"""The corridor walk: an open end grown by a roll on Corridors.

A straight run (maybe with a door, side passage or stairs beside it), a turn, an intersection, a
door, stairs, an encounter, a dead end, or a chamber. A corridor that runs into the dungeon ends
by joining it (into a chamber: by a new or moved exit); one that meets rock it may not dig stops
short, to turn or end.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from game.generators.tables.chambers import chamber_ahead
from game.generators.tables.dungeon import Dungeon, OpenEnd
from game.generators.tables.exits import enter, place_stairs
from game.generators.tables.shapes import left_of, right_of
from game.generators.tables.site import WALL
from game.tables import TableError, TableSet


@dataclass(frozen=True, slots=True)
class Segment:
    """A Corridors row as the walk reads it: what the piece does, on which side (as quarter
    turns right from the heading: 3 left, 1 right, else 0), how many squares, how many
    corridors go on from it, and the T's attach dice."""

    kind: str
    turn: int
    length: int | None
    continues: int
    attach: str | None


GOES_ON: Final = {"straight": 1, "door": 1, "side": 2, "turn": 1, "chamber": 0, "dead_end": 0}
"""The corridors each kind leaves open by its shape; stairs, intersections and encounters below."""


def expected_continues(kind: str, side: str, attach: str | None) -> tuple[int, ...]:
    """The `continues` a row of this shape may give: its shape fixes it, except an encounter's,
    which says whether the corridor goes on past the encounter (1) or ends at it (0)."""
    if kind == "stairs":
        return (0,) if side == "ahead" else (1,)
    if kind == "intersection":
        return (3,) if attach is None else (2,)
    if kind == "encounter":
        return (0, 1)
    return (GOES_ON[kind],) if kind in GOES_ON else ()


@cache
def corridor_segments(tables: TableSet) -> tuple[Segment, ...]:
    """Every face of Corridors as a Segment (index face - 1), its `continues` checked against
    its shape when the tables are first used (a loaded set never changes)."""
    table = tables.table("corridors")
    segments: list[Segment] = []
    for face in range(1, table.sides + 1):
        row = table.row_for(face)
        fields = row.fields
        kind, side = str(fields["kind"]), str(fields.get("side", "none"))
        length, attach = fields.get("length"), fields.get("attach")
        attach_dice = None if attach is None else str(attach)
        continues = fields["continues"]
        if (row.reroll is not None or not isinstance(continues, int)
                or continues not in expected_continues(kind, side, attach_dice)):
            raise TableError(
                f"{table.path.name}: row {row.faces}: a {kind!r} row cannot continue with "
                f"{continues} corridors"
            )
        segments.append(Segment(kind, {"left": 3, "right": 1}.get(side, 0),
                                length if isinstance(length, int) else None,
                                continues, attach_dice))
    return tuple(segments)


def grow(dungeon: Dungeon, end: OpenEnd) -> None:
    """Attach a corridor to an open end: join, enter a chamber, stop, or find the way on (ahead,
    else a turn) and roll the corridor on Corridors."""
    i, d = end.i, end.d
    if end.chamber >= 0:
        if dungeon.waiting.get(i) is not end:
            return  # a corridor that hit its chamber took this exit
        del dungeon.waiting[i]
    ahead = i + dungeon.step[d]
    if dungeon.carvable(ahead, d):
        heading = d
    elif dungeon.flat_tiles[ahead] != WALL:
        return  # it already opens onto the dungeon
    elif dungeon.entry_ok(ahead, d):
        enter(dungeon, ahead, d)
        return
    elif end.exit:
        dungeon.wall_up(i)  # an exit onto solid rock is no exit
        return
    else:
        turns = [left_of(d), right_of(d)]
        if dungeon.rng.coin():
            turns.reverse()
        for heading in turns:
            if dungeon.carvable(i + dungeon.step[heading], heading):
                break
        else:
            dungeon.closed.append(end)
            return
    dungeon.pieces += 1
    segments = corridor_segments(dungeon.tables)
    segment = segments[dungeon.rng.below(len(segments))]
    if segment.kind == "chamber":
        chamber_ahead(dungeon, i, heading, dungeon.rolls.roll("chambers", dungeon.rng))
    elif segment.kind == "dead_end":
        dungeon.closed.append(OpenEnd(i, heading))
    elif segment.length is not None:  # straight squares, maybe with a door, passage or stairs
        dug, goes_on = run(dungeon, i, heading, segment.length)
        if segment.kind != "straight":
            beside(dungeon, dug, (heading + segment.turn) % 4, segment.kind)
        if goes_on:
            dungeon.queue.append(OpenEnd(dug[-1] if dug else i, heading))
    elif segment.kind == "door":
        door_ahead(dungeon, i, heading)
    else:
        junction(dungeon, i, heading, segment)
    if end.exit and dungeon.degree(i) < 2:  # (an exit never turns: it is walled up above)
        dungeon.wall_up(i)  # it rolled a dead end or a chamber that did not fit


def run(dungeon: Dungeon, i: int, d: int, length: int) -> tuple[list[int], bool]:
    """Dig up to `length` tiles ahead. Returns the tiles dug and whether the corridor goes on
    from the last."""
    dug: list[int] = []
    ahead = i + dungeon.step[d]
    while len(dug) < length and dungeon.carvable(ahead, d):
        dungeon.dig(ahead)
        dug.append(ahead)
        ahead += dungeon.step[d]
    if len(dug) == length:
        return dug, True
    if dungeon.flat_tiles[ahead] != WALL:
        return dug, False  # joined the dungeon
    if dungeon.entry_ok(ahead, d):
        enter(dungeon, ahead, d)
        return dug, False
    return dug, True


def beside(dungeon: Dungeon, dug: list[int], side: int, kind: str) -> None:
    """Put a door, a side corridor or stairs beside one of the tiles just dug (tried in a
    random order); where none fits, the corridor goes without it."""
    order = dug[:]
    dungeon.rng.shuffle(order)
    step = dungeon.step[side]
    for tile in order:
        spot = tile + step
        if not dungeon.carvable(spot, side):
            continue
        if kind == "side":
            dungeon.queue.append(OpenEnd(tile, side))
            return
        if kind == "door" and dungeon.carvable(spot + step, side):
            dungeon.set_door(spot, side)
            dungeon.queue.append(OpenEnd(spot, side, True))  # walled up if it leads nowhere
            return
        if kind == "stairs" and dungeon.flat_tiles[spot + step] == WALL:
            place_stairs(dungeon, spot)
            return


def door_ahead(dungeon: Dungeon, i: int, d: int) -> None:
    """A square of corridor, a door, and a square beyond where the next corridor starts. With
    no room for a door in a wall line, the corridor goes on without one."""
    step = dungeon.step[d]
    lead = i + step  # known to be carvable
    dungeon.dig(lead)
    if dungeon.room_ahead(lead, d, 2):  # the door's tile and the one beyond
        dungeon.set_door(lead + step, d)
        dungeon.dig(lead + 2 * step)
        dungeon.queue.append(OpenEnd(lead + 2 * step, d))
    else:
        dungeon.queue.append(OpenEnd(lead, d))


def junction(dungeon: Dungeon, i: int, d: int, segment: Segment) -> None:
    """One tile ahead, then: stairs, an encounter (the corridor goes on past it only if the
    row's `continues` says so), a turn, or branches."""
    here = i + dungeon.step[d]
    dungeon.dig(here)
    if segment.kind == "stairs":
        place_stairs(dungeon, here)
    elif segment.kind == "encounter":
        dungeon.spots.append(here)
        dungeon.flat_keep[here] = True
        if segment.continues:
            dungeon.queue.append(OpenEnd(here, d))
    elif segment.kind == "turn":
        dungeon.queue.append(OpenEnd(here, (d + segment.turn) % 4))
    elif segment.kind == "intersection":
        attach = None if segment.attach is None else dungeon.rng.roll(segment.attach)
        for branch in branches(d, attach):
            dungeon.queue.append(OpenEnd(here, branch))
    else:
        raise ValueError(f"corridors: no rule for a {segment.kind!r} row")


def branches(d: int, attach: int | None) -> tuple[int, ...]:
    """The arms of an intersection met heading d. A four-way (no `attach`) goes left, right and
    straight on. A T rolls 1d3 for "which direction to attach to" (the source leaves it open),
    read as its two arms: 1 left and right (the corridor ends across a T), 2 left and straight
    on, 3 right and straight on."""
    left, right = left_of(d), right_of(d)
    if attach is None:
        return (left, right, d)
    if attach == 1:
        return (left, right)
    if attach == 2:
        return (left, d)
    if attach == 3:
        return (right, d)
    raise ValueError(f"a T's attach roll must be 1, 2 or 3, not {attach}")
