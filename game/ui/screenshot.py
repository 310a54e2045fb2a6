"""F12: the current console as a PNG in the data directory's screenshots folder."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import tcod.console

from game import assets
from game.export.pngfile import encode_png
from game.userfiles import data_dir, unused_path, write_atomic


def png_of(console: tcod.console.Console) -> bytes:
    """The console drawn with the project tileset, as PNG bytes."""
    rgba = assets.tileset().render(console)
    return encode_png(np.ascontiguousarray(rgba[:, :, :3]))


def save_screenshot(console: tcod.console.Console, folder: Path | None = None) -> str:
    """Write the console as a PNG (named by the time; the interface may read the clock) and
    return the line that says where it went, or why it could not be written."""
    where = folder or data_dir() / "screenshots"
    stamp = time.strftime("%Y%m%d-%H%M%S")
    try:
        where.mkdir(parents=True, exist_ok=True)
        path = unused_path(where, f"delve-{stamp}", ".png")
        write_atomic(path, png_of(console))
    except OSError as error:
        return f"No screenshot: {error.strerror or error}."
    return f"Screenshot saved: {path}"
