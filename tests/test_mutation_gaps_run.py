"""Run codes and plans pinned where a mutation run (issue 34, `make mutate`) found them loose: the
shortest code, an old version's code letter for letter, the longest seed a run takes, a choice
one past its count, a plan parameter without its key or its `=`, and the default plan."""

from __future__ import annotations

import pytest

from game.run import MAX_SEED_BYTES, MIN_SIDE, FloorRecipe, Run, default_recipes
from game.run.bits import BitWriter
from game.run.code import RunCode, RunCodeError, decode, encode
from game.run.recipes import (
    MAX_SIDE,
    RecipeError,
    make_recipes,
    parse_recipes,
    recipes_text,
)
from game.version import RULES_VERSION


def test_the_shortest_code_is_nine_letters_and_eight_are_too_short() -> None:
    """The empty seed's code: three flags and a five-bit length, then the 35 check bits, is
    43 bits in nine letters. Eight letters cannot hold a code at all."""
    shortest = encode(RunCode(""))
    letters = shortest.removeprefix(f"D{RULES_VERSION}-").replace("-", "")
    assert len(letters) == 9
    assert decode(shortest) == RunCode("")
    for count in (8, 7, 1):
        with pytest.raises(RunCodeError, match=r"^run code: too short$"):
            decode(f"D{RULES_VERSION}-{letters[:count]}")


def test_an_old_versions_code_is_kept_letter_for_letter() -> None:
    """Rules versions 1..3 wrote bytes, not packed bits: a save made then shows this code, so it
    must come out the same, in the fewest letters that hold the bytes."""
    assert encode(RunCode("delve", version=3)) == "D3-0C100-1B4CN-P7CSD-8AR8Z-M"
    assert encode(RunCode("", version=3)) == "D3-0C100-01GEP-J9R"
    with pytest.raises(RunCodeError, match="its seed is 'delve'"):
        decode("D3-0C100-1B4CN-P7CSD-8AR8Z-M")


def test_a_run_takes_a_seed_of_the_longest_length_and_no_longer() -> None:
    assert Run("é" * (MAX_SEED_BYTES // 2)).seed == "é" * (MAX_SEED_BYTES // 2)
    with pytest.raises(RunCodeError, match="longer than"):
        Run("x" * (MAX_SEED_BYTES + 1))
    with pytest.raises(RunCodeError, match="longer than"):
        Run("é" * (MAX_SEED_BYTES // 2) + "x")


def test_a_choice_must_be_below_its_count() -> None:
    writer = BitWriter()
    writer.put_choice(4, 5)
    for index, count in ((5, 5), (6, 5), (-1, 5), (1, 1)):
        with pytest.raises(ValueError, match="is not within"):
            writer.put_choice(index, count)


@pytest.mark.parametrize("param", ["perfect", "=3", " = 3", "perfect;=true"])
def test_a_plan_parameter_needs_a_key_and_an_equals_sign(param: str) -> None:
    with pytest.raises(RecipeError, match="is not KEY=VALUE"):
        parse_recipes(f"1-30:maze({param})")


DEFAULT_PLAN = ("1:bsp@80x45,2:power@80x45,3:cave@90x50,4:tables@90x60,5:maze@61x41,"
                "6:bsp@100x60,7:cave@100x60,8:power@90x55,9:tables@100x60,10:bsp@80x45")


def test_the_default_plan_and_sizes_are_what_shared_codes_mean() -> None:
    """A default run's code carries no plan, and a plan's code leaves out a floor's size when it
    is its generator's default: both are read back through these tables, so a change to either
    changes the floors of every code already shared. Change them only with a RULES_VERSION bump
    (then update this)."""
    assert recipes_text(default_recipes()) == DEFAULT_PLAN
    made = make_recipes(parse_recipes("1:bsp,2:power,3:cave,4:tables,5:maze"), run_seed=1)
    assert [(r.generator, r.width, r.height) for r in made] == [
        ("bsp", 80, 45), ("power", 80, 45), ("cave", 90, 50), ("tables", 90, 60),
        ("maze", 61, 41)]


def test_a_bad_plan_entry_is_named_by_the_character_it_starts_at() -> None:
    """Counted from 1, as a player counts along what they typed."""
    with pytest.raises(RecipeError, match=r"^plan at character 7 \('2:nope'\): unknown"):
        parse_recipes("1:bsp,2:nope")
    with pytest.raises(RecipeError, match=r"^plan at character 1 \('1:nope'\): unknown"):
        parse_recipes("1:nope")


def test_a_run_takes_floor_sides_of_20_to_400_and_no_more() -> None:
    for side in (MIN_SIDE, MAX_SIDE):
        Run("sides", (FloorRecipe(1, "bsp", side, side),))
        Run("sides", (FloorRecipe(1, "bsp", side, MIN_SIDE), FloorRecipe(2, "bsp", MIN_SIDE, side)))
    assert (MIN_SIDE, MAX_SIDE) == (20, 400)
    for width, height in ((MIN_SIDE - 1, 30), (30, MIN_SIDE - 1), (MAX_SIDE + 1, 30),
                          (30, MAX_SIDE + 1)):
        with pytest.raises(RecipeError, match=r"floor size must be within 20\.\.400"):
            Run("sides", (FloorRecipe(1, "bsp", width, height),))
