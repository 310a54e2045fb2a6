"""Help: every key of the binding table (game.ui.intents.KEYS), the mouse, and the
introduction (also shown by itself on the first run)."""

from __future__ import annotations

from game.ui import intents, keyfile, options
from game.ui.draw import MUTED, TEXT, TITLE, wrap
from game.ui.screens.text import Line, TextScreen

MOUSE = (
    ("hover", "name what is under the cursor"),
    ("left click", "walk there by the shortest known path (stops when a monster appears)"),
    ("right click", "look at that spot"),
)
KEY_COLUMN = 22
INTRO = (
    "Welcome to Delve.",
    "",
    "Go down to the deepest floor, take the relic from the boss who guards it, and climb back "
    "out of floor 1 with it to win.",
    "",
    "Every floor is built by a classic dungeon generator: the status panel names the one in use "
    "(Depth n/N and the generator). The default run goes through them all, one or more floors "
    "each: BSP rooms, cave automata, mazes, and more. The New game screen lets you choose the "
    "generator and its parameters per depth.",
    "",
    "A run is fully described by its run code (shown in the panel and the Esc menu, where c "
    "copies it): the same code gives the same floors and the same dice, so a run can be shared, "
    "replayed and compared.",
    "",
    "Tab switches the map to a first-person view of the same floor: up/down walk, left/right "
    "turn. z explores, > walks to the stairs, ? lists every key.",
)


def intro_lines(width: int) -> list[Line]:
    lines: list[Line] = []
    for paragraph in INTRO:
        lines.extend((line, TEXT) for line in wrap(paragraph, width))
    return lines


class IntroScreen(TextScreen):
    """The introduction by itself (the first run)."""

    title = "Introduction"

    def lines(self, width: int) -> list[Line]:
        return intro_lines(width)


def help_text() -> list[tuple[str, str]]:
    """(keys, meaning) rows: the table's bindings, then the mouse."""
    return [*intents.help_lines(), *MOUSE]


class HelpScreen(TextScreen):
    title = "Help"
    closing = (intents.Back, intents.Confirm, intents.ShowHelp)

    def lines(self, width: int) -> list[Line]:
        where = options.config_dir() / keyfile.KEYS_FILE
        rows: list[Line] = [(f"Keys (rebind in {where})", TITLE), ("", TEXT)]
        for keys, meaning in help_text():
            rows.append((f"{keys:<{KEY_COLUMN}} {meaning}", TEXT))
        rows += [("", TEXT), ("Walking into a monster attacks it; into a door opens it.", MUTED),
                 ("Escape from the deepest floor's relic back up to floor 1 to win.", MUTED),
                 ("", TEXT), ("Introduction", TITLE), ("", TEXT), *intro_lines(width)]
        return rows
