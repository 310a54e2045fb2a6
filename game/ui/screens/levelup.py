"""The level-up choice (game.rules.progress.LEVEL_CHOICES); it stays until a choice is made."""

from __future__ import annotations

import tcod.console
import tcod.event

from game.rules.actions import ChooseLevelUp
from game.rules.progress import LEVEL_CHOICES
from game.ui import intents
from game.ui.draw import MUTED, centred_box
from game.ui.routes import Play
from game.ui.state import Pop, Transition
from game.ui.widgets.choices import ChoiceMenu, Choices

LETTERS = "abcd"
WIDTH = 50


class LevelUpScreen(ChoiceMenu):
    overlay = True

    def __init__(self, play: Play) -> None:
        self.play = play
        self.keys = list(LEVEL_CHOICES)
        self.choices = Choices([f"{LETTERS[i]}) {LEVEL_CHOICES[key]}"
                                for i, key in enumerate(self.keys)])

    def on_key(self, event: tcod.event.KeyDown) -> Transition | None:
        letter = intents.letter_of(event)
        if letter is not None and letter in LETTERS[: len(self.keys)]:
            return self.choose(LETTERS.index(letter))
        return super().on_key(event)

    def choose(self, row: int) -> Transition:
        self.play.act(ChooseLevelUp(self.keys[row]))
        return Pop()  # another pending level brings this screen back on the next tick

    def _height(self) -> int:
        return len(self.keys) + 7

    def menu_top(self) -> int:
        """Where on_draw puts the first choice: two rows into the centred box."""
        rows = self.play.session.rows
        return (rows - min(self._height(), rows)) // 2 + 2

    def on_draw(self, console: tcod.console.Console) -> None:
        hero = self.play.game.hero
        x, y = centred_box(console, WIDTH + 4, self._height(),
                           f"Level {hero.level + 1}: choose how you grow")
        self.choices.draw(console, x + 2, y + 2, WIDTH)
        console.print(x + 2, y + len(self.keys) + 3, "a-d or Enter (every choice also: +2 HP,"
                      " full heal)", fg=MUTED)
