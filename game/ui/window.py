"""The window's size and place: it opens to suit the display (or as it was left), keeps the
console's aspect when resized (integer scaling as an option), F11 toggles full screen, and its
size and position are remembered in the options file when it closes.

Only this module and game.ui.app touch the window; the console itself never changes size (the
interface is laid out for 80x50 cells and scaled)."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Final

import tcod.console
import tcod.context

from game.ui import options

FILL: Final = 0.92
"""Of the display's usable area, what an opening window may take (room for frames and bars)."""


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
    """The window's size when nothing was remembered: `chosen.scale` times the console, or (scale
    0) the largest size that fits the display keeping the aspect, whole multiples only with
    integer scaling. Never smaller than the console at 1:1."""
    width, height = console_pixels
    if chosen.window_width and chosen.window_height:
        return chosen.window_width, chosen.window_height
    if chosen.scale:
        return width * chosen.scale, height * chosen.scale
    if display is None:
        return width, height
    fit = min(display[0] * FILL / width, display[1] * FILL / height)
    if chosen.integer_scaling:
        fit = math.floor(fit)
    fit = max(1.0, fit)
    return round(width * fit), round(height * fit)


def open_context(columns: int, rows: int, chosen: options.Options) -> tcod.context.Context:
    """The window for a columns x rows console, sized and placed as `chosen` says."""
    from game import assets

    tileset = assets.tileset()
    size = opening_size((columns * tileset.tile_width, rows * tileset.tile_height),
                        usable_display(), chosen)
    flags = tcod.context.SDL_WINDOW_RESIZABLE | (
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


def present(context: tcod.context.Context, console: tcod.console.Console) -> None:
    """The console scaled to the window, keeping its aspect (whole multiples if chosen)."""
    context.present(console, keep_aspect=True,
                    integer_scaling=options.current().integer_scaling)

