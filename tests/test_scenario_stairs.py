"""Stairs as rolled on the Stairs table: down and up, trapdoors with ladders, shafts both ways,
collapsed dead ends, and the way out of the dungeon."""

from __future__ import annotations

import pytest
from scenario import monster, scenario

from game import generators, tiles
from game.rules.actions import Impossible, Move, PickUp, Success, TakeStairs, Wait
from game.run.recipe import FloorRecipe
from game.world import build
from game.world.kinds import StairsWay
from game.world.model import StairInfo

UPPER = """
########
#<..@>.#
########
"""
LOWER = """
########
#.<..>.#
########
"""


def on_stairs(kind: str, direction: str, dead_end: bool = False) -> dict[str, StairInfo]:
    return {"@": StairInfo(kind, direction, dead_end)}


@pytest.mark.parametrize("kind", ["stairs", "trapdoor_ladder", "shaft"])
def test_going_down_lands_on_the_arrival_of_the_floor_below(kind: str) -> None:
    direction = "both" if kind == "shaft" else "down"
    scene = scenario(UPPER, LOWER, legend=on_stairs(kind, direction))
    assert isinstance(scene.act(TakeStairs("down")), Success)
    assert scene.game.depth == 2
    assert scene.player.pos == scene.game.floors[2].arrival == (2, 1)
    assert scene.floor.visible[1, 2]
    assert scene.game.turn == 1


@pytest.mark.parametrize("kind", ["stairs", "trapdoor_ladder", "shaft"])
def test_going_up_lands_on_the_way_down_of_the_floor_above(kind: str) -> None:
    direction = "both" if kind == "shaft" else "up"
    scene = scenario(UPPER.replace("@", "."), LOWER.replace("#.<", "#@<"),
                     legend=on_stairs(kind, direction))
    assert scene.game.depth == 2
    assert isinstance(scene.act(TakeStairs("up")), Success)
    assert scene.game.depth == 1
    assert scene.player.pos == scene.game.floors[1].exits[0] == (5, 1)


@pytest.mark.parametrize(("direction", "wrong"), [("down", "up"), ("up", "down")])
def test_stairs_only_go_their_way(direction: StairsWay, wrong: StairsWay) -> None:
    scene = scenario(UPPER, LOWER, legend=on_stairs("stairs", direction))
    result = scene.act(TakeStairs(wrong))
    assert isinstance(result, Impossible)
    assert scene.game.depth == 1 and scene.game.turn == 0


@pytest.mark.parametrize("direction", ["down", "up"])
def test_dead_end_stairs_refuse_with_a_message(direction: StairsWay) -> None:
    scene = scenario(UPPER, LOWER, legend=on_stairs("stairs", direction, dead_end=True))
    result = scene.act(TakeStairs(direction))
    assert isinstance(result, Impossible)
    assert "collapsed" in result.reason
    assert scene.game.depth == 1 and scene.game.turn == 0


def test_no_stairs_here() -> None:
    scene = scenario(UPPER, LOWER)
    assert isinstance(scene.act(TakeStairs("down")), Impossible)


def test_no_way_down_from_the_deepest_floor() -> None:
    scene = scenario(UPPER, legend=on_stairs("stairs", "down"))
    assert isinstance(scene.act(TakeStairs("down")), Impossible)
    assert scene.game.depth == 1


def test_leaving_floor_one_without_the_relic_is_refused() -> None:
    scene = scenario(UPPER, legend=on_stairs("stairs", "up"), depths=3)
    result = scene.act(TakeStairs("up"))
    assert isinstance(result, Impossible)
    assert "relic" in result.reason
    assert scene.game.outcome == ""


def test_leaving_floor_one_with_the_relic_wins() -> None:
    scene = scenario("""
        ########
        #<&@...#
        ########
    """, legend={"&": "relic", "@": StairInfo("stairs", "up")}, depths=3)
    scene.act(Move(-1, 0))
    scene.act(PickUp())
    assert scene.game.hero.has_relic
    scene.act(Move(1, 0))
    assert isinstance(scene.act(TakeStairs("up")), Success)
    assert scene.game.outcome == "won"
    assert scene.game.cause
    assert isinstance(scene.act(Wait()), Impossible), "the run is over"


def test_monsters_below_do_not_act_while_you_are_upstairs() -> None:
    scene = scenario(UPPER, LOWER.replace("#.<..>.#", "#.<..>g#"),
                     legend={**on_stairs("stairs", "down"), "g": monster()})
    for _ in range(3):
        scene.act(Wait())
    assert scene.monster("g").pos == (6, 1)
    scene.act(TakeStairs("down"))
    assert scene.monster("g").pos != (6, 1)


def test_stepping_onto_collapsed_stairs_says_so() -> None:
    scene = scenario(UPPER, LOWER, legend={">": StairInfo("stairs", "down", dead_end=True)})
    scene.act(Move(1, 0))
    assert any("collapsed" in m.text for m in scene.game.messages.messages)


def test_every_stairs_of_a_built_floor_has_its_kinds_tile() -> None:
    """Over seeds of every generator: no stairs the game knows stands on plain floor; each is
    drawn with its kind's tile (a dead end looks like stairs: only using it tells)."""
    for name in generators.names():
        for seed in range(6):
            recipe = FloorRecipe(1 + seed % 3, name, 80, 50)
            floor = build.build_floor(recipe, 1000 + seed, boss=False)
            assert floor.stairs, (name, seed)
            for (x, y), stair in floor.stairs.items():
                tile = int(floor.tiles[y, x])
                assert tile != tiles.FLOOR, (name, seed, x, y)
                assert tile == tiles.stairs_tile(stair.kind, stair.direction), (name, seed)
