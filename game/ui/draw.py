"""Small drawing helpers shared by every screen: the console as a [y, x] array, fading, boxes,
bars and wrapped text."""

from __future__ import annotations

import textwrap
from typing import Any, ClassVar

import numpy as np
import tcod.console
from numpy.typing import NDArray

from game.world.kinds import MessageKind

Color = tuple[int, int, int]

TEXT: Color = (220, 220, 220)
MUTED: Color = (130, 130, 140)
TITLE: Color = (255, 230, 150)
HIGHLIGHT_BG: Color = (60, 60, 110)
BOX_BG: Color = (14, 14, 24)
BOX_FG: Color = (170, 170, 200)
WARNING: Color = (255, 160, 100)
"""A line that says what did not happen (a key that named nothing)."""

MESSAGE_COLOURS: dict[MessageKind, Color] = {
    MessageKind.INFO: TEXT,
    MessageKind.COMBAT: (230, 215, 165),
    MessageKind.HURT: (255, 110, 90),
    MessageKind.DEATH: (255, 70, 70),
    MessageKind.DANGER: (255, 160, 50),
    MessageKind.DISCOVERY: (90, 225, 225),
    MessageKind.ITEM: (245, 205, 60),
    MessageKind.DOOR: (190, 160, 120),
    MessageKind.PROGRESS: (150, 190, 255),
    MessageKind.BOON: (120, 240, 120),
    MessageKind.MAGIC: (205, 140, 255),
    MessageKind.NOISE: (175, 165, 200),
    MessageKind.SYSTEM: (150, 150, 160),
}
"""The one place a message kind becomes a colour: the engine only names kinds."""

MONSTER_STATE_BG: dict[str, Color] = {
    "asleep": (25, 30, 80), "hunting": (110, 20, 20), "fleeing": (95, 85, 0),
}
"""The background a monster's tile gets on the map by its state (game.rules.stealth.awareness);
an unaware monster has none. The help screen's legend says so."""
ASLEEP_DIM = 0.6
"""An asleep monster's glyph is drawn this bright."""


def cells(console: tcod.console.Console) -> NDArray[Any]:
    """The console's (ch, fg, bg) cells indexed [y, x], whatever order the console was made with.

    A console made with order="F" exposes transposed arrays; its buffer is still row-major, so
    the transpose of its view is the [y, x] view.
    """
    grid: NDArray[Any] = console.rgb
    if grid.shape != (console.height, console.width) or not grid.flags.c_contiguous:
        grid = grid.T
    return grid


def dim(console: tcod.console.Console, factor: float) -> None:
    """Fade the whole console (one array operation)."""
    grid = cells(console)
    for part in ("fg", "bg"):
        grid[part] = (grid[part] * factor).astype(np.uint8)


def box(console: tcod.console.Console, x: int, y: int, width: int, height: int,
        title: str = "") -> None:
    """A framed, filled panel with an optional title in its top edge."""
    console.draw_frame(x, y, width, height, fg=BOX_FG, bg=BOX_BG)
    if title:
        label = clip(f" {title} ", max(0, width - 2))
        console.print(x + (width - len(label)) // 2, y, label, fg=TITLE, bg=BOX_BG)


def centred_box(console: tcod.console.Console, width: int, height: int,
                title: str = "") -> tuple[int, int]:
    """A box in the middle of the console; returns its top-left corner."""
    width, height = min(width, console.width), min(height, console.height)
    x, y = (console.width - width) // 2, (console.height - height) // 2
    box(console, x, y, width, height, title)
    return x, y


def bar(console: tcod.console.Console, x: int, y: int, width: int, value: int, maximum: int,
        label: str, full: Color, empty: Color) -> None:
    """A horizontal gauge with its label printed over it."""
    filled = 0 if maximum <= 0 else max(0, min(width, width * value // maximum))
    grid = cells(console)
    grid["bg"][y, x : x + width] = empty
    grid["bg"][y, x : x + filled] = full
    console.print(x, y, clip(label, width), fg=(255, 255, 255))


def wrap(text: str, width: int) -> list[str]:
    """Lines of `text` no wider than `width` (at least one line)."""
    return textwrap.wrap(text, max(1, width)) or [""]


def abbreviate(text: str, width: int) -> str:
    """`text` shortened to `width` with "…", by design: only where the same screen shows the
    whole text elsewhere (a list column whose selected row is shown in full below it). Not a cut.
    """
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def wrap_at_most(text: str, width: int, most: int) -> list[str]:
    """`text` wrapped to `width`, at most `most` lines: lines beyond are a cut (recorded)."""
    lines = wrap(text, width)
    if len(lines) > most:
        Cuts.seen.append(text)
    return lines[:most]


class Cuts:
    """Every text a widget had to shorten while a screen was drawn: the screen gallery
    (game.ui.gallery) empties it before drawing a screen and fails that screen if it is not
    empty afterwards. A cut is text that did not fit its place; screens are laid out so that
    none happens at the supported window sizes."""

    seen: ClassVar[list[str]] = []


def clip(text: str, width: int) -> str:
    """`text` cut to `width` characters, with a "~" when cut (and the cut recorded in Cuts)."""
    if len(text) <= width:
        return text
    Cuts.seen.append(text)
    return text[: max(0, width - 1)] + "~"
