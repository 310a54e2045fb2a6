"""The floor map: the whole explored floor scaled to fit the screen, with teleporter pairs lettered.

A floor larger than the screen is shrunk by an integer factor k (game.ui.shrink).
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import tcod.console
from numpy.typing import NDArray

from game.floorplan import Point
from game.ui import intents
from game.ui.draw import MUTED, TITLE, cells, clip
from game.ui.render import LIT, SHROUD
from game.ui.shrink import CODE_BASE, PRIORITY, reduce_blocks, scale_for
from game.ui.state import BaseState, Pop, Transition
from game.world.model import Game

PAIR_COLOURS: Final = ((255, 120, 120), (120, 255, 120), (120, 160, 255), (255, 255, 120),
                       (255, 120, 255), (120, 255, 255), (255, 180, 90), (200, 200, 255))


def teleporter_pairs(game: Game) -> list[tuple[Point, Point]]:
    """Each teleporter pair once, in a fixed order."""
    return sorted({(min(a, b), max(a, b)) for a, b in game.floor.teleports.items()})


def map_cells(game: Game, k: int) -> NDArray[Any]:
    """Console cells of the explored floor shrunk by k."""
    floor = game.floor
    codes = np.where(floor.explored, PRIORITY[floor.tiles] * CODE_BASE + floor.tiles, 0)
    if k > 1:
        codes = reduce_blocks(codes.astype(np.int32), k)
    result: NDArray[Any] = np.where(codes > 0, LIT[codes % CODE_BASE], SHROUD)
    return result


class FloorMapScreen(BaseState):
    def __init__(self, game: Game) -> None:
        self.game = game

    def on_intent(self, intent: intents.Intent) -> Transition | None:
        if isinstance(intent, intents.Back | intents.Confirm | intents.ShowMap):
            return Pop()
        return None

    def on_draw(self, console: tcod.console.Console) -> None:
        floor = self.game.floor
        area = (console.width, console.height - 2)
        k = scale_for((floor.width, floor.height), area)
        block = map_cells(self.game, k)
        left = (area[0] - block.shape[1]) // 2
        top = 1 + (area[1] - block.shape[0]) // 2
        grid = cells(console)
        grid[top : top + block.shape[0], left : left + block.shape[1]] = block

        def put(pos: Point, glyph: str, color: tuple[int, int, int]) -> None:
            cell = grid[top + pos[1] // k, left + pos[0] // k]
            cell["ch"], cell["fg"] = ord(glyph), color

        for index, pair in enumerate(teleporter_pairs(self.game)):
            for x, y in pair:
                if floor.explored[y, x]:
                    put((x, y), chr(ord("A") + index % 26), PAIR_COLOURS[index % len(PAIR_COLOURS)])
        put(self.game.player.pos, "@", (255, 255, 255))
        scale = "1:1" if k == 1 else f"1:{k}"
        title = (f"Depth {floor.depth}: {floor.generator} floor {floor.width}x{floor.height}, "
                 f"scale {scale}")
        console.print(1, 0, clip(title, console.width - 2), fg=TITLE)
        legend = "Matching letters: the two ends of a teleporter.   Esc: close"
        console.print(1, console.height - 1, clip(legend, console.width - 2), fg=MUTED)
