"""The autoplay bot: its priorities on hand-drawn maps, doors it cannot open, teleporters, the
relic run, whole generated floors of every generator, and the `autoplay` command's contract."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from scenario import ScriptedRng, door, give, monster, scenario

from game import generators, turns
from game.bot import autoplay, exploring, fighting, kit, policy, talents
from game.bot.memory import Memory
from game.bot.policy import IMPOSSIBLE_LIMIT, Bot, next_action
from game.cli import main
from game.rules import combat
from game.rules.actions import (
    ACTION_TYPES,
    Attack,
    ChooseLevelUp,
    Equip,
    Fire,
    Impossible,
    Move,
    PickUp,
    Rest,
    Search,
    Use,
    Wait,
    Zap,
)
from game.rules.items import INVENTORY_LIMIT
from game.run import FloorRecipe, Run
from game.world import dungeon
from game.world.fov import update_fov
from game.world.kinds import Mode
from game.world.model import Actor, Game, Item, Trap
from game.world.serial import state_hash

ROOT = Path(__file__).resolve().parent.parent
BELOW = """
#####
#<..#
#####
"""
"""A floor to arrive on after taking stairs down."""


def play(game: Game, limit: int, until_depth: int | None = None) -> Bot:
    """Let the bot act until the run ends, `until_depth` is reached or `limit` actions."""
    bot = Bot()
    for _ in range(limit):
        if game.outcome or (until_depth is not None and game.depth >= until_depth):
            break
        bot.act(game)
    return bot


# --- single decisions ---------------------------------------------------------------------------


def test_level_up_choices() -> None:
    """The bot takes its background's path first, then what keeps any hero alive."""
    scene = scenario("#####\n#@..#\n#####")
    hero = scene.game.hero
    hero.pending_levels = 1
    hero.offers = ["toughness", "heavy_blows", "light_step"]
    assert next_action(scene.game) == ChooseLevelUp("heavy_blows"), "a fighter's path"
    hero.background = "archer"
    assert talents.talent_choice(hero) == "toughness", "no archery offered: staying alive"
    hero.offers = ["light_step", "steady_aim", "smite"]
    assert talents.talent_choice(hero) == "steady_aim"
    hero.offers = []
    assert talents.talent_choice(hero) == "hp", "a level with no offers: the old choice"


def test_drinks_a_healing_potion_below_forty_percent_before_fighting() -> None:
    scene = scenario("######\n#@g..#\n######", legend={"g": monster(hp=50)})
    potion = give(scene, "potion_healing")
    scene.player.hp = 11
    assert next_action(scene.game) == Use(potion.id)
    scene.player.hp = 12
    assert next_action(scene.game) == Attack(scene.monster("g").id)


def test_drinks_early_when_the_foes_in_view_could_kill_it_in_a_couple_of_rounds() -> None:
    brute = monster("brute", attack=30, damage="4d10")
    scene = scenario("######\n#@g..#\n######", legend={"g": brute}, hp=50)
    potion = give(scene, "potion_healing")
    scene.player.hp = 30  # 60%: above LOW_HP, but one round is about 16
    assert next_action(scene.game) == Use(potion.id)
    scene.floor.monsters[0].mode = Mode.ASLEEP  # no threat until it wakes
    assert next_action(scene.game) == Attack(scene.monster("g").id)


def test_threat_counts_what_can_strike_now_and_doubles_when_slowed() -> None:
    scene = scenario("##########\n#@g.s....#\n##########", legend={
        "g": monster(attack=30, damage="1d7"), "s": monster("artillery", attack=30, damage="1d15",
                                                          reach=6)})
    foes = scene.floor.monsters
    share = combat.MONSTER_DAMAGE_PERCENT / 100
    assert fighting.threat(scene.game, foes) == pytest.approx(0.95 * share * (4 + 8))
    scene.player.effects["slowed"] = 2
    assert fighting.threat(scene.game, foes) == pytest.approx(2 * 0.95 * share * (4 + 8))


def test_out_of_potions_and_hurt_it_reads_teleportation_to_escape() -> None:
    scene = scenario("#######\n#@..g.#\n#######", legend={"g": monster()}, hp=50)
    scroll = give(scene, "scroll_teleport")
    scene.player.hp = 20  # below RETREAT_HP of 50, no potion
    assert next_action(scene.game) == Use(scroll.id)
    scene.player.hp = 40
    assert next_action(scene.game) != Use(scroll.id)


def test_out_of_potions_and_hurt_it_backs_away_instead_of_closing_in() -> None:
    scene = scenario("##########\n#...@..g.#\n##########", legend={"g": monster()}, hp=50)
    scene.floor.explored[:] = True
    scene.player.hp = 20
    memory = Memory()
    assert next_action(scene.game, memory) == Move(-1, 0) and memory.reason == "flee"
    scene.player.hp = 50
    assert next_action(scene.game, memory) == Move(1, 0) and memory.reason == "approach"


def test_hurt_and_cornered_it_holds_its_ground_and_strikes_what_comes() -> None:
    scene = scenario("#######\n#@..g.#\n#######", legend={"g": monster()}, hp=50)
    scene.floor.explored[:] = True
    scene.player.hp = 20
    memory = Memory()
    assert next_action(scene.game, memory) == Wait() and memory.reason == "hold"
    scene.floor.relocate(scene.monster("g"), 2, 1)
    assert next_action(scene.game, memory) == Attack(scene.monster("g").id)


def test_closes_in_on_a_shooter_beyond_the_usual_approach_range() -> None:
    line = "#@" + "." * 7 + "s.#"
    scene = scenario(f"{'#' * len(line)}\n{line}\n{'#' * len(line)}",
                     legend={"s": monster("artillery", reach=8)})
    scene.floor.explored[:] = True
    memory = Memory()
    assert next_action(scene.game, memory) == Move(1, 0) and memory.reason == "approach"
    scene.floor.monsters[0].mode = Mode.ASLEEP  # asleep it shoots nobody: beyond the usual range
    next_action(scene.game, memory)
    assert memory.reason != "approach"


@pytest.mark.parametrize("foe", [monster(), monster("controller", reach=6)])
def test_closes_in_on_a_monster_standing_on_a_teleporter(foe: Actor) -> None:
    """A monster on a teleporter pad is fought from the square next to it, also while the bot
    keeps off that pad (its far end was found taken): on seed soak4-24 the bot stood 4 squares
    from a caster on such a pad, hexed and searching, its flood having no goal at all."""
    scene = scenario("""
        #########
        #@...^..#
        #########
        #########
        #^.m....#
        #########
    """, legend={"m": foe})
    caster = scene.monster("m")
    scene.floor.relocate(caster, *scene.at("^"))
    scene.floor.explored[:] = True
    update_fov(scene.floor, *scene.player.pos)
    memory = Memory()
    assert next_action(scene.game, memory) == Move(1, 0) and memory.reason == "approach"
    # its far end was taken
    memory.jammed[(1, *scene.at("^"))] = scene.game.turn + exploring.JAM_WAIT
    assert next_action(scene.game, memory) == Move(1, 0) and memory.reason == "approach"


def test_steps_out_of_sight_of_two_shooters_and_holds_there() -> None:
    scene = scenario("""
        ###########
        #.#########
        #@.......s#
        #.......s.#
        ###########
    """, legend={"s": monster("artillery", reach=8)})
    scene.floor.explored[:] = True
    memory = Memory(searched={1: exploring.SEARCH_TURNS})
    assert next_action(scene.game, memory) == Move(0, -1) and memory.reason == "cover"
    scene.floor.relocate(scene.player, 1, 1)  # round the corner: out of their sight
    update_fov(scene.floor, 1, 1)
    assert not scene.floor.visible[2, 9] and not scene.floor.visible[3, 8]
    assert fighting.cover(scene.game, scene.floor.monsters) is None
    memory.hold_until = scene.game.turn + policy.COVER_HOLD
    assert next_action(scene.game, memory) == Search() and memory.reason == "hold"


def test_strikes_a_shooter_out_of_reach_with_lightning() -> None:
    scene = scenario("##########\n#@....s..#\n##########",
                     legend={"s": monster("artillery", reach=8)})
    scroll = give(scene, "scroll_lightning")
    assert next_action(scene.game) == Use(scroll.id)


def test_rests_on_the_stairs_down_before_going_on_hurt() -> None:
    scene = scenario("#####\n#@>.#\n#####", BELOW, hp=50)
    scene.floor.explored[:] = True
    bot = Bot()
    bot.memory.searched[1] = exploring.SEARCH_TURNS
    scene.player.hp = 35  # 70%: no rest in the open, but a rest before the stairs
    play_until = 600
    for _ in range(play_until):
        if scene.game.depth == 2:
            break
        bot.act(scene.game)
    assert scene.game.depth == 2
    assert scene.player.hp >= scene.player.max_hp * policy.DESCEND_HP


def test_zaps_a_bolt_at_a_strong_foe_and_tries_an_unknown_wand() -> None:
    scene = scenario("##########\n#@....s..#\n##########", legend={"s": monster("solo")})
    bolt = give(scene, "wand_bolt", amount=3)
    assert next_action(scene.game) == Zap(bolt.id, scene.monster("s").pos)
    unknown = scenario("##########\n#@....g..#\n##########", legend={"g": monster()})
    wand = give(unknown, "wand_slow", amount=3, known=False)
    assert next_action(unknown.game) == Zap(wand.id, unknown.monster("g").pos)
    known_slow = scenario("##########\n#@....g..#\n##########", legend={"g": monster()})
    give(known_slow, "wand_slow", amount=3)
    assert not isinstance(next_action(known_slow.game), Zap), "not worth a charge"


def test_an_empty_wand_is_left_alone() -> None:
    scene = scenario("##########\n#@....s..#\n##########", legend={"s": monster("solo")})
    bolt = give(scene, "wand_bolt", amount=0)
    bot = Bot()
    bot.act(scene.game)
    assert bot.memory.spent == [bolt.id]
    assert not isinstance(next_action(scene.game, bot.memory), Zap)


def test_identifies_like_a_careful_player() -> None:
    """A known scroll of identify when alone; unknown potions drunk and rings worn only with no
    monster in view; an unknown scroll read at a foe a few steps off; nothing it does not know
    is used for what it is (an unknown scroll of teleportation does not save it)."""
    scene = scenario("#######\n#@....#\n#######")
    scroll = give(scene, "scroll_identify")
    give(scene, "ring_protection", known=False)
    assert next_action(scene.game) == Use(scroll.id)
    alone = scenario("#######\n#@....#\n#######")
    potion = give(alone, "potion_strength", known=False)
    assert next_action(alone.game) == Use(potion.id)
    alone.game.hero.inventory.remove(potion)
    ring = give(alone, "ring_accuracy", known=False)
    assert next_action(alone.game) == Equip(ring.id)
    fight = scenario("##########\n#@....g..#\n##########", legend={"g": monster()})
    unknown = give(fight, "scroll_confusion", known=False)
    give(fight, "potion_strength", known=False)
    assert next_action(fight.game) == Use(unknown.id, fight.monster("g").pos)
    cornered = scenario("#####\n#@g.#\n#####", legend={"g": monster(attack=30, damage="5d6")})
    cornered.player.hp = 3
    teleport = give(cornered, "scroll_teleport", known=False)
    assert next_action(cornered.game) != Use(teleport.id)


def test_attacks_the_weakest_adjacent_monster() -> None:
    scene = scenario("#####\n#a@b#\n#####", legend={"a": monster(hp=9), "b": monster(hp=4)})
    assert next_action(scene.game) == Attack(scene.monster("b").id)


def test_wields_better_gear_and_keeps_the_better_one_worn() -> None:
    scene = scenario("#####\n#@..#\n#####")
    dagger, sword = give(scene, "dagger"), give(scene, "sword")
    scene.game.hero.equipment["weapon"] = dagger.id
    assert next_action(scene.game) == Equip(sword.id)
    scene.game.hero.equipment["weapon"] = sword.id
    assert not isinstance(next_action(scene.game), Equip)


def test_picks_up_what_it_stands_on_and_walks_to_what_it_sees() -> None:
    scene = scenario("#######\n#@...!#\n#######", legend={"!": "potion_healing"})
    scene.game.identified = ["potion_healing"]  # else it is drunk to learn what it is
    bot = play(scene.game, 12)
    assert [i.kind for i in scene.game.hero.inventory] == ["potion_healing"]
    assert bot.memory.reason != "pickup"


def test_leaves_worse_gear_on_the_floor() -> None:
    scene = scenario("#####\n#@..#\n#####")
    scene.game.hero.equipment["weapon"] = give(scene, "runeblade").id
    scene.floor.items.append(Item(scene.game.new_id(), "sword", *scene.player.pos))
    assert not isinstance(next_action(scene.game), PickUp)


def test_a_ring_full_of_old_keys_never_stops_the_bot_taking_this_floors_key() -> None:
    scene = scenario("#####\n#@..#\n#####")
    for _ in range(INVENTORY_LIMIT):
        give(scene, "key", key_for=(40, 40))  # doors of another floor, on the key ring
    here = Item(scene.game.new_id(), "key", *scene.player.pos, key_for=(3, 1))
    scene.floor.items.append(here)
    scene.floor.doors[(3, 1)] = door("locked", dc=25)
    assert kit.junk(scene.game) == []
    assert next_action(scene.game) == PickUp()  # the key of this floor's door
    assert not kit.wanted(scene.game, scene.game.hero.inventory[0])


def test_picks_up_gold_found_underfoot() -> None:
    scene = scenario("#####\n#@..#\n#####")
    scene.floor.items.append(Item(scene.game.new_id(), "gold", *scene.player.pos, amount=7))
    assert next_action(scene.game) == PickUp()


def test_choosing_draws_nothing_from_the_game_stream() -> None:
    scene = scenario("#########\n#@.g..>.#\n#########", BELOW, legend={"g": monster()})
    give(scene, "potion_healing")
    scene.player.hp = 5
    memory = Memory()
    for _ in range(5):
        before = scene.game.rng.consumed, state_hash(scene.game)
        next_action(scene.game, memory)
        assert (scene.game.rng.consumed, state_hash(scene.game)) == before


def test_waits_after_too_many_refusals() -> None:
    scene = scenario("#####\n#@..#\n#####")
    memory = Memory(impossible_streak=IMPOSSIBLE_LIMIT)
    assert next_action(scene.game, memory) == Wait()


def test_rests_when_hurt_and_alone_but_not_in_a_fight() -> None:
    scene = scenario("#######\n#@....#\n#######")
    scene.player.hp = 10
    memory = Memory()
    assert next_action(scene.game, memory) == Rest() and memory.reason == "rest"
    fight = scenario("#######\n#@..g.#\n#######", legend={"g": monster()})
    fight.player.hp = 10
    assert next_action(fight.game) not in (Search(), Rest())


def test_rests_only_with_no_monster_in_view_else_searches() -> None:
    """R refuses to begin with a monster in view, asleep or not: the bot then searches."""
    scene = scenario("#######\n#@...z#\n#######", legend={"z": monster(mode="asleep")})
    scene.player.hp = 10
    memory = Memory()
    assert next_action(scene.game, memory) == Search() and memory.reason == "rest"


def test_fires_at_a_foe_coming_and_not_past_one_in_the_way() -> None:
    scene = scenario("##########\n#@....g..#\n##########", legend={"g": monster(ac=10)})
    javelin = give(scene, "javelin", amount=3)
    assert next_action(scene.game) == Fire(scene.monster("g").pos)
    play(scene.game, 1)
    assert javelin.amount < 3 or javelin not in scene.game.hero.inventory
    blocked = scenario("##########\n#@.a..g..#\n##########",
                       legend={"a": monster(mode="asleep"), "g": monster(ac=10)})
    give(blocked, "javelin", amount=3)
    assert not isinstance(next_action(blocked.game), Fire), "the sleeper takes the shot"
    hopeless = scenario("##########\n#@....g..#\n##########", legend={"g": monster(ac=40)})
    give(hopeless, "javelin", amount=3)
    assert not isinstance(next_action(hopeless.game), Fire), "a shot that cannot hit"


def test_picks_its_missiles_up_again_and_keeps_them_in_a_full_pack() -> None:
    scene = scenario("#####\n#@..#\n#####")
    scene.game.hero.equipment["weapon"] = give(scene, "sword").id
    dagger = Item(scene.game.new_id(), "dagger", *scene.player.pos)
    scene.floor.items.append(dagger)
    assert next_action(scene.game) == PickUp(), "a dagger is for throwing"
    assert kit.wanted(scene.game, Item(scene.game.new_id(), "arrow", 2, 1))
    assert not [i for i in kit.junk(scene.game) if i.kind in ("dagger", "arrow")]


def test_gives_up_resting_when_it_does_not_heal(monkeypatch: pytest.MonkeyPatch) -> None:
    def bare_turn(game: Game, resting: bool = False) -> None:  # time passes, nothing heals
        game.turn += 1

    monkeypatch.setattr(turns, "end_turn", bare_turn)
    scene = scenario("#######\n#@....#\n#######")
    scene.player.hp = 10
    bot = Bot()
    reasons = []
    for _ in range(policy.REST_CHECK + 5):
        bot.act(scene.game)
        reasons.append(bot.memory.reason)
    assert reasons[:policy.REST_CHECK] == ["rest"] * policy.REST_CHECK
    assert "rest" not in reasons[policy.REST_CHECK:]


DEN = """
#####################
#...................#
#.#################.#
#.#################.#
#.#################.#
#@#################.#
#.#################.#
#.#################.#
#.#################.#
#.#################.#
#.........G.......>.#
#####################
"""


@pytest.mark.parametrize("seen", [True, False])
def test_goes_round_a_guarded_den_on_the_way_down(seen: bool) -> None:
    scene = scenario(DEN, BELOW, legend={"G": monster("solo", mode="guard")})
    scene.floor.explored[:] = True
    memory = Memory(searched={1: exploring.SEARCH_TURNS})
    if seen:
        memory.guards.append(scene.monster("G").id)
    assert next_action(scene.game, memory) == (Move(0, -1) if seen else Move(0, 1))


# --- doors, keys, teleporters, traps ------------------------------------------------------------


def test_a_sealed_door_is_tried_once_then_walked_around() -> None:
    scene = scenario("""
        ###########
        #@..X...>.#
        #.#######.#
        #.........#
        ###########
    """, BELOW, legend={"X": door("locked", dc=18, reinforced=True)})
    bot = play(scene.game, 80, until_depth=2)
    assert scene.game.depth == 2
    held = [m for m in scene.game.messages.messages if "held shut" in m.text]
    assert len(held) == 1 and held[0].count == 1
    assert (1, 4, 1) in bot.memory.refused


def test_a_door_the_rules_do_not_know_is_not_bumped_forever() -> None:
    scene = scenario("""
        #########
        #@..+.>.#
        #########
    """, BELOW)
    del scene.floor.doors[scene.at("+")]
    bot = play(scene.game, 30)
    assert sum(m.count for m in scene.game.messages.messages if "no door" in m.text) == 1
    assert scene.game.turn >= 25, "after the refusal it waits rather than spinning"
    assert bot.memory.impossible_streak < IMPOSSIBLE_LIMIT


def test_fetches_the_key_for_a_locked_door() -> None:
    scene = scenario("""
        #########
        #@.k#...#
        #...L.>.#
        #########
    """, BELOW, legend={"L": door("locked", dc=40), "k": "key"})
    key = next(i for i in scene.floor.items if i.kind == "key")
    key.key_for = scene.at("L")
    play(scene.game, 80, until_depth=2)
    assert scene.game.depth == 2
    assert scene.game.floors[1].doors[scene.at("L")].is_open


def test_keeps_forcing_a_stuck_door_when_nothing_else_is_left() -> None:
    rng = ScriptedRng(d20=[5] * 15 + [20])
    scene = scenario("""
        #######
        #@.S.>#
        #######
    """, BELOW, legend={"S": door("stuck", dc=30)}, rng=rng)
    bot = play(scene.game, 120, until_depth=2)
    assert scene.game.depth == 2
    assert bot.memory.door_round.get(1, 0) >= 2, "bump rounds were renewed, not given up"


def test_takes_a_teleporter_to_an_unexplored_part() -> None:
    scene = scenario("""
        #######
        #@.^..#
        #######
        #######
        #.^.>.#
        #######
    """, BELOW)
    play(scene.game, 40, until_depth=2)
    assert scene.game.depth == 2


def test_steps_off_a_teleporter_whose_far_end_is_taken() -> None:
    scene = scenario("""
        #######
        #@.^..#
        #######
        #######
        #.^m>.#
        #######
    """, BELOW, legend={"m": monster(mode="asleep", hp=500)})
    sleeper = scene.monster("m")
    sleeper.x, sleeper.y = scene.at("^", 1)
    bot = play(scene.game, 60)
    tries = sum(m.count for m in scene.game.messages.messages
                if "hums" in m.text or "far end" in m.text)
    assert 1 <= tries <= 1 + 60 // exploring.JAM_WAIT
    assert scene.player.pos != scene.at("^")
    assert bot.memory.impossible_streak == 0


def test_shut_in_with_nowhere_to_go_it_reads_teleportation() -> None:
    scene = scenario("""
        #########
        #<..X.@.#
        #########
    """, legend={"X": door("locked", dc=40, reinforced=True)})
    scene.floor.explored[:] = True
    scroll = give(scene, "scroll_teleport")
    scene.game.hero.has_relic = True
    memory = Memory(refused=[(1, 4, 1)], searched={1: exploring.SEARCH_TURNS})
    assert next_action(scene.game, memory) == Use(scroll.id) and memory.reason == "unstick"


def test_falls_through_a_trapdoor_and_carries_on() -> None:
    scene = scenario("""
        #########
        #@.t..>.#
        #########
    """, """
        #########
        #<......#
        #.......#
        #########
    """, legend={"t": Trap("trapdoor", 30)}, depths=3)
    play(scene.game, 20)
    assert scene.game.depth == 2 and not scene.game.outcome


def test_takes_the_relic_and_climbs_out_to_win() -> None:
    scene = scenario("""
        ########
        #<....>#
        ########
    """, """
        ########
        #<.&..@#
        ########
    """, legend={"&": "relic"})
    play(scene.game, 60)
    assert scene.game.outcome == "won"
    assert scene.game.hero.has_relic


# --- generated floors ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", generators.names())
def test_plays_every_generator_to_depth_three(name: str) -> None:
    """A sturdy hero (monsters still fight back) so that the bot's walking, doors, keys, traps
    and teleporters are what is tested; each seed is played until it goes below depth 3, gets
    stuck (nothing left but waiting) or runs out of turns."""
    recipes = tuple(FloorRecipe(depth, name, 60, 40) for depth in range(1, 5))
    reached = []
    for seed in ("bot-1", "bot-2", "bot-3"):
        game = dungeon.new_game(Run(seed, recipes))
        game.player.hp = game.player.max_hp = 100_000
        bot, waits, actions = Bot(), 0, 0
        while game.depth < 4 and game.turn < 3000 and not game.outcome and waits < 60:
            result = bot.act(game)
            actions += 1
            waits = waits + 1 if bot.memory.reason == "wait" else 0
            assert bot.memory.impossible_streak <= IMPOSSIBLE_LIMIT
            assert not isinstance(result, Impossible) or bot.memory.failed
        assert actions <= game.turn + 3 * game.hero.level + 40, "actions that take no time"
        reached.append(max(game.floors))
        assert reached[-1] >= 3 or waits >= 60, f"{seed}: wandering on depth {game.depth}"
    assert sum(depth >= 3 for depth in reached) >= 2, reached


def test_same_seed_same_game() -> None:
    recipes = tuple(FloorRecipe(depth, "cave", 50, 36) for depth in range(1, 4))
    hashes = []
    for _ in range(2):
        game = dungeon.new_game(Run("same", recipes))
        game.player.hp = game.player.max_hp = 100_000
        play(game, 400)
        hashes.append(state_hash(game))
    assert hashes[0] == hashes[1]


# --- the autoplay command -----------------------------------------------------------------------


def autoplay_in_process(hash_seed: str, *argv: str) -> dict[str, object]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "run.py", "autoplay", *argv], cwd=ROOT, env=env, capture_output=True,
        text=True, check=True,
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_autoplay_json_contract_and_determinism_across_processes() -> None:
    argv = ("--seed", "contract", "--turns", "300", "--json")
    first = autoplay_in_process("0", *argv)
    assert first == autoplay_in_process("4242", *argv)
    for key in ("turns", "depth", "alive", "floors", "state_hash"):
        assert key in first
    game, report = autoplay.play(Run("contract"), 300)
    assert first["state_hash"] == state_hash(game) == report.state_hash
    assert first["floors"] == [game.floors[d].generator for d in sorted(game.floors)]
    assert isinstance(first["turns"], int) and first["turns"] <= 300
    assert first["alive"] == (game.outcome != "dead")


def test_autoplay_reports_the_tools_used_and_the_levels() -> None:
    """action_counts counts what the bot played (refused actions left out) by class name; the
    levels on arrival line up with the floors visited."""
    game, report = autoplay.play(Run("contract"), 300)
    counts = report.action_counts
    assert counts and set(counts) <= set(ACTION_TYPES)
    assert all(n > 0 for n in counts.values()) and sum(counts.values()) <= report.actions
    assert counts["Move"] > 0 and counts.get("ChooseLevelUp", 0) == game.hero.level - 1
    assert len(report.arrival_levels) == len(report.floors) and report.arrival_levels[0] == 1
    assert report.relic_level == 0 and not game.hero.has_relic
    assert list(report.as_dict())[:14] == [
        "seed", "turns", "depth", "deepest", "alive", "outcome", "cause", "floors", "level",
        "xp", "gold", "actions", "state_hash", "action_counts"]


def test_sturdy_bot_is_deterministic_across_processes() -> None:
    script = (
        "from game.bot.policy import Bot\n"
        "from game.run import Run\n"
        "from game.world import dungeon\n"
        "from game.world.serial import state_hash\n"
        "game = dungeon.new_game(Run('deep'))\n"
        "game.player.hp = game.player.max_hp = 100_000\n"
        "bot = Bot()\n"
        "while game.turn < 1000 and not game.outcome:\n"
        "    bot.act(game)\n"
        "print(len(game.floors), state_hash(game))\n"
    )
    outputs = []
    for hash_seed in ("1", "999"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                              capture_output=True, text=True, check=True)
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1]


def test_autoplay_summary_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["autoplay", "--seed", "line", "--turns", "50"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1 and out[0].startswith("seed 'line': ") and "state " in out[0]


def test_autoplay_runs_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["autoplay", "--seed", "soak", "--turns", "150", "--runs", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["runs"], data["exceptions"]) == (3, 0)
    assert [r["seed"] for r in data["results"]] == ["soak", "soak-2", "soak-3"]
    assert data["turns"] == sum(r["turns"] for r in data["results"])
    assert data["deepest"] == max(r["deepest"] for r in data["results"])
    for result in data["results"]:
        assert result["outcome"] in ("dead", "won") or result["turns"] >= 150


def test_an_exception_in_one_run_is_counted_not_fatal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = autoplay.play

    def flaky(run: Run, turns: int, background: str = "fighter") -> tuple[Game,
                                                                          autoplay.RunReport]:
        if run.seed == "boom-2":
            raise RuntimeError("kaboom")
        return real(run, turns, background=background)

    monkeypatch.setattr(autoplay, "play", flaky)
    code = main(["autoplay", "--seed", "boom", "--turns", "20", "--runs", "3"])
    out, err = capsys.readouterr()
    assert code == 1
    assert re.fullmatch(r"3 runs, \d+ turns, deepest depth 1, 0 won, \d dead, 1 exceptions"
                        r" \(fighter\)",
                        out.strip()), out
    assert "boom-2" in err and "RuntimeError: kaboom" in err


def test_autoplay_rejects_bad_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["autoplay", "--seed", "x", "--turns", "0"])
    assert stop.value.code == 2
    assert "outside" in capsys.readouterr().err
    assert main(["autoplay", "--turns", "10"]) == 2  # no run named
    assert "name a run" in capsys.readouterr().err


@pytest.mark.parametrize("seed", ["whole-1", "whole-2"])
def test_a_sturdy_bot_completes_a_whole_run(seed: str) -> None:
    """Down every floor, the relic from the boss, and back up out of floor 1: the way to win
    works end to end (the hero cannot die here; balance is another matter)."""
    recipes = tuple(FloorRecipe(d, g, 50, 36) for d, g in enumerate(("bsp", "cave", "power"), 1))
    game = dungeon.new_game(Run(seed, recipes))
    bot = Bot()
    for _ in range(30_000):
        if game.outcome:
            break
        game.player.hp = game.player.max_hp = 10**7
        bot.act(game)
    assert (game.outcome, game.cause) == ("won", "escaped with the relic")
    assert sorted(game.floors) == [1, 2, 3] and game.hero.has_relic
