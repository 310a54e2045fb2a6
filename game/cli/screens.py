"""`run.py screens`: every screen of the interface drawn headless, to NAME.png and NAME.txt."""

from __future__ import annotations

import argparse
import sys

from game.cli.common import UsageError, write_problem


def run(args: argparse.Namespace) -> int:
    """Draw the gallery into --out; exit 1 (naming them) when a screen cut any text."""
    from game.ui import gallery

    unknown = [name for name in args.only if name not in gallery.SHOTS]
    if unknown:
        raise UsageError(f"no screen named {unknown[0]!r} (screens: {', '.join(gallery.SHOTS)})")
    columns, rows = args.size
    if args.out.exists() and not args.out.is_dir():
        raise UsageError(f"cannot write into {args.out}: it is not a folder")
    try:
        pictures = gallery.render_all(args.out, columns, rows, args.only or None)
    except OSError as problem:
        raise UsageError(write_problem(args.out, problem)) from None
    cut = [p for p in pictures if p.cuts]
    for drawn in cut:
        print(f"{drawn.name}: cut text: " + " | ".join(drawn.cuts), file=sys.stderr)
    print(f"wrote {len(pictures)} screens ({columns}x{rows}) to {args.out}"
          + (f"; {len(cut)} with cut text" if cut else ""))
    return 1 if cut else 0
