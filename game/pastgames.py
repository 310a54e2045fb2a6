"""Finished games: each run that ended left a morgue file and, when it was recorded from its
first action, a replay beside it (game.recorder). `run.py games` and the Load screen's Past games
list them, newest first. A morgue file is read as a stranger's file: a size limit, text only, and
only the header lines it names are taken."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.userfiles import read_text

MORGUE_DIR = "morgue"
"""The folder of finished runs, in the saves folder: morgue files and their recordings."""
RECORDING_SUFFIX = ".replay"


def recording_beside(path: Path) -> Path:
    """The recording that belongs with a save or a morgue file: the same name, .replay."""
    return path.with_suffix(RECORDING_SUFFIX)


HEADER_BYTES = 64 * 1024
"""A morgue file's first lines are all a listing reads; a bigger file is not a morgue."""
FIELDS = {"Run seed": "seed", "Run code": "code", "Outcome": "outcome"}


@dataclass(frozen=True, slots=True)
class PastGame:
    """One finished run as its morgue file tells it."""

    morgue: Path
    replay: Path | None
    """The recording beside the morgue (None: the run was not recorded from its start)."""
    seed: str
    code: str
    outcome: str
    """As the morgue says it: "died: killed by a cave rat on depth 2", "won: escaped"."""
    depth: int
    turns: int
    ended: str
    """When the morgue was written (UTC, ISO 8601 to the second)."""

    def as_json(self) -> dict[str, Any]:
        return {"morgue": str(self.morgue), "replay": str(self.replay) if self.replay else None,
                "seed": self.seed, "code": self.code, "outcome": self.outcome,
                "depth": self.depth, "turns": self.turns, "ended": self.ended}


def past_games(folder: Path) -> list[PastGame]:
    """The finished runs whose morgue files are in `folder`/morgue, newest first; files that
    are not morgues are left out."""
    found = []
    for path in sorted((folder / MORGUE_DIR).glob("*.txt")):
        game = read_past_game(path)
        if game is not None:
            found.append(game)
    return sorted(found, key=lambda game: (game.ended, game.morgue.name), reverse=True)


def read_past_game(path: Path) -> PastGame | None:
    """The listing's facts from a morgue file's header; None when it is not a readable morgue."""
    try:
        if path.stat().st_size > HEADER_BYTES * 16:
            return None
        text = read_text(path, HEADER_BYTES * 16)
        moment = datetime.datetime.fromtimestamp(path.stat().st_mtime, datetime.UTC)
    except (OSError, ValueError):
        return None
    lines = text.splitlines()
    if not lines or lines[0] != "Delve morgue":
        return None
    facts: dict[str, str] = {}
    depth = turns = 0
    for line in lines[:12]:
        name, _, value = line.partition(": ")
        if name in FIELDS:
            facts[FIELDS[name]] = value.strip()
        elif name == "Depth":
            depth = _leading_number(value)
            turns = _leading_number(value.rpartition("Turns: ")[2])
    replay = recording_beside(path)
    return PastGame(path, replay if replay.is_file() else None, facts.get("seed", ""),
                    facts.get("code", ""), facts.get("outcome", ""), depth, turns,
                    moment.isoformat(timespec="seconds").replace("+00:00", "Z"))


def _leading_number(text: str) -> int:
    digits = ""
    for char in text.strip():
        if not char.isdigit():
            break
        digits += char
    return int(digits) if digits else 0
