"""The run options of the command line: a seed with a plan (short form or TOML run file), a run
code, or the daily seed, made into one `Run`. Shared by playing, the catalog, snapshots and
autoplay so they agree exactly. The parser adds these options to several commands, so the run
machinery (recipes, the dressing's parameters) loads only when a run is chosen."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from game.userfiles import MAX_CONFIG_BYTES, read_text

if TYPE_CHECKING:
    from game.run import Run


def add_run_options(parser: argparse.ArgumentParser, seed_help: str = "run seed text") -> None:
    parser.add_argument("--seed", dest="run_seed", metavar="TEXT", help=seed_help)
    parser.add_argument("--plan", dest="run_plan", metavar="PLAN",
                        help='generator per depth, e.g. "1-2:bsp,3:power,4-10:random"')
    parser.add_argument("--config", dest="run_config", type=Path, metavar="FILE",
                        help="a TOML run file (seed and [[floor]] tables)")
    parser.add_argument("--code", dest="run_code", metavar="CODE", help="a shared run code")
    parser.add_argument("--daily", action="store_true", help="today's seed (UTC date)")


def choose_run(args: argparse.Namespace, seed_required: bool = True) -> Run | None:
    """The run the options name (None when none is named and none is required). Bad options
    raise ValueError (RecipeError, RunCodeError) with one line saying what is wrong."""
    from game.run import Run
    from game.run.recipes import parse_recipes

    if args.run_code is not None:
        if args.run_seed or args.run_plan or args.run_config or args.daily:
            raise ValueError("--code already holds the seed and the plan: give it alone")
        return Run.from_code(args.run_code)
    if args.run_config is not None:
        if args.run_plan:
            raise ValueError("give --plan or --config, not both")
        text = read_text(args.run_config, MAX_CONFIG_BYTES)
        return Run.from_file(text, str(args.run_config), args.run_seed, args.daily)
    if args.daily:
        if args.run_seed:
            raise ValueError("--daily chooses the seed itself: leave out --seed")
        return Run.daily(plan=args.run_plan)
    if args.run_seed is None:
        if args.run_plan:
            parse_recipes(args.run_plan)  # a bad plan is named before the missing seed
        if seed_required or args.run_plan:
            raise ValueError("name a run: --seed TEXT, --code CODE or --daily")
        return None
    return Run.from_plan(args.run_seed, args.run_plan)
