"""Shared generator machinery: the spec every generator registers, size checks, regions.

Walking distances and reachability are `game.pathing`'s."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from game import tiles as tile_ids
from game.floorplan import FloorPlan, ParamValue
from game.params import Param, resolve
from game.seeds import Rng

BuildFn = Callable[[Rng, int, int, Mapping[str, ParamValue]], FloorPlan]


@dataclass(frozen=True, slots=True)
class GeneratorSpec:
    """A registered generator: a pure build function plus its parameters and smallest size."""

    name: str
    summary: str
    build: BuildFn
    params: tuple[Param, ...]
    min_width: int
    min_height: int

    def resolve_params(self, given: Mapping[str, str | ParamValue]) -> dict[str, ParamValue]:
        return resolve(self.params, given, f"generator {self.name}")

    def check_size(self, width: int, height: int) -> None:
        """ValueError naming the minimum when the floor is too small for this generator."""
        if width < self.min_width or height < self.min_height:
            raise ValueError(
                f"generator {self.name} needs at least {self.min_width}x{self.min_height} tiles,"
                f" got {width}x{height}"
            )

    def generate(
        self, rng: Rng, width: int, height: int, given: Mapping[str, str | ParamValue]
    ) -> FloorPlan:
        """Check the size and parameters, then build."""
        self.check_size(width, height)
        return self.build(rng, width, height, self.resolve_params(given))


def blank(width: int, height: int) -> NDArray[np.uint8]:
    """A solid-wall map."""
    return np.full((height, width), tile_ids.WALL, dtype=np.uint8)
