"""The typed shapes of dice tables and of their rolls, shared by the loader and the engine.

Everything is frozen: a loaded table and a roll result are plain data that the dressing pass and a
printed game master's key can read without caring how they were made.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

Value = int | bool | str | tuple[str, ...] | None
"""A field value: int, bool, text, a list of words, or None for an optional field left out."""

Kind = Literal["int", "bool", "str", "strs", "dice", "enum"]


class TableError(ValueError):
    """A table file is malformed, or a table name is unknown; the message names file and row."""


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """One structured column of a table: its kind, its choices (enum) and what absence means."""

    name: str
    kind: Kind
    choices: tuple[str, ...] = ()
    optional: bool = False
    default: Value = None


@dataclass(frozen=True, slots=True)
class Ref:
    """A nested roll: roll `count` times on `table` (count is a number or dice text like 1d4)."""

    table: str
    count: int | str = 1

    def describe(self) -> str:
        return self.table if self.count == 1 else f"{self.count} x {self.table}"


@dataclass(frozen=True, slots=True)
class SetBy:
    """Set an int field from another field's choice (reinforced door: DC 30 wooden, 40 stone)."""

    field: str
    by: str
    values: tuple[tuple[str, int], ...]

    def value_for(self, choice: str) -> int:
        return dict(self.values)[choice]


@dataclass(frozen=True, slots=True)
class Reroll:
    """Reroll "ignoring rolls of `ignore_from`+", then adjust the rerolled row's int fields.

    Adjustments change a value that exists; a field left as None (an unlocked door's break DC)
    stays None, since there is nothing to break.
    """

    ignore_from: int
    add: tuple[tuple[str, int], ...] = ()
    set_by: tuple[SetBy, ...] = ()


@dataclass(frozen=True, slots=True)
class Row:
    """One printed row: its faces, the source's text, its fields as written and its nested rolls.

    `fields` holds only what the file wrote (dice fields as dice text); a roll fills in defaults,
    rolls the dice and merges rerolls.
    """

    index: int
    low: int
    high: int
    text: str
    fields: Mapping[str, Value]
    refs: tuple[Ref, ...] = ()
    reroll: Reroll | None = None

    @property
    def faces(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"

    @property
    def size(self) -> int:
        """How many faces of the die land on this row."""
        return self.high - self.low + 1

    @property
    def where(self) -> str:
        return f"row {self.index} (faces {self.faces})"


@dataclass(frozen=True, slots=True)
class Table:
    """A loaded, validated table: every face of its die belongs to exactly one row."""

    name: str
    path: Path
    title: str
    sides: int
    fields: tuple[FieldSpec, ...]
    rows: tuple[Row, ...]
    then: tuple[Ref, ...] = ()
    notes: str = ""
    _face_rows: tuple[Row, ...] = field(default=(), init=False, repr=False, compare=False)
    """The row of each face (index face - 1): a roll looks its row up instead of scanning."""

    def __post_init__(self) -> None:
        by_face: list[Row | None] = [None] * self.sides
        for row in self.rows:
            for face in range(max(row.low, 1), min(row.high, self.sides) + 1):
                by_face[face - 1] = row
        if all(row is not None for row in by_face):
            object.__setattr__(self, "_face_rows", tuple(r for r in by_face if r is not None))

    @property
    def die(self) -> str:
        return f"d{self.sides}"

    def row_for(self, face: int) -> Row:
        """The row a face lands on (faces outside 1..sides are a caller's bug)."""
        if self._face_rows and 1 <= face <= self.sides:
            return self._face_rows[face - 1]
        for row in self.rows:
            if row.low <= face <= row.high:
                return row
        raise TableError(f"{self.path.name}: face {face} is outside 1..{self.sides}")


@dataclass(frozen=True, slots=True)
class Nested:
    """The rolls made for one reference: the count rolled (e.g. 3 on 1d4) and each result."""

    ref: Ref
    count: int
    rolls: tuple[Roll, ...]


@dataclass(frozen=True, slots=True)
class Roll:
    """One result: the face, its row, the merged fields and the nested results.

    `fields` has every field of the table in schema order: defaults filled in, dice rolled, a
    reroll's fields under the rerolling row's own, adjustments applied. `reroll` is the second
    roll of a "reroll" row (its fields are folded into these; its nested rolls are in `nested`).
    """

    table: str
    die: str
    face: int
    row: Row
    fields: Mapping[str, Value]
    reroll: Roll | None = None
    nested: tuple[Nested, ...] = ()

    @property
    def text(self) -> str:
        return self.row.text

    def walk(self) -> Iterator[Roll]:
        """This roll and every nested roll, depth first in rolling order."""
        yield self
        for group in self.nested:
            for roll in group.rolls:
                yield from roll.walk()

    def find(self, table: str) -> tuple[Roll, ...]:
        """Every roll on `table` at any depth below (or at) this one, in `walk` order (an
        explicit stack: the generators chained by `walk` cost a call per level per roll)."""
        found: list[Roll] = []
        stack: list[Roll] = [self]
        while stack:
            roll = stack.pop()
            if roll.table == table:
                found.append(roll)
            for group in reversed(roll.nested):
                stack.extend(reversed(group.rolls))
        return tuple(found)

    def number(self, name: str) -> int | None:
        """An int (or rolled dice) field; None where an optional field was left out."""
        value = self._field(name)
        if value is None or (isinstance(value, int) and not isinstance(value, bool)):
            return value
        raise TableError(f"{self.table}: field {name!r} is not a number: {value!r}")

    def string(self, name: str) -> str:
        value = self._field(name)
        if isinstance(value, str):
            return value
        raise TableError(f"{self.table}: field {name!r} is not text: {value!r}")

    def flag(self, name: str) -> bool:
        value = self._field(name)
        if isinstance(value, bool):
            return value
        raise TableError(f"{self.table}: field {name!r} is not true/false: {value!r}")

    def strings(self, name: str) -> tuple[str, ...]:
        value = self._field(name)
        if isinstance(value, tuple):
            return value
        raise TableError(f"{self.table}: field {name!r} is not a list of words: {value!r}")

    def _field(self, name: str) -> Value:
        if name not in self.fields:
            known = ", ".join(self.fields) or "none"
            raise TableError(f"{self.table}: no field {name!r}; fields are: {known}")
        return self.fields[name]
