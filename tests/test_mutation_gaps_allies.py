"""Allies and offerings pinned where a mutation run (issue 34, `make mutate`) found them loose:
an ally chases a foe only while the hero is within seven squares, and an offering of no gold is
refused before it costs a turn."""

from __future__ import annotations

import dataclasses

import pytest
from scenario import monster, scenario

from game.rules.actions import Illegal, Offer, Wait
from game.world.model import FeatureState


@pytest.mark.parametrize(("away", "step"), [(7, 1), (8, -1)],
                         ids=["within the leash", "one past it"])
def test_an_ally_chases_a_foe_only_while_the_hero_is_near(away: int, step: int) -> None:
    """Seven squares from the hero it goes for the foe; eight, it comes back to the hero."""
    row = list("#@" + "." * 14 + "#")
    row[1 + away] = "a"
    row[12] = "g"  # eleven squares off: in the hero's sight
    scene = scenario("#" * 17 + "\n" + "".join(row) + "\n" + "#" * 17, legend={
        "a": dataclasses.replace(monster("soldier", name="orc thug", attack=-50), ally=True),
        "g": monster(hp=500, speed=0, attack=-50)}, hp=500)
    friend = scene.monster("a")
    start = friend.x
    scene.act(Wait())
    assert friend.x == start + step, scene.render()


def test_an_offering_of_no_gold_is_refused_as_illegal() -> None:
    scene = scenario("""
        #########
        #@A.....#
        #########
    """, legend={"A": FeatureState("Altar", "sacred")})
    scene.game.hero.gold = 7
    result = scene.act(Offer(*scene.at("A"), 0))
    assert isinstance(result, Illegal)
    assert result.reason == "You cannot offer 0 gold (you have 7)."
    assert scene.game.turn == 0


def test_a_foe_two_squares_from_the_hero_strikes_the_ally_beside_it() -> None:
    """The hero's ally is beside it and the hero is not (two squares off): it fights what it can
    reach rather than stepping toward the hero."""
    scene = scenario("""
        ##########
        #@.ga....#
        ##########
    """, legend={
        "a": dataclasses.replace(monster("soldier", name="orc thug", attack=-50, hp=200),
                                 ally=True),
        "g": monster(hp=500, attack=50, damage="1d4+5")}, hp=500)
    foe, friend = scene.monster("g"), scene.monster("a")
    scene.act(Wait())
    assert foe.pos == scene.at("g")
    assert friend.hp < friend.max_hp, scene.render()
    assert scene.player.hp == scene.player.max_hp
