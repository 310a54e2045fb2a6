"""Command line: `python run.py [command]`. The commands and their flags are a contract.

Bad input never shows a traceback: one line naming the problem (and the valid choices), exit 2.
The flags of every command are in `parser`; each command group runs (and formats its output) in
a module of its own, imported only when that command runs.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from game.cli.common import EXIT_USAGE, UsageError

__all__ = ["EXIT_USAGE", "UsageError", "main"]


def main(argv: Sequence[str] | None = None) -> int:
    from game.cli.parser import build_parser, dispatch

    args = build_parser().parse_args(argv)
    try:
        return dispatch(args)
    except (UsageError, ValueError) as problem:
        name = f"run.py {args.command}" if args.command else "run.py"
        print(f"{name}: error: {problem}", file=sys.stderr)
        return EXIT_USAGE
