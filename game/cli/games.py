"""`run.py games`: the finished runs in the saves folder, newest first, each with its morgue
file and its replay (text or JSON)."""

from __future__ import annotations

import argparse
import json


def run(args: argparse.Namespace) -> int:
    from game.pastgames import past_games
    from game.userfiles import data_dir

    folder = args.save_dir if args.save_dir is not None else data_dir()
    games = past_games(folder)
    if args.json:
        print(json.dumps([game.as_json() for game in games], indent=1))
        return 0
    if not games:
        print(f"no finished games in {folder}")
        return 0
    for game in games:
        print(f"{game.ended}  depth {game.depth:>2}  turn {game.turns:>6}  {game.outcome}")
        print(f"{'':<22}code {game.code}  seed {game.seed!r}")
        print(f"{'':<22}morgue {game.morgue}")
        print(f"{'':<22}replay {game.replay or '(not recorded)'}")
    return 0
