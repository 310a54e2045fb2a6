"""The in-game menu (Esc): resume, save and quit to the main menu, help, give up the run (asked
twice: the run ends there, with its morgue and replay), quit; under it the run code, which `c`
copies to the clipboard."""

from __future__ import annotations

import tcod.console
import tcod.event

from game.rules.actions import GiveUp
from game.turns import player_act
from game.ui import clipboard, intents, routes, saves
from game.ui.draw import MUTED, TEXT, box, centred_box, clip, wrap
from game.ui.session import Session
from game.ui.state import Pop, Push, Quit, Reset, Transition
from game.ui.widgets.choices import ChoiceMenu, Choices

RESUME, MAIN_MENU, HELP, GIVE_UP, QUIT = range(5)
WARN = (255, 110, 110)
WIDTH = 48


class GameMenu(ChoiceMenu):
    overlay = True
    back_closes = True

    def __init__(self, session: Session) -> None:
        self.session = session
        leave = ("Save and quit to the main menu" if saves.saves_exist()
                 else "Abandon the run: back to the main menu")
        self.choices = Choices(["Resume", leave, "Help", "Give up the run (it ends here)",
                                "Quit Delve"])
        self.copied = ""
        self.warned = False
        """A save on leaving failed and the player was told; a second choice leaves anyway."""
        self.giving_up = False
        """Give up was chosen once: choosing it again ends the run."""

    def on_key(self, event: tcod.event.KeyDown) -> Transition | None:
        if intents.letter_of(event) == "c" and self.session.game is not None:
            self.copied = clipboard.copy_message(self.session.game.run.code)
            return None
        return super().on_key(event)

    def choose(self, row: int) -> Transition | None:
        if row == RESUME:
            return Pop()
        if row == HELP:
            return Push(routes.to().help())
        game = self.session.game
        if row == GIVE_UP:
            if game is None or game.outcome:
                return None
            if not self.giving_up:
                self.giving_up = True
                return None
            player_act(game, GiveUp())  # an action: the recording ends with it
            return Reset(routes.to().end(self.session))
        self.giving_up = False
        if game is not None and not game.outcome and not saves.save_run(game) and not self.warned:
            self.warned = True  # the save failed (disk full?): say so; choosing again leaves
            return None
        if row == QUIT:
            return Quit()
        self.session.game = None
        return Reset(routes.to().main_menu(self.session))

    def menu_top(self) -> int:
        return (self.session.rows - len(self.choices.labels) - 6) // 2 + 2

    def on_draw(self, console: tcod.console.Console) -> None:
        x, y = centred_box(console, WIDTH + 4, len(self.choices.labels) + 6, "Menu")
        self.choices.draw(console, x + 2, y + 2, WIDTH)
        console.print(x + 2, y + len(self.choices.labels) + 3, "Enter: choose   Esc: resume",
                      fg=MUTED)
        if self.warned:
            warning = clip(saves.problem(), WIDTH).ljust(WIDTH)
            console.print(x + 2, y + len(self.choices.labels) + 3, warning, fg=WARN)
            console.print(x + 2, y + len(self.choices.labels) + 4,
                          "Choose again to leave without saving.", fg=WARN)
        elif self.giving_up:
            console.print(x + 2, y + len(self.choices.labels) + 3,
                          "Give up again to end the run: it cannot".ljust(WIDTH), fg=WARN)
            console.print(x + 2, y + len(self.choices.labels) + 4,
                          "be continued (morgue and replay are kept).", fg=WARN)
        if self.session.game is not None:
            self.draw_code(console, x, y + len(self.choices.labels) + 7, self.session.game.run.code)

    def draw_code(self, console: tcod.console.Console, x: int, y: int, code: str) -> None:
        lines = wrap(code, WIDTH)
        box(console, x, y, WIDTH + 4, len(lines) + 5, "Run code")
        for row, line in enumerate(lines):
            console.print(x + 2, y + 2 + row, line, fg=TEXT)
        console.print(x + 2, y + 3 + len(lines), self.copied or "c: copy it to the clipboard",
                      fg=MUTED)
