"""The structure tables as the table walk rolls them: every face worked out once.

A floor rolls Chambers (with its exits, their kinds, stairs and contents), Stairs and Exit kind a
few dozen times. `TableSet.roll` builds a tree of results for each; the walk reads a few fields
of it, so each face's fields and the structure tables it goes on to are worked out once here. A
roll draws the same dice in the same order as `TableSet.roll(..., follow=STRUCTURE)` (a test holds
them equal) and hands back what it landed on, flat, in rolling order (`Roll.walk`'s order).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace
from functools import cache
from types import MappingProxyType

from game.seeds import Rng
from game.tables import TableError, TableSet
from game.tables.model import Table, Value


@dataclass(frozen=True, slots=True)
class Face:
    """One face of a table as rolled: its row's fields (defaults filled in; dice rolled once
    landed), the dice fields to roll, and the tables rolled after it, (table, count) in order."""

    table: str
    face: int
    fields: MappingProxyType[str, Value]
    dice: tuple[str, ...]
    then: tuple[tuple[str, int | str], ...]


class StructureRolls:
    """Faces of the followed tables, reached from any of them, by table name."""

    def __init__(self, tables: TableSet, follow: Collection[str]) -> None:
        self.faces = {name: _faces(tables.table(name), follow) for name in sorted(follow)}

    def roll(self, name: str, rng: Rng) -> list[Face]:
        """One roll on table `name` and everything it goes on to, in rolling order."""
        landed: list[Face] = []
        self._land(self.faces[name], rng, landed)
        return landed

    def _land(self, faces: tuple[Face, ...], rng: Rng, landed: list[Face]) -> None:
        """A roll on one table (randint(1, sides) - 1 drawn as below(sides)): its dice rolled,
        then the tables it goes on to."""
        face = faces[rng.below(len(faces))]
        if face.dice:
            fields = dict(face.fields)
            for field in face.dice:
                fields[field] = rng.roll(str(fields[field]))
            face = replace(face, fields=MappingProxyType(fields))
        landed.append(face)
        for table, count in face.then:
            for _ in range(count if isinstance(count, int) else rng.roll(count)):
                self._land(self.faces[table], rng, landed)


def _faces(table: Table, follow: Collection[str]) -> tuple[Face, ...]:
    """Every face of `table`, as the engine fills its row in (rows with a reroll are refused:
    the walk does not merge rows)."""
    faces = []
    for face in range(1, table.sides + 1):
        row = table.row_for(face)
        if row.reroll is not None:
            raise TableError(f"{table.path.name}: row {row.faces}: the layout cannot roll a reroll")
        fields = {spec.name: row.fields.get(spec.name, spec.default) for spec in table.fields}
        dice = tuple(spec.name for spec in table.fields
                     if spec.kind == "dice" and isinstance(fields[spec.name], str))
        then = tuple((ref.table, ref.count) for ref in row.refs + table.then if ref.table in follow)
        faces.append(Face(table.name, face, MappingProxyType(fields), dice, then))
    return tuple(faces)


@cache
def structure_rolls(tables: TableSet, follow: frozenset[str]) -> StructureRolls:
    """The compiled faces of a table set (a loaded set never changes)."""
    return StructureRolls(tables, follow)
