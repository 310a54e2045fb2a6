"""Monster AI on hand-drawn maps: each role, the modes (asleep, wander, guard, hunt, flee), noise,
turn order, and the cost of a turn with many monsters."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import tcod.path
from scenario import Scene, ScriptedRng, messages, monster, scenario

from game.ai import monsters
from game.content.bestiary import Role
from game.rules import combat
from game.rules.actions import Attack, Move, OpenDoor, Wait
from game.world.model import Actor
from game.world.serial import state_hash

ROOM = """
###############
#.............#
#.............#
#@.....m......#
#.............#
#.............#
###############
"""


def distance(a: Actor, b: Actor) -> int:
    return max(abs(a.x - b.x), abs(a.y - b.y))


def waits(scene: Scene, count: int) -> None:
    for _ in range(count):
        scene.act(Wait())


@pytest.mark.parametrize("role", ["minion", "soldier", "brute"])
def test_melee_roles_close_in_and_attack(role: Role) -> None:
    scene = scenario(ROOM, legend={"m": monster(role, attack=30)}, hp=100)
    m = scene.monster("m")
    waits(scene, 5)
    assert distance(m, scene.player) == 1
    waits(scene, 4)
    assert scene.player.hp < 100
    assert distance(m, scene.player) == 1, "it stays in the fight"


def test_artillery_shoots_from_range() -> None:
    scene = scenario(ROOM, legend={"m": monster("artillery", reach=5, attack=30)}, hp=100)
    m = scene.monster("m")
    waits(scene, 4)
    assert scene.player.hp < 100
    assert any("shoots you" in text for text in messages(scene))
    assert distance(m, scene.player) == 5, "it came only as near as its reach"


def test_artillery_gives_ground_once_then_stands_and_fights() -> None:
    scene = scenario(ROOM.replace("#@.....m", "#....@.m"),
                     legend={"m": monster("artillery", reach=5, attack=30)}, hp=100)
    m = scene.monster("m")
    scene.act(Move(1, 0))  # next to it: it steps back rather than shoot point-blank
    assert distance(m, scene.player) == 2, scene.render()
    assert scene.player.hp == 100
    scene.act(Move(1, 0))  # caught up: now it holds its ground and fights
    assert distance(m, scene.player) == 1, scene.render()
    assert any("hits you" in text for text in messages(scene))
    waits(scene, 4)  # and it gives ground again once it has had time to recover
    assert distance(m, scene.player) == 2, scene.render()


def test_cornered_artillery_fights_hand_to_hand() -> None:
    scene = scenario("""
        #####
        #@m##
        #####
    """, legend={"m": monster("artillery", reach=5, attack=30)}, hp=100)
    waits(scene, 3)
    assert scene.player.hp < 100
    assert any("hits you" in text for text in messages(scene))


def test_controller_slows_or_confuses_at_range() -> None:
    scene = scenario(ROOM, legend={"m": monster("controller", reach=6, attack=30)}, hp=100)
    m = scene.monster("m")
    scene.act(Wait())
    assert {"slowed", "confused"} & set(scene.player.effects)
    assert distance(m, scene.player) == 6, "it cast from where it stood"
    assert any("casts a spell" in text for text in messages(scene))


@pytest.mark.parametrize(("save", "resisted"), [(14, True), (13, False), (20, True), (1, False)])
def test_a_hex_can_be_resisted(save: int, resisted: bool) -> None:
    # DC 10 + attack 8 // 2 = 14; a level 1 hero adds nothing to the d20
    rng = ScriptedRng(d20=[save])
    scene = scenario(ROOM, legend={"m": monster("controller", reach=6, attack=8)}, hp=100,
                     rng=rng)
    scene.act(Wait())
    assert bool({"slowed", "confused"} & set(scene.player.effects)) is not resisted
    assert any("you resist it" in text for text in messages(scene)) is resisted


LEADER = """
###############
#.............#
#.............#
#@.....s..L...#
#.............#
#.............#
###############
"""


def test_leader_hangs_back_while_it_has_troops_and_bolsters_them() -> None:
    legend = {"s": monster("soldier", group=1, hp=200), "L": monster("leader", group=1)}
    scene = scenario(LEADER, legend=legend, hp=200)
    leader, soldier = scene.monster("L"), scene.monster("s")
    for _ in range(10):
        scene.act(Wait())
        assert distance(leader, scene.player) >= monsters.KEEP_AWAY, scene.render()
    assert distance(soldier, scene.player) == 1
    assert "bolstered" in soldier.effects
    assert "bolstered" not in leader.effects
    assert combat.attack_bonus(scene.game, soldier) == soldier.attack + combat.BOLSTER_BONUS


def test_a_leader_alone_fights() -> None:
    scene = scenario(LEADER.replace("s", "."), legend={"L": monster("leader", attack=30)}, hp=100)
    waits(scene, 10)
    assert distance(scene.monster("L"), scene.player) == 1
    assert scene.player.hp < 100


def test_skirmisher_hits_then_steps_back() -> None:
    scene = scenario(ROOM.replace("#@.....m", "#@m....."),
                     legend={"m": monster("skirmisher", attack=30)}, hp=100)
    m = scene.monster("m")
    scene.act(Wait())
    assert scene.player.hp < 100, "it struck"
    hp = scene.player.hp
    scene.act(Wait())
    assert distance(m, scene.player) == 2, "then stepped back"
    assert scene.player.hp == hp
    scene.act(Wait())
    assert distance(m, scene.player) == 1, "and came back in"


DEN = """
###########
#@........#
#####+#####
#.........#
#....s....#
#.........#
###########
"""


def test_solo_guards_its_den_until_the_player_comes_into_view() -> None:
    scene = scenario(DEN, legend={"s": monster("solo", mode="guard")})
    solo = scene.monster("s")
    waits(scene, 3)
    assert solo.mode == "guard" and solo.pos == (5, 4)
    for _ in range(4):
        scene.act(Move(1, 0))
    assert scene.player.pos == (5, 1)
    assert solo.mode == "guard", "the door hides the player"
    scene.act(OpenDoor(5, 2))
    assert solo.mode == "hunt", "it sees the player the turn the door opens"
    scene.act(Wait())
    assert solo.pos != (5, 4)


def test_a_badly_hurt_solo_fights_on() -> None:
    scene = scenario(ROOM.replace("#@.....m", "#@m....."),
                     legend={"m": monster("solo", hp=20, attack=30)}, hp=100)
    scene.monster("m").hp = 2
    scene.act(Wait())
    assert distance(scene.monster("m"), scene.player) == 1
    assert scene.player.hp < 100


def test_a_sleeping_monster_stays_put_until_it_notices_you() -> None:
    rng = ScriptedRng(chances=[False, False, True])
    scene = scenario(ROOM, legend={"m": monster(mode="asleep")}, rng=rng)
    m = scene.monster("m")
    waits(scene, 2)
    assert m.mode == "asleep" and m.pos == (7, 3)
    scene.act(Wait())
    assert m.mode == "hunt"
    assert any("notices you" in text for text in messages(scene))
    scene.act(Wait())
    assert m.pos != (7, 3)


def test_a_sleeping_monster_out_of_sight_never_notices() -> None:
    scene = scenario(DEN, legend={"s": monster(mode="asleep")}, rng=ScriptedRng(chances=[True]))
    waits(scene, 5)
    assert scene.monster("s").mode == "asleep"


NOISE = """
#######################
#...@a...#..b.........#
#........#...........c#
#######################
"""


def test_combat_noise_wakes_monsters_nearby_even_through_walls() -> None:
    sleeper = monster(mode="asleep", hp=100)
    scene = scenario(NOISE, legend={"a": sleeper, "b": sleeper, "c": sleeper},
                     rng=ScriptedRng(chances=[False] * 10))
    scene.act(Attack(scene.monster("a").id))
    assert scene.monster("a").mode == "hunt"
    assert scene.monster("b").mode == "hunt", "8 tiles away, behind a wall"
    assert scene.monster("c").mode == "asleep", "more than 8 tiles away"


def test_a_wanderer_wanders() -> None:
    scene = scenario(DEN, legend={"s": monster(mode="wander")})
    s = scene.monster("s")
    seen = {s.pos}
    for _ in range(6):
        scene.act(Wait())
        seen.add(s.pos)
    assert len(seen) > 2
    assert s.mode == "wander"


@pytest.mark.parametrize(("hp", "max_hp", "flees"), [(2, 10, True), (3, 12, True), (4, 12, False)])
def test_a_badly_hurt_monster_flees(hp: int, max_hp: int, flees: bool) -> None:
    scene = scenario(ROOM.replace("#@.....m", "#..@m..."),
                     legend={"m": monster("soldier", hp=max_hp, attack=-50)})
    m = scene.monster("m")
    m.hp = hp
    scene.act(Wait())
    assert (m.mode == "flee") is flees
    assert distance(m, scene.player) == (2 if flees else 1)
    told = [text for text in messages(scene) if "turns to flee" in text]
    assert len(told) == (1 if flees else 0)
    if flees:
        scene.act(Wait())
        assert distance(m, scene.player) == 3
        assert len([text for text in messages(scene) if "turns to flee" in text]) == 1, "once"


def test_a_hurt_minion_does_not_flee() -> None:
    scene = scenario(ROOM.replace("#@.....m", "#..@m..."), legend={"m": monster("minion")})
    scene.monster("m").hp = 1
    scene.act(Wait())
    assert scene.monster("m").mode == "hunt"
    assert distance(scene.monster("m"), scene.player) == 1


def test_monsters_act_in_id_order() -> None:
    # a and b both step for the one tile left next to the player... whoever acts first gets it.
    scene = scenario("""
        #######
        #.a.b.#
        ##...##
        ###@###
        #######
    """, legend={"a": monster(), "b": monster()})
    a, b = scene.monster("a"), scene.monster("b")
    assert a.id < b.id
    scene.floor.monsters.reverse()
    scene.act(Wait())
    assert a.pos == (3, 2), scene.render()
    assert b.pos != (3, 2)


MANY = """
#################
#a.b.c...d.e....#
#...........f...#
#..##....@....g.#
#..##.......h...#
#################
"""


def play(seed: str, order: Callable[[Scene], None] | None = None) -> str:
    roles: dict[str, tuple[Role, str]] = {
        "a": ("minion", "hunt"), "b": ("soldier", "asleep"), "c": ("brute", "wander"),
        "d": ("artillery", "hunt"), "e": ("controller", "hunt"), "f": ("leader", "hunt"),
        "g": ("skirmisher", "hunt"), "h": ("solo", "guard")}
    legend: dict[str, Any] = {
        c: monster(role, mode=mode, reach=4 if role in ("artillery", "controller") else 1,
                   group=1, hp=12)
        for c, (role, mode) in roles.items()
    }
    scene = scenario(MANY, legend=legend, seed=seed, hp=500)
    if order:
        order(scene)
    for step in range(25):
        scene.act(Move(*((1, 0), (-1, 0), (0, 1), (0, -1))[step % 4]) if step % 3 else Wait())
    if order:
        order(scene)  # back to the drawn order, so that the hash compares like with like
    return state_hash(scene.game)


def test_the_same_seed_plays_the_same_game() -> None:
    assert play("one") == play("one")
    assert play("one") != play("two")


def test_turn_order_does_not_depend_on_the_list_order() -> None:
    def reverse(scene: Scene) -> None:
        scene.floor.monsters.reverse()

    assert play("one", reverse) == play("one")


def test_a_turn_costs_a_few_floods_whatever_the_monsters(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = tcod.path.dijkstra2d

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(tcod.path, "dijkstra2d", counting)
    counts = []
    for count in (1, 100):
        rows = ["#" * 80] + ["#" + "." * 78 + "#" for _ in range(43)] + ["#" * 80]
        for index in range(count):
            y, x = 2 + index // 20, 20 + 2 * (index % 20)
            rows[y] = rows[y][:x] + "g" + rows[y][x + 1:]
        rows[40] = rows[40][:3] + "@" + rows[40][4:]
        hurt = monster("soldier", hp=100)
        scene = scenario("\n".join(rows), legend={"g": hurt})
        for index in range(0, count, 10):
            scene.monster("g", index).hp = 10  # some flee
        calls.clear()
        scene.act(Wait())
        counts.append(len(calls))
        assert all(m.mode in ("hunt", "flee") for m in scene.floor.monsters)
    assert counts[0] == counts[1] <= 4, "an approach map and a flee map, whatever the number"


def test_a_leader_without_an_encounter_has_no_troops() -> None:
    legend = {"s": monster("soldier", hp=200), "L": monster("leader", attack=30)}
    scene = scenario(LEADER, legend=legend, hp=200)
    waits(scene, 10)
    assert distance(scene.monster("L"), scene.player) == 1, "strangers are not its troops"
    assert "bolstered" not in scene.monster("s").effects


def test_monsters_act_twice_while_the_player_is_slowed() -> None:
    scene = scenario(ROOM, legend={"m": monster()})
    scene.player.effects["slowed"] = 3
    scene.act(Wait())
    assert scene.monster("m").x == 5
    assert scene.game.turn == 2
    scene.act(Wait())
    scene.act(Wait())
    assert "slowed" not in scene.player.effects
    scene.act(Wait())
    assert scene.game.turn == 7


@pytest.mark.parametrize("staggers", [True, False])
def test_a_confused_monster_loses_half_its_turns_even_next_to_you(staggers: bool) -> None:
    # the first chance asked in the turn is the stagger; a wall all round but west (the player)
    rng = ScriptedRng(chances=[staggers, False], d20=[15])
    scene = scenario("""
        #####
        #@m##
        #####
    """, legend={"m": monster(attack=30, damage="1d1")}, hp=50, rng=rng)
    scene.monster("m").effects["confused"] = 5
    scene.act(Wait())
    swung = scene.player.hp < 50
    stumbled = any("stumbles about in confusion" in text for text in messages(scene))
    assert stumbled is staggers
    assert rng.asked[0] == monsters.STAGGER_CHANCE
    if not staggers:
        assert swung, "a confused monster that keeps its wits this turn fights as usual"


def test_a_stumble_into_the_player_is_a_wild_swing_not_a_free_turn() -> None:
    hits = 0
    for seed in range(40):
        scene = scenario("""
            #####
            #@m##
            #####
        """, legend={"m": monster(attack=30, damage="1d1")}, hp=50, seed=f"stumble-{seed}")
        scene.monster("m").effects["confused"] = 5
        scene.act(Wait())
        hits += scene.player.hp < 50
    assert 0 < hits < 40, "sometimes it keeps its wits or stumbles into you; sometimes not"
