"""Dice tables as data: TOML files in assets/tables, one small engine that loads and rolls them."""

from game.tables.engine import (
    TableSet,
    default_tables,
    describe,
    load_tables,
    roll_text,
    tables_dir,
)
from game.tables.load import load_table
from game.tables.model import FieldSpec, Nested, Ref, Reroll, Roll, Row, SetBy, Table, TableError

__all__ = [
    "FieldSpec",
    "Nested",
    "Ref",
    "Reroll",
    "Roll",
    "Row",
    "SetBy",
    "Table",
    "TableError",
    "TableSet",
    "default_tables",
    "describe",
    "load_table",
    "load_tables",
    "roll_text",
    "tables_dir",
]
