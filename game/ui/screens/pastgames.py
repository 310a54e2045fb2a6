"""Past games: every finished run in the saves folder (game.pastgames), newest first. Enter
watches the run's replay (stepping back and forth as the replay screen allows); `m` reads its
morgue file. Opened from the Load screen with `p`."""

from __future__ import annotations

import tcod.console
import tcod.constants
import tcod.event
from tcod.event import KeySym

from game.pastgames import PastGame, past_games
from game.replay import read
from game.ui import routes, saves
from game.ui.draw import HIGHLIGHT_BG, MUTED, TEXT, TITLE, Cuts, abbreviate, box, clip, wrap
from game.ui.session import Session
from game.ui.state import Push, Transition
from game.ui.widgets.choices import Choices, ScrollingMenu
from game.ui.widgets.text import Line, TextScreen
from game.userfiles import read_text

TOP = 7
VISIBLE = 20
HEADER = "ended             depth   turn  replay  outcome"
WARN = (255, 110, 110)
MORGUE_BYTES = 1024 * 1024


def row_label(game: PastGame) -> str:
    """One run's row: when it ended, how deep, how long, whether it can be watched, how."""
    ended = game.ended.replace("T", " ")[:16]
    return (f"{ended:<16}  {game.depth:>5}  {game.turns:>5}  {'yes' if game.replay else 'no':<6}"
            f"  {abbreviate(game.outcome, 34)}")  # whole in the details below the list


class PastGamesScreen(ScrollingMenu):
    """Choose a finished run to watch (Enter) or read (m)."""

    back_closes = True
    visible = VISIBLE

    def __init__(self, session: Session) -> None:
        self.session = session
        self.games = past_games(saves.folder())
        self.choices = Choices([row_label(game) for game in self.games])
        self.first = 0
        self.error = ""

    def selected(self) -> PastGame | None:
        return self.games[self.choices.index] if self.games else None

    def on_key(self, event: tcod.event.KeyDown) -> Transition | None:
        chosen = self.selected()
        if event.sym == KeySym.M and chosen is not None:
            try:
                text = read_text(chosen.morgue, MORGUE_BYTES)
            except ValueError as problem:
                self.error = str(problem)
                return None
            return Push(MorgueScreen(chosen, text))
        return super().on_key(event)


    def choose(self, row: int) -> Transition | None:
        """Watch the replay of the run in `row` (a run without one says so)."""
        if not 0 <= row < len(self.games):
            return None
        self.choices.index = row
        game = self.games[row]
        if game.replay is None:
            self.error = "This run has no replay: it was not recorded from its first action."
            return None
        try:
            recording = read(game.replay)
            return Push(routes.to().replay(self.session, recording))
        except ValueError as problem:  # a bad file, a code this copy cannot play
            self.error = f"The replay cannot be played: {problem}"
            return None

    def menu_top(self) -> int:
        return TOP


    def on_draw(self, console: tcod.console.Console) -> None:
        width = console.width - 4
        console.print(console.width // 2, 2, "Past games", fg=TITLE,
                      alignment=tcod.constants.CENTER)
        box(console, 0, 4, console.width, VISIBLE + 5, f"Finished runs ({len(self.games)})")
        console.print(2, TOP - 1, clip(HEADER, width), fg=MUTED)
        if not self.games:
            console.print(2, TOP, "No finished runs yet: a run that ends leaves its morgue file"
                          " and replay here.", fg=MUTED)
        for offset, label in enumerate(self.choices.labels[self.first:self.first + VISIBLE]):
            picked = self.first + offset == self.choices.index
            console.print(2, TOP + offset, clip(label, width).ljust(width), fg=TEXT,
                          bg=HIGHLIGHT_BG if picked else None)
        lines: list[tuple[str, tuple[int, int, int]]] = []
        chosen = self.selected()
        if chosen is not None:
            lines += [(line, TEXT) for line in wrap(f"Outcome: {chosen.outcome}", width)]
            lines += [(line, TEXT) for line in wrap(f"Seed: {chosen.seed}   Run code:"
                                                     f" {chosen.code}", width)]
            lines += [(line, MUTED) for line in wrap(f"Morgue: {chosen.morgue}", width)]
        if self.error:
            lines += [(line, WARN) for line in wrap(self.error, width)]
        top = TOP + VISIBLE + 3
        room = console.height - top - 3
        Cuts.seen.extend(line for line, _ in lines[room:])
        for row, (line, colour) in enumerate(lines[:room]):
            console.print(2, top + row, line, fg=colour)
        hint = "Up/Down: choose   Enter: watch the replay   m: morgue file   Esc: back"
        console.print(console.width // 2, console.height - 2, clip(hint, console.width),
                      fg=MUTED, alignment=tcod.constants.CENTER)


class MorgueScreen(TextScreen):
    """A finished run's morgue file, as written."""

    def __init__(self, game: PastGame, text: str) -> None:
        super().__init__()
        self.title = f"Morgue: {game.morgue.name}"
        self.text = text

    def lines(self, width: int) -> list[Line]:
        return [(part, TEXT) for line in self.text.splitlines() for part in wrap(line, width)
                or [""]]
