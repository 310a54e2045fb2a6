"""Merchants, as a game master places them: now and then a wandering peddler camped in a quiet
corner with a few wares on a blanket, and on some floors below the first a room given over to a
shop, its keeper behind the counter with a wider stock laid out. Both stand in areas no encounter
holds (nobody keeps a stall in an ogre's den), and never on the boss's floor.

The stage runs last, on its own fork of the dressing stream ("merchants"), so it moves nothing
the earlier stages placed. A merchant stands on a tile whose eight neighbours are plain floor
that nothing holds: it blocks that tile alone and never cuts the only way through.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np

from game.content.items import ItemKind, item_kinds
from game.content.prices import ask
from game.dressing.areas import Space
from game.dressing.features import _roomy
from game.dressing.model import Area, Encounter, Merchant, Ware
from game.seeds import Rng

PEDDLER_CHANCE: Final = 0.25
"""A floor's chance of a wandering peddler."""
SHOP_CHANCE: Final = 0.2
"""A floor's chance (from SHOP_DEPTH on) of a shop."""
SHOP_DEPTH: Final = 2
PEDDLER_WARES: Final = (3, 5)
SHOP_WARES: Final = (6, 9)
SHOP_ROOM: Final = 16
"""The fewest walkable tiles of a room worth a shop."""
STAPLES: Final = ("potion_healing", "food_ration")
"""What every merchant carries one of: a delver's first wants."""
BUNDLE: Final = 10
"""Ammunition is sold by the bundle of up to this many."""
PEDDLERS: Final = ("Old Mott the peddler", "Wenna the tinker", "Grisk the pack-goblin",
                   "Brother Hale, a wandering friar", "Tamsin the rag-seller")
KEEPERS: Final = ("Ulfar the shopkeeper", "Madame Oriel", "Dunstan the quartermaster",
                  "Peg Ironside", "Ezzo the fence")


def place_merchants(space: Space, encounters: Sequence[Encounter], depth: int, boss: bool,
                    rng: Rng, vaulted: tuple[int, ...] = ()) -> tuple[Merchant, ...]:
    """The floor's merchants (none, a peddler, a shop or both), in the order rolled: never in
    an encounter's area, nor in a vault (`vaulted` areas), which is locked."""
    if boss:
        return ()
    peddler = rng.chance(PEDDLER_CHANCE)
    shop = depth >= SHOP_DEPTH and rng.chance(SHOP_CHANCE)
    if not (peddler or shop):
        return ()  # most floors: no need to look for room
    held = {encounter.area for encounter in encounters} | set(vaulted)
    quiet = [area for area in space.amap.areas if area.id not in held]
    roomy = _roomy(space.plan.tiles).ravel() & ~_near_taken(space)
    placed: list[Merchant] = []
    for kind, wanted in (("shop", shop), ("peddler", peddler)):
        if not wanted:
            continue
        fits = [a for a in quiet
                if kind == "peddler" or (a.source == "room" and a.size >= SHOP_ROOM)]
        spot = _spot(space, fits, roomy, rng, centred=kind == "shop")
        if spot is None:
            continue
        area, cell = spot
        x, y = space.point(cell)
        space.take_cell(cell)
        near = [cell + dy * space.width + dx for dy in range(-2, 3) for dx in range(-2, 3)]
        roomy[[c for c in near if 0 <= c < roomy.size]] = False
        quiet = [a for a in quiet if a.id != area.id]
        names = KEEPERS if kind == "shop" else PEDDLERS
        wares = _wares(depth, SHOP_WARES if kind == "shop" else PEDDLER_WARES, rng)
        placed.append(Merchant(len(placed) + 1, names[rng.below(len(names))], kind, x, y,
                               area.id, wares))
    return tuple(placed)


def _near_taken(space: Space) -> np.ndarray:
    """Flat mask of tiles with something taken in their 3x3 block (a feature that blocks, a
    monster, stairs): a merchant keeps its whole ring free."""
    h, w = space.plan.tiles.shape
    taken = space.taken.reshape(h, w)
    near = taken.copy()
    near[1:, :] |= taken[:-1, :]
    near[:-1, :] |= taken[1:, :]
    wide = near.copy()
    wide[:, 1:] |= near[:, :-1]
    wide[:, :-1] |= near[:, 1:]
    return wide.ravel()


def _spot(space: Space, areas: Sequence[Area], roomy: np.ndarray, rng: Rng, *,
          centred: bool) -> tuple[Area, int] | None:
    """A random area of `areas` with a roomy free tile, and that tile (a shop's: the one
    nearest the room's middle, where its counter stands)."""
    choices: list[tuple[Area, list[int]]] = []
    for area in areas:
        cells = [cell for cell in space.cells(area) if roomy[cell]]
        if cells:
            choices.append((area, cells))
    if not choices:
        return None
    area, cells = choices[rng.below(len(choices))]
    if centred:
        cx, cy = area.center
        width = space.width
        return area, min(cells, key=lambda c: (abs(c % width - cx) + abs(c // width - cy), c))
    return area, cells[rng.below(len(cells))]


def stock(depth: int) -> list[ItemKind]:
    """The kinds a merchant on `depth` may carry: found at this depth or the next two, priced,
    and nothing harmful or cursed (merchants keep their customers)."""
    return [kind for kind in sorted(item_kinds().values(), key=lambda k: k.key)
            if kind.weight > 0 and kind.depth[0] <= depth + 2 and depth <= kind.depth[1]
            and ask(kind, depth) > 0 and not kind.harmful]


def _wares(depth: int, span: tuple[int, int], rng: Rng) -> tuple[Ware, ...]:
    """The staples and a random handful more (by the kinds' weights), one line per kind."""
    kinds = stock(depth)
    count = rng.randint(*span)
    chosen = [k for k in kinds if k.key in STAPLES]
    others = [k for k in kinds if k.key not in STAPLES]
    while others and len(chosen) < count:
        pick = others.pop(rng.weighted_index([k.weight for k in others]))
        chosen.append(pick)
    return tuple(Ware(kind.key, ask(kind, depth),
                      rng.randint(BUNDLE // 2, BUNDLE) if kind.kind == "ammo" else
                      (2 if kind.key in STAPLES else 1))
                 for kind in chosen)
