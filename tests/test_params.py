"""The one parameter mechanism: defaults, parsing, ranges, unknown keys."""

from __future__ import annotations

import pytest

from game.params import Param, ParamError, parse_assignments, resolve

SPECS = (
    Param("loops", 3, "extra tunnels", 0, 50),
    Param("fill", 0.43, "initial wall", 0.0, 1.0),
    Param("perfect", True, "no loops"),
    Param("ruleset", "4e", "budget", choices=("4e", "3.5")),
)


def test_defaults_fill_in() -> None:
    assert resolve(SPECS, {}, "g") == {"loops": 3, "fill": 0.43, "perfect": True, "ruleset": "4e"}


def test_text_values_are_typed() -> None:
    given = {"loops": "7", "fill": "0.5", "perfect": "false", "ruleset": "3.5"}
    values = resolve(SPECS, given, "g")
    assert values == {"loops": 7, "fill": 0.5, "perfect": False, "ruleset": "3.5"}


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"loop": "1"}, "no parameter 'loop'; valid: loops, fill, perfect, ruleset"),
        ({"loops": "x"}, "not a whole number"),
        ({"loops": "99"}, "outside 0..50"),
        ({"fill": "nan"}, "not a finite number"),
        ({"perfect": "maybe"}, "not true or false"),
        ({"ruleset": "5e"}, "not one of 4e, 3.5"),
    ],
)
def test_bad_values_name_the_problem(given: dict[str, str], message: str) -> None:
    with pytest.raises(ParamError, match=message):
        resolve(SPECS, given, "g")


def test_assignments() -> None:
    assert parse_assignments(["a=1", "b = x=y"]) == {"a": "1", "b": " x=y"}
    with pytest.raises(ParamError, match="KEY=VALUE"):
        parse_assignments(["novalue"])
    with pytest.raises(ParamError, match="twice"):
        parse_assignments(["a=1", "a=2"])
