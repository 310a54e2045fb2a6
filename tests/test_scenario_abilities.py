"""Scenario tests for every monster ability (assets/monsters.toml `abilities`, carried out by
game/rules/abilities.py): each one does what the codex says, and the AI does not waste it (out of
range, out of sight, on cooldown, with nothing to gain)."""

from __future__ import annotations

import json

from scenario import Scene, ScriptedRng, monster, scenario

from game import codex_monsters
from game.content.bestiary import default_bestiary
from game.rules import abilities, combat
from game.rules.actions import Move, Wait
from game.world import serial
from game.world.build import monster_from
from game.world.kinds import Mode
from game.world.model import Actor

FAIL = [1] * 200
"""d20 faces: every saving throw fails (and every attack roll misses)."""
HIT = [19] * 200
"""d20 faces: every attack roll hits (and every saving throw is made)."""


def kind(key: str, mode: Mode = Mode.HUNT, group: int = -1) -> Actor:
    """A monster template of a bestiary kind, made as a floor makes it."""
    actor = monster_from(default_bestiary().get(key), -1, (-1, -1), elite=False)
    actor.mode, actor.group = mode, group
    return actor


def said(scene: Scene, text: str) -> int:
    """How many log lines hold `text` (a repeated line counts once per repeat)."""
    return sum(m.count for m in scene.game.messages.messages if text in m.text)


def wait(scene: Scene, turns: int = 1) -> None:
    for _ in range(turns):
        scene.act(Wait())


# --- breath ---------------------------------------------------------------------------------


def test_a_dragon_draws_breath_then_breathes_a_cone_on_all_in_it() -> None:
    scene = scenario("""
        ###########
        #.........#
        #.D...g.@.#
        #.......g.#
        ###########
    """, legend={"D": kind("red_dragon"), "g": monster(hp=200, mode="asleep")}, hp=900,
        rng=ScriptedRng(d20=FAIL))
    goblins = [scene.monster("g", 0), scene.monster("g", 1)]
    places = [g.pos for g in goblins]
    for goblin, corner in zip(goblins, [(1, 1), (1, 3)], strict=True):
        scene.floor.relocate(goblin, *corner)  # behind it while it draws breath
    wait(scene)
    assert said(scene, "draws a deep breath") == 1
    for goblin, place in zip(goblins, places, strict=True):
        scene.floor.relocate(goblin, *place)  # they wander into the cone too late
    assert said(scene, "breathes fire") == 0, "the breath comes the turn after the warning"
    before = scene.player.hp
    wait(scene)
    assert said(scene, "breathes fire") == 1
    assert said(scene, "The fire engulfs you") == 1
    assert scene.player.hp < before
    assert all(g.hp < 200 for g in goblins), "every creature in the cone is burnt"
    assert scene.monster("D").cooldowns["breath"] > 0


def test_a_dragon_does_not_breathe_on_its_own_kind() -> None:
    scene = scenario("""
        ###########
        #.........#
        #.D...g.@.#
        ###########
    """, legend={"D": kind("red_dragon"), "g": monster(hp=200, mode="asleep")}, hp=900)
    assert not abilities.act(scene.game, scene.monster("D"))
    assert "inhaling" not in scene.monster("D").effects


def test_a_saving_throw_halves_a_breath() -> None:
    scene = scenario("""
        #########
        #D...@..#
        #########
    """, legend={"D": kind("red_dragon")}, hp=900, rng=ScriptedRng(d20=[20] * 200))
    wait(scene, 2)
    assert said(scene, "You dodge half the fire") == 1


def test_a_hero_who_steps_out_of_sight_escapes_the_breath() -> None:
    scene = scenario("""
        #########
        #D...@..#
        #####.###
        #########
    """, legend={"D": kind("red_dragon")}, hp=900, rng=ScriptedRng(d20=FAIL))
    wait(scene)
    assert said(scene, "draws a deep breath") == 1
    scene.act(Move(0, 1))  # round the corner
    assert said(scene, "breathes") == 0 and scene.player.hp == 900


def test_a_fire_imp_breathes_a_line_and_not_out_of_range() -> None:
    scene = scenario("""
        ##############
        #i........@..#
        ##############
    """, legend={"i": kind("fire_imp")}, hp=900, rng=ScriptedRng(d20=FAIL))
    imp = scene.monster("i")
    wait(scene)
    assert said(scene, "draws a deep breath") == 0, "9 squares is past its line of 6"
    imp.mode = Mode.ASLEEP
    scene.floor.relocate(imp, 6, 1)
    imp.mode = Mode.HUNT
    wait(scene, 2)
    assert said(scene, "breathes fire") == 1 and scene.player.hp < 900


def test_the_cone_is_a_cone() -> None:
    scene = scenario("""
        ###########
        #.........#
        #D....@...#
        #.........#
        ###########
    """, legend={"D": kind("red_dragon")})
    found = abilities.ability(scene.monster("D"), "breath")
    assert found is not None
    area = abilities.breath_area(scene.game, (1, 2), (6, 2), found)
    assert (6, 2) in area and (2, 2) in area and (4, 3) in area
    assert (1, 1) not in area and (1, 3) not in area, "nothing behind or beside the breather"
    assert all(x > 1 for x, _ in area)


# --- regeneration, poison, drain, heads -----------------------------------------------------


def test_a_troll_regenerates() -> None:
    scene = scenario("""
        #####.#####
        #@..#.#.T.#
        ###########
    """, legend={"T": kind("troll", Mode.ASLEEP)})
    troll = scene.monster("T")
    troll.hp = 10
    wait(scene, 3)
    assert troll.hp == 10 + 3 * 3
    troll.hp = troll.max_hp - 1
    wait(scene)
    assert troll.hp == troll.max_hp


def test_a_spider_s_poison_lasts_after_the_bite() -> None:
    scene = scenario("""
        #######
        #@S...#
        #######
    """, legend={"S": kind("giant_spider")}, hp=100, rng=ScriptedRng(d20=HIT))
    spider = scene.monster("S")
    combat.strike(scene.game, spider, scene.player)
    assert scene.player.effects["poisoned"] == 4
    scene.floor.monsters.remove(spider)
    before = scene.player.hp
    wait(scene, 3)
    assert said(scene, "The poison burns you") == 3
    assert scene.player.hp == before - 3
    wait(scene, 2)
    assert "poisoned" not in scene.player.effects


def test_a_vampire_drinks_the_life_it_takes() -> None:
    scene = scenario("""
        #######
        #@V...#
        #######
    """, legend={"V": kind("vampire_spawn")}, hp=100, rng=ScriptedRng(d20=HIT))
    vampire = scene.monster("V")
    vampire.hp = 5
    combat.strike(scene.game, vampire, scene.player)
    taken = 100 - scene.player.hp
    assert vampire.hp == 5 + max(1, taken // 2)
    assert said(scene, "drinks your life") == 1


def test_a_hydra_bites_with_every_head() -> None:
    scene = scenario("""
        #######
        #@H...#
        #######
    """, legend={"H": kind("hydra")}, hp=500, rng=ScriptedRng(d20=HIT))
    assert abilities.act(scene.game, scene.monster("H"))
    assert said(scene, "The hydra hits you") == 3


def test_a_hydra_far_off_does_not_bite_the_air() -> None:
    scene = scenario("""
        #######
        #@..H.#
        #######
    """, legend={"H": kind("hydra")}, hp=500)
    assert not abilities.act(scene.game, scene.monster("H"))


# --- webs, gaze, fear -----------------------------------------------------------------------


def test_a_spider_webs_a_hero_at_range_once_until_its_cooldown() -> None:
    scene = scenario("""
        #########
        #S...@..#
        #########
    """, legend={"S": kind("giant_spider")}, rng=ScriptedRng(d20=FAIL))
    spider = scene.monster("S")
    assert abilities.act(scene.game, spider)
    assert scene.player.effects["webbed"] == 2 and said(scene, "you are webbed") == 1
    del scene.player.effects["webbed"]
    assert not abilities.act(scene.game, spider), "on cooldown"
    spider.cooldowns.clear()
    scene.player.effects["webbed"] = 1
    assert not abilities.act(scene.game, spider), "no second web on a webbed hero"


def test_the_medusa_s_gaze_stiffens_then_turns_to_stone() -> None:
    scene = scenario("""
        ##########
        #M...@...#
        ##########
    """, legend={"M": kind("medusa")}, hp=100, rng=ScriptedRng(d20=FAIL))
    medusa = scene.monster("M")
    assert abilities.act(scene.game, medusa)
    assert scene.player.effects["petrifying"] == 5
    assert abilities.slowing(scene.player)
    medusa.cooldowns.clear()
    assert abilities.act(scene.game, medusa)
    assert scene.player.effects["petrifying"] == 10
    medusa.cooldowns.clear()
    assert abilities.act(scene.game, medusa)
    assert said(scene, "turns to stone") == 1
    assert scene.player.hp == 100 - 100 // abilities.STONE_SHARE
    assert "petrifying" not in scene.player.effects and "slowed" in scene.player.effects


def test_a_gaze_needs_a_line_of_sight_and_a_save_resists_it() -> None:
    scene = scenario("""
        ##########
        #M.#.@...#
        ##########
    """, legend={"M": kind("medusa")}, rng=ScriptedRng(d20=[20] * 10))
    medusa = scene.monster("M")
    assert not abilities.act(scene.game, medusa), "a wall between: no gaze"
    scene.floor.tiles[1, 3] = scene.floor.tiles[1, 2]
    scene.act(Wait())
    assert said(scene, "You avert your eyes") == 1
    assert "petrifying" not in scene.player.effects


def test_a_gazer_slows_the_hero_in_play() -> None:
    scene = scenario("""
        ##########
        #B...@...#
        ##########
    """, legend={"B": kind("basilisk")}, hp=100, rng=ScriptedRng(d20=FAIL))
    wait(scene, 2)  # a slow basilisk: 7 energy a turn
    assert "petrifying" in scene.player.effects
    turn = scene.game.turn
    wait(scene)
    assert scene.game.turn == turn + 2, "a stiffening hero is slow: two monster turns to one"


def test_a_death_knight_s_dread_costs_the_hero_to_hit() -> None:
    scene = scenario("""
        #########
        #K..@...#
        #########
    """, legend={"K": kind("death_knight")}, rng=ScriptedRng(d20=FAIL))
    knight = scene.monster("K")
    bold = combat.attack_bonus(scene.game, scene.player)
    assert not abilities.act(scene.game, knight), "fear is an aura: the knight still acts"
    assert scene.player.effects["afraid"] == 5
    assert combat.attack_bonus(scene.game, scene.player) == bold - abilities.FEAR_PENALTY
    assert knight.cooldowns["fear"] == 12


# --- summon, heal, howl ---------------------------------------------------------------------


def test_a_necromancer_raises_the_dead_within_its_cap() -> None:
    scene = scenario("""
        ###########
        #.........#
        #..N...@..#
        #.........#
        ###########
    """, legend={"N": kind("necromancer", group=3)})
    necro = scene.monster("N")
    assert abilities.act(scene.game, necro)
    raised = [m for m in scene.floor.monsters if m.kind == "skeleton_rabble"]
    assert len(raised) == 2 and said(scene, "calls up 2 skeleton rabbles") == 1
    assert all(m.xp == 0 and m.group == 3 and m.mode == Mode.HUNT for m in raised)
    assert not abilities.act(scene.game, necro), "on cooldown"
    necro.cooldowns.clear()
    assert abilities.act(scene.game, necro)
    necro.cooldowns.clear()
    assert not abilities.act(scene.game, necro), "four servants stand about it already"


def test_a_summoner_that_cannot_see_the_hero_raises_no_one() -> None:
    scene = scenario("""
        ###########
        #..N.#.@..#
        ###########
    """, legend={"N": kind("necromancer")})
    assert not abilities.act(scene.game, scene.monster("N"))
    assert not any(m.kind == "skeleton_rabble" for m in scene.floor.monsters)


def test_a_cult_mesmer_mends_a_hurt_ally_not_a_well_one() -> None:
    scene = scenario("""
        ###########
        #m.o......#
        #.......@.#
        ###########
    """, legend={"m": kind("cult_mesmer", group=1), "o": monster(hp=40, group=1)})
    mesmer, ally = scene.monster("m"), scene.monster("o")
    assert not abilities.act(scene.game, mesmer), "no one is hurt"
    ally.hp = 5
    assert abilities.act(scene.game, mesmer)
    assert ally.hp > 5 and said(scene, "mends the soldier") == 1


def test_a_gnoll_howls_the_pack_awake_once() -> None:
    scene = scenario("""
        ############
        #G....@....#
        #.......z..#
        ############
    """, legend={"G": kind("gnoll_raider"), "z": monster(mode="asleep")})
    gnoll = scene.monster("G")
    assert abilities.act(scene.game, gnoll)
    assert scene.monster("z").mode == Mode.HUNT and said(scene, "howls") == 1
    gnoll.cooldowns.clear()
    assert not abilities.act(scene.game, gnoll), "no one left asleep: no howl"


# --- steal, charge, blink -------------------------------------------------------------------


def test_a_cutthroat_snatches_gold_runs_and_drops_it_when_killed() -> None:
    scene = scenario("""
        ##########
        #@c......#
        ##########
    """, legend={"c": kind("goblin_cutthroat")})
    scene.game.hero.gold = 50
    scene.player.ac = -30
    thief = scene.monster("c")
    assert abilities.act(scene.game, thief)
    taken = thief.carried
    assert 1 <= taken <= 30 and scene.game.hero.gold == 50 - taken
    assert thief.mode == Mode.FLEE and said(scene, "snatches") == 1
    assert not abilities.act(scene.game, thief), "one purse is enough"
    combat.die(scene.game, thief, scene.player)
    dropped = [i for i in scene.floor.items if i.kind == "gold" and i.pos == thief.pos]
    assert [i.amount for i in dropped] == [taken]


def test_a_cutthroat_leaves_a_penniless_hero_alone() -> None:
    scene = scenario("""
        ######
        #@c..#
        ######
    """, legend={"c": kind("goblin_cutthroat")})
    assert not abilities.act(scene.game, scene.monster("c"))


def test_an_ogre_charges_down_a_clear_line() -> None:
    scene = scenario("""
        ##########
        #O...@...#
        ##########
    """, legend={"O": kind("ogre")}, hp=200, rng=ScriptedRng(d20=[15] * 50))
    ogre = scene.monster("O")
    wait(scene)
    assert said(scene, "The ogre charges") == 1
    assert ogre.pos == (4, 1)
    assert said(scene, "The ogre hits you") == 1, "15 + 9 + the charge's 4 reaches 12"


def test_an_ogre_does_not_charge_through_a_crowd() -> None:
    scene = scenario("""
        ##########
        #O.g.@...#
        ##########
    """, legend={"O": kind("ogre"), "g": monster(mode="asleep")})
    assert not abilities.act(scene.game, scene.monster("O"))


def test_a_wraith_blinks_to_the_hero_s_side() -> None:
    scene = scenario("""
        ###########
        #W....@...#
        ###########
    """, legend={"W": kind("wraith")}, hp=200)
    wraith = scene.monster("W")
    assert abilities.act(scene.game, wraith)
    assert abs(wraith.x - scene.player.x) == 1 and said(scene, "blinks") == 1
    assert not abilities.act(scene.game, wraith) or wraith.cooldowns["blink"] > 0


def test_an_arbalester_blinks_away_from_a_hero_beside_it() -> None:
    scene = scenario("""
        ##############
        #.....@A.....#
        ##############
    """, legend={"A": kind("dark_elf_arbalester")})
    elf = scene.monster("A")
    assert abilities.act(scene.game, elf)
    assert abs(elf.x - scene.player.x) >= 3
    elf.cooldowns.clear()
    assert not abilities.act(scene.game, elf), "already at a distance: no blink"


def test_describe_tells_a_monster_s_abilities_and_when_they_come_back() -> None:
    scene = scenario("""
        #######
        #@..D.#
        #######
    """, legend={"D": kind("red_dragon")})
    dragon = scene.monster("D")
    dragon.cooldowns["breath"] = 7
    lines = codex_monsters.describe_monster(scene.game, dragon).lines
    assert any(line.startswith("Breathes fire in a cone, 6 squares, damage 6d6")
               and line.endswith("(ready in 7 turns)") for line in lines)
    assert "Hit points" not in " ".join(lines[2:]) and f"/{dragon.max_hp} hit points" in lines[0]


def test_cooldowns_and_stolen_gold_are_saved() -> None:
    thief = kind("goblin_cutthroat")
    thief.cooldowns, thief.carried = {"blink": 3, "breath": 9}, 17
    again = serial.actor_from(json.loads(json.dumps(serial.actor_data(thief))))
    assert again.cooldowns == {"blink": 3, "breath": 9} and again.carried == 17
