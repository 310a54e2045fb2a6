"""The inventory: choose an item by letter (or arrows and Enter) to use, drop or wear it; each
line shows the item's numbers, and Shift+letter, ; or a right click describes one."""

from __future__ import annotations

from collections.abc import Callable

import tcod.console
import tcod.event

from game import codex
from game.content.items import ItemKind, kind_of
from game.rules import identify
from game.rules.actions import Drop, Equip, Quiver, Use
from game.ui import intents, routes
from game.ui.describe import item_name
from game.ui.draw import MUTED, WARNING, centred_box, wrap
from game.ui.routes import Play
from game.ui.state import Pop, Push, Replace, Transition
from game.ui.widgets.choices import ChoiceMenu, Choices
from game.world import pack
from game.world.model import Game, Item

TITLES = {"use": "Use which item?", "drop": "Drop which item?", "equip": "Wear or remove which?",
          "throw": "Throw which item?", "quiver": "Ready which to fire (f)?",
          "quaff": "Drink which potion?", "read": "Read which scroll?", "eat": "Eat what?"}
ONLY: dict[str, Callable[[ItemKind], bool]] = {
    "equip": lambda kind: bool(kind.slot),
    "quaff": lambda kind: kind.kind == "potion",
    "read": lambda kind: kind.kind == "scroll",
    "eat": lambda kind: kind.kind == "food",
}
"""The modes that list only some of the pack (each item keeps its pack letter)."""
NONE_CARRIED = {"quaff": "You carry no potions.", "read": "You carry no scrolls.",
                "eat": "You carry no food."}
WIDTH = 50
FOOTER = "a-z or Enter: choose   A-Z or ;: describe   Esc: close"


def stacked(game: Game) -> list[tuple[str, Item, str]]:
    """One row per stack of the pack, by its lasting letter (game.world.pack): the first item
    carried stands for the rest, with its numbers once known: "potion of healing [heals 2d8+4]
    (x2)", "long sword [1d8] (worn)"."""
    worn = pack.worn_ids(game.hero)
    quivered = game.hero.equipment.get(pack.QUIVER)
    rows = []
    for letter, row in pack.lettered_rows(game.hero):
        known = identify.known(game, row[0].kind)
        numbers = codex.item_numbers(kind_of(row[0].kind)) if known else ""
        label = (item_name(game, row[0]) + (f" [{numbers}]" if numbers else "")
                 + (" (worn)" if row[0].id in worn else "")
                 + (" (quivered)" if any(i.id == quivered for i in row) else "")
                 + (f" (x{len(row)})" if len(row) > 1 else ""))
        rows.append((letter, row[0], label))
    return rows


def throw_first(game: Game, items: list[Item]) -> int:
    """The row a throw starts on: what is made for throwing (a dart, a javelin), else another
    weapon, else ammunition, else anything not worn. Enter alone never throws the wielded sword,
    nor a healing potion while a dart is at hand."""
    worn = pack.worn_ids(game.hero)

    def rank(row: int) -> int:
        kind = kind_of(items[row].kind)
        if items[row].id in worn:
            return 4
        return 0 if kind.thrown else 1 if kind.kind == "weapon" else 2 if kind.kind == "ammo" else 3

    return min(range(len(items)), key=lambda row: (rank(row), row), default=0)


class InventoryScreen(ChoiceMenu):
    overlay = True

    def __init__(self, play: Play, mode: str) -> None:
        self.play = play
        self.mode = mode
        rows = [(letter, item, label) for letter, item, label in stacked(play.game)
                if mode not in ONLY or ONLY[mode](kind_of(item.kind))]
        self.letters = [letter for letter, _, _ in rows]
        self.items = [item for _, item, _ in rows]
        first = throw_first(play.game, self.items) if mode == "throw" else 0
        self.choices = Choices([f"{letter}) {label}" for letter, _, label in rows], index=first)
        self.warning = ""
        """What the last key pressed did not find ("No item e here.")."""

    def on_key(self, event: tcod.event.KeyDown) -> Transition | None:
        letter = intents.letter_of(event)
        if letter is not None:
            if letter not in self.letters:
                self.warning = f"No item {letter} in this list."
                return None
            return self.choose(self.letters.index(letter))
        shifted = intents.letter_of(event, shift=True)
        if shifted is not None:
            return self.describe(self.letters.index(shifted)) if shifted in self.letters else None
        return super().on_key(event)

    def on_intent(self, intent: intents.Intent) -> Transition | None:
        if isinstance(intent, intents.Back | intents.OpenInventory):
            return Pop()
        if isinstance(intent, intents.Describe):
            return self.describe(self.choices.index)
        return super().on_intent(intent)

    def on_click(self, x: int, y: int, button: tcod.event.MouseButton) -> Transition | None:
        row = self.row_under(x, y)
        if button == tcod.event.MouseButton.RIGHT and row is not None:
            return self.describe(row)
        return super().on_click(x, y, button)

    def describe(self, row: int) -> Transition | None:
        """The describe screen for the item of `row` (for gear: against what is worn)."""
        if not 0 <= row < len(self.items):
            return None
        return Push(routes.to().describe([codex.describe_item(self.play.game, self.items[row])]))

    def width(self) -> int:
        """The list's width: the longest line, at least WIDTH, at most the console allows."""
        longest = max((len(label) for label in self.choices.labels),
                      default=len(self.empty_text()))
        return min(max(WIDTH, longest, len(FOOTER)), self.play.session.columns - 4)

    def choose(self, row: int) -> Transition | None:
        if not self.choices.enabled(row):
            return None
        item = self.items[row]
        if self.mode == "drop":
            self.play.act(Drop(item.id))
        elif self.mode == "equip":
            self.play.act(Equip(item.id))
        elif self.mode == "quiver":
            self.play.act(Quiver(item.id))
        elif self.mode == "throw":
            return Replace(routes.to().look(self.play, item=item, verb="throw"))
        elif kind_of(item.kind).target:  # wands and aimed scrolls: pick the square
            return Replace(routes.to().look(self.play, item=item))
        else:
            self.play.act(Use(item.id))
        return Pop()

    def empty_text(self) -> str:
        """What an empty list says: for wearing, what to do about it."""
        if not self.play.game.hero.inventory:
            return "You carry nothing."
        if self.mode == "equip":
            return "Nothing to wear or wield: pick up (g) weapons or armour."
        return NONE_CARRIED.get(self.mode, "You carry nothing.")

    def height(self) -> int:
        """The box's height: a line per row, the footer wrapped to the list's width."""
        return (max(1, len(self.choices.labels)) + 5 + len(wrap(FOOTER, self.width()))
                + bool(self.warning))

    def menu_top(self) -> int:
        """The console row of the first item (the box is centred)."""
        return (self.play.session.rows - min(self.height(), self.play.session.rows)) // 2 + 2

    def on_draw(self, console: tcod.console.Console) -> None:
        rows = max(1, len(self.choices.labels))
        width = self.width()
        footer = wrap(FOOTER, width)
        x, y = centred_box(console, width + 4, self.height(), TITLES[self.mode])
        if self.choices.labels:
            self.choices.draw(console, x + 2, y + 2, width)
        else:
            console.print(x + 2, y + 2, self.empty_text(), fg=MUTED)
        for number, line in enumerate(footer):
            console.print(x + 2, y + rows + 3 + number, line, fg=MUTED)
        if self.warning:
            console.print(x + 2, y + rows + 3 + len(footer), self.warning, fg=WARNING)
