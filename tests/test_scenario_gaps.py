"""Behavioural tests for mutation gaps (issue 34), on hand-drawn maps: a wolf pack strikes only
from opposite sides of the hero, not at a right angle."""

from __future__ import annotations

import pytest
from scenario import Scene, monster, scenario

from game.rules.actions import Wait
from game.world.model import Actor


def jackal() -> Actor:
    return monster("minion", group=1, tactic="flank", part="wolf", band=2, name="jackal",
                   attack=-99)


def bites(scene: Scene) -> int:
    """How many times a jackal has struck at the hero (a repeated line stacks in the log)."""
    return sum(m.count for m in scene.game.messages.messages if m.text.startswith("The jackal"))


# --- the wolf pack: opposite sides, not a right angle -------------------------------------------

RIGHT_ANGLES = {
    "west and north": """
        #######
        #.....#
        #..w..#
        #.w@..#
        #.....#
        #######
    """,
    "two corners on one side": """
        #######
        #.....#
        #.w.w.#
        #..@..#
        #.....#
        #######
    """,
}

OPPOSITES = {
    "west and east": """
        #######
        #.....#
        #.w@w.#
        #.....#
        #######
    """,
    "west and north-east": """
        #######
        #.....#
        #...w.#
        #.w@..#
        #.....#
        #######
    """,
}


@pytest.mark.parametrize("drawn", RIGHT_ANGLES.values(), ids=RIGHT_ANGLES.keys())
def test_wolves_at_a_right_angle_do_not_strike_as_flanked(drawn: str) -> None:
    scene = scenario(drawn, legend={"w": jackal()}, hp=300)
    hero = scene.player.pos
    a, b = (scene.monster("w", i).pos for i in range(2))
    assert (a[0] - hero[0]) * (b[0] - hero[0]) + (a[1] - hero[1]) * (b[1] - hero[1]) == 0
    scene.act(Wait())
    assert bites(scene) == 0, "a right angle is no flank\n" + scene.render()


@pytest.mark.parametrize("drawn", OPPOSITES.values(), ids=OPPOSITES.keys())
def test_wolves_on_opposite_sides_strike_at_once(drawn: str) -> None:
    scene = scenario(drawn, legend={"w": jackal()}, hp=300)
    scene.act(Wait())
    assert bites(scene) == 2, scene.render()
