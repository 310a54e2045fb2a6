"""Cleanup (the method's step 3): dig each dead end on to the dungeon ahead if it is near;
remove the rest back to where they branch off, so a section that is only dead ends goes
entirely. Chambers' floors and features (stairs, encounter spots) are never removed."""

from __future__ import annotations

from typing import Final

import numpy as np

from game.generators.tables.shapes import back_of
from game.generators.tables.site import WALL, Site, neighbours

REACH: Final = 10
"""Cleanup digs a dead end on by at most this many tiles to meet the dungeon ahead."""


def bounds(site: Site) -> tuple[slice, slice]:
    """The dug part of the map, with a tile of rock around it."""
    ys, xs = np.nonzero(site.tiles != WALL)
    return slice(int(ys.min()) - 1, int(ys.max()) + 2), slice(int(xs.min()) - 1, int(xs.max()) + 2)


def prunable(site: Site, i: int) -> bool:
    """A dead end that is a corridor or exit tile: not a chamber's floor nor a feature."""
    return site.corridor(i) and not site.flat_keep[i] and site.degree(i) == 1


def clean_up(site: Site) -> None:
    """Connect the dead ends that can be, then prune the rest; the dead ends are found once, in
    row order, before any is touched."""
    walk = site.tiles != WALL
    ways = np.zeros(walk.shape, dtype=np.int8)
    ways[1:-1, 1:-1] = neighbours(walk)
    tips = site.corridors & ~site.keep & (ways == 1)
    points = np.flatnonzero(tips).tolist()
    for i in points:
        if prunable(site, i):
            connect(site, i)
    for i in points:
        prune(site, i)


def prune(site: Site, i: int) -> None:
    """Wall up the dead end at tile i and the corridor behind it, up to where it branches off
    or meets a chamber or a feature."""
    while prunable(site, i):
        site.wall_up(i)
        i = next(i + step for step in site.step if site.flat_tiles[i + step] != WALL)


def connect(site: Site, i: int) -> None:
    """Dig the dead end at tile i straight on if the dungeon is within REACH tiles ahead."""
    t = site.flat_tiles
    way_in = next(o for o in range(4) if t[i + site.step[o]] != WALL)
    d = back_of(way_in)
    path: list[int] = []
    for _ in range(REACH):
        i += site.step[d]
        if site.carvable(i, d):
            path.append(i)
            continue
        if t[i] != WALL or site.entry_ok(i, d):
            for tile in [*path, i]:
                if t[tile] == WALL:
                    site.dig(tile)
        return
