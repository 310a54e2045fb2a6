"""The floor the game plays, made for an export: `run.py generate` and `run.py gm` take a floor
from here, so what they print is what a player meets.

A run's floor is made by the catalog's own stages (`game.catalog.dressed`, `furnished`: the
game's choice of the boss, on the run's last depth only), so the two cannot drift apart. A lone
floor (`generate --generator G` without a run) is the floor a run of G would play at that depth
before its last: the dressing's defaults are the game's (one hero, no boss;
tests/test_encounters_whole.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game import pipeline
from game.floorplan import FloorPlan
from game.run import FloorRecipe, Run
from game.seeds import seed_from_text

if TYPE_CHECKING:
    from game.dressing import Dressing
    from game.world.model import Floor


@dataclass(frozen=True, slots=True)
class GameFloor:
    """One depth made through every stage: its recipe, layout, dressing and (when asked) the
    furnished runtime floor, with the run it belongs to (None for a lone floor)."""

    seed: str
    recipe: FloorRecipe
    plan: FloorPlan
    dressing: Dressing | None
    floor: Floor | None
    run: Run | None = None

    @property
    def depth(self) -> int:
        return self.recipe.depth

    @property
    def code(self) -> str | None:
        """The run code that plays this floor (None for a lone floor)."""
        return self.run.code if self.run is not None else None


def run_floor(run: Run, depth: int, dressed: bool = True, furnished: bool = True) -> GameFloor:
    """Depth `depth` of `run` as the game builds it (ValueError outside the run's depths)."""
    if not 1 <= depth <= run.last_depth:
        raise ValueError(f"--depth {depth} is outside the run's depths 1..{run.last_depth}")
    from game import catalog  # the catalog's stages: one boss rule, one furnishing

    recipe = run.recipes[depth - 1]
    plan = pipeline.layout(recipe, run.seed_hash)
    if not (dressed or furnished):
        return GameFloor(run.seed, recipe, plan, None, None, run)
    dressing = catalog.dressed(recipe, run, plan)
    floor = catalog.furnished(recipe, run, plan, dressing) if furnished else None
    return GameFloor(run.seed, recipe, plan, dressing, floor, run)


def lone_floor(
    seed: str, recipe: FloorRecipe, dressed: bool = True, furnished: bool = True
) -> GameFloor:
    """A floor of `recipe` outside any run (its dressing parameters as the recipe gives them)."""
    seed_hash = seed_from_text(seed)
    plan = pipeline.layout(recipe, seed_hash)
    if not (dressed or furnished):
        return GameFloor(seed, recipe, plan, None, None)
    dressing = pipeline.dress(recipe, plan, seed_hash, boss=None)
    floor = None
    if furnished:
        from game.world.build import furnish

        floor = furnish(recipe, plan, dressing, seed_hash)
    return GameFloor(seed, recipe, plan, dressing, floor)
