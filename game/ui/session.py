"""What the screens share: the run set up on the New game screen, the game, the mouse."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from game.floorplan import Point
from game.run import FloorRecipe, default_recipes
from game.run.recipes import RecipeEntry
from game.world.model import Game

COLUMNS = 80
ROWS = 50
SEED_WORDS = (
    "amber", "ash", "bone", "cinder", "copper", "dusk", "ember", "fallow", "flint", "gloam",
    "hollow", "iron", "ivy", "taper", "moss", "oak", "quartz", "raven", "rust", "salt",
    "shale", "slate", "thorn", "umber", "vault", "willow",
)


def fresh_seed() -> str:
    """A new run seed for the menu (the interface may be random; the game never is): a word
    and a number ("ember-482"), easy to say to a friend and short enough that a plan changed
    at one depth keeps its run code within 40 characters (tests/test_ui_newgame.py)."""
    return f"{secrets.choice(SEED_WORDS)}-{secrets.randbelow(1000)}"


def rows_of(recipes: tuple[FloorRecipe, ...]) -> tuple[RecipeEntry, ...]:
    """Concrete recipes as the New game screen's rows: one recipe entry per depth."""
    return tuple(RecipeEntry(r.depth, r.depth, r.generator, (r.width, r.height), r.params)
                 for r in recipes)


@dataclass
class Session:
    """Shared by every screen of one application run."""

    recipes: tuple[RecipeEntry, ...] = field(default_factory=lambda: rows_of(default_recipes()))
    """One entry per depth, in depth order, each with a size; the generator may be "random"."""
    seed_text: str = field(default_factory=fresh_seed)
    daily: bool = False
    seed_played: str = ""
    """The seed of the last run the New game screen started: it offers a fresh one next time
    instead (Start twice replayed the same dungeon unasked)."""
    game: Game | None = None
    columns: int = COLUMNS
    rows: int = ROWS
    mouse: Point | None = None
    """The console cell under the mouse, once it has moved."""
    background: str = "fighter"
    """The background chosen on the New game screen (kept for the next new game)."""
