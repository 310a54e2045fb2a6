"""The world works on monsters too, on hand-drawn maps: hazards and rough ground catch whoever
steps in, monsters walk round the hazards they know (unless there is no other way), the hero
shoves them in, and a monster struck from afar wakes and comes, or takes cover when it cannot."""

from __future__ import annotations

from typing import Any

import pytest
from scenario import Legend, Scene, ScriptedRng, give, messages, monster, scenario

from game.floorplan import king_distance
from game.rules import missiles, shove
from game.rules.actions import Fire, Impossible, Shove, Success, Wait
from game.world.kinds import Mode
from game.world.model import FeatureState


def feature(name: str, effect: str = "hazard") -> FeatureState:
    return FeatureState(name, effect)


def waits(scene: Scene, count: int) -> None:
    for _ in range(count):
        scene.act(Wait())


ONLY_WAY = """
###########
#@...H...g#
###########
"""


@pytest.mark.parametrize(("name", "word"), [
    ("Mold", "poisons"), ("Slime", "poisons"), ("Fungus", "poisons"), ("Insects", "poisons"),
    ("Broken glass", "cuts"), ("Spike", "cuts"), ("Razor", "cuts"),
    ("Loose masonry", "rains stones on"), ("Pit (shallow)", "hurts"),
])
def test_a_monster_with_no_other_way_walks_through_a_hazard_and_is_hurt(name: str,
                                                                        word: str) -> None:
    scene = scenario(ONLY_WAY, legend={"H": feature(name), "g": monster(hp=40, attack=-99)},
                     hp=200)
    waits(scene, 8)
    goblin = scene.monster("g")
    assert goblin.hp < 40, scene.render()
    assert any(f"{word} the soldier" in text for text in messages(scene)), messages(scene)
    assert king_distance(goblin.pos, scene.player.pos) == 1, "it came through nonetheless"


def test_cobwebs_hold_a_monster() -> None:
    scene = scenario(ONLY_WAY, legend={"H": feature("Cobwebs"), "g": monster(attack=-99)})
    web = scene.at("H")
    for _ in range(8):
        scene.act(Wait())
        if scene.monster("g").pos == web:
            break
    goblin = scene.monster("g")
    assert goblin.pos == web and "webbed" in goblin.effects
    scene.act(Wait())
    assert goblin.pos == web, "held fast by the webs"
    assert any("caught in the cobwebs" in text for text in messages(scene))


ROOM = """
###########
#.........#
#@...H...g#
#.........#
###########
"""


@pytest.mark.parametrize("name", ["Mold", "Chasm", "Broken glass", "Cobwebs"])
def test_monsters_step_round_the_hazards_they_know(name: str) -> None:
    scene = scenario(ROOM, legend={"H": feature(name), "g": monster(hp=40, attack=-99)},
                     depths=2)
    hazard = scene.at("H")
    for _ in range(10):
        scene.act(Wait())
        assert scene.monster("g").pos != hazard, scene.render()
    goblin = scene.monster("g")
    assert goblin.hp == 40 and king_distance(goblin.pos, scene.player.pos) == 1


@pytest.mark.parametrize(("ground", "extra"), [("Mud", 3), (".", 0)])
def test_rough_ground_slows_a_monster_a_turn_a_square(ground: str, extra: int) -> None:
    scene = scenario("""
        ############
        #@....RRR.g#
        ############
    """, legend={"g": monster(attack=-99)} | (
        {"R": feature(ground, "terrain")} if ground != "." else {}))
    turns = 0
    while king_distance(scene.monster("g").pos, scene.player.pos) > 1 and turns < 30:
        scene.act(Wait())
        turns += 1
    assert turns == 8 + extra, scene.render()


def test_a_webbed_monster_on_the_fast_path_stays_put() -> None:
    scene = scenario(ONLY_WAY.replace("H", "."), legend={"g": monster(attack=-99)})
    scene.monster("g").effects["webbed"] = 3
    where = scene.monster("g").pos
    scene.act(Wait())
    assert scene.monster("g").pos == where


# --- the shove -----------------------------------------------------------------------------------

SHOVE = """
#######
#@gH..#
#######
"""


def shove_scene(name: str, *, d20: int = 20, depths: int = 1, **stats: Any) -> Scene:
    legend: Legend = {"g": monster(**({"hp": 30, "attack": -99} | stats)), "H": feature(name)}
    maps = [SHOVE] + ["#####\n#...#\n#...#\n#####"] * (depths - 1)
    return scenario(*maps, legend=legend, rng=ScriptedRng(d20=[d20]), hp=100)


def test_a_shove_into_mold_moves_and_poisons_the_monster() -> None:
    scene = shove_scene("Mold")
    result = scene.act(Shove(1, 0))
    goblin = scene.monster("g")
    assert isinstance(result, Success) and goblin.hp < 30
    assert "You shove the soldier into the mold!" in messages(scene)
    assert any("mold poisons the soldier" in text for text in messages(scene))


def test_a_shove_into_a_chasm_drops_the_monster_to_the_floor_below() -> None:
    scene = shove_scene("Chasm", depths=2)
    scene.act(Shove(1, 0))
    assert not scene.alive("g"), "gone from this floor"
    below = scene.game.floors[2]
    assert any(m.id == scene.letters["g"][0] for m in below.monsters)
    assert any("falls into the chasm" in text for text in messages(scene))


def test_a_monster_killed_by_a_shove_is_the_heros_kill() -> None:
    scene = shove_scene("Chasm", hp=1, xp=50)
    xp = scene.game.hero.xp
    scene.act(Shove(1, 0))
    assert not scene.alive("g") and scene.game.hero.xp > xp


def test_a_failed_shove_leaves_the_monster_and_spends_the_turn() -> None:
    scene = shove_scene("Mold", d20=1)
    where, turn = scene.monster("g").pos, scene.game.turn
    result = scene.act(Shove(1, 0))
    assert isinstance(result, Success) and scene.game.turn == turn + 1
    assert scene.monster("g").pos == where
    assert any("stands its ground" in text for text in messages(scene))


def test_no_room_behind_means_no_shove() -> None:
    scene = scenario("""
        #####
        #@g##
        #####
    """, legend={"g": monster()})
    result = scene.act(Shove(1, 0))
    assert isinstance(result, Impossible) and "no room" in result.reason
    assert isinstance(scene.act(Shove(0, 1)), Impossible)


def test_a_bigger_monster_is_harder_to_shove() -> None:
    scene = shove_scene("Mold")
    small = shove.shove_chance(scene.game, scene.monster("g"))
    scene.monster("g").max_hp = 120
    assert shove.shove_chance(scene.game, scene.monster("g")) < small


# --- struck from afar -----------------------------------------------------------------------------

RANGE = """
##################
#@........b......#
##################
"""


def armed(scene: Scene) -> None:
    bow = give(scene, "crossbow")  # reaches 9
    scene.game.hero.equipment[missiles.MISSILE_SLOT] = bow.id
    for _ in range(5):
        give(scene, "bolt")


@pytest.mark.parametrize("face", [20, 1])
def test_a_guard_shot_from_beyond_its_den_wakes_and_hunts_the_shooter(face: int) -> None:
    beast = monster("solo", hp=200, attack=-99, mode="guard", group=1, tactic="den",
                    part="beast", name="troll")
    scene = scenario(RANGE, legend={"b": beast}, rng=ScriptedRng(d20=[face]))
    armed(scene)
    troll = scene.monster("b")
    assert king_distance(troll.pos, scene.player.pos) == 9
    assert isinstance(scene.act(Fire(troll.pos)), Success)
    assert troll.mode == Mode.HUNT, "hit or miss, a shot wakes it"
    waits(scene, 4)
    assert king_distance(troll.pos, scene.player.pos) < 9 - 2, scene.render()


def test_a_struck_monster_alerts_its_encounter() -> None:
    scene = scenario("""
        ##################
        #@........ab.....#
        ##################
    """, legend={"a": monster(mode="asleep", group=3, attack=-99),
                 "b": monster(mode="asleep", group=3, attack=-99)},
        rng=ScriptedRng(d20=[1]))
    armed(scene)
    scene.act(Fire(scene.monster("a").pos))
    assert scene.monster("b").mode == Mode.HUNT


BARS = """
############
#@....|.g..#
#######....#
#######....#
#######....#
############
"""


def test_a_monster_that_cannot_reach_the_shooter_takes_cover() -> None:
    scene = scenario(BARS, legend={"|": feature("Iron bars", "passage"),
                                   "g": monster(attack=-99, mode="guard")}, hp=100)
    armed(scene)
    goblin = scene.monster("g")
    assert scene.floor.visible[goblin.y, goblin.x]
    scene.act(Fire(goblin.pos))
    assert goblin.mode == Mode.HUNT
    waits(scene, 6)
    assert not scene.floor.visible[goblin.y, goblin.x], scene.render()



@pytest.mark.parametrize("mode", ["asleep", "guard", "wander"])
def test_a_lone_monster_missed_from_afar_wakes(mode: str) -> None:
    scene = scenario(RANGE, legend={"b": monster(mode=mode, attack=-99)},
                     rng=ScriptedRng(d20=[1]))
    armed(scene)
    scene.act(Fire(scene.monster("b").pos))
    assert scene.monster("b").mode == Mode.HUNT
