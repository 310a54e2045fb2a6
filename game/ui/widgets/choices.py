"""A vertical list of choices with a selection: menus, the inventory, the level-up screen."""

from __future__ import annotations

from dataclasses import dataclass, field

import tcod.console
import tcod.event

from game.ui import intents
from game.ui.draw import HIGHLIGHT_BG, MUTED, TEXT, clip
from game.ui.state import BaseState, Pop, Transition


@dataclass
class Choices:
    """Labels (some disabled, with a reason) and the selected row."""

    labels: list[str]
    disabled: dict[int, str] = field(default_factory=dict)
    """Row -> why it cannot be chosen (shown beside it)."""
    index: int = 0

    def __post_init__(self) -> None:
        self.index = self._nearest(self.index, 1)

    def _nearest(self, start: int, step: int) -> int:
        count = len(self.labels)
        for offset in range(count):
            row = (start + step * offset) % count
            if row not in self.disabled:
                return row
        return 0

    def move(self, step: int) -> None:
        """Select the next enabled row up (-1) or down (+1), wrapping around."""
        if self.labels:
            self.index = self._nearest((self.index + step) % len(self.labels), step)

    def enabled(self, row: int) -> bool:
        return 0 <= row < len(self.labels) and row not in self.disabled

    def row_at(self, top: int, y: int) -> int | None:
        """The row drawn at console line y when the list starts at `top`."""
        row = y - top
        return row if 0 <= row < len(self.labels) else None

    def draw(self, console: tcod.console.Console, x: int, y: int, width: int) -> None:
        for row, label in enumerate(self.labels):
            why = self.disabled.get(row)
            text = f"{label}  ({why})" if why else label
            selected = row == self.index and why is None
            console.print(x, y + row, clip(text, width).ljust(width),
                          fg=MUTED if why else TEXT, bg=HIGHLIGHT_BG if selected else None)


class ChoiceMenu(BaseState):
    """A screen that is mostly a list of choices: up and down move, Enter or a click chooses,
    hovering highlights. Subclasses say what a row does (`choose`), where the list is drawn
    (`menu_top`) and, if they take other keys, handle them before deferring here."""

    choices: Choices
    resting: tuple[int, int] | None = None
    """The cell where the mouse was when the menu first heard of it: a menu that opens under a
    resting mouse keeps its own selection until the mouse moves to another cell."""
    back_closes: bool = False
    """Esc (Back) closes the menu, back to the screen under it."""

    def choose(self, row: int) -> Transition | None:
        raise NotImplementedError

    def menu_top(self) -> int:
        """The console row of the first choice."""
        raise NotImplementedError

    def row_under(self, x: int, y: int) -> int | None:
        """The choice under the mouse (a subclass may also look at x)."""
        del x
        return self.choices.row_at(self.menu_top(), y)

    def on_intent(self, intent: intents.Intent) -> Transition | None:
        match intent:
            case intents.Back() if self.back_closes:
                return Pop()
            case intents.Direction(0, dy):
                self.choices.move(dy)
            case intents.Confirm():
                return self.choose(self.choices.index)
        return None

    def on_mouse(self, x: int, y: int) -> Transition | None:
        if self.resting is None or self.resting == (x, y):
            self.resting = (x, y)
            return None
        self.resting = (-1, -1)  # it has moved: from now on the hover follows it
        row = self.row_under(x, y)
        if row is not None and self.choices.enabled(row):
            self.choices.index = row
        return None

    def on_click(self, x: int, y: int, button: tcod.event.MouseButton) -> Transition | None:
        row = self.row_under(x, y)
        if button == tcod.event.MouseButton.LEFT and row is not None:
            return self.choose(row)
        return None


class ScrollingMenu(ChoiceMenu):
    """A ChoiceMenu whose list shows `visible` rows from `menu_top()`, scrolling to keep the
    selection in view (the Load screen, Past games)."""

    visible: int = 20
    first: int = 0
    """The first row shown."""

    def on_intent(self, intent: intents.Intent) -> Transition | None:
        result = super().on_intent(intent)
        index = self.choices.index
        self.first = min(max(self.first, index - self.visible + 1), index)
        return result

    def row_under(self, x: int, y: int) -> int | None:
        del x
        row = y - self.menu_top()
        shown = 0 <= row < self.visible and row + self.first < len(self.choices.labels)
        return row + self.first if shown else None
