"""A full-screen page of text lines that scrolls: the base of help, history and the character
sheet."""

from __future__ import annotations

import tcod.console

from game.ui import intents
from game.ui.draw import MUTED, TEXT, Color, box, clip
from game.ui.state import BaseState, Pop, Transition

Line = tuple[str, Color]


class TextScreen(BaseState):
    """Lines in a frame; arrows, PgUp/PgDn and the wheel scroll; Esc or Enter closes.

    `start_at_end` opens it scrolled to the bottom (the message history, newest last).
    """

    title = ""
    overlay = False
    start_at_end = False
    closing: tuple[type, ...] = (intents.Back, intents.Confirm)

    def __init__(self) -> None:
        self.offset: int | None = None
        self.page = 1

    def lines(self, width: int) -> list[Line]:
        """The page's lines, wrapped to `width`."""
        raise NotImplementedError

    def _scroll(self, rows: int) -> None:
        self.offset = (self.offset or 0) + rows

    def on_intent(self, intent: intents.Intent) -> Transition | None:
        match intent:
            case intents.Direction(0, dy):
                self._scroll(dy)
            case intents.Scroll(pages):
                self._scroll(pages * self.page)
            case _ if isinstance(intent, self.closing):
                return Pop()
        return None

    def on_wheel(self, dy: int) -> Transition | None:
        self._scroll(-3 * dy)
        return None

    def on_draw(self, console: tcod.console.Console) -> None:
        width, height = console.width - 4, console.height - 4
        box(console, 0, 0, console.width, console.height, self.title)
        lines = self.lines(width)
        self.page = max(1, height - 1)
        last = max(0, len(lines) - height)
        if self.offset is None:
            self.offset = last if self.start_at_end else 0
        self.offset = max(0, min(last, self.offset))
        for row, (text, color) in enumerate(lines[self.offset : self.offset + height]):
            console.print(2, 2 + row, clip(text, width), fg=color)
        more = f" {self.offset + 1}-{min(len(lines), self.offset + height)} of {len(lines)} "
        if last:
            console.print(console.width - len(more) - 2, console.height - 1, more, fg=MUTED)
        console.print(2, console.height - 1, " Esc: close  Up/Down/PgUp/PgDn: scroll ", fg=MUTED)


def plain(texts: list[str], color: Color = TEXT) -> list[Line]:
    return [(text, color) for text in texts]
