"""A human game's recording, kept beside its save as it is played (issue 31).

The game keeps the player's actions (`Game.actions`, filled by game.turns.player_act). At every
save the actions not yet written are appended to the recording file beside the save, the last
with the state hash of the game being saved, so the file's last hash is the save's state. A
crash between the two writes leaves the recording ahead of the save: loading takes the recording
up to the last hash that equals the loaded state and cuts the rest. When the run ends, the whole
recording goes beside the morgue file. The file is an ordinary replay (game.replay, version 2):
`run.py replay FILE` watches it and `--verify` checks it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import cast

from game.pastgames import recording_beside
from game.replay import header_line, read, step_line
from game.rules.actions import Action
from game.userfiles import write_atomic
from game.world.model import Game
from game.world.serial import state_hash

beside = recording_beside
"""The recording that belongs with a save or a morgue file (game.pastgames)."""


def append(path: Path, game: Game, written: int) -> int:
    """Add the actions from `written` on to the recording at `path` (begun when `written` is
    0), the last with the game's state hash; returns how many are written now. OSError when the
    file cannot be written (the save goes on without it)."""
    if game.actions is None or (written and len(game.actions) == written):
        return written
    actions = cast(list[Action], game.actions)
    lines = [] if written else [header_line(game.run.code, game.hero.background)]
    lines += [step_line(action, None) for action in actions[written:-1]]
    lines.append(step_line(actions[-1], state_hash(game)) if actions else "")
    text = "\n".join(line for line in lines if line) + "\n"
    if not written:
        write_atomic(path, text)
    else:
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
    return len(actions)


def take_up(path: Path, game: Game) -> str:
    """A save was loaded: give `game` its recorded actions, cut after the last hash that equals
    its state. Returns "" when the recording goes on, else the line that says why it cannot
    (the game is then not recorded from here: `game.actions` stays None)."""
    if not path.exists():
        return "This run has no recording (saved before games were recorded), so it is not"\
            " recorded."
    try:
        recording = read(path)
    except ValueError as problem:  # ReplayError, or a run code this copy cannot read
        return f"This run's recording cannot be read, so it is not recorded: {problem}"
    here = state_hash(game)
    last = next((index for index in range(len(recording.steps) - 1, -1, -1)
                 if recording.steps[index][1] == here), None)
    if last is None and game.turn:
        return "This run's recording does not reach its save, so it is not recorded."
    kept = recording.steps[: (last + 1) if last is not None else 0]
    if len(kept) < len(recording.steps):
        recording.steps = kept
        write_atomic(path, recording.text())
    game.actions = [action for action, _ in kept]
    return ""


def finish(path: Path, game: Game) -> Path | None:
    """The run is over: write its whole recording to `path` (beside the morgue file); None when
    the game has no complete recording."""
    if game.actions is None:
        return None
    append(path, game, 0)
    return path
