"""Small drawing helpers shared by every screen: the console as a [y, x] array, fading, boxes,
bars and wrapped text."""

from __future__ import annotations

import textwrap
from typing import Any

import numpy as np
import tcod.console
from numpy.typing import NDArray

Color = tuple[int, int, int]

TEXT: Color = (220, 220, 220)
MUTED: Color = (130, 130, 140)
TITLE: Color = (255, 230, 150)
HIGHLIGHT_BG: Color = (60, 60, 110)
BOX_BG: Color = (14, 14, 24)
BOX_FG: Color = (170, 170, 200)


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
        label = f" {title} "[: max(0, width - 2)]
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
    console.print(x, y, label[:width], fg=(255, 255, 255))


def wrap(text: str, width: int) -> list[str]:
    """Lines of `text` no wider than `width` (at least one line)."""
    return textwrap.wrap(text, max(1, width)) or [""]


def clip(text: str, width: int) -> str:
    """`text` cut to `width` characters, with an ellipsis when cut."""
    if len(text) <= width:
        return text
    return text[: max(0, width - 1)] + "~"
