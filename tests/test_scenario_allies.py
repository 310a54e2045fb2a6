"""Captives and allies on hand-drawn maps (issue 29): freeing a captive, an ally fighting the
hero's foe and being fought, the wait and follow orders, allies on the stairs, the limit of three,
and the captives the dressing puts on generated floors."""

from __future__ import annotations

import dataclasses
from typing import Any

from scenario import Scene, messages, monster, scenario

from game.rules import allies
from game.rules.actions import Interact, Move, OrderAllies, TakeStairs, Wait
from game.world.kinds import Mode
from game.world.model import Actor


def captive(**stats: Any) -> Actor:
    """A shackled prisoner, as the dressing furnishes one."""
    return dataclasses.replace(monster("soldier", name="goblin guard", mode="guard", **stats),
                               captive=True)


def ally(name: str = "orc thug", **stats: Any) -> Actor:
    return dataclasses.replace(monster("soldier", name=name, **stats), ally=True)


def waits(scene: Scene, count: int) -> None:
    for _ in range(count):
        scene.act(Wait())


ROOM = """
############
#..........#
#.@c.......#
#..........#
############
"""


def test_a_captive_does_not_act_and_foes_leave_it_alone() -> None:
    scene = scenario(ROOM.replace("c......", "c...g.."), legend={
        "c": captive(attack=50), "g": monster(attack=-50, hp=99),
    }, hp=500)
    waits(scene, 6)
    assert scene.monster("c").pos == scene.at("c")
    assert scene.monster("c").hp == scene.monster("c").max_hp
    assert not any("goblin guard hits" in text for text in messages(scene))


def test_freeing_a_captive_makes_it_an_ally() -> None:
    scene = scenario(ROOM, legend={"c": captive()})
    result = scene.act(Interact(*scene.at("c")))
    freed = scene.monster("c")
    assert freed.ally and not freed.captive, result
    assert "You break the goblin guard's shackles: it joins you as an ally!" in messages(scene)
    assert scene.game.turn == 1  # one action


def test_walking_into_a_captive_frees_it() -> None:
    scene = scenario(ROOM, legend={"c": captive()})
    scene.act(Move(1, 0))
    assert scene.monster("c").ally
    assert scene.player.pos == scene.at("@")


def test_walking_into_an_ally_changes_places() -> None:
    scene = scenario(ROOM, legend={"c": ally()})
    scene.act(Move(1, 0))
    assert scene.player.pos == scene.at("c")
    assert scene.monster("c").pos == scene.at("@")
    assert scene.monster("c").hp == scene.monster("c").max_hp


def test_the_fourth_captive_is_refused() -> None:
    scene = scenario("""
    ##########
    #aaa.....#
    #..@c....#
    ##########
    """, legend={"a": ally(), "c": captive()})
    result = scene.act(Interact(*scene.at("c")))
    assert not scene.monster("c").ally and scene.monster("c").captive
    assert "already lead 3 allies" in getattr(result, "reason", ""), result


def test_an_ally_attacks_an_adjacent_foe() -> None:
    scene = scenario("""
    ##########
    #@...ag..#
    ##########
    """, legend={"a": ally(attack=50, damage="1d4+20"), "g": monster(hp=20, attack=-50)},
        hp=500)
    scene.act(Wait())
    assert not scene.alive("g"), messages(scene)
    assert "The orc thug hits the soldier" in " ".join(messages(scene))
    assert scene.game.hero.xp > 0  # the ally's kill is the hero's


def test_an_ally_goes_for_a_foe_in_the_fight() -> None:
    scene = scenario("""
    ##############
    #@a.......g..#
    ##############
    """, legend={"a": ally(attack=50, damage="1d4+20"), "g": monster(hp=500, speed=0)},
        hp=500)
    start = scene.monster("a").pos
    waits(scene, 3)
    assert scene.monster("a").x > start[0] + 1, scene.render()


def test_a_foe_attacks_an_ally_beside_it_and_the_ally_can_die() -> None:
    scene = scenario("""
    ##############
    #@.......ag..#
    ##############
    """, legend={"a": ally(hp=3, attack=-50), "g": monster(attack=50, damage="1d4+10")},
        hp=500)
    scene.act(Wait())
    assert "Your ally, the orc thug, dies!" in messages(scene), messages(scene)
    assert not scene.alive("a")


def test_wait_and_follow_orders() -> None:
    scene = scenario("""
    ##################
    #a@..............#
    ##################
    """, legend={"a": ally()})
    result = scene.act(OrderAllies(wait=True))
    assert scene.game.turn == 0, result  # orders take no time
    assert scene.monster("a").waiting
    for _ in range(8):
        scene.act(Move(1, 0))
    assert scene.monster("a").pos == scene.at("a")  # it waited
    scene.act(OrderAllies(wait=False))
    assert "You tell your ally to follow you." in messages(scene)
    for _ in range(8):
        scene.act(Wait())
    assert abs(scene.monster("a").x - scene.player.x) <= 2, scene.render()


def test_orders_with_no_ally_are_refused() -> None:
    scene = scenario(ROOM)
    result = scene.act(OrderAllies(wait=True))
    assert "no allies" in getattr(result, "reason", "")


UPPER = """
################
#.a@>.........b#
################
"""
LOWER = """
################
#.<............#
################
"""


def test_a_following_ally_near_the_hero_takes_the_stairs_with_it() -> None:
    scene = scenario(UPPER, LOWER, legend={"a": ally(), "b": ally(name="far one")})
    scene.act(Move(1, 0))
    scene.act(TakeStairs("down"))
    assert scene.game.depth == 2
    here = allies.allies(scene.game.floor)
    assert [a.name for a in here] == ["orc thug"], scene.render()
    assert max(abs(here[0].x - scene.player.x), abs(here[0].y - scene.player.y)) <= 2
    assert "Your ally follows you: the orc thug." in messages(scene)
    assert [a.name for a in allies.allies(scene.game.floors[1])] == ["far one"]


def test_a_waiting_ally_stays_behind_on_the_stairs() -> None:
    scene = scenario(UPPER, LOWER, legend={"a": ally(), "b": ally(name="far one")})
    scene.act(OrderAllies(wait=True))
    scene.act(Move(1, 0))
    scene.act(TakeStairs("down"))
    assert allies.allies(scene.game.floor) == []


def test_foes_sleeping_are_left_alone_by_allies() -> None:
    scene = scenario("""
    ##################
    #@a.........g....#
    ##################
    """, legend={"a": ally(), "g": monster(mode="asleep")})
    start = scene.monster("a").pos
    waits(scene, 4)
    assert scene.monster("a").pos == start
    assert scene.monster("g").mode == Mode.ASLEEP
