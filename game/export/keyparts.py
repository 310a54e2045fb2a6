"""What every game master's key shares (the text key, the HTML page, the SVG map): monsters
grouped by kind ("12 x cave rat (minion)"), and where each area's number stands on the map.

One grouping and one placement, so the printed page and the text key say the same thing."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from game.content.bestiary import Bestiary
from game.dressing.areas import AreaMap
from game.dressing.model import Area, Monster
from game.floorplan import Point


@dataclass(frozen=True, slots=True)
class MonsterGroup:
    """Monsters of one kind, role and rank, in the order the dressing placed them."""

    kind: str
    name: str
    glyph: str
    role: str
    elite: bool
    boss: bool
    points: tuple[Point, ...]

    @property
    def count(self) -> int:
        return len(self.points)

    @property
    def label(self) -> str:
        """"12 x cave rat (minion)", "1 x orc warlord BOSS (leader)"."""
        tags = " ".join(t for t, on in (("BOSS", self.boss), ("elite", self.elite)) if on)
        return f"{self.count} x {self.name}{' ' + tags if tags else ''} ({self.role})"


def grouped(monsters: Iterable[Monster], bestiary: Bestiary) -> list[MonsterGroup]:
    """Monsters grouped by (kind, role, elite, boss), groups in order of their first monster."""
    points: dict[tuple[str, str, bool, bool], list[Point]] = {}
    for monster in monsters:
        points.setdefault((monster.kind, monster.role, monster.elite, monster.boss),
                          []).append(monster.point)
    groups = []
    for (kind, role, elite, boss), where in points.items():
        entry = bestiary.get(kind)
        groups.append(MonsterGroup(kind, entry.name.lower(), entry.glyph, role, elite, boss,
                                   tuple(where)))
    return groups


def floor_groups(monsters: Iterable[Monster], bestiary: Bestiary) -> list[MonsterGroup]:
    """A whole floor's monsters grouped, most numerous first (ties in order of appearance)."""
    groups = grouped(monsters, bestiary)
    return sorted(groups, key=lambda g: -g.count)


def group_line(groups: Sequence[MonsterGroup]) -> str:
    """"28 x cave rat (minion), 6 x goblin snarer (controller)"."""
    return ", ".join(g.label for g in groups)


def anchor(amap: AreaMap, area: Area, taken: Collection[Point] = (), digits: int = 1) -> Point:
    """The area's own tile nearest its centre (reading order breaks ties): where a drawn map
    writes its number, always inside the area; clear of the `taken` tiles (and, for two digits
    or more, of those either side, which the wider box covers) where the area has such a tile."""
    box = amap.box(area)
    ys, xs = np.nonzero(amap.owner[box] == area.id)
    if len(xs) == 0:
        return area.center
    xs, ys = xs + box[1].start, ys + box[0].start
    cx, cy = area.center
    cost = np.abs(xs - cx) + np.abs(ys - cy)
    if taken:
        reach = (-1, 0, 1) if digits > 1 else (0,)
        blocked = np.array([any((x + d, y) in taken for d in reach)
                            for x, y in zip(xs.tolist(), ys.tolist(), strict=True)])
        cost = cost + blocked * (amap.owner.shape[0] + amap.owner.shape[1])
    best = int(np.argmin(cost))
    return (int(xs[best]), int(ys[best]))
