"""Wands on hand-drawn maps: a bolt hits the first creature on its line, blinking moves the hero,
slowness slows, digging carves rock into floor that sight and paths then use."""

from __future__ import annotations

import numpy as np
from scenario import give, messages, monster, scenario

from game import tiles
from game.ai.maps import approach_map
from game.content.items import kind_of
from game.pathing import UNREACHED
from game.rules import identify
from game.rules.actions import Illegal, Impossible, Success, Use, Wait, Zap
from game.rules.lines import line

CORRIDOR = """
############
#@..a..b...#
############
"""


def test_a_line_runs_its_length_through_the_aim_point() -> None:
    assert line((0, 0), (3, 0), 5) == [(1, 0), (2, 0), (3, 0), (4, 0), (5, 0)]
    assert (2, 1) in line((0, 0), (2, 1), 6)
    assert line((4, 4), (4, 4), 3) == []


def test_a_bolt_hits_the_first_creature_on_its_line_only() -> None:
    scene = scenario(CORRIDOR, legend={"a": monster(hp=100), "b": monster(hp=100)})
    wand = give(scene, "wand_bolt", amount=3)
    assert isinstance(scene.act(Zap(wand.id, scene.at("b"))), Success)
    near, far = scene.monster("a"), scene.monster("b")
    assert near.hp < 100, "the bolt stops at the first creature"
    assert far.hp == 100
    assert wand.amount == 2


def test_a_bolt_stops_at_a_wall() -> None:
    scene = scenario("""
        #########
        #@..#.a.#
        #########
    """, legend={"a": monster(hp=100)})
    wand = give(scene, "wand_bolt", amount=3)
    assert isinstance(scene.act(Zap(wand.id, scene.at("a"))), Success)
    assert scene.monster("a").hp == 100


def test_an_empty_wand_does_nothing_and_takes_no_time() -> None:
    scene = scenario(CORRIDOR, legend={"a": monster()})
    wand = give(scene, "wand_bolt", amount=0)
    result = scene.act(Zap(wand.id, scene.at("a")))
    assert isinstance(result, Impossible) and "no charges" in result.reason
    assert scene.game.turn == 0


def test_zapping_needs_a_carried_wand_and_a_square_on_the_floor() -> None:
    scene = scenario(CORRIDOR, legend={"a": monster()})
    wand = give(scene, "wand_bolt", amount=2)
    assert isinstance(scene.act(Zap(wand.id + 99, (3, 1))), Illegal)
    assert isinstance(scene.act(Zap(wand.id, (300, 1))), Illegal)
    assert wand.amount == 2


def test_slowness_slows_the_first_creature_hit() -> None:
    scene = scenario(CORRIDOR, legend={"a": monster(hp=100), "b": monster(hp=100)})
    wand = give(scene, "wand_slow", amount=2)
    scene.act(Zap(wand.id, scene.at("b")))
    assert "slowed" in scene.monster("a").effects
    assert "slowed" not in scene.monster("b").effects


def test_a_slowed_monster_acts_half_as_often() -> None:
    walked = []
    for zapped in (False, True):
        scene = scenario("""
            ###########
            #@.......a#
            ###########
        """, legend={"a": monster(hp=100)})
        wand = give(scene, "wand_slow", amount=2)
        start = scene.monster("a").x
        scene.act(Zap(wand.id, scene.at("a")) if zapped else Wait())
        for _ in range(5):
            scene.act(Wait())
        walked.append(start - scene.monster("a").x)
    assert walked == [6, 3], "slowed, it walks every other turn"


def test_blinking_moves_the_hero_to_a_seen_empty_square() -> None:
    scene = scenario("""
        ##########
        #@.......#
        #........#
        ##########
    """)
    wand = give(scene, "wand_blink", amount=2)
    assert isinstance(scene.act(Zap(wand.id, (6, 2))), Success)
    assert scene.player.pos == (6, 2)
    too_far = scene.act(Zap(wand.id, (6 - kind_of("wand_blink").range - 1, 2)))
    assert isinstance(too_far, Impossible) or scene.player.pos != (6, 2)


def test_blinking_into_rock_or_a_monster_is_refused() -> None:
    scene = scenario(CORRIDOR, legend={"a": monster()})
    wand = give(scene, "wand_blink", amount=2)
    assert isinstance(scene.act(Zap(wand.id, (3, 0))), Impossible)
    assert isinstance(scene.act(Zap(wand.id, scene.at("a"))), Impossible)
    assert scene.player.pos == (1, 1) and wand.amount == 2


def test_digging_carves_rock_into_floor_that_sight_and_paths_use() -> None:
    scene = scenario("""
        ###########
        #@#.......#
        ###########
    """)
    floor = scene.floor
    goal = (5, 1)
    assert approach_map(floor, goal, True)[1, 1] == UNREACHED
    assert not floor.visible[1, 5]
    wand = give(scene, "wand_dig", amount=2)
    assert isinstance(scene.act(Zap(wand.id, (2, 1))), Success)
    assert floor.tiles[1, 2] == tiles.FLOOR
    assert floor.walkable()[1, 2] and floor.transparent()[1, 2]
    assert floor.visible[1, 5], "sight runs down the new tunnel at once"
    assert approach_map(floor, goal, True)[1, 1] != UNREACHED, "paths go through it"
    assert floor.tiles[0, 2] == tiles.WALL and floor.tiles[2, 2] == tiles.WALL
    assert identify.known(scene.game, "wand_dig")


def test_digging_never_breaks_the_map_rim() -> None:
    scene = scenario("""
        #####
        #..@#
        #####
    """)
    wand = give(scene, "wand_dig", amount=2)
    before = scene.floor.tiles.copy()
    scene.act(Zap(wand.id, (4, 1)))
    assert np.array_equal(scene.floor.tiles, before)
    assert any("no rock" in text for text in messages(scene))


def test_using_a_wand_with_a_target_zaps_it() -> None:
    scene = scenario(CORRIDOR, legend={"a": monster(hp=100)})
    wand = give(scene, "wand_bolt", amount=2)
    assert isinstance(scene.act(Use(wand.id, scene.at("a"))), Success)
    assert wand.amount == 1 and scene.monster("a").hp < 100
