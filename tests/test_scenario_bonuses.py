"""Tactics that pay, on hand-drawn maps: a blow from a flank, an attack the target cannot see and
a hampered defender each change the odds (and a sneak attack the damage), both ways."""

from __future__ import annotations

import pytest
from scenario import Scene, ScriptedRng, messages, monster, scenario

from game.rules import combat
from game.rules.actions import Attack, Wait
from game.world.kinds import Mode

ARENA = """
#######
#.....#
#.w@e.#
#..n..#
#######
"""


def flank_scene(*, east: bool = True, north: bool = False) -> Scene:
    legend = {"w": monster(attack=0), "e": monster(attack=0), "n": monster(attack=0)}
    text = ARENA if east else ARENA.replace("e", ".")
    return scenario(text if north else text.replace("n", "."), legend=legend, hp=100)


def test_an_ally_on_the_far_side_flanks_the_hero() -> None:
    flanked, alone = flank_scene(), flank_scene(east=False)
    west_f, west_a = flanked.monster("w"), alone.monster("w")
    gain = combat.to_hit(flanked.game, west_f, flanked.player, None) - combat.to_hit(
        alone.game, west_a, alone.player, None)
    assert gain == combat.FLANK_BONUS > 0
    assert combat.hit_chance(flanked.game, west_f, flanked.player, None) > combat.hit_chance(
        alone.game, west_a, alone.player, None)


def test_an_ally_at_a_right_angle_does_not_flank() -> None:
    scene = flank_scene(east=False, north=True)
    assert not combat.flanked(scene.game, scene.monster("w"), scene.player)
    assert combat.flanked(flank_scene().game, flank_scene().monster("w"), flank_scene().player)


def test_a_flanking_pack_lands_more_blows() -> None:
    """The same d20 face against AC 12: flanked, the west monster's 10 lands; alone it misses."""
    hits: dict[bool, int] = {}
    for east in (True, False):
        scene = flank_scene(east=east)
        scene.monster("w").attack = 0
        scene.game.rng = ScriptedRng(d20=[10] * 10)
        hp = scene.player.hp
        combat.strike(scene.game, scene.monster("w"), scene.player)
        hits[east] = int(scene.player.hp < hp)
    assert hits == {True: 1, False: 0}


def test_the_hero_strikes_a_sleeping_monster_unseen() -> None:
    scene = scenario("""
        #####
        #@m.#
        #####
    """, legend={"m": monster(mode="asleep", hp=50)})
    goblin = scene.monster("m")
    sneaking = combat.to_hit(scene.game, scene.player, goblin, None)
    goblin.mode = Mode.HUNT
    assert sneaking - combat.to_hit(scene.game, scene.player, goblin, None) == combat.HIDDEN_BONUS


@pytest.mark.parametrize(("mode", "lost"), [("asleep", 4), ("hunt", 3)])
def test_a_sneak_attack_rolls_its_dice_twice(mode: str, lost: int) -> None:
    scene = scenario("""
        #####
        #@m.#
        #####
    """, legend={"m": monster(mode=mode, hp=50, attack=-99)}, rng=ScriptedRng(d20=[15, 1]))
    scene.player.damage = "1d1"  # bare hands: 1 + strength 2; twice the dice on a sneak
    scene.act(Attack(scene.monster("m").id))
    assert 50 - scene.monster("m").hp == lost, messages(scene)


def test_a_monster_out_of_the_heros_sight_attacks_unseen() -> None:
    hall = "#" * 30 + "\n#@" + "." * 26 + "a#\n" + "#" * 30
    scene = scenario(hall, legend={"a": monster("artillery", reach=30, attack=0)})
    archer = scene.monster("a")
    assert not scene.floor.visible[archer.y, archer.x]
    assert combat.hidden(scene.game, archer, scene.player)
    unseen = combat.to_hit(scene.game, archer, scene.player, None)
    scene.floor.visible[archer.y, archer.x] = True
    assert unseen - combat.to_hit(scene.game, archer, scene.player, None) == combat.HIDDEN_BONUS


@pytest.mark.parametrize("condition", ["webbed", "slowed", "confused"])
def test_a_hampered_hero_is_easier_to_hit(condition: str) -> None:
    scene = scenario(ARENA.replace("e", ".").replace("n", "."), legend={"w": monster()})
    wolf = scene.monster("w")
    free = combat.hit_chance(scene.game, wolf, scene.player, None)
    scene.player.effects[condition] = 3
    assert combat.hit_chance(scene.game, wolf, scene.player, None) == free + 5 * \
        combat.HAMPERED_PENALTY


def test_a_webbed_hero_takes_a_blow_that_would_have_missed() -> None:
    """Face 9 + 2 against the hero's AC 12 misses; webbed (AC 10) it lands."""
    landed = []
    for webbed in (False, True):
        scene = scenario("""
            #####
            #@w.#
            #####
        """, legend={"w": monster(attack=2, damage="1d1")}, rng=ScriptedRng(d20=[9]),
            hp=100)
        if webbed:
            scene.player.effects["webbed"] = 5
        scene.act(Wait())
        landed.append(scene.player.hp < 100)
    assert landed == [False, True]


def test_a_monster_at_the_heros_side_is_never_hidden() -> None:
    scene = scenario("""
        #####
        #@m.#
        #####
    """, legend={"m": monster()})
    goblin = scene.monster("m")
    scene.floor.visible[goblin.y, goblin.x] = False  # dark, but felt
    assert not combat.hidden(scene.game, goblin, scene.player)
