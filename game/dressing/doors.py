"""Door types from the Doors table (d100), one roll per door in reading order."""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from game.dressing.model import DoorDressing
from game.floorplan import Door
from game.memo import ByIdentity
from game.seeds import Rng
from game.tables import Roll, TableSet


def reading_order(doors: Sequence[Door]) -> list[Door]:
    """Doors sorted by row, then column: the order every door decision is made in."""
    return sorted(doors, key=attrgetter("y", "x"))


def dress_doors(doors: Sequence[Door], rng: Rng, tables: TableSet) -> list[DoorDressing]:
    """Each door's material, quality, state, break DC, trap and opening; the engine merges the
    "reroll" rows (sliding doors, magically reinforced doors) with their second roll."""
    dressed = []
    for door in reading_order(doors):
        roll = tables.roll("doors", rng)
        fields = _READ.get(roll)
        if fields is None:
            fields = _fields(roll)
            if tables.shared(roll):  # the one result of its face: it comes back, read the same
                _READ.put(roll, fields)
        dressed.append(DoorDressing(door.x, door.y, *fields))
    return dressed


_Fields = tuple[str, str, str, int | None, bool, str, bool, tuple[int, ...]]
_READ: ByIdentity[Roll, _Fields] = ByIdentity(256)
"""A shared roll's door fields."""


def _fields(roll: Roll) -> _Fields:
    faces = (roll.face,) if roll.reroll is None else (roll.face, roll.reroll.face)
    return (
        roll.string("material"), roll.string("quality"), roll.string("state"),
        roll.number("dc"), roll.flag("trapped"), roll.string("opening"),
        roll.flag("reinforced"), faces,
    )
