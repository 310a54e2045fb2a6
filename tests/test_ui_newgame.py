"""The New game screen and the run code on screen: the plan per depth, the parameter editor, the
seed, the daily run and pasted codes; the code in the panel, the character sheet, the pause menu,
the end screen and the high scores. Driven by synthetic key events, no window."""

from __future__ import annotations

from pathlib import Path

import pytest
import tcod.console
from tcod.event import KeySym, Modifier
from ui_world import click, hand_game, key, motion

from game import generators
from game.morgue import Score, save_scores
from game.run import FloorRecipe, Run, daily_seed, default_recipes
from game.run.recipe import RANDOM
from game.run.recipes import DEFAULT_SIZES
from game.ui import clipboard, recipe_rows, saves
from game.ui.draw import cells
from game.ui.render import render_play
from game.ui.screens.character import CharacterScreen
from game.ui.screens.end import EndScreen
from game.ui.screens.gamemenu import GameMenu
from game.ui.screens.newgame import (
    BACKGROUND,
    CODE,
    DAILY,
    FIRST_DEPTH,
    SEED,
    START,
    NewGameScreen,
)
from game.ui.screens.params import ParamEditor
from game.ui.screens.play import PlayState
from game.ui.screens.scores import ScoresScreen
from game.ui.session import SEED_WORDS, Session, fresh_seed, rows_of
from game.ui.sidebar import code_lines
from game.ui.state import BaseState, Pop, Push, Reset, Transition, draw_stack
from game.version import RULES_VERSION
from game.world.dungeon import new_game
from game.world.kinds import Outcome
from game.world.model import Game
from game.world.serial import state_hash

SMALL = (FloorRecipe(1, "bsp", 40, 30), FloorRecipe(2, "cave", 40, 30),
         FloorRecipe(3, "maze", 31, 21))


@pytest.fixture(autouse=True)
def no_records(monkeypatch: pytest.MonkeyPatch) -> None:
    """The end screen records runs (morgue, scores): not from tests."""
    monkeypatch.setattr(saves, "record_run_end", lambda game: "")


def screen(seed: str = "new-test", plan: tuple[FloorRecipe, ...] = SMALL) -> NewGameScreen:
    return NewGameScreen(Session(seed_text=seed, recipes=rows_of(plan)))


def text_of(state: BaseState, width: int = 80, height: int = 50) -> str:
    console = tcod.console.Console(width, height)
    draw_stack([state], console)
    return "\n".join("".join(chr(int(c)) for c in row) for row in cells(console)["ch"])


def press(state: BaseState, *syms: KeySym, mod: Modifier = Modifier.NONE) -> Transition | None:
    result = None
    for sym in syms:
        result = state.on_event(key(sym, mod))
    return result


def type_text(state: BaseState, text: str) -> None:
    for char in text:
        if char == "-":
            press(state, KeySym.MINUS)
        elif char.isupper():
            press(state, KeySym(ord(char.lower())), mod=Modifier.SHIFT)
        else:
            press(state, KeySym(ord(char)))


def select(state: NewGameScreen, row: int) -> None:
    while state.index != row:
        press(state, KeySym.DOWN)


def started(result: Transition | None) -> Game:
    assert isinstance(result, Reset) and isinstance(result.state, PlayState)
    return result.state.game


# --- the plan ------------------------------------------------------------------------------------


def test_cycling_a_generator_changes_that_depths_recipe() -> None:
    state = screen()
    select(state, FIRST_DEPTH + 1)
    names = recipe_rows.choices()
    press(state, KeySym.RIGHT)
    assert state.session.recipes[1].generator == names[(names.index("cave") + 1) % len(names)]
    press(state, KeySym.LEFT, KeySym.LEFT)
    assert state.session.recipes[1].generator == names[names.index("cave") - 1]
    for _ in range(len(names)):
        press(state, KeySym.RIGHT)  # a full turn of the wheel
    assert state.session.recipes[1].generator == names[names.index("cave") - 1]
    assert [row.generator for row in state.session.recipes][::2] == ["bsp", "maze"]
    chosen = state.session.recipes[1].generator
    game = started(state.activate(START))
    assert [r.generator for r in game.run.recipes] == ["bsp", chosen, "maze"]
    assert game.run.seed == "new-test"


def test_a_random_row_resolves_through_the_run_plan() -> None:
    state = screen()
    select(state, FIRST_DEPTH + 2)
    while state.session.recipes[2].generator != RANDOM:
        press(state, KeySym.RIGHT)
    assert "<  random  >  usual size" in text_of(state)
    game = started(state.activate(START))
    assert game.run == Run.from_plan("new-test", "1:bsp@40x30,2:cave@40x30,3:random")
    assert state_hash(new_game(Run.from_code(game.run.code))) == state_hash(game)


def test_cycle_takes_the_usual_size_and_only_parameters_that_fit() -> None:
    row = recipe_rows.Row(3, 3, "tables", (20, 20), (("cleanup", "false"), ("ruleset", "3.5")))
    seen = []
    for _ in recipe_rows.choices():
        row = recipe_rows.cycle(row, 1)
        seen.append(row.generator)
        if row.generator == RANDOM:
            assert row.size is None, "the drawn generator's own size"
        else:
            assert row.size == recipe_rows.usual_size(3, row.generator)
            width, height = recipe_rows.minimum_size(row.generator)
            assert row.size is not None and row.size[0] >= width and row.size[1] >= height
        assert row.params == (("ruleset", "3.5"),)  # every floor takes a ruleset, not cleanup
        assert (row.first, row.last) == (3, 3)
    leafy = recipe_rows.Row(1, 1, "bsp", (40, 30), (("leaf", "9"),))
    assert recipe_rows.cycle(leafy, 1).params == ()
    assert sorted(seen) == sorted(recipe_rows.choices())
    assert recipe_rows.minimum_size("random") == (24, 20)  # tables needs 24 wide


PLAN_SEEDS = ("hello", "ivy-7", "amber-12", "cinder-999", "lantern-willow-99")
"""The gallery's seed (its one-depth change made a 58-character code), fresh seeds of a short,
a middling and the longest length, and a long typed seed (within 5 characters, not 40)."""


LONGEST_FRESH_SEED = max(len(f"{word}-999") for word in SEED_WORDS)


def test_fresh_seeds_are_a_word_and_a_number_no_longer_than_the_code_allows() -> None:
    seeds = {fresh_seed() for _ in range(200)}
    assert len(seeds) > 150
    for seed in seeds:
        word, number = seed.split("-")
        assert word in SEED_WORDS and 0 <= int(number) < 1000
        assert len(seed) <= LONGEST_FRESH_SEED == len("cinder-999")


@pytest.mark.parametrize("seed", PLAN_SEEDS)
def test_a_one_depth_change_keeps_the_code_short(seed: str) -> None:
    """Changing one depth's generator kept the old size, so every depth's size went into the
    code: 24 characters grew to 58. Every generator at every depth of the default plan now
    adds at most 5 characters (4 letters and a hyphen) to the default plan's code (at most 40
    for the gallery's seed), and the code plays back the same run."""
    rows = rows_of(default_recipes())
    usual = len(Run.from_entries(seed, rows, False).code)
    for depth in range(len(rows)):
        for name in recipe_rows.choices():
            if name == rows[depth].generator:
                continue
            row = rows[depth]
            while row.generator != name:
                row = recipe_rows.cycle(row, 1)
            run = Run.from_entries(seed, (*rows[:depth], row, *rows[depth + 1:]))
            assert len(run.code) <= usual + 5, (depth + 1, name, run.code)
            if len(seed) <= LONGEST_FRESH_SEED:
                assert len(run.code) <= 40, (depth + 1, name, run.code)
            assert Run.from_code(run.code) == run


def test_depths_are_added_removed_and_resized() -> None:
    state = screen()
    select(state, FIRST_DEPTH)
    press(state, KeySym.A)
    assert [r.generator for r in state.session.recipes] == ["bsp", "bsp", "cave", "maze"]
    assert [r.first for r in state.session.recipes] == [1, 2, 3, 4]
    assert state.index == FIRST_DEPTH + 1
    press(state, KeySym.RIGHTBRACKET)
    assert state.session.recipes[1].size == (50, 35)
    for _ in range(100):
        press(state, KeySym.LEFTBRACKET)
    assert state.session.recipes[1].size == (20, 20)  # a run's smallest side
    press(state, KeySym.X)
    press(state, KeySym.DELETE)
    assert [r.generator for r in state.session.recipes] == ["bsp", "maze"]
    select(state, FIRST_DEPTH)
    press(state, KeySym.X, KeySym.X, KeySym.X)
    assert len(state.session.recipes) == 1  # a plan keeps one depth
    select(state, state.reset_row)
    press(state, KeySym.RETURN)
    assert len(state.session.recipes) == 10


def test_a_long_plan_scrolls_with_the_selection() -> None:
    state = screen()
    select(state, FIRST_DEPTH)
    for _ in range(60):
        press(state, KeySym.A)
    assert len(state.session.recipes) == 63
    text = text_of(state)
    assert "of 63" in text and "Depth 61" in text and "Depth  1 " not in text


def test_mouse_selects_and_clicks_rows() -> None:
    state = screen()
    text_of(state)  # drawing lays the rows out
    y = next(y for y, row in state.rows_at.items() if row == DAILY)
    state.on_event(motion(20, y))
    assert state.index == DAILY
    state.on_event(click(20, y))
    assert state.session.daily
    state.on_event(motion(20, 0))
    assert state.index == DAILY


# --- the parameter editor ------------------------------------------------------------------------


def editor_on(generator: str) -> tuple[NewGameScreen, ParamEditor]:
    state = screen(plan=(FloorRecipe(1, generator, 60, 40),))
    select(state, FIRST_DEPTH)
    result = press(state, KeySym.RETURN)
    assert isinstance(result, Push) and isinstance(result.state, ParamEditor)
    return state, result.state


def choose(editor: ParamEditor, name: str) -> None:
    while editor.current().name != name:
        press(editor, KeySym.DOWN)


def test_the_editor_lists_the_generator_and_dressing_parameters_with_values() -> None:
    _, editor = editor_on("cave")
    names = [p.name for p in editor.params()]
    own = [p.name for p in generators.get("cave").params]
    assert names == ["width", "height", *own, "ruleset", "boss", "party"]
    text = text_of(editor)
    assert "fill" in text and "0.43" in text and "60" in text and "last floor" in text
    _, tables = editor_on("tables")
    assert [p.name for p in tables.params()].count("ruleset") == 1


def test_the_boss_and_party_are_set_by_the_game_but_any_floor_takes_a_ruleset() -> None:
    state, editor = editor_on("cave")
    choose(editor, "boss")
    assert "Set by the game" in text_of(editor)
    press(editor, KeySym.RIGHT)
    assert editor.error.startswith("boss is set by the game")
    assert not state.session.recipes[0].params
    choose(editor, "ruleset")
    press(editor, KeySym.RIGHT)
    assert editor.error == "" and dict(state.session.recipes[0].params)["ruleset"] == "3.5"
    started(NewGameScreen(state.session).activate(START))
    _, tables = editor_on("tables")
    choose(tables, "ruleset")
    press(tables, KeySym.RIGHT)  # a tables floor's own ruleset
    assert tables.error == "" and dict(tables.session.recipes[0].params)["ruleset"] == "3.5"
    started(NewGameScreen(tables.session).activate(START))


def test_the_editor_rejects_a_bad_value_with_its_message() -> None:
    state, editor = editor_on("cave")
    choose(editor, "fill")
    type_text(editor, "0.9")
    assert "0.9_" in text_of(editor)
    press(editor, KeySym.RETURN)
    assert editor.error == "parameter fill: 0.9 is outside 0.3..0.55"
    assert editor.error in text_of(editor)
    assert not state.session.recipes[0].params  # not applied
    press(editor, KeySym.BACKSPACE)  # the refused text stays, to be corrected
    type_text(editor, "5")
    press(editor, KeySym.RETURN)
    assert state.session.recipes[0].params == (("fill", "0.5"),) and editor.error == ""
    choose(editor, "width")
    type_text(editor, "10")
    press(editor, KeySym.RETURN)
    assert "outside 20..400" in editor.error and state.session.recipes[0].size == (60, 40)


def test_left_and_right_step_values_and_delete_restores_the_default() -> None:
    state, editor = editor_on("maze")
    choose(editor, "perfect")
    press(editor, KeySym.RIGHT)
    assert dict(state.session.recipes[0].params) == {"perfect": "false"}
    choose(editor, "loop_fraction")
    press(editor, KeySym.RIGHT, KeySym.RIGHT)
    assert dict(state.session.recipes[0].params)["loop_fraction"] == "0.2"
    press(editor, KeySym.DELETE)
    assert "loop_fraction" not in dict(state.session.recipes[0].params)
    choose(editor, "stamp")
    press(editor, KeySym.RIGHT)  # free text is only typed
    assert "stamp" not in dict(state.session.recipes[0].params)
    type_text(editor, "HI")  # "42" is the default, so it would not be stored
    press(editor, KeySym.RETURN)
    assert dict(state.session.recipes[0].params)["stamp"] == "HI"
    choose(editor, "height")
    press(editor, KeySym.LEFT)
    assert state.session.recipes[0].size == (60, 39)
    press(editor, KeySym.DELETE)
    assert state.session.recipes[0].size == (60, DEFAULT_SIZES["maze"][1])
    assert isinstance(press(editor, KeySym.ESCAPE), Pop)
    assert "2 parameters set" in state.label(FIRST_DEPTH)
    game = started(state.activate(START))
    assert dict(game.run.recipes[0].params)["perfect"] == "false"


def test_escape_drops_a_typed_value_before_closing() -> None:
    state, editor = editor_on("bsp")
    choose(editor, "leaf")
    type_text(editor, "12")
    assert press(editor, KeySym.ESCAPE) is None and editor.typed is None
    assert state.session.recipes[0].params == ()
    assert isinstance(press(editor, KeySym.ESCAPE), Pop)


# --- the seed and the daily run ------------------------------------------------------------------


def test_the_seed_is_typed_or_rolled() -> None:
    state = screen(seed="ab")
    select(state, SEED)
    type_text(state, "c-7Q")
    assert state.session.seed_text == "abc-7Q"
    press(state, KeySym.BACKSPACE)
    assert state.session.seed_text == "abc-7"
    press(state, KeySym.RETURN)
    assert state.session.seed_text not in ("abc-7", "")  # Enter rolls a fresh seed


def test_start_twice_does_not_replay_the_last_run_unasked() -> None:
    """The New game screen offered the last run's seed, so Start twice replayed the same
    dungeon. Each visit after a run offers a fresh seed; a typed seed and the daily one still
    start what they name."""
    state = screen(seed="typed")
    first = started(state.activate(START))
    assert first.run.seed == "typed", "a typed seed plays"
    session = state.session
    session.game = None  # the run ended
    again = NewGameScreen(session)
    assert session.seed_text != "typed"
    second = started(again.activate(START))
    assert second.run.seed not in ("typed", "")
    session.game = None
    third = NewGameScreen(session)
    assert session.seed_text != second.run.seed
    select(third, DAILY)
    press(third, KeySym.RETURN)
    assert started(third.activate(START)).run.seed == daily_seed()
    session.game = None
    NewGameScreen(session)
    assert session.daily and session.seed_text == daily_seed(), "the daily run stays daily"


def test_the_daily_toggle_sets_the_daily_seed() -> None:
    state = screen(seed="mine")
    select(state, DAILY)
    press(state, KeySym.RETURN)
    assert state.session.daily and state.session.seed_text == daily_seed()
    assert "Daily run: yes" in text_of(state)
    select(state, SEED)
    type_text(state, "x")
    assert state.session.seed_text == daily_seed() and "fixed seed" in state.notice.text
    game = started(state.activate(START))
    assert game.run.is_daily and game.run.seed == daily_seed()
    assert Run.from_code(game.run.code).is_daily
    state = screen(seed="mine")
    select(state, DAILY)
    press(state, KeySym.RIGHT, KeySym.LEFT)
    assert not state.session.daily and state.session.seed_text == "mine"


# --- run codes -----------------------------------------------------------------------------------


def test_pasting_a_good_code_starts_that_exact_run(monkeypatch: pytest.MonkeyPatch) -> None:
    code = Run.from_plan("shared", "1:cave@40x30,2:maze(stamp=HI)").code
    monkeypatch.setattr(clipboard, "paste", lambda: f"  {code.lower()}\n")
    state = screen()
    press(state, KeySym.V, mod=Modifier.CTRL)
    assert state.index == CODE and state.code_text == code.lower()
    assert "Seed 'shared', 2 floors" in state.notice.text
    game = started(press(state, KeySym.RETURN))
    assert state_hash(game) == state_hash(new_game(Run.from_code(code)))
    session = state.session
    assert (session.seed_text, session.daily, len(session.recipes)) == ("shared", False, 2)


def test_a_typed_code_plays_too() -> None:
    reference = new_game(Run("typed", SMALL))
    state = screen()
    select(state, CODE)
    type_text(state, reference.run.code)
    assert state_hash(started(press(state, KeySym.RETURN))) == state_hash(reference)


@pytest.mark.parametrize(("code", "message"), [
    (f"D{RULES_VERSION}-ZZZZZ", "run code: too short"),
    (f"D{RULES_VERSION}-ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ", "run code: the checksum does not match"),
    ("D99-ABCDE", "run code: made for rules version 99"),
    ("hello", "run code: expected it to start with D<version>-"),
    ("", "Type or paste a run code first."),
])
def test_a_bad_code_shows_its_error(code: str, message: str) -> None:
    state = screen()
    select(state, CODE)
    type_text(state, code)
    assert press(state, KeySym.RETURN) is None
    assert state.notice.text.startswith(message)
    assert message in text_of(state).replace("\n", " ") or len(message) > 60


def test_a_bad_pasted_code_is_refused_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    good = new_game(Run("x", SMALL)).run.code
    mistyped = good[:-1] + ("0" if good[-1] != "0" else "1")
    monkeypatch.setattr(clipboard, "paste", lambda: mistyped)
    state = screen()
    press(state, KeySym.V, mod=Modifier.CTRL)
    assert state.notice.text.startswith("run code: the checksum does not match")


def test_paste_without_a_clipboard_says_why() -> None:
    state = screen()  # no window: SDL's video subsystem is not running
    press(state, KeySym.V, mod=Modifier.CTRL)
    assert state.notice.text.startswith("Could not paste:")


# --- the code on other screens -------------------------------------------------------------------


def test_code_lines_break_after_whole_groups() -> None:
    code = "D1-ABCDE-FGHJK-MNPQR-STVWX"
    assert code_lines(code, 40) == [f"Code {code}"]
    assert code_lines(code, 20) == ["Code D1-ABCDE-FGHJK-", "     MNPQR-STVWX"]


def test_the_panel_and_character_sheet_show_the_code() -> None:
    game = hand_game()
    console = tcod.console.Console(80, 50)
    render_play(console, game)
    footer = "".join(chr(int(c)) for c in cells(console)["ch"][-1])
    assert f"Code {game.run.code}" in footer, "the whole code, on the footer's one line"
    sheet = text_of(CharacterScreen(game)).replace("\n", "")
    assert game.run.code in sheet.replace(" ", "")


def test_the_pause_menu_shows_and_copies_the_code(monkeypatch: pytest.MonkeyPatch) -> None:
    game = hand_game()
    menu = GameMenu(Session(game=game))
    assert game.run.code[:20] in text_of(menu)
    copied: list[str] = []
    monkeypatch.setattr(clipboard, "copy", copied.append)
    assert press(menu, KeySym.C) is None
    assert copied == [game.run.code] and "Run code copied to the clipboard." in text_of(menu)


def test_copy_failure_shows_the_reason() -> None:
    game = hand_game()
    menu = GameMenu(Session(game=game))
    press(menu, KeySym.C)  # no window: the clipboard refuses
    assert menu.copied.startswith("Could not copy:")


@pytest.mark.parametrize("outcome", ["dead", "won"])
def test_the_end_screen_shows_and_copies_the_code(outcome: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game(Run("end-code", SMALL, is_daily=True))
    game.outcome = Outcome(outcome)
    end = EndScreen(Session(game=game))
    text = text_of(end).replace("\n", "")
    assert "(daily run)" in text and "Run code:" in text
    copied: list[str] = []
    monkeypatch.setattr(clipboard, "copy", copied.append)
    press(end, KeySym.C)
    assert copied == [game.run.code]


def test_high_scores_rank_daily_runs_apart(tmp_path: Path) -> None:
    save_scores([
        Score(900, "plain-seed", Outcome.DEAD, "", 3, 400, 2, 0, 9, "t", "D1-PLAIN"),
        Score(50, "daily-2026-01-01", Outcome.WON, "", 10, 900, 5, 0, 1, "t", "D1-DAILY", True),
        Score(40, "old-seed", Outcome.DEAD, "", 1, 40, 1, 0, 1, "t"),
    ], tmp_path)
    text = text_of(ScoresScreen(tmp_path))
    runs, daily = text.split("Daily runs")
    assert "plain-seed" in runs and "old-seed" in runs and "D1-PLAIN" in runs
    assert "daily-2026-01-01" in daily and "D1-DAILY" in daily and "plain-seed" not in daily
    empty = text_of(ScoresScreen(tmp_path / "none"))
    assert empty.count("none yet") == 2


# --- the background ------------------------------------------------------------------------------


def test_the_background_is_chosen_on_its_row_and_makes_the_hero() -> None:
    state = screen()
    assert state.session.background == "fighter" and "Fighter" in text_of(state)
    select(state, BACKGROUND)
    press(state, KeySym.RIGHT)
    assert state.session.background == "skirmisher"
    press(state, KeySym.LEFT, KeySym.LEFT)  # round past the first to the last
    assert state.session.background == "mystic"
    press(state, KeySym.RETURN)  # Enter steps on too
    assert state.session.background == "fighter"
    press(state, KeySym.RIGHT, KeySym.RIGHT)
    shown = text_of(state)
    assert "Background: Archer" in shown and "30 arrows" in shown
    assert "Signature talent: Pinning shot" in shown and "HP 44" in shown
    game = started(state.activate(START))
    assert game.hero.background == "archer" and game.hero.talents == ["pinning_shot"]
    assert any(item.kind == "short_bow" for item in game.hero.inventory)


def test_a_click_on_a_backgrounds_name_chooses_it() -> None:
    state = screen()
    text_of(state)
    x, y, _ = next(spot for spot, chip in state.chips_at.items() if chip == "mystic")
    state.on_event(click(x + 1, y))
    assert (state.session.background, state.index) == ("mystic", BACKGROUND)
    assert "wand of striking" in text_of(state)


def test_the_background_does_not_change_the_dungeon_or_a_pasted_code() -> None:
    games = []
    for chosen in ("fighter", "mystic"):
        state = screen("same-floors")
        state.session.background = chosen
        games.append(started(state.activate(START)))
    assert games[0].run.code == games[1].run.code
    assert games[0].floor.fingerprint == games[1].floor.fingerprint
    assert (games[0].hero.background, games[1].hero.background) == ("fighter", "mystic")
    state = screen()
    state.session.background = "skirmisher"
    state.code_text = games[0].run.code
    game = started(state.start_code())
    assert game.hero.background == "skirmisher" and game.run.code == games[0].run.code


def test_every_backgrounds_card_fits_its_box() -> None:
    from game.codex_backgrounds import kit_names
    from game.content.backgrounds import default_backgrounds
    from game.ui.draw import wrap
    from game.ui.screens.newgame import WIDTH

    for background in default_backgrounds():
        assert len(wrap(background.text, WIDTH)) <= 3, background.key
        assert len(wrap("Kit: " + ", ".join(kit_names(background)), WIDTH)) <= 3, background.key
