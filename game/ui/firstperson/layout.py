"""Everything a frame needs that depends on the console size alone, built once per size: the
floor and ceiling per pixel, every cell's faces, the painter's order of the cells, and a cache of
faces already textured and lit, so a frame is gathers and fills with no loop over pixels."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from game.ui.firstperson.faces import Face, faces
from game.ui.firstperson.floor_ceiling import floor_and_ceiling
from game.ui.firstperson.projection import Floats, Projection


@dataclass
class Layout(Projection):
    """The projection of a view, with its per-pixel floor and per-cell faces (see `layout`)."""

    floor_cell: NDArray[np.intp] = field(init=False)
    floor_class: NDArray[np.intp] = field(init=False)
    floor_light: Floats = field(init=False)
    fronts: dict[int, Face] = field(init=False)
    sides: dict[int, Face] = field(init=False)
    order: NDArray[np.intp] = field(init=False)
    """View cells far to near, outside in: the order faces are painted."""
    textures: dict[tuple[int, bool, int], tuple[NDArray[np.intp], NDArray[np.uint8]]] = field(
        init=False, default_factory=dict)
    """(cell, side, kind) -> (pixels, colours): filled as faces are first drawn."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.floor_cell, self.floor_class, self.floor_light = floor_and_ceiling(self)
        self.fronts, self.sides = faces(self)
        k, sideways = np.divmod(np.arange((self.depth + 1) * self.span), self.span)
        self.order = np.lexsort((-abs(sideways - self.lateral), -k)).astype(np.intp)


@functools.lru_cache(maxsize=4)
def layout(columns: int, rows: int) -> Layout:
    """The geometry of a view `columns` x `rows` console cells big (computed once per size)."""
    return Layout(columns, rows)
