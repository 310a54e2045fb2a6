"""Encounters onto a floor: the deck dealt (`budget`), each card's party composed (`composer`)
and placed (`placement`) in an area, a boss with its relic on the last floor of a run."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
from numpy.typing import NDArray

from game.content.bestiary import Bestiary
from game.dressing.areas import AreaMap, Space, Spots, spot
from game.dressing.budget import PARTY, Card, deal, deck_size, xp_budget
from game.dressing.composer import Composer
from game.dressing.contents import gold_for
from game.dressing.model import Area, Contents, Encounter, Trap, Treasure
from game.dressing.placement import closeness, nearest_first, place
from game.dressing.traps import DEN_TRAPS, make_trap
from game.floorplan import Point
from game.seeds import Rng
from game.tables import TableSet

HOARD: Final = 2
"""A den's hoard is worth two hidden treasures of its floor: the beast's reward."""


@dataclass(frozen=True, slots=True)
class FloorEncounters:
    encounters: tuple[Encounter, ...]
    traps: tuple[Trap, ...]
    relic: Point | None
    hoards: tuple[Treasure, ...] = ()
    """Each den's hoard: hidden gold on the free tile nearest its beast."""


class Dealer:
    """Puts the deck (and the boss) into areas: areas whose contents rolled a monster first,
    then corridor spots, then the rest; a second round only when cards outnumber areas. A card
    whose core finds no area with room for it is left out (never shrunk); the next is tried."""

    def __init__(self, space: Space, bestiary: Bestiary, depth: int, rng: Rng,
                 first_trap: int, party: int = PARTY) -> None:
        self.space = space
        self.depth = depth
        self.party = party
        self.rng = rng
        self.composer = Composer(bestiary, depth, rng)
        self.encounters: list[Encounter] = []
        self.traps: list[Trap] = []
        self.first_trap = first_trap
        self.relic: Point | None = None
        self.hoards: list[Treasure] = []

    def run(self, cards: Sequence[Card], queue: Sequence[Area], boss_area: Area | None
            ) -> FloorEncounters:
        if boss_area is not None:
            self._encounter(Card("boss", "boss"), boss_area)
        turn = 0
        for card in cards:
            for _ in range(len(queue)):
                area = queue[turn % len(queue)]
                turn += 1
                if self._encounter(card, area):
                    break
        return FloorEncounters(tuple(self.encounters), tuple(self.traps), self.relic,
                               tuple(self.hoards))

    def _encounter(self, card: Card, area: Area) -> bool:
        """Compose the card's party for the area's free tiles and place it there; False when
        the area has no room for it. Draws: the party, its placing, its traps' kinds, then the
        relic's or the hoard's tie-breakers and the hoard's gold."""
        space = self.space
        free = space.free(area)
        room = len(free) - (1 if card.template == "boss" else 0)  # the relic's tile
        if room < 1:
            return False
        budget = xp_budget(self.depth, card.difficulty, self.party)
        party = self.composer.compose(card.template, budget, room)
        if not party.members:
            return False
        placed = place(party, card.template, free, self.gate_distance(area, free), self.rng)
        for monster in placed.monsters:
            space.take(monster.point)
        trap_ids = []
        for point in placed.traps:
            trap_id = self.first_trap + len(self.traps)
            self.traps.append(make_trap(trap_id, space.take(point), self.rng.choice(DEN_TRAPS),
                                        self.depth, "encounter", area.id, space.plan.arrival))
            trap_ids.append(trap_id)
        boss = next((m.point for m in placed.monsters if m.boss), None)
        if card.template == "boss" and boss is not None and len(placed.rest):
            self.relic = space.take(spot(nearest_first(placed.rest, closeness(placed.rest, boss),
                                                       self.rng), 0))
        if card.template == "beasts_den" and len(placed.rest):
            beast = placed.monsters[0].point
            x, y = space.take(spot(nearest_first(placed.rest, closeness(placed.rest, beast),
                                                 self.rng), 0))
            self.hoards.append(Treasure(x, y, HOARD * gold_for(self.depth, self.rng), area.id,
                                       hoard=True))
        self.encounters.append(Encounter(
            len(self.encounters) + 1, card.template, card.difficulty, area.id, area.room,
            budget, party.xp, placed.monsters, tuple(trap_ids), party.cramped,
        ))
        return True

    def gate_distance(self, area: Area, free: Spots) -> NDArray[np.int64]:
        """Distance to the area's entrances, or from the arrival when it has none."""
        dist = self.space.amap.gate_distance(area, free)
        if dist is None:
            return closeness(free, self.space.plan.arrival)
        return dist


def area_queue(amap: AreaMap, contents: Sequence[Contents], rng: Rng,
               skip: Area | None) -> list[Area]:
    """Monster areas (shuffled), corridor spots (shuffled), then the other areas (shuffled)."""
    monster = {c.area for c in contents if c.monster}
    groups: list[list[Area]] = [[], [], []]
    for area in amap.areas:
        if area is skip:
            continue
        rank = 0 if area.id in monster else 1 if area.source == "corridor" else 2
        groups[rank].append(area)
    for group in groups:
        rng.shuffle(group)
    return [area for group in groups for area in group]


def boss_area(space: Space) -> Area | None:
    """The area farthest from the arrival (Manhattan, centre to arrival) with room for a boss
    and its relic; ties to the lowest id."""
    ax, ay = space.plan.arrival
    ranked = sorted(
        (a for a in space.amap.areas if a.source != "corridor"),
        key=lambda a: (-(abs(a.center[0] - ax) + abs(a.center[1] - ay)), a.id),
    )
    return next((area for area in ranked if len(space.cells(area)) >= 2), None)


def dress_encounters(
    space: Space, contents: Sequence[Contents], rng: Rng, depth: int, ruleset: str, boss: bool,
    bestiary: Bestiary, tables: TableSet, first_trap: int, party: int = PARTY,
) -> FloorEncounters:
    """The deck is dealt and the areas ordered before any monster is chosen, so the bestiary
    changes only which monsters come and where they stand."""
    plan = space.plan
    cards = deal(deck_size(ruleset, plan.width, plan.height), rng, tables, depth)
    lair = boss_area(space) if boss else None
    queue = area_queue(space.amap, contents, rng, lair)
    return Dealer(space, bestiary, depth, rng, first_trap, party).run(cards, queue, lair)
