"""Run codes at their edges: seeds either side of the 32 bytes where the length field widens,
codes typed with O, I and L (and in lower case) as the docstring promises, and plans that leave
out depth 1."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.cli import main
from game.run import Run
from game.run.recipes import RecipeError, parse_recipes

PLAN = "1-2:cave(fill=0.5),3:bsp@100x60"

SEEDS_AT_THE_WIDER_LENGTH = ["a" * 31, "a" * 32, "a" * 33, "é" * 16, "€" * 10 + "ab", "😀" * 8,
                             "é" * 15 + "a", "😀" * 7 + "abcde"]
"""ASCII and multi-byte seeds of 31, 32 and 33 UTF-8 bytes."""


def test_the_edge_seeds_are_the_lengths_they_claim() -> None:
    lengths = sorted(len(seed.encode("utf-8")) for seed in SEEDS_AT_THE_WIDER_LENGTH)
    assert lengths == [31, 31, 32, 32, 32, 32, 33, 33]


@settings(max_examples=60, deadline=None)
@given(st.text(min_size=8, max_size=36), st.booleans())
@example("a" * 31, False)
@example("a" * 32, False)
@example("a" * 33, False)
@example("a" * 32, True)
@example("é" * 16, False)
@example("€" * 10 + "ab", True)
@example("😀" * 8, False)
@example("😀" * 7 + "abcde", True)
def test_seeds_around_32_bytes_round_trip(seed: str, custom: bool) -> None:
    run = Run.from_plan(seed, PLAN if custom else None)
    again = Run.from_code(run.code)
    assert again == run and again.seed == seed and again.code == run.code


def _run_with_zero_and_one() -> Run:
    """A run whose code (after its D<version>- prefix) holds both a 0 and a 1."""
    for number in range(200):
        run = Run.from_plan(f"typed {number}", "1:bsp")
        rest = run.code.partition("-")[2]
        if "0" in rest and "1" in rest:
            return run
    raise AssertionError("no code of 200 seeds holds both 0 and 1")


@pytest.mark.parametrize(("zero", "one"), [("O", "I"), ("O", "L"), ("o", "i"), ("o", "l")])
def test_a_code_typed_with_o_i_and_l_is_the_printed_code_s_run(zero: str, one: str) -> None:
    run = _run_with_zero_and_one()
    prefix, _, rest = run.code.partition("-")
    typed = f"{prefix}-{rest.replace('0', zero).replace('1', one)}"
    assert typed != run.code
    assert Run.from_code(typed) == run
    assert Run.from_code(typed.lower()) == run


@given(st.text(max_size=20), st.sampled_from(["O", "o"]), st.sampled_from(["I", "L", "i", "l"]))
@settings(max_examples=60, deadline=None)
@example("hello", "O", "I")
@example("a" * 32, "o", "L")
def test_any_code_typed_with_look_alikes_decodes_to_its_run(seed: str, zero: str, one: str,
                                                             ) -> None:
    run = Run(seed)
    prefix, _, rest = run.code.partition("-")
    assert Run.from_code(f"{prefix}-{rest.replace('0', zero).replace('1', one)}") == run


@pytest.mark.parametrize("plan", ["2:bsp", "2-5:cave", "2:bsp,3-4:maze"])
def test_a_plan_without_depth_1_is_refused_naming_depth_1(plan: str) -> None:
    with pytest.raises(RecipeError, match=r"^plan: depth 1 is missing \(depths must cover 1\.\."):
        parse_recipes(plan)


@pytest.mark.parametrize("plan", ["2:bsp", "2-5:cave"])
def test_the_command_line_refuses_a_plan_without_depth_1_in_one_line(
    plan: str, capsys: pytest.CaptureFixture[str],
) -> None:
    try:
        status = main(["catalog", "--seed", "x", "--plan", plan])
    except SystemExit as leaving:
        status = int(str(leaving.code))
    out, err = capsys.readouterr()
    assert (status, out) == (2, ""), err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "depth 1 is missing" in err
