"""The four compass directions as wall bits (1 north, 2 east, 4 south, 8 west).

That is A-Maze-ing's order. Labyrinth's figure numbers the same walls one place round (1 west,
2 north at the top, 4 east, 8 south at the bottom); both run clockwise, so a cell turns with the
same arithmetic in either (game.generators.maze).

A maze cell stores its walls as these bits and the first-person view faces one of them, so they
live here, below both: the view reads the same directions without reaching into a generator.
"""

from __future__ import annotations

from typing import Final

NORTH: Final = 1
EAST: Final = 2
SOUTH: Final = 4
WEST: Final = 8
CLOSED: Final = NORTH | EAST | SOUTH | WEST
"""A cell walled on every side."""
