"""The hunt's query language (issue 31): its grammar and precedence, its one-line errors, that it
never evaluates Python, and what its answers mean on hand-made floor records."""

from __future__ import annotations

import ast
import builtins
from pathlib import Path
from typing import Any

import pytest

from game.hunt import judge
from game.hunt.fields import FIELDS
from game.hunt.query import (
    MAX_DEPTH,
    MAX_QUERY,
    Both,
    Compare,
    Count,
    Not,
    Over,
    QueryError,
    help_text,
    parse,
    tokenize,
)

FLOOR: dict[str, Any] = {
    "depth": 2, "generator": "maze", "width": 61, "height": 41, "size": "61x41",
    "rooms": 0, "teleporters": 1, "fingerprint": "00ab",
    "door": ["locked", "stuck"],
    "stair": [{"kind": "stairs", "direction": "up"}],
    "encounter": [
        {"template": "wolf_pack", "tactic": "flank", "difficulty": "easy",
         "monster": ["cave_rat", "cave_rat"], "size": 2},
        {"template": "beasts_den", "tactic": "den", "difficulty": "hard",
         "monster": ["giant_centipede"], "size": 1},
    ],
    "monster": ["cave_rat", "cave_rat", "giant_centipede"],
    "vault": [], "merchant": [], "captive": [], "feature": ["altar"], "trap": [],
    "item": ["potion_healing", "potion_healing", "key"],
}


def answer(text: str, floor: dict[str, Any] = FLOOR) -> bool | None:
    return judge.ask(parse(text).root, floor)


def test_and_binds_tighter_than_or_and_not_tighter_than_both() -> None:
    root = parse("depth==1 or depth==2 and rooms==3").root
    assert isinstance(root, Both) and root.op == "or"
    assert isinstance(root.parts[1], Both) and root.parts[1].op == "and"
    root = parse("not depth==1 and rooms==3").root
    assert isinstance(root, Both) and root.op == "and" and isinstance(root.parts[0], Not)
    root = parse("(depth==1 or depth==2) and rooms==3").root
    assert isinstance(root, Both) and root.op == "and"
    assert isinstance(root.parts[0], Both) and root.parts[0].op == "or"


def test_precedence_decides_answers() -> None:
    assert answer("depth==2 or depth==1 and rooms==5") is True
    assert answer("(depth==2 or depth==1) and rooms==5") is False
    assert answer("not depth==1 and rooms==0") is True
    assert answer("not (depth==2 and rooms==0)") is False


def test_comparisons_on_numbers_and_text() -> None:
    assert answer("depth<=3 and generator==maze") is True
    assert answer("width>60 and height<42 and depth>=2 and depth!=3") is True
    assert answer("size==61x41 and fingerprint=='00ab'") is True
    assert answer('generator=="bsp"') is False


def test_a_list_field_matches_when_some_element_does() -> None:
    assert answer("item==potion_healing") is True
    assert answer("item==wand_dig") is False
    assert answer("encounter.template==wolf_pack and encounter.difficulty==hard") is True


def test_any_binds_one_element_all_wants_every_one() -> None:
    assert answer("any(encounter.template==wolf_pack and encounter.difficulty==hard)") is False
    assert answer("any(encounter.template==wolf_pack and encounter.difficulty==easy)") is True
    assert answer("any(encounter.template==wolf_pack and depth==2)") is True
    assert answer("all(encounter.size>=1)") is True
    assert answer("all(encounter.monster==cave_rat)") is False
    assert answer("all(vault.item==wand_dig)") is True  # no vault: vacuously
    assert answer("any(vault.item==wand_dig)") is False
    assert answer("any(encounter.template==wolf_pack and all(encounter.monster==cave_rat))")


def test_count_counts_elements_or_those_that_match() -> None:
    assert answer("count(item==potion_healing)==2") is True
    assert answer("count(item)==3 and count(vault)==0 and count(encounter)>1") is True
    assert answer("count(encounter.difficulty==hard)==1") is True
    assert answer("any(encounter.template==wolf_pack and count(encounter.monster)==2)") is True


def test_a_field_of_a_stage_not_made_yet_leaves_the_answer_open() -> None:
    recipe_only = {name: FLOOR[name] for name in ("depth", "generator", "width", "height",
                                                  "size")}
    assert answer("depth==1 and item==wand_dig", recipe_only) is False
    assert answer("depth==2 and item==wand_dig", recipe_only) is None
    assert answer("depth==2 or item==wand_dig", recipe_only) is True
    assert answer("not item==key", recipe_only) is None
    assert answer("count(item)>=1", recipe_only) is None


def test_the_stage_is_the_last_one_a_field_needs() -> None:
    assert parse("depth<=3 and generator==maze").stage_name == "recipe"
    assert parse("rooms>=20 or fingerprint==ab").stage_name == "layout"
    assert parse("any(encounter.template==wolf_pack and depth==1)").stage_name == "dressing"
    assert parse("depth==1 and item==wand_dig").stage_name == "full"
    assert parse("count(vault)>=1").stage_name == "dressing"


@pytest.mark.parametrize(("text", "words"), [
    ("depth = 3", "column 7: unexpected '='"),
    ("depth<=x", "depth is a number"),
    ("generator<maze", "generator is text"),
    ("item", "expected a comparison"),
    ("vault==x", "vault holds records"),
    ("any(depth==1)", "names no list"),
    ("any(item==a and encounter.template==b)", "ranges over one list"),
    ("depth==1 and", "the end of the query"),
    ("(depth==1", "expected ')'"),
    ("nosuch==1", "no field 'nosuch'"),
    ("encounter.nope==1", "the parts of encounter"),
    ("'abc", "never closed"),
    ("depth==1 or or", "not 'or'"),
    ("depth==1 depth==2", "expected and, or or the end"),
    ("count(depth)>1", "needs a list"),
    ("", "expected a field"),
    ("depth==and", "expected a value"),
])
def test_bad_queries_name_the_problem_in_one_line(text: str, words: str) -> None:
    with pytest.raises(QueryError) as problem:
        parse(text)
    message = str(problem.value)
    assert words in message and "\n" not in message


@pytest.mark.parametrize("text", [
    "__import__('os')",
    "__import__('os').system('true')",
    "depth==1 or __import__('os')",
    "eval('1')",
    "exec('import os')",
    "().__class__.__bases__",
    "depth==1; import os",
    "lambda: 1",
    "[x for x in ()]",
    "depth==1 and open('/etc/passwd')",
    "getattr(depth, 'x')==1",
    "item.__class__==x",
])
def test_hostile_strings_are_parse_errors_and_run_nothing(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the query language ran Python")

    for name in ("eval", "exec", "compile", "__import__"):
        monkeypatch.setattr(builtins, name, refuse, raising=True)
    with pytest.raises(QueryError):
        parse(text)


def test_the_query_modules_call_no_eval_exec_compile_or_import() -> None:
    for name in ("query.py", "judge.py", "floors.py"):
        tree = ast.parse((Path("game/hunt") / name).read_text())
        called = {node.func.id for node in ast.walk(tree)
                  if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
        assert not called & {"eval", "exec", "compile", "__import__", "getattr"}, name


def test_limits_refuse_long_and_deep_queries_in_one_line() -> None:
    with pytest.raises(QueryError, match="longer than"):
        parse("depth==1 or " * (MAX_QUERY // 10) + "depth==1")
    with pytest.raises(QueryError, match="nested deeper"):
        parse("(" * (MAX_DEPTH + 1) + "depth==1" + ")" * (MAX_DEPTH + 1))
    with pytest.raises(QueryError, match="nested deeper"):
        parse("not " * 100 + "depth==1")
    with pytest.raises(QueryError, match="nested deeper"):
        parse("any(" + "(" * 100 + "item==x" + ")" * 101)
    assert answer("(" * MAX_DEPTH + "depth==2" + ")" * MAX_DEPTH) is True


def test_tokens_carry_their_columns() -> None:
    tokens = tokenize("  depth <= 3")
    assert [(t.kind, t.text, t.column) for t in tokens] == [
        ("word", "depth", 3), ("op", "<=", 9), ("word", "3", 12), ("end", "", 13)]


def test_the_help_lists_the_grammar_and_every_field() -> None:
    text = help_text()
    assert "or_expr" in text and "any" in text and "count" in text
    assert all(name in text for name in FIELDS)


def test_nodes_are_plain_data() -> None:
    root = parse("any(encounter.template==wolf_pack) and count(item)>=2").root
    assert isinstance(root, Both)
    over, counted = root.parts
    assert isinstance(over, Over) and over.bound == ("encounter",)
    assert isinstance(counted, Compare) and isinstance(counted.left, Count)
    assert counted.left.inner is None and counted.value == 2


def test_a_range_over_a_list_not_made_yet_is_settled_by_what_its_condition_says_alone() -> None:
    recipe_only = {name: FLOOR[name] for name in ("depth", "generator", "width", "height",
                                                  "size")}
    assert answer("any(encounter.template==wolf_pack and depth==1)", recipe_only) is False
    assert answer("any(encounter.template==wolf_pack and depth==2)", recipe_only) is None
    assert answer("all(encounter.size>=1 or depth==2)", recipe_only) is True
    assert answer("all(encounter.size>=1 or depth==1)", recipe_only) is None
    assert answer("count(item==key and depth==1)==0", recipe_only) is True
    assert answer("count(item==key and depth==2)==0", recipe_only) is None


def test_words_are_checked_against_the_content_and_names_become_keys() -> None:
    from game.hunt.words import checked

    query = checked(parse("item==wand_of_digging and vault.item==wand_dig"))
    assert isinstance(query.root, Both)
    assert [part.value for part in query.root.parts if isinstance(part, Compare)] == [
        "wand_dig", "wand_dig"]
    assert checked(parse("fingerprint==abc and door==anything")) is not None
    with pytest.raises(QueryError, match=r"choose from battle_lines, .*, wolf_pack"):
        checked(parse("any(encounter.template==wolfpack)"))
    with pytest.raises(QueryError, match="did you mean wand_dig"):
        checked(parse("item==wand_dug"))
    with pytest.raises(QueryError, match="choose from average, boss, easy, hard"):
        checked(parse("count(encounter.difficulty==medium)>1"))
    with pytest.raises(QueryError, match="generator is never 'mase'; choose from bsp, cave, maze"):
        checked(parse("not generator==mase"))
