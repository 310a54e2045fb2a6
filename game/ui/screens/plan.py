"""The run plan: one row per depth; left and right cycle that depth's generator."""

from __future__ import annotations

from typing import Protocol

import tcod.console
import tcod.constants

from game import generators
from game.ui import intents
from game.ui.draw import MUTED, TEXT, TITLE, box, clip
from game.ui.screens.choices import Choices
from game.ui.session import Session
from game.ui.state import BaseState, Pop, Transition
from game.world.dungeon import default_recipes
from game.world.model import FloorRecipe

TOP = 8
WIDTH = 50


class Refreshable(Protocol):
    def refresh(self) -> None: ...


def cycle(recipe: FloorRecipe, step: int) -> FloorRecipe:
    """The recipe with the next (step=1) or previous (-1) registered generator.

    Parameters belong to one generator, so they are dropped; the size grows to the new
    generator's minimum if needed.
    """
    names = generators.names()
    if recipe.generator in names:
        name = names[(names.index(recipe.generator) + step) % len(names)]
    else:
        name = names[0] if step > 0 else names[-1]
    spec = generators.get(name)
    return FloorRecipe(recipe.depth, name, max(recipe.width, spec.min_width),
                       max(recipe.height, spec.min_height))


class PlanEditor(BaseState):
    """Edits session.recipes in place; New game then plays them."""

    overlay = True

    def __init__(self, session: Session, menu: Refreshable | None = None) -> None:
        self.session = session
        self.menu = menu
        self.choices = Choices(self._labels())

    def _labels(self) -> list[str]:
        rows = [f"Depth {r.depth:2}   < {r.generator:^8} >   {r.width}x{r.height}"
                for r in self.session.recipes]
        return [*rows, "Reset to the default plan", "Done"]

    def _changed(self) -> None:
        self.choices.labels = self._labels()
        if self.menu is not None:
            self.menu.refresh()

    def on_intent(self, intent: intents.Intent) -> Transition | None:
        depths = len(self.session.recipes)
        row = self.choices.index
        match intent:
            case intents.Direction(0, dy):
                self.choices.move(dy)
            case intents.Direction(dx, 0) if row < depths:
                recipes = list(self.session.recipes)
                recipes[row] = cycle(recipes[row], dx)
                self.session.recipes = tuple(recipes)
                self._changed()
            case intents.Confirm() if row == depths:
                self.session.recipes = default_recipes()
                self._changed()
            case intents.Confirm() if row > depths:
                return Pop()
            case intents.Back():
                return Pop()
        return None

    def on_wheel(self, dy: int) -> Transition | None:
        self.choices.move(-dy)
        return None

    def on_draw(self, console: tcod.console.Console) -> None:
        left = (console.width - WIDTH) // 2
        height = len(self.choices.labels) + 8
        box(console, left - 2, TOP - 2, WIDTH + 4, height, "Floors of the run")
        self.choices.draw(console, left, TOP, WIDTH)
        bottom = TOP + len(self.choices.labels) + 1
        row = self.choices.index
        if row < len(self.session.recipes):
            name = self.session.recipes[row].generator
            known = name in generators.names()
            summary = generators.get(name).summary if known else f"{name}: not registered"
            console.print(left, bottom, clip(summary, WIDTH), fg=TEXT)
        console.print(left, bottom + 2, "Left/Right: generator   Up/Down: depth   Esc: done",
                      fg=MUTED)
        console.print(console.width // 2, TOP - 4, "New game plays this plan", fg=TITLE,
                      alignment=tcod.constants.CENTER)
