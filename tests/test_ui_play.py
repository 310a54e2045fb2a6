"""The play state: intents become actions; clicks travel; searching repeats; aftermath screens."""

from __future__ import annotations

import pytest
import tcod.console
from tcod.event import KeySym, Modifier, MouseButton
from ui_world import click, hand_game, key, monster, motion

from game import tiles
from game.rules.actions import Impossible, Success
from game.ui import saves
from game.ui.activity import travel_path
from game.ui.render import play_camera
from game.ui.screens.end import EndScreen
from game.ui.screens.levelup import LevelUpScreen
from game.ui.screens.look import LookScreen
from game.ui.screens.play import PlayState
from game.ui.session import Session
from game.ui.state import Push, Replace
from game.world.kinds import Outcome
from game.world.model import DoorState, Game


def play(game: Game | None = None) -> PlayState:
    return PlayState(Session(game=game or hand_game()))


def view_of(state: PlayState, x: int, y: int) -> tuple[int, int]:
    return play_camera(state.game, 80, 50).to_view(x, y)


def run_ticks(state: PlayState, limit: int = 200) -> int:
    ticks = 0
    while state.activity is not None and ticks < limit:
        state.on_tick()
        ticks += 1
    return ticks


def test_move_into_a_monster_attacks_it() -> None:
    state = play()
    goblin = monster(state.game, 4, 2)
    state.on_event(key(KeySym.L))
    assert state.game.player.pos == (3, 2)
    assert state.game.turn == 1
    assert any("goblin" in m.text and m.text.startswith("You") for m in
               state.game.messages.messages[-3:])
    assert goblin.hp < goblin.max_hp or "miss" in " ".join(
        m.text for m in state.game.messages.messages[-3:])


def test_numpad_and_vi_keys_move_diagonally() -> None:
    state = play()
    state.on_event(key(KeySym.KP_3, Modifier.NUM))
    assert state.game.player.pos == (4, 3)
    state.on_event(key(KeySym.Y))
    assert state.game.player.pos == (3, 2)


def test_walking_into_a_wall_passes_no_turn_and_says_why() -> None:
    state = play(hand_game(player=(1, 1)))
    state.on_event(key(KeySym.UP))
    assert isinstance(state.last_result, Impossible)
    assert state.game.turn == 0
    assert state.game.messages.messages[-1].text == state.last_result.reason


def test_wait_and_stairs() -> None:
    state = play(hand_game(player=(21, 2)))
    state.on_event(key(KeySym.KP_5))
    assert state.game.turn == 1
    state.on_event(key(KeySym.LESS, Modifier.SHIFT))
    assert isinstance(state.last_result, Impossible)


def test_search_takes_five_turns_one_per_tick() -> None:
    state = play()
    state.on_event(key(KeySym.S))
    assert state.game.turn == 0
    assert run_ticks(state) == 6  # five searches, then the tick that finds it finished
    assert state.game.turn == 5


def test_search_stops_when_a_monster_comes_into_view() -> None:
    state = play()
    state.on_event(key(KeySym.S))
    state.on_tick()
    state.on_tick()
    monster(state.game, 6, 3)
    run_ticks(state)
    assert state.game.turn == 2
    assert "comes into view" in state.notice


def test_a_key_interrupts_an_activity_without_acting() -> None:
    state = play()
    state.on_event(key(KeySym.S))
    state.on_tick()
    state.on_event(key(KeySym.L))
    assert state.activity is None and state.game.player.pos == (3, 2)


def test_click_travels_by_the_known_path_one_step_per_tick() -> None:
    game = hand_game(player=(2, 1))
    state = play(game)
    state.on_event(click(*view_of(state, 9, 4)))
    assert game.player.pos == (2, 1)
    steps = []
    while state.activity is not None:
        state.on_tick()
        steps.append(game.player.pos)
    assert steps[-1] == (9, 4)
    assert game.turn == 7
    assert len(set(steps)) == 7


def test_travel_stops_when_a_monster_comes_into_view() -> None:
    game = hand_game(player=(2, 1))
    state = play(game)
    state.on_event(click(*view_of(state, 9, 4)))
    state.on_tick()
    state.on_tick()
    monster(game, 10, 1)
    run_ticks(state)
    assert game.player.pos != (9, 4)
    assert game.turn == 2
    assert "goblin comes into view" in state.notice


def test_travel_keeps_going_past_monsters_already_in_view() -> None:
    game = hand_game(player=(2, 1))
    monster(game, 10, 1)
    state = play(game)
    state.on_event(click(*view_of(state, 6, 1)))
    run_ticks(state)
    assert game.player.pos == (6, 1)


def test_travel_opens_a_door_on_the_way() -> None:
    game = hand_game(player=(9, 2))
    game.floor.doors[(11, 2)] = DoorState("wood", "good", "unlocked", None, False, "swings", False)
    game.floor.explored[1:5, 12:20] = True
    state = play(game)
    state.on_event(click(*view_of(state, 14, 2)))
    run_ticks(state)
    assert game.player.pos == (14, 2)
    assert game.floor.tiles[2, 11] == tiles.OPEN_DOOR


def test_click_on_unexplored_or_wall_does_nothing() -> None:
    state = play()
    state.on_event(click(*view_of(state, 20, 2)))
    assert state.activity is None and state.notice
    state.on_event(click(*view_of(state, 0, 0)))
    assert state.activity is None


def test_click_next_to_the_player_steps_or_attacks() -> None:
    state = play()
    goblin = monster(state.game, 4, 2)
    state.on_event(click(*view_of(state, 4, 2)))
    assert state.game.turn == 1 and state.game.player.pos == (3, 2)
    assert isinstance(state.last_result, Success)
    del goblin


def test_right_click_looks() -> None:
    state = play()
    result = state.on_event(click(*view_of(state, 5, 3), MouseButton.RIGHT))
    assert isinstance(result, Push) and isinstance(result.state, LookScreen)
    assert result.state.cursor == (5, 3)


def test_hover_is_remembered_for_drawing() -> None:
    state = play()
    state.on_event(motion(*view_of(state, 5, 3)))
    console = tcod.console.Console(80, 50)
    state.on_draw(console)
    assert state.session.mouse == view_of(state, 5, 3)


def test_pending_level_opens_the_choice_and_death_the_end_screen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = play()
    state.game.hero.pending_levels = 1
    result = state.on_tick()
    assert isinstance(result, Push) and isinstance(result.state, LevelUpScreen)
    state.game.hero.pending_levels = 0
    state.game.outcome, state.game.cause = Outcome.DEAD, "killed by a test"
    monkeypatch.setattr(saves, "record_run_end", lambda game: "")
    result = state.on_tick()
    assert isinstance(result, Replace) and isinstance(result.state, EndScreen)


def test_travel_avoids_teleporters_unless_they_are_the_goal() -> None:
    game = hand_game(player=(3, 2))
    floor = game.floor
    floor.tiles[2, 5] = tiles.TELEPORTER
    assert (5, 2) not in travel_path(floor, (3, 2), (7, 2))
    assert travel_path(floor, (3, 2), (5, 2)) == [(4, 2), (5, 2)]
    floor.tiles[2, 3] = tiles.TELEPORTER  # standing on one (just arrived) is fine
    assert travel_path(floor, (3, 2), (4, 3)) == [(4, 3)]
    assert travel_path(floor, (3, 2), (20, 2)) == []  # unexplored
    assert travel_path(floor, (3, 2), (0, 0)) == []  # a wall
