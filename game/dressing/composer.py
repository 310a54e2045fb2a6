"""Composing an encounter: a template filled from the kinds living at the depth, whole.

A template's core is what makes it that template (`SHAPES`): a commander and two troops, a
controller and two strikers, two melee in front of two ranged, four of a pack, a solo in its den,
a boss with two of its court. The core is always bought whole, for a lone hero too: each place
takes the strongest kinds that leave room for the rest of the core at its cheapest, and where the
budget cannot buy a place at full strength a weaker member fills it (a minion, a lesser form, a
kind of the band above: `REACH`), never a smaller template. Then the filler is added while the
budget lasts (within 25%, sixteen monsters at most). An area with fewer free tiles than the core
gets no party (the dealer tries the next area).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from game.content.bestiary import Bestiary, MonsterKind
from game.content.bosses import BossKind, default_bosses
from game.dressing.budget import trap_xp
from game.dressing.model import Monster
from game.memo import ByIdentity
from game.seeds import Rng

TOLERANCE: Final = 0.25
MAX_MONSTERS: Final = 16
MAX_DEN_TRAPS: Final = 4
BACK_ROLES: Final = frozenset({"leader", "solo"})
REACH: Final = 2
"""A core place may take a kind whose band ended up to this many floors above: a member a level
or two down."""
DEN_STRETCH: Final = 1.6
"""A den's beast may cost up to twice the card's ceiling: it is one monster that keeps to its
home, which the hero can see and leave, and the big solos cost three standard monsters."""
MIN_COURT: Final = 2


@dataclass(frozen=True, slots=True, eq=False)
class Slot:
    """A part of a template: the roles that may fill it, and melee/ranged when it matters.
    Compared and hashed by identity: every slot is one of this module's constants."""

    roles: tuple[str, ...]
    reach: str = "any"  # "any" | "melee" | "ranged"

    def allows(self, kind: MonsterKind) -> bool:
        if kind.role not in self.roles:
            return False
        if self.reach == "melee":
            return kind.range == 0
        return kind.range > 0 if self.reach == "ranged" else True


SLOTS: Final = {
    "controller": Slot(("controller",)),
    "skirmisher": Slot(("skirmisher", "minion")),
    "commander": Slot(("leader",)),
    "troops": Slot(("soldier", "brute", "minion")),
    "solo": Slot(("solo",)),
    "melee": Slot(("soldier", "brute", "skirmisher", "minion"), "melee"),
    "ranged": Slot(("artillery",), "ranged"),
    "minion": Slot(("minion",)),
}
"""The encounter_templates table's role words, as bestiary roles (minions may fill the places
of troops, strikers and the melee line: the weakest members)."""


@dataclass(frozen=True, slots=True)
class Shape:
    """A template's core (one monster a place, always whole) and its filler (to the budget)."""

    core: tuple[str, ...]
    filler: tuple[str, ...]


SHAPES: Final = {
    "battlefield_control": Shape(("controller", "skirmisher", "skirmisher"), ("skirmisher",)),
    "commander_and_troops": Shape(("commander", "troops", "troops"), ("troops",)),
    "beasts_den": Shape(("solo",), ()),
    "battle_lines": Shape(("melee", "melee", "ranged", "ranged"), ("melee", "ranged")),
    "wolf_pack": Shape(("minion",) * 4, ("minion",)),
    "boss": Shape(("solo",) + ("troops",) * MIN_COURT, ("troops",)),
}


@dataclass(frozen=True, slots=True)
class Member:
    kind: MonsterKind
    elite: bool = False
    boss: bool = False

    @property
    def xp(self) -> int:
        """An elite's and a boss's XP is doubled, as their hit points are in play."""
        return self.kind.xp * 2 if self.elite or self.boss else self.kind.xp

    @property
    def back(self) -> bool:
        """Stands back from the entrances: ranged attackers, leaders, solos."""
        return self.kind.range > 0 or self.kind.role in BACK_ROLES or self.boss


@dataclass(frozen=True, slots=True)
class Party:
    members: tuple[Member, ...]
    traps: int
    xp: int
    cramped: bool = False
    """The monsters and traps filled every free tile the area had."""


_POOLS: ByIdentity[Bestiary, dict[tuple[int, Slot, bool], tuple[MonsterKind, ...]]] = (
    ByIdentity(4))
"""Each bestiary's pools by (depth, slot, core): the same for every floor of that depth."""


@dataclass(frozen=True, slots=True)
class Tiers:
    """A core place's kinds: living at the depth at full strength, living minions, then those
    of the band above (full strength, minions); the cheapest XP and kind."""

    tiers: tuple[tuple[MonsterKind, ...], ...]
    cheapest: int
    weakest: MonsterKind


_TIERS: ByIdentity[Bestiary, dict[tuple[int, Slot], Tiers | None]] = ByIdentity(4)


class Composer:
    """Fills one template from the kinds living at the depth: its core whole, then to budget."""

    def __init__(self, bestiary: Bestiary, depth: int, rng: Rng,
                 bosses: Sequence[BossKind] | None = None) -> None:
        self.bestiary = bestiary
        self.depth = depth
        self.rng = rng
        known = {kind.key for kind in bestiary.kinds}
        self.bosses = [b for b in (default_bosses() if bosses is None else bosses)
                       if b.leader in known and all(k in known for k in b.court)]
        pools = _POOLS.get(bestiary)
        self._pools = _POOLS.put(bestiary, {}) if pools is None else pools

    def pool(self, slot: Slot) -> tuple[MonsterKind, ...]:
        """The kinds that may fill the slot at this depth (nearest band if none lives there)."""
        found = self._pools.get((self.depth, slot, False))
        if found is None:
            found = self._pools[(self.depth, slot, False)] = tuple(
                self.bestiary.candidates(slot.roles, self.depth, slot.allows))
        return found

    def core_pool(self, slot: Slot) -> tuple[MonsterKind, ...]:
        """The kinds that may fill a core place: those living at the depth and those whose band
        ended up to REACH floors above (never a deeper kind); the nearest band if none."""
        found = self._pools.get((self.depth, slot, True))
        if found is None:
            depth = self.depth
            near = tuple(k for k in self.bestiary.kinds if slot.allows(k)
                         and k.depth_min <= depth <= k.depth_max + REACH)
            found = self._pools[(depth, slot, True)] = near or self.pool(slot)
        return found

    def _tiers(self, slot: Slot) -> Tiers | None:
        """A core place's kinds in the order they are tried (bestiary order within a tier);
        None when no kind can fill it."""
        found = _TIERS.get(self.bestiary)
        tiers = _TIERS.put(self.bestiary, {}) if found is None else found
        if (self.depth, slot) not in tiers:
            pool = self.core_pool(slot)
            live = [k.band_distance(self.depth) == 0 for k in pool]
            full = [k.role != "minion" for k in pool]
            tiers[(self.depth, slot)] = Tiers(
                tuple(tuple(k for k, a, b in zip(pool, live, full, strict=True)
                            if (a, b) == want)
                      for want in ((True, True), (True, False), (False, True), (False, False))),
                min(k.xp for k in pool), _weakest(pool),
            ) if pool else None
        return tiers[(self.depth, slot)]

    def compose(self, template: str, budget: int, room: int) -> Party:
        """At most `room` monsters (the free tiles of the area), never more than MAX_MONSTERS;
        no party when the core does not fit in the room."""
        if template == "beasts_den":
            return self._den(budget, room)
        if template == "boss" and self.bosses:
            return self._boss(budget, room)
        shape = SHAPES[template]
        cap = min(room, MAX_MONSTERS)
        if len(shape.core) > cap:
            return Party((), 0, 0, True)
        members = self._core(shape.core, budget, template == "boss")
        spent = sum(m.xp for m in members)
        if not members:
            return Party((), 0, 0)
        spent = self._fill(members, spent, shape.filler, budget, budget * (1 + TOLERANCE), cap)
        return Party(tuple(members), 0, spent, len(members) >= room)

    def _core(self, core: Sequence[str], budget: int, boss: bool) -> list[Member]:
        """One member a place, at random among the kinds that leave room under the ceiling for
        the rest of the core at its cheapest: those living at the depth at full strength first
        (not minions), then minions, then kinds of the band above; none fits: the cheapest (a
        weaker member, over budget, rather than a smaller template). The places are bought in
        a random order; the members keep the core's order."""
        high = budget * (1 + TOLERANCE)
        found = [self._tiers(SLOTS[name]) for name in core]
        places = [place for place in found if place is not None]
        if len(places) < len(found):
            return []
        order = list(range(len(places)))
        self.rng.shuffle(order)  # each place has its turn to be bought at full strength
        chosen: dict[int, MonsterKind] = {}
        spent = 0
        for turn, index in enumerate(order):
            place = places[index]
            limit = high - spent - sum(places[i].cheapest for i in order[turn + 1 :])
            kind = place.weakest
            for tier in place.tiers:
                fit = [k for k in tier if k.xp <= limit]
                if fit:
                    kind = self.rng.choice(fit)
                    break
            chosen[index] = kind
            spent += kind.xp
        members = [Member(chosen[i], boss=boss and i == 0) for i in range(len(places))]
        return members

    def _fill(self, members: list[Member], spent: int, filler: tuple[str, ...], budget: int,
              high: float, cap: int) -> int:
        """Add filler until the budget is met, nothing fits under the ceiling, or no room;
        the members' XP after. Battle lines keep both lines even (melee first): the slot with
        fewer members is tried first."""
        preferred: dict[str, MonsterKind] = {}
        counts = {name: sum(SLOTS[name].allows(m.kind) for m in members) for name in filler}
        while len(members) < cap and spent < budget:
            need = (budget - spent) / (cap - len(members))
            for name in sorted(filler, key=counts.__getitem__):
                kind = self._pick(name, preferred, high - spent, need)
                if kind is not None:
                    members.append(Member(kind))
                    spent += kind.xp
                    for slot in filler:
                        counts[slot] += SLOTS[slot].allows(kind)
                    break
            else:
                break
        return spent

    def _pick(
        self, name: str, preferred: dict[str, MonsterKind], room: float, need: float
    ) -> MonsterKind | None:
        """The slot's kind so far while it fits; else a kind that fits and (if one can) is strong
        enough to meet the budget in the places left."""
        kind = preferred.get(name)
        if kind is not None and kind.xp <= room:
            return kind
        fit = [k for k in self.pool(SLOTS[name]) if k.xp <= room]
        if not fit:
            return None
        strong = [k for k in fit if k.xp >= need]
        kind = self.rng.choice(strong) if strong else max(fit, key=_xp_key)
        preferred[name] = kind
        return kind

    def _den(self, budget: int, room: int) -> Party:
        """One solo on its home ground: one living at the depth that the den can pay for
        (DEN_STRETCH) and that meets the budget with the traps at most, at random, else the
        cheapest solo near the depth. Traps make up what the beast leaves of the budget."""
        high = budget * (1 + TOLERANCE)
        solos = self.core_pool(SLOTS["solo"])
        if not solos:
            return Party((), 0, 0)
        per_trap = trap_xp(self.depth)
        fit = [k for k in solos if k.xp <= high * DEN_STRETCH]
        live = [k for k in fit if k.band_distance(self.depth) == 0] or fit
        low = (1 - TOLERANCE) * budget - MAX_DEN_TRAPS * per_trap
        live = [k for k in live if k.xp >= low] or live
        member = Member(self.rng.choice(live) if live else _weakest(solos))
        wanted = round((budget - member.xp) / per_trap)
        traps = max(0, min(wanted, MAX_DEN_TRAPS, room - 1))
        return Party((member,), traps, member.xp + traps * per_trap, traps + 1 >= room)

    def _boss(self, budget: int, room: int) -> Party:
        """A boss encounter of the depth (assets/bosses.toml) at random: its leader as the boss
        and at least MIN_COURT of its court, then more of them while the budget lasts."""
        cap = min(room, MAX_MONSTERS)
        if cap < 1 + MIN_COURT:
            return Party((), 0, 0, True)
        nearest = min(b.band_distance(self.depth) for b in self.bosses)
        entry = self.rng.choice([b for b in self.bosses if b.band_distance(self.depth) == nearest])
        high = budget * (1 + TOLERANCE)
        members = [Member(self.bestiary.get(entry.leader), boss=True)]
        spent = members[0].xp
        court = sorted((self.bestiary.get(key) for key in entry.court), key=_xp_key)
        while len(members) < cap:
            fit = [k for k in court if spent + k.xp <= high]
            if len(members) > MIN_COURT and (not fit or spent >= budget):
                break
            kind = self.rng.choice(fit) if fit else court[0]
            members.append(Member(kind))
            spent += kind.xp
        return Party(tuple(members), 0, spent, len(members) >= room)


def holds_core(template: str, monsters: Sequence[Monster], bestiary: Bestiary) -> bool:
    """Whether placed monsters hold their template's core: one a core place (`SHAPES`), a den
    its one solo alone, a boss one boss and at least MIN_COURT of its court."""
    if template == "boss":
        return sum(m.boss for m in monsters) == 1 and len(monsters) >= 1 + MIN_COURT
    if template == "beasts_den" and len(monsters) != 1:
        return False
    left = [bestiary.get(m.kind) for m in monsters]
    for name in SHAPES[template].core:
        slot = SLOTS[name]
        found = next((kind for kind in left if slot.allows(kind)), None)
        if found is None:
            return False
        left.remove(found)
    return True


def _xp_key(kind: MonsterKind) -> tuple[int, str]:
    return (kind.xp, kind.key)


def _weakest(pool: Sequence[MonsterKind]) -> MonsterKind:
    return min(pool, key=_xp_key)
