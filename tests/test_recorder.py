"""Every game recorded (issue 31): a run's recording grows beside its save, is taken up again
when the save is loaded (cut back when a crash left it ahead), goes beside the morgue when the
run ends, and plays back identically; `games` and Past games list the finished runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from save_games import RECIPES
from tcod.event import KeySym
from ui_world import key

from game import recorder
from game.bot.autoplay import ACTIONS_PER_TURN
from game.bot.policy import Bot
from game.cli import main
from game.pastgames import past_games
from game.replay import Recording, ReplayError, read, verify
from game.run import Run
from game.ui import saves
from game.ui.screens.pastgames import MorgueScreen, PastGamesScreen
from game.ui.screens.replay import KEYFRAME, ReplayState
from game.ui.session import Session
from game.ui.state import Push
from game.userfiles import data_dir
from game.world.dungeon import new_game
from game.world.kinds import Outcome
from game.world.model import Game
from game.world.serial import state_hash


def bot_game(seed: str = "rec", turns: int = 40, game: Game | None = None) -> Game:
    """A run played by the bot as a player would: every change through player_act."""
    game = game or new_game(Run(seed, RECIPES))
    bot, until = Bot(), game.turn + turns
    for _ in range(ACTIONS_PER_TURN * turns + 100):
        if game.turn >= until or game.outcome:
            break
        bot.act(game)
    return game


def save_file() -> Path:
    (path,) = sorted(data_dir().glob("*.delve"))
    return path


def test_a_saved_run_has_a_recording_beside_it_that_plays_back() -> None:
    game = bot_game()
    assert game.actions and saves.save_run(game)
    recording = read(recorder.beside(save_file()))
    assert [action for action, _ in recording.steps] == game.actions
    assert [digest is not None for _, digest in recording.steps].count(True) == 1
    assert recording.steps[-1][1] == state_hash(game)
    assert verify(recording) is None


def test_loading_takes_the_recording_up_and_saving_goes_on_with_it() -> None:
    game = bot_game()
    assert saves.save_run(game)
    first = len(game.actions or ())
    loaded = saves.load_run(save_file())
    assert loaded is not None and loaded.actions == game.actions
    bot_game(turns=30, game=loaded)
    assert saves.save_run(loaded)
    recording = read(recorder.beside(save_file()))
    assert len(recording.steps) == len(loaded.actions or ()) > first
    assert recording.steps[first - 1][1] is not None  # the first save's moment, still checked
    assert verify(recording) is None


def test_a_recording_left_ahead_of_its_save_by_a_crash_is_cut_back() -> None:
    game = bot_game()
    assert saves.save_run(game)
    saved_actions = list(game.actions or ())
    bot_game(turns=20, game=game)
    recorder.append(recorder.beside(save_file()), game, len(saved_actions))  # then the crash
    assert len(read(recorder.beside(save_file())).steps) > len(saved_actions)
    loaded = saves.load_run(save_file())
    assert loaded is not None and loaded.actions == saved_actions
    recording = read(recorder.beside(save_file()))
    assert len(recording.steps) == len(saved_actions) and verify(recording) is None


def test_a_save_without_its_recording_plays_on_unrecorded() -> None:
    assert saves.save_run(bot_game())
    recorder.beside(save_file()).unlink()
    loaded = saves.load_run(save_file())
    assert loaded is not None and loaded.actions is None
    assert "no recording" in saves.problem()
    bot_game(turns=5, game=loaded)
    assert saves.save_run(loaded)
    assert not recorder.beside(save_file()).exists()


def test_the_end_of_a_run_keeps_morgue_and_replay_together(
        capsys: pytest.CaptureFixture[str]) -> None:
    game = bot_game(turns=30)
    assert saves.save_run(game)
    played = state_hash(game)
    game.outcome, game.cause = Outcome.DEAD, "tests"  # by hand: not an action, so not replayed
    assert "replay" in saves.record_run_end(game)
    assert not list(data_dir().glob("*.replay"))  # the recording in progress went with the save
    (past,) = past_games(data_dir())
    assert past.replay is not None and past.replay == past.morgue.with_suffix(".replay")
    assert past.code == game.run.code and past.turns == game.turn
    recording = read(past.replay)
    assert [action for action, _ in recording.steps] == game.actions
    recording.steps[-1] = (recording.steps[-1][0], played)
    assert verify(recording) is None
    assert main(["games", "--json"]) == 0
    (listed,) = json.loads(capsys.readouterr().out)
    assert listed["replay"] == str(past.replay) and listed["morgue"] == str(past.morgue)


def test_an_undone_action_is_not_recorded(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ai import monsters
    from game.ui.screens.play import PlayState

    state = PlayState(Session(game=new_game(Run("undo", RECIPES))))
    state.on_event(key(KeySym.PERIOD))  # wait: one recorded action
    taken = list(state.game.actions or ())

    def broken(game: Game) -> None:
        raise RuntimeError("a rule went wrong")

    monkeypatch.setattr(monsters, "take_turns", broken)
    state.on_event(key(KeySym.PERIOD))
    assert state.game.actions == taken and len(taken) == 1


def test_replays_of_the_first_format_and_sparse_hashes_are_read(tmp_path: Path) -> None:
    game = bot_game(turns=10)
    full = Recording(game.run.code)
    replayed = new_game(Run.from_code(game.run.code))
    from game.turns import player_act

    for action in game.actions or ():
        player_act(replayed, action)  # type: ignore[arg-type]
        full.add(action, replayed)  # type: ignore[arg-type]
    old = tmp_path / "old.replay"
    old.write_text(full.text().replace('"version": 2', '"version": 1'))
    assert verify(read(old)) is None
    missing = old.read_text().replace(f'"hash": "{full.steps[0][1]}"', '"hash": null', 1)
    old.write_text(missing)
    with pytest.raises(ReplayError, match="line 2: expected an action with its state hash"):
        read(old)  # version 1 hashes every action
    sparse = tmp_path / "sparse.replay"
    sparse.write_text(missing.replace('"version": 1', '"version": 2'))
    assert verify(read(sparse)) is None
    last = full.steps[-1][1]
    sparse.write_text(sparse.read_text().replace(f'"hash": "{last}"', '"hash": null'))
    with pytest.raises(ReplayError, match="the last action has no state hash"):
        read(sparse)


def test_the_viewer_steps_back_through_keyframes() -> None:
    from game.bot import autoplay

    recording = Recording("")
    autoplay.play(Run("rewind", RECIPES), 400, recording=recording)
    assert len(recording.steps) > KEYFRAME + 20
    state = ReplayState(Session(), recording)
    target = KEYFRAME + 20
    while state.done < target:
        state.step()
    for expected in (target - 1, KEYFRAME, KEYFRAME - 1, 3):
        while state.done > expected:
            state.on_event(key(KeySym.LEFT))
        assert state.done == expected and state.paused
        assert state_hash(state.game) == recording.steps[expected - 1][1]
    state.on_event(key(KeySym.RIGHT))
    assert state_hash(state.game) == recording.steps[3][1] and state.diverged is None


def test_past_games_watch_the_replay_and_read_the_morgue() -> None:
    game = bot_game(turns=20)
    game.outcome, game.cause = Outcome.DEAD, "tests"
    saves.record_run_end(game)
    screen = PastGamesScreen(Session())
    assert len(screen.games) == 1 and "yes" in screen.choices.labels[0]
    watched = screen.on_event(key(KeySym.RETURN))
    assert isinstance(watched, Push) and isinstance(watched.state, ReplayState)
    assert watched.state.total == len(game.actions or ())
    reading = screen.on_event(key(KeySym.M))
    assert isinstance(reading, Push) and isinstance(reading.state, MorgueScreen)
    assert f"Run code: {game.run.code}" in reading.state.text


def test_giving_up_ends_the_run_with_a_morgue_and_a_replay_that_verifies() -> None:
    from game.rules.actions import GiveUp
    from game.rules.progress import GAVE_UP
    from game.ui.screens.end import EndScreen, summary
    from game.ui.screens.gamemenu import GIVE_UP, GameMenu
    from game.ui.state import Reset

    game = bot_game(turns=25)
    assert saves.save_run(game)
    menu = GameMenu(Session(game=game))
    assert menu.choose(GIVE_UP) is None and not game.outcome  # asked once: nothing yet
    ended = menu.choose(GIVE_UP)
    assert isinstance(ended, Reset) and isinstance(ended.state, EndScreen)
    assert (game.outcome, game.cause) == (Outcome.DEAD, GAVE_UP)
    assert game.actions is not None and game.actions[-1] == GiveUp()
    assert "replay" in ended.state.recorded  # the end screen recorded the run
    assert summary(game)[0] == "You gave up the run."
    (past,) = past_games(data_dir())
    assert past.replay is not None and "gave up" in past.outcome
    assert verify(read(past.replay)) is None


def test_past_games_scroll_to_keep_the_choice_in_view() -> None:
    """More finished runs than rows: the list scrolls with the selection, and the mouse names
    the run drawn under it, not the one that row held before scrolling."""
    from game.ui.screens.pastgames import TOP, VISIBLE

    for number in range(VISIBLE + 5):
        game = new_game(Run(f"past-{number}", RECIPES))
        game.outcome, game.cause = Outcome.DEAD, "tests"
        saves.record_run_end(game)
    screen = PastGamesScreen(Session())
    assert len(screen.games) == VISIBLE + 5
    for _ in range(VISIBLE + 4):
        screen.on_event(key(KeySym.DOWN))
    assert screen.choices.index == VISIBLE + 4 and screen.first == 5
    assert screen.row_under(2, TOP) == 5 and screen.row_under(2, TOP + VISIBLE - 1) == VISIBLE + 4
    assert screen.row_under(2, TOP + VISIBLE) is None and screen.row_under(2, TOP - 1) is None
    for _ in range(VISIBLE + 4):
        screen.on_event(key(KeySym.UP))
    assert (screen.choices.index, screen.first) == (0, 0)
