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

from game import amazeing, generators
from game.dressing import DRESSING_PARAMS, Dressing, dress_floor
from game.export import floorjson, hexmaze, png
from game.export.textkey import text_key
from game.floorplan import FloorPlan
from game.generators.common import GeneratorSpec
from game.params import parse_assignments, resolve
from game.runargs import add_run_options, choose_run
from game.save import commands as save_commands
from game.seeds import seed_from_text
from game.stats import floor_stats
from game.tiles import to_ascii
from game.userfiles import read_text

EXIT_USAGE = 2
MAX_SIDE = 4000
MAX_ROLLS = 10_000
SNAPSHOT_VIEWS = ("map", "first-person")
MAX_HEX_BYTES = 16 * 1024 * 1024
MAX_TURNS = 10_000_000
MAX_RUNS = 100_000
FORMATS = ("ascii", "json", "hex", "png", "text")


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


def _turn_limit(text: str) -> int:
    return _bounded(text, 1, MAX_TURNS)


def _run_count(text: str) -> int:
    return _bounded(text, 1, MAX_RUNS)


def _bounded(text: str, low: int, high: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"{value} is outside {low}..{high}")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="run.py", description="Delve: a roguelike that plays its generators.")
    add_run_options(parser, "run seed text for the game (no command: play)")
    save_commands.add_play_options(parser)
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
    bench.add_argument("suite", choices=("generators", "turns", "saves"))
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--sizes", help="comma-separated WxH list (default 80x50,200x200,1000x1000)")
    bench.add_argument("--repeat", type=int, default=0, help="runs per median (0: by size)")

    catalog = sub.add_parser("catalog", help="what each depth of a run holds, without playing")
    add_run_options(catalog)
    catalog.add_argument("--depths", default="", help="e.g. 1-10 or 3 (default: every depth)")
    catalog.add_argument("--spoilers", choices=("layout", "full"), default="layout")
    catalog.add_argument("--format", choices=("text", "json", "csv"), default="text")

    snap = sub.add_parser("snapshot", help="render the play screen to PNG, no window")
    add_run_options(snap)
    snap.add_argument("--turns", type=_snapshot_turns, default=0,
                      help="turns the autoplay bot plays first (default 0)")
    snap.add_argument("--view", choices=SNAPSHOT_VIEWS, default="map")
    snap.add_argument("--out", type=Path, required=True, metavar="FILE.png")

    replay = sub.add_parser("replay", help="play back a replay file (--verify: no window)")
    replay.add_argument("file", type=Path)
    replay.add_argument("--verify", action="store_true",
                        help="replay without a window; report identical or the first difference")

    auto = sub.add_parser("autoplay", help="a bot plays without a window; prints a summary")
    add_run_options(auto)
    auto.add_argument("--record", type=Path, metavar="FILE", help="write a replay of the run")
    auto.add_argument("--turns", type=_turn_limit, default=2000,
                      help=f"stop after this many turns, 1..{MAX_TURNS}")
    auto.add_argument("--runs", type=_run_count, help="play seeds TEXT, TEXT-2, ... in a row")
    auto.add_argument("--json", action="store_true")
    save_commands.add_autoplay_options(auto)
    save_commands.add_save_info(sub)
    amazeing.add_arguments(sub.add_parser("amazeing", help="A-Maze-ing: a maze from a config file"))
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
        if args.command == "autoplay":
            return _autoplay(args)
        if args.command == "amazeing":
            return amazeing.main(args)
        if args.command == "save-info":
            return save_commands.save_info(args)
        if args.command == "snapshot":
            return _snapshot(args)
        if args.command == "catalog":
            return _catalog(args)
        if args.command == "replay":
            return _replay(args)
        if args.command == "bench":
            from game import bench

            return bench.run(args.suite, as_json=args.json, sizes=args.sizes, repeat=args.repeat)
        return _default(args)
    except (UsageError, ValueError) as problem:
        name = f"run.py {args.command}" if args.command else "run.py"
        print(f"{name}: error: {problem}", file=sys.stderr)
        return EXIT_USAGE


def _autoplay(args: argparse.Namespace) -> int:
    """One run (a summary line or JSON object), or with --runs a soak summary: runs, turns,
    deepest depth and the exceptions caught (each with its traceback on stderr; exit 1)."""
    from game.bot import autoplay
    from game.replay import Recording

    run = choose_run(args)
    if run is None:  # choose_run requires a run, so this cannot happen
        raise UsageError("name a run: --seed TEXT, --code CODE or --daily")
    save_commands.check_autoplay(args)
    if args.runs is None:
        recording = Recording("") if args.record is not None else None
        game, result = autoplay.play(run.seed, args.turns, run.recipes, daily=run.daily,
                                     recording=recording)
        if recording is not None:
            _write(args.record, recording.text())
        save_commands.keep_autoplay_state(args, game)
        print(json.dumps(result.as_dict(), indent=1) if args.json else result.line())
        return 0
    if args.record is not None:
        raise UsageError("--record writes one run: leave out --runs")
    summary = autoplay.play_runs(run.seed, args.runs, args.turns)
    for seed, _, trace in summary.errors:
        print(f"run {seed!r} raised:\n{trace}", file=sys.stderr)
    print(json.dumps(summary.as_dict(), indent=1) if args.json else summary.line())
    return 1 if summary.errors else 0


def _default(args: argparse.Namespace) -> int:
    """No command: open the game window, on the main menu or, with a run named, in that run
    (the ui is imported only here)."""
    from game.ui.app import WindowError, run
    from game.ui.session import Session, plan_rows
    from game.world.dungeon import new_game

    save_commands.configure_play(args)
    chosen = choose_run(args, seed_required=False)
    session = None
    if chosen is not None:
        session = Session(plan=plan_rows(chosen.recipes), seed_text=chosen.seed,
                          daily=chosen.daily)
        session.game = new_game(chosen.seed, chosen.recipes, chosen.daily)
    try:
        return run(session=session)
    except WindowError as problem:
        raise UsageError(str(problem)) from None


def _snapshot_turns(text: str) -> int:
    return _bounded(text, 0, MAX_TURNS)


def _snapshot(args: argparse.Namespace) -> int:
    """The screen a player would see after the bot's turns, drawn with the project tileset."""
    from game.bot import autoplay
    from game.ui import render

    run = choose_run(args)
    if run is None:
        raise UsageError("name a run: --seed TEXT, --code CODE or --daily")
    game, _ = autoplay.play(run.seed, args.turns, run.recipes, daily=run.daily)
    if args.view == "map":
        image = render.play_png(game)
    else:
        from game.ui import firstperson

        facing = firstperson.initial_facing(game.floor, game.player.pos)
        image = firstperson.firstperson_png(game, facing)
    _write(args.out, image)
    print(f"wrote {args.out}: depth {game.depth}, turn {game.turn}")
    return 0


def _catalog(args: argparse.Namespace) -> int:
    from game import catalog
    from game.runcode import RunCode, encode
    from game.runplan import plan_text
    from game.version import RULES_VERSION
    from game.world.dungeon import default_recipes

    run = choose_run(args)
    if run is None:
        raise UsageError("name a run: --seed TEXT, --code CODE or --daily")
    plan = "" if run.recipes == default_recipes() else plan_text(run.recipes)
    code = encode(RunCode(run.seed, plan, run.daily))
    depths = _depth_range(args.depths, len(run.recipes))
    data = catalog.catalog(code, RULES_VERSION, run.recipes, seed_from_text(run.seed), depths,
                           args.spoilers)
    if args.format == "json":
        print(json.dumps(data, indent=1))
    elif args.format == "csv":
        sys.stdout.write(catalog.as_csv(data))
    else:
        sys.stdout.write(catalog.as_text(data))
    return 0


def _depth_range(text: str, deepest: int) -> range:
    if not text:
        return range(1, deepest + 1)
    first, _, last = text.partition("-")
    if not first.isdigit() or (last and not last.isdigit()):
        raise UsageError(f"--depths {text!r} is not N or N-M")
    low, high = int(first), int(last or first)
    if not 1 <= low <= high <= deepest:
        raise UsageError(f"--depths {text!r} is outside 1..{deepest}")
    return range(low, high + 1)


def _replay(args: argparse.Namespace) -> int:
    from game.replay import read, verify

    recording = read(args.file)
    if not args.verify:
        from game.ui.app import WindowError, run_replay

        try:
            return run_replay(recording)
        except WindowError as problem:
            raise UsageError(str(problem)) from None
    first = verify(recording)
    if first is None:
        print(f"identical: {len(recording.steps)} actions")
        return 0
    print(f"differs: action {first} of {len(recording.steps)} leads to another state")
    return 1


def _generate(args: argparse.Namespace) -> int:
    spec = generators.get(args.generator)
    if args.list_params:
        for param in spec.params:
            print(param.describe())
        for param in DRESSING_PARAMS:
            if param.name not in {p.name for p in spec.params}:
                print(f"{param.describe()} [dressing]")
        return 0
    layout_params, dressing_params = _split_params(spec, parse_assignments(args.param))
    if args.from_hex is not None:
        text = read_text(args.from_hex, MAX_HEX_BYTES)
        try:
            plan = hexmaze.plan_from_hex(text)
        except ValueError as problem:
            raise UsageError(f"{args.from_hex}: {problem}") from None
        seed = ""
    else:
        if args.seed is None:
            raise UsageError("--seed TEXT is required (or --from-hex FILE)")
        plan = generators.generate_floor(
            spec.name, seed_from_text(args.seed), args.depth, args.width, args.height,
            layout_params,
        )
        seed = args.seed
    for warning in plan.extra.get("warnings", ()):
        print(f"warning: {warning}", file=sys.stderr)
    dressed = None
    if args.format in ("json", "text"):
        dressed = dress_floor(plan, seed_from_text(seed), args.depth, dressing_params)
    payload = _render(plan, dressed, args.format, seed, args.depth, args.stats)
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


def _split_params(
    spec: GeneratorSpec, given: dict[str, str]
) -> tuple[dict[str, str], dict[str, str]]:
    """--param values for the generator and for the dressing pass (a key both know goes to both:
    the tables generator grows to the same ruleset budget that the dressing deals encounters by).
    Both sets are checked here, before any work."""
    layout_names = {p.name for p in spec.params}
    dressing_names = {p.name for p in DRESSING_PARAMS}
    unknown = sorted(set(given) - layout_names - dressing_names)
    if unknown:
        valid = ", ".join(sorted(layout_names | dressing_names))
        raise UsageError(f"generator {spec.name} has no parameter {unknown[0]!r}; valid: {valid}")
    layout = {k: v for k, v in given.items() if k in layout_names}
    dressing = {k: v for k, v in given.items() if k in dressing_names}
    spec.resolve_params(layout)
    resolve(DRESSING_PARAMS, dressing, "the dressing")
    return layout, dressing


def _render(
    plan: FloorPlan, dressed: Dressing | None, fmt: str, seed: str, depth: int, stats: bool
) -> str | bytes:
    if fmt == "ascii":
        text = "\n".join(to_ascii(plan.tiles)) + "\n"
        if stats:
            text += "\n" + "\n".join(floor_stats(plan).lines()) + "\n"
        return text
    if dressed is not None and fmt == "text":
        return text_key(plan, dressed, seed, depth)
    if dressed is not None and fmt == "json":
        data = floorjson.dressed_floor_to_dict(plan, dressed, seed, depth)
        if stats:
            data["stats"] = floor_stats(plan).as_dict()
        return json.dumps(data, indent=1) + "\n"
    if fmt == "hex":
        if plan.generator != "maze":
            raise UsageError(f"--format hex is for the maze generator only, not {plan.generator}")
        return hexmaze.plan_to_hex(plan)
    return png.floor_png(plan)


def _write(path: Path, payload: str | bytes) -> None:
    data = payload.encode("utf-8") if isinstance(payload, str) else payload
    try:
        path.write_bytes(data)
    except OSError as problem:
        raise UsageError(f"cannot write {path}: {problem.strerror}") from None
