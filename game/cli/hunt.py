"""`run.py hunt`: the seeds whose runs have a floor that matches a query (game.hunt).

One line per matching seed on standard output (JSON lines with --json), in seed order whatever
--jobs is; a progress bar on standard error when it is a terminal (or with --progress).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import TextIO

from game.cli.common import UsageError

MAX_SEEDS = 1_000_000
"""Seeds one hunt may try."""
MAX_SEED_FILE = 64 * 1024 * 1024
STOPPED = 130
"""The exit status after Ctrl-C, as a shell gives a command that SIGINT ended."""


def run(args: argparse.Namespace) -> int:
    from game.hunt.query import QueryError
    from game.hunt.search import hunt, parsed, run_of
    from game.run import MAX_SEED_BYTES

    try:
        parsed(args.where)
    except QueryError as problem:
        raise UsageError(f"--where: {problem}") from None
    seeds = seed_range(args.seeds) if args.seeds else seeds_from(args.seed_file, MAX_SEED_BYTES)
    if seeds:
        run_of(seeds[0], args.plan)  # a bad plan is named here, before any work
    bar = Progress(len(seeds), sys.stderr) if args.progress or sys.stderr.isatty() else None
    answers = hunt(seeds, args.where, args.plan, args.jobs, bar.show if bar else None)
    try:
        for match in answers:
            if match is not None:
                if bar is not None:
                    bar.clear()  # a terminal shows both streams: the line goes where the bar was
                print(json.dumps(match.as_json()) if args.json else match.as_text(), flush=True)
    except KeyboardInterrupt:
        print("\nrun.py hunt: stopped", file=sys.stderr)
        return STOPPED
    finally:
        answers.close()  # stops the pool now, not when the generator is collected
    if bar is not None:
        bar.finish()
    return 0


def seed_range(text: str) -> list[str]:
    """--seeds A-B (or N): the whole numbers A..B as seed texts, as Brogue numbers its seeds."""
    first, _, last = text.partition("-")
    if not first.isdigit() or not (last or first).isdigit():
        raise UsageError(f"--seeds {text[:40]!r} is not A-B (whole numbers) or N")
    low, high = int(first), int(last or first)
    if low > high:
        raise UsageError(f"--seeds {text!r}: {low} is above {high}")
    if high - low + 1 > MAX_SEEDS:
        raise UsageError(f"--seeds {text!r}: at most {MAX_SEEDS} seeds a hunt")
    return [str(seed) for seed in range(low, high + 1)]


def seeds_from(path: Path, max_bytes: int) -> list[str]:
    """--from FILE: one seed text a line (blank lines skipped), each a seed a run may have."""
    from game.userfiles import read_text

    seeds: list[str] = []
    for number, line in enumerate(read_text(path, MAX_SEED_FILE).splitlines(), start=1):
        seed = line.strip()
        if not seed:
            continue
        if len(seed.encode("utf-8")) > max_bytes:
            raise UsageError(f"{path}: line {number}: a seed is at most {max_bytes} bytes")
        seeds.append(seed)
    if len(seeds) > MAX_SEEDS:
        raise UsageError(f"{path}: at most {MAX_SEEDS} seeds a hunt, not {len(seeds)}")
    return seeds


class Progress:
    """A one-line bar on a stream, redrawn at most ten times a second."""

    WIDTH = 30

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total, self.stream = total, stream
        self.start = self.shown = time.perf_counter()
        self.done = self.matched = self.drawn = 0

    def show(self, done: int, matched: int, force: bool = False) -> None:
        self.done, self.matched = done, matched
        now = time.perf_counter()
        if not force and now - self.shown < 0.1 and done < self.total:
            return
        self.shown = now
        filled = self.WIDTH * done // max(1, self.total)
        rate = done / max(now - self.start, 1e-9)
        line = (f"[{'#' * filled}{'.' * (self.WIDTH - filled)}] {done}/{self.total} seeds,"
                f" {matched} matched, {rate:.1f} seeds/s ")
        self.stream.write("\r" + line)
        self.stream.flush()
        self.drawn = len(line)

    def clear(self) -> None:
        """Rub the bar out (on a terminal), to be drawn again under the next line."""
        if self.drawn and self.stream.isatty():
            self.stream.write("\r" + " " * self.drawn + "\r")
            self.stream.flush()
            self.drawn = 0

    def finish(self) -> None:
        self.show(self.done, self.matched, force=True)
        self.stream.write("\n")
        self.stream.flush()
