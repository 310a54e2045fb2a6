"""What every generator promises about size: below its minimum a ValueError names it; at its
minimum it makes a sound floor. (Sizes are checked where every floor is made: the spec's
`generate`; power, maze and tables also check inside their build functions.)"""

from __future__ import annotations

import pytest

from game import generators, layout_checks
from game.seeds import Rng

MINIMUMS = {"bsp": (5, 5), "cave": (8, 8), "maze": (7, 7), "power": (12, 8), "tables": (24, 16)}
"""Each generator's documented smallest floor."""


def test_every_generator_has_a_documented_minimum() -> None:
    assert sorted(MINIMUMS) == generators.names()
    for name, size in MINIMUMS.items():
        spec = generators.get(name)
        assert (spec.min_width, spec.min_height) == size


@pytest.mark.parametrize("name", sorted(MINIMUMS))
def test_too_small_names_the_minimum(name: str) -> None:
    spec = generators.get(name)
    width, height = MINIMUMS[name]
    minimum = f"at least {width}x{height}"
    for size in [(width - 1, height), (width, height - 1), (width - 1, 100), (1, 1), (0, 0)]:
        with pytest.raises(ValueError, match=minimum):
            spec.generate(Rng(1), *size, {})


@pytest.mark.parametrize("name", sorted(MINIMUMS))
def test_the_minimum_itself_makes_a_sound_floor(name: str) -> None:
    spec = generators.get(name)
    for seed in range(20):
        plan = spec.generate(Rng(seed), *MINIMUMS[name], {})
        assert layout_checks.problems(plan) == [], (name, seed)
