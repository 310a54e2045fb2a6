"""`run.py catalog`: what each depth of a run holds, without playing, as text, JSON or CSV."""

from __future__ import annotations

import argparse
import json
import sys

from game.cli.common import UsageError
from game.cli.runs import choose_run


def run(args: argparse.Namespace) -> int:
    from game import catalog

    chosen = choose_run(args)
    if chosen is None:
        raise UsageError("name a run: --seed TEXT, --code CODE or --daily")
    data = catalog.catalog(chosen, depth_range(args.depths, chosen.last_depth), args.spoilers)
    if args.format == "json":
        print(json.dumps(data, indent=1))
    elif args.format == "csv":
        sys.stdout.write(catalog.as_csv(data))
    else:
        sys.stdout.write(catalog.as_text(data))
    return 0


def depth_range(text: str, deepest: int) -> range:
    """--depths: "" (every depth), "N" or "N-M", within 1..deepest."""
    if not text:
        return range(1, deepest + 1)
    first, _, last = text.partition("-")
    if not first.isdigit() or (last and not last.isdigit()):
        raise UsageError(f"--depths {text!r} is not N or N-M")
    low, high = int(first), int(last or first)
    if not 1 <= low <= high <= deepest:
        raise UsageError(f"--depths {text!r} is outside 1..{deepest}")
    return range(low, high + 1)
