"""Choosing a run on the command line: a seed with a plan (short form or TOML run file), a run
code, or the daily seed. Shared by playing, the catalog and autoplay so they agree exactly."""

from __future__ import annotations

import argparse
import datetime
from dataclasses import dataclass
from pathlib import Path

from game.runcode import decode
from game.runplan import parse_plan, plan_from_toml, recipes
from game.seeds import seed_from_text
from game.userfiles import MAX_CONFIG_BYTES, read_text
from game.world.dungeon import default_recipes
from game.world.model import FloorRecipe


@dataclass(frozen=True, slots=True)
class RunChoice:
    seed: str
    recipes: tuple[FloorRecipe, ...]
    daily: bool = False


def add_run_options(parser: argparse.ArgumentParser, seed_help: str = "run seed text") -> None:
    parser.add_argument("--seed", dest="run_seed", metavar="TEXT", help=seed_help)
    parser.add_argument("--plan", dest="run_plan", metavar="PLAN",
                        help='generator per depth, e.g. "1-2:bsp,3:power,4-10:random"')
    parser.add_argument("--config", dest="run_config", type=Path, metavar="FILE",
                        help="a TOML run file (seed and [[floor]] tables)")
    parser.add_argument("--code", dest="run_code", metavar="CODE", help="a shared run code")
    parser.add_argument("--daily", action="store_true", help="today's seed (UTC date)")


def daily_seed(today: datetime.date | None = None) -> str:
    """The daily run's seed: the UTC date, the same for everyone that day."""
    date = today or datetime.datetime.now(datetime.UTC).date()
    return f"daily-{date.isoformat()}"


def choose_run(args: argparse.Namespace, seed_required: bool = True) -> RunChoice | None:
    """The run the options name (None when none is named and none is required). Bad options
    raise ValueError (PlanError, RunCodeError) with one line saying what is wrong."""
    if args.run_code is not None:
        if args.run_seed or args.run_plan or args.run_config or args.daily:
            raise ValueError("--code already holds the seed and the plan: give it alone")
        code = decode(args.run_code)
        made = recipes(parse_plan(code.plan), seed_from_text(code.seed)) if code.plan else None
        return RunChoice(code.seed, made or default_recipes(), code.daily)
    seed = args.run_seed
    entries = None
    if args.run_config is not None:
        if args.run_plan:
            raise ValueError("give --plan or --config, not both")
        file_seed, entries = plan_from_toml(read_text(args.run_config, MAX_CONFIG_BYTES),
                                             str(args.run_config))
        seed = seed or file_seed
    elif args.run_plan:
        entries = parse_plan(args.run_plan)
    if args.daily:
        if seed:
            raise ValueError("--daily chooses the seed itself: leave out --seed")
        seed = daily_seed()
    if seed is None:
        if seed_required or entries is not None:
            raise ValueError("name a run: --seed TEXT, --code CODE or --daily")
        return None
    made = recipes(entries, seed_from_text(seed)) if entries is not None else default_recipes()
    return RunChoice(seed, made, args.daily)
