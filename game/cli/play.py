"""`run.py` with no command: the game window, on the main menu or, with a run named, in that run.
The only command that imports the interface's window."""

from __future__ import annotations

import argparse

from game.cli.common import UsageError
from game.cli.runs import choose_run


def run(args: argparse.Namespace) -> int:
    from game.ui import app
    from game.ui.session import Session, rows_of
    from game.world.dungeon import new_game

    configure_saves(args)
    chosen = choose_run(args, seed_required=False)
    session = None
    if chosen is not None:
        session = Session(recipes=rows_of(chosen.recipes), seed_text=chosen.seed,
                          daily=chosen.is_daily)
        session.game = new_game(chosen)
    try:
        return app.run(session=session)
    except app.WindowError as problem:
        raise UsageError(str(problem)) from None


def configure_saves(args: argparse.Namespace) -> None:
    """Hand --save-dir and --autosave to the interface's save hooks."""
    from game.ui import saves

    saves.configure(args.save_dir, args.autosave)
