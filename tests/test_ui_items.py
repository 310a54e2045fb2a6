"""The interface issues the new item actions: a click or the look cursor strikes with a spear's
reach, aiming a wand zaps it, and the pack shows unknown items by their looks."""

from __future__ import annotations

import tcod.console
from tcod.event import KeySym
from ui_world import click, hand_game, key, monster

from game import codex
from game.content.items import kind_of
from game.rules import identify
from game.ui.describe import item_colour
from game.ui.render import play_camera
from game.ui.screens.inventory import InventoryScreen, stacked
from game.ui.screens.look import LookScreen
from game.ui.screens.play import PlayState
from game.ui.session import Session
from game.world.model import Item


def carry(state: PlayState, kind: str, amount: int = 1) -> Item:
    item = Item(state.game.new_id(), kind, amount=amount)
    state.game.hero.inventory.append(item)
    return item


def test_a_click_on_a_monster_within_a_spears_reach_attacks_it() -> None:
    game = hand_game()
    state = PlayState(Session(game=game))
    foe = monster(game, 5, 2, hp=50)
    spear = carry(state, "spear")
    game.hero.equipment["weapon"] = spear.id
    state.on_event(click(*play_camera(game, 80, 50).to_view(5, 2)))
    assert game.player.pos == (3, 2), "it struck from where it stood"
    assert game.turn == 1 and foe.mode != "asleep"


def test_enter_on_a_monster_in_reach_in_look_mode_attacks_it() -> None:
    game = hand_game()
    state = PlayState(Session(game=game))
    monster(game, 5, 2, hp=50)
    game.hero.equipment["weapon"] = carry(state, "glaive").id
    look = LookScreen(state, cursor=(5, 2))
    look.on_event(key(KeySym.RETURN))
    assert game.turn == 1


def test_aiming_a_wand_zaps_it() -> None:
    game = hand_game()
    state = PlayState(Session(game=game))
    foe = monster(game, 6, 2, hp=100)
    wand = carry(state, "wand_bolt", amount=3)
    aim = LookScreen(state, item=wand)
    assert aim.cursor == foe.pos, "the cursor starts on the nearest monster"
    assert identify.name_of(game, "wand_bolt") in aim.banner()
    aim.on_event(key(KeySym.RETURN))
    assert wand.amount == 2 and foe.hp < 100
    assert identify.known(game, "wand_bolt")


def test_the_pack_lists_unknown_items_by_their_looks() -> None:
    game = hand_game()
    state = PlayState(Session(game=game))
    carry(state, "ring_stealth")
    labels = [label for _, _, label in stacked(game)]
    look = identify.name_of(game, "ring_stealth")
    assert look.endswith("ring") and look in labels and "ring of stealth" not in labels
    assert InventoryScreen(state, "use").choices.labels[-1].endswith(look)


def test_the_pack_describes_an_item_by_what_is_known() -> None:
    game = hand_game()
    state = PlayState(Session(game=game))
    game.hero.inventory.clear()
    game.hero.equipment.clear()
    ring = carry(state, "ring_stealth")
    spear = carry(state, "spear")
    unknown = codex.describe_item(game, ring)
    assert unknown.name == identify.name_of(game, "ring_stealth")
    assert "you do not know what it does" in " ".join(unknown.lines)
    assert "stealth" not in " ".join(unknown.lines).lower()
    assert "Strikes 2 squares away." in codex.describe_item(game, spear).lines
    labels = [label for _, _, label in stacked(game)]
    assert labels[0] == identify.name_of(game, "ring_stealth"), "no numbers while unknown"
    assert labels[1] == "spear [1d6, reach 2]"
    identify.identify(game, "ring_stealth")
    assert "do not know" not in " ".join(codex.describe_item(game, ring).lines)


def screen_text(console: tcod.console.Console) -> str:
    return "\n".join("".join(chr(c) for c in row) for row in console.ch)


def test_an_unknown_item_is_drawn_in_its_looks_colour_until_known() -> None:
    game = hand_game()
    state = PlayState(Session(game=game))
    ring = carry(state, "ring_strength")
    colours = {item_colour(game, carry(state, key)) for key in
               ("ring_stealth", "ring_protection", "ring_regeneration")}
    assert colours == {item_colour(game, ring)}, "every unknown ring is drawn alike"
    identify.identify(game, "ring_strength")
    assert item_colour(game, ring) == kind_of("ring_strength").color
