"""Chamber Contents (d100) for every area, the features they name, and the hidden treasure and
room traps they call for. A tables floor rolled its contents while building; those are kept."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.dressing.areas import Space
from game.dressing.model import Area, Contents, DoorDressing, Trap, Treasure
from game.dressing.traps import DOOR_TRAPS, ROOM_TRAPS, make_trap
from game.floorplan import FloorPlan
from game.memo import ByIdentity
from game.seeds import Rng
from game.tables import Roll, TableSet

FEATURE_TABLES = ("minor_features", "major_features")


def dress_contents(
    plan: FloorPlan, areas: Sequence[Area], rng: Rng, tables: TableSet
) -> list[Contents]:
    """One Contents per area (corridor spots have none); all contents are rolled before any
    features, so the features table never changes what a room holds."""
    given = {str(room): value for room, value in plan.extra.get("contents", {}).items()}
    rooms = [area for area in areas if area.source != "corridor"]
    written = [given.get(str(area.room)) if area.room is not None else None for area in rooms]
    base = [
        _from_given(area, w, tables) if w else _rolled(area, rng, tables)
        for area, w in zip(rooms, written, strict=True)
    ]
    return [_with_features(b, w, rng, tables) for b, w in zip(base, written, strict=True)]


def _rolled(area: Area, rng: Rng, tables: TableSet) -> Contents:
    roll = tables.roll("chamber_contents", rng, follow=())
    read = _READ.get(roll)
    if read is None:
        read = (roll.face, roll.text, roll.flag("monster"), roll.flag("features"),
                roll.flag("treasure"), roll.flag("trap"))
        if tables.shared(roll):  # the one result of its face: it comes back, read the same
            _READ.put(roll, read)
    return Contents(area.id, *read)


_READ: ByIdentity[Roll, tuple[int | None, str, bool, bool, bool, bool]] = ByIdentity(256)
"""A shared roll's contents fields."""


def _from_given(area: Area, given: Mapping[str, Any], tables: TableSet) -> Contents:
    face = given.get("face")
    flags = {name: bool(given.get(name)) for name in ("monster", "treasure", "trap")}
    flags["features"] = bool(given.get("features"))
    if isinstance(face, int):
        text = tables.table("chamber_contents").row_for(face).text
    else:
        text = ", ".join(name for name, on in flags.items() if on) or "nothing"
    return Contents(
        area.id, face if isinstance(face, int) else None, text, flags["monster"],
        flags["features"], flags["treasure"], flags["trap"],
    )


def _with_features(
    base: Contents, given: Mapping[str, Any] | None, rng: Rng, tables: TableSet
) -> Contents:
    """Named features: the tables floor's own names when it wrote them, else a roll on Chamber
    Features (1d4 minor and/or 1d4 major, named from the two lists)."""
    if not base.features:
        return base
    written = given.get("features") if given else None
    if isinstance(written, Mapping):
        minor = tuple(str(name) for name in written.get("minor", ()))
        major = tuple(str(name) for name in written.get("major", ()))
    elif isinstance(written, (list, tuple)):
        majors = {row.text for row in tables.table("major_features").rows}
        minor = tuple(str(name) for name in written if str(name) not in majors)
        major = tuple(str(name) for name in written if str(name) in majors)
    else:
        minor, major = _named(tables.roll("chamber_features", rng, follow=FEATURE_TABLES))
    return Contents(
        base.area, base.face, base.text, base.monster, base.features, base.treasure, base.trap,
        minor, major,
    )


def _named(roll: Roll) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The minor and major features a Chamber Features roll names, each in `Roll.walk` order
    (one walk for both: it is asked for every room with features)."""
    minor: list[str] = []
    major: list[str] = []
    for landed in roll.walk():
        if landed.table == "minor_features":
            minor.append(landed.text)
        elif landed.table == "major_features":
            major.append(landed.text)
    return tuple(minor), tuple(major)


def gold_for(depth: int, rng: Rng) -> int:
    """Hidden treasure grows with depth: 2d6 x 10 gold per floor of depth."""
    return rng.roll("2d6") * 10 * depth


def place_treasure(
    contents: Sequence[Contents], space: Space, rng: Rng, depth: int
) -> list[Treasure]:
    found: list[Treasure] = []
    for item in contents:
        if not item.treasure:
            continue
        free = space.cells(space.amap.area(item.area), clear_of_arrival=False)
        if free:
            x, y = space.take(space.point(free[rng.below(len(free))]))
            found.append(Treasure(x, y, gold_for(depth, rng), item.area))
    return found


def place_room_traps(
    contents: Sequence[Contents], space: Space, rng: Rng, depth: int, first_id: int
) -> list[Trap]:
    """A trap of a random kind on a random free tile of each area whose contents say "trap"."""
    found: list[Trap] = []
    for item in contents:
        if not item.trap:
            continue
        free = space.cells(space.amap.area(item.area))
        if free:
            point = space.take(space.point(free[rng.below(len(free))]))
            kind = rng.choice(ROOM_TRAPS)
            found.append(make_trap(first_id + len(found), point, kind, depth, "room", item.area,
                                   space.plan.arrival))
    return found


def door_traps(
    doors: Sequence[DoorDressing], rng: Rng, depth: int, arrival: tuple[int, int]
) -> list[Trap]:
    """A trap on the tile of each trapped door, in reading order (ids from 1)."""
    return [
        make_trap(index, door.point, rng.choice(DOOR_TRAPS), depth, "door", None, arrival)
        for index, door in enumerate((d for d in doors if d.trapped), start=1)
    ]
