"""`run.py save-info FILE`: check a save file and say what it holds (text or JSON);
`run.py saves`: list every run's save in the saves folder (text or JSON)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from game.save.codec import FORMAT_VERSION, Loaded
from game.save.store import read_save
from game.world.serial import state_hash


def run(args: argparse.Namespace) -> int:
    """`saves` lists the saves; `save-info` says what one holds."""
    return list_saves(args) if args.command == "saves" else save_info(args)


def list_saves(args: argparse.Namespace) -> int:
    """Every run's save, newest first; a damaged one is listed with its problem. Reads only:
    no lock is taken and the old single slot is listed under its own name."""
    from game.save.runs import list_saves as entries_in
    from game.userfiles import data_dir

    folder = args.save_dir if args.save_dir is not None else data_dir()
    entries = entries_in(folder)
    if args.json:
        print(json.dumps([entry.as_json() for entry in entries], indent=1))
        return 0
    if not entries:
        print(f"no saved runs in {folder}")
        return 0
    print(f"{'saved (UTC)':<20}  {'depth':>5}  {'turn':>6}  {'level':>5}  file")
    for entry in entries:
        print(f"{entry.saved_at or '?':<20}  {entry.depth:>5}  {entry.turn:>6}"
              f"  {entry.hero_level:>5}  {entry.path.name}")
        if entry.code:
            print(f"{'':<22}code {entry.code}" + (f" ({entry.outcome})" if entry.outcome else ""))
        if entry.problem:
            print(f"{'':<22}problem: {entry.problem}")
    return 0


def save_info(args: argparse.Namespace) -> int:
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
    print(f"player:     {info['background']}, level {player['level']},"
          f" HP {player['hp']}/{player['max_hp']}, {player['xp']} xp, {player['gold']} gold,"
          f" at ({player['x']}, {player['y']}), {player['items']} items")
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
        "background": hero.background,
    }
