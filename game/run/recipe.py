"""One depth's recipe: generator, floor size and parameters, checked and typed when it is made.

This is the one place that splits a recipe's parameters between the layout (the generator's own)
and the dressing (the ones a run may set, the ruleset): the floor pipeline, the recipes parser,
the lab and `run.py generate` all take the split from here.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from game import generators
from game.floorplan import ParamValue
from game.params import Param, ParamError, resolve

RANDOM = "random"
"""A recipe entry's generator drawn per depth from the run seed (never a recipe's own)."""
RUN_DRESSING = ("ruleset",)
"""Dressing parameters a run may set; `boss` and `party` are the game's to decide."""
ALL_DRESSING = ("ruleset", "boss", "party")
"""Every dressing parameter (the names of game.dressing.DRESSING_PARAMS, checked by a test):
what `run.py generate --param` may set for one floor. Named here so that a recipe without
dressing parameters is checked without loading the dressing (`run.py generate` starts faster)."""

Params = dict[str, ParamValue]


def split_params(
    generator: str, given: Mapping[str, str | ParamValue],
    dressing: Collection[str] = RUN_DRESSING,
) -> tuple[Params, Params]:
    """(layout, dressing) parameters of `given`, each typed and checked against its owner's specs;
    a key both know goes to both (the tables generator grows to the same ruleset budget the
    dressing deals encounters by). `random` takes dressing parameters only. ParamError names the
    first unknown key with the valid ones, or the bad value."""
    own = set() if generator == RANDOM else {p.name for p in generators.get(generator).params}
    allowed = {name for name in ALL_DRESSING if name in dressing}
    unknown = sorted(set(given) - own - allowed)
    if unknown:
        if generator == RANDOM:
            raise ParamError(f"random takes only dressing parameters, not {unknown[0]!r}")
        valid = ", ".join(sorted(own | allowed))
        raise ParamError(f"generator {generator} has no parameter {unknown[0]!r}; valid: {valid}")
    layout: Params = {}
    if generator != RANDOM:
        spec = generators.get(generator)
        typed = spec.resolve_params({k: v for k, v in given.items() if k in own})
        layout = {k: typed[k] for k in given if k in own}
    if not allowed & set(given):
        return layout, {}
    from game.dressing import DRESSING_PARAMS

    typed = resolve(DRESSING_PARAMS, {k: v for k, v in given.items() if k in allowed},
                    "the dressing")
    return layout, {k: typed[k] for k in given if k in allowed}


def param_spec(generator: str, name: str) -> Param:
    """The spec of a recipe parameter: its generator's own, else the dressing's (loaded then)."""
    for spec in generators.get(generator).params:
        if spec.name == name:
            return spec
    from game.dressing import DRESSING_PARAMS

    for spec in DRESSING_PARAMS:
        if spec.name == name:
            return spec
    raise ParamError(f"generator {generator} has no parameter {name!r}")


def param_text(value: ParamValue) -> str:
    """A typed value as the one text recipes carry: true/false, 3, 0.5 (never -0.0), far."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value + 0.0)
    return str(value)


@dataclass(frozen=True, slots=True)
class FloorRecipe:
    """How one depth is made: the generator, its parameters and the floor size.

    `params` keeps the parameters that differ from their defaults, each value in its one text
    (sorted KEY=VALUE: what run codes and saves carry), so two recipes that make the same floor
    are equal; `layout` and `dressing` are the values given, typed and split, made once here so a
    bad recipe never reaches a generator. `dressing_names` says which dressing parameters it may
    set."""

    depth: int
    generator: str
    width: int
    height: int
    params: tuple[tuple[str, str], ...] = ()
    dressing_names: tuple[str, ...] = field(default=RUN_DRESSING, compare=False, repr=False)
    layout: Mapping[str, ParamValue] = field(init=False, compare=False, repr=False)
    dressing: Mapping[str, ParamValue] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.generator == RANDOM:
            raise ParamError("a floor's recipe names its generator (random is drawn before)")
        generators.get(self.generator)
        layout, dressing = split_params(self.generator, dict(self.params), self.dressing_names)
        object.__setattr__(self, "layout", layout)  # read-only by its type (Mapping)
        object.__setattr__(self, "dressing", dressing)
        typed = {**dressing, **layout}
        object.__setattr__(self, "params", tuple(sorted(
            (name, param_text(value)) for name, value in typed.items()
            if value != param_spec(self.generator, name).default
        )))
