"""Dijkstra maps, computed once per turn and shared by every monster.

The approach map is the walking distance to the player (diagonal steps allowed, teleporter pads
as game.pathing.portals reads them); the flee map is the approach map negated and rescaled, then
flooded again, so that rolling downhill on it leads away from the player and out of dead ends
(Brogue's "safety map"). Door-openers and the rest see closed doors differently, so each gets its
own approach map, made only when some awake monster needs it. The cost of a turn therefore does
not grow with the number of monsters.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from game import tiles
from game.floorplan import Point
from game.pathing import STEPS, UNREACHED, portals
from game.rules.features import harmful, slow_ground
from game.world.kinds import RESTING
from game.world.model import Actor, Floor

STEP_DX = np.array([[dx for dx, _ in STEPS]], dtype=np.intp)
STEP_DY = np.array([[dy for _, dy in STEPS]], dtype=np.intp)

Step = tuple[int, int, bool]
"""A step down a map: (dx, dy) and whether the tile it reaches is plain (TurnMaps.plain)."""
CODE_BASE = 2 * len(STEPS) + 1
"""A coded ranking's digit: 0 ends it, else 1 + the step's index, plus 8 if it lands plain."""
CODE_PLACES = CODE_BASE ** np.arange(len(STEPS), dtype=np.int64)
HAZARD_COST = 40
"""What a known hazard adds to a walk: a monster goes round mold or a chasm by up to this many
steps, and through it only when there is no other way (then the hero can lure it in)."""
_RANKINGS: dict[int, tuple[Step, ...]] = {}
"""Decoded rankings by code, shared by all maps: the ways eight neighbours can rank below a
tile are bounded (and in play a few hundred turn up)."""


def walk_map(floor: Floor, through_doors: bool) -> NDArray[np.bool_]:
    """Where a monster can step: closed doors only for door-openers, and never a sealed one
    (locked or warded: no monster opens it, so a path through it would leave the monster
    bumping it forever instead of going round)."""
    walk = floor.walkable()
    if not through_doors:
        walk[floor.tiles == tiles.DOOR] = False
    for (x, y), door in floor.doors.items():
        if door.sealed and not door.is_open:
            walk[y, x] = False
    return walk


def hazards(floor: Floor) -> NDArray[np.bool_]:
    """The tiles of the hazards that still hurt (game.rules.features.harmful): every monster
    knows its floor's."""
    found = np.zeros(floor.tiles.shape, dtype=np.bool_)
    for (x, y), feature in floor.features.items():
        if harmful(feature):
            found[y, x] = True
    return found


def approach_map(floor: Floor, goal: Point, through_doors: bool,
                 avoid: NDArray[np.bool_] | None = None) -> NDArray[np.int32]:
    """The walking distance to `goal` (the player), pads leading on to their partners; the
    goal is struck from beside it, also while it stands on a pad. Tiles in `avoid` (known
    hazards) are walked round; only where no other way leads, the walk through them counts
    HAZARD_COST more."""
    reach = np.zeros(floor.tiles.shape, dtype=np.bool_)
    reach[goal[1], goal[0]] = True
    pads = floor.teleports
    walk = walk_map(floor, through_doors)
    if avoid is None:
        return portals.toward(walk, pads, reach, portals.pads_among(pads, reach))
    avoid = avoid & ~reach
    safe = portals.toward(walk & ~avoid, pads, reach, portals.pads_among(pads, reach))
    if all(safe[m.y, m.x] != UNREACHED for m in floor.monsters if m.alive):
        return safe  # every monster has a way round: the walk through is never needed
    full = portals.toward(walk, pads, reach, portals.pads_among(pads, reach))
    costly = np.minimum(full, UNREACHED - HAZARD_COST) + HAZARD_COST
    through = np.where(full == UNREACHED, UNREACHED, costly)
    result: NDArray[np.int32] = np.where(safe == UNREACHED, through, safe).astype(np.int32)
    return result


def foes_map(floor: Floor, goals: list[Point], through_doors: bool,
             avoid: NDArray[np.bool_] | None = None) -> NDArray[np.int32]:
    """The walking distance to the nearest of `goals` (the hero's foes in the fight, for its
    allies: game.ai.allies), round known hazards."""
    reach = np.zeros(floor.tiles.shape, dtype=np.bool_)
    for x, y in goals:
        reach[y, x] = True
    walk = walk_map(floor, through_doors)
    if avoid is not None:
        walk &= ~(avoid & ~reach)
    pads = floor.teleports
    return portals.toward(walk, pads, reach, portals.pads_among(pads, reach))


def fighting_foes(floor: Floor) -> list[Point]:
    """Where the hero's foes in the fight stand: awake, hostile and in the hero's sight (a
    sleeping or unaware monster is left for the hero to sneak past), in reading order."""
    return sorted(((m.x, m.y) for m in floor.monsters
                   if m.alive and m.hostile and m.mode not in RESTING and floor.visible[m.y, m.x]),
                  key=lambda p: (p[1], p[0]))


def flee_map(floor: Floor, approach: NDArray[np.int32], through_doors: bool,
             avoid: NDArray[np.bool_] | None = None) -> NDArray[np.int32]:
    """Downhill leads away from the goal, preferring open ground over corners (and never into
    a known hazard)."""
    walk = walk_map(floor, through_doors)
    if avoid is not None:
        walk &= ~avoid
    return portals.flee(approach, walk, floor.teleports)


@dataclass(slots=True)
class TurnMaps:
    """The maps of one turn, each made on first use."""

    floor: Floor
    goal: Point
    closed_doors: bool
    """Whether any door is shut: otherwise door-openers and the rest share one map."""
    plain: NDArray[np.bool_]
    """Walkable tiles with nothing to open or arrive at (no door, no teleporter), as the turn
    began: a monster steps onto one by just moving there. Doors only open during a turn, so a
    tile that becomes plain mid-turn merely takes the long way through the movement rules.
    A hazard or rough ground is not plain: a step there goes through the rules that act on it."""
    avoid: NDArray[np.bool_] | None = None
    """Known hazards (None: none on the floor)."""
    _approach: dict[bool, NDArray[np.int32]] = field(default_factory=dict)
    _flee: dict[bool, NDArray[np.int32]] = field(default_factory=dict)
    _steps: dict[int, dict[Point, int]] = field(default_factory=dict)
    """Coded step rankings (see _decode) of each map (by id) by spot."""
    _bands: dict[int, list[Actor]] | None = None
    _foes: dict[bool, NDArray[np.int32]] = field(default_factory=dict)
    """The allies' map toward the hero's foes (game.ai.allies), by door-opening."""
    foe_spots: list[Point] | None = None
    """Where those foes stood when the allies' map was made (the first ally's turn)."""
    allied: bool = False
    """An ally of the hero's stood on the floor as the turn began: only then does a monster
    look beside it for one to strike (a turn with 500 monsters and no ally skips 4,500 looks)."""

    @classmethod
    def for_turn(cls, floor: Floor, goal: Point) -> TurnMaps:
        grid = floor.tiles
        doors = grid == tiles.DOOR
        plain = floor.walkable() & ~doors & (grid != tiles.TELEPORTER)
        avoid = hazards(floor) if floor.features else None
        for (x, y), feature in floor.features.items():
            if slow_ground(feature) or (avoid is not None and avoid[y, x]):
                plain[y, x] = False
        return cls(floor, goal, bool(doors.any()), plain,
                   avoid if avoid is not None and avoid.any() else None,
                   allied=any(m.ally and m.alive for m in floor.monsters))

    def approach(self, through_doors: bool) -> NDArray[np.int32]:
        key = through_doors or not self.closed_doors
        found = self._approach.get(key)
        if found is None:
            found = self._approach[key] = approach_map(self.floor, self.goal, key, self.avoid)
        return found

    def flee(self, through_doors: bool) -> NDArray[np.int32]:
        key = through_doors or not self.closed_doors
        if key not in self._flee:
            self._flee[key] = flee_map(self.floor, self.approach(key), key, self.avoid)
        return self._flee[key]

    def foes(self, through_doors: bool) -> NDArray[np.int32]:
        """The allies' map: the walk to the nearest foe in the fight, made on first use."""
        key = through_doors or not self.closed_doors
        if self.foe_spots is None:
            self.foe_spots = fighting_foes(self.floor)
        found = self._foes.get(key)
        if found is None and not self.foe_spots:
            found = self._foes[key] = np.full(self.floor.tiles.shape, UNREACHED, dtype=np.int32)
        if found is None:
            found = self._foes[key] = foes_map(self.floor, self.foe_spots, key, self.avoid)
        return found

    def band(self, group: int) -> list[Actor]:
        """The living members of encounter `group` in id order (one pass over the floor's
        monsters a turn, made on first use)."""
        if self._bands is None:
            self._bands = {}
            for monster in sorted(self.floor.monsters, key=lambda m: m.id):
                if monster.group >= 0:
                    self._bands.setdefault(monster.group, []).append(monster)
        return [m for m in self._bands.get(group, ()) if m.alive]

    def downhill(self, dist: NDArray[np.int32], x: int, y: int) -> tuple[Step, ...]:
        """The steps from (x, y) to its neighbours lower on `dist` than (x, y), best first
        (lowest value, then STEPS order), each with whether it lands on a plain tile: a monster
        takes the first one that is free.

        The first call for a map ranks the steps of every monster at once (a few numpy
        operations instead of a Python loop per monster); a monster that has moved since is
        ranked alone. Rankings depend only on the spot, so whoever stands there may use them.
        """
        table = self._steps.get(id(dist))
        if table is None:
            monsters = [m for m in self.floor.monsters if m.alive]
            table = self._steps[id(dist)] = self._rank(
                dist, [m.x for m in monsters], [m.y for m in monsters])
        code = table.get((x, y))
        if code is None:
            code = table[(x, y)] = self._rank(dist, [x], [y])[(x, y)]
        found = _RANKINGS.get(code)
        if found is None:
            found = _RANKINGS[code] = _decode(code)
        return found

    def _rank(self, dist: NDArray[np.int32], xs: list[int], ys: list[int]) -> dict[Point, int]:
        """The ranking of each spot (xs[i], ys[i]), coded as one integer (see _decode): a
        table made by numpy and one dict(zip()), with no Python step per monster."""
        height, width = dist.shape
        if height < 3 or width < 3:
            return dict.fromkeys(zip(xs, ys, strict=True), 0)  # no spot has eight neighbours
        x = np.array(xs, dtype=np.intp)
        y = np.array(ys, dtype=np.intp)
        inside = (x > 0) & (x < width - 1) & (y > 0) & (y < height - 1)
        x_in, y_in = np.where(inside, x, 1), np.where(inside, y, 1)  # the edge ranks nothing
        to_x, to_y = x_in[:, None] + STEP_DX, y_in[:, None] + STEP_DY
        values = dist[to_y, to_x]
        here = np.where(inside, dist[y_in, x_in], np.iinfo(np.int32).min)
        pads = self.floor.teleports
        if pads:
            # Standing on a pad whose far end was taken: the pad is the low point of the map,
            # so without this a monster would sit on it forever and block the link for everyone.
            on_pad = np.array([p in pads for p in zip(xs, ys, strict=True)], dtype=np.bool_)
            here[on_pad & inside] = UNREACHED
        order = np.argsort(values, axis=1, kind="stable")
        lower = np.take_along_axis(values, order, axis=1) < here[:, None]  # a prefix of a row
        plain = np.take_along_axis(self.plain[to_y, to_x], order, axis=1)
        digits = np.where(lower, 1 + order + len(STEPS) * plain, 0)
        codes = (digits * CODE_PLACES).sum(axis=1)
        return dict(zip(zip(xs, ys, strict=True), codes.tolist(), strict=True))


def _decode(code: int) -> tuple[Step, ...]:
    """A ranking from its code: one digit a step, best first, least significant first."""
    ranking: list[Step] = []
    while code:
        code, digit = divmod(code, CODE_BASE)
        index, plain = (digit - 1) % len(STEPS), digit > len(STEPS)
        ranking.append((*STEPS[index], plain))
    return tuple(ranking)
