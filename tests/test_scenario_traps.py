"""Traps and searching, and teleporters, on hand-drawn maps."""

from __future__ import annotations

import pytest
from scenario import ScriptedRng, door, messages, monster, scenario

from game import pathing, tiles
from game.ai import maps
from game.rules.actions import Move, Search, Success, Wait
from game.world.model import Trap

ROW = """
#########
#@T.....#
#########
"""

DEEPER = """
#########
#.......#
#.##.##.#
#.......#
#########
"""


def test_dart_trap_hits_once_then_is_spent() -> None:
    scene = scenario(ROW, legend={"T": Trap("dart", 12)})
    scene.act(Move(1, 0))
    trap = scene.floor.traps[scene.at("T")]
    assert 1 <= 30 - scene.player.hp <= 6
    assert trap.found and trap.spent
    hp = scene.player.hp
    scene.act(Move(1, 0))
    scene.act(Move(-1, 0))
    assert scene.player.hp == hp


def test_death_by_dart_names_the_cause() -> None:
    scene = scenario(ROW, legend={"T": Trap("dart", 12)}, hp=1)
    scene.act(Move(1, 0))
    assert scene.game.outcome == "dead"
    assert "dart" in scene.game.cause


def test_a_pit_hurts_and_you_climb_back_out() -> None:
    """A pit is ten feet deep (its table: 1d6 a ten feet, a climb out): it wounds, and the hero
    stays on the floor, where it fell, with a floor below to fall to."""
    scene = scenario(ROW, DEEPER, legend={"T": Trap("pit", 12)})
    assert isinstance(scene.act(Move(1, 0)), Success)
    assert scene.game.depth == 1
    assert scene.player.pos == scene.at("T")
    assert 30 - 6 <= scene.player.hp < 30
    assert scene.floor.traps[scene.at("T")].spent
    assert any("climb back out" in text for text in messages(scene))


def test_a_trapdoor_drops_you_to_a_random_spot_below() -> None:
    landed = set()
    for seed in ("a", "b", "c", "d", "e", "f"):
        scene = scenario(ROW, DEEPER, legend={"T": Trap("trapdoor", 12)}, seed=seed)
        assert isinstance(scene.act(Move(1, 0)), Success)
        assert scene.game.depth == 2
        x, y = scene.player.pos
        assert scene.floor.tiles[y, x] == tiles.FLOOR
        assert scene.floor.visible[y, x], "sight is updated on the new floor"
        assert scene.player.hp < 30, "the fall hurts"
        landed.add(scene.player.pos)
    assert len(landed) > 1, "the spot is random"


def test_no_fall_from_the_last_floor() -> None:
    scene = scenario(ROW, legend={"T": Trap("trapdoor", 12)})
    scene.act(Move(1, 0))
    assert scene.game.depth == 1
    assert scene.player.pos == scene.at("T")
    assert scene.player.hp == 30
    assert any("climb out" in text for text in messages(scene))


def test_a_fall_does_not_pick_up_gold_from_the_floor_left_behind() -> None:
    scene = scenario("""
        #######
        #@T..$#
        #######
    """, """
        #####
        #<.>#
        #####
    """, legend={"T": Trap("trapdoor", 12), "$": "gold"})
    scene.act(Move(1, 0))
    assert scene.game.depth == 2
    assert scene.player.pos == (2, 1), "the only free floor tile below"
    assert scene.game.hero.gold == 0
    assert len(scene.game.floors[1].items) == 1


def test_teleport_trap_sends_you_to_a_random_spot() -> None:
    spots = set()
    for seed in ("a", "b", "c", "d"):
        scene = scenario(DEEPER.replace("#.......#\n#.#", "#@T.....#\n#.#", 1),
                         legend={"T": Trap("teleport", 12)}, seed=seed)
        scene.act(Move(1, 0))
        assert scene.game.depth == 1
        x, y = scene.player.pos
        assert scene.floor.tiles[y, x] == tiles.FLOOR
        assert scene.floor.visible[y, x]
        spots.add(scene.player.pos)
    assert len(spots) > 1


def test_alarm_wakes_the_whole_floor() -> None:
    sleeper = monster(mode="asleep")
    wanderer = monster(mode="wander")
    wide = "#" * 60
    scene = scenario(f"""
        {wide}
        #@T{"." * 54}ab#
        {wide}
    """, legend={"T": Trap("alarm", 12), "a": sleeper, "b": wanderer})
    scene.act(Move(1, 0))
    assert scene.monster("a").mode == "hunt"
    assert scene.monster("b").mode == "hunt"
    assert "An alarm shrieks! Somewhere, things stir." in messages(scene)


def test_an_alarm_on_an_empty_floor_wakes_nothing() -> None:
    scene = scenario("""
        #######
        #@T...#
        #######
    """, legend={"T": Trap("alarm", 12)})
    scene.act(Move(1, 0))
    assert "An alarm shrieks!" in messages(scene)


def test_traps_are_hidden_until_found() -> None:
    scene = scenario(ROW, legend={"T": Trap("dart", 12)})
    assert not scene.floor.traps[scene.at("T")].found


def test_search_finds_a_trap_with_a_chance_that_falls_with_distance() -> None:
    rng = ScriptedRng(chances=[False, False, False, False, False, True])
    scene = scenario("""
        ##########
        #@A.B.C.D#
        ##########
    """, legend={c: Trap("dart", 12) for c in "ABCD"}, rng=rng)
    for _ in range(2):
        assert isinstance(scene.act(Search()), Success)
    assert scene.game.turn == 2, "each search takes a turn"
    assert rng.asked[:3] == pytest.approx([0.6 / 2, 0.6 / 4, 0.6 / 6])
    assert len(rng.asked) == 6, "the trap 7 tiles away is out of reach of a search"
    found = [scene.floor.traps[scene.at(c)].found for c in "ABCD"]
    assert found == [False, False, True, False]
    assert any("dart trap" in text for text in messages(scene))


def test_a_nearer_trap_is_found_more_often() -> None:
    near = far = 0
    for seed in range(60):
        scene = scenario("""
            ##########
            #.N@...F.#
            ##########
        """, legend={"N": Trap("dart", 12), "F": Trap("dart", 12)}, seed=str(seed))
        scene.act(Search())
        near += scene.floor.traps[scene.at("N")].found
        far += scene.floor.traps[scene.at("F")].found
    assert near > far > 0


def test_a_found_trap_is_stepped_past_safely() -> None:
    scene = scenario(ROW, legend={"T": Trap("pit", 12)}, rng=ScriptedRng(chances=[True]))
    scene.act(Search())
    assert scene.floor.traps[scene.at("T")].found
    scene.act(Move(1, 0))
    assert scene.player.pos == scene.at("T")
    assert scene.player.hp == 30
    assert not scene.floor.traps[scene.at("T")].spent
    assert any("step carefully" in text for text in messages(scene))


def test_monsters_do_not_set_off_the_traps_of_their_lair() -> None:
    scene = scenario("""
        ########
        #@..TTg#
        ########
    """, legend={"T": Trap("dart", 12), "g": monster()})
    scene.act(Wait())
    scene.act(Wait())
    assert scene.monster("g").x == 4
    assert scene.player.hp == 30
    assert not any(t.found or t.spent for t in scene.floor.traps.values())


# Teleporters -------------------------------------------------------------------------------

PADS = """
#########
#@..^...#
#########
#...^...#
#########
"""


def test_a_teleporter_sends_the_player_to_its_other_end() -> None:
    scene = scenario(PADS)
    scene.act(Move(1, 0))
    scene.act(Move(1, 0))
    assert scene.player.pos == (3, 1)
    scene.act(Move(1, 0))
    assert scene.player.pos == (4, 3)
    assert scene.floor.visible[3, 7]
    scene.act(Move(1, 0))
    scene.act(Move(-1, 0))
    assert scene.player.pos == (4, 1), "and back"


def test_a_blocked_far_end_leaves_the_player_on_the_pad() -> None:
    scene = scenario(PADS.replace("#...^...#", "#...^g..#"), legend={"g": monster(mode="asleep")})
    scene.monster("g").x = 4
    scene.player.x = 3
    scene.act(Move(1, 0))
    assert scene.player.pos == (4, 1)
    assert any("hums" in text for text in messages(scene))


def test_a_monster_walks_through_a_teleporter_pair_to_reach_the_player() -> None:
    scene = scenario(PADS.replace("#...^...#", "#g..^...#"), legend={"g": monster(attack=20)})
    approach = maps.approach_map(scene.floor, scene.player.pos, through_doors=True)
    assert approach[3, 4] == pathing.standing_value(approach, 4, 1), \
        "stepping onto a pad is worth standing on its far end"
    assert approach[3, 1] != pathing.UNREACHED
    for _ in range(8):
        scene.act(Wait())
    g = scene.monster("g")
    assert g.y == 1, "it came through"
    assert max(abs(g.x - 1), abs(g.y - 1)) == 1
    assert scene.player.hp < 30


def test_a_monster_is_held_when_the_player_stands_on_the_far_end() -> None:
    scene = scenario(PADS.replace("#...^...#", "#..g^...#"), legend={"g": monster()})
    scene.player.x = 4
    scene.act(Wait())
    g = scene.monster("g")
    assert g.pos == (4, 3), "it stepped on the pad but could not go through"
    assert scene.player.pos == (4, 1)


def test_a_monster_left_on_a_pad_goes_through_once_the_far_end_frees() -> None:
    """A monster held on a pad (its far end taken) goes through on its turn once the far end is
    free, as if it stepped on again: a pack cannot seal the only way between two halves."""
    scene = scenario(PADS.replace("#...^...#", "#..g^...#"), legend={"g": monster()})
    scene.player.x = 4
    scene.act(Wait())
    g = scene.monster("g")
    assert g.pos == (4, 3), "held on the pad while the player stands on the far end"
    scene.act(Move(-1, 0))
    assert g.pos == (4, 1), f"it came through once the far end freed\n{scene.render()}"
    scene.act(Wait())
    assert g.pos == (4, 1) and scene.player.hp < 30, "and fights: it does not bounce back"


def test_a_fatal_fall_names_the_cause() -> None:
    scene = scenario(ROW, DEEPER, legend={"T": Trap("trapdoor", 12)}, hp=1)
    scene.act(Move(1, 0))
    assert scene.game.outcome == "dead"
    assert "fell" in scene.game.cause
    assert scene.game.depth == 1


def test_a_fall_never_lands_behind_a_sealed_door() -> None:
    below = """
        #########
        #<..+...#
        #########
    """
    for seed in range(30):
        scene = scenario("""
            #####
            #@T.#
            #####
        """, below, legend={"T": Trap("trapdoor", 12), "+": door("locked", dc=40)}, seed=str(seed))
        scene.act(Move(1, 0))
        assert scene.game.depth == 2
        assert scene.player.x < 4, "landed behind the locked door"
