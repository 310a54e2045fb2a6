"""The main menu: new game (the New game screen sets the run up), continue (the latest saved
run, selected when there is one), load (every run's save), past games (finished runs: morgue
and replay), high scores, the generator lab, options, help, quit."""

from __future__ import annotations

import tcod.console
import tcod.constants
import tcod.event

from game.pastgames import past_games
from game.ui import intents, routes, saves
from game.ui.draw import MUTED, TITLE, box, clip, wrap_at_most
from game.ui.session import Session
from game.ui.state import Push, Quit, Transition
from game.ui.widgets.choices import ChoiceMenu, Choices
from game.world.model import Game

NEW, CONTINUE, LOAD, PAST, SCORES, LAB, OPTIONS, HELP, QUIT = range(9)
LABELS = ("New game", "Continue", "Load game", "Past games", "High scores", "Generator lab",
          "Options", "Help", "Quit")
WIDTH = 44
TOP = 20
ERROR_LINES = 4
"""Lines for a problem with the saved run (a damaged save, the backup used instead)."""


class MainMenu(ChoiceMenu):
    """The first screen. Continue (the latest run's save) is selected when there is one and
    disabled otherwise; Load game lists every run's save (game.ui.saves)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        listed = saves.saved_runs()
        latest = saves.latest_run(listed)
        self.error = saves.problem()  # a damaged save, or a folder another game holds
        disabled: dict[int, str] = {}
        if latest is None:
            disabled[CONTINUE] = "no saved run"
        if not listed:
            disabled[LOAD] = "no saves"
        if not past_games(saves.folder()):
            disabled[PAST] = "none finished yet"
        self.choices = Choices(list(LABELS), disabled, CONTINUE if latest is not None else NEW)

    def _left(self, console: tcod.console.Console) -> int:
        return (console.width - WIDTH) // 2

    def on_intent(self, intent: intents.Intent) -> Transition | None:
        match intent:
            case intents.Back():
                return Quit()
            case intents.ShowHelp():
                return self.choose(HELP)
        return super().on_intent(intent)

    def choose(self, row: int) -> Transition | None:
        """Act on a menu row (keys and clicks both end here)."""
        if not self.choices.enabled(row):
            return None
        self.choices.index = row
        if row == NEW:
            return Push(routes.to().new_game(self.session))
        if row == CONTINUE:
            game = saves.saved_run()
            if game is None:
                self.error = saves.problem()
                return None
            return self._play(game)
        if row == LOAD:
            return Push(routes.to().load_game(self.session))
        if row == PAST:
            return Push(routes.to().past_games(self.session))
        if row == SCORES:
            return Push(routes.to().scores())
        if row == LAB:
            return Push(routes.to().lab(self.session))
        if row == OPTIONS:
            return Push(routes.to().options())
        if row == HELP:
            return Push(routes.to().help())
        return Quit()

    def _play(self, game: Game) -> Transition:
        return routes.play_run(self.session, game)

    def menu_top(self) -> int:
        return TOP

    def row_under(self, x: int, y: int) -> int | None:
        left = (self.session.columns - WIDTH) // 2
        return super().row_under(x, y) if left <= x < left + WIDTH else None

    def on_draw(self, console: tcod.console.Console) -> None:
        middle = console.width // 2
        console.print(middle, 8, "D E L V E", fg=TITLE, alignment=tcod.constants.CENTER)
        console.print(middle, 10, "a roguelike that plays its dungeon generators",
                      fg=MUTED, alignment=tcod.constants.CENTER)
        left = self._left(console)
        box(console, left - 2, TOP - 2, WIDTH + 4, len(self.choices.labels) + 4, "Main menu")
        self.choices.draw(console, left, TOP, WIDTH)
        hint = "Up/Down: choose   Enter: select   Esc: quit"
        console.print(middle, TOP + len(self.choices.labels) + 4, clip(hint, console.width),
                      fg=MUTED, alignment=tcod.constants.CENTER)
        for row, line in enumerate(wrap_at_most(self.error, console.width - 4, ERROR_LINES)):
            console.print(middle, TOP + len(self.choices.labels) + 6 + row, line,
                          fg=(255, 110, 110), alignment=tcod.constants.CENTER)

