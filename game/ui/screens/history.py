"""The message history: every message of the run, newest at the bottom. `/` searches it: type
some text, Enter jumps to the newest message holding it, n to older matches, N to newer ones;
matching messages are highlighted."""

from __future__ import annotations

from typing import Final

import tcod.console
import tcod.event
from tcod.event import KeySym

from game.ui import intents
from game.ui.draw import HIGHLIGHT_BG, MESSAGE_COLOURS, MUTED, cells, clip, wrap
from game.ui.state import Transition
from game.ui.widgets.text import Line, TextScreen
from game.world.model import Game

QUERY_LIMIT: Final = 40
MATCH_BG: Final = (70, 60, 10)
CONTEXT_ROWS: Final = 3
"""Rows shown above a match the view jumps to."""


class HistoryScreen(TextScreen):
    title = "Message history"
    start_at_end = True
    closing = (intents.Back, intents.Confirm, intents.ShowHistory)

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.query = ""
        self.typing = False
        self.match: int | None = None
        """The message the last jump went to."""
        self.width = 76

    def texts(self) -> list[str]:
        messages = self.game.messages.shown()
        return [m.text + (f" x{m.count}" if m.count > 1 else "") for m in messages]

    def rows(self, width: int) -> list[tuple[str, tuple[int, int, int], int]]:
        """Wrapped lines with the message each comes from."""
        rows: list[tuple[str, tuple[int, int, int], int]] = []
        for index, (message, text) in enumerate(zip(self.game.messages.shown(), self.texts(),
                                                    strict=True)):
            rows.extend((line, MESSAGE_COLOURS[message.kind], index) for line in wrap(text, width))
        return rows

    def lines(self, width: int) -> list[Line]:
        self.width = width
        return [(text, color) for text, color, _ in self.rows(width)]

    def matches(self) -> list[int]:
        """Messages holding the query (any case)."""
        wanted = self.query.lower()
        if not wanted:
            return []
        return [i for i, text in enumerate(self.texts()) if wanted in text.lower()]

    def jump(self, step: int) -> None:
        """To the next match older (-1) or newer (+1) than the current one (the newest first)."""
        found = self.matches()
        if not found:
            self.match = None
            return
        if self.match is None:
            self.match = found[-1]
        elif step < 0:
            self.match = max((i for i in found if i < self.match), default=found[-1])
        else:
            self.match = min((i for i in found if i > self.match), default=found[0])
        first = next(row for row, (_, _, index) in enumerate(self.rows(self.width))
                     if index == self.match)
        self.offset = max(0, first - CONTEXT_ROWS)

    def on_key(self, event: tcod.event.KeyDown) -> Transition | None:
        if self.typing:
            self.type(event)
            return None
        mod = intents.normalise(event.mod)
        if event.sym == KeySym.SLASH and mod == intents.NONE:
            self.typing, self.query, self.match = True, "", None
            return None
        if self.query and event.sym == KeySym.N and mod in (intents.NONE, intents.SHIFT):
            self.jump(1 if mod == intents.SHIFT else -1)
            return None
        return super().on_key(event)

    def type(self, event: tcod.event.KeyDown) -> None:
        """A key while the search text is typed: Enter searches, Esc cancels."""
        if event.sym in (KeySym.RETURN, KeySym.KP_ENTER):
            self.typing = False
            self.jump(-1)
        elif event.sym == KeySym.ESCAPE:
            self.typing, self.query = False, ""
        elif event.sym == KeySym.SPACE:
            self.query = (self.query + " ")[:QUERY_LIMIT]
        else:
            typed = intents.edit_text(self.query, event, QUERY_LIMIT)
            self.query = self.query if typed is None else typed

    def on_draw(self, console: tcod.console.Console) -> None:
        super().on_draw(console)
        found = set(self.matches())
        height = console.height - 4
        grid = cells(console)
        visible = self.rows(console.width - 4)[self.offset or 0: (self.offset or 0) + height]
        for row, (_, _, index) in enumerate(visible):
            if index in found:
                grid["bg"][2 + row, 2: console.width - 2] = (
                    HIGHLIGHT_BG if index == self.match else MATCH_BG)
        if self.typing or self.query:
            count = len(found)
            prompt = f" /{self.query}{'_' if self.typing else ''}  ({count} found; n/N: next) "
            console.print(2, console.height - 1, clip(prompt, console.width - 4).ljust(
                console.width - 4), fg=MUTED)
