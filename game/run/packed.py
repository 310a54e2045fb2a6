"""A run's recipes packed into a run code's bits, so a custom plan's code stays short.

    floors - 1          truncated binary of 0..MAX_DEPTHS (MAX_DEPTHS: against the default)
    against the default (when shorter: the New game screen's one-depth change):
      changes - 1       Exp-Golomb: how many depths differ from the default plan
      per change        its depth as truncated binary of the depths after the last change,
                        then that floor as below (generator, size, parameters)
    else per floor:
      same              1 bit (not on the first floor): as the floor before, nothing follows
      generator         truncated binary of its index in generators.names()
      size              1 bit: 0 the generator's default size, 1 then width and height
                        (truncated binary of MIN_SIDE..MAX_SIDE)
      parameters        for each parameter that differs from its default, in the order of the
                        generator's own then the run's dressing names: 1 bit, then how many
                        names it skips (truncated binary); a 0 bit ends the list. The value:
                        true/false none (it is the other one), a choice truncated binary among
                        the others, a whole number Exp-Golomb above its minimum, a number as
                        3 bits of decimal places and a signed Exp-Golomb integer (places 7: its
                        64 IEEE bits), text as a length and UTF-8 bytes

Recipes are canonical (FloorRecipe keeps only parameters that differ from their defaults, each in
its one text), so equal runs pack to equal bits; the reader checks every field it can and leaves
the rest to FloorRecipe, which checks a recipe as every plan is checked.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence

from game import generators
from game.params import Param
from game.run.bits import BitReader, BitsError, BitWriter
from game.run.recipe import RUN_DRESSING, FloorRecipe, param_spec, param_text
from game.run.recipes import DEFAULT_FLOORS, MAX_DEPTHS, MAX_SIDE, MIN_SIDE, default_size

SIDES = MAX_SIDE - MIN_SIDE + 1
AGAINST_DEFAULT = MAX_DEPTHS
FLOOR_COUNTS = MAX_DEPTHS + 1
"""The plan's first field: its number of floors less one (0..MAX_DEPTHS - 1), or
AGAINST_DEFAULT: changes to the default plan follow. One choice more than there are counts
(so codes of plans under 29 floors read as before this field was widened)."""
PLACES_BITS = 3
RAW_FLOAT = 7
"""Decimal places that mean "the 64 IEEE bits follow" (a number with more than 6 places)."""
MAX_TEXT = 255
"""The longest text parameter a code carries, in UTF-8 bytes."""


def param_names(generator: str) -> list[str]:
    """The parameters a run's recipe of `generator` may set, in code order."""
    own = [spec.name for spec in generators.get(generator).params]
    return own + [name for name in RUN_DRESSING if name not in own]


def default_plan() -> tuple[FloorRecipe, ...]:
    """The default run's floors (game.run.default_recipes, made here from the same table)."""
    return tuple(FloorRecipe(depth, name, width, height)
                 for depth, (name, width, height) in enumerate(DEFAULT_FLOORS, start=1))


def pack_recipes(out: BitWriter, recipes: Sequence[FloorRecipe]) -> None:
    """Append `recipes` (depths 1..N, canonical) to `out`: as changes to the default plan when
    that is shorter (a one-depth change then costs about sixteen bits, not a whole plan of
    sizes: the code grew from 24 to 58 characters), else floor by floor."""
    whole = BitWriter()
    _pack_whole(whole, recipes)
    changes = _changes(recipes)
    if changes:
        against = BitWriter()
        _pack_changes(against, recipes, changes)
        if against.length < whole.length:
            out.put(against.value, against.length)
            return
    out.put(whole.value, whole.length)


def _changes(recipes: Sequence[FloorRecipe]) -> list[int]:
    """The indices where `recipes` differ from the default plan; [] when they are not the
    default plan's length (or do not differ)."""
    base = default_plan()
    if len(recipes) != len(base):
        return []
    return [index for index, (recipe, usual) in enumerate(zip(recipes, base, strict=True))
            if not _same(recipe, usual)]


def _pack_changes(out: BitWriter, recipes: Sequence[FloorRecipe], changes: list[int]) -> None:
    out.put_choice(AGAINST_DEFAULT, FLOOR_COUNTS)
    out.put_number(len(changes) - 1)
    previous = -1
    for index in changes:
        out.put_choice(index - previous - 1, len(recipes) - previous - 1)
        previous = index
        _pack_floor(out, recipes[index])


def _pack_whole(out: BitWriter, recipes: Sequence[FloorRecipe]) -> None:
    out.put_choice(len(recipes) - 1, FLOOR_COUNTS)
    for index, recipe in enumerate(recipes):
        if index:
            same = _same(recipes[index - 1], recipe)
            out.put_flag(same)
            if same:
                continue
        _pack_floor(out, recipe)


def _pack_floor(out: BitWriter, recipe: FloorRecipe) -> None:
    names = generators.names()
    out.put_choice(names.index(recipe.generator), len(names))
    sized = (recipe.width, recipe.height) != default_size(recipe.generator)
    out.put_flag(sized)
    if sized:
        out.put_choice(recipe.width - MIN_SIDE, SIDES)
        out.put_choice(recipe.height - MIN_SIDE, SIDES)
    _pack_params(out, recipe)


def unpack_recipes(bits: BitReader) -> tuple[FloorRecipe, ...]:
    """The recipes `pack_recipes` wrote; BitsError or ValueError (ParamError, a bad size) when
    the bits do not hold a plan."""
    floors = bits.get_choice(FLOOR_COUNTS)
    if floors == AGAINST_DEFAULT:
        recipes = list(default_plan())
        previous = -1
        for _ in range(bits.get_number() + 1):
            if previous + 1 >= len(recipes):
                raise BitsError("more changed depths than the default plan has")
            previous += bits.get_choice(len(recipes) - previous - 1) + 1
            recipes[previous] = _unpack_floor(bits, previous + 1)
        return tuple(recipes)
    unpacked: list[FloorRecipe] = []
    for depth in range(1, floors + 2):
        if unpacked and bits.get_flag():
            last = unpacked[-1]
            unpacked.append(FloorRecipe(depth, last.generator, last.width, last.height,
                                        last.params))
            continue
        unpacked.append(_unpack_floor(bits, depth))
    return tuple(unpacked)


def _unpack_floor(bits: BitReader, depth: int) -> FloorRecipe:
    names = generators.names()
    generator = names[bits.get_choice(len(names))]
    width, height = default_size(generator)
    if bits.get_flag():
        width, height = bits.get_choice(SIDES) + MIN_SIDE, bits.get_choice(SIDES) + MIN_SIDE
    generators.get(generator).check_size(width, height)
    params = _unpack_params(bits, generator)
    return FloorRecipe(depth, generator, width, height, params)


def _same(one: FloorRecipe, other: FloorRecipe) -> bool:
    return (one.generator, one.width, one.height, one.params) == (
        other.generator, other.width, other.height, other.params)


def _pack_params(out: BitWriter, recipe: FloorRecipe) -> None:
    names = param_names(recipe.generator)
    given = dict(recipe.params)
    unknown = sorted(set(given) - set(names))
    if unknown:
        raise ValueError(f"a run code cannot carry the parameter {unknown[0]!r}")
    previous = -1
    for index, name in enumerate(names):
        if name not in given:
            continue
        out.put_flag(True)
        out.put_choice(index - previous - 1, len(names) - previous - 1)
        previous = index
        spec = param_spec(recipe.generator, name)
        _pack_value(out, spec, spec.parse(given[name]))
    out.put_flag(False)


def _unpack_params(bits: BitReader, generator: str) -> tuple[tuple[str, str], ...]:
    names = param_names(generator)
    params: list[tuple[str, str]] = []
    previous = -1
    while bits.get_flag():
        if previous + 1 >= len(names):
            raise BitsError("more parameters than the generator has")
        previous += bits.get_choice(len(names) - previous - 1) + 1
        spec = param_spec(generator, names[previous])
        params.append((spec.name, _unpack_value(bits, spec)))
    return tuple(params)


def _others(spec: Param) -> list[str]:
    return [choice for choice in spec.choices if choice != spec.default]


def _pack_value(out: BitWriter, spec: Param, value: object) -> None:
    default = spec.default
    if isinstance(default, bool):
        return
    if spec.choices:
        out.put_choice(_others(spec).index(str(value)), len(spec.choices) - 1)
    elif isinstance(default, int) and isinstance(value, int):
        if spec.minimum is None:
            out.put_signed(value)
        else:
            out.put_number(value - int(spec.minimum))
    elif isinstance(default, float) and isinstance(value, float):
        _pack_float(out, value)
    else:
        data = str(value).encode("utf-8")
        if len(data) > MAX_TEXT:
            raise ValueError(f"parameter {spec.name}: longer than {MAX_TEXT} bytes for a code")
        out.put_number(len(data))
        out.put_bytes(data)


def _unpack_value(bits: BitReader, spec: Param) -> str:
    """The value as recipe text; FloorRecipe checks its range when the recipe is made."""
    default = spec.default
    if isinstance(default, bool):
        return param_text(not default)
    if spec.choices:
        return _others(spec)[bits.get_choice(len(spec.choices) - 1)]
    if isinstance(default, int):
        if spec.minimum is None:
            return str(bits.get_signed())
        return str(bits.get_number() + int(spec.minimum))
    if isinstance(default, float):
        return param_text(_unpack_float(bits))
    length = bits.get_number()
    if length > MAX_TEXT:
        raise BitsError("a text parameter is too long")
    return bits.get_bytes(length).decode("utf-8")


def _pack_float(out: BitWriter, value: float) -> None:
    """The fewest decimal places that give `value` back exactly, else its IEEE bits."""
    for places in range(RAW_FLOAT):
        text = f"{value:.{places}f}"
        scaled = int(text.replace(".", ""))
        if float(text) == value and abs(scaled) < 1 << 53:
            out.put(places, PLACES_BITS)
            out.put_signed(scaled)
            return
    out.put(RAW_FLOAT, PLACES_BITS)
    out.put(struct.unpack(">Q", struct.pack(">d", value))[0], 64)


def _unpack_float(bits: BitReader) -> float:
    places = bits.get(PLACES_BITS)
    if places == RAW_FLOAT:
        value: float = struct.unpack(">d", bits.get(64).to_bytes(8, "big"))[0]
        return value
    scaled = bits.get_signed()
    digits = str(abs(scaled)).rjust(places + 1, "0")
    sign = "-" if scaled < 0 else ""
    return float(f"{sign}{digits[: len(digits) - places]}.{digits[len(digits) - places:]}")
