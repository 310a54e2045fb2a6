"""The message history: every message of the run, newest at the bottom."""

from __future__ import annotations

from game.ui import intents
from game.ui.draw import wrap
from game.ui.screens.text import Line, TextScreen
from game.world.model import Game


class HistoryScreen(TextScreen):
    title = "Message history"
    start_at_end = True
    closing = (intents.Back, intents.Confirm, intents.ShowHistory)

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def lines(self, width: int) -> list[Line]:
        lines: list[Line] = []
        for message in self.game.messages.messages:
            text = message.text + (f" x{message.count}" if message.count > 1 else "")
            lines.extend((line, message.color) for line in wrap(text, width))
        return lines
