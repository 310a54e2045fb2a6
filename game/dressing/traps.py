"""Trap kinds. The source's tables only say "trap" (in a chamber) or "trapped" (a door), so the
kinds, their DCs and effects are this project's: a small table in the 3.5 style, the DCs rising
one per three floors."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from game.dressing.model import Trap
from game.floorplan import Point


@dataclass(frozen=True, slots=True)
class TrapKind:
    name: str
    search_dc: int
    disarm_dc: int
    effect: str


KINDS: Final = {
    kind.name: kind
    for kind in (
        TrapKind("dart", 20, 20, "a poisoned dart: +8 to hit, 1d4 and 1d6 poison"),
        TrapKind("pit", 20, 20, "a covered pit, 10 feet deep: 1d6 per 10 feet, DC 20 to climb"),
        TrapKind("trapdoor", 22, 22, "a trapdoor: the victim falls to the floor below"),
        TrapKind("teleport", 25, 25, "a teleport glyph: the victim is sent elsewhere on the floor"),
        TrapKind("alarm", 18, 15, "an alarm: a bell rings and the floor's monsters come"),
        TrapKind("poison_needle", 22, 20, "a poisoned needle in the lock: 1 and 1d6 poison"),
        TrapKind("scything_blade", 21, 22, "a scything blade: +10 to hit, 2d8"),
    )
}

ROOM_TRAPS: Final = ("dart", "pit", "trapdoor", "teleport", "alarm")
DOOR_TRAPS: Final = ("dart", "poison_needle", "scything_blade", "alarm")
DEN_TRAPS: Final = ("dart", "pit", "scything_blade")


def make_trap(
    trap_id: int, point: Point, name: str, depth: int, source: str, area: int | None,
    arrival: Point,
) -> Trap:
    """A hidden trap of kind `name`; a teleport trap sends its victim to the arrival."""
    kind = KINDS[name]
    bonus = depth // 3
    target = (int(arrival[0]), int(arrival[1])) if name == "teleport" else None
    return Trap(
        trap_id, point[0], point[1], name, kind.search_dc + bonus, kind.disarm_dc + bonus,
        kind.effect, source, area, True, target,
    )

