"""The generator registry: names -> pure generator functions.

Generator modules are imported on first use, so importing one generator (or the shared helpers in
`common`) does not pull in all the others.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping

from game.floorplan import FloorPlan, ParamValue
from game.generators.common import GeneratorSpec
from game.seeds import Rng, floor_seed

MODULES = ("bsp", "power", "cave", "maze", "tables")
"""Each names a module of this package that exports `SPEC` under the same name."""


class UnknownGeneratorError(ValueError):
    """The name is not registered; the message lists the valid ones."""


def names() -> list[str]:
    """Registered generator names, sorted."""
    return sorted(MODULES)


def get(name: str) -> GeneratorSpec:
    """The spec for `name`, or UnknownGeneratorError listing the valid names."""
    if name not in MODULES:
        raise UnknownGeneratorError(f"unknown generator {name!r}; valid: {', '.join(names())}")
    spec: GeneratorSpec = importlib.import_module(f"game.generators.{name}").SPEC
    return spec


def layout_rng(run_seed: int, depth: int, generator: str) -> Rng:
    """The layout stream of one floor (dressing draws from `seeds.dressing_rng`, its sibling)."""
    return Rng(floor_seed(run_seed, depth, generator)).fork("layout")


def generate_floor(
    name: str,
    run_seed: int,
    depth: int,
    width: int,
    height: int,
    params: Mapping[str, str | ParamValue] | None = None,
) -> FloorPlan:
    """Make one floor from its recipe alone: (run seed, depth, generator, size, params)."""
    spec = get(name)
    return spec.generate(layout_rng(run_seed, depth, name), width, height, params or {})
