"""`run.py generate`: one floor, printed or exported (ascii, json, hex, png, the text key).

Each format's exporter is imported only when it is asked for: the plain ascii floor is the
command a player types most and should start as fast as Python itself."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import generators
from game.cli.common import UsageError, checked_seed, write_output, write_problem
from game.floorplan import FloorPlan
from game.params import parse_assignments
from game.run.recipe import ALL_DRESSING, FloorRecipe
from game.stats import floor_stats
from game.tiles import to_ascii
from game.userfiles import read_text

if TYPE_CHECKING:
    from game.export.gamefloor import GameFloor

MAX_HEX_BYTES = 16 * 1024 * 1024


def run(args: argparse.Namespace) -> int:
    spec = generators.get(args.generator or "bsp")
    if args.list_params:
        from game.dressing import DRESSING_PARAMS

        for param in spec.params:
            print(param.describe())
        for param in DRESSING_PARAMS:
            if param.name not in {p.name for p in spec.params}:
                print(f"{param.describe()} [dressing]")
        return 0
    made: GameFloor | None = None
    if args.from_hex is not None:
        from game.export import hexmaze

        text = read_text(args.from_hex, MAX_HEX_BYTES)
        try:
            plan = hexmaze.plan_from_hex(text)
        except ValueError as problem:
            raise UsageError(f"{args.from_hex}: {problem}") from None
        seed = ""
    else:
        made = game_floor(args, furnished=args.format == "json",
                          dressed=args.format in ("json", "text"))
        seed, plan = made.seed, made.plan
    for warning in plan.extra.get("warnings", ()):
        print(f"warning: {warning}", file=sys.stderr)
    payload = _render(plan, made, args.format, seed, args.depth, args.stats)
    for warning in plan.extra.get("warnings", ()):
        print(f"warning: {warning}", file=sys.stderr)
    if isinstance(payload, dict):
        _stream_json(payload, args.out)
    elif args.out is not None:
        write_output(args.out, payload)
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


def game_floor(args: argparse.Namespace, dressed: bool = True,
               furnished: bool = True) -> GameFloor:
    """The floor the flags name, as the game plays it: depth --depth of the run that --code, or
    --seed with --plan, names; with neither --generator, a size nor --param, --seed alone names
    the default run. Naming a generator, a size or a parameter makes a lone floor of that
    recipe, which each generator's default size (the run's) makes the game's floor too."""
    from game.cli.runs import choose_run
    from game.export.gamefloor import lone_floor, run_floor
    from game.run import Run
    from game.run.recipes import default_size

    lone = [flag for flag, given in (("--generator", args.generator), ("--width", args.width),
                                     ("--height", args.height), ("--param", args.param)) if given]
    if args.run_code is not None or args.run_plan is not None:
        if lone:
            raise UsageError(f"{lone[0]}: the run's plan names each floor (its generator, size "
                             "and parameters): leave it out with --code or --plan")
        if args.run_code is not None and args.seed is not None:
            raise UsageError("--code already holds the seed and the plan: give it alone")
        args.run_seed = checked_seed(args.seed) if args.seed is not None else None
        args.run_config, args.daily = None, False
        run = choose_run(args)
        assert run is not None
        return run_floor(run, args.depth, dressed, furnished)
    if args.seed is None:
        raise UsageError("--seed TEXT is required (or --code CODE, or --from-hex FILE)")
    seed = checked_seed(args.seed)
    run = Run.from_plan(seed)
    if not lone:
        if args.depth > run.last_depth:
            raise UsageError(f"--depth {args.depth} is outside the run's depths 1.."
                             f"{run.last_depth} (name a --generator for a floor at any depth)")
        return run_floor(run, args.depth, dressed, furnished)
    name = args.generator or (run.recipes[args.depth - 1].generator
                              if args.depth <= run.last_depth else "bsp")
    width, height = default_size(generators.get(name).name)
    recipe = FloorRecipe(args.depth, name, args.width or width, args.height or height,
                         tuple(sorted(parse_assignments(args.param).items())), ALL_DRESSING)
    return lone_floor(seed, recipe, dressed, furnished)


def _stream_json(data: dict[str, Any], out: Path | None) -> None:
    """The JSON export written piece by piece as it is encoded (json.dump), never held whole as
    one string: a 4000x4000 floor prints some 160 MB, which as one string (and the encoder's
    list of pieces) took over 2 GB."""
    import json

    if out is None:
        json.dump(data, sys.stdout, indent=1)
        sys.stdout.write("\n")
        return
    import io

    from game.userfiles import replacing

    try:
        with replacing(out, make_folder=False) as raw, io.TextIOWrapper(io.BufferedWriter(raw),
                                                      encoding="utf-8") as handle:
            json.dump(data, handle, indent=1)
            handle.write("\n")
    except OSError as problem:
        raise UsageError(write_problem(out, problem)) from None


def _render(
    plan: FloorPlan, made: GameFloor | None, fmt: str, seed: str, depth: int, stats: bool
) -> str | bytes | dict[str, Any]:
    """The export: text, bytes, or (json) the document to stream."""
    if fmt == "ascii":
        text = "\n".join(to_ascii(plan.tiles)) + "\n"
        if stats:
            text += "\n" + "\n".join(floor_stats(plan).lines()) + "\n"
        return text
    dressed = made.dressing if made is not None else None
    if made is not None and dressed is not None and fmt == "text":
        from game.export.textkey import text_key

        return text_key(plan, dressed, seed, made.depth, code=made.code)
    if made is not None and dressed is not None and fmt == "json":
        from game.export import floorjson

        data = floorjson.dressed_floor_to_dict(plan, dressed, seed, made.depth)
        floorjson.add_run_fields(data, made.code, made.floor)
        if stats:
            data["stats"] = floor_stats(plan).as_dict()
        return data
    if fmt == "hex":
        if plan.generator != "maze":
            raise UsageError(f"--format hex is for the maze generator only, not {plan.generator}")
        from game.export import hexmaze

        return hexmaze.plan_to_hex(plan)
    from game.export import png

    return png.floor_png(plan)
