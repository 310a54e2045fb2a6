"""Where an encounter stands in its area: melee and troops nearest the entrances, ranged
attackers, leaders and solos farthest, a den's traps between them; a wolf pack packed close
around one spot. Equal distances are broken at random, from one draw an ordering."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import NDArray

from game.dressing.areas import Spots, spot
from game.dressing.composer import Member, Party
from game.dressing.model import Monster
from game.floorplan import Point
from game.seeds import Rng

_SPLITMIX: Final = (np.uint64(30), np.uint64(0xBF58476D1CE4E5B9), np.uint64(27),
                    np.uint64(0x94D049BB133111EB), np.uint64(31))
"""splitmix64's finaliser: its shifts and multipliers."""


def ties(rng: Rng, count: int) -> NDArray[np.uint64]:
    """`count` distinct random tie-breakers from one draw: splitmix64's finaliser (a bijection)
    over the draw plus 0, 1, 2, ...; as good as `count` draws for ordering equal distances."""
    shift1, mult1, shift2, mult2, shift3 = _SPLITMIX
    z = np.arange(count, dtype=np.uint64) + np.uint64(rng.next64())
    z = (z ^ (z >> shift1)) * mult1
    z = (z ^ (z >> shift2)) * mult2
    found: NDArray[np.uint64] = z ^ (z >> shift3)
    return found


def nearest_first(free: Spots, dist: NDArray[np.int64], rng: Rng) -> Spots:
    """The free tiles by distance, equal distances in random order."""
    ordered: Spots = free[np.lexsort((ties(rng, len(free)), dist))]
    return ordered


def closeness(free: Spots, anchor: Point) -> NDArray[np.int64]:
    """The king's-move distance of each free tile from the anchor."""
    found: NDArray[np.int64] = np.maximum(np.abs(free[:, 0] - anchor[0]),
                                          np.abs(free[:, 1] - anchor[1]))
    return found


@dataclass(frozen=True, slots=True, eq=False)
class Placed:
    monsters: tuple[Monster, ...]
    """The front rank (nearest first), then the back rank (farthest first); a pack in order."""
    traps: tuple[Point, ...]
    rest: Spots
    """The area's free tiles left between the ranks, nearest the entrances first."""


def place(party: Party, template: str, free: Spots, gate_dist: NDArray[np.int64],
          rng: Rng) -> Placed:
    """The party on the area's free tiles; `gate_dist` is each free tile's distance to the
    entrances. A wolf pack draws its spot, then the ties; every other template the ties only."""
    if template == "wolf_pack":
        anchor = spot(free, rng.below(len(free)))
        order = nearest_first(free, closeness(free, anchor), rng)
        count = len(party.members)
        return Placed(_monsters(party.members, order[:count]), (), order[count:])
    order = nearest_first(free, gate_dist, rng)
    fronts = [m for m in party.members if not m.back]
    backs = [m for m in party.members if m.back]
    ahead, behind = len(fronts) + party.traps, len(order) - len(backs)
    monsters = _monsters(fronts, order[: len(fronts)]) + _monsters(backs, order[behind:][::-1])
    traps = tuple((x, y) for x, y in order[len(fronts) : ahead].tolist())
    return Placed(monsters, traps, order[ahead:behind])


def _monsters(members: Sequence[Member], spots: Spots) -> tuple[Monster, ...]:
    return tuple(
        Monster(m.kind.key, m.kind.role, x, y, m.elite, m.boss)
        for m, (x, y) in zip(members, spots.tolist(), strict=True)
    )
