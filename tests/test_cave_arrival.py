"""The cave's arrival (issue 34), held by its rule rather than by golden fingerprints: a floor
tile of the home region (the pocket the arrival is in, teleporters aside) within the last tenth
of one end of the long axis (columns when the map is at least as wide as tall, else rows); the
tenth of a span from `low` to `high` is (high - low) // 10 lines past its end line."""

from __future__ import annotations

import numpy as np
import pytest

from game import tiles
from game.floorplan import FloorPlan
from game.generators import cave
from game.grids import label4
from game.pathing import to_yx
from game.seeds import Rng

SIZES = [(80, 50), (50, 80), (60, 60), (120, 40), (30, 90), (24, 24)]
SEEDS = range(25)


def make(seed: int, width: int, height: int, **params: float | int) -> FloorPlan:
    return cave.SPEC.generate(Rng(seed), width, height, params)


def arrival_end(plan: FloorPlan) -> str:
    """Which end of the long axis the arrival lies at ("low" or "high"); fails when in neither
    tenth or off the home region's floor."""
    walk = tiles.walkable(plan.tiles)
    labels, _ = label4(walk)
    home = labels == labels[to_yx(plan.arrival)]
    usable = home & (plan.tiles != tiles.TELEPORTER)  # the stairs were floor when it was drawn
    assert plan.tiles[to_yx(plan.arrival)] == tiles.STAIRS_UP
    height, width = plan.tiles.shape
    wide = width >= height
    lines = np.flatnonzero(usable.any(axis=0 if wide else 1))
    low, high = int(lines[0]), int(lines[-1])
    reach = (high - low) // 10
    at = plan.arrival[0] if wide else plan.arrival[1]
    if low <= at <= low + reach:
        return "low"
    assert high - reach <= at <= high, (
        f"arrival {plan.arrival} at {at} outside {low}..{low + reach} and "
        f"{high - reach}..{high} ({width}x{height})")
    return "high"


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_arrival_lies_in_the_last_tenth_of_the_long_axis(width: int, height: int) -> None:
    ends = {arrival_end(make(seed, width, height)) for seed in SEEDS}
    assert ends == {"low", "high"}, "either end, by the toss of a coin"


def test_the_arrival_keeps_to_the_home_pocket_when_strays_are_teleported_to() -> None:
    linked = 0
    for seed in SEEDS:
        plan = make(seed, 80, 50, min_region=1, teleporter_chance=1.0)
        arrival_end(plan)
        labels, _ = label4(tiles.walkable(plan.tiles))
        home = labels[to_yx(plan.arrival)]
        assert all(labels[to_yx(pair.a)] == home for pair in plan.teleporters), seed
        linked += len(plan.teleporters)
    assert linked > 0
