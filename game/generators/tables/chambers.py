"""Chamber placing: a corridor that ends in a chamber gets one of the rolled size, or else the
largest smaller size of the Chambers table that fits; a chamber placed rolls its exits, stairs
and contents."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from game.generators.tables.dungeon import Dungeon, OpenEnd
from game.generators.tables.exits import add_exit, place_stairs, stairs_spot
from game.generators.tables.rolls import Face
from game.generators.tables.shapes import Outline, fixed_outline, irregular, left_of, right_of
from game.generators.tables.site import DOOR
from game.tables import TableSet
from game.tables.model import Value

Size = tuple[str, int, int]
"""A chamber row of the table: shape, printed width, printed height."""


def _as_int(value: Value) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise TypeError(f"expected a whole number, got {value!r}")


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


@cache
def smallest(tables: TableSet) -> tuple[Outline, Outline]:
    """The box of the table's smallest size, both ways round: if neither can be entered,
    nothing smaller than the rolled size can."""
    _, width, height = min(table_sizes(tables), key=lambda size: size[1] * size[2])
    return (fixed_outline("rectangle", width, height), fixed_outline("rectangle", height, width))


def rolled_size(roll: Sequence[Face]) -> Size:
    """The size a Chambers roll gave."""
    fields = roll[0].fields
    return (str(fields["shape"]), _as_int(fields["width"]), _as_int(fields["height"]))


@cache
def fallbacks(rolled: Size, sizes: tuple[Size, ...]) -> tuple[Size, ...]:
    """The rolled size, then the table's smaller sizes: the same shape first, largest first."""
    area = rolled[1] * rolled[2]
    smaller = [size for size in sizes if size[1] * size[2] < area]
    smaller.sort(key=lambda size: (size[0] != rolled[0], -size[1] * size[2], size))
    return (rolled, *smaller)


def printed_outline(size: Size) -> Outline:
    """The outline of a size as the table prints it (an irregular size's box as a rectangle:
    its blob is drawn only once the box fits)."""
    shape, width, height = size
    return fixed_outline("rectangle" if shape == "irregular" else shape, width, height)


def orientations(dungeon: Dungeon, size: Size) -> tuple[Size, ...]:
    """A size as it may lie on the map, either way round in a random order."""
    shape, width, height = size
    if width == height:
        return (size,)
    if dungeon.rng.coin():
        return ((shape, height, width), size)
    return (size, (shape, height, width))


def chamber_ahead(dungeon: Dungeon, i: int, d: int, roll: Sequence[Face]) -> None:
    """The corridor ends in a chamber (no door) just beyond its end. Where none fits ahead the
    corridor turns into it, left or right (not through a door: that would open the door's
    wall); where none fits at all the corridor is a dead end."""
    turns = [left_of(d), right_of(d)]
    if dungeon.rng.coin():
        turns.reverse()
    turnable = dungeon.flat_tiles[i] != DOOR
    for heading in (d, *turns):
        opening = i + dungeon.step[heading]
        free = heading == d or (turnable and dungeon.carvable(opening, heading))
        if free and place_chamber(dungeon, opening, heading, roll):
            return
    dungeon.closed.append(OpenEnd(i, d))


def place_chamber(dungeon: Dungeon, opening: int, d: int, roll: Sequence[Face]) -> bool:
    """A chamber of the roll entered heading d through the free tile `opening`, in the rolled
    size or the first of its fallbacks that fits; its exits, stairs and contents follow."""
    boxes = smallest(dungeon.tables)
    # Entering crosses the frame, the floor and the far frame straight on from the opening:
    # with fewer tiles free than the shallowest chamber takes, nothing is tried (or drawn).
    shallowest = min(boxes[0].width, boxes[0].height) + 2
    if dungeon.free_run(opening, d, shallowest) < shallowest:
        return False
    ox, oy = dungeon.xy(opening)
    for index, size in enumerate(fallbacks(rolled_size(roll), table_sizes(dungeon.tables))):
        if index == 1 and not any(dungeon.entry_columns(ox, oy, d, box) for box in boxes):
            return False  # not even the smallest size fits: no need to try the others
        for turned in orientations(dungeon, size):
            floor = printed_outline(turned)
            if turned[0] == "irregular":
                if not dungeon.entry_columns(ox, oy, d, floor):
                    continue  # its printed box does not fit: no need to draw its blob
                floor = irregular(dungeon.rng, floor.width, floor.height)
            columns = dungeon.entry_columns(ox, oy, d, floor)
            if columns:
                x0, y0 = dungeon.box_at(ox, oy, d, floor, columns[dungeon.rng.below(len(columns))])
                cid = dungeon.add_chamber(x0, y0, floor)
                dungeon.dig(opening)
                finish_chamber(dungeon, cid, roll)
                return True
    return False


def finish_chamber(dungeon: Dungeon, cid: int, roll: Sequence[Face]) -> None:
    """The chamber's rolled exits (on its sides in a random order), stairs and contents."""
    sides = [0, 1, 2, 3]
    dungeon.rng.shuffle(sides)
    exits = [face for face in roll if face.table == "exit_kind"]
    for index, kind in enumerate(exits):
        turn = index % 4
        add_exit(dungeon, cid, kind.fields["kind"] == "door", sides[turn:] + sides[:turn])
    for stairs in roll:
        if stairs.table == "stairs":
            place_stairs(dungeon, stairs_spot(dungeon, cid), stairs)
    contents = next(face for face in roll if face.table == "chamber_contents")
    fields = contents.fields
    monster = fields["monster"] is True
    dungeon.contents[cid] = {
        "face": contents.face,
        "monster": monster,
        "features": fields["features"] is True,
        "treasure": fields["treasure"] is True,
        "trap": fields["trap"] is True,
    }
    dungeon.monsters += monster
