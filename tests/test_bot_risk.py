"""The bot and the risky things: it never drops and takes up the same unknown rings for ever,
uses features once each, throws bad potions at foes and reads a curse off its ring."""

from __future__ import annotations

from collections import Counter

from scenario import give, monster, scenario

from game.bot import kit
from game.bot.memory import Memory
from game.bot.policy import Bot, next_action
from game.content.items import item_kinds
from game.rules.actions import Equip, Interact, Throw, Use
from game.rules.items import INVENTORY_LIMIT, pack_full
from game.world.model import FeatureState

ROOM = """
    #########
    #.......#
    #...@...#
    #.......#
    #########
"""
RINGS = ("ring_stealth", "ring_regeneration", "ring_accuracy")


def test_a_full_pack_never_drops_and_takes_up_the_same_unknown_rings() -> None:
    """Seed re1012f6d1a: with a known ring worn and the pack full, unknown rings counted as
    junk were dropped, then wanted again (worth learning) and picked up, 8,000 times over."""
    scene = scenario(ROOM)
    worn = give(scene, "ring_protection")
    scene.game.hero.equipment["ring"] = worn.id
    for key in RINGS:
        give(scene, key, known=False)
    fillers = sorted(k for k, kind in item_kinds().items()
                     if kind.kind in ("weapon", "armour", "shield", "launcher", "ammo")
                     and not kind.thrown)
    for key in fillers[: INVENTORY_LIMIT - 1 - len(RINGS)]:
        give(scene, key)
    give(scene, "potion_healing")
    assert pack_full(scene.game)
    assert not any(i.kind in RINGS for i in kit.junk(scene.game))
    bot, done = Bot(), Counter[str]()
    for _ in range(400):
        bot.act(scene.game)
        done[type(bot.last_action).__name__] += 1
    assert done["PickUp"] <= 3 and done["Drop"] <= len(fillers), done
    assert done["Equip"] <= 2 * len(RINGS) + 2, done


def test_each_unknown_ring_is_tried_on_once() -> None:
    scene = scenario(ROOM)
    worn = give(scene, "ring_protection")
    scene.game.hero.equipment["ring"] = worn.id
    unknown = give(scene, "ring_stealth", known=False)  # its bonus does not show: stays unknown
    memory = Memory()
    assert next_action(scene.game, memory) == Equip(unknown.id)
    bot = Bot()
    equips = 0
    for _ in range(60):
        bot.act(scene.game)
        equips += isinstance(bot.last_action, Equip)
    assert equips <= 3


def test_the_bot_searches_a_chest_and_works_its_weapon_at_an_anvil() -> None:
    scene = scenario("""
        #########
        #C......#
        #...@...#
        #......A#
        #########
    """, legend={"C": FeatureState("Chest", "container"), "A": FeatureState("Anvil", "craft")})
    sword = give(scene, "sword")
    scene.game.hero.equipment["weapon"] = sword.id
    bot, used = Bot(), []
    for _ in range(40):
        bot.act(scene.game)
        if isinstance(bot.last_action, Interact):
            used.append((bot.last_action.x, bot.last_action.y))
    assert sorted(used) == sorted([scene.at("C"), scene.at("A")])
    assert sword.improved == ["anvil"]


def test_the_bot_throws_a_known_bad_potion_at_a_foe() -> None:
    scene = scenario("""
        #########
        #@...g..#
        #########
    """, legend={"g": monster(hp=40)})
    potion = give(scene, "potion_sleep")
    assert next_action(scene.game, Memory()) == Throw(potion.id, scene.at("g"))


def test_the_bot_reads_the_curse_off_its_ring() -> None:
    scene = scenario(ROOM)
    ring = give(scene, "ring_clumsiness")
    scene.game.hero.equipment["ring"] = ring.id
    scroll = give(scene, "scroll_remove_curse")
    better = give(scene, "ring_protection")
    memory = Memory()
    assert next_action(scene.game, memory) == Use(scroll.id)
    Bot().act(scene.game)
    assert ring.uncursed
    assert next_action(scene.game, Memory()) == Equip(better.id)
