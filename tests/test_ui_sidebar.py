"""The side panel (issue 30): the hero's numbers, what is in view nearest first, hovering both
ways, every notice in the log, ten log lines at 80x45, and the run code on one footer line."""

from __future__ import annotations

from pathlib import Path

import tcod.console
from scenario import monster, scenario
from tcod.event import KeySym, MouseButton
from ui_world import hand_game, key

from game.run import FloorRecipe, Run
from game.ui.describe import describe_at, item_name
from game.ui.draw import cells
from game.ui.gallery import render_all
from game.ui.render import CURSOR_BG, panel_lines, play_camera, render_play, status_lines
from game.ui.screens.look import LookScreen
from game.ui.screens.play import UNKNOWN_KEY, PlayState
from game.ui.session import Session
from game.ui.sidebar import (
    HIGHLIGHT_BG,
    ITEM,
    LOG_ROWS,
    Entry,
    creature_state,
    entry_lines,
    footer_lines,
    in_view,
    layout,
    view_lines,
)
from game.ui.state import Push
from game.world.model import FeatureState, Game

ROOM = """
##########
#b.a..s..#
#@!.>....#
#c.......#
##########
#z.......#
##########
"""
"""The hero at (1, 2): a bat and a cat beside it, a potion one step east, an asleep ant two
away, stairs down three, an anvil five; a zombie in the room below, behind the wall."""


def room() -> Game:
    return scenario(ROOM, legend={
        "a": monster(name="ant", mode="asleep"), "b": monster(name="bat", mode="hunt"),
        "c": monster(name="cat", mode="flee"), "z": monster(name="zombie", mode="hunt"),
        "!": "potion_healing", "s": FeatureState("Anvil", "craft"),
    }).game


def draw(game: Game, width: int = 80, height: int = 50,
         mouse: tuple[int, int] | None = None) -> tcod.console.Console:
    console = tcod.console.Console(width, height, order="C")
    render_play(console, game, mouse)
    return console


def rows_of(console: tcod.console.Console) -> list[str]:
    return ["".join(chr(int(c)) for c in row) for row in cells(console)["ch"]]


# --- what is in view --------------------------------------------------------------------------


def test_in_view_lists_what_the_hero_sees_nearest_first() -> None:
    game = room()
    potion = game.floor.items[0]
    entries = in_view(game)
    assert [e.name for e in entries] == [
        "bat", "cat", item_name(game, potion), "ant", "stairs down", "anvil"]
    # at one king's-move distance: creatures by row (bat above cat), then the item
    assert [e.pos for e in entries[:3]] == [(1, 1), (1, 3), (2, 2)]
    assert "zombie" not in [e.name for e in entries]  # behind a wall: not in view


def test_each_creature_says_its_state_and_conditions() -> None:
    game = room()
    by_name = {e.name: e.actor for e in in_view(game) if e.actor is not None}
    by_name["ant"].effects["webbed"] = 3
    assert {name: creature_state(a) for name, a in by_name.items()} == {
        "bat": "hunting", "cat": "fleeing", "ant": "asleep, webbed"}


def test_entries_draw_a_name_line_and_a_health_bar_and_count_what_does_not_fit() -> None:
    game = room()
    next(m for m in game.floor.monsters if m.name == "bat").hp = 5  # half its hit points
    lines = view_lines(game, 22, 30)
    assert [line.text for line in lines[:5]] == ["In view", "  bat", " hunting", "  cat",
                                                 " fleeing"]
    assert lines[1].glyph == (ord("m"), (200, 80, 80)) and lines[2].gauge is not None
    assert lines[2].gauge[:2] == (5, 10)
    short = view_lines(game, 22, 5)
    assert [line.text for line in short] == ["In view", "  bat", " hunting", "+5 more in view"]


def test_the_hero_lines_tell_armour_to_hit_speed_stealth_and_conditions() -> None:
    game = room()
    game.player.effects["slowed"] = 4
    game.hero.food = 150
    lines = status_lines(game)
    assert lines[0].startswith("AC ") and " Hit +" in lines[0] and "Spd 10" in lines[0]
    assert lines[1].startswith("Stealth ")
    assert any("Hungry" in line and "slowed 4" in line for line in lines)


# --- hovering both ways -----------------------------------------------------------------------


def entry_row(game: Game, name: str) -> int:
    lay = layout(80, 50)
    lines = panel_lines(game, lay)
    pos = next(e.pos for e in in_view(game) if e.name == name)
    return next(row for row, line in enumerate(lines) if line.pos == pos and line.glyph)


def test_hovering_a_thing_on_the_map_lights_its_entry() -> None:
    game = room()
    ant = next(e for e in in_view(game) if e.name == "ant")
    cam = play_camera(game, 80, 50)
    row = entry_row(game, "ant")
    side = layout(80, 50).side_x + 1
    plain = cells(draw(game))["bg"][row, side + 2]
    lit = cells(draw(game, mouse=cam.to_view(*ant.pos)))["bg"][row, side + 2]
    assert tuple(plain) != HIGHLIGHT_BG and tuple(lit) == HIGHLIGHT_BG


def test_hovering_an_entry_lights_its_thing_on_the_map_and_names_it() -> None:
    game = room()
    ant = next(e for e in in_view(game) if e.name == "ant")
    cam = play_camera(game, 80, 50)
    vx, vy = cam.to_view(*ant.pos)
    side = layout(80, 50).side_x + 1
    console = draw(game, mouse=(side + 3, entry_row(game, "ant")))
    assert tuple(cells(console)["bg"][vy, vx]) == CURSOR_BG
    assert "an ant (unhurt, asleep)" in "".join(rows_of(console))
    assert tuple(cells(draw(game))["bg"][vy, vx]) != CURSOR_BG


def test_the_hover_line_names_an_item_once() -> None:
    game = room()
    name = item_name(game, game.floor.items[0])
    assert describe_at(game, 2, 2) == f"{name}, floor"


def test_clicking_an_entry_acts_on_its_thing() -> None:
    game = room()
    play = PlayState(Session(game=game))
    side = layout(80, 50).side_x + 1
    ant = next(e for e in in_view(game) if e.name == "ant")
    opened = play.on_click(side + 3, entry_row(game, "ant"), MouseButton.RIGHT)
    assert isinstance(opened, Push) and isinstance(opened.state, LookScreen)
    assert opened.state.cursor == ant.pos
    assert play.on_click(side + 3, 0, MouseButton.RIGHT) is None  # the HP bar names nothing


# --- notices ----------------------------------------------------------------------------------


def test_every_notice_and_refusal_goes_into_the_log() -> None:
    game = hand_game()
    play = PlayState(Session(game=game))
    play.on_event(key(KeySym.F9))  # bound to nothing
    play.on_event(key(KeySym.F))  # nothing to fire
    told = [m.text for m in game.messages.shown()]
    assert told[-2] == UNKNOWN_KEY
    assert told[-1] == play.notice and "fire" in play.notice.lower()


def test_a_hover_never_hides_a_notice() -> None:
    game = room()
    play = PlayState(Session(game=game))
    play.on_event(key(KeySym.F9))
    cam = play_camera(game, 80, 50)
    play.session.mouse = cam.to_view(2, 2)  # on the potion
    console = tcod.console.Console(80, 50, order="C")
    play.on_draw(console)
    text = "\n".join(rows_of(console))
    assert UNKNOWN_KEY in text and item_name(game, game.floor.items[0]) in text


# --- the log and the footer -------------------------------------------------------------------


def test_ten_log_lines_at_80x45_and_more_at_80x50() -> None:
    game = hand_game()
    for n in range(40):
        game.log(f"Message number {n}.")
    for height in (45, 50):
        lay = layout(80, height)
        shown = [row for row in rows_of(draw(game, 80, height)) if "Message number" in row]
        assert len(shown) == lay.log_rows >= LOG_ROWS
        assert "Message number 39." in shown[-1]
    assert layout(80, 50).log_rows > layout(80, 45).log_rows


def long_code_run() -> Run:
    """Five depths changed from the default plan (generator and size) on a fresh seed of the
    old, longer kind: a 67-character code."""
    recipes = tuple(FloorRecipe(r.depth, "maze", r.width + 7, r.height + 3) if r.depth <= 5
                    else r for r in Run("amber-fox-12").recipes)
    return Run("amber-fox-12", recipes)


def test_the_run_code_is_one_footer_line() -> None:
    for run in (Run("hello"), Run.from_plan("hello", "1-2:bsp,3:power,4:cave,5:tables("
                                           "ruleset=3.5),6:maze(stamp=42),7-10:random"),
                long_code_run()):
        game = hand_game()
        game.run = run
        assert len(run.code) <= 67
        footer = footer_lines(game, 78)
        assert len(footer) == 1 and f"Code {run.code}" in footer[0]
        assert f"Code {run.code}" in rows_of(draw(game, 80, 45))[-1]
    assert len(long_code_run().code) == 67


def test_a_code_longer_than_the_width_breaks_whole_and_keeps_the_log() -> None:
    game = hand_game()
    game.run = Run("the seed a friend typed to name the run they shared")
    footer = footer_lines(game, 78)
    assert len(footer) == 2 and "".join(line.strip() for line in footer) == (
        f"Code {game.run.code}")
    rows = rows_of(draw(game, 80, 45))
    assert [row[1:].rstrip() for row in rows[-2:]] == footer


def test_a_long_name_wraps_in_its_entry_never_cut() -> None:
    name = "scroll of a very long name that cannot fit the panel"
    lines = entry_lines(Entry((3, 4), ord("?"), (200, 200, 200), name, ITEM), 22)
    assert all(len(line.text) <= 22 and line.pos == (3, 4) for line in lines)
    assert " ".join(line.text.strip() for line in lines) == name


def test_the_sidebar_shot_has_no_cut_at_80x45_nor_80x50(tmp_path: Path) -> None:
    for height in (45, 50):
        pictures = render_all(tmp_path / str(height), 80, height, ["sidebar", "play"])
        assert [(p.name, p.cuts) for p in pictures if p.cuts] == []
        text = pictures[0].text
        assert "In view" in text and "asleep" in text and "unaware, webbed" in text
