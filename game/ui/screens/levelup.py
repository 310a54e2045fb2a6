"""The level-up choice (game.rules.progress.LEVEL_CHOICES). Keys meant for walking never choose:
a letter or Up/Down only highlights, Enter confirms (a click chooses), Esc leaves it for later
(the panel says LEVEL UP and names the key that brings it back)."""

from __future__ import annotations

import tcod.console
import tcod.event

from game.rules.actions import ChooseLevelUp
from game.rules.progress import LEVEL_CHOICES, every_choice_brings
from game.ui import intents
from game.ui.draw import MUTED, centred_box
from game.ui.routes import Play
from game.ui.state import Pop, Transition
from game.ui.widgets.choices import ChoiceMenu, Choices

LETTERS = "abcd"
CONFIRM_KEYS = (tcod.event.KeySym.RETURN, tcod.event.KeySym.KP_ENTER)
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
            self.choices.index = LETTERS.index(letter)
            return None
        if event.sym in CONFIRM_KEYS:
            return self.choose(self.choices.index)
        if event.sym in (tcod.event.KeySym.UP, tcod.event.KeySym.DOWN):
            self.choices.move(-1 if event.sym == tcod.event.KeySym.UP else 1)
            return None
        if isinstance(intents.intent_for(event), intents.Back):
            return Pop()  # later: the panel's marker stays
        return None

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
        console.print(x + 2, y + len(self.keys) + 3, "a-d/Up/Down pick, Enter takes it, Esc: later",
                      fg=MUTED)
        console.print(x + 2, y + len(self.keys) + 4,
                      f"(every choice also: {every_choice_brings(hero.level + 1)})", fg=MUTED)
