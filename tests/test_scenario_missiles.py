"""Firing, throwing, ammunition recovery, the line of fire and resting, on hand-drawn maps."""

from __future__ import annotations

import json

import pytest
from scenario import Scene, ScriptedRng, give, messages, monster, scenario

from game.content import items as content
from game.content.items import ItemKind, kind_of
from game.rules import combat, missiles, rest
from game.rules.actions import Action, Fire, Impossible, PickUp, Quiver, Rest, Success, Throw
from game.world.kinds import Mode
from game.world.model import Item
from game.world.pack import QUIVER, pack_rows

LANE = """
##########
#@...g...#
##########
"""
BEHIND = """
##########
#@.o.g...#
##########
"""


def armed(scene: Scene, launcher: str = "sling", ammo: str = "sling_stone",
          count: int = 5) -> list[Item]:
    """Wear `launcher` (no turn passes) and carry `count` of its ammunition."""
    bow = give(scene, launcher)
    scene.game.hero.equipment[missiles.MISSILE_SLOT] = bow.id
    return [give(scene, ammo) for _ in range(count)]


def on_floor(scene: Scene, kind: str) -> list[Item]:
    return [i for i in scene.floor.items if i.kind == kind]


def test_fire_shoots_the_launchers_ammunition_and_it_lands_where_it_struck() -> None:
    scene = scenario(LANE, legend={"g": monster("soldier", hp=40, ac=5, speed=0)},
                     rng=ScriptedRng(d20=[15], chances=[False]))
    stones = armed(scene)
    target = scene.monster("g")
    result = scene.act(Fire(target.pos))
    assert isinstance(result, Success)
    assert target.hp < 40, messages(scene)
    assert "The sling stone hits the soldier" in " ".join(messages(scene))
    assert len([i for i in scene.game.hero.inventory if i.kind == "sling_stone"]) == 4
    assert [i.pos for i in on_floor(scene, "sling_stone")] == [scene.at("g")]
    assert stones[0] not in scene.game.hero.inventory


def test_a_missed_shot_comes_down_at_the_end_of_its_flight() -> None:
    scene = scenario(LANE, legend={"g": monster("soldier", hp=40, speed=0)},
                     rng=ScriptedRng(d20=[1], chances=[False]))
    armed(scene)
    scene.act(Fire(scene.at("g")))
    assert scene.monster("g").hp == 40
    assert [i.pos for i in on_floor(scene, "sling_stone")] == [scene.at("g")]


def test_ammunition_sometimes_breaks_by_the_games_stream() -> None:
    rng = ScriptedRng(d20=[15], chances=[True])
    scene = scenario(LANE, legend={"g": monster("soldier", hp=40, ac=5, speed=0)}, rng=rng)
    armed(scene, "short_bow", "arrow")
    scene.act(Fire(scene.at("g")))
    assert not on_floor(scene, "arrow")
    assert "The arrow breaks." in messages(scene)
    assert rng.asked == [kind_of("arrow").break_chance / 100]


def test_ammunition_is_picked_up_again_as_one_stack() -> None:
    scene = scenario(LANE, legend={"g": monster("soldier", hp=400, ac=5, speed=0)},
                     rng=ScriptedRng(d20=[15, 15, 15], chances=[False, False, False]))
    armed(scene, count=3)
    for _ in range(3):
        scene.act(Fire(scene.at("g")))
    assert not [i for i in scene.game.hero.inventory if i.kind == "sling_stone"]
    assert isinstance(scene.act(Fire(scene.at("g"))), Impossible), "no stones left"
    scene.monster("g").hp = 0
    scene.floor.monsters.clear()
    scene.player.x, scene.player.y = scene.at("g")
    assert isinstance(scene.act(PickUp()), Success)
    carried = [i for i in scene.game.hero.inventory if i.kind == "sling_stone"]
    assert len(carried) == 3
    assert "You pick up 3 sling stones." in messages(scene)
    assert len(pack_rows(scene.game.hero)) == 2, "the sling and one row of stones"


def test_fire_is_out_of_range_beyond_the_launchers_reach() -> None:
    scene = scenario("""
    ###############
    #@...........g#
    ###############
    """, legend={"g": monster()})
    armed(scene)
    result = scene.act(Fire(scene.at("g")))
    assert isinstance(result, Impossible) and "out of range" in result.reason
    assert scene.game.turn == 0


def test_without_a_launcher_fire_throws_the_quivered_or_a_throwing_weapon() -> None:
    scene = scenario(LANE, legend={"g": monster("soldier", hp=40, ac=5, speed=0)},
                     rng=ScriptedRng(d20=[15, 15], chances=[False, False]))
    dagger = give(scene, "dagger")
    javelin = give(scene, "javelin")
    scene.game.hero.equipment["weapon"] = dagger.id
    scene.act(Fire(scene.at("g")))
    assert javelin.pos == scene.at("g"), "the wielded dagger stays in hand"
    second = give(scene, "potion_healing")
    assert isinstance(scene.act(Quiver(second.id)), Success)
    assert scene.game.hero.equipment[QUIVER] == second.id
    scene.act(Fire(scene.at("g")))
    assert "The potion of healing shatters!" in messages(scene)


def test_thrown_weapons_do_full_damage_and_other_things_little() -> None:
    scene = scenario(LANE, legend={"g": monster("soldier", hp=400, ac=1, speed=0)},
                     rng=ScriptedRng(d20=[15] * 40, chances=[False] * 40))
    hero = scene.game.hero
    axe_hits: list[int] = []
    sword_hits: list[int] = []
    for _ in range(20):
        for kind, hits in (("throwing_axe", axe_hits), ("sword", sword_hits)):
            item = give(scene, kind)
            before = scene.monster("g").hp
            scene.act(Throw(item.id, scene.at("g")))
            hits.append(before - scene.monster("g").hp)
    strength = hero.strength
    assert all(1 + strength <= h <= 8 + strength for h in axe_hits)
    assert all(1 <= h <= 2 for h in sword_hits), "a sword is not made for throwing: 1d2"
    assert sum(axe_hits) > 2 * sum(sword_hits)


def test_a_thrown_healing_potion_heals_everyone_beside_where_it_shatters() -> None:
    scene = scenario("""
    ##########
    #@..gg.o.#
    ##########
    """, legend={"g": monster(hp=20), "o": monster(hp=20)})
    for char, index in (("g", 0), ("g", 1), ("o", 0)):
        scene.monster(char, index).hp = 5
    potion = give(scene, "potion_healing")
    assert isinstance(scene.act(Throw(potion.id, scene.at("g", 1))), Success)
    assert potion not in scene.game.hero.inventory
    assert not on_floor(scene, "potion_healing"), "a potion shatters; nothing is left"
    # it struck the first creature on its line (g0) and splashed g1 beside it, not o
    assert scene.monster("g", 0).hp > 5 and scene.monster("g", 1).hp > 5
    assert scene.monster("o").hp == 5


def test_a_thrown_harmful_potion_harms_everyone_beside_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    acid = ItemKind(key="potion_acid", name="potion of acid", kind="potion", glyph="!",
                    color=(0, 255, 0), depth=(1, 1), weight=0, damage="3d4+20",
                    effect="harm")
    kinds = {**content.item_kinds(), "potion_acid": acid}
    monkeypatch.setattr(content, "item_kinds", lambda: kinds)
    scene = scenario("""
    #########
    #@..g...#
    #...o...#
    #.......#
    #########
    """, legend={"g": monster(hp=20), "o": monster(hp=50)})
    potion = give(scene, "potion_acid")
    scene.act(Throw(potion.id, scene.at("g")))
    assert not scene.alive("g"), "23 or more kills a 20-HP soldier"
    assert scene.monster("o").hp < 50
    assert scene.player.hp == 30, "the thrower stood too far to be splashed"


def test_the_line_of_fire_stops_at_a_wall() -> None:
    scene = scenario("""
    #######
    #@....#
    ###.#.#
    #...#g#
    #######
    """, legend={"g": monster()})
    path = combat.line_of_fire(scene.game, scene.player.pos, scene.at("g"), 10)
    assert scene.at("g") not in path
    assert combat.first_in_line(scene.game, path) is None


def test_the_first_creature_on_the_line_takes_the_shot() -> None:
    still = monster(hp=40, ac=1, speed=0)
    scene = scenario(BEHIND, legend={"o": still, "g": still},
                     rng=ScriptedRng(d20=[15], chances=[False]))
    armed(scene)
    scene.act(Fire(scene.at("g")))
    assert scene.monster("o").hp < 40, "the ogre in the way takes it"
    assert scene.monster("g").hp == 40
    assert [i.pos for i in on_floor(scene, "sling_stone")] == [scene.at("o")]


def test_monsters_and_the_hero_shoot_by_one_rule() -> None:
    """A shooter does not fire through its friends: with one in the line it comes on instead;
    with the line clear, its shot has the hero's range penalty."""
    scene = scenario(BEHIND, legend={
        "o": monster(hp=40, mode="asleep"),
        "g": monster("artillery", reach=6, attack=30)})
    before = scene.player.hp
    scene.act(Rest())
    assert scene.player.hp == before, "the archer held its shot: a friend stood in the line"
    scene.floor.monsters.remove(scene.monster("o"))
    scene.act(Rest())
    assert scene.player.hp < before
    archer = scene.monster("g")
    shot = combat.Missile(archer.reach)
    assert combat.to_hit(scene.game, archer, scene.player, shot) == \
        combat.attack_bonus(scene.game, archer) - combat.range_penalty(archer, scene.player)


def test_hit_chance_falls_with_range() -> None:
    scene = scenario("""
    ##########
    #@.g....o#
    ##########
    """, legend={"g": monster(ac=14), "o": monster(ac=14)})
    missile = combat.Missile(8, "1d6")
    near = combat.hit_chance(scene.game, scene.player, scene.monster("g"), missile)
    far = combat.hit_chance(scene.game, scene.player, scene.monster("o"), missile)
    assert 5 <= far < near <= 95


def test_rest_is_refused_with_an_enemy_in_view() -> None:
    scene = scenario(LANE, legend={"g": monster()})
    assert isinstance(rest.begin(scene.game), str)


def rest_until_stopped(scene: Scene, until_healed: bool, limit: int = 200) -> tuple[str, int]:
    watch = rest.begin(scene.game)
    assert isinstance(watch, rest.Watch)
    for turn in range(limit):
        why = rest.interruption(scene.game, watch, until_healed)
        if why:
            return why, turn
        assert isinstance(scene.act(Rest()), Success)
    return "", limit


def test_rest_until_healed_stops_when_healed() -> None:
    scene = scenario("""
    #####
    #@..#
    #####
    """)
    scene.player.hp = 20
    why, turns = rest_until_stopped(scene, until_healed=True)
    assert why == "You stop resting: you are fully healed."
    assert scene.player.hp == scene.player.max_hp and turns > 10


def test_rest_stops_when_something_comes_into_view() -> None:
    scene = scenario("""
    ##############
    #@...........#
    ############.#
    ############g#
    ############.#
    ##############
    """, legend={"g": monster(name="goblin")})
    scene.player.hp = 5
    why, _ = rest_until_stopped(scene, until_healed=True)
    assert why == "You stop resting: a goblin comes into view."
    assert scene.player.hp < scene.player.max_hp


def test_rest_stops_on_a_noise_heard_out_of_sight() -> None:
    scene = scenario("""
    ##########
    #@.......#
    ########.#
    #......+.#
    #.g#######
    ##########
    """, legend={"g": monster(name="goblin")})
    scene.player.hp = 5
    why, _ = rest_until_stopped(scene, until_healed=True)
    assert why == "You stop resting: you hear a door open to the east."
    assert scene.monster("g").mode == Mode.HUNT and scene.player.hp < scene.player.max_hp


def test_a_turn_of_rest_searches_quietly() -> None:
    scene = scenario("""
    #####
    #@..#
    #####
    """)
    scene.act(Rest())
    assert "You search and find nothing." not in messages(scene)


def test_missile_kinds_are_data() -> None:
    sling, stones = kind_of("sling"), kind_of("sling_stone")
    assert sling.kind == "launcher" and sling.slot == missiles.MISSILE_SLOT
    assert sling.ammo == "sling_stone" and stones.kind == "ammo" and stones.bundle > 1
    reaching = [k for k in content.item_kinds().values() if k.range > 1
                and (k.kind == "launcher" or k.thrown)]
    assert len(reaching) >= 6


@pytest.mark.parametrize("action", [Fire((3, 4)), Throw(5, (1, 2)), Rest(), Quiver(3)])
def test_the_new_actions_survive_a_replay_file(action: Action) -> None:
    from game.replay import _args, action_from

    stored = json.loads(json.dumps({"action": type(action).__name__, "args": _args(action)}))
    assert action_from(stored["action"], stored["args"], "test") == action


def test_a_monster_cannot_fire_or_throw() -> None:
    scene = scenario(LANE, legend={"g": monster()})
    from game.rules.legal import illegal

    assert illegal(scene.game, scene.monster("g"), Fire(scene.player.pos))
    assert illegal(scene.game, scene.player, Fire((99, 99))) == "That is not a place on this floor."
