"""Run codes: any plan round-trips through a short code, typos are caught, other rules versions
and hostile codes are refused in one line."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import generators
from game.cli import main
from game.generators.stampfont import SUPPORTED
from game.params import Param
from game.run import Run
from game.run.bits import BitReader, BitWriter
from game.run.code import (
    ALPHABET,
    CHECK_BITS,
    RunCode,
    RunCodeError,
    _checksum,
    _grouped,
    _letters,
    decode,
    encode,
)
from game.run.packed import param_names
from game.run.recipe import param_spec
from game.run.recipes import MAX_SIDE
from game.version import RULES_VERSION

README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
README_PLAN = "1-2:bsp,3:power,4:cave,5:tables(ruleset=3.5),6:maze(stamp=42),7-10:random"
TODAYS_DEFAULT = "D3-0C100-1B8CN-P6RVS-XBVQK-W"
"""The README's code for seed 'hello' under rules version 3: the last code of the text format."""
SIDE = max(max(generators.get(n).min_width, generators.get(n).min_height)
           for n in generators.names())


def _value(spec: Param) -> st.SearchStrategy[str]:
    """Any valid text for a parameter, defaults included (the code drops those)."""
    default = spec.default
    if isinstance(default, bool):
        return st.sampled_from(["true", "false", "yes", "0"])
    if spec.choices:
        return st.sampled_from(spec.choices)
    low, high = spec.minimum, spec.maximum
    if isinstance(default, int):
        return st.integers(int(low) if low is not None else -10**6,
                           int(high) if high is not None else 10**6).map(str)
    if isinstance(default, float):
        plain = st.floats(low, high, allow_nan=False, allow_infinity=False).map(repr)
        short = st.integers(0, 100).map(lambda n: f"{n / 100:.2f}")
        return st.one_of(plain, short)
    return st.text(SUPPORTED, max_size=8)


@st.composite
def plans(draw: st.DrawFn) -> str:
    """A random plan: entries of known generators or random, sizes, any parameters."""
    parts = []
    first = 1
    for _ in range(draw(st.integers(1, 4))):
        last = first + draw(st.integers(0, 3))
        name = draw(st.sampled_from([*generators.names(), "random"]))
        size = ""
        if draw(st.booleans()):
            size = f"@{draw(st.integers(SIDE, MAX_SIDE))}x{draw(st.integers(SIDE, MAX_SIDE))}"
        keys = ["ruleset"] if name == "random" else param_names(name)
        chosen = draw(st.lists(st.sampled_from(keys), unique=True, max_size=len(keys)))
        params = []
        for key in chosen:
            spec = param_spec("tables" if name == "random" else name, key)
            params.append(f"{key}={draw(_value(spec).filter(functools.partial(_fits, spec)))}")
        parts.append(f"{first}-{last}:{name}{size}" + (f"({';'.join(params)})" if params else ""))
        first = last + 1
    return ",".join(parts)


def _fits(spec: Param, text: str) -> bool:
    try:
        spec.parse(text)
    except ValueError:
        return False
    return True


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=40), plans(), st.booleans())
def test_any_plan_gives_back_the_same_run(seed: str, plan: str, daily: bool) -> None:
    run = Run.from_plan(seed, plan, daily)
    again = Run.from_code(run.code)
    assert again == run and again.code == run.code
    assert Run.from_code(run.code.lower().replace("-", " ")) == run


def test_the_readme_plan_fits_in_forty_characters_and_the_default_stays_short() -> None:
    custom = Run.from_plan("hello", README_PLAN)
    assert len(custom.code) <= 40, custom.code
    assert len(Run("hello").code) <= len(TODAYS_DEFAULT)
    assert Run.from_code(custom.code) == custom
    assert README_PLAN in README and custom.code in README and Run("hello").code in README


def test_parameters_at_their_defaults_are_left_out() -> None:
    """stamp=42 is the maze's default: the run (and so its code) is the one without it."""
    assert Run.from_plan("s", "1:maze(stamp=42;perfect=true)") == Run.from_plan("s", "1:maze")
    assert Run.from_plan("s", "1:cave(fill=0.50)").recipes[0].params == (("fill", "0.5"),)


def test_codes_use_only_unambiguous_characters() -> None:
    text = Run.from_plan("hello world", "1:bsp").code
    assert set(text.replace("-", "")[2:]) <= set(ALPHABET)
    assert not set("ILOU") & set(text[2:])


@pytest.mark.parametrize("seed", ["hello", "a much longer seed with spaces", "ünïcødé"])
def test_every_single_character_typo_is_caught(seed: str) -> None:
    text = Run.from_plan(seed, "1-3:cave(fill=0.5),4:bsp@100x60").code
    for index, char in enumerate(text):
        if char == "-":
            continue
        for other in ALPHABET + "D":
            if other == char:
                continue
            typo = text[:index] + other + text[index + 1 :]
            with pytest.raises(RunCodeError):
                decode(typo)


def test_dropped_or_doubled_characters_are_caught() -> None:
    text = Run.from_plan("drop", "1:bsp").code
    for index in range(3, len(text)):
        if text[index] == "-":
            continue
        for typo in (text[:index] + text[index + 1 :], text[:index] + text[index] + text[index:]):
            with pytest.raises(RunCodeError):
                decode(typo)


def test_a_newer_rules_version_is_refused_naming_both_and_the_seed() -> None:
    text = encode(RunCode("x", version=RULES_VERSION + 1))
    with pytest.raises(RunCodeError, match=rf"rules version {RULES_VERSION + 1}.*{RULES_VERSION}"
                                           r".*its seed is 'x'"):
        decode(text)


RULES_4_README = "D4-8F9ZZ-KG0NM-6AV3C-DW"
"""The README's code for seed hello's default plan under rules 4 (packed bits, like today's)."""


@pytest.mark.parametrize("code", [TODAYS_DEFAULT, encode(RunCode("shared seed", version=2)),
                                  RULES_4_README])
def test_codes_of_older_rules_are_refused_but_name_their_seed(code: str) -> None:
    with pytest.raises(RunCodeError) as refused:
        Run.from_code(code)
    line = str(refused.value)
    older = rf"made for rules version [234]; this game plays rules version {RULES_VERSION}"
    assert re.search(older, line)
    assert ("'hello'" in line or "'shared seed'" in line) and "\n" not in line


@pytest.mark.parametrize("junk", ["", "hello", "D4-", "D4-!!!", "X4-ABCDE", "D4-" + "Z" * 5000,
                                  "D4-00000-00000-00000-0", "D3-AAAAA"])
def test_junk_is_refused(junk: str) -> None:
    with pytest.raises(RunCodeError):
        Run.from_code(junk)


def _forged(payload: BitWriter) -> str:
    """A code of these payload bits with a good checksum: only the contents can be wrong."""
    count = -(-(CHECK_BITS + payload.length) // 5)
    length = 5 * count - CHECK_BITS
    bits = payload.value << (length - payload.length)
    check = _checksum(RULES_VERSION, count, bits, length)
    return _grouped(RULES_VERSION, _letters((check << 3 << length) | bits, count))


def _payload(seed: bytes, tail: list[tuple[int, int]]) -> BitWriter:
    out = BitWriter()
    for value, width in [(0, 1), (1, 1), (0, 1), (len(seed), 5)]:
        out.put(value, width)
    out.put_bytes(seed)
    for value, width in tail:
        out.put(value, width)
    return out


@pytest.mark.parametrize("tail", [
    [],  # a custom plan with no recipes at all
    [(0b111111, 6), (0b111, 3)],  # a generator index past the last one
    [(0, 6), (0, 2), (0, 1), (0, 1), (0xFF, 8)],  # one bsp floor, then more bits
    [(0, 6), (0, 2), (0, 1), (1, 1), (0b11111111, 8), (0, 8)],  # a parameter out of range
    [(0, 6), (0, 2), (0, 1), (1, 1)] * 40,  # more parameters than the generator has
])
def test_forged_codes_with_good_checksums_are_refused_in_one_line(tail: list[tuple[int, int]],
                                                                   ) -> None:
    with pytest.raises(RunCodeError) as refused:
        Run.from_code(_forged(_payload(b"x", tail)))
    assert "\n" not in str(refused.value)


def test_the_command_line_refuses_a_forged_code_in_one_line_with_status_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    forged = _forged(_payload(b"x", [(0, 6), (0, 2), (0, 1), (1, 1), (0xFF, 8), (0, 8)]))
    for argv in (["catalog", "--code", forged], ["autoplay", "--code", forged], ["--code", forged]):
        assert main(argv) == 2
        out, err = capsys.readouterr()
        assert out == "" and len(err.strip().splitlines()) == 1 and "run code" in err


def test_a_non_canonical_spelling_of_a_run_is_refused() -> None:
    """The default run spelled out as a custom plan decodes, but is not that run's code."""
    run = Run("x")
    spelled = encode(RunCode("x", run.recipes))
    with pytest.raises(RunCodeError, match="not the code this run would have"):
        Run.from_code(spelled)


@settings(max_examples=200, deadline=None)
@given(st.text(ALPHABET + "-", max_size=60))
def test_any_letters_decode_to_a_run_or_one_line(letters: str) -> None:
    try:
        run = Run.from_code(f"D{RULES_VERSION}-" + letters)
    except ValueError as problem:
        assert "\n" not in str(problem)
    else:
        assert run.code.replace("-", "") == (f"D{RULES_VERSION}" + letters).replace("-", "")


def test_the_bit_fields_read_back() -> None:
    out = BitWriter()
    for count in (1, 2, 5, 99, 381):
        out.put_choice(count - 1, count)
    for number in (0, 1, 41, 10**12):
        out.put_number(number)
        out.put_signed(-number)
    bits = BitReader(out.value, out.length)
    assert [bits.get_choice(c) for c in (1, 2, 5, 99, 381)] == [0, 1, 4, 98, 380]
    assert [(bits.get_number(), bits.get_signed()) for _ in range(4)] == [
        (0, 0), (1, -1), (41, -41), (10**12, -(10**12))]
    assert bits.left == 0


def test_the_run_codes_in_the_readme_play_under_these_rules() -> None:
    codes = set(re.findall(r"\bD\d+-[0-9A-Z]{5}(?:-[0-9A-Z]{1,5})+\b", README))
    assert codes, "the README shows a run code"
    for code in sorted(codes):
        assert decode(code).version == RULES_VERSION, code


def test_a_plan_near_the_default_is_coded_as_its_changes_and_read_back() -> None:
    """One depth changed from the default plan costs a few letters, not every floor's size;
    the code reads back the same run, and is the one spelling of it."""
    from game.run import FloorRecipe, default_recipes
    from game.run.packed import AGAINST_DEFAULT, FLOOR_COUNTS

    base = default_recipes()
    changed = (*base[:2], FloorRecipe(3, "maze", 61, 41), *base[3:])
    run = Run("hello", changed)
    assert len(run.code) <= len(Run("hello").code) + 5
    assert Run.from_code(run.code) == run
    everywhere = tuple(FloorRecipe(r.depth, "maze", 61, 41) for r in base)
    assert Run.from_code(Run("hello", everywhere).code).recipes == everywhere
    marker = BitWriter()
    marker.put_choice(AGAINST_DEFAULT, FLOOR_COUNTS)
    marker.put_number(len(base))  # more changed depths than there are
    tail = [(marker.value, marker.length)] + [(0, 1)] * 80
    with pytest.raises(RunCodeError):
        decode(_forged(_payload(b"x", tail)))
