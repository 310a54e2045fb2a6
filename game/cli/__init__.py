"""Command line: `python run.py [command]`. The commands and their flags are a contract.

Bad input never shows a traceback: one line naming the problem (and the valid choices), exit 2.
The flags of every command are in `parser`; each command group runs (and formats its output) in
a module of its own, imported only when that command runs.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Sequence

from game.cli.common import EXIT_USAGE, UsageError, program
from game.userfiles import is_scalar_text

__all__ = ["EXIT_USAGE", "UsageError", "main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command `argv` names; with none, this process's command line, and the process
    ends when main returns.

    Why the freeze: the last thing Python does is a garbage collection that visits every object
    numpy, tcod and the game made (the bare import of numpy and tcod alone spends a sixth of its
    time in it), and a command's own objects are freed by reference counting as the modules go.
    Frozen (gc.freeze), they are out of every collection's way; output is flushed and files
    closed as at any exit. A caller that goes on (the tests) passes argv and keeps collecting."""
    code = _command(list(sys.argv[1:] if argv is None else argv))
    if argv is None:
        gc.freeze()
    return code


def _command(words: list[str]) -> int:
    from game.cli.parser import build_parser, dispatch

    for number, word in enumerate(words, start=1):
        if not is_scalar_text(word):
            # bytes the system's encoding cannot decode arrive as lone surrogates: they must
            # never reach a save, a run code or the screen
            print(f"{program()}: error: argument {number} is not valid text (undecodable bytes)",
                  file=sys.stderr)
            return EXIT_USAGE
    args = build_parser().parse_args(words)
    try:
        return dispatch(args)
    except (UsageError, ValueError) as problem:
        name = f"{program()} {args.command}" if args.command else program()
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
