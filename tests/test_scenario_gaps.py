"""Behavioural tests for mutation gaps (issue 34), on hand-drawn maps: a wolf pack strikes only
from opposite sides of the hero, not at a right angle; a beast on its way home whose every nearer
square is blocked waits rather than side-stepping to a square no nearer."""

from __future__ import annotations

import pytest
from scenario import Scene, monster, scenario

from game.ai import tactics
from game.floorplan import king_distance
from game.rules.actions import Wait
from game.world.kinds import Mode
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


# --- a short walk: only onto a nearer square ----------------------------------------------------

WAY_HOME = """
    ##################
    #................#
    #.#..............#
    #..b.............#
    #................#
    #...............@#
    ##################
"""


def bear_on_the_way_home(drawn: str) -> tuple[Scene, Actor]:
    """A beast two squares from its den at (1, 1), the hero far beyond its leash."""
    scene = scenario(drawn, legend={"b": monster("solo", tactic="den", part="beast", group=1,
                                                  attack=-99, hp=200, name="cave bear")})
    bear = scene.monster("b")
    bear.home = (1, 1)
    assert king_distance(bear.pos, bear.home) == 2
    assert king_distance(scene.player.pos, bear.home) > tactics.LEASH
    return scene, bear


def test_a_beast_whose_nearer_squares_are_all_blocked_waits_rather_than_side_step() -> None:
    """From (3, 3) the only square nearer the den is (2, 2), a wall: (2, 3) and (3, 2) are free
    but no nearer, and the beast waits where it is (step_to: only onto a nearer tile)."""
    scene, bear = bear_on_the_way_home(WAY_HOME)
    start = bear.pos
    for _ in range(3):
        scene.act(Wait())
        assert bear.pos == start, scene.render()


def test_a_beast_with_a_nearer_square_free_walks_home() -> None:
    scene, bear = bear_on_the_way_home(WAY_HOME.replace("#.#.", "#..."))
    scene.act(Wait())
    assert bear.pos == (2, 2), scene.render()
    scene.act(Wait())
    assert bear.pos == (1, 1) and bear.mode == Mode.GUARD, scene.render()
