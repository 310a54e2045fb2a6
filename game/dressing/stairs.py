"""Stairs kinds from the Stairs table (d20), conditioned on the way each stair must go.

The arrival must lead up and every way down must lead down, so each is rolled until a row fits
("both", the shaft, fits either). Rows that lead to a dead end, rolled along the way, are kept as
extra stairs: features placed on free floor in an area, leading nowhere.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
from numpy.typing import NDArray

from game import tiles
from game.dressing.areas import Space
from game.dressing.model import StairDressing
from game.floorplan import FloorPlan, Stair
from game.memo import ByIdentity
from game.seeds import Rng
from game.tables import Roll, Table, TableError, TableSet

MAX_ROLLS: Final = 10_000
_TRIES: Final = 8


@dataclass(frozen=True, slots=True)
class DeadEnd:
    """A dead-end result waiting for a place: its direction, face and text."""

    direction: str
    kind: str
    faces: tuple[int, ...]
    text: str


def leads_to(direction: str, dead_end: bool, depth: int) -> tuple[int, ...]:
    if dead_end:
        return ()
    if direction == "up":
        return (depth - 1,)
    if direction == "down":
        return (depth + 1,)
    if direction == "both":
        return (depth - 1, depth + 1)
    raise KeyError(direction)


def roll_fitting(want: str, rng: Rng, tables: TableSet) -> tuple[Roll, list[Roll]]:
    """Roll until the direction fits `want`; the dead-end rolls met on the way come back too."""
    table = tables.table("stairs")
    if not _read(table).leads(want):
        raise TableError(f"{table.path.name}: no row leads {want} (needed for the stairs)")
    dead_ends: list[Roll] = []
    for _ in range(MAX_ROLLS):
        roll = tables.roll("stairs", rng)
        if roll.flag("dead_end"):
            dead_ends.append(roll)
        elif roll.string("direction") in (want, "both"):
            return roll, dead_ends
    raise TableError(f"{table.path.name}: {MAX_ROLLS} rolls without a stair leading {want}")


def _fits(fields: Mapping[str, object], want: str) -> bool:
    return fields.get("dead_end") is False and fields.get("direction") in (want, "both")


def dress_stairs(
    plan: FloorPlan, depth: int, rng: Rng, tables: TableSet
) -> tuple[list[StairDressing], list[DeadEnd]]:
    """The plan's stairs with kinds (in reading order), and dead ends still to be placed.

    A tables floor rolled its stairs while building (plan.extra["stairs_rolled"]); those are kept,
    and only a stair it did not roll (or rolled the wrong way) is rolled here. Its rolled stairs
    that are not stairs of the plan (a second way up, dead ends: floor tiles with a feature on
    them) come after the plan's, not placed."""
    rolled: dict[tuple[int, int], Mapping[str, Any]] = {  # by (y, x): sorted, reading order
        (int(s["y"]), int(s["x"])): s for s in plan.extra.get("stairs_rolled", ())
    }
    dressed: list[StairDressing] = []
    waiting: list[DeadEnd] = []
    texts = _read(tables.table("stairs")).texts
    for stair in sorted(plan.stairs, key=lambda s: (s.y, s.x)):
        given = rolled.pop((stair.y, stair.x), None)
        if given is not None and _fits(given, stair.kind):
            dressed.append(_from_given(given, depth, texts))
            continue
        roll, dead = roll_fitting(stair.kind, rng, tables)
        dressed.append(_from_roll(stair, roll, depth))
        waiting += [
            DeadEnd(d.string("direction"), d.string("kind"), (d.face,), d.text) for d in dead
        ]
    for point in sorted(rolled):
        dressed.append(_from_given(rolled[point], depth, texts, placed=False))
    return dressed, waiting


def drawn_stairs(tile_map: NDArray[np.uint8], stairs: Sequence[StairDressing]) -> NDArray[np.uint8]:
    """A copy of the map with every stairs of the dressing drawn with its kind's tile, so each
    kind has its own glyph and dead-end stairs look like stairs (the game, the exports)."""
    drawn = tile_map.copy()
    for stair in stairs:
        drawn[stair.y, stair.x] = tiles.stairs_tile(stair.kind, stair.direction)
    return drawn


def _from_roll(stair: Stair, roll: Roll, depth: int) -> StairDressing:
    direction = roll.string("direction")
    return StairDressing(
        int(stair.x), int(stair.y), direction, roll.string("kind"), False,
        leads_to(direction, False, depth), (roll.face,), roll.text,
    )


@dataclass(frozen=True, slots=True)
class _Read:
    """What the dressing reads off a Stairs table: the text of the first row of each
    (direction, kind, dead_end), and the directions of the rows without a dead end."""

    texts: dict[tuple[object, object, object], str]
    directions: frozenset[object]

    def leads(self, want: str) -> bool:
        """Whether some row fits `want` (see `_fits`)."""
        return want in self.directions or "both" in self.directions


_READ: ByIdentity[Table, _Read] = ByIdentity(16)
"""`_read` of a table: a table is immutable, and every floor reads the same one."""


def _read(table: Table) -> _Read:
    """The table's `_Read`, worked out once per table rather than a scan of its rows per floor
    and per stair."""
    found = _READ.get(table)
    if found is not None:
        return found
    texts: dict[tuple[object, object, object], str] = {}
    for row in table.rows:
        key = (row.fields.get("direction"), row.fields.get("kind"), row.fields.get("dead_end"))
        texts.setdefault(key, row.text)
    directions = frozenset(
        row.fields.get("direction") for row in table.rows if row.fields.get("dead_end") is False
    )
    return _READ.put(table, _Read(texts, directions))


def _from_given(
    given: Mapping[str, Any], depth: int, texts: Mapping[tuple[object, object, object], str],
    placed: bool = True,
) -> StairDressing:
    direction, kind, dead_end = str(given["direction"]), str(given["kind"]), bool(given["dead_end"])
    text = texts.get((direction, kind, dead_end))
    if text is None:
        text = f"{kind} {direction}"
    return StairDressing(
        int(given["x"]), int(given["y"]), direction, kind, dead_end,
        leads_to(direction, dead_end, depth), (), text, placed,
    )


def place_dead_ends(
    waiting: Sequence[DeadEnd], space: Space, rng: Rng, depth: int
) -> list[StairDressing]:
    """Each dead end on a free floor tile of a random area; dropped only if no area has room."""
    areas = [a for a in space.amap.areas if a.source != "corridor"]
    placed: list[StairDressing] = []
    for dead in waiting:
        for _ in range(_TRIES if areas else 0):
            free = space.cells(rng.choice(areas))
            if free:
                x, y = space.take(space.point(free[rng.below(len(free))]))
                placed.append(StairDressing(
                    x, y, dead.direction, dead.kind, True, leads_to(dead.direction, True, depth),
                    dead.faces, dead.text, placed=False,
                ))
                break
    return placed
