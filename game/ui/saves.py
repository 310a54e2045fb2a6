"""Hooks between the interface and features that other issues bring (saves, morgue, scores).

Each is one small function with a single call site in the screens, so the save issue fills in
`saved_run` / `save_run` here and nothing else in the interface has to change.
"""

from __future__ import annotations

import importlib
import importlib.util

from game.world.model import Game


def saved_run() -> Game | None:
    """The run to continue from the main menu; None while saves do not exist."""
    return None


def save_run(game: Game) -> bool:
    """Save `game` for Continue; False while saves do not exist (the run is then abandoned)."""
    del game
    return False


def saves_exist() -> bool:
    """Whether save_run can save (the menus say "save and quit" rather than "abandon")."""
    return False


def record_run_end(game: Game) -> str:
    """The run has ended: write the morgue file and the high-score entry, once that module exists.

    The one call site is the end screen, once per finished run. Returns a line for the player
    ("" when there is nothing to say); a file that cannot be written is reported, not raised.
    """
    if importlib.util.find_spec("game.world.morgue") is None:
        return ""
    morgue = importlib.import_module("game.world.morgue")
    try:
        morgue.write_morgue(game)
        morgue.record_score(game)
    except OSError as problem:
        return f"Could not record the run: {problem}"
    return "The run is recorded (morgue file and high scores)."
