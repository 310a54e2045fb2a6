"""`run.py save-info FILE`: check a save file and say what it holds (text or JSON)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from game.save.codec import FORMAT_VERSION, Loaded
from game.save.store import read_save
from game.world.serial import state_hash


def run(args: argparse.Namespace) -> int:
    """Print what a valid save holds; anything else raises SaveError (one line, exit 2)."""
    loaded = read_save(args.file)
    info = describe(args.file, loaded)
    if args.json:
        print(json.dumps(info, indent=1))
        return 0
    player = info["player"]
    print(f"{args.file}: a Delve save, format version {info['format_version']} (this game"
          f" writes {FORMAT_VERSION}), rules version {info['rules_version']}")
    print(f"run code:   {info['code']}")
    print(f"seed:       {info['seed']!r}{' (daily run)' if info['daily'] else ''}")
    print(f"depth:      {info['depth']} of {info['floors_in_plan']}, turn {info['turn']},"
          f" {info['outcome'] or 'in play'}")
    print(f"player:     level {player['level']}, HP {player['hp']}/{player['max_hp']},"
          f" {player['xp']} xp, {player['gold']} gold, at ({player['x']}, {player['y']}),"
          f" {player['items']} items")
    print(f"state hash: {info['state_hash']}")
    for note in loaded.notes:
        print(f"note:       {note}")
    return 0


def describe(path: Path, loaded: Loaded) -> dict[str, Any]:
    """save-info's facts, taken from the loaded game (not from the header's summary)."""
    game = loaded.game
    player, hero = game.player, game.hero
    return {
        "file": str(path), "format_version": loaded.format_version,
        "rules_version": loaded.rules_version, "code": game.run.code, "seed": game.run.seed,
        "daily": game.run.is_daily, "depth": game.depth, "floors_in_plan": game.last_depth,
        "turn": game.turn, "outcome": game.outcome,
        "player": {"level": hero.level, "hp": player.hp, "max_hp": player.max_hp, "xp": hero.xp,
                   "gold": hero.gold, "x": player.x, "y": player.y,
                   "items": len(hero.inventory)},
        "state_hash": state_hash(game),
    }
