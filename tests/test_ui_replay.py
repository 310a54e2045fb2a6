"""Watching a replay: the screen applies the recorded actions at its speed, pauses, steps, jumps to
the next floor, ends in the recorded state and warns when a state hash differs. No window."""

from __future__ import annotations

from pathlib import Path

import pytest
import tcod.console
from tcod.event import KeySym, Modifier
from ui_world import key

from game import cli
from game.bot import autoplay
from game.replay import Recording
from game.run import FloorRecipe, Run
from game.turns import player_act
from game.ui import app as app_module
from game.ui.draw import cells
from game.ui.screens.floormap import FloorMapScreen
from game.ui.screens.replay import DEFAULT_SPEED, JUMP_BATCH, SPEEDS, ReplayState
from game.ui.session import Session
from game.ui.state import Push, Quit, draw_stack
from game.world.dungeon import new_game
from game.world.serial import state_hash

PLAN = (FloorRecipe(1, "bsp", 40, 30), FloorRecipe(2, "cave", 40, 30),
        FloorRecipe(3, "maze", 31, 21))


@pytest.fixture(scope="module")
def recording() -> Recording:
    """A bot's run over several floors (about 400 actions)."""
    made = Recording("")
    game, _ = autoplay.play(Run("replay-screen-2", PLAN), 400, recording=made)
    assert game.depth > 1 and len(made.steps) > 100
    return made


def watch(recording: Recording) -> ReplayState:
    return ReplayState(Session(), recording)


def text_of(state: ReplayState) -> str:
    console = tcod.console.Console(80, 50)
    draw_stack([state], console)
    return "\n".join("".join(chr(int(c)) for c in row) for row in cells(console)["ch"])


def press(state: ReplayState, sym: KeySym, mod: Modifier = Modifier.NONE) -> object:
    return state.on_event(key(sym, mod))


def test_it_starts_from_the_code_and_plays_at_its_speed(recording: Recording) -> None:
    state = watch(recording)
    assert state.session.game is state.game
    assert state_hash(state.game) == state_hash(new_game(Run.from_code(recording.code)))
    assert state.speed == DEFAULT_SPEED
    for _ in range(30):
        state.on_tick()
    assert state.done == DEFAULT_SPEED  # one second of ticks
    assert f"REPLAY action {DEFAULT_SPEED}/{len(recording.steps)}, speed {DEFAULT_SPEED}" in \
        text_of(state)


def test_space_pauses_and_steps_go_one_action_at_a_time(recording: Recording) -> None:
    state = watch(recording)
    press(state, KeySym.SPACE)
    for _ in range(30):
        state.on_tick()
    assert state.done == 0 and "paused" in text_of(state)
    press(state, KeySym.PERIOD)
    press(state, KeySym.RIGHT)
    assert state.done == 2
    assert state_hash(state.game) == recording.steps[1][1]
    press(state, KeySym.SPACE)
    state.on_tick()
    state.on_tick()
    state.on_tick()
    assert state.done == 3  # playing again at 10 a second
    press(state, KeySym.PERIOD)  # stepping while playing pauses first
    assert state.paused and state.done == 4


def test_plus_and_minus_change_the_speed_within_its_range(recording: Recording) -> None:
    state = watch(recording)
    press(state, KeySym.PLUS, Modifier.SHIFT)
    assert state.speed == SPEEDS[SPEEDS.index(DEFAULT_SPEED) + 1]
    for _ in range(len(SPEEDS)):
        press(state, KeySym.EQUALS)
    assert state.speed == max(SPEEDS) == 60
    state.on_tick()
    assert state.done == 2  # 60 a second: two a tick
    for _ in range(len(SPEEDS)):
        press(state, KeySym.KP_MINUS)
    assert state.speed == min(SPEEDS) == 1
    press(state, KeySym.MINUS)
    assert state.speed == 1


def test_greater_than_jumps_to_the_next_floor(recording: Recording) -> None:
    state = watch(recording)
    press(state, KeySym.GREATER, Modifier.SHIFT)
    assert "to the next floor" in text_of(state)
    ticks = 0
    while state.jump_from is not None:
        state.on_tick()
        ticks += 1
    assert state.game.depth != 1 and not state.finished
    assert ticks <= len(recording.steps) // JUMP_BATCH + 1
    replayed = new_game(Run.from_code(recording.code))
    for action, _ in recording.steps[: state.done - 1]:
        player_act(replayed, action)
    assert replayed.depth == 1  # the jump stopped at the first action that changed the floor
    press(state, KeySym.PERIOD, Modifier.SHIFT)  # > as shift and period
    assert state.jump_from == state.game.depth


def test_the_replay_ends_in_the_recorded_state(recording: Recording) -> None:
    state = watch(recording)
    for _ in range(5):
        press(state, KeySym.PLUS)
    while not state.finished:
        state.on_tick()
    assert state.done == len(recording.steps) and state.diverged is None
    assert state_hash(state.game) == recording.steps[-1][1]
    assert "end of the recording" in text_of(state) and "Warning" not in text_of(state)
    state.on_tick()
    press(state, KeySym.PERIOD)
    press(state, KeySym.GREATER)
    assert state.done == len(recording.steps) and state.jump_from is None


def test_a_tampered_hash_shows_a_warning_with_its_action_number(recording: Recording) -> None:
    steps = list(recording.steps)
    steps[24] = (steps[24][0], "0" * 32)
    state = watch(Recording(recording.code, steps))
    press(state, KeySym.SPACE)
    for _ in range(24):
        press(state, KeySym.PERIOD)
    assert not state.warning() and "Warning" not in text_of(state)
    press(state, KeySym.PERIOD)
    assert state.diverged == 25
    text = text_of(state)
    assert "Warning: after action 25 the game differs from the recording" in text
    assert "DIFFERS from action 25" in text
    press(state, KeySym.SPACE)
    while not state.finished:
        state.on_tick()
    assert state.diverged == 25  # the first difference is kept; the replay played on
    assert state_hash(state.game) == recording.steps[-1][1]


def test_escape_quits_and_views_open_over_the_replay(recording: Recording) -> None:
    state = watch(recording)
    result = press(state, KeySym.M)
    assert isinstance(result, Push) and isinstance(result.state, FloorMapScreen)
    assert isinstance(press(state, KeySym.ESCAPE), Quit)


def test_run_py_replay_opens_the_window_on_the_replay(
    recording: Recording, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[app_module.App] = []

    def window(app: app_module.App) -> int:
        opened.append(app)
        return 0

    monkeypatch.setattr(app_module, "window", window)
    path = tmp_path / "run.replay"
    path.write_text(recording.text(), encoding="utf-8")
    assert cli.main(["replay", str(path)]) == 0
    (app,) = opened
    assert isinstance(app.stack[-1], ReplayState) and app.stack[-1].total == len(recording.steps)
    bad = tmp_path / "bad.replay"
    bad.write_text(recording.text().replace(recording.code, "D1-00000"), encoding="utf-8")
    assert cli.main(["replay", str(bad)]) == cli.EXIT_USAGE
    assert len(opened) == 1  # no window for a code that cannot be played


def test_the_camera_keeps_the_play_screens_dead_zone() -> None:
    """On a floor larger than the view, most steps move the hero on the screen, not the map
    under it (the play screen's rule); before, the replay recentred on every step."""
    made = Recording("")
    autoplay.play(Run("replay-camera", (FloorRecipe(1, "cave", 160, 100),)), 400,
                  recording=made)
    state = watch(made)
    state.paused = True
    console = tcod.console.Console(80, 50)

    def hero_on_screen() -> tuple[int, int]:
        draw_stack([state], console)
        view = state.game.player.pos
        ys, xs = (cells(console)["ch"][1:41] == ord("@")).nonzero()  # below the key line
        assert len(xs) == 1, "the hero is drawn once, inside the view"
        return (int(xs[0]) - view[0], int(ys[0]) + 1 - view[1])

    still = moved = 0
    offset = hero_on_screen()
    for _ in range(len(made.steps)):
        before = state.game.player.pos
        press(state, KeySym.PERIOD)
        now = hero_on_screen()
        if state.game.player.pos != before:
            moved += 1
            still += now == offset  # the map did not slide under this step
        offset = now
    assert moved > 50
    assert still > moved // 2, f"the map stayed put for only {still} of {moved} steps"
