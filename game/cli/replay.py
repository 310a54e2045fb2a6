"""`run.py replay FILE`: play a replay back in the window, or with --verify check it headless."""

from __future__ import annotations

import argparse

from game.cli.common import UsageError


def run(args: argparse.Namespace) -> int:
    from game.replay import read, verify

    recording = read(args.file)
    if not args.verify:
        from game.ui.app import WindowError, run_replay

        try:
            return run_replay(recording)
        except WindowError as problem:
            raise UsageError(str(problem)) from None
    first = verify(recording)
    if first is None:
        print(f"identical: {len(recording.steps)} actions")
        return 0
    print(f"differs: action {first} of {len(recording.steps)} leads to another state")
    return 1
