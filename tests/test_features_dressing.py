"""Chamber features on dressed floors: every rolled name known to the content, every feature on a
free tile of its area, obstacles never in the way, and in the JSON, the GM key and saves."""

from __future__ import annotations

import pytest

from game import generators, tiles
from game.content.features import EFFECTS, feature_kinds
from game.dressing import dress_floor
from game.dressing.solvable import problems
from game.export.floorjson import dressed_floor_to_dict
from game.export.textkey import text_key
from game.tables import default_tables
from game.world.model import FeatureState
from game.world.serial import game_data, game_from_data

GENERATORS = ("bsp", "power", "cave", "tables", "maze")
NON_DECOR_SHARE = 0.6


def test_every_rollable_name_has_a_feature_entry() -> None:
    kinds = feature_kinds()
    for table in ("minor_features", "major_features"):
        for row in default_tables().table(table).rows:
            assert row.text.lower() in kinds, row.text
    assert {k.effect for k in kinds.values()} == set(EFFECTS)


@pytest.mark.parametrize("name", GENERATORS)
def test_features_sit_on_the_map_and_keep_it_solvable(name: str) -> None:
    rolled = non_decor = 0
    for seed in range(6):
        plan = generators.generate_floor(name, seed, 2, 80, 50)
        dressing = dress_floor(plan, seed, 2)
        assert problems(plan, dressing) == []
        data = dressed_floor_to_dict(plan, dressing, str(seed), 2)
        assert data["version"] == 2
        points = [(f["x"], f["y"]) for f in data["features"]]
        assert len(points) == len(set(points))
        for entry in data["features"]:
            assert {"name", "x", "y", "effect"} <= entry.keys() and entry["effect"] in EFFECTS
            assert plan.tiles[entry["y"], entry["x"]] == tiles.FLOOR
        blocked = {(f.x, f.y) for f in dressing.features
                   if feature_kinds()[f.name.lower()].blocks_move}
        for x, y in blocked:
            ring = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
            assert all(plan.tiles[b, a] == tiles.FLOOR and (a, b) not in blocked for a, b in ring)
        rolled += len(dressing.features)
        non_decor += sum(f.effect != "decor" for f in dressing.features)
        key = text_key(plan, dressing, str(seed), 2)
        assert all(f"Feature at {f.point}" in key for f in dressing.features)
    assert rolled and non_decor / rolled >= NON_DECOR_SHARE


def test_saves_keep_features_and_older_floors_write_none() -> None:
    from game.run import Run
    from game.world.dungeon import new_game

    game = new_game(Run.from_plan("features"))
    floor = game.floor
    floor.features.clear()
    data, arrays = game_data(game)
    assert "features" not in data["floors"]["1"]
    floor.features[(1, 1)] = FeatureState("Chest", "container", used=True)
    data, arrays = game_data(game)
    back = game_from_data(data, arrays)
    assert back.floor.features == {(1, 1): FeatureState("Chest", "container", used=True)}
