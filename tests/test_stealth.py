"""Stealth you can see: the hero's stealth is a sum of named parts (gear, sneaking, resting,
light), and that sum is what an idle monster's notice chance reads."""

from __future__ import annotations

from scenario import ScriptedRng, give, monster, scenario

from game.ai import monsters
from game.rules import stealth
from game.rules.actions import Attack, Equip, Rest, Search, Success, Wait
from game.world.kinds import Mode
from game.world.model import FeatureState

ROOM = """
#########
#@.....a#
#########
"""


def part(scene: object, name: str) -> int:
    return dict(stealth.stealth_parts(scene.game))[name]  # type: ignore[attr-defined]


def test_the_parts_are_named_and_sum_to_the_figure() -> None:
    scene = scenario(ROOM, legend={"a": monster(mode="asleep")})
    names = [name for name, _ in stealth.stealth_parts(scene.game)]
    assert names == ["armour and gear", "sneaking", "resting", "light", "talents"]
    assert stealth.stealth(scene.game) == sum(v for _, v in stealth.stealth_parts(scene.game))
    assert monsters.notice_chance(scene.game) == monsters.NOTICE_CHANCE, "a quiet hero"


def test_worn_gear_is_a_part() -> None:
    scene = scenario(ROOM, legend={"a": monster(mode="asleep")})
    before, chance = stealth.stealth(scene.game), monsters.notice_chance(scene.game)
    ring = give(scene, "ring_stealth")
    assert isinstance(scene.act(Equip(ring.id)), Success)
    assert part(scene, "armour and gear") == 3
    assert stealth.stealth(scene.game) == before + 3
    assert monsters.notice_chance(scene.game) < chance


def test_stealth_talents_are_a_part() -> None:
    scene = scenario(ROOM, legend={"a": monster(mode="asleep")})
    before, chance = stealth.stealth(scene.game), monsters.notice_chance(scene.game)
    scene.game.hero.talents.append("light_step")
    assert part(scene, "talents") == 2
    assert stealth.stealth(scene.game) == before + 2
    assert monsters.notice_chance(scene.game) < chance


def test_fighting_is_loud_and_a_quiet_turn_sneaks() -> None:
    scene = scenario("""
        #########
        #@b....a#
        #########
    """, legend={"a": monster(mode="asleep"), "b": monster(hp=100, ac=30, attack=-99)})
    scene.act(Wait())
    quiet, quiet_chance = stealth.stealth(scene.game), monsters.notice_chance(scene.game)
    assert part(scene, "sneaking") == 1
    scene.act(Attack(scene.monster("b").id))
    assert part(scene, "sneaking") == -2
    assert stealth.stealth(scene.game) == quiet - 3
    assert monsters.notice_chance(scene.game) > quiet_chance


def test_resting_and_searching_are_a_part() -> None:
    for action in (Rest(), Search()):
        scene = scenario(ROOM, legend={"a": monster(mode="asleep")})
        scene.act(Wait())
        quiet, quiet_chance = stealth.stealth(scene.game), monsters.notice_chance(scene.game)
        scene.act(action)
        assert part(scene, "resting") == stealth.RESTING
        assert stealth.stealth(scene.game) == quiet + stealth.RESTING
        assert monsters.notice_chance(scene.game) < quiet_chance


def test_light_gives_the_hero_away_and_darkness_hides() -> None:
    scene = scenario(ROOM, legend={"a": monster(mode="asleep")})
    dark, dark_chance = stealth.stealth(scene.game), monsters.notice_chance(scene.game)
    scene.floor.features[(3, 1)] = FeatureState("Candle", "light")
    scene.floor._obstacles = None  # the features changed
    assert part(scene, "light") == -stealth.LIGHT
    assert stealth.stealth(scene.game) == dark - stealth.LIGHT
    assert monsters.notice_chance(scene.game) > dark_chance
    scene.player.effects["darkened"] = 5
    assert part(scene, "light") == stealth.LIGHT


def test_a_resting_hero_is_asked_about_with_the_lower_chance() -> None:
    """The turn loop sets the stance before the monsters act: the chance a sleeping monster is
    asked about is the resting hero's."""
    rng = ScriptedRng(chances=[False] * 8)
    scene = scenario(ROOM, legend={"a": monster(mode="asleep")}, rng=rng)
    rng.asked.clear()
    scene.act(Wait())
    walking = monsters.NOTICE_CHANCE
    assert walking in rng.asked
    rng.asked.clear()
    scene.act(Rest())
    resting = monsters.notice_chance(scene.game)
    assert resting < walking and resting in rng.asked and walking not in rng.asked


def test_describe_names_each_monster_state() -> None:
    from game.ui.describe import describe_at

    scene = scenario(ROOM, legend={"a": monster(mode="asleep")})
    foe = scene.monster("a")
    said = {}
    for mode in ("asleep", "wander", "guard", "hunt", "flee"):
        foe.mode = Mode(mode)
        said[mode] = describe_at(scene.game, *foe.pos)
    assert "asleep" in said["asleep"]
    assert "unaware of you" in said["wander"] and "unaware of you" in said["guard"]
    assert "hunting you" in said["hunt"]
    assert "fleeing" in said["flee"]


def test_the_map_marks_each_monster_state() -> None:
    import tcod.console

    from game.ui.draw import ASLEEP_DIM, MONSTER_STATE_BG, cells
    from game.ui.render import play_camera, render_play

    scene = scenario(ROOM, legend={"a": monster(mode="asleep")})
    foe = scene.monster("a")
    drawn = {}
    for mode in ("asleep", "wander", "hunt", "flee"):
        foe.mode = Mode(mode)
        console = tcod.console.Console(80, 50, order="C")
        render_play(console, scene.game)
        vx, vy = play_camera(scene.game, 80, 50).to_view(*foe.pos)
        cell = cells(console)[vy, vx]
        drawn[mode] = (tuple(int(c) for c in cell["bg"]), tuple(int(c) for c in cell["fg"]))
    assert drawn["asleep"][0] == MONSTER_STATE_BG["asleep"]
    assert drawn["asleep"][1] == tuple(int(c * ASLEEP_DIM) for c in foe.color)
    assert drawn["hunt"][0] == MONSTER_STATE_BG["hunting"]
    assert drawn["flee"][0] == MONSTER_STATE_BG["fleeing"]
    assert drawn["wander"][1] == foe.color
    assert len({bg for bg, _ in drawn.values()}) == 4, "four states, four looks"


def test_the_character_sheet_shows_the_figure_and_its_parts() -> None:
    from game.ui.screens.character import sheet

    scene = scenario(ROOM)
    text = "\n".join(line for line, _ in sheet(scene.game))
    assert f"Stealth {stealth.stealth(scene.game):+d}" in text
    for name, value in stealth.stealth_parts(scene.game):
        assert f"{name:16s} {value:+d}" in text


def test_the_stances_name_real_actions() -> None:
    from game.rules import actions

    for name in (*stealth.LOUD_ACTIONS, *stealth.STILL_ACTIONS):
        assert isinstance(getattr(actions, name), type)
