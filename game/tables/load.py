"""Read one table file (TOML) into a validated `Table`; every problem names the file and the row.

File layout (plain keys first: TOML puts every key after a [section] header into that section):

    title = "Doors"              and die = "d100"; optional notes (the source's prose) and
                                 then = [{ table = "x" }] (rolls that follow whichever row)
    row = [                      one inline table per printed row:
      { faces = 7 or "3-5", text = "...", <fields>, roll = [{ table = "x", count = "1d4" }],
        reroll = { ignore_from = 91, add = { dc = 1 }, set = { dc = { by = "material", ... } } } },
    ]
    [fields]                     name = "int" | "bool" | "str" | "strs" | "dice" (suffix ? = may
                                 be left out, meaning None), ["a", "b"] (one of these words), or
                                 { type = ..., default = ... } / { choices = [...], default = ... }

Loading is data only: tomllib, type checks and range checks, never eval.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.assets import TomlSyntaxError, read_toml
from game.tables.model import (
    FieldSpec,
    Kind,
    Ref,
    Reroll,
    Row,
    SetBy,
    Table,
    TableError,
    Value,
)

RESERVED = ("faces", "text", "roll", "reroll")
MAX_SIDES = 1000
MAX_DICE = 100
_NAME = re.compile(r"^[a-z][a-z0-9_]*$")
_DIE = re.compile(r"^1?d(\d+)$")
_DICE = re.compile(r"^(\d*)d(\d+)([+-]\d+)?$")
_FACES = re.compile(r"^(\d+)(?:-(\d+))?$")
_BASIC_KINDS: tuple[Kind, ...] = ("int", "bool", "str", "strs", "dice")


class _Where:
    """Builds errors that start with the file name and, when known, the row."""

    def __init__(self, path: Path) -> None:
        self.file = path.name

    def error(self, where: str, message: str) -> TableError:
        place = f"{self.file}: {where}" if where else self.file
        return TableError(f"{place}: {message}")


def load_table(path: Path) -> Table:
    """Parse and validate one file; the table's name is the file's stem."""
    at = _Where(path)
    if not _NAME.match(path.stem):
        raise at.error("", "file name must be lower_case_words.toml (it is the table's name)")
    try:
        data = read_toml(path)
    except TomlSyntaxError as problem:
        raise at.error("", f"not valid TOML: {problem}") from None
    except (OSError, UnicodeDecodeError) as problem:
        raise at.error("", f"cannot read: {problem}") from None
    return _table(path, data, at)


def _table(path: Path, data: dict[str, Any], at: _Where) -> Table:
    _only(data, ("title", "die", "notes", "then", "row", "fields"), at, "")
    title = _text(data.get("title"), at, "title")
    sides = _die(data.get("die"), at)
    notes = data.get("notes", "")
    if not isinstance(notes, str):
        raise at.error("notes", "must be text")
    specs = _fields(_mapping(data.get("fields", {}), at, "[fields]"), at)
    raw_rows = data.get("row")
    if not isinstance(raw_rows, list) or not raw_rows:
        raise at.error("", "needs a list of rows: row = [{ faces = ..., text = ... }, ...]")
    rows = tuple(_row(index, raw, specs, at) for index, raw in enumerate(raw_rows, 1))
    _check_faces(rows, sides, at)
    _check_rerolls(rows, sides, at)
    then = _refs(data.get("then", []), at, "then")
    return Table(path.stem, path, title, sides, tuple(specs.values()), rows, then, notes)


def _only(data: Mapping[str, Any], allowed: tuple[str, ...], at: _Where, where: str) -> None:
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise at.error(where, f"unknown key {', '.join(unknown)}; allowed: {', '.join(allowed)}")


def _mapping(value: object, at: _Where, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise at.error(where, "missing or not a table")
    return value


def _text(value: object, at: _Where, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise at.error(where, "missing or empty text")
    return value


def _die(value: object, at: _Where) -> int:
    match = _DIE.match(value) if isinstance(value, str) else None
    sides = int(match.group(1)) if match else 0
    if not 2 <= sides <= MAX_SIDES:
        raise at.error("die", f"{value!r} is not one die of 2..{MAX_SIDES} sides (d20)")
    return sides


def _dice_range(text: str) -> tuple[int, int] | None:
    """Lowest and highest total of dice text such as "1d4" or "2d6+1"; None if not dice.

    Dice are capped (MAX_DICE dice of up to MAX_SIDES sides) so a file cannot ask for a huge roll.
    """
    match = _DICE.match(text.replace(" ", ""))
    if match is None:
        return None
    count, sides = int(match.group(1) or 1), int(match.group(2))
    bonus = int(match.group(3) or 0)
    if not (1 <= count <= MAX_DICE and 1 <= sides <= MAX_SIDES):
        return None
    return count + bonus, count * sides + bonus


def _fields(raw: dict[str, Any], at: _Where) -> dict[str, FieldSpec]:
    specs: dict[str, FieldSpec] = {}
    for name, spec in raw.items():
        where = f"[fields] {name}"
        if not _NAME.match(name) or name in RESERVED:
            raise at.error(where, f"a field name is lower_case_words, not one of {RESERVED}")
        specs[name] = _spec(name, spec, at, where)
    return specs


def _spec(name: str, raw: object, at: _Where, where: str) -> FieldSpec:
    if isinstance(raw, dict):
        _only(raw, ("type", "choices", "default"), at, where)
        if "default" not in raw or ("type" in raw) == ("choices" in raw):
            raise at.error(where, "write { type = ..., default = ... } or { choices, default }")
        base = _spec(name, raw.get("type", raw.get("choices")), at, where)
        if base.optional:
            raise at.error(where, "a field with a default cannot also be marked ?")
        default = _value(base, raw["default"], at, f"{where} default")
        return FieldSpec(name, base.kind, base.choices, optional=True, default=default)
    if isinstance(raw, list):
        if not raw or not all(isinstance(c, str) and c for c in raw) or len(set(raw)) < len(raw):
            raise at.error(where, "choices must be distinct, non-empty words")
        return FieldSpec(name, "enum", tuple(raw))
    if isinstance(raw, str):
        kind = raw.removesuffix("?")
        for known in _BASIC_KINDS:
            if kind == known:
                return FieldSpec(name, known, optional=raw.endswith("?"))
    kinds = ", ".join(_BASIC_KINDS)
    raise at.error(where, f"type {raw!r} is not one of {kinds} (with optional ?) or a word list")


def _value(spec: FieldSpec, raw: object, at: _Where, where: str) -> Value:
    """Check one written value against its field; lists become tuples."""
    kind = spec.kind
    if kind == "int" and isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    if kind == "bool" and isinstance(raw, bool):
        return raw
    if kind == "str" and isinstance(raw, str):
        return raw
    if kind == "enum" and isinstance(raw, str) and raw in spec.choices:
        return raw
    if kind == "dice" and isinstance(raw, str) and _dice_at_least_zero(raw):
        return raw
    if kind == "strs" and isinstance(raw, list) and all(isinstance(item, str) for item in raw):
        return tuple(raw)
    expected = f"one of {', '.join(spec.choices)}" if kind == "enum" else kind
    raise at.error(where, f"field {spec.name} = {raw!r} is not {expected}")


def _dice_at_least_zero(text: str) -> bool:
    bounds = _dice_range(text)
    return bounds is not None and bounds[0] >= 0


def _row(index: int, raw: object, specs: dict[str, FieldSpec], at: _Where) -> Row:
    if not isinstance(raw, dict):
        raise at.error(f"row {index}", "not a table")
    low, high = _faces(raw.get("faces"), at, f"row {index}")
    where = f"row {index} (faces {low if low == high else f'{low}-{high}'})"
    text = _text(raw.get("text"), at, f"{where} text")
    unknown = sorted(set(raw) - set(RESERVED) - set(specs))
    if unknown:
        known = ", ".join(list(RESERVED) + list(specs))
        raise at.error(where, f"unknown field {', '.join(unknown)}; fields are: {known}")
    reroll = _reroll(raw["reroll"], specs, at, where) if "reroll" in raw else None
    values: dict[str, Value] = {}
    for name, spec in specs.items():
        if name in raw:
            values[name] = _value(spec, raw[name], at, where)
        elif not spec.optional and reroll is None:
            raise at.error(where, f"missing field {name}")
    refs = _refs(raw.get("roll", []), at, f"{where} roll")
    return Row(index, low, high, text, MappingProxyType(values), refs, reroll)


def _faces(raw: object, at: _Where, where: str) -> tuple[int, int]:
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw, raw
    match = _FACES.match(raw.replace(" ", "")) if isinstance(raw, str) else None
    if match is None:
        raise at.error(where, f'faces = {raw!r} is not a face (7) or a range ("3-5")')
    low = int(match.group(1))
    return low, int(match.group(2) or low)


def _refs(raw: object, at: _Where, where: str) -> tuple[Ref, ...]:
    if not isinstance(raw, list):
        raise at.error(where, "must be a list of { table = ..., count = ... }")
    return tuple(_ref(item, at, where) for item in raw)


def _ref(raw: object, at: _Where, where: str) -> Ref:
    item = _mapping(raw, at, where)
    _only(item, ("table", "count"), at, where)
    table = item.get("table")
    if not isinstance(table, str) or not _NAME.match(table):
        raise at.error(where, f"table = {table!r} is not a table name")
    count = item.get("count", 1)
    if isinstance(count, int) and not isinstance(count, bool) and count >= 0:
        return Ref(table, count)
    if not isinstance(count, str) or not _dice_at_least_zero(count):
        raise at.error(where, f"count = {count!r} is not a number >= 0 or dice (1d4, 2d6+1)")
    return Ref(table, count)


def _reroll(raw: object, specs: dict[str, FieldSpec], at: _Where, where: str) -> Reroll:
    where = f"{where} reroll"
    item = _mapping(raw, at, where)
    _only(item, ("ignore_from", "add", "set"), at, where)
    ignore_from = item.get("ignore_from")
    if not isinstance(ignore_from, int) or isinstance(ignore_from, bool):
        raise at.error(where, "needs ignore_from = the first face to ignore (91 for 91+)")
    add = _mapping(item.get("add", {}), at, f"{where} add")
    adds: list[tuple[str, int]] = []
    for name, amount in add.items():
        _int_field(specs, name, at, f"{where} add")
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise at.error(f"{where} add", f"{name} = {amount!r} is not a whole number")
        adds.append((name, amount))
    sets = _mapping(item.get("set", {}), at, f"{where} set")
    set_by = tuple(_set_by(name, rule, specs, at, f"{where} set") for name, rule in sets.items())
    return Reroll(ignore_from, tuple(adds), set_by)


def _int_field(specs: dict[str, FieldSpec], name: str, at: _Where, where: str) -> None:
    if name not in specs or specs[name].kind != "int":
        raise at.error(where, f"{name} is not an int field of this table")


def _set_by(name: str, raw: object, specs: dict[str, FieldSpec], at: _Where, where: str) -> SetBy:
    _int_field(specs, name, at, where)
    rule = _mapping(raw, at, f"{where} {name}")
    by = rule.get("by")
    if not isinstance(by, str) or by not in specs or specs[by].kind != "enum":
        raise at.error(where, f"{name}: by = {by!r} is not a word-list field of this table")
    choices = specs[by].choices
    given = sorted(set(rule) - {"by"})
    if given != sorted(choices):
        raise at.error(where, f"{name}: needs one value for each {by}: {', '.join(choices)}")
    values = tuple((choice, rule[choice]) for choice in choices)
    if not all(isinstance(v, int) and not isinstance(v, bool) for _, v in values):
        raise at.error(where, f"{name}: values must be whole numbers")
    return SetBy(name, by, values)


def _check_faces(rows: tuple[Row, ...], sides: int, at: _Where) -> None:
    """Every face 1..sides in exactly one row: out of range, overlaps and gaps are errors."""
    owner: dict[int, Row] = {}
    for row in rows:
        if not 1 <= row.low <= row.high <= sides:
            raise at.error(row.where, f"faces must lie in 1..{sides}, low to high")
        for face in range(row.low, row.high + 1):
            if face in owner:
                raise at.error(row.where, f"face {face} is also in {owner[face].where}")
            owner[face] = row
    missing = [face for face in range(1, sides + 1) if face not in owner]
    if missing:
        first = missing[0]
        neighbour = owner.get(first - 1) or min(rows, key=lambda row: row.low)
        raise at.error(neighbour.where, f"face {first} is in no row (a gap next to this row)")


def _check_rerolls(rows: tuple[Row, ...], sides: int, at: _Where) -> None:
    """A reroll must land only on ordinary rows, so it always ends after one more roll."""
    for row in rows:
        if row.reroll is None:
            continue
        limit = row.reroll.ignore_from
        if not 2 <= limit <= sides:
            raise at.error(f"{row.where} reroll", f"ignore_from must lie in 2..{sides}")
        for other in rows:
            if other.low < limit and other.reroll is not None:
                raise at.error(row.where, f"its reroll can land on {other.where}, also a reroll")
