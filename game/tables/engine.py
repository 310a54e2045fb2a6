"""Roll on the dice tables: load a folder of them, check references across tables, roll with `Rng`.

A roll picks a face, merges a "reroll" row with the row its second roll lands on, rolls dice
fields, then follows the row's references and the table's `then` list, in that order. References
must not form a cycle, so a roll always ends; dungeon growth (another corridor, a new chamber
behind an exit) is left to the generator, which reads the structured fields.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType

from game.assets import ASSETS_DIR
from game.seeds import Rng, seed_from_text
from game.tables.load import load_table
from game.tables.model import Nested, Ref, Reroll, Roll, Row, Table, TableError, Value

_Known = tuple[dict[str, Value], tuple[str, ...], Mapping[str, Value]]
"""A row's fixed part: its fields in schema order, defaults filled in (dice as text), the
names of its dice fields, and those fields read-only (what a roll of a row with no dice
holds: made once, not a copy per roll)."""


def tables_dir() -> Path:
    """The game's table files: assets/tables in the repository."""
    return ASSETS_DIR / "tables"


class TableSet:
    """Tables by name, with every reference checked to exist and the references acyclic."""

    def __init__(self, tables: Mapping[str, Table]) -> None:
        self._tables = dict(sorted(tables.items()))
        for table in self._tables.values():
            for where, ref in _edges(table):
                if ref.table not in self._tables:
                    raise TableError(
                        f"{table.path.name}: {where}: refers to unknown table {ref.table!r}; "
                        f"tables are: {', '.join(self._tables)}"
                    )
        _check_cycles(self._tables)
        self._rows: dict[tuple[str, int], _Known] = {}
        self._faces: dict[tuple[str, int], Roll] = {}
        """The result of each face whose row draws nothing more (no dice, no nested rolls): a
        roll is immutable data, so such a face's result is made once."""
        self._unfollowed: dict[tuple[str, int], Roll] = {}
        """The same for a face whose row has no dice but refers to tables the roll does not
        follow (the dressing rolls chamber contents with `follow=()`, once per room)."""

    def shared(self, roll: Roll) -> bool:
        """Whether `roll` is the one result this set makes for its face (no dice, nothing
        nested): what is read off it may be kept for the next time the face comes up."""
        key = (roll.table, roll.face)
        return self._faces.get(key) is roll or self._unfollowed.get(key) is roll

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self._tables)

    def table(self, name: str) -> Table:
        """The table called `name`, or TableError listing the valid names."""
        if name not in self._tables:
            raise TableError(f"unknown table {name!r}; tables are: {', '.join(self._tables)}")
        return self._tables[name]

    def roll(self, name: str, rng: Rng, follow: Collection[str] | None = None) -> Roll:
        """One full result on table `name`, nested rolls included.

        With `follow`, only references to those tables are rolled (the others are left out of
        `nested`): the tables generator rolls structure on its layout stream and leaves doors and
        furnishings to the dressing pass, so editing those tables never moves a wall."""
        table = self._tables.get(name)
        if table is None:
            table = self.table(name)  # raises, naming the tables
        face = rng.below(table.sides) + 1  # rng.randint(1, sides), one call fewer
        fixed = self._faces.get((table.name, face))
        if fixed is not None:
            return fixed
        row = table.row_for(face)
        reroll = None
        if row.reroll is None:
            known = self._known(table, row, rng)
            if not (known[1] or row.refs or table.then):  # nothing more to draw: made once
                fixed = Roll(table.name, table.die, face, row, known[2])
                self._faces[(table.name, face)] = fixed
                return fixed
            if not known[1] and follow is not None and not any(
                ref.table in follow for ref in row.refs + table.then
            ):  # nothing this roll follows: the bare row, also made once
                bare = self._unfollowed.get((table.name, face))
                if bare is None:
                    bare = Roll(table.name, table.die, face, row, known[2])
                    self._unfollowed[(table.name, face)] = bare
                return bare
            fields = self._filled(known, rng)
            refs = row.refs
        else:  # the second roll's fields, under the ones this row writes, then adjusted
            reroll = self._reroll(table, row.reroll, rng)
            own = _own_fields(table, row, rng, fill=False)
            fields = _adjusted(row.reroll, {**reroll.fields, **own})
            refs = reroll.row.refs + row.refs
        nested: tuple[Nested, ...] = ()
        if refs or table.then:  # most rows refer to nothing: skip building the empty tuple
            nested = tuple([
                self._nest(ref, rng, follow)
                for ref in refs + table.then
                if follow is None or ref.table in follow
            ])
        if reroll is not None:
            fields = MappingProxyType({spec.name: fields.get(spec.name) for spec in table.fields})
        return Roll(table.name, table.die, face, row, fields, reroll, nested)

    def _known(self, table: Table, row: Row, rng: Rng) -> _Known:
        """The fixed part of a row, worked out on its first roll."""
        key = (table.name, row.index)
        known = self._rows.get(key)
        if known is None:
            base = _own_fields(table, row, rng, fill=True, roll_dice=False)
            dice = tuple(spec.name for spec in table.fields
                         if spec.kind == "dice" and isinstance(base.get(spec.name), str))
            known = self._rows[key] = (base, dice, MappingProxyType(base))
        return known

    @staticmethod
    def _filled(known: _Known, rng: Rng) -> Mapping[str, Value]:
        """The row's fields with its dice rolled (in schema order, as `_own_fields` rolls them),
        read-only; the row's own when it has no dice."""
        if not known[1]:
            return known[2]
        fields = dict(known[0])
        for name in known[1]:
            fields[name] = rng.roll(str(fields[name]))
        return MappingProxyType(fields)

    def _reroll(self, table: Table, rule: Reroll, rng: Rng) -> Roll:
        """The second roll, on faces below `ignore_from` ("ignoring rolls of 91+").

        Drawing 1..ignore_from-1 directly has the same odds as rerolling until below it.
        """
        face = rng.randint(1, rule.ignore_from - 1)
        landed = table.row_for(face)
        fields = _own_fields(table, landed, rng, fill=True)
        return Roll(table.name, table.die, face, landed, MappingProxyType(fields))

    def _nest(self, ref: Ref, rng: Rng, follow: Collection[str] | None) -> Nested:
        count = ref.count if isinstance(ref.count, int) else rng.roll(ref.count)
        return Nested(ref, count, tuple([self.roll(ref.table, rng, follow) for _ in range(count)]))


def _own_fields(
    table: Table, row: Row, rng: Rng, *, fill: bool, roll_dice: bool = True
) -> dict[str, Value]:
    """The row's written fields, dice rolled; with `fill`, defaults for what it left out."""
    fields: dict[str, Value] = {}
    for spec in table.fields:
        if spec.name in row.fields:
            value = row.fields[spec.name]
            if roll_dice and spec.kind == "dice" and isinstance(value, str):
                value = rng.roll(value)
            fields[spec.name] = value
        elif fill:
            fields[spec.name] = spec.default
    return fields


def _adjusted(rule: Reroll, fields: dict[str, Value]) -> dict[str, Value]:
    """Apply a reroll row's additions (to int fields that have a value) and its settings.

    A setting applies whatever the rerolled value was: the source gives a reinforced door its
    break DC unconditionally, and the game holds such a door shut (key or knock only)."""
    for name, amount in rule.add:
        value = fields.get(name)
        if isinstance(value, int):
            fields[name] = value + amount
    for setting in rule.set_by:
        choice = fields.get(setting.by)
        if isinstance(choice, str):
            fields[setting.field] = setting.value_for(choice)
    return fields


def _edges(table: Table) -> Iterator[tuple[str, Ref]]:
    """Every reference of a table with where it is written."""
    for row in table.rows:
        for ref in row.refs:
            yield row.where, ref
    for ref in table.then:
        yield "then", ref


def _check_cycles(tables: Mapping[str, Table]) -> None:
    """Depth-first search; a reference back into the current path is a cycle, named edge by edge."""
    done: set[str] = set()
    path: list[tuple[str, str, str]] = []  # (table, where, target) along the current search

    def visit(name: str) -> None:
        table = tables[name]
        for where, ref in _edges(table):
            step = (name, where, ref.table)
            on_path = [entry[0] for entry in path] + [name]
            if ref.table in on_path:
                start = on_path.index(ref.table)
                cycle = [*path[start:], step]
                text = "; ".join(f"{tables[t].path.name} {w} rolls on {r}" for t, w, r in cycle)
                raise TableError(f"reference cycle: {text}")
            if ref.table not in done:
                path.append(step)
                visit(ref.table)
                path.pop()
        done.add(name)

    for name in tables:
        if name not in done:
            visit(name)


def load_tables(folder: Path) -> TableSet:
    """Every *.toml file of `folder` as one checked set."""
    paths = sorted(folder.glob("*.toml"))
    if not paths:
        raise TableError(f"{folder}: no table files (*.toml)")
    return TableSet({path.stem: load_table(path) for path in paths})


_INDENT = "   "


@cache
def default_tables() -> TableSet:
    """The game's tables from assets/tables, loaded once (they are immutable)."""
    return load_tables(tables_dir())


def roll_text(table_name: str, seed: str, n: int) -> str:
    """`n` rolls on a table as readable lines, the same for the same seed text."""
    if n < 1:
        raise ValueError(f"the number of rolls must be at least 1, got {n}")
    tables = default_tables()
    tables.table(table_name)  # unknown names fail before any rolling
    rng = Rng(seed_from_text(seed)).fork("roll")
    lines: list[str] = []
    for number in range(1, n + 1):
        lines += describe(tables.roll(table_name, rng), tables, f"{number}. ")
    return "\n".join(lines)


def describe(roll: Roll, tables: TableSet, label: str = "", indent: str = "") -> list[str]:
    """A roll as indented lines: face and text, its structured fields, then nested results."""
    inner = indent + _INDENT
    lines = [f"{indent}{label}{roll.table} {roll.die}={roll.face}: {roll.text}"]
    if roll.reroll is not None:
        lines.append(f"{inner}reroll {roll.die}={roll.reroll.face}: {roll.reroll.text}")
    shown = _shown_fields(roll, tables.table(roll.table))
    if shown:
        lines.append(f"{inner}[{shown}]")
    for group in roll.nested:
        deeper = inner
        if isinstance(group.ref.count, str):
            lines.append(f"{inner}{group.ref.table} {group.ref.count}={group.count}:")
            deeper += _INDENT
        for item in group.rolls:
            lines += describe(item, tables, "", deeper)
    return lines


def _shown_fields(roll: Roll, table: Table) -> str:
    """The structured fields worth a glance; free text (names, prose) is left to the row text."""
    prose = {spec.name for spec in table.fields if spec.kind == "str"}
    parts = []
    for name, value in roll.fields.items():
        if value is None or name in prose:
            continue
        shown = ",".join(value) if isinstance(value, tuple) else str(value).lower()
        parts.append(f"{name}={shown}")
    return " ".join(parts)
