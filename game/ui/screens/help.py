"""Help: every key of the binding table (game.ui.intents.KEYS), and the mouse."""

from __future__ import annotations

from game.ui import intents
from game.ui.draw import MUTED, TEXT, TITLE
from game.ui.screens.text import Line, TextScreen

MOUSE = (
    ("hover", "name what is under the cursor"),
    ("left click", "walk there by the shortest known path (stops when a monster appears)"),
    ("right click", "look at that spot"),
)
KEY_COLUMN = 22


def help_text() -> list[tuple[str, str]]:
    """(keys, meaning) rows: the table's bindings, then the mouse."""
    return [*intents.help_lines(), *MOUSE]


class HelpScreen(TextScreen):
    title = "Help"
    closing = (intents.Back, intents.Confirm, intents.ShowHelp)

    def lines(self, width: int) -> list[Line]:
        rows: list[Line] = [("Keys (rebind in game/ui/intents.py: KEYS)", TITLE), ("", TEXT)]
        for keys, meaning in help_text():
            rows.append((f"{keys:<{KEY_COLUMN}} {meaning}", TEXT))
        rows += [("", TEXT), ("Walking into a monster attacks it; into a door opens it.", MUTED),
                 ("Escape from the deepest floor's relic back up to floor 1 to win.", MUTED)]
        del width
        return rows
