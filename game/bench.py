"""`run.py bench`: medians beside a yardstick measured in the same run.

The machines are shared and noisy, so every figure is read as a ratio to the reference: one
`tcod.path.dijkstra2d` flood over an open map of the same size. Reference and subject runs are
interleaved so that a slow spell of the machine hits both.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import tcod.path

from game import generators

DEFAULT_SIZES = ((80, 50), (200, 200), (1000, 1000))


def parse_sizes(text: str | None) -> tuple[tuple[int, int], ...]:
    """ "80x50,200x200" -> ((80, 50), (200, 200)); ValueError naming a bad entry."""
    if not text:
        return DEFAULT_SIZES
    sizes = []
    for item in text.split(","):
        width, sep, height = item.strip().lower().partition("x")
        if not sep or not width.isdigit() or not height.isdigit():
            raise ValueError(f"size {item!r} is not WxH")
        sizes.append((int(width), int(height)))
    return tuple(sizes)


def reference_flood(width: int, height: int) -> Callable[[], None]:
    """One Dijkstra flood from the centre of an open map: the yardstick of every benchmark."""
    cost = np.ones((height, width), dtype=np.int32)
    top = int(np.iinfo(np.int32).max)

    def flood() -> None:
        dist = np.full((height, width), top, dtype=np.int32)
        dist[height // 2, width // 2] = 0
        tcod.path.dijkstra2d(dist, cost, 2, 3, out=dist)

    return flood


def _repeats_for(width: int, height: int, repeat: int) -> int:
    if repeat > 0:
        return repeat
    cells = width * height
    return 21 if cells <= 10_000 else 9 if cells <= 100_000 else 3


def _floor_maker(name: str, seed: int, width: int, height: int) -> Callable[[], object]:
    return lambda: generators.generate_floor(name, seed, 1, width, height)


def _time_ms(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000.0


def bench_generators(sizes: tuple[tuple[int, int], ...], repeat: int) -> dict[str, Any]:
    """Median ms per generator and of the reference flood, at each size."""
    result: dict[str, Any] = {}
    for width, height in sizes:
        flood = reference_flood(width, height)
        names = generators.names()
        samples: dict[str, list[float]] = {name: [] for name in names}
        flood_ms: list[float] = []
        for run in range(_repeats_for(width, height, repeat)):
            flood_ms.append(_time_ms(flood))
            for name in names:
                samples[name].append(_time_ms(_floor_maker(name, run, width, height)))
        result[f"{width}x{height}"] = {
            "reference_flood_ms": round(statistics.median(flood_ms), 3),
            "generators": {n: round(statistics.median(s), 3) for n, s in samples.items()},
        }
    return {"sizes": result}


def run(suite: str, as_json: bool, sizes: str | None, repeat: int) -> int:
    """Entry for the `bench` command."""
    if repeat < 0:
        raise ValueError(f"--repeat {repeat} is below 0")
    report = bench_generators(parse_sizes(sizes), repeat)
    if as_json:
        print(json.dumps(report, indent=1))
        return 0
    for size, row in report["sizes"].items():
        ref = row["reference_flood_ms"]
        print(f"{size}: reference flood {ref:.2f} ms")
        for name, ms in row["generators"].items():
            print(f"  {name:8s} {ms:9.2f} ms  {ms / ref:5.2f} floods")
    return 0
