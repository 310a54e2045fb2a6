"""Run plans: which generator, with which parameters and floor size, makes each depth.

Short form (the command line and run codes):
    1-2:bsp,3:power,4:cave(loops=0),5:tables(ruleset=3.5),6:maze@61x41(stamp=42),7-10:random
Each entry is DEPTHS:GENERATOR[@WxH][(KEY=VALUE;...)] — parameters may also be separated by
commas inside the brackets. `random` draws a generator per depth from the run seed. Depths must
cover 1..N exactly once. Long form: a TOML run file (see `plan_from_toml`).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass

from game import generators
from game.dressing import DRESSING_PARAMS
from game.params import ParamError, resolve
from game.seeds import Rng, derive
from game.world.model import FloorRecipe

MAX_DEPTHS = 99
MAX_SIDE = 400
MIN_SIDE = 20
DEFAULT_SIZES = {
    "bsp": (80, 45), "power": (80, 45), "cave": (90, 50), "tables": (90, 60), "maze": (61, 41),
}
_ENTRY = re.compile(
    r"^(?P<depths>\d+(?:-\d+)?):(?P<gen>[a-z]+)(?:@(?P<w>\d+)x(?P<h>\d+))?(?:\((?P<params>[^()]*)\))?$"
)


class PlanError(ValueError):
    """A plan that cannot be used; the message gives the position and the reason."""


@dataclass(frozen=True, slots=True)
class PlanEntry:
    first: int
    last: int
    generator: str
    size: tuple[int, int] | None
    params: tuple[tuple[str, str], ...]


def split_entries(text: str) -> list[tuple[int, str]]:
    """Top-level comma-separated entries with their character offsets (brackets keep commas)."""
    entries: list[tuple[int, str]] = []
    depth = 0
    start = 0
    for index, char in enumerate(text + ","):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        if char == "," and depth == 0:
            entries.append((start, text[start:index]))
            start = index + 1
    if depth != 0:
        raise PlanError(f"plan: unbalanced brackets in {text!r}")
    return entries


def parse_plan(text: str) -> tuple[PlanEntry, ...]:
    """Parse the short form; PlanError names the character position and the problem."""
    if not text.strip():
        raise PlanError("plan: empty")
    if len(text) > 4000:
        raise PlanError("plan: longer than 4000 characters")
    entries = []
    for offset, raw in split_entries(text):
        entry = raw.strip()
        where = f"plan at character {offset + 1} ({entry!r})"
        match = _ENTRY.match(entry.replace(" ", ""))
        if match is None:
            raise PlanError(f"{where}: expected DEPTHS:GENERATOR[@WxH][(KEY=VALUE;...)]")
        first = int(match["depths"].split("-")[0])
        last = int(match["depths"].split("-")[-1])
        if not 1 <= first <= last <= MAX_DEPTHS:
            raise PlanError(f"{where}: depths must run upward within 1..{MAX_DEPTHS}")
        name = match["gen"]
        if name != "random" and name not in generators.names():
            valid = ", ".join([*generators.names(), "random"])
            raise PlanError(f"{where}: unknown generator {name!r}; valid: {valid}")
        size = None
        if match["w"]:
            size = (int(match["w"]), int(match["h"]))
            if not all(MIN_SIDE <= side <= MAX_SIDE for side in size):
                raise PlanError(f"{where}: floor size must be within {MIN_SIDE}..{MAX_SIDE}")
        params = _params(match["params"] or "", where)
        _check_params(name, params, where)
        entries.append(PlanEntry(first, last, name, size, params))
    _check_cover(entries)
    return tuple(entries)


def _params(text: str, where: str) -> tuple[tuple[str, str], ...]:
    pairs: list[tuple[str, str]] = []
    for item in re.split(r"[;,]", text):
        if not item.strip():
            continue
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise PlanError(f"{where}: parameter {item.strip()!r} is not KEY=VALUE")
        pairs.append((key.strip(), value.strip()))
    if len({k for k, _ in pairs}) != len(pairs):
        raise PlanError(f"{where}: a parameter is given twice")
    return tuple(sorted(pairs))


PLAN_DRESSING = ("ruleset",)
"""Dressing parameters a plan may set; `boss` and `party` are the game's to decide."""


def _check_params(name: str, params: tuple[tuple[str, str], ...], where: str) -> None:
    dressing = {p.name for p in DRESSING_PARAMS if p.name in PLAN_DRESSING}
    given = dict(params)
    try:
        if name == "random":
            resolve(DRESSING_PARAMS, {k: v for k, v in given.items() if k in dressing},
                    "the dressing")
            unknown = sorted(set(given) - dressing)
            if unknown:
                raise ParamError(f"random takes only dressing parameters, not {unknown[0]!r}")
            return
        spec = generators.get(name)
        own = {p.name for p in spec.params}
        unknown = sorted(set(given) - own - dressing)
        if unknown:
            valid = ", ".join(sorted(own | dressing))
            raise ParamError(f"generator {name} has no parameter {unknown[0]!r}; valid: {valid}")
        spec.resolve_params({k: v for k, v in given.items() if k in own})
        resolve(DRESSING_PARAMS, {k: v for k, v in given.items() if k in dressing}, "the dressing")
    except ParamError as problem:
        raise PlanError(f"{where}: {problem}") from None


def _check_cover(entries: list[PlanEntry]) -> None:
    taken: dict[int, PlanEntry] = {}
    for entry in entries:
        for depth in range(entry.first, entry.last + 1):
            if depth in taken:
                raise PlanError(f"plan: depth {depth} is given twice")
            taken[depth] = entry
    deepest = max(taken)
    missing = [d for d in range(1, deepest + 1) if d not in taken]
    if missing:
        raise PlanError(f"plan: depth {missing[0]} is missing (depths must cover 1..{deepest})")


def canonical(entries: tuple[PlanEntry, ...]) -> str:
    """The one short form of a plan: what run codes carry."""
    parts = []
    for entry in sorted(entries, key=lambda e: e.first):
        depths = str(entry.first) if entry.first == entry.last else f"{entry.first}-{entry.last}"
        size = f"@{entry.size[0]}x{entry.size[1]}" if entry.size else ""
        params = "(" + ";".join(f"{k}={v}" for k, v in entry.params) + ")" if entry.params else ""
        parts.append(f"{depths}:{entry.generator}{size}{params}")
    return ",".join(parts)


def recipes(entries: tuple[PlanEntry, ...], run_seed: int) -> tuple[FloorRecipe, ...]:
    """One recipe per depth; `random` entries draw their generator from the run seed and depth
    alone, so one depth's draw never depends on another's entry."""
    result = []
    for entry in sorted(entries, key=lambda e: e.first):
        for depth in range(entry.first, entry.last + 1):
            name = entry.generator
            if name == "random":
                name = Rng(derive(run_seed, "plan", depth)).choice(generators.names())
            width, height = entry.size or DEFAULT_SIZES.get(name, (80, 45))
            result.append(FloorRecipe(depth, name, width, height, entry.params))
    return tuple(result)


def plan_from_toml(text: str, source: str) -> tuple[str | None, tuple[PlanEntry, ...]]:
    """The long form: an optional `seed` and `[[floor]]` tables with `depths`, `generator`, and
    optional `width`, `height` and `params` (a table). Returns (seed, entries)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as problem:
        raise PlanError(f"{source}: not TOML: {problem}") from None
    except RecursionError:
        raise PlanError(f"{source}: not TOML: nested too deeply") from None
    unknown = sorted(set(data) - {"seed", "floor"})
    if unknown:
        raise PlanError(f"{source}: unknown key {unknown[0]!r} (expected seed, floor)")
    seed = data.get("seed")
    if seed is not None and not isinstance(seed, str):
        raise PlanError(f"{source}: seed must be text")
    floors = data.get("floor")
    if not isinstance(floors, list) or not floors:
        raise PlanError(f"{source}: needs at least one [[floor]] table")
    parts = []
    for number, floor in enumerate(floors, start=1):
        where = f"{source}: floor {number}"
        if not isinstance(floor, dict):
            raise PlanError(f"{where}: not a table")
        extra = sorted(set(floor) - {"depths", "generator", "width", "height", "params"})
        if extra:
            raise PlanError(f"{where}: unknown key {extra[0]!r}")
        depths, name = floor.get("depths"), floor.get("generator")
        if isinstance(depths, int):
            depths = str(depths)
        if not isinstance(depths, str) or not isinstance(name, str):
            raise PlanError(f"{where}: needs depths (e.g. 3 or '1-2') and a generator")
        size = ""
        if "width" in floor or "height" in floor:
            width, height = floor.get("width"), floor.get("height")
            if not isinstance(width, int) or not isinstance(height, int):
                raise PlanError(f"{where}: width and height must both be whole numbers")
            size = f"@{width}x{height}"
        params = floor.get("params", {})
        if not isinstance(params, dict) or not all(
            isinstance(v, str | int | float | bool) for v in params.values()
        ):
            raise PlanError(f"{where}: params must be a table of plain values")
        text_params = ";".join(
            f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in params.items()
        )
        parts.append(f"{depths}:{name}{size}" + (f"({text_params})" if text_params else ""))
    try:
        return seed, parse_plan(",".join(parts))
    except PlanError as problem:
        raise PlanError(f"{source}: {problem}") from None


def plan_text(made: tuple[FloorRecipe, ...]) -> str:
    """The canonical short form of concrete recipes (runs of equal depths folded into ranges)."""
    entries: list[PlanEntry] = []
    for recipe in made:
        size = (recipe.width, recipe.height)
        last = entries[-1] if entries else None
        if (last is not None and last.last == recipe.depth - 1 and last.generator ==
                recipe.generator and last.size == size and last.params == recipe.params):
            entries[-1] = PlanEntry(last.first, recipe.depth, last.generator, size, last.params)
        else:
            entries.append(
                PlanEntry(recipe.depth, recipe.depth, recipe.generator, size, recipe.params)
            )
    return canonical(tuple(entries))
