"""Talents in play: the number keys, the side panel, the level-up screen's text, and the bot
choosing and using talents in a fight."""

from __future__ import annotations

import tcod.console
from scenario import Scene, give, monster, scenario
from tcod.event import KeySym
from ui_world import hand_game, key

from game.bot.policy import next_action
from game.bot.talents import talent_choice
from game.rules import missiles
from game.rules.actions import ChooseLevelUp, UseTalent
from game.run import FloorRecipe, Run
from game.ui.render import status_lines, talent_line
from game.ui.screens.levelup import LevelUpScreen
from game.ui.screens.look import LookScreen
from game.ui.screens.play import PlayState
from game.ui.session import Session
from game.ui.state import Push, draw_stack
from game.world.dungeon import new_game


def test_a_new_fighter_knows_cleave_and_the_panel_lists_it_with_its_cooldown() -> None:
    game = hand_game()
    assert game.hero.talents == ["cleave"]
    assert talent_line(game) == "1 Cleave"
    game.hero.talents.append("mend")
    game.player.cooldowns["mend"] = 12
    assert talent_line(game) == "1 Cleave 2 Mend:12"
    assert "1 Cleave 2 Mend:12" in status_lines(game)
    game.hero.talents += ["pinning_shot", "blinding_dust"]
    assert talent_line(game) == "1 Cleave 2 Mend:12 3 Pin 4 Dust"


def test_number_keys_use_the_active_talents_in_order() -> None:
    game = hand_game()
    game.hero.talents = ["cleave", "mend", "tumble"]
    state = PlayState(Session(game=game))
    game.player.hp = 5
    state.on_event(key(KeySym.N2))
    assert game.player.hp > 5 and "mend" in game.player.cooldowns
    aimed = state.on_event(key(KeySym.N3))
    assert isinstance(aimed, Push) and isinstance(aimed.state, LookScreen)
    assert aimed.state.talent == "tumble"
    assert aimed.state.action() == UseTalent("tumble", aimed.state.cursor)
    assert state.on_event(key(KeySym.N5)) is None and "No active talent on 5" in state.notice


def test_the_level_up_screen_shows_path_text_and_needs() -> None:
    game = hand_game()
    game.hero.pending_levels = 1
    game.hero.talents = ["cleave", "might"]
    game.hero.offers = ["heavy_blows", "toughness", "light_step"]
    state = PlayState(Session(game=game))
    screen = LevelUpScreen(state)
    console = tcod.console.Console(80, 50)
    draw_stack([screen], console)
    text = "\n".join("".join(chr(int(c)) for c in row) for row in console.rgb["ch"])
    assert "Heavy blows  (weapons)" in text and "+2 damage" in text and "needs Might" in text
    assert "Light step  (stealth)" in text


def test_the_run_is_the_same_dungeon_whatever_talents_are_chosen() -> None:
    run = Run("talents", (FloorRecipe(1, "bsp", 40, 30),))
    assert (new_game(run).floor.tiles == new_game(run).floor.tiles).all()


# --- the bot ------------------------------------------------------------------------------------


def knowing(scene: Scene, *keys: str) -> Scene:
    scene.game.hero.talents = list(keys)
    return scene


def test_the_bot_takes_an_offered_talent() -> None:
    scene = scenario("#####\n#@..#\n#####")
    hero = scene.game.hero
    hero.pending_levels, hero.background = 1, "mystic"
    hero.offers = ["toughness", "smite", "steady_aim"]
    assert talent_choice(hero) == "smite"
    assert next_action(scene.game) == ChooseLevelUp("smite")


def test_the_bot_cleaves_two_foes_beside_it() -> None:
    scene = knowing(scenario("#####\n#m@m#\n#####", legend={"m": monster(hp=20)}), "cleave")
    assert next_action(scene.game) == UseTalent("cleave")
    one = knowing(scenario("#####\n#m@.#\n#####", legend={"m": monster(hp=20)}), "cleave")
    assert next_action(one.game) != UseTalent("cleave")


def test_the_bot_mends_when_hurt_in_a_fight() -> None:
    scene = knowing(scenario("#####\n#@m.#\n#####", legend={"m": monster(hp=20)}, hp=30), "mend")
    assert next_action(scene.game) != UseTalent("mend")
    scene.player.hp = 10
    assert next_action(scene.game) == UseTalent("mend")


def test_the_bot_tumbles_out_of_a_surround_when_hurt() -> None:
    scene = knowing(scenario("""
        #########
        #.......#
        #..mmm..#
        #..m@m..#
        #.......#
        #.......#
        #########
    """, legend={"m": monster(hp=20)}, hp=30), "tumble")
    scene.player.hp = 8
    action = next_action(scene.game)
    assert isinstance(action, UseTalent) and action.key == "tumble" and action.target is not None
    x, y = action.target
    assert all(max(abs(m.x - x), abs(m.y - y)) >= 2 for m in scene.floor.monsters)
    scene.act(action)
    assert scene.player.pos == (x, y)


def test_the_bot_pins_a_foe_closing_in() -> None:
    scene = knowing(scenario("##########\n#@....g..#\n##########",
                             legend={"g": monster(hp=20)}), "pinning_shot")
    bow = give(scene, "short_bow")
    scene.game.hero.equipment[missiles.MISSILE_SLOT] = bow.id
    give(scene, "arrow")
    assert next_action(scene.game) == UseTalent("pinning_shot", scene.monster("g").pos)
