"""The level-up choice: the 3 talents the pending level offers (`Hero.offers`, drawn when the
level was gained), each with its path, what it does and what it needs. Keys meant for walking
never choose: a letter or Up/Down only highlights, Enter confirms (a click chooses), Esc leaves
it for later (the panel says LEVEL UP and names the key that brings it back)."""

from __future__ import annotations

import textwrap

import tcod.console
import tcod.event

from game.content.talents import talents
from game.rules.actions import ChooseLevelUp
from game.rules.progress import ensure_offers, every_choice_brings
from game.ui import intents
from game.ui.draw import HIGHLIGHT_BG, MUTED, TEXT, TITLE, centred_box, clip
from game.ui.routes import Play
from game.ui.state import Pop, Transition
from game.ui.widgets.choices import ChoiceMenu, Choices

LETTERS = "abcdef"
CONFIRM_KEYS = (tcod.event.KeySym.RETURN, tcod.event.KeySym.KP_ENTER)
WIDTH = 62
BLOCK = 5
"""Console rows per offer: its name, up to two of text, what it needs, a gap."""


class LevelUpScreen(ChoiceMenu):
    overlay = True

    def __init__(self, play: Play) -> None:
        self.play = play
        ensure_offers(play.game)  # only a state made by hand lacks them (gained levels draw)
        self.keys = list(play.game.hero.offers)
        table = talents()
        self.choices = Choices([f"{LETTERS[i]}) {table[key].name}  ({table[key].path})"
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
        if 0 <= row < len(self.keys):
            self.play.act(ChooseLevelUp(self.keys[row]))
        return Pop()  # another pending level brings this screen back on the next tick

    def _height(self) -> int:
        return len(self.keys) * BLOCK + 6

    def menu_top(self) -> int:
        """Where on_draw puts the first choice: two rows into the centred box."""
        rows = self.play.session.rows
        return (rows - min(self._height(), rows)) // 2 + 2

    def row_under(self, x: int, y: int) -> int | None:
        """An offer's whole block chooses it."""
        del x
        row, inside = divmod(y - self.menu_top(), BLOCK)
        return row if 0 <= row < len(self.keys) and inside < BLOCK - 1 else None

    def on_draw(self, console: tcod.console.Console) -> None:
        hero = self.play.game.hero
        table = talents()
        x, y = centred_box(console, WIDTH + 4, self._height(),
                           f"Level {hero.level + 1}: choose a talent")
        for row, key in enumerate(self.keys):
            top = y + 2 + row * BLOCK
            console.print(x + 2, top, clip(self.choices.labels[row], WIDTH).ljust(WIDTH), fg=TITLE,
                          bg=HIGHLIGHT_BG if row == self.choices.index else None)
            talent = table[key]
            lines = textwrap.wrap(talent.text, WIDTH - 3)[:2]
            for offset, line in enumerate(lines):
                console.print(x + 5, top + 1 + offset, line, fg=TEXT)
            needs = ", ".join(table[k].name for k in talent.requires)
            notes = [f"needs {needs}" if needs else "",
                     "active: a number key uses it" if talent.active else ""]
            console.print(x + 5, top + 1 + len(lines), "; ".join(n for n in notes if n), fg=MUTED)
        bottom = y + 2 + len(self.keys) * BLOCK
        console.print(x + 2, bottom, "a-c/Up/Down pick, Enter takes it, Esc: later", fg=MUTED)
        console.print(x + 2, bottom + 1,
                      f"(every choice also: {every_choice_brings(hero.level + 1)})", fg=MUTED)
