"""Monster rules pinned where a mutation run (issue 34, `make mutate`) found them loose: a hex is
resisted by the d20 plus half the hero's level plus the ward of the hero's gear, and a wandering
monster whose goal lies straight along its row walks straight, not on a slant."""

from __future__ import annotations

import pytest
from scenario import ScriptedRng, give, messages, monster, scenario
from test_scenario_gaps import WAY_HOME

from game.ai import monsters
from game.rules.actions import Equip, Move, Wait
from game.world.kinds import Mode

BESIDE = """
#######
#.@c..#
#######
"""


def hexed(*, level: int, ward: bool, d20: int) -> bool:
    """Whether a caster of attack 0 (DC 10) hexes the hero, whose save rolls `d20`."""
    scene = scenario(BESIDE, legend={"c": monster("controller", attack=0)},
                     rng=ScriptedRng(7, d20=[d20]))
    if ward:
        amulet = give(scene, "amulet_warding")  # ward 5
        scene.act(Equip(amulet.id))
    scene.game.hero.level = level
    before = dict(scene.player.effects)
    monsters._hex(scene.game, scene.monster("c"))
    resisted = any("but you resist it" in text for text in messages(scene))
    assert resisted == (scene.player.effects == before)
    return not resisted


def test_a_ward_adds_to_the_save_against_a_hex() -> None:
    assert hexed(level=1, ward=False, d20=5)
    assert not hexed(level=1, ward=True, d20=5)  # 5 + 0 + 5 meets DC 10


def test_half_the_heros_level_adds_to_the_save_against_a_hex() -> None:
    assert hexed(level=9, ward=False, d20=5)  # 5 + 4 misses DC 10
    assert not hexed(level=10, ward=False, d20=5)  # 5 + 5 meets it


HALL = """
    ###########
    #.........#
    #.........#
    #.........#
    #.........#
    #.........#
    ###########
    ###.#######
    ###@#######
    ###########
"""


@pytest.mark.parametrize(("goal", "path"), [
    ((7, 2), [(2, 2), (3, 2), (4, 2), (5, 2)]),
    ((2, 5), [(2, 2), (2, 3), (2, 4), (2, 5)]),
], ids=["along its row", "down its column"])
def test_a_wanderer_walks_straight_to_a_goal_in_line(goal: tuple[int, int],
                                                     path: list[tuple[int, int]]) -> None:
    scene = scenario(HALL.replace("#.........#", "#.w.......#", 2).replace(
        "#.w.......#", "#.........#", 1), legend={"w": monster("soldier", mode="wander")})
    wanderer = scene.monster("w")
    assert wanderer.pos == (2, 2)
    wanderer.goal = goal
    walked = [wanderer.pos]
    for _ in range(3):
        scene.act(Wait())
        walked.append(wanderer.pos)
    assert wanderer.mode == Mode.WANDER, "it noticed the hero: the walk tells nothing"
    assert walked == path


def test_a_monster_held_on_a_pad_goes_through_when_the_hero_steps_off_the_far_end() -> None:
    """The pads' far end at (2, 1): the hero stands on it, then steps off west; the monster held
    on the near pad comes through to the far end (it compares its pad with the far end itself)."""
    scene = scenario("""
        #########
        #@^.....#
        #########
        #g^.....#
        #########
    """, legend={"g": monster(attack=-50)}, hp=200)
    scene.player.x = 2
    scene.act(Wait())
    held = scene.monster("g")
    assert held.pos == (2, 3), "held on the pad while the hero stands on the far end"
    scene.act(Move(-1, 0))
    assert held.pos == (2, 1), scene.render()


def test_a_beast_whose_one_nearer_square_is_taken_by_a_monster_waits() -> None:
    """As with a wall there (tests/test_scenario_gaps.py), a sleeping monster on the only square
    nearer the den keeps the beast where it is: it never steps onto another monster."""
    drawn = WAY_HOME.replace("#.#.", "#.s.")
    scene = scenario(drawn, legend={
        "b": monster("solo", tactic="den", part="beast", group=1, attack=-99, hp=200,
                     name="cave bear"),
        "s": monster("soldier", mode="asleep", attack=-99)})
    bear, sleeper = scene.monster("b"), scene.monster("s")
    bear.home = (1, 1)
    start = bear.pos
    for _ in range(3):
        scene.act(Wait())
        assert bear.pos == start and sleeper.pos == (2, 2), scene.render()
