"""The bot answers monsters' own abilities: it steps out of a breath it was warned of, and out
of a gazer's sight while its limbs stiffen."""

from __future__ import annotations

from scenario import scenario

from game.bot.policy import next_action
from game.content.bestiary import default_bestiary
from game.rules.actions import Move
from game.world.build import monster_from
from game.world.kinds import Mode
from game.world.model import Actor

CORNER = """
    #########
    #D...@..#
    #####.###
    #########
"""


def kind(key: str) -> Actor:
    actor = monster_from(default_bestiary().get(key), -1, (-1, -1), elite=False)
    actor.mode = Mode.HUNT
    return actor


def test_the_bot_steps_round_the_corner_from_a_dragon_drawing_breath() -> None:
    scene = scenario(CORNER, legend={"D": kind("red_dragon")}, hp=900)
    scene.monster("D").effects["inhaling"] = 1
    assert next_action(scene.game) == Move(0, 1)


def test_without_the_warning_the_bot_does_not_dodge() -> None:
    scene = scenario(CORNER, legend={"D": kind("red_dragon")}, hp=900)
    assert next_action(scene.game) != Move(0, 1)


def test_a_stiffening_bot_breaks_a_gazers_line_of_sight() -> None:
    scene = scenario(CORNER, legend={"D": kind("medusa")}, hp=900)
    scene.game.player.effects["petrifying"] = 4
    assert next_action(scene.game) == Move(0, 1)
