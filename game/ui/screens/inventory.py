"""The inventory: choose an item by letter (or arrows and Enter) to use, drop or wear it."""

from __future__ import annotations

import tcod.console
import tcod.event

from game.content.items import kind_of
from game.rules import gear
from game.rules.actions import Drop, Equip, Use
from game.rules.identify import description
from game.ui import intents, routes
from game.ui.describe import item_name
from game.ui.draw import MUTED, centred_box, wrap
from game.ui.routes import Play
from game.ui.state import Pop, Replace, Transition
from game.ui.widgets.choices import ChoiceMenu, Choices
from game.world.model import Game, Item

TITLES = {"use": "Use which item?", "drop": "Drop which item?", "equip": "Wear or remove which?"}
LETTERS = "abcdefghijklmnopqrstuvwxyz"
WIDTH = 50
BOX_EXTRA = 8
"""Rows of the box besides the items: borders, the chosen item's description, the key line."""


def stacked(game: Game) -> tuple[list[Item], list[str]]:
    """One row per stack of the pack (gear.pack_rows): the first item carried stands for the
    rest, "potion of healing (x2)"."""
    worn = set(game.hero.equipment.values())
    rows = gear.pack_rows(game.hero)
    labels = [
        item_name(game, row[0]) + (" (worn)" if row[0].id in worn else "")
        + (f" (x{len(row)})" if len(row) > 1 else "")
        for row in rows
    ]
    return [row[0] for row in rows], labels


class InventoryScreen(ChoiceMenu):
    overlay = True

    def __init__(self, play: Play, mode: str) -> None:
        self.play = play
        self.mode = mode
        self.items, labels = stacked(play.game)
        self.choices = Choices([
            f"{LETTERS[i]}) {label}" for i, label in enumerate(labels[: len(LETTERS)])
        ])

    def on_key(self, event: tcod.event.KeyDown) -> Transition | None:
        letter = intents.letter_of(event)
        if letter is not None:
            row = LETTERS.index(letter)
            return self.choose(row) if row < len(self.choices.labels) else None
        return super().on_key(event)

    def on_intent(self, intent: intents.Intent) -> Transition | None:
        if isinstance(intent, intents.Back | intents.OpenInventory):
            return Pop()
        return super().on_intent(intent)

    def choose(self, row: int) -> Transition | None:
        if not self.choices.enabled(row):
            return None
        item = self.items[row]
        if self.mode == "drop":
            self.play.act(Drop(item.id))
        elif self.mode == "equip":
            self.play.act(Equip(item.id))
        elif kind_of(item.kind).target:  # wands and aimed scrolls: pick the square
            return Replace(routes.to().look(self.play, item=item))
        else:
            self.play.act(Use(item.id))
        return Pop()

    def menu_top(self) -> int:
        """The console row of the first item (the box is centred)."""
        rows = max(1, len(self.choices.labels))
        return (self.play.session.rows - min(rows + BOX_EXTRA, self.play.session.rows)) // 2 + 2

    def on_draw(self, console: tcod.console.Console) -> None:
        rows = max(1, len(self.choices.labels))
        x, y = centred_box(console, WIDTH + 4, rows + BOX_EXTRA, TITLES[self.mode])
        if self.choices.labels:
            self.choices.draw(console, x + 2, y + 2, WIDTH)
            about = description(self.play.game, self.items[self.choices.index])
            for n, line in enumerate(wrap(about, WIDTH)[:2]):
                console.print(x + 2, y + rows + 3 + n, line, fg=MUTED)
        else:
            console.print(x + 2, y + 2, "You carry nothing.", fg=MUTED)
        console.print(x + 2, y + rows + 5, "a-z or Enter: choose   Esc: close", fg=MUTED)
