"""Run codes: round trips, typos caught, other rules versions refused by name."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.run.code import ALPHABET, RunCode, RunCodeError, decode, encode
from game.version import RULES_VERSION

RECIPES = st.sampled_from(["", "1-2:bsp,3:power", "1:maze@61x41(stamp=42),2-5:random"])


@given(st.text(min_size=0, max_size=40), RECIPES, st.booleans())
def test_round_trip(seed: str, plan: str, daily: bool) -> None:
    code = RunCode(seed, plan, daily)
    text = encode(code)
    assert decode(text) == code
    assert decode(text.lower()) == code
    assert decode(text.replace("-", " ")) == code


def test_codes_use_only_unambiguous_characters() -> None:
    text = encode(RunCode("hello world", "1:bsp"))
    assert set(text.replace("-", "")[2:]) <= set(ALPHABET)
    assert not set("ILOU") & set(text[2:])


@pytest.mark.parametrize("seed", ["hello", "a much longer seed with spaces", "ünïcødé"])
def test_every_single_character_typo_is_caught(seed: str) -> None:
    text = encode(RunCode(seed, "1-3:cave,4:bsp"))
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
    text = encode(RunCode("drop", "1:bsp"))
    for index in range(3, len(text)):
        if text[index] == "-":
            continue
        for typo in (text[:index] + text[index + 1 :], text[:index] + text[index] + text[index:]):
            with pytest.raises(RunCodeError):
                decode(typo)


def test_another_rules_version_is_refused_naming_both() -> None:
    text = encode(RunCode("x", version=RULES_VERSION + 1))
    with pytest.raises(RunCodeError, match=rf"rules version {RULES_VERSION + 1}.*{RULES_VERSION}"):
        decode(text)


@pytest.mark.parametrize("junk", ["", "hello", "D1-", "D1-!!!", "X1-ABCDE", "D1-" + "Z" * 5000])
def test_junk_is_refused(junk: str) -> None:
    with pytest.raises(RunCodeError):
        decode(junk)


def test_the_run_codes_in_the_readme_play_under_these_rules() -> None:
    import re
    from pathlib import Path

    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    codes = set(re.findall(r"\bD\d+-[0-9A-Z]{5}(?:-[0-9A-Z]{1,5})+\b", readme))
    assert codes, "the README shows a run code"
    for code in sorted(codes):
        assert decode(code).version == RULES_VERSION, code


def test_a_code_of_other_rules_is_refused_but_names_its_seed() -> None:
    older = encode(RunCode("shared seed", "1-3:cave", version=RULES_VERSION - 1))
    with pytest.raises(RunCodeError) as refused:
        decode(older)
    line = str(refused.value)
    assert f"made for rules version {RULES_VERSION - 1}" in line
    assert "its seed is 'shared seed'" in line and "\n" not in line
