"""Allies beyond the rules of a turn (issue 29): the bot frees captives and spares allies, a save
keeps allies carried to another floor, the screen words for them, and the captives the dressing
puts on generated floors."""

from __future__ import annotations

import dataclasses
from typing import Any

from scenario import messages, monster, scenario

from game.bot.policy import Bot, next_action
from game.catalog import catalog
from game.content.bestiary import default_bestiary
from game.dressing.captives import CAPTIVES_PATH, CaptiveDataError, captive_kinds, load_captives
from game.rules import allies
from game.rules.actions import Attack, Interact, Move, TakeStairs
from game.run import Run
from game.save.codec import load_bytes, save_bytes
from game.ui.describe import describe_at
from game.ui.render import status_lines
from game.ui.sidebar import view_lines
from game.world.model import Actor
from game.world.serial import actor_data, state_hash


def captive(**stats: Any) -> Actor:
    return dataclasses.replace(monster("soldier", name="goblin guard", mode="guard", **stats),
                               captive=True, kind="goblin_guard")


def ally(name: str = "orc thug", **stats: Any) -> Actor:
    return dataclasses.replace(monster("soldier", name=name, **stats), ally=True)


def test_the_bot_walks_to_a_captive_and_frees_it() -> None:
    scene = scenario("""
    ############
    #@........c#
    ############
    """, legend={"c": captive()})
    bot = Bot()
    for _ in range(20):
        bot.act(scene.game)
        if scene.monster("c").ally:
            break
    assert scene.monster("c").ally, messages(scene)


def test_the_bot_leaves_a_guarded_captive_alone() -> None:
    """A foe near the captive (asleep, even) still guards it: not freed under its nose."""
    drawn = """
    ##############
    #@c.....g....#
    ##############
    """
    scene = scenario(drawn, legend={"c": captive(), "g": monster(mode="asleep")})
    assert next_action(scene.game) != Interact(*scene.at("c"))
    alone = scenario(drawn.replace("g", "."), legend={"c": captive()})
    assert next_action(alone.game) == Interact(*alone.at("c"))


def test_the_bot_never_attacks_an_ally() -> None:
    scene = scenario("""
    #######
    #@a...#
    #######
    """, legend={"a": ally()})
    assert next_action(scene.game) != Attack(scene.monster("a").id)
    assert all(a.hp == a.max_hp for a in allies.allies(scene.game.floor))


def test_a_save_keeps_allies_here_and_those_left_on_another_floor() -> None:
    scene = scenario("""
    ################
    #.a@>.........b#
    ################
    """, """
    ################
    #.<............#
    ################
    """, legend={"a": ally(), "b": ally(name="far one", hp=7)})
    scene.act(Move(1, 0))
    scene.act(TakeStairs("down"))
    game = load_bytes(save_bytes(scene.game)).game
    assert [a.name for a in allies.allies(game.floor)] == ["orc thug"]
    assert [(a.name, a.hp) for a in allies.allies(game.floors[1])] == [("far one", 7)]
    assert state_hash(game) == state_hash(scene.game)


def test_a_monster_saves_without_the_ally_flags_it_does_not_have() -> None:
    data = actor_data(monster())
    assert "ally" not in data and "captive" not in data and "waiting" not in data
    assert actor_data(ally(mode="hunt"))["ally"] is True


def test_describe_tells_how_to_free_a_captive_and_names_an_ally() -> None:
    scene = scenario("""
    #######
    #@c.a.#
    #######
    """, legend={"c": captive(), "a": ally()})
    text = describe_at(scene.game, *scene.at("c"))
    assert "shackled" in text and "press a beside it or walk into it to free it" in text, text
    assert "taken in a raid" in text  # the captives file's line for a goblin guard
    ally_text = describe_at(scene.game, *scene.at("a"))
    assert "your ally, following you" in ally_text and "10/10" in ally_text


def test_the_side_panel_lists_allies_with_their_order() -> None:
    """An ally in sight is an entry of "In view" (its bar says its order); out of sight it has
    a line of its own among the hero's."""
    scene = scenario("""
    #######
    #@a...#
    #######
    """, legend={"a": ally(name="orc")})
    lines = view_lines(scene.game, 22, 10)
    assert [line.text for line in lines[1:3]] == ["  orc", " ally, follows"]
    assert not any("Ally orc" in line for line in status_lines(scene.game))
    scene.monster("a").waiting = True
    scene.floor.visible[scene.monster("a").y, scene.monster("a").x] = False
    assert "Ally orc 10/10 waits" in status_lines(scene.game)


def test_catalogs_list_captives_over_seeds() -> None:
    """Every few floors a captive: over four ten-floor runs, some; each of a listed kind."""
    listed = {c.kind for c in captive_kinds()}
    found = []
    for seed in ("cap-1", "cap-2", "cap-3", "cap-4"):
        data = catalog(Run.from_plan(seed), range(1, 11), "full")
        for floor in data["floors"]:
            assert "captives" in floor
            found += floor["captives"]
    assert len(found) >= 2
    assert {c["kind"] for c in found} <= listed
    assert all(c["held_by"] in ("commander_and_troops", "battle_lines", "battlefield_control")
               for c in found)


def test_the_captives_file_is_checked(tmp_path: Any) -> None:
    assert load_captives(CAPTIVES_PATH, default_bestiary())
    bad = tmp_path / "captives.toml"
    bad.write_text('[[captive]]\nkind = "cave_rat"\nwhy = "a rat"\n')
    try:
        load_captives(bad, default_bestiary())
    except CaptiveDataError as problem:
        assert "captive 1" in str(problem) and "minion" in str(problem)
    else:
        raise AssertionError("a minion captive was accepted")


def test_the_help_names_the_order_and_the_freeing() -> None:
    from game.ui import intents

    lines = {text: keys for keys, text in intents.help_lines()}
    assert any("allies: wait here / follow me" in text and keys == "S-a"
               for text, keys in lines.items())
    assert any("free a shackled captive" in text for text in lines)


def test_explore_sees_no_hunter_in_an_ally() -> None:
    from game.ui.seek import Sightings

    scene = scenario("""
    #######
    #@a.g.#
    #######
    """, legend={"a": ally(), "g": monster()})
    assert [m.name for m in Sightings().look(scene.game)] == ["soldier"]
