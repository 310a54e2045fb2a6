"""The system clipboard through SDL, for run codes: paste one in, copy one out.

python-tcod 21 has no public clipboard call, so this goes to SDL through tcod's cffi binding
(SDL_GetClipboardText, SDL_SetClipboardText). SDL needs its video subsystem, so without a window
(tests, `run.py` commands) both raise ClipboardError with SDL's reason, which the screens show.
"""

from __future__ import annotations

from tcod.cffi import ffi, lib


class ClipboardError(Exception):
    """The clipboard could not be read or written; the message says why, in one line."""


def _sdl_error() -> str:
    return str(ffi.string(lib.SDL_GetError()), encoding="utf-8", errors="replace")


def paste() -> str:
    """The clipboard's text ("" when it holds none)."""
    lib.SDL_ClearError()
    pointer = lib.SDL_GetClipboardText()
    if pointer == ffi.NULL:
        raise ClipboardError(_sdl_error() or "the clipboard cannot be read")
    try:
        text = str(ffi.string(pointer), encoding="utf-8", errors="replace")
    finally:
        lib.SDL_free(pointer)  # SDL 3 hands over a copy that the caller frees
    if not text and _sdl_error():
        raise ClipboardError(_sdl_error())
    return text


def copy(text: str) -> None:
    """Put `text` on the clipboard."""
    lib.SDL_ClearError()
    if not lib.SDL_SetClipboardText(text.encode("utf-8")):
        raise ClipboardError(_sdl_error() or "the clipboard cannot be written")


def copy_message(text: str, what: str = "Run code") -> str:
    """Copy `text` and say how it went: the line a screen shows after its copy key."""
    try:
        copy(text)
    except ClipboardError as problem:
        return f"Could not copy: {problem}"
    return f"{what} copied to the clipboard."
