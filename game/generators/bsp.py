"""bsp: crashRun's rooms and tunnels (Dana Larose, 2014), with the teleporters and loops it planned.

The map inside a 1-tile border is cut in two again and again (binary space partitioning) until every
section is under `leaf` tiles both ways; the cut lines stay wall, so rooms never touch. Most leaves
get a room of 60-99% of the leaf per side. Rooms whose row spans overlap face each other across a
wall gap and may be joined by a straight horizontal tunnel (column spans: a vertical one). Groups of
rooms merge Kruskal-style along the shortest such link (by centre distance) that leaves a group, as
in the original. The last few groups are joined by teleporter pairs instead, and a few short tunnels
are opened where they save a long walk: both ideas from the original's notes, not its code.

Unlike the original, a tunnel only runs where it touches nothing but its own two rooms: no third
room on or beside its line and no other tunnel beside or across it. That keeps every door in a wall
line and makes walking distances exact on a small graph of tunnel mouths (see `_Walks`), so loops
and stairs are decided without flooding the whole map.

Scale. The original was drawn for one screen, 80x50: three teleporter groups and three loops give
it its character there, but on a 1000x1000 floor the same counts leave a tree of 7,500 rooms whose
walks wind 4 to 14 times the straight line. So `loops` and `teleporter_groups` count per 80x50
floor and grow with the floor's area A (inside the border, in units of the 78x48 inside of an 80x50
floor; never below the values given):

    loops      = max(loops, round(loops * A))
    pairs      = max(groups - 1, round((groups - 1) * A ** 0.25)),  groups = pairs + 1

Loops grow with the area, as a tree's detours do; teleporter pairs only with its fourth root, so
they stay a handful on any floor (2 at 80x50, 8 at 1000x1000) and the game's walks stay tunnels
and rooms. An 80x50 floor is exactly crashRun's (A = 1 changes nothing).

Path ratio, the measure the rule is tuned on (`game.stats.pair_path_ratio`): the mean, over pairs
of rooms drawn at random, of the walking distance between their centres (4-neighbour steps, a
teleporter hop costs 1) over the straight-line distance between them. Measured from one room to
80 others: 1.5 to 2.3 at 80x50; at 1000x1000 4.0, 4.8 and 13.9 (seeds 1-3) with three loops and
three groups, 1.9 to 2.3 with the rule (the test holds it at most 3).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from itertools import pairwise

import numpy as np
from numpy.typing import NDArray

from game import tiles
from game.floorplan import Door, FloorPlan, ParamValue, Point, Room, Stair, TeleporterPair
from game.generators.common import GeneratorSpec, blank
from game.params import Param
from game.pathing.graphs import dijkstra
from game.seeds import Rng

Section = tuple[int, int, int, int]
"""x0, y0, x1, y1 of a BSP section, half-open: the tiles x0 <= x < x1, y0 <= y < y1."""

JITTER = 2  # a cut lands on the midpoint +/- this, as in the original
THINNEST = 3  # a regular cut leaves at least this many tiles either side (so rooms are >= 2)
SHARE = (60, 99)  # a room's side is this percentage of its leaf's side
TRIES = 8  # random draws for a free tile in a room before scanning it
FAR = 1 << 60
REFERENCE = 78 * 48  # inside an 80x50 floor: the area `loops` and `teleporter_groups` count for


@dataclass(frozen=True, slots=True)
class _Params:
    """The parameters, typed."""

    leaf: int
    skip: float
    teleporter_groups: int
    loops: int
    loop_gain: int


# --- partition and rooms ---------------------------------------------------------------------


def _cut(rng: Rng, lo: int, hi: int, margin: int) -> int:
    """The wall line splitting [lo, hi): the midpoint +/- 2, leaving `margin` tiles either side."""
    cut = (lo + hi) // 2 - JITTER + rng.below(2 * JITTER + 1)  # randint(-JITTER, JITTER)
    return min(max(cut, lo + margin), hi - 1 - margin)


def _partition(rng: Rng, width: int, height: int, leaf: int) -> list[Section]:
    """BSP leaves in depth-first order, like the original's recursion; always at least two.
    A cut line stays wall: the halves are the sections either side of it."""
    root = (1, 1, width - 1, height - 1)
    leaves: list[Section] = []
    stack = [root]
    while stack:
        section = stack.pop()
        x0, y0, x1, y1 = section
        tall, wide = y1 - y0 >= leaf, x1 - x0 >= leaf
        if not (tall or wide):
            leaves.append(section)
        elif tall if tall != wide else rng.coin():
            cut = _cut(rng, y0, y1, THINNEST)
            stack += [(x0, cut + 1, x1, y1), (x0, y0, x1, cut)]  # the first half is popped first
        else:
            cut = _cut(rng, x0, x1, THINNEST)
            stack += [(cut + 1, y0, x1, y1), (x0, y0, cut, y1)]
    if len(leaves) > 1:
        return leaves
    # The whole floor is under one leaf: cut it once anyway so that there are two rooms.
    x0, y0, x1, y1 = root
    if y1 - y0 > x1 - x0:
        cut = _cut(rng, y0, y1, min(THINNEST, (y1 - y0 - 1) // 2))
        return [(x0, y0, x1, cut), (x0, cut + 1, x1, y1)]
    cut = _cut(rng, x0, x1, min(THINNEST, (x1 - x0 - 1) // 2))
    return [(x0, y0, cut, y1), (cut + 1, y0, x1, y1)]


def _share(rng: Rng, size: int) -> int:
    """60-99% of `size`, rounded, at least 1."""
    low, high = SHARE
    return max(1, ((low + rng.below(high - low + 1)) * size + 50) // 100)  # randint(low, high)


def _rooms(rng: Rng, leaves: list[Section], skip: float) -> list[Room]:
    """A room in most leaves, at a random offset; never fewer than two rooms."""
    kept = [leaf for leaf in leaves if not rng.chance(skip)]
    if len(kept) < 2:
        kept = leaves
    rooms = []
    for index, (x0, y0, x1, y1) in enumerate(kept):
        w, h = _share(rng, x1 - x0), _share(rng, y1 - y0)
        y = y0 + (rng.below(y1 - y0 - h) if y1 - y0 > h else 0)
        x = x0 + (rng.below(x1 - x0 - w) if x1 - x0 > w else 0)
        rooms.append(Room(index, x, y, w, h, "rectangle"))
    return rooms


# --- candidate tunnels -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Links:
    """Candidate tunnels, one per facing pair of rooms, shortest centre distance first.

    Link i joins room a[i] (left or top) to b[i] through tiles lo[i]..hi[i]-1 on one of the lines
    lines[first[i]:first[i] + count[i]] (rows for a horizontal link, columns for a vertical one)."""

    a: list[int]
    b: list[int]
    vertical: list[bool]
    lo: list[int]
    hi: list[int]
    first: list[int]
    count: list[int]
    lines: list[int]


def _links(owner: NDArray[np.int32], centres: list[Point]) -> _Links:
    """Every facing pair (rows, then columns), grouped per pair and sorted by centre distance.

    One sweep over the runs of every row and column replaces the original's all-pairs test: the
    rows of `owner` and then of its transpose lie end to end in one flat array (padded to one
    width), where room a's run ending at lo - 1 and room b's starting at hi face across [lo, hi)
    if no room tile lies in the rows beside the gap."""
    height, width = owner.shape
    span = max(width, height)
    both = np.full((height + width, span), -1, dtype=np.int32)
    both[:height, :width] = owner
    both[height:, :height] = owner.T
    flat = both.ravel()
    # Rooms never touch and the border is wall, so the changes of value alternate: one before a
    # run's first tile, then its last tile.
    change = (flat[1:] != flat[:-1]).nonzero()[0]
    end, start = change[1:-1:2], change[2::2] + 1
    # A gap [end + 1, start) faces if no tile of it is blocked: beside a room tile, or in the
    # first column, which a gap holds only if it runs on to another line.
    room = both >= 0
    blocked = np.zeros_like(room)
    np.logical_or(room[:-2], room[2:], out=blocked[1:-1])
    blocked[:, 0] = True
    gaps = np.empty(2 * len(end), dtype=np.intp)  # [x, y) of every gap, and the tiles between
    gaps[0::2] = end + 1
    gaps[1::2] = start
    keep = ~np.logical_or.reduceat(blocked.ravel(), gaps)[0::2]
    end, start = end[keep], start[keep]
    a, b = flat[end].astype(np.int64), flat[start].astype(np.int64)
    key = a * len(centres) + b
    order = key.argsort(kind="stable")  # by pair, then by line: the gaps come in flat order
    ordered = key[order]
    bound = np.ones(len(order) + 1, dtype=np.bool_)  # where a pair's lines begin, and the end
    np.not_equal(ordered[1:], ordered[:-1], out=bound[1:-1])
    bounds = bound.nonzero()[0]
    first, count = bounds[:-1], bounds[1:] - bounds[:-1]
    pick = order[first]
    at = np.array(centres, dtype=np.int64).reshape(-1, 2)
    gap = at[a[pick]] - at[b[pick]]
    rank = (gap * gap).sum(axis=1).argsort(kind="stable")  # ties stay in pair order
    pick = pick[rank]
    lines = start[order] // span
    lines[lines >= height] -= height
    return _Links(
        a[pick].tolist(),
        b[pick].tolist(),
        (start[pick] >= height * span).tolist(),
        (end[pick] % span + 1).tolist(),
        (start[pick] % span).tolist(),
        first[rank].tolist(),
        count[rank].tolist(),
        lines.tolist(),
    )


# --- walking distances -----------------------------------------------------------------------


class _Walks:
    """Walking distances between portals: tunnel mouths and teleporters, each inside a room.

    A room is an open rectangle, so crossing it costs the taxicab distance; tunnels and
    teleporter links are the only other edges. Since tunnels touch nothing but their two rooms,
    this small graph gives the same distances as a flood over the tiles. Portals come in linked
    pairs, p and p ^ 1."""

    def __init__(self, rooms: int) -> None:
        self.points: list[Point] = []
        self.room_of: list[int] = []
        self.in_room: list[list[int]] = [[] for _ in range(rooms)]
        self.cost: list[int] = []
        """The cost of the link from each portal to its pair."""

    def join(self, a: Point, room_a: int, b: Point, room_b: int, cost: int) -> None:
        """Two new portals, at `a` in `room_a` and at `b` in `room_b`, `cost` steps apart."""
        p = len(self.points)
        self.points += (a, b)
        self.room_of += (room_a, room_b)
        self.in_room[room_a].append(p)
        self.in_room[room_b].append(p + 1)
        self.cost += (cost, cost)

    def edges(self, p: int) -> Iterator[tuple[int, int]]:
        """Portal p's steps: through its link, and across its room to every other portal."""
        yield p ^ 1, self.cost[p]
        for q in self.in_room[self.room_of[p]]:
            if q != p:
                yield q, _taxicab(self.points[p], self.points[q])

    def leaving(self, room: int, start: Point) -> list[tuple[int, int]]:
        """The portals of `room`, each with the walk to it from `start` (a tile of the room)."""
        return [(q, _taxicab(start, self.points[q])) for q in self.in_room[room]]

    def spread(self, room: int, start: Point, points: list[Point]) -> list[int]:
        """The walk from `start` (a tile of `room`) to `points[r]` in every room r (FAR where
        it does not reach): across its own room, or to a portal of the room and across."""
        walk = [FAR] * len(points)
        walk[room] = _taxicab(start, points[room])
        for p, distance in dijkstra(self.leaving(room, start), self.edges):
            here = self.room_of[p]
            walk[here] = min(walk[here], distance + _taxicab(self.points[p], points[here]))
        return walk

    def longer_than(
        self, room: int, start: Point, goal_room: int, goal: Point, cutoff: int
    ) -> bool:
        """Whether the walk from `start` (in `room`) to `goal` (in another room, `goal_room`) is
        longer than `cutoff`.

        A* on the taxicab distance to `goal`, so it looks only where a walk within `cutoff`
        could pass: exact while there are no teleporters (loops are opened before them), as no
        other edge is shorter than that distance between its ends."""

        def left(p: int) -> int:
            return _taxicab(self.points[p], goal)

        for p, distance in dijkstra(self.leaving(room, start), self.edges, left):
            if distance + left(p) > cutoff:
                return True
            if self.room_of[p] == goal_room:  # and the rest of the walk is straight across
                return False
        return True


def _taxicab(a: Point, b: Point) -> int:
    """Steps between two tiles of one room (up, down, left, right)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


# --- digging ---------------------------------------------------------------------------------


class _Floor:
    """The floor being dug: tiles, tunnels, doors, the walking graph and the tiles spoken for."""

    def __init__(self, width: int, height: int, rooms: list[Room]) -> None:
        self.rooms = rooms
        self.centres = [room.center for room in rooms]
        self.owner = np.full((height, width), -1, dtype=np.int32)
        for room in rooms:
            self.owner[room.y : room.y + room.h, room.x : room.x + room.w] = room.id
        self.tiles = blank(width, height)
        self.tiles[self.owner >= 0] = tiles.FLOOR
        # Tunnel tiles, row after row and column after column: bytearray.find checks a stretch of
        # a line for one without the cost of a numpy call on so few tiles.
        self.dug = (bytearray(width * height), bytearray(width * height))
        self.line_size = (width, height)
        self.doors: list[Door] = []
        self.tunnels: list[list[int]] = []
        self.walks = _Walks(len(rooms))
        self.mouths: set[Point] = set()
        self.taken: set[Point] = set()

    def clear_line(self, rng: Rng, links: _Links, i: int) -> int | None:
        """A random line of link i whose tunnel would not touch an earlier tunnel, if any."""
        first, count, lo, hi = links.first[i], links.count[i], links.lo[i], links.hi[i]
        dug, size = self.dug[links.vertical[i]], self.line_size[links.vertical[i]]
        start = rng.below(count)
        for j in range(count):
            line = links.lines[first + (start + j) % count]
            before, on, after = (line - 1) * size, line * size, (line + 1) * size
            if (
                dug.find(1, before + lo, before + hi) < 0
                and dug.find(1, on + lo, on + hi) < 0
                and dug.find(1, after + lo, after + hi) < 0
            ):
                return line
        return None

    def mouths_of(self, links: _Links, i: int, line: int) -> tuple[Point, Point]:
        """The room tiles at either end of link i's tunnel on `line` (in room a, in room b)."""
        lo, hi = links.lo[i], links.hi[i]
        if links.vertical[i]:
            return (line, lo - 1), (line, hi)
        return (lo - 1, line), (hi, line)

    def dig(self, links: _Links, i: int, line: int) -> None:
        """Dig link i's tunnel on `line`; doors: both ends if 4+ long, the one tile if 1 long."""
        lo, hi, vertical = links.lo[i], links.hi[i], links.vertical[i]
        length = hi - lo
        dug = b"\x01" * length
        rows, columns = self.dug
        width, height = self.line_size
        if vertical:
            columns[line * height + lo : line * height + hi] = dug
            rows[lo * width + line : hi * width + line : width] = dug
            self.tiles[lo:hi, line] = tiles.FLOOR
            ends = [(line, lo), (line, hi - 1)]
        else:
            rows[line * width + lo : line * width + hi] = dug
            columns[lo * height + line : hi * height + line : height] = dug
            self.tiles[line, lo:hi] = tiles.FLOOR
            ends = [(lo, line), (hi - 1, line)]
        doors = ends if length >= 4 else ends[:1] if length == 1 else []
        for x, y in doors:
            self.tiles[y, x] = tiles.DOOR
            self.doors.append(Door(x, y, "ns" if vertical else "ew"))
        mouth_a, mouth_b = self.mouths_of(links, i, line)
        self.mouths.add(mouth_a)
        self.mouths.add(mouth_b)
        self.walks.join(mouth_a, links.a[i], mouth_b, links.b[i], length + 1)
        self.tunnels.append([*ends[0], *ends[1]])

    def free_tile(self, rng: Rng, room_id: int, spare_mouths: bool) -> Point | None:
        """A random tile of the room not yet taken (and not a tunnel mouth, if asked)."""
        room = self.rooms[room_id]

        def free(p: Point) -> bool:
            return p not in self.taken and not (spare_mouths and p in self.mouths)

        for _ in range(TRIES):
            point = (room.x + rng.below(room.w), room.y + rng.below(room.h))
            if free(point):
                return point
        xs, ys = range(room.x, room.x + room.w), range(room.y, room.y + room.h)
        return next(((x, y) for y in ys for x in xs if free((x, y))), None)

    def place(self, rng: Rng, candidates: list[int], tile: int) -> tuple[Point, int]:
        """Put `tile` on a free tile of the first candidate room that has one; mouths last."""
        for spare_mouths in (True, False):
            for room_id in candidates:
                point = self.free_tile(rng, room_id, spare_mouths)
                if point is not None:
                    self.taken.add(point)
                    self.tiles[point[1], point[0]] = tile
                    return point, room_id
        raise RuntimeError("bsp: no free tile left for a teleporter or stairs")


# --- joining rooms ---------------------------------------------------------------------------


class _Groups:
    """Union-find over rooms, counting the groups."""

    def __init__(self, size: int) -> None:
        self.parent = list(range(size))
        self.count = size

    def find(self, i: int) -> int:
        parent = self.parent
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def union(self, root_i: int, root_j: int) -> None:
        """Join two groups by their roots, `find`'s answers (the caller has them already)."""
        self.parent[root_i] = root_j
        self.count -= 1

    def members(self) -> list[list[int]]:
        """The groups, each in room order, ordered by their first room."""
        by_root: dict[int, list[int]] = {}
        for room in range(len(self.parent)):
            by_root.setdefault(self.find(room), []).append(room)
        return list(by_root.values())


def _merge(rng: Rng, floor: _Floor, links: _Links, groups: _Groups, stop_at: int) -> list[bool]:
    """Kruskal: dig the shortest link that leaves a group until `stop_at` groups are left.
    Returns which links were dug. A link whose every line is blocked is passed over."""
    dug = [False] * len(links.a)
    find = groups.find
    for i, (a, b) in enumerate(zip(links.a, links.b, strict=True)):
        if groups.count <= stop_at:
            break
        root_a, root_b = find(a), find(b)
        if root_a == root_b:
            continue
        line = floor.clear_line(rng, links, i)
        if line is not None:
            floor.dig(links, i, line)
            groups.union(root_a, root_b)
            dug[i] = True
    return dug


def _loops(
    rng: Rng, floor: _Floor, links: _Links, groups: _Groups, dug: list[bool], params: _Params
) -> int:
    """Open up to `loops` short tunnels inside groups, each where it cuts the walk between its
    two ends by more than `loop_gain`. Returns how many were opened."""
    candidates = np.array(
        [
            i
            for i, (a, b) in enumerate(zip(links.a, links.b, strict=True))
            if not dug[i]
            and links.hi[i] - links.lo[i] <= params.leaf
            and groups.find(a) == groups.find(b)
        ],
        dtype=np.int64,
    )
    order = candidates[np.argsort(rng.raw(len(candidates)), kind="stable")].tolist()
    opened = 0
    for i in order:
        if opened >= params.loops:
            break
        line = floor.clear_line(rng, links, i)
        if line is None:
            continue
        mouth_a, mouth_b = floor.mouths_of(links, i, line)
        cutoff = links.hi[i] - links.lo[i] + 1 + params.loop_gain
        if floor.walks.longer_than(links.a[i], mouth_a, links.b[i], mouth_b, cutoff):
            floor.dig(links, i, line)
            opened += 1
    return opened


def _teleporters(rng: Rng, floor: _Floor, groups: _Groups) -> list[TeleporterPair]:
    """Chain the groups, in a random order, with teleporter pairs between random rooms."""
    members = groups.members()
    rng.shuffle(members)
    pairs = []
    for here, there in pairwise(members):
        ends = []
        for group in (here, there):
            start = rng.below(len(group))
            point, room = floor.place(rng, group[start:] + group[:start], tiles.TELEPORTER)
            ends.append((point, room))
        (a, room_a), (b, room_b) = ends
        floor.walks.join(a, room_a, b, room_b, 1)
        pairs.append(TeleporterPair(a, b))
    return pairs


def _farthest_first(floor: _Floor, room: int, start: Point, skip: int) -> list[int]:
    """Rooms other than `skip`, farthest walk from `start` (to the room's centre) first."""
    walk = floor.walks.spread(room, start, floor.centres)
    others = [room_id for room_id in range(len(walk)) if room_id != skip]
    return sorted(others, key=walk.__getitem__, reverse=True)  # stable: ties in room order


def _stairs(rng: Rng, floor: _Floor) -> tuple[Point, Point]:
    """Arrival and exit in different rooms far apart: a double sweep from a random room."""
    first = floor.rooms[rng.below(len(floor.rooms))]
    sweep = _farthest_first(floor, first.id, first.center, first.id)
    arrival, up_room = floor.place(rng, sweep, tiles.STAIRS_UP)
    sweep = _farthest_first(floor, up_room, arrival, up_room)
    exit_, _ = floor.place(rng, sweep, tiles.STAIRS_DOWN)
    return arrival, exit_


# --- the generator ---------------------------------------------------------------------------


def scaled(loops: int, groups: int, width: int, height: int) -> tuple[int, int]:
    """(loops, teleporter groups) for a floor this size, from their per-80x50 values (see the
    module docstring)."""
    area = (width - 2) * (height - 2) / REFERENCE
    pairs = max(groups - 1, round((groups - 1) * area**0.25))
    return max(loops, round(loops * area)), pairs + 1


def build(rng: Rng, width: int, height: int, params: Mapping[str, ParamValue]) -> FloorPlan:
    """Rooms in BSP leaves, joined by straight tunnels, teleporters and loops."""
    loops, group_count = scaled(
        int(params["loops"]), int(params["teleporter_groups"]), width, height
    )
    p = _Params(
        int(params["leaf"]), float(params["skip"]), group_count, loops, int(params["loop_gain"])
    )
    rooms = _rooms(rng, _partition(rng, width, height, p.leaf), p.skip)
    floor = _Floor(width, height, rooms)
    links = _links(floor.owner, floor.centres)
    groups = _Groups(len(rooms))
    dug = _merge(rng, floor, links, groups, p.teleporter_groups)
    loops = _loops(rng, floor, links, groups, dug, p)
    teleporters = _teleporters(rng, floor, groups)
    arrival, exit_ = _stairs(rng, floor)
    return FloorPlan(
        generator="bsp",
        params=dict(params),
        tiles=floor.tiles,
        arrival=arrival,
        exits=(exit_,),
        rooms=tuple(rooms),
        doors=tuple(floor.doors),
        teleporters=tuple(teleporters),
        stairs=(Stair(*arrival, "up"), Stair(*exit_, "down")),
        extra={"tunnels": floor.tunnels, "loops": loops},
    )


SPEC = GeneratorSpec(
    name="bsp",
    summary="crashRun's rooms and tunnels: BSP rooms, Kruskal tunnels, teleporters, a few loops",
    build=build,
    params=(
        Param("leaf", 15, "a section under this many tiles both ways is a leaf", 8, 40),
        Param("skip", 0.2, "chance that a leaf gets no room", 0.0, 0.9),
        Param(
            "teleporter_groups",
            3,
            "stop tunnelling at this many groups (per 80x50; more on larger floors) and chain"
            " them with teleporter pairs",
            1,
            64,
        ),
        Param(
            "loops", 3, "at most this many extra tunnels that close loops (per 80x50; grows"
            " with the area)", 0, 100,
        ),
        Param("loop_gain", 20, "an extra tunnel must shorten the walk by more than this", 0, 1000),
    ),
    min_width=5,
    min_height=5,
)
