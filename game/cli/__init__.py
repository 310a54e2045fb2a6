"""Command line: `python run.py [command]`. The commands and their flags are a contract.

Bad input never shows a traceback: one line naming the problem (and the valid choices), exit 2.
The flags of every command are in `parser`; each command group runs (and formats its output) in
a module of its own, imported only when that command runs.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from game.cli.common import EXIT_USAGE, UsageError
from game.userfiles import is_scalar_text

__all__ = ["EXIT_USAGE", "UsageError", "main"]


def main(argv: Sequence[str] | None = None) -> int:
    from game.cli.parser import build_parser, dispatch

    words = list(sys.argv[1:] if argv is None else argv)
    for number, word in enumerate(words, start=1):
        if not is_scalar_text(word):
            # bytes the system's encoding cannot decode arrive as lone surrogates: they must
            # never reach a save, a run code or the screen
            print(f"run.py: error: argument {number} is not valid text (undecodable bytes)",
                  file=sys.stderr)
            return EXIT_USAGE
    args = build_parser().parse_args(words)
    try:
        return dispatch(args)
    except (UsageError, ValueError) as problem:
        name = f"run.py {args.command}" if args.command else "run.py"
        print(f"{name}: error: {problem}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        _quiet_stdout()
        return 0


def _quiet_stdout() -> None:
    """The reader of our output went away (`save-info FILE | head`): stop quietly. Standard
    output is pointed at the null device so the interpreter's final flush cannot fail too."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError):
        pass
