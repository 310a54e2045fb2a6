"""The window's size and place: it opens to suit the display (or as it was left), keeps the
console's aspect when resized (integer scaling as an option), F11 toggles full screen, and its
size and position are remembered in the options file when it closes.

Only this module and game.ui.app touch the window; the console itself never changes size (the
interface is laid out for 80x50 cells and scaled)."""

from __future__ import annotations

import math
from dataclasses import replace
from functools import cache
from typing import Final

import tcod.console
import tcod.context

from game.ui import options

FILL: Final = 0.90
"""Of the display's usable area, in each direction, the most an opening window may take (room
for its frame and title bar: at 0.92 a 1366x768 laptop's 728 usable rows left it 8 rows)."""
HIGH_DPI: Final = tcod.context.SDL_WINDOW_ALLOW_HIGHDPI
"""Asks SDL for a drawable at the screen's own pixels where the display is high-DPI (a Mac's
Retina screen, a scaled Wayland desktop), so the glyphs are drawn sharp there and not blown up
from a quarter of the pixels; elsewhere the flag does nothing."""


def usable_display() -> tuple[int, int] | None:
    """The primary display's usable size in pixels (without task bars), or None when SDL cannot
    say (no display)."""
    import tcod.sdl.sys
    from tcod.cffi import ffi, lib

    try:
        tcod.sdl.sys.init(tcod.sdl.sys.Subsystem.VIDEO)
    except RuntimeError:
        return None
    display = lib.SDL_GetPrimaryDisplay()
    rect = ffi.new("SDL_Rect*")
    if not display or not lib.SDL_GetDisplayUsableBounds(display, rect):
        return None
    return int(rect.w), int(rect.h)


def opening_size(console_pixels: tuple[int, int], display: tuple[int, int] | None,
                 chosen: options.Options) -> tuple[int, int]:
    """The window's size when it opens: as it was left (if it still fits the display: another
    screen's size gives way), or `chosen.scale` times the console (less if that passes FILL of
    the display), or (scale 0) the largest size keeping the console's aspect within FILL of the
    display; whole multiples with integer scaling when a whole multiple of at least 1 fits.

    When even 1:1 does not fit (80x50 cells of 16 pixels are 800 rows; a 1366x768 laptop has
    728 usable, so FILL leaves 655), the window takes the largest fractional fit: the console
    is drawn scaled down, softer but whole, rather than opening taller than the screen. (A
    smaller font was the other choice; the one tileset is 16x16 and a second would have to be
    kept in step with it, glyph for glyph.)"""
    width, height = console_pixels
    left = chosen.window_width, chosen.window_height
    if left[0] and left[1] and (display is None or (left[0] <= display[0]
                                                    and left[1] <= display[1])):
        return left
    if display is None:
        return (width * chosen.scale, height * chosen.scale) if chosen.scale else (width, height)
    fit = min(display[0] * FILL / width, display[1] * FILL / height)
    if chosen.scale:
        fit = min(fit, chosen.scale)
    if chosen.integer_scaling and fit >= 1:
        fit = math.floor(fit)
    return math.floor(width * fit), math.floor(height * fit)


def open_context(columns: int, rows: int, chosen: options.Options) -> tcod.context.Context:
    """The window for a columns x rows console, sized and placed as `chosen` says."""
    from game import assets

    tileset = assets.tileset()
    size = opening_size((columns * tileset.tile_width, rows * tileset.tile_height),
                        usable_display(), chosen)
    flags = tcod.context.SDL_WINDOW_RESIZABLE | HIGH_DPI | (
        tcod.context.SDL_WINDOW_FULLSCREEN if chosen.fullscreen else 0)
    context = tcod.context.new(columns=columns, rows=rows, tileset=tileset, title="Delve",
                               width=size[0], height=size[1], vsync=True, sdl_window_flags=flags)
    window = context.sdl_window
    if window is not None:
        window.min_size = (columns * tileset.tile_width // 2, rows * tileset.tile_height // 2)
        if chosen.window_width and chosen.window_placed:
            window.position = (chosen.window_x, chosen.window_y)
    return context


def toggle_fullscreen(context: tcod.context.Context) -> str:
    """F11: full screen on or off, kept in the options; "" or why it could not be saved."""
    window = context.sdl_window
    if window is None:
        return ""
    going = not options.current().fullscreen  # ours: a window manager may not confirm it
    if going:
        remember(context)  # the windowed size to come back to
    window.fullscreen = going
    chosen = options.current()
    if not going and chosen.window_width and chosen.window_height:
        window.size = (chosen.window_width, chosen.window_height)  # back to the size it had
    return options.save(replace(options.current(), fullscreen=going))


def remember(context: tcod.context.Context) -> str:
    """Keep the window's size and position in the options (not while full screen)."""
    window = context.sdl_window
    if window is None or options.current().fullscreen:
        return ""
    (width, height), (x, y) = window.size, window.position
    return options.save(replace(options.current(), window_width=width, window_height=height,
                                window_x=x, window_y=y, window_placed=True))


@cache
def tile_pixels() -> tuple[int, int]:
    """One cell's size in the tileset's own pixels."""
    from game import assets

    tileset = assets.tileset()
    return tileset.tile_width, tileset.tile_height


def whole_scaling(output: tuple[int, int], console: tuple[int, int]) -> bool:
    """Whether to draw at whole multiples: the option is on and the window holds the console at
    1:1 at least (below that no whole scale fits, and the picture is scaled down to fill)."""
    return options.current().integer_scaling and output[0] >= console[0] \
        and output[1] >= console[1]


def present(context: tcod.context.Context, console: tcod.console.Console) -> None:
    """The console scaled to the window, keeping its aspect (whole multiples if chosen and the
    window is big enough for them)."""
    renderer = context.sdl_renderer
    tile = tile_pixels()
    pixels = (console.width * tile[0], console.height * tile[1])
    output = renderer.output_size if renderer is not None else pixels
    context.present(console, keep_aspect=True, integer_scaling=whole_scaling(output, pixels))
