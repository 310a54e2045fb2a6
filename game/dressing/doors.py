"""Door types from the Doors table (d100), one roll per door in reading order."""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from game.dressing.model import DoorDressing
from game.floorplan import Door
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
        # A roll is immutable, so its fields read once serve again whenever the very same roll
        # comes back; only the shared ones (a face without dice or reroll) are kept.
        hit = _READ.get(id(roll))
        if hit is not None and hit[0] is roll:
            dressed.append(DoorDressing(door.x, door.y, *hit[1]))
        elif tables.shared(roll):
            if len(_READ) >= READ_CACHE_LIMIT:
                _READ.clear()
            fields = _fields(roll)
            _READ[id(roll)] = (roll, fields)
            dressed.append(DoorDressing(door.x, door.y, *fields))
        else:
            dressed.append(door_from_roll(door, roll))
    return dressed


_Fields = tuple[str, str, str, int | None, bool, str, bool, tuple[int, ...]]
_READ: dict[int, tuple[Roll, _Fields]] = {}
"""A shared roll's door fields, by the roll's identity (the entry holds the roll, so the
identity stays its own)."""
READ_CACHE_LIMIT = 256


def _fields(roll: Roll) -> _Fields:
    faces = (roll.face,) if roll.reroll is None else (roll.face, roll.reroll.face)
    return (
        roll.string("material"), roll.string("quality"), roll.string("state"),
        roll.number("dc"), roll.flag("trapped"), roll.string("opening"),
        roll.flag("reinforced"), faces,
    )


def door_from_roll(door: Door, roll: Roll) -> DoorDressing:
    return DoorDressing(door.x, door.y, *_fields(roll))
