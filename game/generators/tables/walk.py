"""The table walk of a tables floor: what to dig, rolled on the dice tables (seed 002).

Open exits wait in a FIFO queue as (last dug tile, heading). Each is grown by a roll on Corridors:
a straight run (maybe with a door, side passage or stairs beside it), a turn, an intersection, a
door, stairs, an encounter, a dead end, or a chamber, whose size, shape, exits, stairs and contents
are rolled in turn. What does not fit is curtailed as the method says: a smaller chamber from the
table, a shorter corridor, a turn, or a dead end. A dungeon that closes before its budget is
reopened (a new exit in a chamber, or a stopped corridor rolled again) where there is room.

Only the structure tables are rolled here (`STRUCTURE`); door types, features and encounter
templates belong to the dressing pass and its own stream, so editing those tables never moves a
wall. Contents are rolled here because the budget counts the chambers that hold a monster. Where
a thing may go is the geometry's question (`geometry.Site`); the walk only asks it.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import chain
from types import MappingProxyType
from typing import Final

import numpy as np
from numpy.typing import NDArray

from game import tiles as tile_ids
from game.floorplan import Point
from game.generators.tables.geometry import (
    DOOR,
    ENTRANCES,
    FLOOR,
    WALL,
    Outline,
    Site,
    back_of,
    entrance_layout,
    fixed_outline,
    irregular,
    left_of,
    right_of,
    shape_outline,
)
from game.generators.tables.rolls import Face, structure_rolls
from game.grids import as_bits, to_index
from game.pathing import UNREACHED, walk_distance
from game.pathing.fronts import walk_fronts
from game.seeds import Rng
from game.tables import TableError, TableSet
from game.tables.model import Value

STRUCTURE: Final = frozenset(
    {"chambers", "chamber_exits", "exit_kind", "stairs", "chamber_contents"}
)
"""The tables rolled on the layout stream; doors, features and encounter templates are not."""
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

FAR_SHARE: Final = 0.5
"""A rolled way down serves only if it is at least this share of the floor's walk away."""
Size = tuple[str, int, int]
"""A chamber row of the table: shape, printed width, printed height."""


def _as_int(value: Value) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise TypeError(f"expected a whole number, got {value!r}")


def budget_for(ruleset: str, width: int, height: int) -> int:
    """The ruleset's encounters scaled by the map's area against FULL_AREA (rounded half up, as
    the dressing's deck); at least one."""
    scaled = BUDGETS[ruleset] * width * height
    return max(1, (2 * scaled + FULL_AREA) // (2 * FULL_AREA))


@cache
def table_sizes(tables: TableSet) -> tuple[Size, ...]:
    """Every chamber size of the Chambers table, in table order (a loaded set never changes)."""
    sizes: list[Size] = []
    for row in tables.table("chambers").rows:
        fields = row.fields
        size = (str(fields["shape"]), _as_int(fields["width"]), _as_int(fields["height"]))
        if size not in sizes:
            sizes.append(size)
    return tuple(sizes)


@dataclass(frozen=True, slots=True)
class Segment:
    """A Corridors row as the walk reads it, worked out once per face: what the piece does, on
    which side (as quarter turns right from the heading: 3 left, 1 right, else 0), how many
    squares, how many corridors go on from it, and the T's attach dice."""

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
    its shape, so the hot loop rolls one die and reads a tuple (a loaded set never changes)."""
    table = tables.table("corridors")
    segments: list[Segment] = []
    for face in range(1, table.sides + 1):
        row = table.row_for(face)
        fields = row.fields
        kind, side = str(fields["kind"]), str(fields.get("side", "none"))
        length, attach = fields.get("length"), fields.get("attach")
        continues = _as_int(fields["continues"])
        if row.reroll is not None or continues not in expected_continues(kind, side, str(attach)
                                                                          if attach else None):
            raise TableError(
                f"{table.path.name}: row {row.faces}: a {kind!r} row cannot continue with "
                f"{continues} corridors"
            )
        segments.append(Segment(kind, {"left": 3, "right": 1}.get(side, 0),
                                length if isinstance(length, int) else None,
                                continues, str(attach) if attach is not None else None))
    return tuple(segments)


def rolled_size(roll: Sequence[Face]) -> Size:
    """The size a Chambers roll gave."""
    fields = roll[0].fields
    return (str(fields["shape"]), _as_int(fields["width"]), _as_int(fields["height"]))


def fallbacks(rolled: Size, sizes: tuple[Size, ...]) -> tuple[Size, ...]:
    """The rolled size, then the table's smaller sizes: the same shape first, largest first."""
    area = rolled[1] * rolled[2]
    smaller = [size for size in sizes if size[1] * size[2] < area]
    smaller.sort(key=lambda size: (size[0] != rolled[0], -size[1] * size[2], size))
    return (rolled, *smaller)


@dataclass(frozen=True, slots=True)
class ChamberSizes:
    """What the walk reads off the sizes of the Chambers table, worked out once per table set:
    the fallbacks of each face's size (index face - 1), the outline of each size either way
    round (an irregular size's printed box: its blob is drawn anew each time), the smallest
    size's box either way round, and the fewest and most tiles entering any chamber crosses in
    a straight line (its frame, its floor and its far frame; an irregular outline may lie a
    tile deeper than its printed size)."""

    fallbacks: tuple[tuple[Size, ...], ...]
    outlines: Mapping[Size, Outline]
    smallest: tuple[Outline, Outline]
    shallowest: int
    deepest: int


@cache
def chamber_sizes(tables: TableSet) -> ChamberSizes:
    """The Chambers table's sizes as the walk reads them (a loaded set never changes)."""
    sizes = table_sizes(tables)
    _, low_w, low_h = min(sizes, key=lambda size: size[1] * size[2])
    return ChamberSizes(
        tuple(fallbacks(rolled_size((face,)), sizes)
              for face in structure_rolls(tables, STRUCTURE).faces["chambers"]),
        MappingProxyType({
            (shape, w, h): fixed_outline("rectangle" if shape == "irregular" else shape, w, h)
            for shape, width, height in sizes
            for w, h in ((width, height), (height, width))
        }),
        (fixed_outline("rectangle", low_w, low_h), fixed_outline("rectangle", low_h, low_w)),
        min(low_w, low_h) + 2,
        max(max(w, h) for _, w, h in sizes) + 3,
    )


StairsFace = tuple[int, str, str, bool]
"""A face of Stairs as the walk lays it: its tile, kind, direction, and whether a dead end."""


@cache
def stairs_faces(tables: TableSet) -> tuple[StairsFace, ...]:
    """Every face of Stairs as laid (index face - 1), read once, not for every stairs laid."""
    faces: list[StairsFace] = []
    for face in structure_rolls(tables, STRUCTURE).faces["stairs"]:
        fields = face.fields
        if face.dice:
            raise TableError(f"stairs: face {face.face}: the layout rolls no dice for stairs")
        kind, direction = str(fields["kind"]), str(fields["direction"])
        faces.append((tile_ids.stairs_tile(kind, direction), kind, direction,
                      fields["dead_end"] is True))
    return tuple(faces)


OpenEnd = tuple[int, int, bool, int]
"""An open end in the queue, (i, d, exit, chamber): flat index i of its last dug tile, and d the
way on. An exit's own tile (a chamber's door or opening, a door in a corridor's side) is walled
up again if no corridor can start beyond it; `chamber` owns it if it is a chamber's exit (else
-1). A plain tuple: a floor queues a few hundred ends, and an object each cost four times as
much to make; a chamber's exit is waiting (`Dungeon.waiting`) until it is grown or moved."""


class Dungeon(Site):
    """The site being dug and the walk's bookkeeping that the dressing pass is handed: contents,
    encounter spots, the stairs rolled."""

    def __init__(self, rng: Rng, width: int, height: int, tables: TableSet) -> None:
        super().__init__(width, height)
        self.rng = rng
        chambers = chamber_sizes(tables)
        self.fallbacks, self.outlines = chambers.fallbacks, chambers.outlines
        self.segments = corridor_segments(tables)
        self.corridor_sides = len(self.segments)
        self.rolls = structure_rolls(tables, STRUCTURE)
        self.stairs_faces = stairs_faces(tables)
        self.smallest, self.shallowest, self.deepest = (
            chambers.smallest, chambers.shallowest, chambers.deepest
        )
        self.queue: deque[OpenEnd] = deque()
        self.unused: list[list[OpenEnd]] = []  # per chamber: its exits queued, in order
        self.waiting: dict[int, OpenEnd] = {}  # chambers' exits queued and not yet grown or moved
        self.closed: deque[OpenEnd] = deque()  # corridor ends that stopped: a rescue may reopen one
        self.roomy: list[int] = []  # chambers that may still have room for a rescue's exit
        self.contents: dict[int, dict[str, int | bool]] = {}
        self.spots: list[int] = []
        self.stairs: list[dict[str, int | str | bool]] = []
        self.monsters = 0
        self.pieces = 0
        self.arrival = 0

    def push(self, i: int, d: int, *, exit_: bool = False, chamber: int = -1) -> None:
        """Queue an open end (the walk's hot paths append a plain corridor end themselves)."""
        end = (i, d, exit_, chamber)
        self.queue.append(end)
        if chamber >= 0:
            self.unused[chamber].append(end)
            self.waiting[i] = end

    def central(self, size: int, total: int) -> int:
        """A start for `size` tiles in `total`, in the middle half when there is slack."""
        slack = total - size
        return self.rng.randint(slack // 4, slack - slack // 4)

    # --- growth ----------------------------------------------------------------------------------

    def grow(self, end: OpenEnd) -> None:
        """Attach a corridor to an open end: join, enter a chamber, stop, or find the way on
        (ahead, else a turn) and roll the corridor on Corridors (one method: a call less for
        every piece)."""
        i, d, exit_, chamber = end
        if chamber >= 0:
            if self.waiting.get(i) is not end:
                return  # a corridor that hit its chamber took this exit
            del self.waiting[i]
        step, side, right, left = self.probe[d]
        t, lane = self.flat_tiles, self.lane
        ahead = i + step
        # carvable(ahead, d) written out: every open end asks it first
        if not (
            self.flat_blocked[ahead]
            or t[ahead + side]
            or t[ahead - side]
            or t[ahead + step] == DOOR
            or lane[ahead + right]
            or lane[ahead + left]
        ):
            heading = d
        elif t[ahead] != WALL:
            return  # it already opens onto the dungeon
        elif self.entry_ok(ahead, d):
            self.enter(ahead, d)
            return
        elif exit_:
            self.wall_up(i)  # an exit onto solid rock is no exit
            return
        else:
            first, second = (d + 3) % 4, (d + 1) % 4  # left, right
            if self.rng.coin():
                first, second = second, first
            if self.carvable(i + self.step[first], first):
                heading = first
            elif self.carvable(i + self.step[second], second):
                heading = second
            else:
                self.closed.append(end)
                return
        # A roll on Corridors, dug from tile i: the die is rolled here on the precomputed rows;
        # only what a row refers to on the structure tables (chambers, stairs) is rolled in
        # full, when it is needed.
        self.pieces += 1
        segment = self.segments[self.rng.below(self.corridor_sides)]
        kind, length = segment.kind, segment.length
        if kind == "chamber":
            self.chamber_ahead(i, heading, self.rolls.roll("chambers", self.rng))
        elif kind == "dead_end":
            self.closed.append((i, heading, False, -1))
        elif length is not None:  # straight squares, maybe with a door, side passage or stairs
            dug, goes_on = self.run(i, heading, length, free=True)
            if kind != "straight":
                self.beside(dug, (heading + segment.turn) % 4, kind)
            if goes_on:
                self.queue.append((dug[-1] if dug else i, heading, False, -1))
        elif kind == "door":
            self.door_ahead(i, heading)
        else:
            self.junction(i, heading, segment)
        if exit_ and self.degree(i) < 2:  # (an exit never turns: it is walled up above)
            self.wall_up(i)  # it rolled a dead end or a chamber that did not fit

    def run(self, i: int, d: int, length: int, free: bool = False) -> tuple[list[int], bool]:
        """Dig up to `length` tiles ahead (`free`: the first is known to be carvable). A
        corridor that runs into the dungeon ends by joining it (into a chamber: by a new or
        moved exit); one that meets rock it may not dig stops short. Returns the tiles dug and
        whether the corridor goes on from the last."""
        dug: list[int] = []
        step, side, right, left = self.probe[d]
        t, blocked, lane, pad = self.flat_tiles, self.flat_blocked, self.lane, self.pad
        for _ in range(length):
            ahead = i + step
            # carvable(ahead, d) and dig(ahead) written out: this loop digs most corridor tiles
            if not free and (
                blocked[ahead]
                or t[ahead + side]  # rock is 0 (WALL)
                or t[ahead - side]
                or t[ahead + step] == DOOR
                or lane[ahead + right]
                or lane[ahead + left]
            ):
                break
            t[ahead] = FLOOR
            blocked[ahead] = True
            lane[ahead + pad] = True
            dug.append(ahead)
            i = ahead
            free = False
        else:
            self.dug += dug
            return dug, True
        self.dug += dug  # in digging order, before a join digs its own tile
        if t[ahead] != WALL:
            return dug, False
        if self.entry_ok(ahead, d):
            self.enter(ahead, d)
            return dug, False
        return dug, True

    def beside(self, dug: list[int], side: int, kind: str) -> None:
        """Put a door, a side corridor or stairs beside one of the tiles just dug; where none
        fits, the corridor goes without it."""
        order = dug[:]  # shuffled as their indices would be: the same draws, the same order
        self.rng.shuffle(order)
        step, across, right, left = self.probe[side]
        t, blocked, lane = self.flat_tiles, self.flat_blocked, self.lane
        for tile in order:
            spot = tile + step
            # carvable(spot, side) written out
            if (
                blocked[spot]
                or t[spot + across]
                or t[spot - across]
                or t[spot + step] == DOOR
                or lane[spot + right]
                or lane[spot + left]
            ):
                continue
            if kind == "side":
                self.queue.append((tile, side, False, -1))
                return
            if kind == "door" and self.carvable(spot + step, side):
                self.set_door(spot, side)
                self.queue.append((spot, side, True, -1))  # an exit: walled up if it leads nowhere
                return
            if kind == "stairs" and t[spot + step] == WALL:
                self.place_stairs(spot)
                return

    def door_ahead(self, i: int, d: int) -> None:
        """A square of corridor, a door, and a square beyond where the next corridor starts. With
        no room for a door in a wall line, the corridor goes on without one."""
        step = self.step[d]
        lead = i + step  # known to be carvable
        self.dig(lead)
        door = lead + step
        beyond = door + step
        if self.room_ahead(lead, d, 2):  # door and beyond carvable, in one call
            self.set_door(door, d)
            self.dig(beyond)
            self.queue.append((beyond, d, False, -1))
        else:
            self.queue.append((lead, d, False, -1))

    def junction(self, i: int, d: int, segment: Segment) -> None:
        """One tile ahead, then: stairs, an encounter (the corridor goes on past it only if the
        row's `continues` says so), a turn, or branches."""
        here = i + self.step[d]
        self.dig(here)
        kind, queue = segment.kind, self.queue
        if kind == "stairs":
            self.place_stairs(here)
        elif kind == "encounter":
            self.spots.append(here)
            self.flat_keep[here] = True
            if segment.continues:
                queue.append((here, d, False, -1))
        elif kind == "turn":
            queue.append((here, (d + segment.turn) % 4, False, -1))
        elif kind == "intersection":
            attach = None if segment.attach is None else self.rng.roll(segment.attach)
            for branch in branches(d, attach):
                queue.append((here, branch, False, -1))
        else:
            raise ValueError(f"corridors: no rule for a {kind!r} row")

    def place_stairs(self, i: int, roll: Face | None = None) -> None:
        """A Stairs result on tile i (rolled here unless a chamber's roll brought it), drawn
        with its kind's tile (the way down is chosen among the real ways down later; the
        others stay as they were rolled)."""
        face = roll or self.rolls.roll("stairs", self.rng)[0]
        tile, kind, direction, dead_end = self.stairs_faces[face.face - 1]
        self.put(i, tile)
        self.flat_keep[i] = True
        y, x = divmod(i, self.width)
        self.stairs.append(
            {"x": x, "y": y, "kind": kind, "direction": direction, "dead_end": dead_end}
        )

    # --- chambers --------------------------------------------------------------------------------

    def chamber_ahead(self, i: int, d: int, roll: Sequence[Face]) -> None:
        """The corridor ends in a chamber (no door) just beyond its end, in the rolled size or
        else the largest smaller size of the table that fits. Where none fits ahead the corridor
        turns into it, left or right (not through a door: that would open the door's wall);
        where none fits at all the corridor is a dead end."""
        turns = [(d + 3) % 4, (d + 1) % 4]  # left, right
        if self.rng.coin():
            turns.reverse()
        turnable = self.flat_tiles[i] != DOOR
        for heading in (d, *turns):
            opening = i + self.step[heading]
            free = heading == d or (turnable and self.carvable(opening, heading))
            if free and self.place_chamber(opening, heading, roll):
                return
        self.closed.append((i, d, False, -1))

    def place_chamber(self, opening: int, d: int, roll: Sequence[Face]) -> bool:
        """A chamber of the roll entered heading d through the free tile `opening`, if any size
        of the table fits; its exits, stairs and contents follow."""
        # Entering crosses the frame, the floor and the far frame straight on from the opening,
        # and the near frame runs across the opening: free runs that rule outlines out cheaply.
        ahead = self.free_run(opening, d, self.deepest)
        if ahead < self.shallowest:
            return False  # no chamber of the table is this shallow: nothing can be entered here
        ox, oy = self.xy(opening)
        along = d % 2  # the axis of an outline's box that runs along the heading
        down, up = (3, 1) if along == 0 else (0, 2)  # headings across, lateral down and up
        below = self.free_run(opening + self.step[down], down, self.deepest)
        above = self.free_run(opening + self.step[up], up, self.deepest)

        def columns(floor: Outline) -> list[int]:
            """Entry columns, once the free runs allow any: the frame of column k takes
            k + 1 lanes below the opening's and breadth - k above it (so k must lie in
            [breadth - above, below): the near columns are sorted, one bisection tells)."""
            depth, breadth = (floor.width, floor.height) if along else (floor.height, floor.width)
            near = floor.near[d]
            first = bisect_left(near, breadth - above)
            if depth + 2 > ahead or first == len(near) or near[first] >= below:
                return []
            return self.entry_columns(ox, oy, d, floor)

        for index, size in enumerate(self.fallbacks[roll[0].face - 1]):
            if index == 1 and not any(columns(box) for box in self.smallest):
                return False  # not even the smallest size fits: no need to try the others
            for turned in self.orientations(size):
                floor = self.outlines[turned]
                if turned[0] == "irregular":
                    if not columns(floor):
                        continue  # its printed box does not fit: no need to draw its outline
                    floor = irregular(self.rng, floor.width, floor.height)
                ks = columns(floor)
                if ks:
                    x0, y0 = self.box_at(ox, oy, d, floor, ks[self.rng.below(len(ks))])
                    cid = self.add_chamber(x0, y0, floor)
                    self.dig(opening)
                    self.finish_chamber(cid, roll)
                    return True
        return False

    def orientations(self, size: Size) -> tuple[Size, ...]:
        """A size as it may lie on the map, either way round in a random order."""
        shape, width, height = size
        if width == height:
            return (size,)
        if self.rng.coin():
            return ((shape, height, width), size)
        return (size, (shape, height, width))

    def add_chamber(self, x0: int, y0: int, floor: Outline) -> int:
        """A chamber on the site, with no exits waiting yet."""
        cid = super().add_chamber(x0, y0, floor)
        self.unused.append([])
        self.roomy.append(cid)
        return cid

    def finish_chamber(self, cid: int, roll: Sequence[Face]) -> None:
        """The chamber's rolled exits (on its sides in a random order), stairs and contents."""
        sides = [0, 1, 2, 3]
        self.rng.shuffle(sides)
        exits = [face for face in roll if face.table == "exit_kind"]
        for index, kind in enumerate(exits):
            turn = index % 4
            self.add_exit(cid, kind.fields["kind"] == "door", sides[turn:] + sides[:turn])
        for stairs in roll:
            if stairs.table == "stairs":
                self.place_stairs(self.stairs_spot(cid), stairs)
        contents = next(face for face in roll if face.table == "chamber_contents")
        fields = contents.fields
        monster = fields["monster"] is True
        self.contents[cid] = {
            "face": contents.face,
            "monster": monster,
            "features": fields["features"] is True,
            "treasure": fields["treasure"] is True,
            "trap": fields["trap"] is True,
        }
        self.monsters += monster

    def add_exit(self, cid: int, door: bool, sides: Sequence[int], room_for: int = 1) -> bool:
        """An exit in the chamber's frame, on the first of `sides` with room for one: a frame
        tile with floor inside, rock beside and `room_for` tiles of free rock straight out.
        False if no side has room."""
        room = self.rooms[cid]
        below, room_ahead, frame_side = self.rng.below, self.room_ahead, self.frame_side
        blocked, t, lane = self.flat_blocked, self.flat_tiles, self.lane
        for o in sides:
            spots = frame_side(room, o)
            start = below(len(spots))
            out, side, right, left = self.probe[o]
            for spot in chain(spots[start:], spots[:start]):
                # entry_ok written out for a tile of the chamber's own frame (its owner and the
                # box inside hold by construction): rock here and beside, floor inside (rock is
                # 0); then room_ahead, its first tile (carvable) written out: most fail there.
                first = spot + out
                if (
                    blocked[first]
                    or t[spot]
                    or not t[spot - out]
                    or t[spot + side]
                    or t[spot - side]
                    or t[first + side]
                    or t[first - side]
                    or t[first + out] == DOOR
                    or lane[first + right]
                    or lane[first + left]
                    or (room_for > 1 and not room_ahead(first, o, room_for - 1))
                ):
                    continue
                if door:
                    self.set_door(spot, o)
                else:
                    self.dig(spot)
                self.push(spot, o, exit_=True, chamber=cid)
                return True
        return False

    def enter(self, i: int, d: int) -> None:
        """A corridor hits a chamber's wall at frame tile i: move one of the chamber's unused
        exits here, or add a new one (its kind rolled on Exit kind)."""
        t = self.flat_tiles
        for end in self.unused[self.flat_owner[i]]:
            spot, out = end[0], end[1]
            if self.waiting.get(spot) is end and t[spot + self.step[out]] == WALL:
                del self.waiting[spot]
                door = t[spot] == DOOR
                self.wall_up(spot)
                break
        else:
            door = self.rolls.roll("exit_kind", self.rng)[0].fields["kind"] == "door"
        if door:
            self.set_door(i, d)
        else:
            self.dig(i)

    def stairs_spot(self, cid: int) -> int:
        """One of the chamber's stairs spots, at random."""
        spots = self.stairs_spots(cid)
        return spots[self.rng.below(len(spots))]

    # --- entrances -------------------------------------------------------------------------------

    def entrance_premade(self) -> None:
        """One of the pre-made entrance chambers, turned and mirrored at random."""
        layout = entrance_layout(self.rng.below(len(ENTRANCES)), self.rng.below(4), self.rng.coin())
        h, w = layout.floor.height, layout.floor.width
        x0 = self.central(w + 4, self.width) + 1  # the top-left of its walls
        y0 = self.central(h + 4, self.height) + 1
        cid = self.add_chamber(x0 + 1, y0 + 1, layout.floor)
        self.arrival = (y0 + layout.stairs[1]) * self.width + x0 + layout.stairs[0]
        self.put(self.arrival, tile_ids.STAIRS_UP)
        self.flat_keep[self.arrival] = True
        for ex, ey, o, door in layout.exits:
            spot = (y0 + ey) * self.width + x0 + ex
            if self.carvable(spot + self.step[o], o):
                if door:
                    self.set_door(spot, o)
                else:
                    self.dig(spot)
                self.push(spot, o, exit_=True, chamber=cid)

    def entrance_corridor(self) -> None:
        """The stairs stand in a short corridor that runs on both ways."""
        d = self.rng.below(4)
        x = min(max(self.central(1, self.width), 2), self.width - 3)
        y = min(max(self.central(1, self.height), 2), self.height - 3)
        self.arrival = y * self.width + x
        self.put(self.arrival, tile_ids.STAIRS_UP)
        self.flat_keep[self.arrival] = True
        for way in (d, back_of(d)):
            self.dig(self.arrival + self.step[way])
            self.push(self.arrival + self.step[way], way)

    def entrance_chamber(self) -> None:
        """A chamber rolled on Chambers (the largest size of its fallbacks that fits the map),
        the stairs against its wall."""
        roll = self.rolls.roll("chambers", self.rng)
        sizes = self.fallbacks[roll[0].face - 1]
        for shape, width, height in (turn for size in sizes for turn in self.orientations(size)):
            if width + 4 <= self.width and height + 4 <= self.height:
                floor = shape_outline(self.rng, shape, width, height)
                h, w = floor.height, floor.width
                x0 = self.central(w + 4, self.width) + 2
                y0 = self.central(h + 4, self.height) + 2
                cid = self.add_chamber(x0, y0, floor)
                self.finish_chamber(cid, roll)
                self.arrival = self.stairs_spot(cid)
                self.put(self.arrival, tile_ids.STAIRS_UP)
                self.flat_keep[self.arrival] = True
                return
        raise ValueError(f"no chamber fits {self.width}x{self.height}")

    # --- the loop --------------------------------------------------------------------------------

    def rescue(self) -> bool:
        """The dungeon closed before its budget: add an exit to a chamber, reopen a corridor
        that stopped, or else branch a side passage off a random corridor tile, where a
        corridor of RESCUE_ROOM tiles fits. False if nothing has room."""
        door = self.rolls.roll("exit_kind", self.rng)[0].fields["kind"] == "door"
        roomy = self.roomy
        while roomy:  # chambers in a random order, drawn one at a time: O(1) a try on big maps
            k = self.rng.below(len(roomy))
            if self.add_exit(roomy[k], door, (0, 1, 2, 3), RESCUE_ROOM):
                return True
            roomy[k] = roomy[-1]  # the dungeon only grows: no room now, none later
            roomy.pop()
        while self.closed:
            end = self.closed.popleft()
            i, d = end[0], end[1]
            if self.flat_tiles[i] != WALL and self.room_ahead(i, d, RESCUE_ROOM):
                self.push(i, d)
                return True
        for _ in range(RESCUE_TRIES if self.dug else 0):
            i, d = self.dug[self.rng.below(len(self.dug))], self.rng.below(4)
            if self.flat_tiles[i] == FLOOR and self.room_ahead(i, d, RESCUE_ROOM):
                self.push(i, d)
                return True
        return False

    def generate(self, budget: int) -> None:
        """Process open ends in order until the budget is met, the piece cap is reached, or
        nothing can grow; exits left waiting are walled up."""
        cap = 40 * budget + 100
        rescues = 2 * budget + 4
        queue, grow, spots = self.queue, self.grow, self.spots
        while self.monsters + len(spots) < budget and self.pieces < cap:
            if queue:
                grow(queue.popleft())
            elif rescues > 0 and self.rescue():
                rescues -= 1
            else:
                break
        for end in queue:
            i, d, exit_, chamber = end
            live = chamber < 0 or self.waiting.get(i) is end
            if exit_ and live and self.flat_tiles[i + self.step[d]] == WALL:
                self.wall_up(i)
        queue.clear()

    # --- the way down ------------------------------------------------------------------------

    def way_down(self, rows: slice, cols: slice) -> Point:
        """The farthest (walking) of the rolled ways down if it is at least FAR_SHARE of the
        floor's walk from the arrival; else new stairs on the farthest free tile of the chamber
        farthest from the arrival (of the whole floor if the entrance is the only chamber). The
        other rolled stairs stay on the floor, drawn as rolled: the dressing gives them their
        kinds and the game lets them be used (or says they lead nowhere)."""
        downs = [
            (int(s["x"]), int(s["y"]))
            for s in self.stairs
            if s["direction"] in ("down", "both") and not s["dead_end"]
        ]
        walkable = self.tiles[rows, cols] != WALL
        ax, ay = self.xy(self.arrival)
        walk = (BitWalk if walkable.size <= BIT_WALK_TILES else FloodWalk)(
            walkable, (ax - cols.start, ay - rows.start)
        )
        steps, farthest = walk.steps([(x - cols.start, y - rows.start) for x, y in downs])
        best = max(zip(steps, downs, strict=True), default=(-1, (0, 0)))
        if best[0] >= FAR_SHARE * farthest:
            return best[1]
        free = (self.tiles[rows, cols] == FLOOR) & ~self.keep[rows, cols]
        x, y = walk.farthest_of(free & self.in_room[rows, cols] & (self.owner[rows, cols] > 0),
                                free)
        point = (cols.start + x, rows.start + y)
        self.keep[point[1], point[0]] = True
        self.tiles[point[1], point[0]] = tile_ids.STAIRS_DOWN
        return point


BIT_WALK_TILES: Final = 500_000
"""Up to this many tiles in the dug part, the walk is a bit-per-tile flood (`grids.walk_fronts`,
several times cheaper than tcod's at 80x50); beyond, each of its steps costs more than tcod's
whole flood gains."""


class BitWalk:
    """The walk from `start` over `walkable` (whose edges are rock, as the dug part's are), by
    `grids.walk_fronts`; its fronts are walked again for each question, not kept (a big floor's
    would fill memory)."""

    def __init__(self, walkable: NDArray[np.bool_], start: Point) -> None:
        self.walkable, self.start = walkable, start

    def steps(self, targets: Sequence[Point]) -> tuple[list[int], int]:
        """Steps to each target (-1 where the walk never comes), and the longest walk."""
        width = self.walkable.shape[1]
        bits = [1 << to_index(target, width) for target in targets]
        wanted = sum(bits)
        steps = [-1] * len(targets)
        farthest = -1
        for farthest, front in enumerate(walk_fronts(self.walkable, self.start)):
            if front & wanted:
                for j, bit in enumerate(bits):
                    if front & bit:
                        steps[j] = farthest
        return steps, farthest

    def farthest_of(self, first: NDArray[np.bool_], second: NDArray[np.bool_]) -> Point:
        """The farthest tile past the start, of `first` if the walk reaches any of it, else of
        `second` (the first such in row order, as `argmax` picks); (0, 0) when it reaches
        neither."""
        pools, last = (as_bits(first), as_bits(second)), [0, 0]
        fronts = walk_fronts(self.walkable, self.start)
        next(fronts)  # the start itself
        for front in fronts:
            for j, pool in enumerate(pools):
                if front & pool:
                    last[j] = front & pool
        hit = last[0] or last[1]
        index = (hit & -hit).bit_length() - 1 if hit else 0
        width = self.walkable.shape[1]
        return (index % width, index // width)


class FloodWalk:
    """`BitWalk` by one tcod flood, for big floors."""

    def __init__(self, walkable: NDArray[np.bool_], start: Point) -> None:
        self.dist = walk_distance(walkable, [start])
        self.dist[self.dist == UNREACHED] = -1

    def steps(self, targets: Sequence[Point]) -> tuple[list[int], int]:
        return [int(self.dist[y, x]) for x, y in targets], int(self.dist.max())

    def farthest_of(self, first: NDArray[np.bool_], second: NDArray[np.bool_]) -> Point:
        first, second = first & (self.dist > 0), second & (self.dist > 0)
        pool = first if first.any() else second
        row, column = divmod(int(np.argmax(np.where(pool, self.dist, -1))), self.dist.shape[1])
        return (column, row)


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


ENTRANCE_BUILDERS: Final[dict[str, Callable[[Dungeon], None]]] = {
    "premade": Dungeon.entrance_premade,
    "corridor": Dungeon.entrance_corridor,
    "chamber": Dungeon.entrance_chamber,
}
