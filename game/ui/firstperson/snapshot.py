"""The first-person play screen as an image drawn with the project tileset, for
`run.py snapshot --view first-person` and the README's picture."""

from __future__ import annotations

import numpy as np
import tcod.console
from numpy.typing import NDArray

from game import assets
from game.export.pngfile import encode_png
from game.ui.firstperson.screen import render_firstperson
from game.world.model import Game


def firstperson_image(game: Game, facing: int, width: int = 80, height: int = 50,
                      style: str = "blocks") -> NDArray[np.uint8]:
    """The first-person play screen in `style` as an RGB image, drawn with the project
    tileset."""
    console = tcod.console.Console(width, height, order="C")
    render_firstperson(console, game, facing, style=style)
    return np.ascontiguousarray(assets.tileset().render(console)[:, :, :3])


def firstperson_png(game: Game, facing: int, width: int = 80, height: int = 50,
                    style: str = "blocks") -> bytes:
    """The first-person play screen in `style` as PNG bytes (snapshots)."""
    return encode_png(firstperson_image(game, facing, width, height, style))
