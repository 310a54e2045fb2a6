"""What the screens share: the run plan chosen in the menu, the seed, the game, the mouse."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from game.floorplan import Point
from game.world.dungeon import default_recipes
from game.world.model import FloorRecipe, Game

COLUMNS = 80
ROWS = 50
_WORDS = (
    "amber", "ash", "bone", "cinder", "copper", "dusk", "ember", "fallow", "flint", "gloam",
    "hollow", "iron", "ivy", "lantern", "moss", "oak", "quartz", "raven", "rust", "salt",
    "shale", "slate", "thorn", "umber", "vault", "willow",
)


def fresh_seed() -> str:
    """A new run seed for the menu (the interface may be random; the game never is)."""
    return f"{secrets.choice(_WORDS)}-{secrets.choice(_WORDS)}-{secrets.randbelow(100)}"


@dataclass
class Session:
    """Shared by every screen of one application run."""

    recipes: tuple[FloorRecipe, ...] = field(default_factory=default_recipes)
    seed_text: str = field(default_factory=fresh_seed)
    game: Game | None = None
    columns: int = COLUMNS
    rows: int = ROWS
    mouse: Point | None = None
    """The console cell under the mouse, once it has moved."""
