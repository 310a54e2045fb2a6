"""`run.py roll TABLE`: a game master's dice on one of the dice tables."""

from __future__ import annotations

import argparse
import secrets


def run(args: argparse.Namespace) -> int:
    """Print the rolls (fresh dice unless --seed makes them repeatable)."""
    from game.cli.common import checked_seed
    from game.tables import roll_text

    seed = checked_seed(args.seed) if args.seed is not None else secrets.token_hex(8)
    print(roll_text(args.table, seed, args.n))
    return 0
