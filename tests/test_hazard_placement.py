"""Where hazards go (issue 34): a feature in the way (it blocks movement, or it is a hazard to
step on) stands only on plain floor whose eight neighbours are plain floor too, never beside a
door and never beside another such feature (game.dressing.features), on every generator."""

from __future__ import annotations

import pytest

from game import generators, tiles
from game.content.features import feature_kind, feature_kinds
from game.dressing import dress_floor
from game.dressing.features import in_the_way

GENERATORS = ("bsp", "power", "cave", "tables", "maze")
SEEDS = range(12)
DEPTHS = (2, 7)
RING = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]


def test_every_hazard_kind_is_kept_out_of_the_way() -> None:
    hazards = [kind for kind in feature_kinds().values() if kind.effect == "hazard"]
    assert hazards and all(in_the_way(kind) for kind in hazards)


@pytest.mark.parametrize("name", GENERATORS)
def test_every_hazard_stands_on_plain_floor_in_a_plain_ring_away_from_doors(name: str) -> None:
    hazards = 0
    for seed in SEEDS:
        for depth in DEPTHS:
            plan = generators.generate_floor(name, seed, depth, 80, 50)
            dressing = dress_floor(plan, seed, depth)
            doors = {(d.x, d.y) for d in dressing.doors}
            placed = [f for f in dressing.features
                      if f.effect == "hazard" or feature_kind(f.name).blocks_move]
            spots = {(f.x, f.y) for f in placed}
            for feature in placed:
                where = f"{feature.name} at {(feature.x, feature.y)}, {name} seed {seed}"
                hazards += feature.effect == "hazard"
                assert plan.tiles[feature.y, feature.x] == tiles.FLOOR, where
                for dx, dy in RING:
                    x, y = feature.x + dx, feature.y + dy
                    beside_door = plan.tiles[y, x] in tiles.DOORS or (x, y) in doors
                    assert not beside_door, f"{where}: beside a door at ({x}, {y})"
                    assert plan.tiles[y, x] == tiles.FLOOR, f"{where}: ({x}, {y}) not floor"
                    assert (x, y) not in spots, f"{where}: another in the way beside it"
    if name != "maze":  # a maze's corridors have no 3x3 of plain floor: no hazard fits
        assert hazards >= 5, f"too few hazards placed on {name} to test where they go"
