"""A noise heard every turn of a fight out of sight shows as one line that counts, not a flood
between the blows (issue 13); the log itself, which a rest watches, keeps every hearing."""

from __future__ import annotations

from ui_world import hand_game

from game.rules import rest
from game.ui.render import message_lines
from game.world.kinds import MessageKind
from game.world.model import Game

WEST = "You hear a noise to the west."


def shown(game: Game) -> list[str]:
    return [text for text, _ in message_lines(game, 78, 8)]


def fight_out_of_sight(game: Game, blows: int) -> None:
    for blow in range(blows):
        game.log(WEST, MessageKind.NOISE)
        game.log(f"Something hits you for {blow}.", MessageKind.HURT)


def test_a_noise_heard_every_blow_shows_once_counted_at_its_latest_hearing() -> None:
    game = hand_game()
    fight_out_of_sight(game, 12)
    game.log(WEST, MessageKind.NOISE)
    lines = shown(game)
    assert lines[-1] == f"{WEST} x13"
    assert [line for line in lines if line.startswith(WEST)] == [f"{WEST} x13"]
    assert lines[:-1] == [f"Something hits you for {blow}." for blow in range(5, 12)]
    assert sum(m.text == WEST for m in game.messages.messages) == 13, "the log keeps them all"


def test_a_noise_after_a_long_quiet_and_other_noises_keep_their_own_lines() -> None:
    game = hand_game()
    game.log(WEST, MessageKind.NOISE)
    for step in range(9):
        game.log(f"You walk {step}.")
    game.log(WEST, MessageKind.NOISE)
    game.log("You hear a door open to the north.", MessageKind.NOISE)
    game.log("You walk on.")
    lines = [text for text, _ in message_lines(game, 78, 14)]
    assert lines.count(WEST) == 2
    assert "You hear a door open to the north." in lines


def test_a_rest_still_stops_for_every_hearing() -> None:
    game = hand_game()
    game.log(WEST, MessageKind.NOISE)
    game.log("You search.")
    watch = rest.begin(game)
    assert not isinstance(watch, str)
    assert rest.interruption(game, watch, until_healed=False) == ""
    game.log(WEST, MessageKind.NOISE)  # as game.rules.noise.hear logs it
    assert rest.interruption(game, watch, until_healed=False).startswith("You stop resting")
