"""Replays: recorded runs verify as identical; a tampered one names the first diverging action."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.replay import Recording, ReplayError, read, verify
from game.rules.actions import Illegal, Move, Search, TakeStairs, Use, Wait
from game.run import FloorRecipe, Run
from game.turns import player_act
from game.world.dungeon import new_game

RECIPES = tuple(FloorRecipe(d, g, 50, 30) for d, g in enumerate(("bsp", "cave", "maze"), 1))
SCRIPT = (Move(1, 0), Move(0, 1), Search(), Wait(), Move(-1, 0), TakeStairs("down"),
          Use(99, (3, 4)), Move(0, -1), Move(1, 1))


def record(seed: str, steps: int) -> Recording:
    game = new_game(Run(seed, RECIPES))
    recording = Recording(game.run.code)
    for index in range(steps * 2):
        if len(recording.steps) == steps:
            break
        action = SCRIPT[index % len(SCRIPT)]
        if isinstance(player_act(game, action), Illegal):
            continue  # a forged replay is refused: record only what the game allows
        recording.add(action, game)
    return recording


@pytest.mark.parametrize("seed", ["r1", "r2", "r3"])
def test_a_recorded_run_verifies(tmp_path: Path, seed: str) -> None:
    path = tmp_path / "run.replay"
    path.write_text(record(seed, 60).text())
    loaded = read(path)
    assert len(loaded.steps) == 60
    assert verify(loaded) is None


@pytest.mark.parametrize("tamper", ["hash", "action"])
def test_tampering_reports_the_first_diverging_action(tmp_path: Path, tamper: str) -> None:
    recording = record("b", 40)
    game = new_game(Run("b", RECIPES))
    for action, _ in recording.steps[:24]:
        player_act(game, action)
    assert not game.outcome, "the hero must still be playing when the tampered action comes"
    lines = recording.text().splitlines()
    # line 0 is the header: line N is action N; tamper with the first move from action 25 on
    number = next(n for n in range(25, 41) if json.loads(lines[n])["action"] == "Move")
    step = json.loads(lines[number])
    if tamper == "hash":
        step["hash"] = "0" * 32
    else:  # waiting instead of a step (taken, or refused by a wall) gives another state
        step["action"], step["args"] = "Wait", {}
    lines[number] = json.dumps(step)
    path = tmp_path / "tampered.replay"
    path.write_text("\n".join(lines) + "\n")
    assert verify(read(path)) == number


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "is empty"),
        ("not json\n", "line 1: not JSON"),
        ('{"format": "x"}\n', "not a delve-replay header"),
        ('{"format": "delve-replay", "version": 9, "code": "D1-"}\n', "replay format 9"),
        ('{"format": "delve-replay", "version": 1, "code": "D1-"}\n{"action": "Exec", '
         '"args": {}, "hash": "0"}\n', "line 2: unknown action 'Exec'"),
        ('{"format": "delve-replay", "version": 1, "code": "D1-"}\n{"action": "Move", '
         '"args": {"dx": "x", "dy": 1}, "hash": "0"}\n', "line 2: bad"),
        ('{"format": "delve-replay", "version": 1, "code": "D1-"}\n{"action": "Move", '
         '"args": {"dx": 1}, "hash": "0"}\n', "Move takes dx, dy"),
    ],
)
def test_bad_replays_name_the_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.replay"
    path.write_text(text)
    with pytest.raises(ReplayError, match=message):
        read(path)
