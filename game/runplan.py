"""Run plans: which generator, with which parameters and floor size, makes each depth.

Short form (the command line and run codes):
    1-2:bsp,3:power,4:cave(loops=0),5:tables(ruleset=3.5),6:maze@61x41(stamp=42),7-10:random
Each entry is DEPTHS:GENERATOR[@WxH][(KEY=VALUE;...)] — parameters may also be separated by
commas inside the brackets. `random` draws a generator per depth from the run seed. Depths must
cover 1..N exactly once. Long form: a TOML run file (see `plan_from_toml`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game import generators
from game.dressing import DRESSING_PARAMS
from game.params import ParamError, resolve
from game.seeds import Rng, derive
from game.userfiles import parse_toml
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
        entries.append(_entry(entry, f"plan at character {offset + 1} ({entry!r})"))
    _check_cover(entries)
    return tuple(entries)


def _entry(entry: str, where: str) -> PlanEntry:
    """One DEPTHS:GENERATOR[@WxH][(...)] entry; PlanError starting with `where`."""
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
        if name != "random":
            try:
                generators.get(name).check_size(*size)
            except ValueError as problem:
                raise PlanError(f"{where}: {problem}") from None
    params = _params(match["params"] or "", where)
    _check_params(name, params, where)
    return PlanEntry(first, last, name, size, params)


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
        data = parse_toml(text)
    except ValueError as problem:
        raise PlanError(f"{source}: {problem}") from None
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
        if type(depths) is int:
            depths = str(depths)
        if not isinstance(depths, str) or not re.fullmatch(r"\d{1,4}(-\d{1,4})?", depths):
            raise PlanError(f"{where}: depths must be a depth or a range such as 3 or \"1-2\"")
        if not isinstance(name, str):
            raise PlanError(f"{where}: generator must be the name of a generator, in quotes")
        size = ""
        if "width" in floor or "height" in floor:
            for key in ("width", "height"):
                side = floor.get(key)
                if type(side) is not int or not MIN_SIDE <= side <= MAX_SIDE:
                    raise PlanError(f"{where}: {key} must be a whole number within"
                                    f" {MIN_SIDE}..{MAX_SIDE} (got {_shown(side)})")
            size = f"@{floor['width']}x{floor['height']}"
        params = floor.get("params", {})
        if not isinstance(params, dict):
            raise PlanError(f"{where}: params must be a table (KEY = VALUE lines)")
        for key, value in params.items():
            if (not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,39}", key)
                    or not isinstance(value, str | int | float | bool)
                    or any(mark in str(value) for mark in ";,()=")):
                raise PlanError(f"{where}: params.{key} must be a plain number, word or"
                                f" true/false (got {_shown(value)})")
        text_params = ";".join(
            f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in params.items()
        )
        part = f"{depths}:{name}{size}" + (f"({text_params})" if text_params else "")
        _entry(part, where)
        parts.append(part)
    try:
        return seed, parse_plan(",".join(parts))
    except PlanError as problem:
        raise PlanError(f"{source}: {problem}") from None


def _shown(value: object) -> str:
    """A TOML value as the user wrote it (true, 45, "text"), for messages."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


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
