"""The floor pipeline's first stages: recipe -> layout (a FloorPlan) -> dressing.

The last stage, furnishing the runtime floor, is `game.world.build.furnish`; `build_floor` there
runs all three. The game, the catalog, the lab and `run.py generate` call these same functions, so
a floor is the same wherever it is made, and the layout and dressing streams come from (run seed,
depth, generator) alone. Parameters arrive typed and split by the recipe (game.run.recipe).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import generators
from game.floorplan import FloorPlan
from game.party import HEROES
from game.run.recipe import FloorRecipe

if TYPE_CHECKING:
    from game.dressing import Dressing

PARTY = HEROES
"""The game has one hero: encounters are built for a party of one (game.party, also the
dressing's `party` default)."""


def layout(recipe: FloorRecipe, run_seed: int) -> FloorPlan:
    """The floor's layout: the generator with the recipe's layout parameters."""
    return generators.generate_floor(
        recipe.generator, run_seed, recipe.depth, recipe.width, recipe.height, recipe.layout
    )


def dress(recipe: FloorRecipe, plan: FloorPlan, run_seed: int, boss: bool | None) -> Dressing:
    """The layout dressed with the recipe's dressing parameters. In play (`boss` given) the game
    decides the rest: a party of one, and the boss on the last floor; a lone floor (None, as
    `run.py generate` makes) leaves them to the recipe and the defaults."""
    from game.dressing import dress_floor  # a layout alone (`run.py generate`) needs none of it

    params = dict(recipe.dressing)
    if boss is not None:
        params |= {"boss": boss, "party": PARTY}
    return dress_floor(plan, run_seed, recipe.depth, params)
