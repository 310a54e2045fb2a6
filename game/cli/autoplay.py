"""`run.py autoplay`: the bot plays without a window. One run prints a summary (line or JSON) and
can leave a replay (--record) and its final state (--save-to, --save-dir); --runs plays a soak."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import UTC, datetime
from pathlib import Path

from game.cli.common import UsageError, chosen_background, write_output
from game.cli.runs import choose_run
from game.save.format import SaveError
from game.world.model import Game


def run(args: argparse.Namespace) -> int:
    """One run (a summary line or JSON object), or with --runs a soak summary: runs, turns,
    deepest depth and the exceptions caught (each with its traceback on stderr; exit 1)."""
    from game.bot import autoplay
    from game.replay import Recording

    chosen = choose_run(args)
    if chosen is None:  # choose_run requires a run, so this cannot happen
        raise UsageError("name a run: --seed TEXT, --code CODE or --daily")
    _check_keeping(args)
    if args.runs is None:
        recording = Recording("") if args.record is not None else None
        game, result = autoplay.play(chosen, args.turns, recording=recording,
                                     background=chosen_background(args))
        if recording is not None:
            write_output(args.record, recording.text())
        _keep_state(args, game)
        print(json.dumps(result.as_dict(), indent=1) if args.json else result.line())
        return 0
    if args.record is not None:
        raise UsageError("--record writes one run: leave out --runs")
    summary = autoplay.play_runs(chosen.seed, args.runs, args.turns, chosen_background(args))
    for seed, _, trace in summary.errors:
        print(f"run {seed!r} raised:\n{trace}", file=sys.stderr)
    print(json.dumps(summary.as_dict(), indent=1) if args.json else summary.line())
    return 1 if summary.errors else 0


def _check_keeping(args: argparse.Namespace) -> None:
    """--save-to and --save-dir keep one run: refuse them with --runs."""
    if args.runs is not None and (args.save_to is not None or _slot_folder(args) is not None):
        raise SaveError("--save-to and --save-dir keep one run's state: leave out --runs")


def _slot_folder(args: argparse.Namespace) -> Path | None:
    """--save-dir given before or after the command (autoplay saves only when asked)."""
    folder: Path | None = getattr(args, "save_dir", None)
    return folder


def _keep_state(args: argparse.Namespace, game: Game) -> None:
    """Write the final state where autoplay was asked to (SaveError saying why it could not)."""
    from game.save.codec import save_bytes
    from game.save.runs import RunSaves, stamp
    from game.userfiles import write_atomic

    if args.save_to is not None:
        try:
            write_atomic(args.save_to, save_bytes(game))
        except OSError as problem:
            raise SaveError(f"cannot write {args.save_to}:"
                            f" {problem.strerror or problem}") from None
    folder = _slot_folder(args)
    if folder is not None:
        store = RunSaves(folder)
        now = datetime.now(UTC)
        try:
            store.new_slot(game, now).save(game, {"started_at": stamp(now), "saved_at": stamp(now)})
        except OSError as problem:
            raise SaveError(f"cannot save in {folder}: {problem.strerror or problem}") from None
        finally:
            store.release()
