"""`run.py bench`: medians beside a yardstick measured in the same run.

The machines are shared and noisy, so every figure is read as a ratio to the reference: one
`tcod.path.dijkstra2d` flood over an open map of the same size. Reference and subject runs are
interleaved so that a slow spell of the machine hits both.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np
import tcod.path

from game import generators, tiles
from game.cli.parser import MAX_SIDE
from game.floorplan import king_distance
from game.rules.actions import Success, TakeStairs, Wait
from game.rules.stairs import GOES
from game.run import FloorRecipe, Run, default_recipes
from game.seeds import Rng
from game.turns import player_act
from game.world.fov import update_fov
from game.world.kinds import Mode
from game.world.model import PLAYER_ID, Actor, Floor, Game, Hero

DEFAULT_SIZES = ((80, 50), (200, 200), (1000, 1000))
TURN_SCENES = (("open80x45", 80, 45, (10, 100, 500)), ("floor200x200", 200, 200, (100,)))
"""(name, width, height, monster counts) of the `bench turns` scenes."""
TURNS_PER_SCENE = 3
RENDER_FLOORS = ((80, 45), (200, 200))
RENDER_CONSOLE = (80, 50)
"""The window's console: a frame draws the part of the floor that fits, whatever its size."""
RENDER_MONSTERS = 10
DESCENT_FLOOR = (80, 45)
"""The size of the floors the descent bench goes down to."""
DESCENT_LIMIT_MS = 16.0
"""Target: the stairs key to the new floor's first frame, at most this many milliseconds."""
SAVE_FLOODS = 40
"""Target: saving or loading a ten-floor run costs at most this many 80x45 reference floods."""
BARE_IMPORT = "import numpy, tcod, tcod.path"
"""The start-up yardstick: Python importing the libraries every command needs."""
STARTUP_COMMANDS = (
    ("generate", 1.5, ("generate", "--generator", "bsp", "--seed", "x", "--format", "ascii")),
    ("first_frame", 2.0, ("snapshot", "--seed", "x", "--turns", "0", "--out", "{folder}/f.png")),
    ("catalog", 1.75, ("catalog", "--seed", "S", "--depths", "1-10", "--spoilers", "full")),
)
"""(name, target ratio, `run.py` arguments) of the whole processes `bench startup` times."""
STARTUP_REPEATS = 7


MAX_SIZES = 8
"""Sizes one bench run may measure: each is a full round of every generator."""


def parse_sizes(text: str | None) -> tuple[tuple[int, int], ...]:
    """ "80x50,200x200" -> ((80, 50), (200, 200)); ValueError naming a bad entry."""
    if not text:
        return DEFAULT_SIZES
    items = text.split(",")
    if len(items) > MAX_SIZES:
        raise ValueError(f"at most {MAX_SIZES} sizes, not {len(items)}")
    sizes = []
    for item in items:
        width, sep, height = item.strip().lower().partition("x")
        if not sep or not width.isdigit() or not height.isdigit():
            raise ValueError(f"size {item!r} is not WxH")
        if not all(1 <= int(side) <= MAX_SIDE for side in (width, height)):
            raise ValueError(f"size {item!r}: each side must be within 1..{MAX_SIDE}, as for"
                             " generate")
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


def _dressed_maker(name: str, seed: int, width: int, height: int) -> Callable[[], object]:
    """Layout and the dressing pass together: what a floor costs before play."""
    from game.dressing import dress_floor

    return lambda: dress_floor(generators.generate_floor(name, seed, 1, width, height), seed, 1)


CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
"""`--clock`: wall time (the default), or the CPU time of this process, which other processes
on a loaded machine disturb less."""


def _time_ms(action: Callable[[], object], clock: Callable[[], float] = time.perf_counter
             ) -> float:
    start = clock()
    action()
    return (clock() - start) * 1000.0


def bench_generators(
    sizes: tuple[tuple[int, int], ...], repeat: int, clock: str = "wall"
) -> dict[str, Any]:
    """Median ms per generator and of the reference flood, at each size."""
    result: dict[str, Any] = {}
    tick = CLOCKS[clock]
    for width, height in sizes:
        flood = reference_flood(width, height)
        names = generators.names()
        samples: dict[str, list[float]] = {name: [] for name in names}
        dressed: dict[str, list[float]] = {name: [] for name in names}
        flood_ms: list[float] = []
        for run in range(_repeats_for(width, height, repeat)):
            flood_ms.append(_time_ms(flood, tick))
            for name in names:
                samples[name].append(_time_ms(_floor_maker(name, run, width, height), tick))
                dressed[name].append(_time_ms(_dressed_maker(name, run, width, height), tick))
        result[f"{width}x{height}"] = {
            "reference_flood_ms": round(statistics.median(flood_ms), 3),
            "generators": {n: round(statistics.median(s), 3) for n, s in samples.items()},
            "with_dressing": {n: round(statistics.median(s), 3) for n, s in dressed.items()},
        }
    report: dict[str, Any] = {"sizes": result}
    growth = growth_ratios(result)
    if growth:
        report["growth"] = growth
    return report


GROWTH_SIZES = ("80x50", "1000x1000")
"""The growth check compares the cost per tile at the largest default size with the smallest."""


def growth_ratios(sizes: dict[str, Any]) -> dict[str, dict[str, float]]:
    """Per generator: cost per tile at 1000x1000 over cost per tile at 80x50, layout alone and
    dressed (above 1: the floor grows faster than its area). Empty unless both sizes ran."""
    small, large = GROWTH_SIZES
    if small not in sizes or large not in sizes:
        return {}
    tiles_of = {size: math.prod(int(side) for side in size.split("x")) for size in GROWTH_SIZES}
    def per_tile(size: str, key: str, name: str) -> float:
        return float(sizes[size][key][name]) / tiles_of[size]

    return {
        name: {
            key: round(per_tile(large, key, name) / per_tile(small, key, name), 3)
            for key in ("generators", "with_dressing")
        }
        for name in sizes[small]["generators"]
    }


def open_room_game(width: int, height: int, monsters: int) -> Game:
    """A game on one open room (walls round the edge) with the player in the middle and
    `monsters` soldiers awake and hunting, nearest first, no two of them (nor the player) side
    by side, so the first turn is all walking."""
    grid = np.full((height, width), tiles.WALL, dtype=np.uint8)
    grid[1:-1, 1:-1] = tiles.FLOOR
    px, py = width // 2 | 1, height // 2 | 1
    floor = Floor(
        depth=1, generator="bench", fingerprint="bench", tiles=grid,
        explored=np.zeros(grid.shape, dtype=np.bool_), visible=np.zeros(grid.shape, dtype=np.bool_),
        arrival=(px, py), exits=(),
    )
    player = Actor(
        id=PLAYER_ID, kind="player", name="you", glyph="@", color=(255, 255, 255), x=px, y=py,
        hp=10**9, max_hp=10**9, ac=12, attack=3, damage="1d3",
    )
    game = Game(
        run=Run("bench", (FloorRecipe(1, "bsp", 80, 45),)),
        player=player, hero=Hero(), rng=Rng(0), floors={1: floor},
    )
    spots = [(x, y) for y in range(2, height - 1, 2) for x in range(2, width - 1, 2)
             if king_distance((x, y), (px, py)) > 1]
    spots.sort(key=lambda p: (king_distance(p, (px, py)), p[1], p[0]))
    if len(spots) < monsters:
        raise ValueError(f"{monsters} monsters do not fit in {width}x{height}")
    for number, (x, y) in enumerate(spots[:monsters], start=1):
        floor.monsters.append(Actor(
            id=number, kind="soldier", name="soldier", glyph="s", color=(200, 80, 80), x=x, y=y,
            hp=20, max_hp=20, ac=14, attack=3, damage="1d6", role="soldier", mode=Mode.HUNT,
        ))
    update_fov(floor, px, py)
    return game


def _turn_samples(width: int, height: int, monsters: int) -> list[float]:
    """Milliseconds of each of the first turns of a fresh scene (the player waits)."""
    game = open_room_game(width, height, monsters)
    return [_time_ms(lambda: player_act(game, Wait())) for _ in range(TURNS_PER_SCENE)]


def render_frame(width: int, height: int) -> Callable[[], None] | None:
    """Drawing one play frame of a fully explored floor, or None without the ui module."""
    try:
        import tcod.console

        from game.ui.render import render_play
    except ImportError:
        return None
    game = open_room_game(width, height, RENDER_MONSTERS)
    game.floor.explored[:] = True
    console = tcod.console.Console(*RENDER_CONSOLE, order="C")
    return lambda: render_play(console, game)


def descent_game(number: int) -> Game:
    """A fresh run of 80x45 floors (the default run's generators, a new seed per `number`),
    the player on a down stair of depth 1 to 9 (by `number`) and the floor below not made yet."""
    from game.world.dungeon import change_floor, new_game

    width, height = DESCENT_FLOOR
    recipes = tuple(replace(recipe, width=width, height=height) for recipe in default_recipes())
    game = new_game(Run(f"bench-descent-{number}", recipes))
    change_floor(game, 1 + number % (len(recipes) - 1), "arrival")
    game.player.x, game.player.y = min(
        pos for pos, stair in game.floor.stairs.items()
        if stair.direction in GOES["down"] and not stair.dead_end)
    return game


def descent_ms(number: int) -> float | None:
    """Milliseconds from the descend action handed to the rules to the first frame of the new
    floor drawn (offscreen, as `render_frame`), or None without the ui module. The play
    screen's autosave on a floor change is not counted: that is the disk's time."""
    try:
        import tcod.console

        from game.ui.render import render_play
    except ImportError:
        return None
    game = descent_game(number)
    depth = game.depth
    console = tcod.console.Console(*RENDER_CONSOLE, order="C")
    start = time.perf_counter()
    result = player_act(game, TakeStairs("down"))
    render_play(console, game)
    elapsed = (time.perf_counter() - start) * 1000.0
    if not isinstance(result, Success) or game.depth != depth + 1:
        raise RuntimeError(f"the descent bench did not go down from depth {depth}: {result}")
    return elapsed


def bench_turns(repeat: int) -> dict[str, Any]:
    """Median ms of one turn per scene, of one rendered frame per floor size, of a descent to
    a fresh 80x45 floor, and of the reference flood at 80x45, measured interleaved."""
    runs = repeat if repeat > 0 else 11
    flood = reference_flood(80, 45)
    flood_ms: list[float] = []
    turn_ms: dict[str, dict[str, list[float]]] = {
        name: {str(count): [] for count in counts} for name, _, _, counts in TURN_SCENES
    }
    frames = {f"{w}x{h}": render_frame(w, h) for w, h in RENDER_FLOORS}
    render_ms: dict[str, list[float]] = {size: [] for size in frames}
    descend_ms: list[float] = []
    for number in range(runs):
        flood_ms.append(_time_ms(flood))
        if (descent := descent_ms(number)) is not None:
            descend_ms.append(descent)
        for name, width, height, counts in TURN_SCENES:
            for count in counts:
                turn_ms[name][str(count)] += _turn_samples(width, height, count)
        for size, frame in frames.items():
            if frame is not None:
                render_ms[size].append(_time_ms(frame))
    descend = _median(descend_ms) if descend_ms else None
    return {
        "turn_ms": {name: {count: _median(ms) for count, ms in row.items()}
                    for name, row in turn_ms.items()},
        "render_ms": {size: _median(ms) if ms else None for size, ms in render_ms.items()},
        "reference_flood_ms": {"80x45": _median(flood_ms)},
        "descend_ms": descend,
        "descend_floods": None if descend is None else round(descend / _median(flood_ms), 2),
    }


def ten_floor_game() -> Game:
    """A run of the default recipes with every depth visited: the save a long game makes."""
    from game.world.dungeon import floor_at, new_game

    game = new_game(Run("bench-saves"))
    for depth in range(1, game.last_depth + 1):
        floor_at(game, depth)
    return game


def bench_saves(repeat: int) -> dict[str, float]:
    """Median ms of saving the ten-floor run (through the crash-safe writer, backup and fsync
    included) and of loading it back (every check included), beside the 80x45 reference."""
    import tempfile
    from pathlib import Path

    from game.save.store import SaveSlot

    runs = repeat if repeat > 0 else 11
    game = ten_floor_game()
    flood = reference_flood(80, 45)
    save_ms: list[float] = []
    load_ms: list[float] = []
    flood_ms: list[float] = []
    with tempfile.TemporaryDirectory(prefix="delve-bench-") as folder:
        slot = SaveSlot(Path(folder))
        slot.save(game)  # the lock is taken and a previous save exists, as in play
        for _ in range(runs):
            flood_ms.append(_time_ms(flood))
            save_ms.append(_time_ms(lambda: slot.save(game)))
            load_ms.append(_time_ms(slot.load))
        slot.release()
    return {"save_ms": _median(save_ms), "load_ms": _median(load_ms),
            "reference_flood_ms": _median(flood_ms)}


def _process_ms(argv: list[str], env: dict[str, str]) -> float:
    """Wall milliseconds of one whole Python process, start to exit; it must succeed."""
    import subprocess

    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=env)
    return (time.perf_counter() - start) * 1000.0


def bench_startup(repeat: int) -> dict[str, float]:
    """Each command of STARTUP_COMMANDS as a fresh process over the bare import's time: rounds
    of the bare import and every command, interleaved, medians over the rounds.

    Every process reads compiled bytecode and parsed content (game.assets.read_toml), as an
    installed game does: the processes keep both in a cache folder of their own
    (PYTHONPYCACHEPREFIX, written even where PYTHONDONTWRITEBYTECODE is set) that a first round,
    not counted, fills."""
    import os
    import sys
    import tempfile

    runs = repeat if repeat > 0 else STARTUP_REPEATS
    cli = [sys.executable, "-c", "import sys; from game.cli import main; sys.exit(main())"]
    bare = [sys.executable, "-c", BARE_IMPORT]
    bare_ms: list[float] = []
    command_ms: dict[str, list[float]] = {name: [] for name, _, _ in STARTUP_COMMANDS}
    with tempfile.TemporaryDirectory(prefix="delve-bench-") as folder:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = os.path.join(folder, "pycache")
        for round_ in range(runs + 1):
            for name, _, argv in STARTUP_COMMANDS:
                bare_run = _process_ms(bare, env)
                command_run = _process_ms(cli + [arg.format(folder=folder) for arg in argv], env)
                if round_:
                    bare_ms.append(bare_run)
                    command_ms[name].append(command_run)
    bare_median = statistics.median(bare_ms)
    report = {f"{name}_ratio": round(statistics.median(ms) / bare_median, 3)
              for name, ms in command_ms.items()}
    return report | {"bare_import_ms": round(bare_median, 1)}


def _print_startup(report: dict[str, float]) -> None:
    bare = report["bare_import_ms"]
    print(f"bare import ({BARE_IMPORT}): {bare:.0f} ms")
    for name, limit, argv in STARTUP_COMMANDS:
        ratio = report[f"{name}_ratio"]
        verdict = "met" if ratio <= limit else "MISSED"
        shown = " ".join(argv[:3])
        print(f"  {name:12s} run.py {shown:32s} {ratio * bare:7.0f} ms = {ratio:5.2f} x"
              f" (target: at most {limit}) {verdict}")


def _print_saves(report: dict[str, float]) -> None:
    flood = report["reference_flood_ms"]
    print(f"reference flood 80x45: {flood:.3f} ms")
    for name in ("save", "load"):
        ms = report[f"{name}_ms"]
        verdict = "met" if ms <= SAVE_FLOODS * flood else "MISSED"
        print(f"  {name} a 10-floor run: {ms:8.3f} ms = {ms / flood:5.1f} floods"
              f" (target: at most {SAVE_FLOODS}) {verdict}")


def _median(samples: list[float]) -> float:
    return round(statistics.median(samples), 3)


def turn_targets(report: dict[str, Any]) -> list[tuple[str, float | None, float, bool | None]]:
    """(target, measured value, limit, met) for the turn, render and descent targets; None
    where the value could not be measured (no renderer)."""
    open_room, flood = report["turn_ms"]["open80x45"], report["reference_flood_ms"]["80x45"]
    big, small = report["render_ms"]["200x200"], report["render_ms"]["80x45"]
    ratios: list[tuple[str, float | None, float]] = [
        ("turn with 100 monsters, in reference floods", open_room["100"] / flood, 4.0),
        ("turn with 500 monsters / turn with 10", open_room["500"] / open_room["10"], 3.0),
        ("render 200x200 / render 80x45", big / small if big is not None and small else None,
         1.5),
        ("descent to a fresh 80x45 floor, stairs key to first frame, ms",
         report["descend_ms"], DESCENT_LIMIT_MS),
    ]
    return [(name, value, limit, None if value is None else value <= limit)
            for name, value, limit in ratios]


def _print_turns(report: dict[str, Any]) -> None:
    print(f"reference flood 80x45: {report['reference_flood_ms']['80x45']:.3f} ms")
    for name, row in report["turn_ms"].items():
        for count, ms in row.items():
            print(f"  turn  {name:13s} {count:>4s} monsters {ms:9.3f} ms")
    for size, ms in report["render_ms"].items():
        shown = f"{ms:9.3f} ms" if ms is not None else "  n/a (game.ui.render not available)"
        print(f"  frame {size:13s} {'':13s} {shown}")
    descend = report["descend_ms"]
    shown = "  n/a" if descend is None else f"{descend:9.3f} ms = {report['descend_floods']:.1f}" \
        " floods"
    print(f"  descent to a fresh 80x45 floor {'':8s} {shown}")
    for name, value, limit, met in turn_targets(report):
        verdict = "n/a" if met is None else "met" if met else "MISSED"
        shown = "n/a" if value is None else f"{value:.2f}"
        print(f"target: {name}: {shown} (at most {limit}) {verdict}")


def bench_hunt(repeat: int) -> dict[str, Any]:
    """Seed hunting's seeds a second per core and its scaling on 2 jobs (game.hunt.speed),
    beside the 80x45 reference flood."""
    from game.hunt.speed import bench_hunt as measure

    return measure(repeat, reference_flood(80, 45))


def _print_hunt(report: dict[str, Any]) -> None:
    from game.hunt.speed import print_hunt

    print_hunt(report)


FIXED_SUITES: dict[str, tuple[Callable[[int], Any], Callable[[Any], None], str, int | None]] = {
    "startup": (bench_startup, _print_startup, "fixed commands", None),
    "saves": (bench_saves, _print_saves, "one fixed run", None),
    "turns": (bench_turns, _print_turns, "fixed scenes", 1),
    "hunt": (bench_hunt, _print_hunt, "fixed seeds", 1),
}
"""The suites without --sizes: (measure(repeat), print the report, what they time instead,
JSON indent)."""


def run(args: argparse.Namespace) -> int:
    """The `bench` command: one suite, printed as text or JSON."""
    return run_suite(args.suite, as_json=args.json, sizes=args.sizes, repeat=args.repeat,
                     clock=args.clock)


def run_suite(
    suite: str, as_json: bool, sizes: str | None, repeat: int, clock: str = "wall"
) -> int:
    """Measure and print one suite (`repeat` 0: a number of runs chosen by size)."""
    fixed = FIXED_SUITES.get(suite)
    if fixed is not None:
        measure, show, what, indent = fixed
        if sizes:
            raise ValueError(f"--sizes is for the generators suite; {suite} has {what}")
        if clock != "wall":
            raise ValueError(f"--clock is for the generators suite; {suite} times wall clock")
        report = measure(repeat)
        if as_json:
            print(json.dumps(report, indent=indent))
        else:
            show(report)
        return 0
    report = bench_generators(parse_sizes(sizes), repeat, clock)
    if as_json:
        print(json.dumps(report, indent=1))
        return 0
    for size, row in report["sizes"].items():
        ref = row["reference_flood_ms"]
        print(f"{size}: reference flood {ref:.2f} ms")
        for name, ms in row["generators"].items():
            full = row["with_dressing"][name]
            print(f"  {name:8s} {ms:9.2f} ms  {ms / ref:5.2f} floods"
                  f"   with dressing {full:9.2f} ms  {full / ref:5.2f} floods")
    growth = report.get("growth", {})
    if growth:
        print("growth: cost per tile at 1000x1000 over cost per tile at 80x50 (above 1: faster "
              "than the area)")
    for name, ratios in growth.items():
        print(f"  {name:8s} layout {ratios['generators']:5.2f}"
              f"   with dressing {ratios['with_dressing']:5.2f}")
    return 0
