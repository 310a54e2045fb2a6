"""Each screen handles its keys; the stack applies transitions and dims what overlays cover."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import tcod.console
from tcod.event import KeySym, Modifier, MouseButton
from ui_world import click, give, hand_game, key, monster, motion

from game import tiles
from game.rules import gear
from game.run import FloorRecipe
from game.save.runs import SaveEntry
from game.ui import saves
from game.ui.app import App
from game.ui.draw import cells
from game.ui.screens.character import CharacterScreen
from game.ui.screens.direction import DoorPrompt
from game.ui.screens.end import EndScreen
from game.ui.screens.floormap import FloorMapScreen
from game.ui.screens.gamemenu import QUIT, GameMenu
from game.ui.screens.help import HelpScreen
from game.ui.screens.history import HistoryScreen
from game.ui.screens.inventory import InventoryScreen
from game.ui.screens.levelup import BLOCK, LevelUpScreen
from game.ui.screens.look import LookScreen
from game.ui.screens.menu import CONTINUE, NEW, SCORES, MainMenu
from game.ui.screens.newgame import NewGameScreen
from game.ui.screens.play import PlayState
from game.ui.screens.scores import ScoresScreen
from game.ui.session import Session, rows_of
from game.ui.shrink import reduce_blocks, scale_for
from game.ui.state import (
    BaseState,
    Pop,
    Push,
    Quit,
    Replace,
    Reset,
    State,
    apply,
    draw_stack,
)
from game.world.kinds import Outcome
from game.world.model import DoorState, Game
from game.world.serial import state_hash


@pytest.fixture(autouse=True)
def no_records(monkeypatch: pytest.MonkeyPatch) -> list[Game]:
    """The end screen records runs (morgue, scores): not from tests."""
    recorded: list[Game] = []

    def record(game: Game) -> str:
        recorded.append(game)
        return "recorded"

    monkeypatch.setattr(saves, "record_run_end", record)
    return recorded


def play(game: Game | None = None) -> PlayState:
    return PlayState(Session(game=game or hand_game()))


def drawn_text(state: BaseState, width: int = 80, height: int = 50) -> str:
    console = tcod.console.Console(width, height)
    draw_stack([state], console)
    return "\n".join("".join(chr(int(c)) for c in row) for row in cells(console)["ch"])


# --- the stack ---------------------------------------------------------------------------


class Solid(BaseState):
    def on_draw(self, console: tcod.console.Console) -> None:
        cells(console)["bg"][...] = (200, 200, 200)


class Veil(BaseState):
    overlay = True

    def on_draw(self, console: tcod.console.Console) -> None:
        cells(console)["bg"][0, 0] = (255, 0, 0)


def test_transitions() -> None:
    a, b, c = Solid(), Solid(), Solid()
    stack: list[State] = [a]
    assert apply(stack, Push(b)) and stack == [a, b]
    assert apply(stack, Replace(c)) and stack == [a, c]
    assert apply(stack, Pop()) and stack == [a]
    assert apply(stack, Reset(b)) and stack == [b]
    assert apply(stack, None) and stack == [b]
    assert not apply(stack, Quit()) and stack == []


def test_overlays_draw_over_the_dimmed_state_beneath() -> None:
    console = tcod.console.Console(4, 3)
    draw_stack([Solid(), Veil()], console)
    grid = cells(console)
    assert tuple(grid["bg"][0, 0]) == (255, 0, 0)
    assert 0 < grid["bg"][1, 1][0] < 200
    draw_stack([Solid(), Veil(), Solid()], console)
    assert tuple(cells(console)["bg"][1, 1]) == (200, 200, 200)


# --- main menu ---------------------------------------------------------------------------


def test_main_menu_new_game_starts_play_with_the_seed_and_plan() -> None:
    session = Session(seed_text="menu-test")
    session.recipes = rows_of((FloorRecipe(1, "cave", 40, 30), FloorRecipe(2, "maze", 31, 21)))
    menu = MainMenu(session)
    result = menu.on_event(key(KeySym.RETURN))
    assert isinstance(result, Push) and isinstance(result.state, NewGameScreen)
    result = result.state.on_event(key(KeySym.RETURN))  # "Start the run" is selected
    assert isinstance(result, Reset) and isinstance(result.state, PlayState)
    assert session.game is not None
    assert session.game.run.seed == "menu-test" and session.game.floor.generator == "cave"


def test_continue_is_disabled_without_saves() -> None:
    menu = MainMenu(Session())
    assert not menu.choices.enabled(CONTINUE)
    assert "no saved run" in drawn_text(menu)
    menu.on_event(key(KeySym.DOWN))
    assert menu.choices.index == SCORES  # skips the disabled row
    assert menu.choose(CONTINUE) is None


def test_continue_uses_the_save_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    game = hand_game()
    monkeypatch.setattr(saves, "latest_run", lambda listed: SaveEntry(Path("run.delve")))
    monkeypatch.setattr(saves, "saved_run", lambda: game)
    menu = MainMenu(Session())
    assert menu.choices.enabled(CONTINUE) and menu.choices.index == CONTINUE
    result = menu.choose(CONTINUE)
    assert isinstance(result, Reset) and isinstance(result.state, PlayState)
    assert result.state.game is game


def test_menu_quits_and_opens_help_new_game_and_scores() -> None:
    menu = MainMenu(Session())
    assert isinstance(menu.on_event(key(KeySym.ESCAPE)), Quit)
    result = menu.on_event(key(KeySym.QUESTION, Modifier.SHIFT))
    assert isinstance(result, Push) and isinstance(result.state, HelpScreen)
    result = menu.choose(SCORES)
    assert isinstance(result, Push) and isinstance(result.state, ScoresScreen)


def test_menu_mouse_hover_and_click() -> None:
    session = Session()
    menu = MainMenu(session)
    menu.on_event(motion(40, 20 + SCORES))  # where the mouse rests as the menu opens
    assert menu.choices.index == NEW
    menu.on_event(motion(41, 20 + SCORES))  # it moves: the hover follows
    assert menu.choices.index == SCORES
    result = menu.on_event(click(40, 20 + NEW))
    assert isinstance(result, Push) and isinstance(result.state, NewGameScreen)


# --- screens over play -------------------------------------------------------------------


def test_inventory_uses_an_item_by_letter() -> None:
    state = play()
    state.game.player.hp = 5
    screen = InventoryScreen(state, "use")
    potion = next(i for i in state.game.hero.inventory if i.kind == "potion_healing")
    letter = "abcdefghijklmnopqrstuvwxyz"[screen.items.index(potion)]
    result = screen.on_event(key(getattr(KeySym, letter.upper())))
    assert isinstance(result, Pop)
    assert state.game.player.hp > 5 and potion not in state.game.hero.inventory
    assert state.game.turn == 1


def test_inventory_drop_and_equip_with_arrows_and_enter() -> None:
    state = play()
    sword = give(state.game, "sword")
    screen = InventoryScreen(state, "equip")
    for _ in range(screen.items.index(sword)):
        screen.on_event(key(KeySym.DOWN))
    assert isinstance(screen.on_event(key(KeySym.RETURN)), Pop)
    assert state.game.hero.equipment["weapon"] == sword.id
    screen = InventoryScreen(state, "drop")
    screen.on_event(key(KeySym.UP))  # wraps to the last item: the sword
    screen.on_event(key(KeySym.RETURN))
    assert sword in state.game.floor.items and "weapon" not in state.game.hero.equipment
    assert isinstance(InventoryScreen(state, "use").on_event(key(KeySym.ESCAPE)), Pop)


def emptied_play() -> PlayState:
    """A play screen whose hero carries and wears nothing yet."""
    state = play()
    state.game.hero.inventory.clear()
    state.game.hero.equipment.clear()
    return state


def test_the_wear_list_holds_only_what_can_be_worn_each_by_its_pack_letter() -> None:
    state = emptied_play()
    hero = state.game.hero
    give(state.game, "potion_healing")
    sword = give(state.game, "sword")
    screen = InventoryScreen(state, "equip")
    assert screen.items == [sword], "a potion is not offered for wearing"
    assert screen.choices.labels == ["b) long sword [1d8]"]
    assert screen.on_event(key(KeySym.A)) is None and state.game.turn == 0
    assert isinstance(screen.on_event(key(KeySym.B)), Pop)
    assert hero.equipment["weapon"] == sword.id
    hero.inventory.remove(sword)
    del hero.equipment["weapon"]
    text = drawn_text(InventoryScreen(state, "equip"))
    assert "Nothing to wear or wield: pick up (g) weapons or armour." in text


def test_q_drinks_and_r_reads_from_lists_of_only_potions_and_scrolls() -> None:
    """At 2 HP a newcomer pressed q, as in every roguelike, and was told 'unknown key'."""
    state = emptied_play()
    hero = state.game.hero
    give(state.game, "sword")
    potion = give(state.game, "potion_healing")
    scroll = give(state.game, "scroll_mapping")
    state.game.player.hp = 2
    drink = state.on_event(key(KeySym.Q))
    assert isinstance(drink, Push) and isinstance(drink.state, InventoryScreen)
    assert drink.state.items == [potion] and drink.state.choices.labels[0].startswith("b) ")
    assert drink.state.on_event(key(KeySym.A)) is None, "the sword is not offered"
    assert isinstance(drink.state.on_event(key(KeySym.B)), Pop)
    assert potion not in hero.inventory and state.game.player.hp > 2
    read = state.on_event(key(KeySym.R))
    assert isinstance(read, Push) and isinstance(read.state, InventoryScreen)
    assert read.state.items == [scroll]
    hero.inventory.remove(scroll)
    assert "You carry no scrolls." in drawn_text(InventoryScreen(state, "read"))

def test_interchangeable_items_share_a_row_worn_gear_does_not_and_keys_are_on_the_ring() -> None:
    state = emptied_play()
    hero = state.game.hero
    potions = [give(state.game, "potion_healing") for _ in range(3)]
    worn, spare = give(state.game, "sword"), give(state.game, "sword")
    hero.equipment["weapon"] = worn.id
    door_keys = [give(state.game, "key") for _ in range(2)]
    door_keys[0].key_for, door_keys[1].key_for = (1, 1), (2, 2)
    screen = InventoryScreen(state, "use")
    assert screen.items == [potions[0], worn, spare], "keys hang on the ring, not in the pack"
    assert gear.key_ring(hero) == door_keys
    text = drawn_text(screen)
    assert "a) potion of healing [heals 2d8+4] (x3)" in text
    assert "b) long sword [1d8] (worn)" in text
    assert "c) long sword [1d8]" in text and "(x2)" not in text
    state.game.player.hp = 5
    screen.on_event(key(KeySym.A))
    assert len([i for i in hero.inventory if i.kind == "potion_healing"]) == 2
    assert state.game.player.hp > 5


def test_empty_inventory_draws_and_ignores_choices() -> None:
    state = play()
    state.game.hero.inventory.clear()
    screen = InventoryScreen(state, "use")
    assert screen.on_event(key(KeySym.A)) is None
    assert screen.on_event(key(KeySym.RETURN)) is None
    assert "You carry nothing" in drawn_text(screen)


def test_targeted_scroll_aims_with_a_cursor_then_uses() -> None:
    state = play()
    goblin = monster(state.game, 7, 3)
    scroll = give(state.game, "scroll_confusion")
    screen = InventoryScreen(state, "use")
    result = screen.choose(screen.items.index(scroll))
    assert isinstance(result, Replace) and isinstance(result.state, LookScreen)
    aim = result.state
    assert aim.cursor == (7, 3)  # starts on the nearest visible monster
    aim.on_event(key(KeySym.LEFT))
    aim.on_event(key(KeySym.RIGHT))
    assert isinstance(aim.on_event(key(KeySym.RETURN)), Pop)
    assert "confused" in goblin.effects and scroll not in state.game.hero.inventory


def test_targeting_by_mouse_click() -> None:
    state = play()
    goblin = monster(state.game, 8, 4)
    scroll = give(state.game, "scroll_confusion")
    aim = LookScreen(state, item=scroll, cursor=state.game.player.pos)
    vx, vy = aim.camera().to_view(8, 4)
    aim.on_event(motion(vx, vy))
    assert aim.cursor == (8, 4)
    assert isinstance(aim.on_event(click(vx, vy)), Pop)
    assert "confused" in goblin.effects


def test_aiming_at_nothing_is_impossible_and_keeps_the_scroll() -> None:
    state = play()
    scroll = give(state.game, "scroll_confusion")
    aim = LookScreen(state, item=scroll)
    aim.on_event(key(KeySym.RETURN))
    assert scroll in state.game.hero.inventory and state.game.turn == 0
    assert state.game.messages.messages[-1].text == "There is no monster you can see there."


def test_look_mode_moves_a_cursor_and_describes() -> None:
    state = play()
    monster(state.game, 5, 2)
    look = LookScreen(state)
    look.on_event(key(KeySym.L))
    look.on_event(key(KeySym.L))
    assert look.cursor == (5, 2)
    assert "a goblin (unhurt, asleep)" in drawn_text(look)
    for _ in range(60):
        look.on_event(key(KeySym.N))
    assert look.cursor == (state.game.floor.width - 1, state.game.floor.height - 1)
    assert isinstance(look.on_event(key(KeySym.ESCAPE)), Pop)
    assert isinstance(look.on_event(click(1, 1, MouseButton.RIGHT)), Pop)


def test_door_prompt_opens_and_closes() -> None:
    game = hand_game(player=(10, 2))
    game.floor.doors[(11, 2)] = DoorState("wood", "good", "unlocked", None, False, "swings", False)
    state = play(game)
    prompt = DoorPrompt(state, "open")
    assert prompt.candidates() == [(11, 2)]
    assert isinstance(prompt.on_event(key(KeySym.L)), Pop)
    assert game.floor.tiles[2, 11] == tiles.OPEN_DOOR
    prompt = DoorPrompt(state, "close")
    assert isinstance(prompt.on_event(key(KeySym.RETURN)), Pop)  # the only open door
    assert game.floor.tiles[2, 11] == tiles.DOOR
    assert isinstance(DoorPrompt(state, "open").on_event(key(KeySym.ESCAPE)), Pop)


def test_the_shove_prompt_pushes_the_monster_beside_the_hero() -> None:
    """p, then a direction: the monster there is shoved (hit or miss, a turn passes)."""
    game = hand_game(player=(10, 2))
    goblin = monster(game, 11, 2)
    state = play(game)
    result = state.on_event(key(KeySym.P))
    assert isinstance(result, Push) and isinstance(result.state, DoorPrompt)
    prompt = result.state
    assert prompt.candidates() == [(11, 2)]
    assert isinstance(prompt.on_event(key(KeySym.L)), Pop)
    assert game.turn == 1 and any("shove the goblin" in m.text for m in game.messages.messages)
    assert goblin.mode.value == "hunt"
    assert "Shove a monster" in drawn_text(DoorPrompt(state, "shove"))


def test_play_keys_open_their_screens() -> None:
    state = play()
    expected = {
        KeySym.I: InventoryScreen, KeySym.D: InventoryScreen, KeySym.E: InventoryScreen,
        KeySym.O: DoorPrompt, KeySym.C: DoorPrompt, KeySym.X: LookScreen,
        KeySym.M: FloorMapScreen, KeySym.V: HistoryScreen, KeySym.QUESTION: HelpScreen,
        KeySym.AT: CharacterScreen, KeySym.ESCAPE: GameMenu,
    }
    for sym, screen in expected.items():
        result = state.on_event(key(sym))
        assert isinstance(result, Push) and isinstance(result.state, screen), sym


def test_text_screens_scroll_and_close() -> None:
    game = hand_game()
    for n in range(200):
        game.log(f"message {n}")
    history = HistoryScreen(game)
    text = drawn_text(history)
    assert "message 199" in text and "message 100" not in text  # opens at the newest
    history.on_event(key(KeySym.PAGEUP))
    history.on_event(key(KeySym.PAGEUP))
    assert "message 199" not in drawn_text(history)
    assert isinstance(history.on_event(key(KeySym.V)), Pop)
    help_screen = HelpScreen()
    assert "take the stairs down" in drawn_text(help_screen)
    assert isinstance(help_screen.on_event(key(KeySym.ESCAPE)), Pop)
    sheet = CharacterScreen(game)
    text = drawn_text(sheet)
    assert "Level 1" in text and "weapon: long sword" in text
    assert isinstance(sheet.on_event(key(KeySym.RETURN)), Pop)


def test_floor_map_shows_teleporter_pairs_and_closes() -> None:
    game = hand_game()
    floor = game.floor
    floor.tiles[1, 1] = floor.tiles[3, 20] = tiles.TELEPORTER
    floor.teleports = {(1, 1): (20, 3), (20, 3): (1, 1)}
    floor.explored[...] = True
    screen = FloorMapScreen(game)
    text = drawn_text(screen)
    assert text.count("A") >= 2 and "scale 1:1" in text
    assert isinstance(screen.on_event(key(KeySym.M)), Pop)


def test_floor_map_scales_big_floors() -> None:
    assert scale_for((300, 100), (80, 48)) == 4
    assert scale_for((20, 10), (80, 48)) == 1
    codes = np.arange(12, dtype=np.int32).reshape(3, 4)
    assert reduce_blocks(codes, 2).tolist() == [[5, 7], [9, 11]]


def test_floor_map_of_a_large_floor_fits() -> None:
    game = hand_game()
    floor = game.floor
    big = np.full((150, 260), tiles.FLOOR, dtype=np.uint8)
    big[: floor.height, : floor.width] = floor.tiles
    floor.tiles = big
    floor.explored = np.ones(big.shape, dtype=np.bool_)
    floor.visible = np.zeros(big.shape, dtype=np.bool_)
    before = state_hash(game)
    text = drawn_text(FloorMapScreen(game))
    assert "scale 1:4" in text and "@" in text
    assert state_hash(game) == before


def test_level_up_choice_by_letter() -> None:
    state = play()
    state.game.hero.pending_levels = 2
    screen = LevelUpScreen(state)
    for _ in range(3):  # b b b, meant as steps south-west: highlights, never chooses
        assert screen.on_event(key(KeySym.B)) is None
    assert screen.on_event(key(KeySym.SPACE)) is None
    assert state.game.hero.level == 1 and screen.choices.index == 1
    taken = screen.keys[1]
    assert isinstance(screen.on_event(key(KeySym.RETURN)), Pop)
    assert state.game.hero.level == 2 and state.game.hero.pending_levels == 1
    assert state.game.hero.talents[-1] == taken
    screen = LevelUpScreen(state)  # the play screen opens it again: the next level's offers
    assert screen.keys == state.game.hero.offers and len(screen.keys) == 3
    screen.on_event(key(KeySym.DOWN))
    screen.on_event(key(KeySym.RETURN))
    assert state.game.hero.level == 3 and state.game.hero.pending_levels == 0
    assert state.game.turn == 0


def test_level_up_choice_by_mouse() -> None:
    state = play()
    state.game.hero.pending_levels = 1
    state.game.hero.offers = ["toughness", "might", "light_step"]
    screen = LevelUpScreen(state)
    top = screen.menu_top()
    strength = screen.keys.index("might")
    row = top + strength * BLOCK
    assert "Might" in drawn_text(screen).splitlines()[row]  # drawn where clicked
    assert "strength" in drawn_text(screen).splitlines()[row + 1], "and what it does"
    screen.on_event(motion(31, row + 1))
    assert screen.choices.index == 0  # the screen opened under a resting mouse
    screen.on_event(motion(30, row + 1))
    assert screen.choices.index == strength
    before = state.game.hero.strength
    assert isinstance(screen.on_event(click(30, row + 1)), Pop)
    assert state.game.hero.strength == before + 1


@pytest.mark.parametrize("outcome", ["dead", "won"])
def test_end_screen_summarises_and_returns_to_the_menu(outcome: str,
                                                       no_records: list[Game]) -> None:
    game = hand_game()
    game.outcome, game.cause, game.turn, game.hero.gold = Outcome(outcome), "a test", 77, 12
    session = Session(game=game)
    end = EndScreen(session)
    assert no_records == [game]
    text = drawn_text(end)
    for expected in ("Cause: a test", "Turns: 77", "Gold: 12", "Run seed: ui-test", "bsp 30x20"):
        assert expected in text
    assert ("escaped" in text) == (outcome == "won")
    assert isinstance(end.on_event(key(KeySym.V)), Push)
    result = end.on_event(key(KeySym.RETURN))
    assert isinstance(result, Reset) and isinstance(result.state, MainMenu)
    assert session.game is None


def test_game_menu_resumes_or_returns_to_the_main_menu() -> None:
    state = play()
    menu = GameMenu(state.session)
    assert isinstance(menu.on_event(key(KeySym.ESCAPE)), Pop)
    assert isinstance(menu.on_event(key(KeySym.RETURN)), Pop)
    menu.on_event(key(KeySym.DOWN))
    result = menu.on_event(key(KeySym.RETURN))
    assert isinstance(result, Reset) and isinstance(result.state, MainMenu)
    menu = GameMenu(state.session)
    assert isinstance(menu.choose(QUIT), Quit)


def test_app_runs_headless_from_menu_to_play_and_back() -> None:
    app = App(Session(seed_text="app-test"))
    app.handle(key(KeySym.RETURN))
    assert [type(state) for state in app.stack] == [MainMenu, NewGameScreen]
    app.handle(key(KeySym.RETURN))
    assert isinstance(app.stack[-1], PlayState)
    app.handle(key(KeySym.ESCAPE))
    app.draw()
    assert isinstance(app.stack[-1], GameMenu)
    app.handle(key(KeySym.DOWN))
    app.handle(key(KeySym.RETURN))
    assert isinstance(app.stack[-1], MainMenu)
    app.handle(key(KeySym.ESCAPE))
    assert not app.running


@pytest.mark.parametrize("columns", [80, 60])
def test_help_wraps_long_meanings_instead_of_cutting_them(columns: int) -> None:
    screen = HelpScreen()
    width = columns - 4
    rows = [text for text, _ in screen.lines(width)]
    assert all(len(text) <= width for text in rows)
    words = " ".join(" ".join(rows).split())
    assert "stops when a monster appears" in words, "the click line is whole, wrapped"


def test_help_names_every_map_symbol_and_no_monster_looks_like_an_item() -> None:
    from game.content.bestiary import default_bestiary
    from game.content.items import item_kinds
    from game.ui.screens.help import symbols

    shown = {glyph for glyph, _ in symbols()}
    tile_glyphs = {chr(int(g)) for g in tiles.TILES["glyph"]}  # teleporters draw as Ω
    assert tile_glyphs | {"Ω", tiles.TRAP_GLYPH} <= shown
    item_glyphs = {kind.glyph for kind in item_kinds().values()}
    assert item_glyphs <= shown
    monster_glyphs = {kind.glyph for kind in default_bestiary().kinds}
    assert not monster_glyphs & item_glyphs
    assert not monster_glyphs & tile_glyphs
