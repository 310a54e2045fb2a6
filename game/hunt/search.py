"""Hunting over many seeds: chunks of seeds in a process pool (the standard library's), results
in seed order and the same as in one process.

Each seed's answer depends on the seed, the plan and the query alone (every floor is made from
its recipe, game.catalog), so the chunks can go to any worker in any order; `Executor.map`
hands the results back in the order of the chunks. The parent loads the tables, bestiary and
items before the pool starts, so forked workers share them instead of reading them again.
"""

from __future__ import annotations

import functools
import gc
import multiprocessing
import signal
from collections.abc import Callable, Generator, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor

from game.hunt.floors import Match, run_matches
from game.hunt.query import Query, parse
from game.hunt.words import checked
from game.run import Run

CHUNK = 25
"""Seeds a worker takes at a time at most: enough to pay for the round trip (a millisecond
against some 40 for each seed of a full query), few enough that the progress bar moves."""
SHARES = 8
"""Chunks each worker gets at least (when there are seeds enough): the last chunks to finish
are small, so the workers finish together."""


def run_of(seed: str, plan: str | None) -> Run:
    """The run a hunted seed names (the default run without a plan)."""
    return Run.from_plan(seed, plan)


@functools.lru_cache(maxsize=4)
def parsed(text: str) -> Query:
    """The query parsed and its words checked (once a process: each worker parses its own)."""
    return checked(parse(text))


def hunt_chunk(seeds: Sequence[str], query: str, plan: str | None) -> list[Match | None]:
    """Each seed's match or None, in order (a worker's share; the query parsed once a process)."""
    asked = parsed(query)
    return [run_matches(asked, run_of(seed, plan)) for seed in seeds]


@functools.cache
def warm_up() -> None:
    """Load what every floor reads (tables, bestiary, items, themes) before a pool forks."""
    from game import catalog

    run = run_of("warm-up", None)
    catalog.catalog(run, range(1, run.last_depth + 1), "full")


def hunt(
    seeds: Sequence[str], query: str, plan: str | None, jobs: int,
    progress: Callable[[int, int], None] | None = None,
) -> Generator[Match | None, None, None]:
    """Every seed's answer in seed order (None where the run does not match); `progress(done,
    matched)` after each chunk. One job runs here, in this process; more run in a pool."""
    size = max(1, min(CHUNK, len(seeds) // (max(jobs, 1) * SHARES)))
    chunks = [seeds[at:at + size] for at in range(0, len(seeds), size)]
    if jobs <= 1 or len(chunks) <= 1:
        results: Iterator[list[Match | None]] = (hunt_chunk(c, query, plan) for c in chunks)
        yield from _counted(results, progress)
        return
    warm_up()
    context = multiprocessing.get_context(
        "fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    gc.freeze()  # the parent's objects out of the workers' collections: their pages stay shared
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_worker)
    try:
        results = pool.map(hunt_chunk, chunks, [query] * len(chunks), [plan] * len(chunks))
        yield from _counted(results, progress)
    finally:  # a reader gone (`| head`) or Ctrl-C: the chunks not started are dropped
        pool.shutdown(wait=True, cancel_futures=True)
        gc.unfreeze()


def _worker() -> None:
    """A worker leaves Ctrl-C to the parent, which stops the pool (no trace from each one)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _counted(
    results: Iterator[list[Match | None]], progress: Callable[[int, int], None] | None
) -> Iterator[Match | None]:
    done = matched = 0
    for chunk in results:
        for answer in chunk:
            done += 1
            matched += answer is not None
            yield answer
        if progress is not None:
            progress(done, matched)
