"""A run's recipes as text: which generator, with which parameters and floor size, makes each depth.

Short form (the command line and run codes):
    1-2:bsp,3:power,4:cave(loops=0),5:tables(ruleset=3.5),6:maze@61x41(stamp=42),7-10:random
Each entry is DEPTHS:GENERATOR[@WxH][(KEY=VALUE;...)] — parameters may also be separated by
commas inside the brackets. `random` draws a generator per depth from the run seed. Depths must
cover 1..N exactly once. Long form: a TOML run file (see `read_run_file`). The command line calls
this text the plan (`--plan`); in the code a plan is a floor's layout (FloorPlan), so here it is
the recipes' text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from game import generators
from game.params import ParamError
from game.run.recipe import RANDOM, FloorRecipe, split_params
from game.seeds import Rng, derive
from game.userfiles import parse_toml

MAX_DEPTHS = 99
MAX_SIDE = 400
MIN_SIDE = 20
DEFAULT_SIZES = {
    "bsp": (80, 45), "power": (80, 45), "cave": (90, 50), "tables": (90, 60), "maze": (61, 41),
}
"""A generator's floor size when an entry gives none."""


def default_size(generator: str) -> tuple[int, int]:
    """The floor size of an entry of `generator` that gives none."""
    return DEFAULT_SIZES.get(generator, (80, 45))

DEFAULT_FLOORS: tuple[tuple[str, int, int], ...] = (
    ("bsp", 80, 45),
    ("power", 80, 45),
    ("cave", 90, 50),
    ("tables", 90, 60),
    ("maze", 61, 41),
    ("bsp", 100, 60),
    ("cave", 100, 60),
    ("power", 90, 55),
    ("tables", 100, 60),
    ("bsp", 80, 45),
)
"""The default run: ten floors that use every generator; the last holds the boss and the relic."""
_ENTRY = re.compile(
    r"^(?P<depths>\d+(?:-\d+)?):(?P<gen>[a-z]+)(?:@(?P<w>\d+)x(?P<h>\d+))?(?:\((?P<params>[^()]*)\))?$"
)


class RecipeError(ValueError):
    """Recipes text that cannot be used; the message gives the position and the reason."""


@dataclass(frozen=True, slots=True)
class RecipeEntry:
    """One entry of the recipes' text: depths first..last, made by one generator, size and
    parameters."""

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
        raise RecipeError(f"plan: unbalanced brackets in {text!r}")
    return entries


def parse_recipes(text: str) -> tuple[RecipeEntry, ...]:
    """Parse the short form; RecipeError names the character position and the problem."""
    if not text.strip():
        raise RecipeError("plan: empty")
    if len(text) > 4000:
        raise RecipeError("plan: longer than 4000 characters")
    entries = []
    for offset, raw in split_entries(text):
        entry = raw.strip()
        where = f"plan at character {offset + 1} ({entry!r})"
        match = _ENTRY.match(entry.replace(" ", ""))
        if match is None:
            raise RecipeError(f"{where}: expected DEPTHS:GENERATOR[@WxH][(KEY=VALUE;...)]")
        size = (int(match["w"]), int(match["h"])) if match["w"] else None
        entries.append(_entry(match["depths"], match["gen"], size,
                              _params(match["params"] or "", where), where))
    _check_cover(entries)
    return tuple(entries)


def check_entries(entries: tuple[RecipeEntry, ...]) -> tuple[RecipeEntry, ...]:
    """Entries made elsewhere (the New game screen's rows) checked as parsed ones are."""
    for entry in entries:
        depths = str(entry.first) if entry.first == entry.last else f"{entry.first}-{entry.last}"
        _entry(depths, entry.generator, entry.size, entry.params, f"depth {depths}")
    if not entries:
        raise RecipeError("plan: empty")
    _check_cover(list(entries))
    return entries


def _entry(
    depths: str, name: str, size: tuple[int, int] | None, params: tuple[tuple[str, str], ...],
    where: str,
) -> RecipeEntry:
    """One entry checked: depths upward within range, a known generator, a floor size within
    range and parameters its generator and the dressing take."""
    if re.fullmatch(r"[0-9]+(?:-[0-9]+)?", depths) is None:
        raise RecipeError(f"{where}: depths must be N or N-M")
    first, _, last = depths.partition("-")
    low, high = int(first), int(last or first)
    if not 1 <= low <= high <= MAX_DEPTHS:
        raise RecipeError(f"{where}: depths must run upward within 1..{MAX_DEPTHS}")
    if name != RANDOM and name not in generators.names():
        valid = ", ".join([*generators.names(), RANDOM])
        raise RecipeError(f"{where}: unknown generator {name!r}; valid: {valid}")
    if size is not None and not all(MIN_SIDE <= side <= MAX_SIDE for side in size):
        raise RecipeError(f"{where}: floor size must be within {MIN_SIDE}..{MAX_SIDE}")
    if size is not None and name != RANDOM:
        try:
            generators.get(name).check_size(*size)
        except ValueError as problem:
            raise RecipeError(f"{where}: {problem}") from None
    _check_params(name, params, where)
    return RecipeEntry(low, high, name, size, params)


def _params(text: str, where: str) -> tuple[tuple[str, str], ...]:
    pairs: list[tuple[str, str]] = []
    for item in re.split(r"[;,]", text):
        if not item.strip():
            continue
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise RecipeError(f"{where}: parameter {item.strip()!r} is not KEY=VALUE")
        pairs.append((key.strip(), value.strip()))
    if len({k for k, _ in pairs}) != len(pairs):
        raise RecipeError(f"{where}: a parameter is given twice")
    return tuple(sorted(pairs))


def _check_params(name: str, params: tuple[tuple[str, str], ...], where: str) -> None:
    """The entry's parameters, checked by the split the floors are built with."""
    try:
        split_params(name, dict(params))
    except ParamError as problem:
        raise RecipeError(f"{where}: {problem}") from None


def _check_cover(entries: list[RecipeEntry]) -> None:
    taken: dict[int, RecipeEntry] = {}
    for entry in entries:
        for depth in range(entry.first, entry.last + 1):
            if depth in taken:
                raise RecipeError(f"plan: depth {depth} is given twice")
            taken[depth] = entry
    deepest = max(taken)
    missing = [d for d in range(1, deepest + 1) if d not in taken]
    if missing:
        raise RecipeError(f"plan: depth {missing[0]} is missing (depths must cover 1..{deepest})")


def entries_text(entries: tuple[RecipeEntry, ...]) -> str:
    """The one short form of a plan: what run codes carry."""
    parts = []
    for entry in sorted(entries, key=lambda e: e.first):
        depths = str(entry.first) if entry.first == entry.last else f"{entry.first}-{entry.last}"
        size = f"@{entry.size[0]}x{entry.size[1]}" if entry.size else ""
        params = "(" + ";".join(f"{k}={v}" for k, v in entry.params) + ")" if entry.params else ""
        parts.append(f"{depths}:{entry.generator}{size}{params}")
    return ",".join(parts)


def make_recipes(entries: tuple[RecipeEntry, ...], run_seed: int) -> tuple[FloorRecipe, ...]:
    """One recipe per depth; `random` entries draw their generator from the run seed and depth
    alone, so one depth's draw never depends on another's entry."""
    result = []
    for entry in sorted(entries, key=lambda e: e.first):
        for depth in range(entry.first, entry.last + 1):
            name = entry.generator
            if name == RANDOM:
                name = Rng(derive(run_seed, "plan", depth)).choice(generators.names())
            width, height = entry.size or default_size(name)
            result.append(FloorRecipe(depth, name, width, height, entry.params))
    return tuple(result)


def read_run_file(text: str, source: str) -> tuple[str | None, tuple[RecipeEntry, ...]]:
    """The long form: an optional `seed` and `[[floor]]` tables with `depths`, `generator`, and
    optional `width`, `height` and `params` (a table). Returns (seed, entries)."""
    try:
        data = parse_toml(text)
    except ValueError as problem:
        raise RecipeError(f"{source}: {problem}") from None
    unknown = sorted(set(data) - {"seed", "floor"})
    if unknown:
        raise RecipeError(f"{source}: unknown key {unknown[0]!r} (expected seed, floor)")
    seed = data.get("seed")
    if seed is not None and not isinstance(seed, str):
        raise RecipeError(f"{source}: seed must be text")
    floors = data.get("floor")
    if not isinstance(floors, list) or not floors:
        raise RecipeError(f"{source}: needs at least one [[floor]] table")
    entries = []
    for number, floor in enumerate(floors, start=1):
        where = f"{source}: floor {number}"
        if not isinstance(floor, dict):
            raise RecipeError(f"{where}: not a table")
        extra = sorted(set(floor) - {"depths", "generator", "width", "height", "params"})
        if extra:
            raise RecipeError(f"{where}: unknown key {extra[0]!r}")
        depths, name = floor.get("depths"), floor.get("generator")
        if type(depths) is int:
            depths = str(depths)
        if not isinstance(depths, str):
            raise RecipeError(f"{where}: depths must be a depth or a range such as 3 or \"1-2\""
                              f" (got {_shown(depths)})")
        if not isinstance(name, str):
            raise RecipeError(f"{where}: generator must be the name of a generator, in quotes"
                              f" (got {_shown(name)})")
        size = None
        if "width" in floor or "height" in floor:
            for key in ("width", "height"):
                side = floor.get(key)
                if type(side) is not int or not MIN_SIDE <= side <= MAX_SIDE:
                    raise RecipeError(f"{where}: {key} must be a whole number within"
                                      f" {MIN_SIDE}..{MAX_SIDE} (got {_shown(side)})")
            size = (floor["width"], floor["height"])
        entries.append(_entry(depths.replace(" ", ""), name, size,
                              _table_params(floor.get("params", {}), where), where))
    _check_cover(entries)
    return seed, tuple(entries)


def _table_params(params: object, where: str) -> tuple[tuple[str, str], ...]:
    """A TOML params table as the sorted KEY=VALUE text the short form gives."""
    if not isinstance(params, Mapping):
        raise RecipeError(f"{where}: params must be a table (KEY = VALUE lines)")
    for key, value in params.items():
        if (not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,39}", key)
                or not isinstance(value, str | int | float | bool)
                or any(mark in str(value) for mark in ";,()=")):
            raise RecipeError(f"{where}: params.{key} must be a plain number, word or"
                              f" true/false (got {_shown(value)})")
    pairs = [(str(k).strip(), (str(v).lower() if isinstance(v, bool) else str(v)).strip())
             for k, v in params.items()]
    return tuple(sorted(pairs))


def _shown(value: object) -> str:
    """A TOML value as the user wrote it (true, 45, "text"), for messages."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    text = repr(value) if isinstance(value, str) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def recipes_text(made: tuple[FloorRecipe, ...]) -> str:
    """The canonical short form of concrete recipes (runs of equal depths folded into ranges)."""
    entries: list[RecipeEntry] = []
    for recipe in made:
        size = (recipe.width, recipe.height)
        last = entries[-1] if entries else None
        if (last is not None and last.last == recipe.depth - 1 and last.generator ==
                recipe.generator and last.size == size and last.params == recipe.params):
            entries[-1] = RecipeEntry(last.first, recipe.depth, last.generator, size, last.params)
        else:
            entries.append(
                RecipeEntry(recipe.depth, recipe.depth, recipe.generator, size, recipe.params)
            )
    return entries_text(tuple(entries))
