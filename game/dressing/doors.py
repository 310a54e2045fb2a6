"""Door types from the Doors table (d100), one roll per door in reading order."""

from __future__ import annotations

from collections.abc import Sequence

from game.dressing.model import DoorDressing
from game.floorplan import Door
from game.seeds import Rng
from game.tables import Roll, TableSet


def reading_order(doors: Sequence[Door]) -> list[Door]:
    """Doors sorted by row, then column: the order every door decision is made in."""
    return sorted(doors, key=lambda d: (d.y, d.x))


def dress_doors(doors: Sequence[Door], rng: Rng, tables: TableSet) -> list[DoorDressing]:
    """Each door's material, quality, state, break DC, trap and opening; the engine merges the
    "reroll" rows (sliding doors, magically reinforced doors) with their second roll."""
    return [door_from_roll(door, tables.roll("doors", rng)) for door in reading_order(doors)]


def door_from_roll(door: Door, roll: Roll) -> DoorDressing:
    faces = (roll.face,) if roll.reroll is None else (roll.face, roll.reroll.face)
    return DoorDressing(
        x=door.x,
        y=door.y,
        material=roll.string("material"),
        quality=roll.string("quality"),
        state=roll.string("state"),
        dc=roll.number("dc"),
        trapped=roll.flag("trapped"),
        opening=roll.string("opening"),
        reinforced=roll.flag("reinforced"),
        faces=faces,
    )
