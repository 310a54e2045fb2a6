"""The describe screen: from look mode, the pack and the mouse, for an item, a monster, a feature
and a door, with gear compared against what is worn; its text wraps and is never cut."""

from __future__ import annotations

import tcod.console
from tcod.event import KeySym, Modifier, MouseButton
from ui_world import click, hand_game, key, monster, motion

from game import codex
from game.ui.draw import cells
from game.ui.screens.describe import DescribeScreen
from game.ui.screens.inventory import InventoryScreen
from game.ui.screens.look import LookScreen
from game.ui.screens.play import PlayState
from game.ui.session import Session
from game.ui.state import Push, draw_stack
from game.world.model import DoorState, FeatureState, Game, Item

LETTERS = "abcdefghijklmnopqrstuvwxyz"


def play(game: Game | None = None) -> PlayState:
    return PlayState(Session(game=game or hand_game()))


def bare(game: Game) -> Game:
    """The hero with an empty pack and nothing worn."""
    game.hero.inventory.clear()
    game.hero.equipment.clear()
    return game


def give(game: Game, kind: str) -> Item:
    item = Item(game.new_id(), kind)
    game.hero.inventory.append(item)
    return item


def opened(result: object) -> DescribeScreen:
    assert isinstance(result, Push) and isinstance(result.state, DescribeScreen), result
    return result.state


def screen_text(screen: DescribeScreen, width: int = 80, height: int = 50) -> str:
    """The page's inner columns, rows joined by spaces, runs of spaces made one: a line of the
    entries appears whole in it only if no part of it was cut."""
    console = tcod.console.Console(width, height)
    draw_stack([screen], console)
    rows = ["".join(chr(int(c)) for c in row[2 : width - 2]) for row in cells(console)["ch"]]
    return " ".join(" ".join(rows).split())


def shown_whole(screen: DescribeScreen, width: int = 80, height: int = 50) -> str:
    text = screen_text(screen, width, height)
    for entry in screen.entries:
        for line in entry.lines:
            assert " ".join(line.split()) in text, line
    return text


def test_shift_letter_in_the_pack_describes_the_item_and_compares_it() -> None:
    state = play(bare(hand_game()))
    hero = state.game.hero
    dagger, sword = give(state.game, "dagger"), give(state.game, "sword")
    hero.equipment["weapon"] = dagger.id
    pack = InventoryScreen(state, "equip")
    letter = LETTERS[pack.items.index(sword)]
    screen = opened(pack.on_event(key(getattr(KeySym, letter.upper()), Modifier.SHIFT)))
    text = shown_whole(screen)
    assert "long sword (weapon)" in text and "Damage 1d8 (average 4.5)." in text
    assert "+2 damage, -1 to hit, -4 range vs your dagger." in text, "it throws no more"
    assert hero.equipment["weapon"] == dagger.id and state.game.turn == 0, "describing is free"
    worn = opened(pack.describe(pack.items.index(dagger)))
    assert "You wield it." in worn.entries[0].lines
    assert "Weapon: e wields it." in worn.entries[0].lines, "how, never 'wielded' of a spare"


def test_comparison_with_what_is_worn_in_the_slot() -> None:
    game = bare(hand_game())
    leather, chain, shield = give(game, "leather"), give(game, "chain"), give(game, "shield")
    assert codex.compare(game, chain) == "+5 armour, -2 stealth vs nothing worn (body)."
    game.hero.equipment["body"] = leather.id
    assert codex.compare(game, chain) == "+3 armour, -2 stealth vs your leather armour."
    assert codex.compare(game, shield) == "+2 armour vs nothing worn (shield)."
    axe = give(game, "axe")
    assert codex.compare(game, axe).startswith("+")
    assert codex.compare(game, axe).endswith("vs your bare hands.")
    plate = give(game, "plate")
    game.hero.equipment["body"] = plate.id
    assert codex.compare(game, chain) == (
        "-2 armour, +2 stealth, -20 move cost vs your plate armour.")


def test_pack_and_equip_lines_show_the_numbers() -> None:
    state = play()
    state.game.hero.inventory.clear()
    give(state.game, "dagger")
    give(state.game, "leather")
    for mode in ("use", "equip", "drop"):
        labels = InventoryScreen(state, mode).choices.labels
        assert labels == ["a) dagger [1d4, +1 to hit, range 4]", "b) leather armour [armour +2]"]


def test_enter_in_look_mode_describes_a_monster() -> None:
    state = play()
    goblin = monster(state.game, 6, 2, hp=6, mode="hunt")
    goblin.hp = 3
    goblin.effects["confused"] = 2
    look = LookScreen(state, cursor=(6, 2))
    text = shown_whole(opened(look.on_event(key(KeySym.RETURN))))
    assert "Wounded (3/6 hit points), hunt." in text
    assert "Conditions: confused (2 turns)." in text and "damage 1d2" in text


def test_a_click_in_look_mode_and_semicolon_in_play_describe_the_spot_under_the_mouse() -> None:
    state = play()
    state.game.floor.features[(5, 3)] = FeatureState("Fountain", "water")
    look = LookScreen(state)
    cam = look.camera()
    x, y = next((cx, cy) for cx in range(cam.width) for cy in range(cam.height)
                if cam.to_world(cx, cy) == (5, 3))
    text = shown_whole(opened(look.on_event(click(x, y))))
    assert "Fountain (water)" in text and "Drink from it" in text and "Not used yet." in text
    state.on_event(motion(x, y))
    hovered = opened(state.on_event(key(KeySym.SEMICOLON)))
    assert hovered.entries[0].name == "Fountain"
    state.game.floor.features[(5, 3)].used = True
    assert "It has been used" in shown_whole(opened(state.on_event(key(KeySym.SEMICOLON))))
    assert look.on_event(click(x, y, MouseButton.RIGHT)) is not None  # right click still leaves


def test_a_door_says_type_dc_lock_and_key() -> None:
    state = play()
    floor = state.game.floor
    door = DoorState("iron", "none", "locked", 28, True, "normal", False)
    floor.doors[(11, 2)] = door
    look = LookScreen(state, cursor=(11, 2))
    text = shown_whole(opened(look.on_event(key(KeySym.RETURN))))
    assert "iron door (door)" in text and "unknown" in text and "28" not in text
    door.known = door.trap_found = True
    text = shown_whole(opened(look.on_event(key(KeySym.RETURN))))
    strength = state.game.hero.strength
    assert "Locked." in text and f"Break DC 28 (d20 + your strength +{strength})." in text
    assert "Its key is not on this floor." in text and "Trapped" in text
    key_item = Item(state.game.new_id(), "key", 4, 4, key_for=(11, 2))
    floor.items.append(key_item)
    assert "Its key lies on this floor." in shown_whole(opened(look.on_event(key(KeySym.RETURN))))
    floor.items.remove(key_item)
    state.game.hero.inventory.append(key_item)
    assert "It opens with the key you carry." in shown_whole(
        opened(look.on_event(key(KeySym.RETURN))))


def test_long_text_wraps_on_a_narrow_screen_and_scrolls() -> None:
    everything = codex.section("monsters")[:3] + codex.section("features")[-12:]
    screen = DescribeScreen(everything)
    shown_whole(screen, width=44, height=200)
    small = tcod.console.Console(44, 20)
    draw_stack([screen], small)
    assert "~" not in "".join(chr(int(c)) for c in cells(small)["ch"].ravel())


def test_unexplored_ground_has_nothing_to_describe() -> None:
    state = play()
    look = LookScreen(state, cursor=(25, 7))
    assert not state.game.floor.explored[7, 25]
    assert look.on_event(key(KeySym.RETURN)) is None
