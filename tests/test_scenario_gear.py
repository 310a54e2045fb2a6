"""Weapon traits, armour costs, rings and the amulet on hand-drawn maps: each trait is a rule."""

from __future__ import annotations

from scenario import ScriptedRng, give, monster, scenario

from game.ai import monsters
from game.content.items import item_kinds, kind_of
from game.rules import combat, gear, identify
from game.rules.actions import Attack, Equip, Illegal, Impossible, Move, Success, Wait
from game.turns import REGEN_EVERY


def wield(scene: object, key: str) -> None:
    item = give(scene, key)  # type: ignore[arg-type]
    assert isinstance(scene.act(Equip(item.id)), Success)  # type: ignore[attr-defined]


def test_a_spear_hits_two_squares_away_and_a_sword_does_not() -> None:
    room = """
        #######
        #@.a..#
        #######
    """
    scene = scenario(room, legend={"a": monster(hp=100, ac=1, mode="asleep")},
                     rng=ScriptedRng(d20=[15]))
    target = scene.monster("a").id
    assert isinstance(scene.act(Attack(target)), Illegal), "bare hands reach one square"
    wield(scene, "spear")
    assert isinstance(scene.act(Attack(target)), Success)
    assert scene.monster("a").hp < 100
    scene = scenario(room, legend={"a": monster(hp=100, mode="asleep")})
    wield(scene, "sword")
    assert isinstance(scene.act(Attack(scene.monster("a").id)), Illegal)


def test_a_spear_cannot_reach_through_a_wall_corner() -> None:
    scene = scenario("""
        #####
        #@#.#
        #.#a#
        #####
    """, legend={"a": monster(hp=100, mode="asleep")})
    wield(scene, "spear")
    result = scene.act(Attack(scene.monster("a").id))
    assert isinstance(result, Impossible)
    assert scene.monster("a").hp == 100


def test_a_sweeping_weapon_strikes_every_enemy_beside_you() -> None:
    room = """
        #####
        #a.b#
        #.@.#
        #c..#
        #####
    """
    legend = {ch: monster(hp=100, ac=1, mode="asleep") for ch in "abc"}
    scene = scenario(room, legend=legend, rng=ScriptedRng(d20=[15, 15, 15]))
    wield(scene, "axe")
    scene.act(Attack(scene.monster("a").id))
    assert all(scene.monster(ch).hp < 100 for ch in "abc")
    scene = scenario(room, legend=legend, rng=ScriptedRng(d20=[15, 15, 15]))
    wield(scene, "sword")
    scene.act(Attack(scene.monster("a").id))
    assert [scene.monster(ch).hp < 100 for ch in "abc"] == [True, False, False]


def test_a_quick_weapon_strikes_twice_the_second_time_less_surely() -> None:
    room = """
        #####
        #@a.#
        #####
    """
    scene = scenario(room, legend={"a": monster(hp=100, ac=10, mode="asleep")},
                     rng=ScriptedRng(d20=[15, 15]))
    wield(scene, "rapier")
    scene.act(Attack(scene.monster("a").id))
    hits = [t for t in (m.text for m in scene.game.messages.messages) if t.startswith("You hit")]
    assert len(hits) == 2
    bonus = combat.attack_bonus(scene.game, scene.player)
    # a roll that hits exactly on the first blow misses on the second
    needed = scene.monster("a").ac - bonus
    scene = scenario(room, legend={"a": monster(hp=100, ac=10, mode="asleep")},
                     rng=ScriptedRng(d20=[needed, needed]))
    wield(scene, "rapier")
    scene.act(Attack(scene.monster("a").id))
    texts = [m.text for m in scene.game.messages.messages]
    assert any(t.startswith("You hit") for t in texts) and any(t.startswith("You miss")
                                                                for t in texts)
    assert combat.QUICK_PENALTY > 0


def test_a_piercing_weapon_ignores_part_of_the_armour() -> None:
    room = """
        #####
        #@a.#
        #####
    """
    pierce = kind_of("war_pick").pierce
    assert pierce > 0
    for key, lands in (("sword", False), ("war_pick", True)):
        scene = scenario(room, legend={"a": monster(hp=100, ac=15, attack=-99)},
                         rng=ScriptedRng(d20=[10]))
        wield(scene, key)
        bonus = combat.attack_bonus(scene.game, scene.player)
        assert 10 + bonus < 15 <= 10 + bonus + pierce, "the roll falls in the pierced band"
        scene.act(Attack(scene.monster("a").id))
        assert (scene.monster("a").hp < 100) is lands, key


def test_heavy_armour_makes_monsters_notice_you_sooner_and_a_ring_of_stealth_later() -> None:
    scene = scenario("#@.#")
    plain = monsters.notice_chance(scene.game)
    assert plain == monsters.NOTICE_CHANCE
    wield(scene, "plate")
    loud = monsters.notice_chance(scene.game)
    assert loud > plain
    scene = scenario("#@.#")
    ring = give(scene, "ring_stealth")
    scene.act(Equip(ring.id))
    assert monsters.notice_chance(scene.game) < plain


def test_a_monster_in_sight_is_asked_the_notice_chance_of_the_heros_gear() -> None:
    room = """
        #######
        #@...a#
        #######
    """
    rng = ScriptedRng(chances=[False] * 8)
    scene = scenario(room, legend={"a": monster(mode="asleep")}, rng=rng)
    wield(scene, "plate")
    rng.asked.clear()
    scene.act(Wait())
    assert monsters.notice_chance(scene.game) in rng.asked


def test_heavy_armour_sometimes_makes_a_step_take_two_turns() -> None:
    corridor = "#" * 44 + "\n#@" + "." * 41 + "#\n" + "#" * 44
    turns = {}
    for key in ("leather", "plate"):
        scene = scenario(corridor)
        wield(scene, key)
        start = scene.game.turn
        for _ in range(40):
            assert isinstance(scene.act(Move(1, 0)), Success)
        turns[key] = scene.game.turn - start
    assert turns["leather"] == 40
    cost = kind_of("plate").move_cost
    assert 40 < turns["plate"] <= 40 + 40 * cost * 3 // 100, turns


def test_a_ring_of_regeneration_heals_faster() -> None:
    healed = {}
    for ring in ("", "ring_regeneration"):
        scene = scenario("#@.#", hp=100)
        if ring:
            scene.act(Equip(give(scene, ring).id))
        scene.player.hp = 10
        before = scene.player.hp
        for _ in range(REGEN_EVERY * 5):
            scene.act(Wait())
        healed[ring] = scene.player.hp - before
    assert healed["ring_regeneration"] >= 2 * healed[""] > 0


def test_a_ring_of_strength_adds_to_damage_and_shows_what_it_is() -> None:
    scene = scenario("#@.#")
    ring = give(scene, "ring_strength", known=False)
    assert not identify.known(scene.game, "ring_strength")
    scene.act(Equip(ring.id))
    assert gear.total(scene.game.hero, "strength") == kind_of("ring_strength").strength > 0
    assert identify.known(scene.game, "ring_strength"), "its bonus shows at once"


def test_a_ring_of_stealth_stays_unknown_when_worn() -> None:
    scene = scenario("#@.#")
    scene.act(Equip(give(scene, "ring_stealth", known=False).id))
    assert not identify.known(scene.game, "ring_stealth")


def test_the_amulet_of_warding_helps_resist_hexes() -> None:
    room = """
        #########
        #@.....c#
        #########
    """
    results = []
    for worn in (False, True):
        caster = monster("controller", reach=8, attack=4)
        scene = scenario(room, legend={"c": caster}, rng=ScriptedRng(d20=[9] * 10))
        if worn:
            scene.act(Equip(give(scene, "amulet_warding").id))
        scene.act(Wait())
        results.append(any("resist" in m.text for m in scene.game.messages.messages))
    assert results == [False, True]


def test_every_trait_of_the_items_file_is_on_some_item() -> None:
    kinds = item_kinds().values()
    for trait in ("reach", "sweep", "pierce", "quick", "stealth", "move_cost", "regen",
                  "strength", "ward", "charges"):
        assert any(getattr(k, trait) for k in kinds), trait
