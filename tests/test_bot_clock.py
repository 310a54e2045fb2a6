"""The bot and the clock: it eats when hungry and does not rest on an empty belly."""

from __future__ import annotations

from scenario import give, monster, scenario

from game.bot.policy import next_action
from game.rules import hunger
from game.rules.actions import Eat, Rest
from game.world.kinds import Mode

ROOM = """
#########
#.......#
#...@...#
#.......#
#########
"""


def test_a_hungry_bot_eats_the_smaller_meal() -> None:
    scene = scenario(ROOM)
    ration = give(scene, "food_ration")
    meat = give(scene, "dried_meat")
    scene.game.hero.food = hunger.HUNGRY
    assert next_action(scene.game) == Eat(meat.id)
    scene.game.hero.food = hunger.WEAK  # weak: the biggest meal
    assert next_action(scene.game) == Eat(ration.id)


def test_a_fed_bot_does_not_eat() -> None:
    scene = scenario(ROOM)
    give(scene, "food_ration")
    assert not isinstance(next_action(scene.game), Eat)


def test_a_hungry_bot_fights_first_but_a_fainting_one_eats() -> None:
    scene = scenario("""
        #######
        #@g...#
        #######
    """, legend={"g": monster("soldier", mode=Mode.HUNT)})
    ration = give(scene, "food_ration")
    scene.game.hero.food = hunger.HUNGRY
    assert next_action(scene.game) != Eat(ration.id)
    scene.game.hero.food = 0
    assert next_action(scene.game) == Eat(ration.id)


def test_a_weak_bot_with_no_food_does_not_rest() -> None:
    scene = scenario(ROOM, hp=30)
    scene.player.hp = 5
    assert next_action(scene.game) == Rest()
    scene.game.hero.food = hunger.WEAK
    assert next_action(scene.game) != Rest()
