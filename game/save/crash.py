"""Undoing an action that raised: a snapshot before it, the state restored from it, a report.

An exception inside an action may leave a turn half applied (a monster moved, the player not). The
interface takes a snapshot (`game_data`, its arrays copied) before each action and, on an
exception, rebuilds the game from it with `game_from_data`, so play goes on from exactly the
state before the action, and writes a crash report to the data directory for a bug report.
"""

from __future__ import annotations

import datetime
import os
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.userfiles import unused_path, write_atomic
from game.version import RULES_VERSION
from game.world.model import Game
from game.world.serial import Arrays, game_data, game_from_data

CRASH_DIR = "crashes"


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The whole game as plain values, with arrays copied (actions change tiles in place)."""

    data: dict[str, Any]
    arrays: Arrays
    actions: list[object] | None
    """The game's recorded actions (appended to, never changed: `taken` says how many were
    the snapshot's)."""
    taken: int

    def restore(self) -> Game:
        """A new game equal to the one the snapshot was taken of, its recording with it."""
        game = game_from_data(self.data, self.arrays)
        game.actions = None if self.actions is None else self.actions[: self.taken]
        return game


def snapshot(game: Game) -> Snapshot:
    data, arrays = game_data(game)
    return Snapshot(data, {name: array.copy() for name, array in arrays.items()},
                    game.actions, len(game.actions or ()))


def report_text(game: Game, what: str, error: BaseException) -> str:
    """The crash report: the run, where it was, what was being done, and the traceback."""
    when = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    lines = [
        "Delve crash report", "", f"When (UTC): {when}", f"Rules version: {RULES_VERSION}",
        f"Run code: {game.run.code}", f"Seed: {game.run.seed!r}", f"Depth: {game.depth}",
        f"Turn: {game.turn}", f"Doing: {what}",
        "The state was restored from before the action; play went on.", "",
    ]
    trace = traceback.format_exception(type(error), error, error.__traceback__)
    return "\n".join(lines) + "".join(trace)


def write_report(folder: Path, game: Game, what: str, error: BaseException) -> Path:
    """Write a crash report under `folder`/crashes and return its path (OSError if it cannot
    be written)."""
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y%m%d-%H%M%S")
    directory = folder / CRASH_DIR
    directory.mkdir(parents=True, exist_ok=True)
    path = unused_path(directory, f"crash-{stamp}-{os.getpid()}", ".txt")
    write_atomic(path, report_text(game, what, error))
    return path
