"""Items on hand-drawn maps: potions, scrolls (some aimed), keys, gold, gear, the pack."""

from __future__ import annotations

import numpy as np
import pytest
from numpy.typing import NDArray
from scenario import Scene, ScriptedRng, door, give, messages, monster, scenario

from game import tiles
from game.content.items import kind_of
from game.rules import combat, effects, gear, identify, items
from game.rules.actions import (
    Drop,
    Equip,
    Impossible,
    Move,
    PickUp,
    Search,
    Success,
    Use,
    Wait,
)
from game.world import pack
from game.world.model import Item

ROOM = """
############
#@.........#
#..........#
#..........#
############
"""


def assert_no_turn(scene: Scene, result: object) -> None:
    assert isinstance(result, Impossible)
    assert scene.game.turn == 0


def test_healing_potion_at_full_health_is_refused_and_kept() -> None:
    scene = scenario(ROOM, legend={})
    potion = give(scene, "potion_healing")
    assert_no_turn(scene, scene.act(Use(potion.id)))
    assert potion in scene.game.hero.inventory


def test_healing_potion_heals_up_to_the_maximum() -> None:
    scene = scenario(ROOM)
    potion = give(scene, "potion_healing")
    scene.player.hp = 27
    assert isinstance(scene.act(Use(potion.id)), Success)
    assert scene.player.hp == 30, "2d8+4 heals at least 6, capped at max"
    assert potion not in scene.game.hero.inventory
    assert scene.game.turn == 1


def test_a_hurt_player_heals_by_the_dice() -> None:
    scene = scenario(ROOM)
    potion = give(scene, "potion_healing")
    scene.player.hp = 1
    scene.act(Use(potion.id))
    assert 1 + 6 <= scene.player.hp <= 1 + 20


def test_a_strong_hero_heals_a_share_of_maximum_hp_at_least() -> None:
    scene = scenario(ROOM)
    potion = give(scene, "potion_healing")
    scene.player.max_hp, scene.player.hp = 150, 10
    share = 150 // effects.HEAL_SHARE
    assert share > 20, "the share beats 2d8+4 (at most 20), so it is what is healed"
    scene.act(Use(potion.id))
    assert 10 + share <= scene.player.hp <= 10 + share + 1  # +1: a turn's rest may tick


def test_scroll_of_mapping_shows_the_whole_floor() -> None:
    scene = scenario("""
        ##########
        #@.#.....#
        ####.###.#
        #....#...#
        ##########
    """)
    before = scene.floor.explored.copy()
    assert not before[3, 1]
    scene.act(Use(give(scene, "scroll_mapping").id))
    walkable = tiles.WALKABLE[scene.floor.tiles]
    assert (scene.floor.explored == before | walkable | _next_to(walkable)).all()


def _next_to(mask: NDArray[np.bool_]) -> NDArray[np.bool_]:
    near = mask.copy()
    near[1:] |= mask[:-1]
    near[:-1] |= mask[1:]
    near[:, 1:] |= mask[:, :-1]
    near[:, :-1] |= mask[:, 1:]
    return near


def test_scroll_of_teleportation_moves_you_to_a_free_spot() -> None:
    spots = set()
    for seed in "abcdef":
        scene = scenario(ROOM.replace("#@..", "#@g."), legend={"g": monster(mode="asleep")},
                         seed=seed)
        assert isinstance(scene.act(Use(give(scene, "scroll_teleport").id)), Success)
        x, y = scene.player.pos
        assert scene.floor.tiles[y, x] == tiles.FLOOR
        assert scene.floor.monster_at(x, y) is None
        spots.add((x, y))
    assert len(spots) > 2


LIGHTNING = """
###############
#@..a.....b...#
#######.#######
#..c#.........#
###############
"""


def test_lightning_strikes_the_nearest_visible_monster_in_range() -> None:
    sleeper = monster(mode="asleep", hp=100)
    scene = scenario(LIGHTNING, legend={"a": sleeper, "b": sleeper, "c": sleeper})
    scroll = give(scene, "scroll_lightning")
    scene.act(Use(scroll.id))
    assert scene.monster("a").hp < 100
    assert scene.monster("b").hp == 100
    assert scene.monster("c").hp == 100


def test_lightning_skips_monsters_out_of_sight_or_range() -> None:
    sleeper = monster(mode="asleep", hp=100)
    scene = scenario(LIGHTNING.replace("a", "."), legend={"b": sleeper, "c": sleeper})
    assert scene.floor.visible[1, 10], "b is in sight but 9 tiles away; the range is 8"
    assert not scene.floor.visible[3, 3], "c is near but behind a wall"
    scroll = give(scene, "scroll_lightning")
    assert_no_turn(scene, scene.act(Use(scroll.id)))
    assert scroll in scene.game.hero.inventory


def test_lightning_kills_and_gives_experience() -> None:
    scene = scenario(LIGHTNING, legend={"a": monster(mode="asleep", hp=1, xp=40)})
    scene.act(Use(give(scene, "scroll_lightning").id))
    assert not scene.alive("a")
    assert scene.game.hero.xp == 40


def test_scroll_of_confusion_confuses_the_target() -> None:
    scene = scenario(LIGHTNING, legend={"a": monster(mode="asleep")})
    scroll = give(scene, "scroll_confusion")
    assert_no_turn(scene, scene.act(Use(scroll.id)))
    assert_no_turn(scene, scene.act(Use(scroll.id, (2, 1))))
    assert isinstance(scene.act(Use(scroll.id, scene.at("a"))), Success)
    assert "confused" in scene.monster("a").effects
    assert scroll not in scene.game.hero.inventory


def test_confusion_needs_a_target_in_sight_and_range() -> None:
    scene = scenario(LIGHTNING, legend={"b": monster(mode="asleep"), "c": monster(mode="asleep")})
    scroll = give(scene, "scroll_confusion")
    assert_no_turn(scene, scene.act(Use(scroll.id, scene.at("c"))))
    assert_no_turn(scene, scene.act(Use(scroll.id, scene.at("b"))))
    assert not scene.monster("b").effects


def test_a_confused_monster_staggers() -> None:
    scene = scenario("""
        ###########
        #@.......m#
        ###########
    """, legend={"m": monster()})
    scene.act(Use(give(scene, "scroll_confusion").id, scene.at("m")))
    for _ in range(5):
        scene.act(Wait())
    assert scene.monster("m").x > 2, "it would have walked 6 steps; confused, it dithers"


def test_scroll_of_knock_opens_a_locked_door_and_is_refused_on_an_open_one() -> None:
    scene = scenario("""
        #######
        #@+.'.#
        #######
    """, legend={"+": door("locked", dc=25)})
    scroll = give(scene, "scroll_knock")
    assert_no_turn(scene, scene.act(Use(scroll.id, (4, 1))))
    assert isinstance(scene.act(Use(scroll.id, (2, 1))), Success)
    assert scene.floor.doors[(2, 1)].state == "unlocked"
    assert isinstance(scene.act(Move(1, 0)), Success)
    assert scene.floor.doors[(2, 1)].is_open


def test_gold_is_picked_up_by_walking_over_it() -> None:
    scene = scenario(ROOM.replace("#@.", "#@$"), legend={"$": "gold"})
    scene.act(Move(1, 0))
    assert scene.game.hero.gold == 10
    assert not scene.floor.items
    assert not scene.game.hero.inventory


def test_gold_underfoot_goes_to_the_purse_not_the_pack() -> None:
    scene = scenario(ROOM)
    scene.floor.items.append(Item(scene.game.new_id(), "gold", *scene.player.pos, amount=7))
    assert isinstance(scene.act(PickUp()), Success)
    assert scene.game.hero.gold == 7
    assert not scene.game.hero.inventory


def test_searching_finds_hidden_treasure() -> None:
    scene = scenario(ROOM)
    scene.floor.treasure[(3, 1)] = 25
    for _ in range(30):
        if scene.floor.items:
            break
        scene.act(Search())
    assert not scene.floor.treasure
    assert [(i.kind, i.pos, i.amount) for i in scene.floor.items] == [("gold", (3, 1), 25)]
    scene.act(Move(1, 0))
    scene.act(Move(1, 0))
    assert scene.game.hero.gold == 25


def test_pick_up_and_drop() -> None:
    scene = scenario(ROOM.replace("#@.", "#@!"), legend={"!": "potion_healing"})
    assert_no_turn(scene, scene.act(PickUp()))
    scene.act(Move(1, 0))
    look = identify.name_of(scene.game, "potion_healing")  # not known yet: its appearance
    assert look != "potion of healing"
    assert any(look in text for text in messages(scene))
    assert isinstance(scene.act(PickUp()), Success)
    [potion] = scene.game.hero.inventory
    assert not scene.floor.items
    scene.act(Move(1, 0))
    assert isinstance(scene.act(Drop(potion.id)), Success)
    assert scene.floor.items_at(3, 1) == [potion]
    assert not scene.game.hero.inventory
    assert scene.game.turn == 4


def fill_pack(scene: Scene) -> None:
    """Every place in the pack taken: things that differ (here: in charges) never share one."""
    for n in range(items.INVENTORY_LIMIT):
        give(scene, "dagger", amount=n + 1)


def test_the_pack_holds_a_limited_number_of_items() -> None:
    scene = scenario(ROOM.replace("#@.", "#@!"), legend={"!": "potion_healing"})
    fill_pack(scene)
    scene.act(Move(1, 0))
    turn = scene.game.turn
    result = scene.act(PickUp())
    assert isinstance(result, Impossible) and "full" in result.reason
    assert scene.game.turn == turn
    assert len(scene.floor.items) == 1


def test_interchangeable_items_share_a_place_in_the_pack() -> None:
    scene = scenario(ROOM.replace("#@.", "#@!"), legend={"!": "potion_healing"})
    for _ in range(items.INVENTORY_LIMIT * 2):
        give(scene, "scroll_mapping")  # fifty-two scrolls: one place
    assert not items.pack_full(scene.game)
    for n in range(items.INVENTORY_LIMIT - 2):
        give(scene, "dagger", amount=n + 1)
    give(scene, "potion_healing")  # the last place
    assert items.pack_full(scene.game)
    scene.act(Move(1, 0))
    assert isinstance(scene.act(PickUp()), Success), "a potion joins the potions' place"
    assert not scene.floor.items


def test_keys_hang_on_the_ring_and_take_no_place_in_the_pack() -> None:
    scene = scenario(ROOM.replace("#@.", "#@k"), legend={"k": "key"})
    fill_pack(scene)
    for n in range(19):
        give(scene, "key", key_for=(100 + n, 100))
    assert len(pack.pack_rows(scene.game.hero)) == items.INVENTORY_LIMIT
    scene.act(Move(1, 0))
    assert isinstance(scene.act(PickUp()), Success), "a full pack still takes a key"
    assert len(gear.key_ring(scene.game.hero)) == 20


def test_the_relic_fits_in_a_full_pack() -> None:
    scene = scenario(ROOM.replace("#@.", "#@&"), legend={"&": "relic"})
    fill_pack(scene)
    assert items.pack_full(scene.game)
    scene.act(Move(1, 0))
    assert isinstance(scene.act(PickUp()), Success)
    assert scene.game.hero.has_relic


@pytest.mark.parametrize(("weapon", "dice", "bonus"), [("dagger", "1d4", 1), ("sword", "1d8", 0),
                                                       ("runeblade", "2d6", 2)])
def test_wielding_a_weapon_changes_attack_and_damage(weapon: str, dice: str, bonus: int) -> None:
    scene = scenario(ROOM)
    game = scene.game
    bare = combat.attack_bonus(game, scene.player)
    blade = give(scene, weapon)
    assert isinstance(scene.act(Equip(blade.id)), Success)
    assert game.hero.equipment["weapon"] == blade.id
    assert combat.attack_bonus(game, scene.player) == bare + bonus
    assert gear.weapon_dice(game.hero) == dice
    low, high = _dice_range(dice)
    rolls = {combat.damage_roll(game, scene.player, critical=False) for _ in range(200)}
    strength = game.hero.strength
    assert min(rolls) >= low + strength and max(rolls) <= high + strength
    assert max(rolls) > 3 + strength or high <= 3, "better than the bare 1d3"


def _dice_range(dice: str) -> tuple[int, int]:
    count, sides = (int(n) for n in dice.split("d"))
    return count, count * sides


def test_armour_raises_armour_class_and_comes_off_again() -> None:
    scene = scenario(ROOM)
    game = scene.game
    bare = combat.armour_class(game, scene.player)
    mail, shield = give(scene, "chain"), give(scene, "shield")
    scene.act(Equip(mail.id))
    scene.act(Use(shield.id))
    chain, kite = kind_of("chain").ac, kind_of("shield").ac
    assert chain and kite
    assert combat.armour_class(game, scene.player) == bare + chain + kite
    scene.act(Equip(mail.id))
    assert combat.armour_class(game, scene.player) == bare + kite
    assert scene.game.turn == 3


def test_dropping_worn_gear_takes_it_off() -> None:
    scene = scenario(ROOM)
    mail = give(scene, "plate")
    scene.act(Equip(mail.id))
    scene.act(Drop(mail.id))
    assert "body" not in scene.game.hero.equipment
    assert combat.armour_class(scene.game, scene.player) == scene.player.ac


def test_things_you_cannot_use_or_wear() -> None:
    scene = scenario(ROOM)
    key = give(scene, "key", key_for=(1, 1))
    potion = give(scene, "potion_healing")
    assert_no_turn(scene, scene.act(Use(key.id)))
    assert_no_turn(scene, scene.act(Equip(potion.id)))
    assert_no_turn(scene, scene.act(Use(999)))
    assert_no_turn(scene, scene.act(Drop(999)))


def test_lightning_wakes_a_sleeper_it_does_not_kill() -> None:
    scene = scenario(LIGHTNING, legend={"a": monster(mode="asleep", hp=100)},
                     rng=ScriptedRng(chances=[False] * 5))
    scene.act(Use(give(scene, "scroll_lightning").id))
    assert scene.monster("a").hp < 100
    assert scene.monster("a").mode == "hunt", "not by noticing you: the chance was pinned to no"


def test_a_scroll_of_fear_routs_the_foes_in_sight_for_a_while() -> None:
    scene = scenario("""
        ############
        #@..a....b.#
        #####.######
        #####c######
        ############
    """, legend={ch: monster(hp=50, mode="asleep") for ch in "abc"})
    scene.act(Use(give(scene, "scroll_fear").id))
    assert scene.monster("a").mode == "flee" and scene.monster("b").mode == "flee"
    assert scene.monster("c").mode == "asleep", "out of sight: it never heard"
    for _ in range(kind_of("scroll_fear").turns + 1):
        scene.act(Wait())
    assert scene.monster("a").mode == "hunt", "the terror passes"


def test_potions_of_strength_restoration_and_confusion() -> None:
    scene = scenario(ROOM)
    strength = scene.game.hero.strength
    scene.act(Use(give(scene, "potion_strength").id))
    assert scene.game.hero.strength == strength + 1
    scene.act(Use(give(scene, "potion_confusion").id))
    assert "confused" in scene.player.effects
    scene.player.hp = 3
    scene.act(Use(give(scene, "potion_restoration").id))
    assert scene.player.hp == scene.player.max_hp and not scene.player.effects


def test_a_scroll_of_recharging_fills_the_wands_carried() -> None:
    scene = scenario(ROOM)
    wand = give(scene, "wand_dig", amount=0)
    scene.act(Use(give(scene, "scroll_recharging").id))
    assert wand.amount == kind_of("wand_dig").charges
