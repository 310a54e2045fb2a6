"""The command line's save options and commands: --save-dir, --autosave, `save-info FILE` and
autoplay's --save-to / --save-dir. game.cli only wires these in."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from game.save.codec import FORMAT_VERSION, Loaded
from game.save.format import SaveError
from game.save.store import AUTOSAVE_TURNS, SaveSlot, read_save, write_atomic
from game.world.model import Game
from game.world.serial import state_hash

MAX_AUTOSAVE = 100_000


def save_folder(text: str) -> Path:
    """--save-dir: a folder, or a path where one can be made."""
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} exists and is not a folder")
    return path


def autosave_turns(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= value <= MAX_AUTOSAVE:
        raise argparse.ArgumentTypeError(f"{value} is outside 1..{MAX_AUTOSAVE}")
    return value


def add_play_options(parser: argparse.ArgumentParser) -> None:
    """Top-level options of run.py (playing in the window)."""
    parser.add_argument("--save-dir", type=save_folder, metavar="DIR",
                        help="where saves go (default: the user's data directory)")
    parser.add_argument("--autosave", type=autosave_turns, default=AUTOSAVE_TURNS,
                        metavar="TURNS", help=f"autosave every TURNS turns (default"
                        f" {AUTOSAVE_TURNS}; also on every floor change and on quitting)")


def add_autoplay_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--save-to", type=Path, metavar="FILE",
                        help="leave a save of the final state in FILE")
    parser.add_argument("--save-dir", type=save_folder, metavar="DIR", default=argparse.SUPPRESS,
                        help="leave the final state as the saved run in DIR (Continue plays on)")


def add_save_info(sub: Any) -> None:
    """The `save-info` command (`sub` is the parsers' subparsers action)."""
    info = sub.add_parser("save-info", help="check a save file and say what it holds")
    info.add_argument("file", type=Path)
    info.add_argument("--json", action="store_true")


def configure_play(args: argparse.Namespace) -> None:
    """Hand --save-dir and --autosave to the interface's save hooks."""
    from game.ui import saves

    saves.configure(args.save_dir, args.autosave)


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


def check_autoplay(args: argparse.Namespace) -> None:
    """--save-to and --save-dir keep one run: refuse them with --runs."""
    if args.runs is not None and (args.save_to is not None or _slot_folder(args) is not None):
        raise SaveError("--save-to and --save-dir keep one run's state: leave out --runs")


def _slot_folder(args: argparse.Namespace) -> Path | None:
    """--save-dir given before or after the command (autoplay saves only when asked)."""
    folder: Path | None = getattr(args, "save_dir", None)
    return folder


def keep_autoplay_state(args: argparse.Namespace, game: Game) -> None:
    """Write the final state where autoplay was asked to (SaveError saying why it could not)."""
    from game.save.codec import save_bytes

    if args.save_to is not None:
        try:
            write_atomic(args.save_to, save_bytes(game))
        except OSError as problem:
            raise SaveError(f"cannot write {args.save_to}:"
                            f" {problem.strerror or problem}") from None
    folder = _slot_folder(args)
    if folder is not None:
        slot = SaveSlot(folder)
        try:
            slot.save(game)
        except OSError as problem:
            raise SaveError(f"cannot save in {folder}: {problem.strerror or problem}") from None
        finally:
            slot.release()
