"""`run.py` with no command: the game window, on the main menu or, with a run named, in that run.
The only command that imports the interface's window."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from game.cli.common import UsageError, chosen_background
from game.cli.runs import choose_run

if TYPE_CHECKING:
    from game.world.model import Game


def run(args: argparse.Namespace) -> int:
    from game.ui import app
    from game.ui.session import Session, rows_of
    from game.world.dungeon import new_game

    configure_saves(args)
    chosen = choose_run(args, seed_required=False)
    session = None
    if args.load is not None:
        session = Session(game=load_file(args, chosen is not None))
    elif chosen is not None:
        session = Session(recipes=rows_of(chosen.recipes), seed_text=chosen.seed,
                          daily=chosen.is_daily, background=chosen_background(args))
        session.game = new_game(chosen, session.background)
    try:
        return app.run(session=session)
    except app.WindowError as problem:
        raise UsageError(str(problem)) from None


def configure_saves(args: argparse.Namespace) -> None:
    """Hand --save-dir and --autosave to the interface's save hooks."""
    from game.ui import saves

    saves.configure(args.save_dir, args.autosave)


def load_file(args: argparse.Namespace, run_named: bool) -> Game:
    """--load FILE: the game that save holds, checked before any window opens; its saves go
    back to FILE. A bad file is one line (SaveError), exit 2."""
    from game.save.store import read_save
    from game.ui import saves

    if run_named:
        raise UsageError("--load plays the run saved in FILE: leave out the seed, code or plan")
    read_save(args.load)  # the one-line message for a file that is not a save
    game = saves.load_run(args.load)
    if game is None:
        raise UsageError(saves.problem())
    return game
