"""The A-Maze-ing document's reusable module: `from mazegen import MazeGenerator, maze_solver`
works in a checkout and in an installed copy. The code lives in game.generators.mazegen."""

from __future__ import annotations

from game.generators.mazegen import MazeGenerator, maze_solver

__all__ = ["MazeGenerator", "maze_solver"]
