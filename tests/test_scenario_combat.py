"""d20 combat, experience and levels, death, and actions that cannot happen, on hand-drawn maps."""

from __future__ import annotations

import pytest
from scenario import ScriptedRng, door, messages, monster, scenario

from game.content.talents import LEGACY_CHOICES, legacy_talent
from game.rules import combat, progress
from game.rules.actions import (
    Attack,
    ChooseLevelUp,
    CloseDoor,
    Impossible,
    Move,
    OpenDoor,
    PickUp,
    Success,
    TakeStairs,
    Wait,
)
from game.world.serial import state_hash

DUEL = """
#######
#@m...#
#######
"""


def duel(d20: list[int], ac: int) -> tuple[int, int]:
    """The monster's hp before and after one player attack with the given d20 faces."""
    scene = scenario(DUEL, legend={"m": monster(mode="hunt", hp=50, attack=-99, ac=ac)},
                     rng=ScriptedRng(d20=d20))
    scene.player.damage = "1d1"
    before = scene.monster("m").hp
    assert isinstance(scene.act(Attack(scene.monster("m").id)), Success)
    return before, scene.monster("m").hp


@pytest.mark.parametrize(("face", "hits"), [(7, True), (6, False), (19, True)])
def test_the_d20_plus_attack_must_meet_the_armour_class(face: int, hits: bool) -> None:
    before, after = duel([face, 10], ac=10)  # the player's +3: 7 + 3 meets AC 10
    assert (after < before) is hits


def test_a_natural_1_always_misses() -> None:
    before, after = duel([1, 10], ac=-50)
    assert after == before


def test_a_natural_20_always_hits_and_rolls_the_dice_twice() -> None:
    before, after = duel([20, 10], ac=99)
    assert before - after == 1 + 1 + 2, "two 1d1 rolls plus the hero's strength"
    before, after = duel([19, 10], ac=10)
    assert before - after == 1 + 2


def test_monsters_roll_against_the_players_armour() -> None:
    scene = scenario(DUEL, legend={"m": monster(attack=0, damage="1d1")},
                     rng=ScriptedRng(d20=[11, 12]))
    scene.act(Wait())
    assert scene.player.hp == 30, "11 misses AC 12"
    scene.act(Wait())
    assert scene.player.hp == 29, "12 hits"


@pytest.mark.parametrize(("distance", "penalty"), [(2, 2), (3, 2), (4, 4), (6, 6)])
def test_a_shot_costs_two_to_hit_for_every_two_tiles(distance: int, penalty: int) -> None:
    row = "#@" + "." * (distance - 1) + "s.#"
    scene = scenario(f"{'#' * len(row)}\n{row}\n{'#' * len(row)}",
                     legend={"s": monster("artillery", reach=8)})
    assert combat.range_penalty(scene.monster("s"), scene.player) == penalty


def test_killing_a_monster_gives_its_experience() -> None:
    scene = scenario(DUEL, legend={"m": monster(hp=1, xp=35, mode="asleep")},
                     rng=ScriptedRng(d20=[15]))
    scene.act(Move(1, 0))
    assert not scene.alive("m")
    assert not scene.floor.monsters
    assert scene.game.hero.xp == 35
    assert any("dies" in text for text in messages(scene))


def test_a_level_up_waits_for_a_choice_that_costs_no_turn() -> None:
    scene = scenario("""
        ##########
        #@m.....g#
        ##########
    """, legend={"m": monster(hp=1, xp=progress.xp_for_level(2), mode="asleep"),
                 "g": monster(mode="hunt")},
        rng=ScriptedRng(d20=[15]))
    scene.act(Attack(scene.monster("m").id))
    hero = scene.game.hero
    assert hero.pending_levels == 1 and hero.level == 1
    turn, where = scene.game.turn, scene.monster("g").pos
    attack, max_hp = scene.player.attack, scene.player.max_hp
    assert isinstance(scene.act(ChooseLevelUp("attack")), Success)
    assert hero.level == 2 and hero.pending_levels == 0
    assert scene.player.attack == attack + 2, "the choice, and level 2's +1 to hit"
    assert scene.player.max_hp == max_hp + progress.LEVEL_HP == scene.player.hp
    assert scene.game.turn == turn
    assert scene.monster("g").pos == where, "no monster moved"
    assert isinstance(scene.act(ChooseLevelUp("attack")), Impossible), "none left to spend"


@pytest.mark.parametrize("choice", sorted(LEGACY_CHOICES))
def test_each_old_level_up_choice_still_plays_as_its_talent(choice: str) -> None:
    scene = scenario(DUEL, legend={"m": monster(mode="asleep")})
    progress.gain_xp(scene.game, progress.xp_for_level(2))
    player, hero = scene.player, scene.game.hero
    before = (player.max_hp, player.attack, player.ac, hero.strength)
    scene.act(ChooseLevelUp(choice))
    after = (player.max_hp, player.attack, player.ac, hero.strength)
    changed = [name for name, a, b in zip(("hp", "attack", "defense", "strength"), before, after,
                                          strict=True) if a != b]
    assert choice in changed
    assert hero.talents[-1] == legacy_talent(choice)
    assert isinstance(scene.act(ChooseLevelUp("wings")), Impossible)


def test_every_level_brings_hit_points_and_every_second_one_to_hit() -> None:
    scene = scenario(DUEL, legend={"m": monster(mode="asleep")})
    player = scene.player
    progress.gain_xp(scene.game, progress.xp_for_level(5))
    seen = []
    while scene.game.hero.pending_levels:
        before = (player.max_hp, player.attack)
        scene.act(ChooseLevelUp("strength"))
        seen.append((player.max_hp - before[0], player.attack - before[1]))
    assert seen == [(progress.LEVEL_HP, 1), (progress.LEVEL_HP, 0), (progress.LEVEL_HP, 1),
                    (progress.LEVEL_HP, 0)]


def test_the_player_dies_with_a_cause() -> None:
    scene = scenario(DUEL, legend={"m": monster(attack=30, damage="5d6", name="ogre")}, hp=3)
    for _ in range(5):
        if scene.game.outcome:
            break
        scene.act(Wait())
    assert scene.game.outcome == "dead"
    assert scene.game.cause == "killed by an ogre"
    assert scene.player.hp <= 0
    assert isinstance(scene.act(Wait()), Impossible)


IMPOSSIBLE = """
##########
#@.+.....#
#.#......#
#'#.g....#
##########
"""


@pytest.mark.parametrize("action", [
    Move(0, -1),  # a wall
    Move(-1, 0),
    Attack(999),  # nobody
    OpenDoor(5, 5),  # not next to you
    CloseDoor(1, 3),
    PickUp(),  # nothing here
    TakeStairs("down"),
    ChooseLevelUp("hp"),
])
def test_impossible_actions_pass_no_time(action: object) -> None:
    scene = scenario(IMPOSSIBLE, legend={"g": monster(), "+": door("locked", dc=30,
                                                                    reinforced=True)})
    result = scene.act(action)  # type: ignore[arg-type]
    assert isinstance(result, Impossible)
    scene.game.messages.messages.clear()
    assert scene.game.turn == 0
    assert scene.monster("g").pos == (4, 3), "monsters did not move"
    fresh = scenario(IMPOSSIBLE, legend={"g": monster(), "+": door("locked", dc=30,
                                                                    reinforced=True)})
    fresh.game.messages.messages.clear()
    assert state_hash(scene.game) == state_hash(fresh.game), "nothing changed at all"


def test_a_bump_into_a_warded_door_passes_no_time() -> None:
    scene = scenario(IMPOSSIBLE, legend={"g": monster(), "+": door("locked", dc=30,
                                                                    reinforced=True)})
    scene.act(Move(1, 0))
    assert isinstance(scene.act(Move(1, 0)), Impossible)
    assert scene.game.turn == 1


def test_a_confused_player_who_stumbles_into_a_wall_loses_the_turn() -> None:
    scene = scenario("""
        #####
        #@..#
        #####
    """, rng=ScriptedRng(chances=[True] * 8))
    scene.player.effects["confused"] = 10
    for turn in range(1, 9):
        assert isinstance(scene.act(Move(1, 0)), Success), "confusion gives no free retries"
        assert scene.game.turn == turn
    assert any("stumble" in text for text in messages(scene))


def test_a_confused_player_walks_straight_half_the_time() -> None:
    scene = scenario("""
        #####
        #@..#
        #####
    """, rng=ScriptedRng(chances=[False]))
    scene.player.effects["confused"] = 10
    scene.act(Move(1, 0))
    assert scene.player.pos == (2, 1)
