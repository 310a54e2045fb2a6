"""Editing a run's recipes on the New game screen: one recipe entry per depth, always with a size.

Pure functions from rows to rows, so the screen only chooses which to call. A row's generator is
a registered one or "random" (drawn per depth from the run seed when the run starts, through
game.run.recipes.make_recipes). Parameters are kept as KEY=VALUE text like the --plan short form,
and a value equal to its default is dropped so the run code stays short.

The dressing's parameters are shown but not set: in play the game decides them (game/pipeline.py
puts the boss on the last floor, builds encounters for one hero, and hands a recipe's parameters to
the generator, which refuses names it does not have), so setting one would not change the run or
would stop it on arrival at that floor.
"""

from __future__ import annotations

import dataclasses
from typing import Final

from game import generators
from game.dressing import DRESSING_PARAMS
from game.params import Param, ParamError
from game.pipeline import PARTY
from game.run import default_recipes
from game.run.recipe import RANDOM, RUN_DRESSING, split_params
from game.run.recipes import MAX_DEPTHS, MAX_SIDE, MIN_SIDE, RecipeEntry, default_size

SIZE_STEP: Final = (10, 5)
"""How much [ and ] change a floor's width and height."""
FLOAT_STEP: Final = 0.05

Row = RecipeEntry
"""A recipe entry covering one depth (first == last)."""
FIXED: Final = {
    "boss": ("last floor", "the boss guards the relic on the last floor"),
    "party": (str(PARTY), "encounters are built for its one hero"),
}
"""Dressing parameters the game decides in play: (the value it uses, why it cannot be set)."""


def choices() -> list[str]:
    """What left and right cycle through: every generator, then "random"."""
    return [*generators.names(), RANDOM]


def generator_params(name: str) -> tuple[Param, ...]:
    """What a row of `name` may set: the generator's parameters, then the dressing's that a run
    may set (the ruleset) unless the generator takes it itself (a tables floor does)."""
    own = () if name == RANDOM else generators.get(name).params
    taken = {p.name for p in own}
    extra = tuple(p for p in DRESSING_PARAMS if p.name in RUN_DRESSING and p.name not in taken)
    return (*own, *extra)


def fixed_params(name: str) -> tuple[Param, ...]:
    """The dressing's parameters a row shows but cannot set: the game decides them."""
    taken = {p.name for p in generator_params(name)}
    return tuple(p for p in DRESSING_PARAMS if p.name in FIXED and p.name not in taken)


def about(row: Row, param: Param) -> str:
    """A parameter's line of help: its default, range and meaning, or why the game sets it."""
    if param in fixed_params(row.generator) and param.name in FIXED:
        return f"{param.describe()}. Set by the game: {FIXED[param.name][1]}."
    return param.describe()


def minimum_size(name: str) -> tuple[int, int]:
    """The smallest floor a row of `name` may have (for "random": that every generator takes)."""
    names = generators.names() if name == RANDOM else [name]
    specs = [generators.get(n) for n in names]
    return (max(MIN_SIDE, *(s.min_width for s in specs)),
            max(MIN_SIDE, *(s.min_height for s in specs)))


def size_of(row: Row) -> tuple[int, int]:
    return row.size or default_size(row.generator)


def size_params(row: Row) -> tuple[Param, Param]:
    """Width and height as parameters, so the editor checks and steps them like the others."""
    (width, height), (low_w, low_h) = size_of(row), minimum_size(row.generator)
    return (Param("width", width, "floor width in tiles", low_w, MAX_SIDE),
            Param("height", height, "floor height in tiles", low_h, MAX_SIDE))


def value_text(row: Row, param: Param) -> str:
    """The row's value of `param` as text (its default when the row does not set it; for a
    dressing parameter, the value the game uses)."""
    if param in fixed_params(row.generator):
        return FIXED[param.name][0] if param.name in FIXED else _text(param.default)
    if param.name in ("width", "height"):
        return str(size_of(row)[0 if param.name == "width" else 1])
    given = dict(row.params)
    return given[param.name] if param.name in given else _text(param.default)


def default_text(row: Row, param: Param) -> str:
    """What Delete puts back: the generator's usual size, or the parameter's default."""
    if param.name in ("width", "height"):
        low = minimum_size(row.generator)
        size = _clamp(default_size(row.generator), low)
        return str(size[0 if param.name == "width" else 1])
    return _text(param.default)


def _text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def _clamp(size: tuple[int, int], low: tuple[int, int]) -> tuple[int, int]:
    return (max(low[0], min(MAX_SIDE, size[0])), max(low[1], min(MAX_SIDE, size[1])))


def usual_size(depth: int, name: str) -> tuple[int, int] | None:
    """The size a row of `name` at `depth` starts with: the default plan's where it has that
    generator there, else the generator's own default (grown to its minimum); for "random",
    none: the drawn generator's own default. Keeping the old size made a one-depth change
    carry every size in the code: 58 characters, not 24."""
    if name == RANDOM:
        return None
    plan = default_recipes()
    if 1 <= depth <= len(plan) and plan[depth - 1].generator == name:
        return plan[depth - 1].width, plan[depth - 1].height
    return _clamp(default_size(name), minimum_size(name))


def cycle(row: Row, step: int) -> Row:
    """The row with the next (step 1) or previous (-1) choice of generator, at that generator's
    usual size (usual_size); parameters the new generator cannot take are dropped."""
    names = choices()
    index = names.index(row.generator) if row.generator in names else -1 if step > 0 else 0
    name = names[(index + step) % len(names)]
    by_name = {p.name: p for p in generator_params(name)}
    kept = []
    for key, text in row.params:
        if key in by_name:
            try:
                by_name[key].parse(text)
            except ParamError:
                continue
            kept.append((key, text))
    return Row(row.first, row.last, name, usual_size(row.first, name), tuple(kept))


def resize(row: Row, step: int) -> Row:
    """A bigger (step 1) or smaller (-1) floor, within the generator's limits."""
    width, height = size_of(row)
    size = (width + step * SIZE_STEP[0], height + step * SIZE_STEP[1])
    return dataclasses.replace(row, size=_clamp(size, minimum_size(row.generator)))


def with_value(row: Row, name: str, text: str) -> Row:
    """The row with parameter `name` set from `text`; ParamError (the row unchanged) if bad."""
    if name in ("width", "height"):
        return _sized(row, name, text)
    if name in FIXED and name not in {p.name for p in generator_params(row.generator)}:
        raise ParamError(f"{name} is set by the game: {FIXED[name][1]}")
    param = {p.name: p for p in generator_params(row.generator)}.get(name)
    if param is None:
        raise ParamError(f"a {row.generator} floor has no parameter {name!r}")
    value = param.parse(text)
    given = {k: v for k, v in row.params if k != name}
    if value != param.default:
        given[name] = _text(value)
    split_params(row.generator, given)  # the check the run's recipes get
    return dataclasses.replace(row, params=tuple(sorted(given.items())))


def _sized(row: Row, name: str, text: str) -> Row:
    width, height = size_params(row)
    value = int((width if name == "width" else height).parse(text))
    old = size_of(row)
    return dataclasses.replace(row, size=(value, old[1]) if name == "width" else (old[0], value))


def stepped(row: Row, param: Param, step: int) -> Row:
    """Left or right on a parameter: the next choice, the other truth value, or a number
    nudged within its range. Free text (a maze stamp) is only typed."""
    if param in fixed_params(row.generator):
        return with_value(row, param.name, "")  # refused, with the reason
    current = value_text(row, param)
    default = param.default
    if isinstance(default, bool):
        text = _text(current.lower() not in ("true", "1", "yes", "on"))
    elif param.choices:
        index = param.choices.index(current) if current in param.choices else 0
        text = param.choices[(index + step) % len(param.choices)]
    elif isinstance(default, int):
        text = str(int(_within(param, int(current) + step)))
    elif isinstance(default, float):
        text = str(round(_within(param, float(current) + step * FLOAT_STEP), 4))
    else:
        return row
    return with_value(row, param.name, text)


def _within(param: Param, value: float) -> float:
    low = param.minimum if param.minimum is not None else value
    high = param.maximum if param.maximum is not None else value
    return max(low, min(high, value))


def renumber(rows: list[Row]) -> tuple[Row, ...]:
    return tuple(dataclasses.replace(r, first=d, last=d) for d, r in enumerate(rows, start=1))


def add_depth(entries: tuple[Row, ...], index: int) -> tuple[Row, ...]:
    """A copy of depth `index` (0-based) inserted after it; unchanged when full."""
    if len(entries) >= MAX_DEPTHS:
        return entries
    rows = list(entries)
    rows.insert(index + 1, rows[index])
    return renumber(rows)


def remove_depth(entries: tuple[Row, ...], index: int) -> tuple[Row, ...]:
    """The rows without depth `index`; a run keeps at least one depth."""
    if len(entries) <= 1:
        return entries
    rows = list(entries)
    del rows[index]
    return renumber(rows)


def label(row: Row) -> str:
    """A depth's line on the New game screen."""
    width, height = size_of(row)
    size = "usual size" if row.size is None else f"{width}x{height}"
    count = len(row.params)
    extra = f"  {count} parameter{'s' if count > 1 else ''} set" if count else ""
    return f"Depth {row.first:2}  < {row.generator:^8} >  {size}{extra}"
