"""Encounters: a per-floor deck of templates and difficulties, filled from the bestiary to an XP
budget and placed in areas.

The source (shared seed 002, Step 4) builds a dungeon's encounters from a deck sized by the
ruleset's budget for one character level, about 20% easy, 60% average and 20% hard, each made
from one of five templates; a boss encounter, exceptionally hard, is kept for the end (here: the
last floor of a run asks for it with boss=true; the boss guards a relic).

Budgets are in standard-monster XP of the floor's depth (4e's table, `STANDARD_XP`): an easy
encounter is worth two standard monsters, an average three, a hard four, the boss six and a
half. A template fills its budget within 25% (unless its area is too small for the monsters, or
it is full: sixteen monsters, or a den's four traps): its core first (the controller, the
commander, the solo, one melee and one ranged), then its filler.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Final

import numpy as np
from numpy.typing import NDArray

from game.content.bestiary import Bestiary, MonsterKind
from game.dressing.areas import AreaMap, Space, Spots, spot, spots_of
from game.dressing.model import Area, Contents, Encounter, Monster, Trap
from game.dressing.traps import DEN_TRAPS, make_trap
from game.floorplan import Point
from game.seeds import Rng
from game.tables import TableSet

RULESETS: Final = {
    "4e": 10, "3.5": 13, "pathfinder-fast": 13, "pathfinder-medium": 20, "pathfinder-slow": 40,
}
"""Encounters for one character level, by ruleset (the source's "Limiting the Dungeon")."""

REFERENCE_TILES: Final = 80 * 50
"""A floor of this many tiles gets the ruleset's whole budget; others in proportion."""

FACTORS: Final = {"easy": 2.0, "average": 3.0, "hard": 4.0, "boss": 6.5}
"""Standard monsters an encounter is worth. The boss's six and a half buys floor 10's red
dragon; six bought a wyvern and a wight, which 88 % of the soak's heroes beat (BALANCE.md)."""
TOLERANCE: Final = 0.25
MAX_MONSTERS: Final = 16
MAX_DEN_TRAPS: Final = 4
BACK_ROLES: Final = frozenset({"leader", "solo"})


@dataclass(frozen=True, slots=True, eq=False)
class Slot:
    """A part of a template: the roles that may fill it, and melee/ranged when it matters.
    Compared and hashed by identity: every slot is one of this module's constants, and the pool
    cache hashes one on every ask (hashing the fields cost more than the lookup)."""

    roles: tuple[str, ...]
    reach: str = "any"  # "any" | "melee" | "ranged"

    def allows(self, kind: MonsterKind) -> bool:
        if self.reach == "melee":
            return kind.range == 0
        return kind.range > 0 if self.reach == "ranged" else True


SLOTS: Final = {
    "controller": Slot(("controller",)),
    "skirmisher": Slot(("skirmisher", "minion")),
    "commander": Slot(("leader",)),
    "troops": Slot(("soldier", "brute", "minion")),
    "solo": Slot(("solo",)),
    "melee": Slot(("soldier", "brute", "skirmisher"), "melee"),
    "ranged": Slot(("artillery",), "ranged"),
    "minion": Slot(("minion",)),
}
"""The encounter_templates table's role words, as bestiary roles."""

ELITE: Final = Slot(("soldier", "brute"), "melee")


@dataclass(frozen=True, slots=True)
class Shape:
    """A template's core (one monster each) and its filler (repeated to the budget)."""

    core: tuple[str, ...]
    filler: tuple[str, ...]


SHAPES: Final = {
    "battlefield_control": Shape(("controller",), ("skirmisher",)),
    "commander_and_troops": Shape(("commander",), ("troops",)),
    "beasts_den": Shape(("solo",), ()),
    "battle_lines": Shape(("melee", "ranged"), ("melee", "ranged")),
    "wolf_pack": Shape(("minion",), ("minion",)),
    "boss": Shape(("solo",), ("troops",)),
}

_FILLER_SLOTS: Final = {
    shape.filler: tuple(SLOTS[name] for name in shape.filler) for shape in SHAPES.values()
}
"""Each template's filler as slots, looked up once a module, not once an encounter."""


@dataclass(frozen=True, slots=True)
class Card:
    template: str
    difficulty: str


@dataclass(frozen=True, slots=True)
class Member:
    kind: MonsterKind
    elite: bool = False
    boss: bool = False

    @property
    def xp(self) -> int:
        return self.kind.xp * 2 if self.elite else self.kind.xp

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


STANDARD_XP: Final = (100, 125, 150, 175, 200, 250, 300, 350, 400, 500, 600, 700, 800)
"""A standard monster's XP at levels 1-13, from the 4e DMG's table that the source builds its
deck from ("level-appropriate monsters"): a floor's depth is its level. Past 13 the table grows
faster than the bestiary can follow (a party of three's packs are already sixteen strong from
floor 9), so the floors go on by the table's step there, 100 a level. Rules 1-6 used 100 + 25 a
floor, the table's first five levels carried on in a straight line, which fell behind it from
floor 6 (225 against 250; 325 against 500 on floor 10): the rules-6 soak won 91 % of its runs."""


def standard_xp(depth: int) -> int:
    last = len(STANDARD_XP)
    if depth <= last:
        return STANDARD_XP[depth - 1]
    return STANDARD_XP[-1] + (STANDARD_XP[-1] - STANDARD_XP[-2]) * (depth - last)


PARTY = 3
"""The party the factors are for: an average encounter is one standard monster per hero."""


def xp_budget(depth: int, difficulty: str, party: int = PARTY) -> int:
    """The encounter's XP: the factor's standard monsters, scaled to the party's size."""
    return round(standard_xp(depth) * FACTORS[difficulty] * party / PARTY)


def trap_xp(depth: int) -> int:
    """A den's trap is worth a minion."""
    return standard_xp(depth) // 4


def deck_size(ruleset: str, width: int, height: int) -> int:
    """The ruleset's budget scaled by the floor's area against 80x50, at least one."""
    scaled = RULESETS[ruleset] * width * height
    return max(1, (2 * scaled + REFERENCE_TILES) // (2 * REFERENCE_TILES))


GENTLE_DEPTH: Final = 1
"""The floor a new player learns the game on: its hard encounters are easy ones instead, and a
template's core leaves out a member the budget cannot pay for, or that no kind living on the
floor fills (no leader or controller lives on floor 1: the commander's troops and the
controller's skirmishers come alone). A level-1 hero alone, with no levels banked, met a
cutthroat and a slinger together there (the core of "battle lines", at twice an average
budget), two goblin warchiefs and a hexer whose slowing hex doubled its blows, and spent most of
its potions on them."""


def difficulties(size: int, depth: int) -> list[str]:
    """About 20% easy and 20% hard (each rounded half up), the rest average; on the gentle
    first floor the hard share is easy too."""
    share = (2 * size + 5) // 10
    hard = "easy" if depth <= GENTLE_DEPTH else "hard"
    return ["easy"] * share + [hard] * share + ["average"] * (size - 2 * share)


def deal(size: int, rng: Rng, tables: TableSet, depth: int) -> list[Card]:
    """Templates rolled on the d10 table, difficulties in their proportions, then shuffled."""
    cards = [
        Card(tables.roll("encounter_templates", rng).string("key"), difficulty)
        for difficulty in difficulties(size, depth)
    ]
    rng.shuffle(cards)
    return cards


_POOLS: dict[tuple[int, int, Slot], tuple[Bestiary, tuple[MonsterKind, ...]]] = {}
"""Candidate pools by (bestiary identity, depth, slot), each entry holding its bestiary so the
identity stays its own. A pure function of immutable inputs, asked for about eight times a floor
at a scan of the whole bestiary each."""

POOL_CACHE_LIMIT: Final = 4096


def slot_pool(bestiary: Bestiary, depth: int, slot: Slot) -> tuple[MonsterKind, ...]:
    """The kinds that may fill the slot at this depth (nearest band if none lives there)."""
    key = (id(bestiary), depth, slot)
    hit = _POOLS.get(key)
    if hit is not None and hit[0] is bestiary:
        return hit[1]
    if len(_POOLS) >= POOL_CACHE_LIMIT:
        _POOLS.clear()
    found = tuple(bestiary.candidates(slot.roles, depth, slot.allows))
    _POOLS[key] = (bestiary, found)
    return found


class Composer:
    """Fills one template to its budget from the kinds living at the depth."""

    def __init__(self, bestiary: Bestiary, depth: int, rng: Rng) -> None:
        self.bestiary = bestiary
        self.depth = depth
        self.rng = rng
        self.gentle = depth <= GENTLE_DEPTH
        """The first floor's cores keep to its own kinds and to the budget (GENTLE_DEPTH)."""
        self._rests: dict[tuple[str, int], int] = {}
        """The cheapest the core's members after the i-th can cost, by (template, i): a sum
        over the pools, the same for every encounter of the floor."""
        self._pools: dict[Slot, tuple[MonsterKind, ...]] = {}
        """`slot_pool` by slot, for this composer's bestiary and depth: no key to build."""
        self._plain: dict[str, Member] = {}
        """A plain member of each kind asked so far, by key: members are values, so an
        encounter's pack of one kind shares one."""

    def pool(self, slot: Slot) -> tuple[MonsterKind, ...]:
        found = self._pools.get(slot)
        if found is None:
            found = self._pools[slot] = slot_pool(self.bestiary, self.depth, slot)
        return found

    def member(self, kind: MonsterKind) -> Member:
        """A plain (not elite, not boss) member of the kind."""
        found = self._plain.get(kind.key)
        if found is None or found.kind is not kind:
            found = self._plain[kind.key] = Member(kind)
        return found

    def compose(self, template: str, budget: int, room: int) -> Party:
        """At most `room` monsters (the free tiles of the area), never more than MAX_MONSTERS."""
        if template == "beasts_den":
            return self._den(budget, room)
        shape = SHAPES[template]
        high = budget * (1 + TOLERANCE)
        cap = min(room, MAX_MONSTERS)
        members: list[Member] = []
        spent = 0  # the members' XP, kept as they join
        for index, name in enumerate(shape.core):
            pool = self.pool(SLOTS[name])
            if not pool or len(members) >= cap:
                continue
            if self.gentle and not pool[0].depth_min <= self.depth <= pool[0].depth_max:
                continue  # the first floor keeps to its own kinds (`band_distance` written out)
            if template == "boss":
                members.append(Member(_strongest_within(pool, high), boss=True))
                spent += members[-1].xp
                continue
            rest = self._rests.get((template, index))
            if rest is None:
                rest = self._rests[(template, index)] = sum(
                    [_cheapest(self.pool(SLOTS[n])) for n in shape.core[index + 1 :]])
            fit = [k for k in pool if spent + k.xp + rest <= high]
            if not fit and members and self.gentle:
                continue  # the first floor's core stays within budget: one foe, not two
            kind = self.rng.choice(fit) if fit else _weakest(pool)
            members.append(self.member(kind))
            spent += kind.xp
        if shape.filler:
            spent = self._fill(members, spent, shape.filler, budget, high, cap)
        return Party(tuple(members), 0, spent, len(members) >= room)

    def _fill(self, members: list[Member], spent: int, filler: tuple[str, ...], budget: int,
              high: float, cap: int) -> int:
        """Add filler until the budget is met, nothing fits under the ceiling, or no room;
        the members' XP after. Battle lines keep both lines even (melee first): the slot with
        fewer members is tried first, its count kept as members join rather than recounted
        each time. A template of one filler slot repeats the slot's kind while it fits (as
        `_pick` would, drawing nothing), so a pack of sixteen is one sum, not sixteen picks."""
        preferred: dict[str, MonsterKind] = {}
        slots = _FILLER_SLOTS[filler]
        single = len(slots) == 1
        counts = [] if single else [
            sum([slot.allows(m.kind) for m in members]) for slot in slots]
        while len(members) < cap and spent < budget:
            need = (budget - spent) / (cap - len(members))
            order = filler if single else [
                n for _, n in sorted(zip(counts, filler, strict=True), key=_first)
            ]
            for name in order:
                kind = self._pick(name, preferred, high - spent, need)
                if kind is not None:
                    member = self.member(kind)
                    members.append(member)
                    spent += kind.xp
                    if single:
                        # as many more as the room, the budget (each joins while it is not met)
                        # and the ceiling (each joins while it fits) allow; XP is at least 1
                        more = min(cap - len(members), -((spent - budget) // kind.xp),
                                   int((high - spent) // kind.xp))
                        if more > 0:
                            members += [member] * more
                            spent += more * kind.xp
                    else:
                        for i, slot in enumerate(slots):
                            counts[i] += slot.allows(kind)
                    break
            else:
                return spent
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
        """One solo on its home turf; if none is weak enough, an elite supported by traps. Traps
        make up what the monster leaves of the budget."""
        high = budget * (1 + TOLERANCE)
        per_trap = trap_xp(self.depth)
        solos = self.pool(SLOTS["solo"])
        strong = [k for k in solos if k.xp <= high and 2 * k.xp >= budget]
        elites = [k for k in self.pool(ELITE) if 2 * k.xp + per_trap <= high]
        standard = self.pool(ELITE)
        plain = [k for k in standard if k.xp + per_trap <= high] or (
            [min(standard, key=_xp_key)] if standard and not strong else [])
        if solos and (strong or not (elites or plain) or room < 2):
            member = Member(self.rng.choice(strong) if strong else _strongest_within(solos, high))
        elif elites:
            ranked = [k for k in elites if 4 * k.xp >= budget] or [max(elites, key=_xp_key)]
            member = Member(self.rng.choice(ranked), elite=True)
        elif plain:  # a small party's den: no solo or elite fits, so one plain beast and traps
            member = Member(max(plain, key=_xp_key))
        else:
            return Party((), 0, 0)
        least = 0 if member.kind.role == "solo" else 1
        wanted = max(least, round((budget - member.xp) / per_trap))
        traps = max(0, min(wanted, MAX_DEN_TRAPS, room - 1))
        return Party((member,), traps, member.xp + traps * per_trap, traps + 1 >= room)


def _xp_key(kind: MonsterKind) -> tuple[int, str]:
    return (kind.xp, kind.key)


def _first(pair: tuple[int, str]) -> int:
    return pair[0]


def _cheapest(pool: Sequence[MonsterKind]) -> int:
    return min((k.xp for k in pool), default=0)


def _weakest(pool: Sequence[MonsterKind]) -> MonsterKind:
    return min(pool, key=_xp_key)


def _strongest_within(pool: Sequence[MonsterKind], high: float) -> MonsterKind:
    """The strongest kind under the ceiling, else the weakest of all."""
    fit = [k for k in pool if k.xp <= high]
    return max(fit, key=_xp_key) if fit else _weakest(pool)


# --- placement -------------------------------------------------------------------------------


_SPLITMIX: Final = tuple(np.uint64(v) for v in (30, 0xBF58476D1CE4E5B9, 27, 0x94D049BB133111EB, 31))
_HIGH: Final = np.uint64(32)
_SEG_BITS: Final = 12
"""The dealer sorts many encounters' tiles at once with the encounter's number in the top bits
of the key, when the distances leave them free."""
_FAR: Final = 1 << (32 - _SEG_BITS)
"""Distances (never more than the map's width and height) below this leave them free."""
_MASK64: Final = (1 << 64) - 1


_COUNTERS: list[NDArray[np.uint64]] = [np.arange(256, dtype=np.uint64)]
"""0, 1, 2, ... as uint64, grown on demand: the counters `ties` mixes, made once a process."""


def _counters(count: int) -> NDArray[np.uint64]:
    if count > len(_COUNTERS[0]):
        _COUNTERS[0] = np.arange(max(count, 2 * len(_COUNTERS[0])), dtype=np.uint64)
    return _COUNTERS[0][:count]


def ties(rng: Rng, count: int) -> NDArray[np.uint64]:
    """`count` random tie-breakers from one draw (splitmix64 over consecutive counters): as good
    as `count` draws for ordering equal distances, at the cost of one."""
    return _mix(_counters(count) + np.uint64(rng.next64()))


def _mix(z: NDArray[np.uint64]) -> NDArray[np.uint64]:
    """splitmix64's finaliser, in place."""
    shift1, mult1, shift2, mult2, shift3 = _SPLITMIX
    z ^= z >> shift1
    z *= mult1
    z ^= z >> shift2
    z *= mult2
    z ^= z >> shift3
    return z


def nearest_first(free: Spots, dist: NDArray[np.int64], rng: Rng) -> Spots:
    """The free tiles by distance, ties in random order (one sort: the distance in the high
    32 bits of the key, a random tie-breaker in the low ones)."""
    return _nearest(free, dist.astype(np.uint64) << _HIGH, rng)


def _nearest(free: Spots, high: NDArray[np.uint64], rng: Rng) -> Spots:
    """`nearest_first` with the distances already shifted into the high 32 bits."""
    key = ties(rng, len(free))
    key >>= _HIGH
    key |= high
    ordered: Spots = free[np.argsort(key)]
    return ordered


def closeness(free: Spots, anchor: Point) -> NDArray[np.int64]:
    """The king's-move distance of each free tile from the anchor."""
    found: NDArray[np.int64] = np.abs(free[:, 0] - anchor[0])
    np.maximum(found, np.abs(free[:, 1] - anchor[1]), out=found)
    return found


@dataclass(frozen=True, slots=True, eq=False)
class Placed:
    monsters: tuple[Monster, ...]
    traps: tuple[Point, ...]
    rest: Spots
    """The area's free tiles left, nearest the entrances first."""


def place(party: Party, template: str, free: Spots,
          gate_dist: Callable[[], NDArray[np.int64]], rng: Rng) -> Placed:
    """Melee and troops nearest the entrances, ranged, leaders and solos farthest, den traps
    between them; a wolf pack packed close around one spot. `gate_dist` gives each free tile's
    distance to the entrances (asked only when needed)."""
    return _place(party, template, free, lambda: gate_dist().astype(np.uint64) << _HIGH, rng)


def _place(party: Party, template: str, free: Spots,
           gate_high: Callable[[], NDArray[np.uint64]], rng: Rng) -> Placed:
    """`place` with the entrance distances already shifted into the high 32 bits (the dealer
    keeps them so for each area's tiles)."""
    count = len(party.members)
    if template == "wolf_pack":
        anchor = spot(free, rng.below(len(free)))
        order = _nearest(free, closeness(free, anchor).astype(np.uint64) << _HIGH, rng)
        return Placed(_monsters(party.members, order[:count]), (), order[count:])
    order = _nearest(free, gate_high(), rng)
    fronts = [m for m in party.members if not m.back]
    backs = [m for m in party.members if m.back]
    ahead, behind = len(fronts) + party.traps, len(order) - len(backs)
    monsters = _monsters(fronts, order[: len(fronts)])
    if backs:
        monsters += _monsters(backs, order[behind:][::-1])
    traps = tuple(map(tuple, order[len(fronts):ahead].tolist())) if party.traps else ()
    return Placed(monsters, traps, order[ahead:behind])


def _monsters(members: Sequence[Member], spots: Spots) -> tuple[Monster, ...]:
    points = spots[: len(members)].tolist()
    return tuple([
        Monster(m.kind.key, m.kind.role, x, y, m.elite, m.boss)
        for m, (x, y) in zip(members, points, strict=True)
    ])


# --- the floor's encounters ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FloorEncounters:
    encounters: tuple[Encounter, ...]
    traps: tuple[Trap, ...]
    relic: Point | None


@dataclass(slots=True, eq=False)
class _Pending:
    """An encounter whose draws are all made, waiting for its tiles: the monsters and traps
    are placed for many encounters at once (one sort over all their areas' free tiles), since
    no draw depends on where they stand, only on how many tiles are free."""

    card: Card
    area: Area
    budget: int
    party: Party
    anchor: int | None
    """A wolf pack's anchor: the index of its spot among the free tiles."""
    seed: int
    """The draw that breaks the ties of the placement sort."""
    trap_kinds: tuple[str, ...]
    relic_seed: int | None
    free: int
    """The area's free tiles: nothing takes one of them until this encounter is placed."""
    placed: list[Member]
    """The members in the order they take tiles: the front rank, then the back."""
    fronts: int
    """How many of `placed` stand nearest the entrances (a pack: all, round its anchor); the
    den's traps take the tiles after theirs, the rest (`backs`) the farthest tiles."""
    backs: int


class Dealer:
    """Puts the deck (and the boss) into areas: areas whose contents rolled a monster first,
    then corridor spots, then the rest; a second round only when cards outnumber areas.

    Every draw of an encounter is made in turn (its composition, its tie-breaker, its traps'
    kinds, its relic's tie-breaker) on the count of the area's free tiles alone; the tiles are
    then given out for all the encounters waiting, in one pass, before an area is dealt a
    second encounter and at the end."""

    def __init__(self, space: Space, bestiary: Bestiary, depth: int, rng: Rng,
                 first_trap: int, party: int = PARTY) -> None:
        self.space = space
        self.depth = depth
        self.party = party
        self.rng = rng
        self.composer = Composer(bestiary, depth, self.rng)
        self.encounters: list[Encounter] = []
        self.traps: list[Trap] = []
        self.first_trap = first_trap
        self.relic: Point | None = None
        self._pending: list[_Pending] = []
        self._waiting: set[int] = set()
        """Areas with an encounter pending: their free tiles are not known until it is placed."""
        self._avail = space.free_counts()
        self._high: dict[int, NDArray[np.uint64]] = {}
        self._budgets: dict[str, int] = {}
        """`xp_budget` by difficulty, worked out once a floor."""

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
            else:
                break
        self._flush()
        return FloorEncounters(tuple(self.encounters), tuple(self.traps), self.relic)

    def _encounter(self, card: Card, area: Area) -> bool:
        """Make the encounter's draws; its tiles come at the next `_flush`."""
        if area.id in self._waiting:
            self._flush()
        free = self._avail[area.id]
        room = free - (1 if card.template == "boss" else 0)  # the relic's tile
        if room < 1:
            return False
        budget = self._budgets.get(card.difficulty)
        if budget is None:
            budget = self._budgets[card.difficulty] = xp_budget(self.depth, card.difficulty,
                                                                self.party)
        party = self.composer.compose(card.template, budget, room)
        if not party.members:
            return False
        rng = self.rng
        anchor = rng.below(free) if card.template == "wolf_pack" else None
        seed = rng.next64()
        trap_kinds = tuple([rng.choice(DEN_TRAPS) for _ in range(party.traps)]) \
            if party.traps and anchor is None else ()
        used = len(party.members) + len(trap_kinds)
        relic_seed = None
        if free > used and card.template == "boss" and any(m.boss for m in party.members):
            relic_seed = rng.next64()
            used += 1
        self._avail[area.id] = free - used
        placed: list[Member]
        if anchor is not None:
            placed, fronts = list(party.members), len(party.members)
        else:
            placed = []
            backs: list[Member] = []
            for m in party.members:  # one pass: `back` asked once a member
                (backs if m.back else placed).append(m)
            fronts = len(placed)
            placed += backs
        self._pending.append(_Pending(card, area, budget, party, anchor, seed, trap_kinds,
                                      relic_seed, free, placed, fronts, len(placed) - fronts))
        self._waiting.add(area.id)
        return True

    def _flush(self) -> None:
        """Place every pending encounter: the free tiles of their areas (each area's in reading
        order) sorted at once by (encounter, distance, tie-breaker), then handed out."""
        pending, self._pending = self._pending, []
        self._waiting.clear()
        if not pending:
            return
        space = self.space
        width = space.width
        cells = np.concatenate([space.floor_cells[slice(*space.span(p.area))] for p in pending])
        self._gate_highs([p.area for p in pending])
        high = np.concatenate([self._high[p.area.id] for p in pending])
        keep = ~space.blocked(cells)
        cells, high = cells[keep], high[keep]
        counts = [p.free for p in pending]  # what `keep` leaves of each area, known already
        starts = [0, *accumulate(counts[:-1])]
        for p, start, count in zip(pending, starts, counts, strict=True):
            if p.anchor is not None:  # a wolf pack: the king's-move distance from its anchor
                part = cells[start : start + count]
                xs, ys = part % width, part // width
                near = np.abs(xs - xs[p.anchor])
                np.maximum(near, np.abs(ys - ys[p.anchor]), out=near)
                high[start : start + count] = near.astype(np.uint64) << _HIGH
        # each tile's tie-breaker mixes (the encounter's seed + its index in the encounter)
        base = [(p.seed - start) & _MASK64 for p, start in zip(pending, starts, strict=True)]
        z = _counters(len(cells)) + np.repeat(np.array(base, dtype=np.uint64), counts)
        key = _mix(z)
        key >>= _HIGH
        key |= high
        if len(pending) == 1:
            order = np.argsort(key)
        elif len(pending) < 1 << _SEG_BITS and space.width + space.plan.height < _FAR:
            # one sort, not lexsort's two: the encounter's number in the top bits
            seg = np.arange(len(pending), dtype=np.uint64) << np.uint64(64 - _SEG_BITS)
            key |= np.repeat(seg, counts)
            order = np.argsort(key)
        else:
            order = np.lexsort((key, np.repeat(np.arange(len(pending)), counts)))
        ordered = cells[order]
        # the tiles taken, for all the encounters in one gather: each one's first (front rank,
        # then traps) and last (back rank, farthest first)
        wanted: list[int] = []
        for p, start, count in zip(pending, starts, counts, strict=True):
            wanted += range(start, start + p.fronts + len(p.trap_kinds))
            wanted += range(start + count - 1, start + count - 1 - p.backs, -1)
        taken = ordered.take(wanted).tolist()
        at = 0
        for p, start, count in zip(pending, starts, counts, strict=True):
            ahead = p.fronts + len(p.trap_kinds)
            rest = None if p.relic_seed is None else \
                ordered[start + ahead : start + count - p.backs]
            self._give(p, taken[at : at + ahead + p.backs], rest)
            at += ahead + p.backs

    def _give(self, p: _Pending, mine: list[int], rest: NDArray[np.int64] | None) -> None:
        """The pending encounter's monsters and traps onto its tiles `mine` (the front rank's,
        the traps', then the back rank's); `rest`, the tiles left between them in order, asked
        only for a relic."""
        space, width, area, party = self.space, self.space.width, p.area, p.party
        ahead = p.fronts + len(p.trap_kinds)
        cells = mine[: p.fronts] + mine[ahead:]
        trap_cells = mine[p.fronts : ahead]
        monsters = tuple([
            Monster(m.kind.key, m.kind.role, cell % width, cell // width, m.elite, m.boss)
            for m, cell in zip(p.placed, cells, strict=True)
        ])
        space.take_cells(cells, area.id)
        trap_ids = []
        for cell, kind in zip(trap_cells, p.trap_kinds, strict=True):
            trap_id = self.first_trap + len(self.traps)
            point = space.take((cell % width, cell // width))
            self.traps.append(make_trap(trap_id, point, kind, self.depth, "encounter", area.id,
                                        space.plan.arrival))
            trap_ids.append(trap_id)
        if p.relic_seed is not None and rest is not None:
            boss = next(m.point for m in monsters if m.boss)
            spots = spots_of(rest, width)
            key = _mix(_counters(len(spots)) + np.uint64(p.relic_seed))
            key >>= _HIGH
            key |= closeness(spots, boss).astype(np.uint64) << _HIGH
            self.relic = space.take(spot(spots, int(np.argsort(key)[0])))
        self.encounters.append(Encounter(
            len(self.encounters) + 1, p.card.template, p.card.difficulty, area.id, area.room,
            p.budget, party.xp, monsters, tuple(trap_ids), party.cramped,
        ))

    def _gate_highs(self, areas: Sequence[Area]) -> None:
        """`gate_distance` of every floor tile of each area (`Space.span`) not yet known,
        shifted into the high 32 bits of a sort key; worked out once an area, for all the
        areas asked at once."""
        fresh = list({area.id: area for area in areas if area.id not in self._high}.values())
        if not fresh:
            return
        space = self.space
        cells = [space.floor_cells[slice(*space.span(area))] for area in fresh]
        found = space.amap.gate_distances(fresh, cells)
        dists = [
            gate if gate is not None else closeness(spots_of(mine, space.width),
                                                    space.plan.arrival)
            for mine, gate in zip(cells, found, strict=True)
        ]
        high = np.concatenate(dists).astype(np.uint64) << _HIGH  # one shift for all the areas
        start = 0
        for area, dist in zip(fresh, dists, strict=True):
            self._high[area.id] = high[start : start + len(dist)]
            start += len(dist)

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
