"""The describe screen: what one thing, or everything at one spot, is, in the codex's words
(game.codex), wrapped to the screen and scrolled when long: nothing is ever cut."""

from __future__ import annotations

from game.codex_text import Entry
from game.ui import intents
from game.ui.draw import MUTED, TEXT, TITLE, wrap
from game.ui.widgets.text import Line, TextScreen


def page(entries: list[Entry], width: int) -> list[Line]:
    """Each entry's name and category, then its lines wrapped to `width`."""
    lines: list[Line] = []
    for entry in entries:
        if lines:
            lines.append(("", TEXT))
        lines += [(text, TITLE) for text in wrap(f"{entry.name} ({entry.kind})", width)]
        for text in entry.lines:
            lines += [(part, TEXT) for part in wrap(text, width)]
    return lines or [("Nothing you know of.", MUTED)]


class DescribeScreen(TextScreen):
    """Opened from look mode (Enter or a click on a spot), the inventory (Shift+letter or ;)
    and play (; describes what is under the mouse)."""

    closing = (intents.Back, intents.Confirm, intents.Describe, intents.LookAround)

    def __init__(self, entries: list[Entry]) -> None:
        super().__init__()
        self.entries = entries
        self.title = entries[0].name if len(entries) == 1 else "Here"

    def lines(self, width: int) -> list[Line]:
        return page(self.entries, width)
