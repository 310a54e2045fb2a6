"""`run.py bench hunt`: seeds a second per core for full and layout-only queries, and what a
second worker adds, beside Brogue CE's figure and the bench's same-run reference flood.

Per core is seeds over this process's CPU seconds, one job in this process: the machine is shared
and a process waiting for a core is not slower at the work. The scaling is wall time: one job
against two on the same seeds, whose answers must be the same.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from game.hunt.search import hunt, warm_up

FULL_QUERY = "count(item==potion_healing)>=3"
"""A query that needs every floor furnished: the full 10-floor catalog of each seed."""
LAYOUT_QUERY = "rooms>=20 and teleporters>=1"
"""A query of the layout alone: every floor laid out, none dressed."""
FULL_SEEDS, LAYOUT_SEEDS, SCALING_SEEDS = 30, 120, 100
BROGUE_CE_SEEDS_PER_SECOND = 5.0
"""Brogue CE's --print-seed-catalog on this project's machine: about 200 ms for 10 floors
(issue 31)."""
TARGETS = {"full_seeds_per_second_per_core": 20.0, "layout_seeds_per_second_per_core": 60.0,
           "scaling_2_jobs": 1.8}
"""The least each figure must be."""


def _seeds(name: str, round_: int, count: int) -> list[str]:
    return [f"bench-hunt-{name}-{round_}-{number}" for number in range(count)]


def _timed(seeds: list[str], query: str, jobs: int) -> tuple[float, float, list[Any]]:
    """(wall seconds, CPU seconds of this process, the answers) of one hunt."""
    wall, cpu = time.perf_counter(), time.process_time()
    answers = list(hunt(seeds, query, None, jobs))
    return time.perf_counter() - wall, time.process_time() - cpu, answers


def bench_hunt(repeat: int, flood: Callable[[], None]) -> dict[str, Any]:
    """Medians over `repeat` rounds (0: 3) of fresh seeds, the reference flood interleaved."""
    rounds = repeat if repeat > 0 else 3
    warm_up()
    full: list[float] = []
    layout: list[float] = []
    scaling: list[float] = []
    flood_ms: list[float] = []
    for round_ in range(rounds):
        start = time.perf_counter()
        flood()
        flood_ms.append((time.perf_counter() - start) * 1000.0)
        _, cpu, _ = _timed(_seeds("full", round_, FULL_SEEDS), FULL_QUERY, 1)
        full.append(FULL_SEEDS / cpu)
        _, cpu, _ = _timed(_seeds("layout", round_, LAYOUT_SEEDS), LAYOUT_QUERY, 1)
        layout.append(LAYOUT_SEEDS / cpu)
        seeds = _seeds("scaling", round_, SCALING_SEEDS)
        one, _, alone = _timed(seeds, FULL_QUERY, 1)
        two, _, pooled = _timed(seeds, FULL_QUERY, 2)
        if alone != pooled:
            raise RuntimeError("the hunt with 2 jobs answered otherwise than with 1")
        scaling.append(one / two)
    flood_median = statistics.median(flood_ms)
    full_rate = statistics.median(full)
    return {
        "full_seeds_per_second_per_core": round(full_rate, 1),
        "layout_seeds_per_second_per_core": round(statistics.median(layout), 1),
        "scaling_2_jobs": round(statistics.median(scaling), 2),
        "brogue_ce_seeds_per_second": BROGUE_CE_SEEDS_PER_SECOND,
        "full_over_brogue_ce": round(full_rate / BROGUE_CE_SEEDS_PER_SECOND, 1),
        "full_seed_floods": round(1000.0 / full_rate / flood_median, 1),
        "reference_flood_ms": round(flood_median, 3),
        "queries": {"full": FULL_QUERY, "layout": LAYOUT_QUERY},
        "seeds": {"full": FULL_SEEDS, "layout": LAYOUT_SEEDS, "scaling": SCALING_SEEDS,
                  "rounds": rounds},
    }


def print_hunt(report: dict[str, Any]) -> None:
    print(f"reference flood 80x45: {report['reference_flood_ms']:.3f} ms;"
          f" Brogue CE: about {report['brogue_ce_seeds_per_second']:.0f} seeds a second")
    for name, least in TARGETS.items():
        value = report[name]
        verdict = "met" if value >= least else "MISSED"
        print(f"  {name:34s} {value:7.2f} (target: at least {least}) {verdict}")
    print(f"  a full seed costs {report['full_seed_floods']} reference floods;"
          f" {report['full_over_brogue_ce']}x Brogue CE's seeds a second")
