"""Command line: `python run.py [command]`. The commands and their flags are a contract.

Bad input never shows a traceback: one line naming the problem (and the valid choices), exit 2.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from game import generators
from game.export import floorjson, hexmaze, png
from game.floorplan import FloorPlan
from game.params import parse_assignments
from game.seeds import seed_from_text
from game.stats import floor_stats
from game.tiles import to_ascii

EXIT_USAGE = 2
MAX_SIDE = 4000
MAX_ROLLS = 10_000
MAX_HEX_BYTES = 16 * 1024 * 1024
FORMATS = ("ascii", "json", "hex", "png")


class UsageError(Exception):
    """Bad input from the user: reported as one line with exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line (no usage dump) with exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def _positive_side(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= value <= MAX_SIDE:
        raise argparse.ArgumentTypeError(f"{value} is outside 1..{MAX_SIDE}")
    return value


def _depth(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"depth {value} is below 1")
    return value


def _roll_count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= value <= MAX_ROLLS:
        raise argparse.ArgumentTypeError(f"{value} is outside 1..{MAX_ROLLS}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="run.py", description="Delve: a roguelike that plays its generators.")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    gen = sub.add_parser("generate", help="make one floor and print or export it")
    gen.add_argument("--generator", default="bsp", help=f"one of: {', '.join(generators.names())}")
    gen.add_argument("--seed", help="run seed text (required unless --from-hex)")
    gen.add_argument("--depth", type=_depth, default=1)
    gen.add_argument("--width", type=_positive_side, default=80)
    gen.add_argument("--height", type=_positive_side, default=50)
    gen.add_argument("--param", action="append", default=[], metavar="KEY=VALUE")
    gen.add_argument("--format", choices=FORMATS, default="ascii")
    gen.add_argument("--out", type=Path, help="write here instead of standard output")
    gen.add_argument("--stats", action="store_true", help="also print floor metrics")
    gen.add_argument("--from-hex", type=Path, metavar="FILE", help="render an A-Maze-ing hex file")
    gen.add_argument("--list-params", action="store_true", help="list the generator's parameters")

    roll = sub.add_parser("roll", help="roll on a dice table (a game master's dice)")
    roll.add_argument("table", help="a table name, e.g. doors, corridors, chambers")
    roll.add_argument("--seed", help="seed text for repeatable rolls (default: fresh dice)")
    roll.add_argument("--n", type=_roll_count, default=1, help=f"rolls, 1..{MAX_ROLLS}")

    bench = sub.add_parser("bench", help="speed benchmarks with a reference measured in the run")
    bench.add_argument("suite", choices=("generators",))
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--sizes", help="comma-separated WxH list (default 80x50,200x200,1000x1000)")
    bench.add_argument("--repeat", type=int, default=0, help="runs per median (0: by size)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "generate":
            return _generate(args)
        if args.command == "roll":
            from game.tables import roll_text

            seed = args.seed if args.seed is not None else secrets.token_hex(8)
            print(roll_text(args.table, seed, args.n))
            return 0
        if args.command == "bench":
            from game import bench

            return bench.run(args.suite, as_json=args.json, sizes=args.sizes, repeat=args.repeat)
        return _default()
    except (UsageError, ValueError) as problem:
        name = f"run.py {args.command}" if args.command else "run.py"
        print(f"{name}: error: {problem}", file=sys.stderr)
        return EXIT_USAGE


def _default() -> int:
    """No command: open the game window on the main menu (the ui is imported only here)."""
    from game.ui.app import run

    return run()


def _generate(args: argparse.Namespace) -> int:
    spec = generators.get(args.generator)
    if args.list_params:
        for param in spec.params:
            print(param.describe())
        return 0
    if args.from_hex is not None:
        try:
            plan = hexmaze.plan_from_hex(_read_text(args.from_hex, MAX_HEX_BYTES))
        except ValueError as problem:
            raise UsageError(f"{args.from_hex}: {problem}") from None
        seed = ""
    else:
        if args.seed is None:
            raise UsageError("--seed TEXT is required (or --from-hex FILE)")
        params = parse_assignments(args.param)
        spec.resolve_params(params)  # reject bad parameters before any work
        plan = generators.generate_floor(
            spec.name, seed_from_text(args.seed), args.depth, args.width, args.height, params
        )
        seed = args.seed
    for warning in plan.extra.get("warnings", ()):
        print(f"warning: {warning}", file=sys.stderr)
    payload = _render(plan, args.format, seed, args.depth, args.stats)
    if args.out is not None:
        _write(args.out, payload)
        if args.stats and args.format in ("hex", "png"):
            print("\n".join(floor_stats(plan).lines()))
    elif isinstance(payload, bytes):
        sys.stdout.buffer.write(payload)
        if args.stats:
            print("\n".join(floor_stats(plan).lines()), file=sys.stderr)
    else:
        sys.stdout.write(payload)
        if args.stats and args.format == "hex":
            print("\n".join(floor_stats(plan).lines()), file=sys.stderr)
    return 0


def _render(plan: FloorPlan, fmt: str, seed: str, depth: int, stats: bool) -> str | bytes:
    if fmt == "ascii":
        text = "\n".join(to_ascii(plan.tiles)) + "\n"
        if stats:
            text += "\n" + "\n".join(floor_stats(plan).lines()) + "\n"
        return text
    if fmt == "json":
        data = floorjson.floor_to_dict(plan, seed, depth)
        if stats:
            data["stats"] = floor_stats(plan).as_dict()
        return json.dumps(data, indent=1) + "\n"
    if fmt == "hex":
        if plan.generator != "maze":
            raise UsageError(f"--format hex is for the maze generator only, not {plan.generator}")
        return hexmaze.plan_to_hex(plan)
    return png.floor_png(plan)


def _read_text(path: Path, limit: int) -> str:
    try:
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except OSError as problem:
        raise UsageError(f"cannot read {path}: {problem.strerror}") from None
    if len(data) > limit:
        raise UsageError(f"{path} is larger than {limit} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError(f"{path} is not UTF-8 text") from None


def _write(path: Path, payload: str | bytes) -> None:
    data = payload.encode("utf-8") if isinstance(payload, str) else payload
    try:
        path.write_bytes(data)
    except OSError as problem:
        raise UsageError(f"cannot write {path}: {problem.strerror}") from None
