"""Run plans: the short form, the TOML long form, and every kind of bad plan."""

from __future__ import annotations

import pytest

from game import generators
from game.runplan import PlanError, canonical, parse_plan, plan_from_toml, recipes

EXAMPLE = "1-2:bsp,3:power,4:cave(loops=0),5:tables(ruleset=3.5),6:maze(stamp=42),7-10:random"


def test_the_issue_example_parses_except_unknown_params() -> None:
    with pytest.raises(PlanError, match="has no parameter 'loops'"):
        parse_plan(EXAMPLE)  # the cave takes no `loops`: the plan is refused, naming it


def test_a_full_plan() -> None:
    text = (
        "1-2:bsp(loops=0),3:power,4:cave@100x60(fill=0.45),5:maze(stamp=42;perfect=false),"
        "6-8:random"
    )
    entries = parse_plan(text)
    made = recipes(entries, run_seed=7)
    assert [r.depth for r in made] == list(range(1, 9))
    assert [r.generator for r in made[:5]] == ["bsp", "bsp", "power", "cave", "maze"]
    assert all(r.generator in generators.names() for r in made)
    assert (made[3].width, made[3].height) == (100, 60)
    assert made[4].params == (("perfect", "false"), ("stamp", "42"))
    assert parse_plan(canonical(entries)) == entries


def test_random_depends_on_seed_and_depth_only() -> None:
    many = recipes(parse_plan("1-30:random"), run_seed=1)
    assert len({r.generator for r in many}) == len(generators.names())
    alone = recipes(parse_plan("1-3:bsp,4:random,5-30:random"), run_seed=1)
    assert [r.generator for r in alone[3:]] == [r.generator for r in many[3:]]
    other = recipes(parse_plan("1-30:random"), run_seed=2)
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
    with pytest.raises(PlanError, match=message):
        parse_plan(text)


def test_toml_long_form() -> None:
    seed, entries = plan_from_toml(
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
    assert canonical(entries) == "1-2:bsp(loops=1),3:maze@41x31(perfect=false;stamp=42)"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("seed = ", "not valid TOML"),
        ("colour = 1", "unknown key 'colour'"),
        ("seed = 'x'", "at least one"),
        ("[[floor]]\ndepths = '1'\ngenerator = 'bsp'\nsize = 3", "floor 1: unknown key 'size'"),
        ("[[floor]]\ndepths = '1'\ngenerator = 'nope'", "floor 1: unknown generator 'nope'"),
    ],
)
def test_bad_run_files(text: str, message: str) -> None:
    with pytest.raises(PlanError, match=message):
        plan_from_toml(text, "run.toml")
