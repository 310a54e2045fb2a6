"""Composing an encounter: a template filled to its budget from the kinds living at the depth.

A template fills its budget within 25% (unless its area is too small for the monsters, or it is
full: sixteen monsters, or a den's four traps): its core first (the controller, the commander,
the solo, one melee and one ranged), then its filler.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from game.content.bestiary import Bestiary, MonsterKind
from game.dressing.budget import GENTLE_DEPTH, trap_xp
from game.memo import ByIdentity
from game.seeds import Rng

TOLERANCE: Final = 0.25
MAX_MONSTERS: Final = 16
MAX_DEN_TRAPS: Final = 4
BACK_ROLES: Final = frozenset({"leader", "solo"})


@dataclass(frozen=True, slots=True, eq=False)
class Slot:
    """A part of a template: the roles that may fill it, and melee/ranged when it matters.
    Compared and hashed by identity: every slot is one of this module's constants."""

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


_POOLS: ByIdentity[Bestiary, dict[tuple[int, Slot], tuple[MonsterKind, ...]]] = ByIdentity(4)
"""Each bestiary's pools by (depth, slot): the same for every floor of that depth."""


class Composer:
    """Fills one template to its budget from the kinds living at the depth."""

    def __init__(self, bestiary: Bestiary, depth: int, rng: Rng) -> None:
        self.bestiary = bestiary
        self.depth = depth
        self.rng = rng
        self.gentle = depth <= GENTLE_DEPTH
        """The first floor's cores keep to its own kinds and to the budget (GENTLE_DEPTH)."""
        pools = _POOLS.get(bestiary)
        self._pools = _POOLS.put(bestiary, {}) if pools is None else pools

    def pool(self, slot: Slot) -> tuple[MonsterKind, ...]:
        """The kinds that may fill the slot at this depth (nearest band if none lives there)."""
        found = self._pools.get((self.depth, slot))
        if found is None:
            found = self._pools[(self.depth, slot)] = tuple(
                self.bestiary.candidates(slot.roles, self.depth, slot.allows))
        return found

    def compose(self, template: str, budget: int, room: int) -> Party:
        """At most `room` monsters (the free tiles of the area), never more than MAX_MONSTERS."""
        if template == "beasts_den":
            return self._den(budget, room)
        shape = SHAPES[template]
        high = budget * (1 + TOLERANCE)
        cap = min(room, MAX_MONSTERS)
        members: list[Member] = []
        spent = 0  # the members' XP
        for index, name in enumerate(shape.core):
            pool = self.pool(SLOTS[name])
            if not pool or len(members) >= cap:
                continue
            if self.gentle and pool[0].band_distance(self.depth) != 0:
                continue  # the first floor keeps to its own kinds
            if template == "boss":
                members.append(Member(_strongest_within(pool, high), boss=True))
                spent += members[-1].xp
                continue
            rest = sum(_cheapest(self.pool(SLOTS[n])) for n in shape.core[index + 1 :])
            fit = [k for k in pool if spent + k.xp + rest <= high]
            if not fit and members and self.gentle:
                continue  # the first floor's core stays within budget: one foe, not two
            kind = self.rng.choice(fit) if fit else _weakest(pool)
            members.append(Member(kind))
            spent += kind.xp
        if shape.filler:
            spent = self._fill(members, spent, shape.filler, budget, high, cap)
        return Party(tuple(members), 0, spent, len(members) >= room)

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


def _cheapest(pool: Sequence[MonsterKind]) -> int:
    return min((k.xp for k in pool), default=0)


def _weakest(pool: Sequence[MonsterKind]) -> MonsterKind:
    return min(pool, key=_xp_key)


def _strongest_within(pool: Sequence[MonsterKind], high: float) -> MonsterKind:
    """The strongest kind under the ceiling, else the weakest of all."""
    fit = [k for k in pool if k.xp <= high]
    return max(fit, key=_xp_key) if fit else _weakest(pool)
