"""A run: the seed, the recipe of every depth, the daily flag and the rules version, as one value.

Everything that starts a game (the command line, the New game screen, the lab, replays, the
catalog, autoplay) builds a `Run` through one of its constructors, and everything that makes a
floor reads the recipes from it. The seed's 64-bit hash is made here and nowhere else; the run
code is computed from the run, never stored beside it. This package sits below `game.world`.
"""

from __future__ import annotations

import datetime
import functools
from dataclasses import dataclass, field

from game.run import code as runcode
from game.run.recipe import FloorRecipe
from game.run.recipes import (
    DEFAULT_FLOORS,
    MAX_DEPTHS,
    MAX_SIDE,
    MIN_SIDE,
    RecipeEntry,
    RecipeError,
    check_entries,
    make_recipes,
    parse_recipes,
    read_run_file,
)
from game.seeds import seed_from_text
from game.version import RULES_VERSION

MAX_SEED_BYTES = 1000
"""A run code carries the seed: longer seeds cannot be shared, so no run has one."""


@functools.cache
def default_recipes() -> tuple[FloorRecipe, ...]:
    """The default run's recipes (what a run code without recipes text means)."""
    return tuple(
        FloorRecipe(depth, name, width, height)
        for depth, (name, width, height) in enumerate(DEFAULT_FLOORS, start=1)
    )


def daily_seed(today: datetime.date | None = None) -> str:
    """The daily run's seed: the UTC date, the same for everyone that day."""
    date = today or datetime.datetime.now(datetime.UTC).date()
    return f"daily-{date.isoformat()}"


@dataclass(frozen=True, slots=True)
class Run:
    """One run, checked when made: depths 1..N each with a valid recipe of a known generator
    (parameters typed by the split the floors are built with), sides within range."""

    seed: str
    recipes: tuple[FloorRecipe, ...] = field(default_factory=default_recipes)
    is_daily: bool = False
    rules_version: int = RULES_VERSION
    seed_hash: int = field(init=False, compare=False, repr=False)
    """The seed text hashed to 64 bits: every stream of the run derives from it."""

    def __post_init__(self) -> None:
        if len(self.seed.encode("utf-8")) > MAX_SEED_BYTES:
            raise runcode.RunCodeError(f"run code: the seed is longer than {MAX_SEED_BYTES} bytes")
        if not 1 <= len(self.recipes) <= MAX_DEPTHS:
            raise RecipeError(f"run: needs 1..{MAX_DEPTHS} floors, not {len(self.recipes)}")
        for depth, recipe in enumerate(self.recipes, start=1):
            if recipe.depth != depth:
                raise RecipeError(f"run: recipe {depth} is for depth {recipe.depth}")
            if not (MIN_SIDE <= recipe.width <= MAX_SIDE and MIN_SIDE <= recipe.height <= MAX_SIDE):
                raise RecipeError(f"run: depth {depth}'s floor size must be within "
                                  f"{MIN_SIDE}..{MAX_SIDE}")
        object.__setattr__(self, "seed_hash", seed_from_text(self.seed))

    @classmethod
    def from_plan(cls, seed: str, plan: str | None = None, daily: bool = False) -> Run:
        """A run of `seed` with recipes in the short form (`--plan`); None: the default run."""
        if plan is None:
            return cls(seed, is_daily=daily)
        return cls._of_entries(seed, parse_recipes(plan), daily)

    @classmethod
    def from_code(cls, text: str) -> Run:
        """The run a code holds (RunCodeError or RecipeError when it cannot be played here)."""
        code = runcode.decode(text)
        if code.recipes == default_recipes():
            raise runcode.RunCodeError("run code: malformed (not the code this run would have)")
        return cls(code.seed, code.recipes or default_recipes(), code.daily)

    @classmethod
    def from_file(
        cls, text: str, source: str, seed: str | None = None, daily: bool = False
    ) -> Run:
        """A TOML run file's run. `seed` (from the command line) wins over the file's own; a
        daily run takes today's seed and refuses a file that names one."""
        file_seed, entries = read_run_file(text, source)
        chosen = seed or file_seed
        if daily:
            if chosen:
                raise RecipeError("--daily chooses the seed itself: leave out --seed")
            chosen = daily_seed()
        if chosen is None:
            raise RecipeError("name a run: --seed TEXT, --code CODE or --daily")
        return cls._of_entries(chosen, entries, daily)

    @classmethod
    def daily(cls, today: datetime.date | None = None, plan: str | None = None) -> Run:
        """Today's run (UTC), the same for everyone; optionally with other recipes."""
        return cls.from_plan(daily_seed(today), plan, daily=True)

    @classmethod
    def from_entries(
        cls, seed: str, entries: tuple[RecipeEntry, ...], daily: bool = False
    ) -> Run:
        """A run of recipe entries made elsewhere (the New game screen's rows), checked as
        parsed ones are."""
        return cls._of_entries(seed, check_entries(entries), daily)

    @classmethod
    def _of_entries(cls, seed: str, entries: tuple[RecipeEntry, ...], daily: bool) -> Run:
        """Entries made concrete: a `random` one draws its generator from the seed's hash."""
        return cls(seed, make_recipes(entries, seed_from_text(seed)), daily)

    @property
    def code(self) -> str:
        """The run code: rules version, seed, the recipes packed (none for the default run)."""
        custom = () if self.recipes == default_recipes() else self.recipes
        return runcode.encode(runcode.RunCode(self.seed, custom, self.is_daily, self.rules_version))

    @property
    def last_depth(self) -> int:
        return len(self.recipes)


__all__ = [
    "MAX_SIDE", "MIN_SIDE", "FloorRecipe", "RecipeError", "Run", "daily_seed", "default_recipes",
]
