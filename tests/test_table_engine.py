"""The table engine on small hand-made files: rerolls, nested rolls, and every kind of bad file."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from game.seeds import Rng
from game.tables import Roll, TableError, TableSet, load_table, load_tables

DOORS = """
title = "Mini doors"
die = "d10"
row = [
  { faces = "1-3", text = "Wooden, stuck (10)", material = "wood", state = "stuck", dc = 10 },
  { faces = 4, text = "Wooden, unlocked", material = "wood", state = "unlocked" },
  { faces = "5-6", text = "Stone, locked (20)", material = "stone", state = "locked", dc = 20 },
  { faces = "7-9", text = "Slides. Reroll ignoring 7+. Add +3.", opening = "slides", \
reroll = { ignore_from = 7, add = { dc = 3 } } },
  { faces = 10, text = "Reinforced. Reroll ignoring 7+.", reinforced = true, \
reroll = { ignore_from = 7, set = { dc = { by = "material", wood = 30, stone = 40 } } } },
]
[fields]
material = ["wood", "stone"]
state = ["unlocked", "stuck", "locked"]
dc = "int?"
opening = { choices = ["normal", "slides"], default = "normal" }
reinforced = { type = "bool", default = false }
"""

LEAF = """
title = "Leaf"
die = "d4"
row = [
  { faces = "1-2", text = "low", value = 1 },
  { faces = "3-4", text = "high", value = 2 },
]
[fields]
value = "int"
"""

PARENT = """
title = "Parent"
die = "d6"
then = [{ table = "leaf" }]
row = [
  { faces = "1-3", text = "some", spread = "1d3", roll = [{ table = "leaf", count = "1d4" }] },
  { faces = "4-6", text = "two leaves", roll = [{ table = "leaf", count = 2 }] },
]
[fields]
spread = "dice?"
"""


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def rolls(tables: TableSet, name: str, count: int, seed: int = 1) -> list[Roll]:
    rng = Rng(seed)
    return [tables.roll(name, rng) for _ in range(count)]


@pytest.fixture
def doors(tmp_path: Path) -> TableSet:
    write(tmp_path, "doors", DOORS)
    return load_tables(tmp_path)


# --- rerolls ----------------------------------------------------------------------------------


def test_reroll_never_ends_on_an_ignored_face(doors: TableSet) -> None:
    results = rolls(doors, "doors", 3000)
    rerolled = [roll for roll in results if roll.row.reroll is not None]
    assert len(rerolled) > 500
    for roll in rerolled:
        assert roll.reroll is not None
        assert 1 <= roll.reroll.face <= 6
        assert roll.reroll.row.reroll is None
    assert Counter(roll.reroll.face for roll in rerolled if roll.reroll).keys() == set(range(1, 7))


def test_reroll_keeps_the_landed_row_and_adds_to_its_dc(doors: TableSet) -> None:
    slides = [r for r in rolls(doors, "doors", 3000) if r.fields["opening"] == "slides"]
    seen_none = False
    for roll in slides:
        assert roll.reroll is not None
        base = roll.reroll.fields
        assert roll.fields["material"] == base["material"]
        assert roll.fields["state"] == base["state"]
        assert not roll.flag("reinforced")
        base_dc = base["dc"]
        if isinstance(base_dc, int):
            assert roll.number("dc") == base_dc + 3
        else:  # an unlocked door has no break DC to raise
            seen_none = True
            assert roll.number("dc") is None
    assert seen_none


def test_reinforced_sets_dc_by_material(doors: TableSet) -> None:
    reinforced = [r for r in rolls(doors, "doors", 4000) if r.flag("reinforced")]
    by_material = {"wood": 30, "stone": 40}
    seen = set()
    for roll in reinforced:
        assert roll.fields["opening"] == "normal"
        if roll.fields["state"] != "unlocked":
            assert roll.number("dc") == by_material[roll.string("material")]
            seen.add(roll.string("material"))
    assert seen == {"wood", "stone"}


def test_ordinary_rows_take_defaults(doors: TableSet) -> None:
    plain = [r for r in rolls(doors, "doors", 200) if r.reroll is None]
    assert plain
    for roll in plain:
        assert roll.fields["opening"] == "normal"
        assert roll.fields["reinforced"] is False
        assert list(roll.fields) == ["material", "state", "dc", "opening", "reinforced"]


# --- nested rolls -----------------------------------------------------------------------------


@pytest.fixture
def family(tmp_path: Path) -> TableSet:
    write(tmp_path, "leaf", LEAF)
    write(tmp_path, "parent", PARENT)
    return load_tables(tmp_path)


def test_nested_count_is_rolled_then_that_many_rolls(family: TableSet) -> None:
    counts: Counter[int] = Counter()
    for roll in rolls(family, "parent", 2000):
        first, then = roll.nested
        assert then.ref.table == "leaf" and then.count == 1 and len(then.rolls) == 1
        assert len(first.rolls) == first.count
        assert all(leaf.table == "leaf" for leaf in first.rolls)
        if roll.row.low == 1:
            counts[first.count] += 1
            spread = roll.number("spread")
            assert spread is not None and 1 <= spread <= 3
        else:
            assert first.count == 2
            assert roll.number("spread") is None
        assert len(roll.find("leaf")) == first.count + 1
    assert sorted(counts) == [1, 2, 3, 4]


def test_rolls_are_deterministic(family: TableSet) -> None:
    assert rolls(family, "parent", 50, seed=9) == rolls(family, "parent", 50, seed=9)
    assert rolls(family, "parent", 50, seed=9) != rolls(family, "parent", 50, seed=10)


def test_accessors_check_types(family: TableSet) -> None:
    roll = family.roll("leaf", Rng(3))
    assert roll.number("value") in (1, 2)
    with pytest.raises(TableError, match="not text"):
        roll.string("value")
    with pytest.raises(TableError, match="not true/false"):
        roll.flag("value")
    with pytest.raises(TableError, match="not a list"):
        roll.strings("value")
    with pytest.raises(TableError, match="no field 'nope'; fields are: value"):
        roll.number("nope")


def test_unknown_table_lists_the_names(family: TableSet) -> None:
    with pytest.raises(TableError, match="unknown table 'tree'; tables are: leaf, parent"):
        family.roll("tree", Rng(1))


# --- malformed files --------------------------------------------------------------------------

HEAD = 'title = "Bad"\ndie = "d6"\n'
FIELD = '[fields]\nvalue = "int"\n'
LOW = '{ faces = "1-3", text = "a", value = 1 }'
HIGH = '{ faces = "4-6", text = "b", value = 2 }'


def rows(*lines: str) -> str:
    return "row = [\n" + "\n".join(f"  {line}," for line in lines) + "\n]\n"


def high_with(extra: str) -> str:
    """The second good row with something added."""
    return HIGH.replace(" }", f", {extra} }}")


def bad(*lines: str, fields: str = FIELD, head: str = HEAD) -> str:
    return head + rows(*lines) + fields


ROW2 = r"bad\.toml: row 2 \(faces 4-6\)"
BAD_FILES = {
    "gap": (
        bad('{ faces = "1-2", text = "a", value = 1 }', HIGH),
        r"bad\.toml: row 1 \(faces 1-2\): face 3 is in no row",
    ),
    "gap at the start": (
        bad('{ faces = "2-6", text = "a", value = 1 }'),
        r"bad\.toml: row 1 \(faces 2-6\): face 1 is in no row",
    ),
    "overlap": (
        bad('{ faces = "1-4", text = "a", value = 1 }', HIGH),
        r"bad\.toml: row 2 \(faces 4-6\): face 4 is also in row 1 \(faces 1-4\)",
    ),
    "face out of range": (
        bad(LOW, HIGH, '{ faces = 7, text = "c", value = 3 }'),
        r"bad\.toml: row 3 \(faces 7\): faces must lie in 1\.\.6",
    ),
    "face zero": (
        bad('{ faces = "0-3", text = "a", value = 1 }', HIGH),
        r"bad\.toml: row 1 \(faces 0-3\): faces must lie in 1\.\.6",
    ),
    "reversed faces": (
        bad('{ faces = "3-1", text = "a", value = 1 }', HIGH),
        r"bad\.toml: row 1 \(faces 3-1\): faces must lie in 1\.\.6, low to high",
    ),
    "faces not a range": (
        bad('{ faces = "1 to 3", text = "a", value = 1 }', HIGH),
        r"bad\.toml: row 1: faces = '1 to 3' is not a face",
    ),
    "missing field": (bad(LOW, '{ faces = "4-6", text = "b" }'), ROW2 + ": missing field value"),
    "missing text": (bad(LOW, '{ faces = "4-6", value = 2 }'), ROW2 + " text: missing or empty"),
    "unknown field": (bad(LOW, high_with('colour = "red"')), ROW2 + ": unknown field colour"),
    "wrong type": (
        bad(LOW, '{ faces = "4-6", text = "b", value = "2" }'),
        ROW2 + ": field value = '2' is not int",
    ),
    "bool is not int": (
        bad(LOW, '{ faces = "4-6", text = "b", value = true }'),
        ROW2 + ": field value = True is not int",
    ),
    "word not in choices": (
        bad('{ faces = "1-6", text = "a", value = "teal" }', fields='[fields]\nvalue = ["red"]\n'),
        r"bad\.toml: row 1 \(faces 1-6\): field value = 'teal' is not one of red",
    ),
    "unknown field type": (
        bad(LOW, HIGH, fields='[fields]\nvalue = "float"\n'),
        r"bad\.toml: \[fields\] value: type 'float' is not one of",
    ),
    "reserved field name": (
        bad(LOW, HIGH, fields='[fields]\ntext = "str"\n'),
        r"bad\.toml: \[fields\] text: a field name is",
    ),
    "bad die": (bad(LOW, HIGH, head='title = "B"\ndie = "2d6"\n'), r"bad\.toml: die: '2d6' is not"),
    "one-sided die": (
        bad('{ faces = 1, text = "a", value = 1 }', head='title = "B"\ndie = "d1"\n'),
        r"bad\.toml: die: 'd1' is not one die",
    ),
    "die is a number": (bad(LOW, HIGH, head='title = "B"\ndie = 6\n'), r"bad\.toml: die: 6 is not"),
    "bad count dice": (
        bad(LOW, high_with('roll = [{ table = "bad", count = "1d4-5" }]')),
        ROW2 + r" roll: count = '1d4-5' is not a number",
    ),
    "count not dice": (
        bad(LOW, high_with('roll = [{ table = "bad", count = "lots" }]')),
        ROW2 + r" roll: count = 'lots'",
    ),
    "huge dice": (
        bad(LOW, high_with('roll = [{ table = "bad", count = "1000000d6" }]')),
        ROW2 + r" roll: count = '1000000d6'",
    ),
    "bad dice field": (
        bad('{ faces = "1-6", text = "a", value = "d0" }', fields='[fields]\nvalue = "dice"\n'),
        r"bad\.toml: row 1 \(faces 1-6\): field value = 'd0' is not dice",
    ),
    "no rows": (HEAD + FIELD, r"bad\.toml: needs a list of rows"),
    "unknown top-level key": (
        bad(LOW, HIGH, head=HEAD + 'colour = "red"\n'),
        r"bad\.toml: unknown key colour",
    ),
    "no title": (bad(LOW, HIGH, head='die = "d6"\n'), r"bad\.toml: title: missing"),
    "not toml": ("title = \n[[[", r"bad\.toml: not valid TOML"),
    "reroll chain": (
        bad(
            '{ faces = "1-4", text = "a", value = 1 }',
            '{ faces = 5, text = "again", reroll = { ignore_from = 5 } }',
            '{ faces = 6, text = "again", reroll = { ignore_from = 6 } }',
        ),
        r"bad\.toml: row 3 \(faces 6\): its reroll can land on row 2 \(faces 5\)",
    ),
    "reroll without ignore_from": (
        bad('{ faces = "1-5", text = "a", value = 1 }', '{ faces = 6, text = "r", reroll = {} }'),
        r"bad\.toml: row 2 \(faces 6\) reroll: needs ignore_from",
    ),
    "reroll past the die": (
        bad(
            '{ faces = "1-5", text = "a", value = 1 }',
            '{ faces = 6, text = "r", reroll = { ignore_from = 7 } }',
        ),
        r"bad\.toml: row 2 \(faces 6\) reroll: ignore_from must lie in 2\.\.6",
    ),
    "reroll adds to a non-int": (
        bad(LOW, '{ faces = "4-6", text = "r", reroll = { ignore_from = 4, add = { text = 1 } } }'),
        ROW2 + " reroll add: text is not an int field",
    ),
    "reroll set misses a choice": (
        bad(
            '{ faces = "1-5", text = "a", value = 1, kind = "x" }',
            '{ faces = 6, text = "r", reroll = { ignore_from = 6, set = { value = '
            '{ by = "kind", x = 3 } } } }',
            fields='[fields]\nvalue = "int"\nkind = ["x", "y"]\n',
        ),
        r"bad\.toml: row 2 \(faces 6\) reroll set: value: needs one value for each kind: x, y",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_malformed_file_names_file_and_row(tmp_path: Path, case: str) -> None:
    text, message = BAD_FILES[case]
    path = write(tmp_path, "bad", text)
    with pytest.raises(TableError, match=message):
        load_table(path)


def test_good_file_of_the_malformed_tests_loads(tmp_path: Path) -> None:
    table = load_table(write(tmp_path, "bad", bad(LOW, HIGH)))
    assert [row.faces for row in table.rows] == ["1-3", "4-6"]


def test_table_error_is_a_value_error() -> None:
    assert issubclass(TableError, ValueError)


def test_unknown_reference_names_file_and_row(tmp_path: Path) -> None:
    write(tmp_path, "leaf", LEAF)
    write(
        tmp_path, "parent", PARENT.replace('table = "leaf", count = 2', 'table = "leef", count = 2')
    )
    with pytest.raises(
        TableError, match=r"parent\.toml: row 2 \(faces 4-6\): refers to unknown table 'leef'"
    ):
        load_tables(tmp_path)


def test_unknown_then_reference(tmp_path: Path) -> None:
    write(tmp_path, "leaf", LEAF)
    write(
        tmp_path,
        "parent",
        PARENT.replace('then = [{ table = "leaf" }]', 'then = [{ table = "x" }]'),
    )
    with pytest.raises(TableError, match=r"parent\.toml: then: refers to unknown table 'x'"):
        load_tables(tmp_path)


def test_reference_cycle_names_each_step(tmp_path: Path) -> None:
    write(
        tmp_path, "leaf", LEAF.replace("value = 2 }", 'value = 2, roll = [{ table = "parent" }] }')
    )
    write(tmp_path, "parent", PARENT)
    with pytest.raises(
        TableError, match=r"reference cycle: .*leaf\.toml row 2 \(faces 3-4\) rolls on parent"
    ):
        load_tables(tmp_path)


def test_self_reference_is_a_cycle(tmp_path: Path) -> None:
    write(tmp_path, "leaf", LEAF.replace("value = 1 }", 'value = 1, roll = [{ table = "leaf" }] }'))
    with pytest.raises(
        TableError, match=r"reference cycle: leaf\.toml row 1 \(faces 1-2\) rolls on leaf"
    ):
        load_tables(tmp_path)


def test_empty_folder(tmp_path: Path) -> None:
    with pytest.raises(TableError, match="no table files"):
        load_tables(tmp_path)


def test_file_name_must_be_a_table_name(tmp_path: Path) -> None:
    with pytest.raises(TableError, match=r"Bad-Name\.toml: file name"):
        load_table(write(tmp_path, "Bad-Name", LEAF))


def test_follow_rolls_only_the_named_references() -> None:
    from game.seeds import Rng
    from game.tables import default_tables

    tables = default_tables()
    for seed in range(200):
        full = tables.roll("chambers", Rng(seed))
        shallow = tables.roll("chambers", Rng(seed), follow={"chamber_exits"})
        assert shallow.face == full.face
        assert [n.ref.table for n in shallow.nested] == ["chamber_exits"]
        assert {r.table for r in shallow.walk()} <= {"chambers", "chamber_exits"}
