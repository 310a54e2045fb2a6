"""The end of a run, dead or victorious: cause, depth, turns, gold, seed, run code and recipes."""

from __future__ import annotations

import tcod.console
import tcod.event

from game.rules.progress import GAVE_UP
from game.ui import clipboard, intents, routes, saves
from game.ui.draw import MUTED, TEXT, TITLE, box, clip, wrap
from game.ui.session import Session
from game.ui.state import BaseState, Push, Reset, Transition
from game.world.model import Game

WIDTH = 64


def summary(game: Game, width: int = WIDTH - 4) -> list[str]:
    won = game.outcome == "won"
    lines = [
        "You escaped with the relic!" if won else (
            "You gave up the run." if game.cause == GAVE_UP else "You have died."),
        "",
        f"Cause: {game.cause or game.outcome}",
        depth_line(game),
        f"Turns: {game.turn}",
        f"Gold: {game.hero.gold}",
        f"Level: {game.hero.level}",
        f"Run seed: {game.run.seed}" + (" (daily run)" if game.run.is_daily else ""),
        *wrap(f"Run code: {game.run.code}", width),
        "",
        "Plan:",
    ]
    lines += [f"  depth {r.depth:2}: {r.generator} {r.width}x{r.height}" for r in game.run.recipes]
    return lines


def depth_line(game: Game) -> str:
    """The deepest floor reached (a won run ends on depth 1, having been to the last), and
    where a death came when it was not there; consistent with a cause that names its depth,
    which is the depth the hero stood on. A floor made for a monster that fell to it has
    nothing explored: the hero never stood there."""
    deepest = max((d for d, floor in game.floors.items() if floor.explored.any()),
                  default=game.depth)
    deepest = max(deepest, game.depth)
    line = f"Depth reached: {deepest} of {game.last_depth}"
    if game.outcome == "dead" and game.depth != deepest:
        line += f" (died on depth {game.depth})"
    return line


class EndScreen(BaseState):
    """Shown once per finished run; it records the run (morgue, scores) when it opens."""

    def __init__(self, session: Session) -> None:
        if session.game is None:
            raise ValueError("the end screen needs a finished game")
        self.session = session
        self.game = session.game
        self.recorded = saves.record_run_end(self.game)
        self.copied = ""

    def on_key(self, event: tcod.event.KeyDown) -> Transition | None:
        if intents.letter_of(event) == "c":
            self.copied = clipboard.copy_message(self.game.run.code)
            return None
        return super().on_key(event)

    def on_intent(self, intent: intents.Intent) -> Transition | None:
        match intent:
            case intents.Back() | intents.Confirm():
                self.session.game = None
                return Reset(routes.to().main_menu(self.session))
            case intents.ShowHistory():
                return Push(routes.to().history(self.game))
            case intents.ShowMap():
                return Push(routes.to().floor_map(self.game))
        return None

    def on_draw(self, console: tcod.console.Console) -> None:
        won = self.game.outcome == "won"
        width = min(console.width - 4, WIDTH)
        lines = summary(self.game, width - 4)
        height = min(console.height - 2, len(lines) + 7)
        left, top = (console.width - width) // 2, (console.height - height) // 2
        box(console, left, top, width, height, "Victory" if won else "Game over")
        for row, text in enumerate(lines[: height - 7]):
            color = TITLE if row == 0 else TEXT
            console.print(left + 2, top + 2 + row, clip(text, width - 4), fg=color)
        for row, text in ((height - 4, self.recorded), (height - 3, self.copied)):
            console.print(left + 2, top + row, clip(text, width - 4), fg=MUTED)
        console.print(left + 2, top + height - 2, clip(
            "Enter: menu   c: copy the code   v: messages   m: map", width - 4), fg=MUTED)
