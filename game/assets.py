"""The repository's `assets/` folder and the tileset in it (made by tools/make_tileset.py).

The project is installed editable, so the folder is found next to the `game` package rather
than through package data.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    import tcod.tileset

ASSETS_DIR: Final = Path(__file__).resolve().parent.parent / "assets"
TILESET_PATH: Final = ASSETS_DIR / "tileset.png"


@functools.cache
def tileset() -> tcod.tileset.Tileset:
    """The CP437 tileset, loaded once; shared, so callers must not modify it."""
    import tcod.tileset  # only the exports and the window draw; data readers need no tcod

    return tcod.tileset.load_tilesheet(TILESET_PATH, 16, 16, tcod.tileset.CHARMAP_CP437)
