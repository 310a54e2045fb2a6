"""The main menu: new game (with its seed and floor plan), continue, help, quit."""

from __future__ import annotations

import tcod.console
import tcod.constants
import tcod.event

from game.ui import intents, saves
from game.ui.draw import MUTED, TITLE, box, clip
from game.ui.screens.choices import Choices
from game.ui.session import Session, fresh_seed
from game.ui.state import BaseState, Push, Quit, Reset, Transition
from game.world.dungeon import new_game
from game.world.model import Game

NEW, CONTINUE, SEED, PLAN, HELP, QUIT = range(6)
SEED_LIMIT = 32
WIDTH = 44
TOP = 20
SEED_CHARACTERS = {int(tcod.event.KeySym.MINUS): "-"}


class MainMenu(BaseState):
    """The first screen. Continue stays disabled until saves exist (game.ui.saves)."""

    def __init__(self, session: Session) -> None:
        self.session = session
        self.error = ""
        disabled = {} if saves.saved_run() is not None else {CONTINUE: "no saved run"}
        self.choices = Choices(self._labels(), disabled)

    def _labels(self) -> list[str]:
        plan = " ".join(r.generator for r in self.session.recipes[:4])
        more = " ..." if len(self.session.recipes) > 4 else ""
        return ["New game", "Continue", f"Seed: {self.session.seed_text}_",
                f"Floors: {plan}{more}", "Help", "Quit"]

    def _left(self, console: tcod.console.Console) -> int:
        return (console.width - WIDTH) // 2

    def on_key(self, event: tcod.event.KeyDown) -> Transition | None:
        if self.choices.index == SEED and self._edit_seed(event):
            return None
        return super().on_key(event)

    def _edit_seed(self, event: tcod.event.KeyDown) -> bool:
        """Typing on the seed row edits the seed; True when the key was used."""
        typed = intents.letter_of(event) or intents.digit_of(event)
        typed = typed or SEED_CHARACTERS.get(int(event.sym))
        seed = self.session.seed_text
        if typed and len(seed) < SEED_LIMIT:
            self.session.seed_text = seed + typed
        elif event.sym == tcod.event.KeySym.BACKSPACE:
            self.session.seed_text = seed[:-1]
        else:
            return False
        self.choices.labels = self._labels()
        return True

    def on_intent(self, intent: intents.Intent) -> Transition | None:
        match intent:
            case intents.Direction(0, dy):
                self.choices.move(dy)
            case intents.Confirm():
                return self.choose(self.choices.index)
            case intents.Back():
                return Quit()
            case intents.ShowHelp():
                return self.choose(HELP)
        return None

    def choose(self, row: int) -> Transition | None:
        """Act on a menu row (keys and clicks both end here)."""
        if not self.choices.enabled(row):
            return None
        self.choices.index = row
        if row == NEW:
            return self._new_game()
        if row == CONTINUE:
            game = saves.saved_run()
            if game is None:
                return None
            return self._play(game)
        if row == SEED:
            self.session.seed_text = fresh_seed()
            self.choices.labels = self._labels()
            return None
        if row == PLAN:
            from game.ui.screens.plan import PlanEditor

            return Push(PlanEditor(self.session, self))
        if row == HELP:
            from game.ui.screens.help import HelpScreen

            return Push(HelpScreen())
        return Quit()

    def _new_game(self) -> Transition | None:
        seed = self.session.seed_text.strip() or fresh_seed()
        try:
            game = new_game(seed, self.session.recipes)
        except ValueError as problem:
            self.error = f"Cannot start: {problem}"
            return None
        self.session.seed_text = seed
        return self._play(game)

    def _play(self, game: Game) -> Transition:
        from game.ui.screens.play import PlayState

        self.session.game = game
        return Reset(PlayState(self.session))

    def refresh(self) -> None:
        """The plan or seed changed elsewhere (the plan editor)."""
        self.choices.labels = self._labels()

    def on_mouse(self, x: int, y: int) -> Transition | None:
        row = self.choices.row_at(TOP, y) if self._inside(x) else None
        if row is not None and self.choices.enabled(row):
            self.choices.index = row
        return None

    def on_click(self, x: int, y: int, button: tcod.event.MouseButton) -> Transition | None:
        row = self.choices.row_at(TOP, y) if self._inside(x) else None
        if button == tcod.event.MouseButton.LEFT and row is not None:
            return self.choose(row)
        return None

    def _inside(self, x: int) -> bool:
        left = (self.session.columns - WIDTH) // 2
        return left <= x < left + WIDTH

    def on_draw(self, console: tcod.console.Console) -> None:
        middle = console.width // 2
        console.print(middle, 8, "D E L V E", fg=TITLE, alignment=tcod.constants.CENTER)
        console.print(middle, 10, "a roguelike that plays its dungeon generators",
                      fg=MUTED, alignment=tcod.constants.CENTER)
        left = self._left(console)
        box(console, left - 2, TOP - 2, WIDTH + 4, len(self.choices.labels) + 4, "Main menu")
        self.choices.draw(console, left, TOP, WIDTH)
        hint = "Up/Down choose, Enter select; type on the Seed row (Enter: a new seed)"
        console.print(middle, TOP + len(self.choices.labels) + 4, clip(hint, console.width),
                      fg=MUTED, alignment=tcod.constants.CENTER)
        if self.error:
            console.print(middle, TOP + len(self.choices.labels) + 6,
                          clip(self.error, console.width), fg=(255, 110, 110),
                          alignment=tcod.constants.CENTER)
