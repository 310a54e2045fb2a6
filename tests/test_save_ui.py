"""Saves in the interface: Continue, autosaves, saving on quit and on closing the window, the
save deleted when the run ends, problems shown (never raised), and an action that raises undone."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
import tcod.console
import tcod.event
from save_games import played
from tcod.event import KeySym
from ui_world import hand_game, key

from game.ai import monsters
from game.save.store import SaveSlot, read_save
from game.ui import saves
from game.ui.app import App
from game.ui.draw import cells
from game.ui.screens.gamemenu import MAIN_MENU, GameMenu
from game.ui.screens.menu import CONTINUE, MainMenu
from game.ui.screens.play import PlayState
from game.ui.session import Session
from game.ui.state import Reset, State, draw_stack
from game.userfiles import data_dir
from game.world.kinds import Outcome
from game.world.model import Game
from game.world.serial import state_hash


def drawn_text(state: State) -> str:
    console = tcod.console.Console(80, 50, order="C")
    draw_stack([state], console)
    return "\n".join("".join(chr(int(c)) for c in row) for row in cells(console)["ch"])


def old_slot() -> Path:
    """The single save file of earlier versions."""
    return data_dir() / "save.delve"


def save_path() -> Path:
    """The one run's save in the data directory (each run saves to a file of its own)."""
    files = sorted(data_dir().glob("*.delve"))
    assert len(files) == 1, files
    return files[0]


def play(game: Game | None = None) -> PlayState:
    return PlayState(Session(game=game or hand_game()))


def full(handle: int, data: object) -> int:
    """os.write on a full disk."""
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


# --- continue -----------------------------------------------------------------------------------


def test_continue_plays_the_saved_run() -> None:
    game = played("ui", 40)
    assert saves.saves_exist() and saves.save_run(game)
    menu = MainMenu(Session())
    assert menu.choices.enabled(CONTINUE) and menu.error == ""
    result = menu.choose(CONTINUE)
    assert isinstance(result, Reset) and isinstance(result.state, PlayState)
    assert state_hash(result.state.game) == state_hash(game)


def test_a_damaged_save_is_explained_in_the_menu_and_left_alone() -> None:
    old_slot().parent.mkdir(parents=True, exist_ok=True)
    old_slot().write_bytes(b"\x80\x04junk")
    menu = MainMenu(Session())
    assert not menu.choices.enabled(CONTINUE)
    assert "The save save.delve is damaged" in menu.error and "cannot be loaded" in menu.error
    assert "not a Delve save" in drawn_text(menu)
    assert old_slot().read_bytes() == b"\x80\x04junk"


def test_a_pickle_in_place_of_the_save_never_runs(tmp_path: Path) -> None:
    from test_save_format import pickle_payloads

    marker = tmp_path / "fired"
    old_slot().parent.mkdir(parents=True, exist_ok=True)
    for payload in pickle_payloads(marker):
        old_slot().write_bytes(payload)
        menu = MainMenu(Session())
        assert not menu.choices.enabled(CONTINUE) and "is damaged" in menu.error
    assert not marker.exists()


def test_a_damaged_save_falls_back_to_the_backup_and_says_so() -> None:
    older, newer = played("ui", 20), played("ui", 40)
    assert saves.save_run(older)
    saves.carry_over(older, newer)  # the same run, later on
    assert saves.save_run(newer)
    save_path().write_bytes(save_path().read_bytes()[:300])
    menu = MainMenu(Session())
    assert menu.choices.enabled(CONTINUE) and menu.choices.index == CONTINUE
    assert "is damaged" in menu.error and "continuing from its backup" in menu.error
    result = menu.choose(CONTINUE)
    assert isinstance(result, Reset) and isinstance(result.state, PlayState)
    assert state_hash(result.state.game) == state_hash(older)
    assert "continuing from the backup" in result.state.notice


def test_another_running_game_turns_saving_off() -> None:
    other = SaveSlot(data_dir())
    theirs = played("ui", 20)
    other.save(theirs)
    try:
        menu = MainMenu(Session())
        assert not menu.choices.enabled(CONTINUE)
        assert "another Delve (process" in menu.error
        assert not saves.saves_exist()
        assert GameMenu(Session(game=hand_game())).choices.labels[MAIN_MENU].startswith("Abandon")
        assert not saves.save_run(hand_game())
        assert state_hash(read_save(old_slot()).game) == state_hash(theirs)
    finally:
        other.release()


def test_save_dir_moves_the_saves(tmp_path: Path) -> None:
    saves.configure(tmp_path / "elsewhere", 100)
    assert saves.save_run(hand_game())
    assert len(list((tmp_path / "elsewhere").glob("*.delve"))) == 1
    assert not list(data_dir().glob("*.delve"))


# --- when the game saves ------------------------------------------------------------------------


def test_autosave_on_a_floor_change() -> None:
    game = played("ui", 0)
    stairs = game.floor.exits[0]
    game.floor.monsters.clear()
    game.player.x, game.player.y = stairs
    state = play(game)
    state.on_event(key(KeySym.PERIOD, tcod.event.Modifier.SHIFT))
    assert game.depth == 2
    assert read_save(save_path()).game.depth == 2


def test_autosave_every_n_turns() -> None:
    saves.configure(None, 5)
    state = play()
    for _ in range(4):
        state.on_event(key(KeySym.KP_5))
    assert state.game.turn == 4 and not list(data_dir().glob("*.delve"))
    state.on_event(key(KeySym.KP_5))
    assert read_save(save_path()).game.turn == 5


def test_a_full_disk_is_shown_and_play_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    saves.configure(None, 2)
    state = play()
    for _ in range(2):
        state.on_event(key(KeySym.KP_5))
    kept = save_path().read_bytes()
    with monkeypatch.context() as patch:
        patch.setattr(os, "write", full)
        for _ in range(2):
            state.on_event(key(KeySym.KP_5))
        assert state.notice == "Not saved (No space left on device): the previous save is kept."
        state.on_event(key(KeySym.KP_5))
    assert state.game.turn == 5
    assert save_path().read_bytes() == kept
    recording = save_path().with_suffix(".replay").name  # written before the save; a load
    assert sorted(p.name for p in data_dir().iterdir()) == sorted(  # cuts it back to the save
        [save_path().name, recording, "save.lock"])


def test_save_and_quit_from_the_game_menu(monkeypatch: pytest.MonkeyPatch) -> None:
    game = played("ui", 30)
    menu = GameMenu(Session(game=game))
    assert menu.choices.labels[MAIN_MENU] == "Save and quit to the main menu"
    with monkeypatch.context() as patch:
        patch.setattr(os, "write", full)
        assert menu.choose(MAIN_MENU) is None  # not saved: stay, and say so
    text = drawn_text(menu)
    assert "Not saved (No space left on device)" in text and "Choose again" in text
    assert isinstance(menu.choose(MAIN_MENU), Reset)
    assert state_hash(read_save(save_path()).game) == state_hash(game)


def test_closing_the_window_saves_the_run_in_play() -> None:
    game = played("ui", 30)
    app = App(Session(game=game))
    app.handle(tcod.event.Quit())
    assert not app.running
    assert state_hash(read_save(save_path()).game) == state_hash(game)


def test_closing_the_window_in_the_menu_saves_nothing() -> None:
    app = App(Session())
    app.handle(tcod.event.Quit())
    assert not list(data_dir().glob("*.delve"))


def test_the_end_of_the_run_deletes_its_save_and_keeps_the_morgue() -> None:
    game, other = played("ui", 30), played("ui", 10)
    assert saves.save_run(other) and saves.save_run(game) and saves.save_run(game)
    files = sorted(data_dir().glob("*.delve*"))
    assert len(files) == 3  # two runs, and the backup of the one saved twice
    game.outcome, game.cause = Outcome.DEAD, "tests"
    line = saves.record_run_end(game)
    assert "recorded" in line
    assert state_hash(read_save(save_path()).game) == state_hash(other)  # another run: kept
    assert sorted(data_dir().glob("*.delve*")) == [save_path()]
    morgue = sorted(path.suffix for path in (data_dir() / "morgue").iterdir())
    assert morgue == [".replay", ".txt"]  # the morgue file and the run's recording


def test_the_end_of_another_run_keeps_the_save() -> None:
    assert saves.save_run(played("ui", 30))
    stranger = played("someone else", 10)
    stranger.outcome = Outcome.DEAD
    saves.record_run_end(stranger)
    assert read_save(save_path()).game.run.seed == "ui"


# --- an action that raises is undone ------------------------------------------------------------


def test_an_exception_inside_an_action_is_undone(monkeypatch: pytest.MonkeyPatch) -> None:
    state = play()
    before = state_hash(state.game)

    def broken(game: Game) -> None:
        game.player.hp -= 5  # half a turn applied ...
        raise RuntimeError("a rule went wrong")  # ... then the rule fails

    with monkeypatch.context() as patch:
        patch.setattr(monsters, "take_turns", broken)
        state.on_event(key(KeySym.L))
    assert state_hash(state.game) == before  # the move and the damage are both undone
    assert state.session.game is state.game
    assert state.last_result is None
    assert state.notice.startswith("That action failed (RuntimeError) and was undone; crash"
                                   " report: ")
    reports = list((data_dir() / "crashes").iterdir())
    assert len(reports) == 1
    text = reports[0].read_text()
    assert "a rule went wrong" in text and "Move(dx=1, dy=0)" in text and "Traceback" in text
    state.on_event(key(KeySym.L))
    assert state.game.player.pos == (4, 2) and state.game.turn == 1


def test_an_exception_while_travelling_is_undone(monkeypatch: pytest.MonkeyPatch) -> None:
    state = play()
    state.game.floor.explored[:] = True
    state.click_move((8, 2))
    assert state.activity is not None
    state.on_tick()
    before = state_hash(state.game)

    def broken(game: Game) -> None:
        game.turn += 10
        raise KeyError("lost")

    monkeypatch.setattr(monsters, "take_turns", broken)
    state.on_tick()
    assert state_hash(state.game) == before
    assert not state.stop()  # the travel was stopped too
    assert "(KeyError) and was undone" in state.notice


def test_a_crash_report_that_cannot_be_written_still_undoes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = play()
    before = state_hash(state.game)
    monkeypatch.setattr(monsters, "take_turns", lambda game: 1 / 0)
    monkeypatch.setattr(os, "write", full)
    state.on_event(key(KeySym.KP_5))
    assert state_hash(state.game) == before
    assert "no crash report could be written (No space left on device)" in state.notice
