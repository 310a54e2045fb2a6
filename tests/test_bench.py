"""`run.py bench turns`: its JSON shape (a contract) and the scenes it times. Speed itself is
measured by the command, not asserted here: the machine is shared and noisy."""

from __future__ import annotations

import json

import pytest

from game.cli import bench, main
from game.floorplan import king_distance
from game.rules.actions import Wait
from game.turns import player_act


def test_turns_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "turns", "--json", "--repeat", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["turn_ms", "render_ms", "reference_flood_ms", "descend_ms",
                          "descend_floods"]
    assert data["turn_ms"].keys() == {"open80x45", "floor200x200"}
    assert list(data["turn_ms"]["open80x45"]) == ["10", "100", "500"]
    assert list(data["turn_ms"]["floor200x200"]) == ["100"]
    assert list(data["render_ms"]) == ["80x45", "200x200"]
    assert list(data["reference_flood_ms"]) == ["80x45"]
    numbers = [*data["turn_ms"]["open80x45"].values(), data["turn_ms"]["floor200x200"]["100"],
               data["reference_flood_ms"]["80x45"], *data["render_ms"].values()]
    assert all(isinstance(ms, float) and ms > 0 for ms in numbers)


def test_turns_text_names_the_targets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "turns", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert out.count("target: ") == 4
    assert "reference flood 80x45" in out


def test_turns_refuses_sizes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "turns", "--sizes", "80x50"]) == 2
    assert "--sizes" in capsys.readouterr().err


@pytest.mark.parametrize(("width", "height", "count"), [(80, 45, 10), (80, 45, 500),
                                                        (200, 200, 100)])
def test_scene_monsters_hunt_and_start_apart(width: int, height: int, count: int) -> None:
    game = bench.open_room_game(width, height, count)
    monsters = game.floor.monsters
    assert len(monsters) == count
    assert all(m.mode == "hunt" and m.role == "soldier" for m in monsters)
    spots = [m.pos for m in monsters] + [game.player.pos]
    assert len(set(spots)) == len(spots)
    for index, (x, y) in enumerate(spots):
        for ox, oy in spots[index + 1:]:
            assert king_distance((x, y), (ox, oy)) > 1
    assert game.floor.visible[game.player.y, game.player.x]


def test_a_scene_turn_moves_every_monster_and_nobody_dies() -> None:
    game = bench.open_room_game(80, 45, 100)
    before = [m.pos for m in game.floor.monsters]
    player_act(game, Wait())
    assert game.turn == 1 and not game.outcome
    moved = sum(a != m.pos for a, m in zip(before, game.floor.monsters, strict=True))
    assert moved >= 90


def test_descend_ms_is_a_positive_number(capsys: pytest.CaptureFixture[str]) -> None:
    """The descent (stairs key to the new floor's first frame) is reported beside the flood."""
    assert main(["bench", "turns", "--json", "--repeat", "2"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("descend_ms", "descend_floods"):
        assert isinstance(data[key], float) and data[key] > 0


@pytest.mark.parametrize("number", [0, 4, 8])
def test_the_descent_scene_stands_on_a_down_stair_above_an_unmade_80x45_floor(
        number: int) -> None:
    game = bench.descent_game(number)
    stair = game.floor.stairs[game.player.pos]
    assert stair.direction in ("down", "both") and not stair.dead_end
    assert game.depth == 1 + number and game.depth + 1 not in game.floors
    assert all(r.width == 80 and r.height == 45 for r in game.run.recipes)


def test_too_many_monsters_for_the_room() -> None:
    with pytest.raises(ValueError, match="do not fit"):
        bench.open_room_game(10, 10, 50)


def test_targets_are_ratios_of_the_report() -> None:
    report = {
        "turn_ms": {"open80x45": {"10": 1.0, "100": 2.0, "500": 4.0},
                    "floor200x200": {"100": 9.0}},
        "render_ms": {"80x45": 2.0, "200x200": None},
        "reference_flood_ms": {"80x45": 1.0},
        "descend_ms": 17.0, "descend_floods": 17.0,
    }
    rows = bench.turn_targets(report)
    assert rows[0][1:] == (2.0, 4.0, True)
    assert rows[1][1:] == (4.0, 3.0, False)
    assert rows[2][1:] == (None, 1.5, None)
    assert rows[3][1:] == (17.0, 16.0, False)


def test_growth_is_cost_per_tile_at_1000x1000_over_80x50() -> None:
    sizes = {
        "80x50": {"reference_flood_ms": 1.0, "generators": {"bsp": 2.0},
                  "with_dressing": {"bsp": 4.0}},
        "1000x1000": {"reference_flood_ms": 250.0, "generators": {"bsp": 500.0},
                      "with_dressing": {"bsp": 2000.0}},
    }
    # 250 times the tiles: the same cost per tile is 1, twice the cost per tile is 2.
    assert bench.growth_ratios(sizes) == {"bsp": {"generators": 1.0, "with_dressing": 2.0}}
    assert bench.growth_ratios({"80x50": sizes["80x50"]}) == {}


def test_generators_json_keeps_its_keys_and_adds_growth_only_with_both_sizes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert bench.run_suite("generators", as_json=True, sizes="30x20", repeat=1) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report) == {"sizes"}
    row = report["sizes"]["30x20"]
    assert set(row) == {"reference_flood_ms", "generators", "with_dressing"}


def test_startup_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "startup", "--json", "--repeat", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["generate_ratio", "first_frame_ratio", "catalog_ratio", "bare_import_ms"]
    assert all(isinstance(value, float) and value > 0 for value in data.values())


def test_startup_refuses_sizes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "startup", "--sizes", "80x50"]) == 2
    assert "--sizes" in capsys.readouterr().err


def test_generators_cpu_clock_keeps_the_keys_and_other_suites_refuse_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "generators", "--json", "--sizes", "30x20", "--repeat", "1",
                 "--clock", "cpu"]) == 0
    row = json.loads(capsys.readouterr().out)["sizes"]["30x20"]
    assert set(row) == {"reference_flood_ms", "generators", "with_dressing"}
    assert main(["bench", "saves", "--clock", "cpu"]) == 2
    assert "--clock is for the generators suite" in capsys.readouterr().err
