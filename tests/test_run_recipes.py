"""A run's recipes as text: the short form (--plan), the TOML run file, and every bad one."""

from __future__ import annotations

import pytest

from game import generators
from game.run.recipes import (
    RecipeError,
    entries_text,
    make_recipes,
    parse_recipes,
    read_run_file,
)

EXAMPLE = "1-2:bsp,3:power,4:cave(loops=0),5:tables(ruleset=3.5),6:maze(stamp=42),7-10:random"


def test_the_issue_example_parses_except_unknown_params() -> None:
    with pytest.raises(RecipeError, match="has no parameter 'loops'"):
        parse_recipes(EXAMPLE)  # the cave takes no `loops`: the plan is refused, naming it


def test_a_full_plan() -> None:
    text = (
        "1-2:bsp(loops=0),3:power,4:cave@100x60(fill=0.45),5:maze(stamp=42;perfect=false),"
        "6-8:random"
    )
    entries = parse_recipes(text)
    made = make_recipes(entries, run_seed=7)
    assert [r.depth for r in made] == list(range(1, 9))
    assert [r.generator for r in made[:5]] == ["bsp", "bsp", "power", "cave", "maze"]
    assert all(r.generator in generators.names() for r in made)
    assert (made[3].width, made[3].height) == (100, 60)
    assert made[4].params == (("perfect", "false"),)  # stamp=42 is the default: left out
    assert parse_recipes(entries_text(entries)) == entries


def test_random_depends_on_seed_and_depth_only() -> None:
    many = make_recipes(parse_recipes("1-30:random"), run_seed=1)
    assert len({r.generator for r in many}) == len(generators.names())
    alone = make_recipes(parse_recipes("1-3:bsp,4:random,5-30:random"), run_seed=1)
    assert [r.generator for r in alone[3:]] == [r.generator for r in many[3:]]
    other = make_recipes(parse_recipes("1-30:random"), run_seed=2)
    assert [r.generator for r in other] != [r.generator for r in many]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("1:bsp,2:pwer", "character 7 .*unknown generator 'pwer'"),
        ("1-3:bsp,3:cave", "depth 3 is given twice"),
        ("1:bsp,3:cave", "depth 2 is missing"),
        ("1:bsp(leaf=3)", "leaf: 3 is outside"),
        ("1:bsp(boss=true)", "has no parameter 'boss'"),
        ("1:bsp(ruleset=5e)", "not one of 4e"),
        ("1:bsp@5x5", "floor size"),
        ("3-1:bsp", "upward"),
        ("1:bsp(", "unbalanced brackets"),
        ("1:bsp)", "unbalanced brackets"),
        ("1:bsp;2:cave", "expected DEPTHS:GENERATOR"),
        ("1:random(leaf=20)", "only dressing parameters"),
    ],
)
def test_bad_plans_name_position_and_reason(text: str, message: str) -> None:
    with pytest.raises(RecipeError, match=message):
        parse_recipes(text)


def test_toml_long_form() -> None:
    seed, entries = read_run_file(
        """
seed = "from a file"
[[floor]]
depths = "1-2"
generator = "bsp"
params = { loops = 1 }
[[floor]]
depths = 3
generator = "maze"
width = 41
height = 31
params = { perfect = false, stamp = "42" }
""",
        "run.toml",
    )
    assert seed == "from a file"
    assert entries_text(entries) == "1-2:bsp(loops=1),3:maze@41x31(perfect=false;stamp=42)"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("seed = ", "not valid TOML"),
        ("colour = 1", "unknown key 'colour'"),
        ("seed = 'x'", "at least one"),
        ("[[floor]]\ndepths = '1'\ngenerator = 'bsp'\nsize = 3", "floor 1: unknown key 'size'"),
        ("[[floor]]\ndepths = '1'\ngenerator = 'nope'", "run.toml: floor 1: unknown generator"),
    ],
)
def test_bad_run_files(text: str, message: str) -> None:
    with pytest.raises(RecipeError, match=message):
        read_run_file(text, "run.toml")
