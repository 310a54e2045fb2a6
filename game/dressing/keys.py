"""Keys for held-shut doors, placed so that every floor is solvable by construction.

The walkable tiles with the door tiles taken out fall into regions (one labelling pass).
Regions and doors make a small graph: a door joins what lies on its sides, a teleporter pair joins
its two regions. The reachable set grows from the arrival's region through every door the player
can open (unlocked, stuck: a natural 20 always breaks it, trapped: it hurts but opens). When it
can grow no more, the lowest door in reading order on its edge that still leads somewhere new gets
its key, on a random free floor tile of the reachable set, and opens. So every key lies on the
reachable side of its door, and a locked or magically reinforced door is never the only way on
without a key. A secret door joins nothing: the player may never find it, so it is never the way
on (the generator keeps every tile reachable without it). Nothing here floods the whole map per
door.

The way back counts too: a hero who fell through a trapdoor past this floor's sealed doors comes
back up its stairs down with none of their keys. So the same growth runs again from each way down,
and a door it needs whose key lies only on the far side gets a spare on this side.
"""

from __future__ import annotations

import heapq
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate

import numpy as np
from numpy.typing import NDArray

from game import tiles
from game.dressing.areas import Space
from game.dressing.model import DoorDressing, Key
from game.floorplan import FloorPlan, Point
from game.generators.common import label_regions
from game.seeds import Rng

_TRIES = 8


@dataclass(frozen=True, slots=True, eq=False)
class DoorGraph:
    """Nodes: regions 1..count, then door j as count + 1 + j (doors in the given order)."""

    labels: NDArray[np.int32]
    count: int
    doors: tuple[Point, ...]
    sides: tuple[tuple[int, ...], ...]
    region_doors: Sequence[Sequence[int]]
    links: Sequence[Sequence[int]]

    def region(self, point: Point) -> int:
        """The region of a walkable tile that is not a door."""
        return int(self.labels[point[1], point[0]])


def door_graph(plan: FloorPlan, doors: Sequence[Point], open_: NDArray[np.bool_]) -> DoorGraph:
    """Regions without doors, each door's walkable neighbours, teleporter links. `open_` is the
    plan's walkable tiles that are not closed doors (the areas' `open`: worked out once a
    floor)."""
    t = plan.tiles
    labels, count = label_regions(open_)
    base = count + 1
    h, w = t.shape
    # Every door's node in a map of the nodes, bordered by 0 (no node) so that a step off the
    # map needs no test: one gather gives each door's four neighbours (up, down, left, right).
    stride = w + 2
    nodes = np.zeros((h + 2) * stride, dtype=np.int32)
    nodes.reshape(h + 2, stride)[1:-1, 1:-1] = labels
    flat = np.array([y * w + x for x, y in doors], dtype=np.intp)
    secret = t.ravel().take(flat) == tiles.SECRET_DOOR  # a wall until found: never the way on
    at = flat + 2 * (flat // w) + stride + 1  # (x, y) in the bordered map: (x + 1, y + 1)
    shown = np.flatnonzero(~secret)
    nodes[at[shown]] = shown + base
    near = nodes.take(at[:, None] + np.array((-stride, stride, -1, 1)))
    near[secret] = 0
    sides: list[tuple[int, ...]] = []
    region_doors: list[list[int]] = [[] for _ in range(base)]
    for j, row in enumerate(near.tolist()):
        side = tuple(filter(None, row))
        sides.append(side)
        for node in side:
            if node < base:
                region_doors[node].append(j)
    links: list[list[int]] = [[] for _ in range(base)]
    for pair in plan.teleporters:
        a, b = int(labels[pair.a[1], pair.a[0]]), int(labels[pair.b[1], pair.b[0]])
        links[a].append(b)
        links[b].append(a)
    return DoorGraph(labels, count, tuple(doors), tuple(sides), region_doors, links)


class Grower:
    """Grows the reachable set; `grow` yields each door that needs a key, then opens it."""

    def __init__(self, graph: DoorGraph, shut: Sequence[bool]) -> None:
        self.graph = graph
        self.shut = shut
        self.reached = bytearray(graph.count + 1 + len(graph.doors))
        self.order: list[int] = []
        """Regions in the order they were reached."""

    def grow(self, start: int) -> Iterator[int]:
        """Flood from `start` through open doors (shut ones met go on the frontier), then yield
        the lowest shut door on the frontier that leads somewhere not yet reached, open it and
        flood on. (Written out as one loop, without a call per node: it runs for every region
        and door of the floor, once per growth.)"""
        g = self.graph
        base = g.count + 1
        reached, order, shut = self.reached, self.order, self.shut
        links, region_doors, sides = g.links, g.region_doors, g.sides
        push = heapq.heappush  # a local: the loop pushes once per shut door met
        frontier: list[int] = []
        stack: list[int] = []
        if not reached[start]:
            reached[start] = 1
            order.append(start)
            stack.append(start)
        while True:
            while stack:
                node = stack.pop()
                if node < base:
                    for region in links[node]:
                        if not reached[region]:
                            reached[region] = 1
                            order.append(region)
                            stack.append(region)
                    for door in region_doors[node]:
                        if reached[base + door]:
                            continue
                        if shut[door]:
                            push(frontier, door)
                        else:
                            reached[base + door] = 1
                            stack.append(base + door)
                    continue
                for side in sides[node - base]:
                    if reached[side]:
                        continue
                    if side < base:
                        reached[side] = 1
                        order.append(side)
                        stack.append(side)
                    elif shut[side - base]:
                        push(frontier, side - base)
                    else:
                        reached[side] = 1
                        stack.append(side)
            needed = self._next_needed(frontier)
            if needed is None:
                return
            yield needed
            reached[base + needed] = 1
            stack.append(base + needed)

    def _next_needed(self, frontier: list[int]) -> int | None:
        """The lowest shut door on the edge that leads somewhere not yet reached."""
        reached, sides, base = self.reached, self.graph.sides, self.graph.count + 1
        while frontier:
            door = heapq.heappop(frontier)
            if reached[base + door]:
                continue
            for side in sides[door]:
                if not reached[side]:
                    return door
        return None


@dataclass(frozen=True, slots=True, eq=False)
class _FloorTiles:
    """The free-floor candidates for keys: floor tiles sorted by region (each region's in
    reading order), with each region's count and start. Sorted once a floor, shared by the
    walk from the arrival and the walks back from the ways down."""

    sorted: NDArray[np.intp]
    counts: list[int]
    starts: list[int]
    width: int

    @staticmethod
    def of(floor: NDArray[np.intp], graph: DoorGraph, width: int) -> _FloorTiles:
        """From the plan's floor tiles (the areas' `floor`)."""
        owner = graph.labels.ravel().take(floor)
        counts: list[int] = np.bincount(owner, minlength=graph.count + 1).tolist()
        # labels in the narrowest type: a stable sort of 8 or 16-bit keys is a radix sort
        by_region = np.argsort(owner.astype(np.min_scalar_type(graph.count)), kind="stable")
        starts = [0, *accumulate(counts[:-1])]
        return _FloorTiles(floor.take(by_region), counts, starts, width)


class _Picker:
    """Random free floor tiles of the reached regions, without a whole-map pass per key.

    The reached regions keep running totals of their floor tiles, so a uniform pick is one
    bisection."""

    def __init__(
        self, floor: _FloorTiles, taken: NDArray[np.bool_], fallback: Point, start: int
    ) -> None:
        self.floor = floor
        self.fallback = fallback
        """Where a key goes when every free tile of the reached regions is taken: the stairs
        the walk starts on (the hero stands there, so the key is found at once), in the
        region `start`."""
        self.start = start
        self.taken = taken.ravel()
        """`taken` by flat index (a view)."""
        self.totals: list[int] = []

    def pick(self, rng: Rng, order: list[int]) -> tuple[Point, int]:
        """A free tile and the region it lies in."""
        floor, totals = self.floor, self.totals
        for region in order[len(totals):]:
            totals.append((totals[-1] if totals else 0) + floor.counts[region])
        total = totals[-1] if totals else 0
        taken, width = self.taken, floor.width
        for _ in range(_TRIES if total else 0):
            draw = rng.below(total)
            i = bisect_right(totals, draw)
            offset = draw - (totals[i - 1] if i else 0)
            flat = int(floor.sorted[floor.starts[order[i]] + offset])
            if not taken[flat]:  # by flat index: no point made for a taken tile
                return (flat % width, flat // width), order[i]
        for region in order:  # nearly everything taken: the first free one, else the fallback
            for k in range(floor.counts[region]):
                flat = int(floor.sorted[floor.starts[region] + k])
                if not taken[flat]:
                    return (flat % width, flat // width), region
        return self.fallback, self.start


def place_keys(
    plan: FloorPlan, doors: Sequence[DoorDressing], rng: Rng, space: Space
) -> tuple[list[DoorDressing], list[Key]]:
    """Keys for the held-shut doors the way on needs; the doors come back with their key ids.
    A floor with no held-shut door needs no key, and no labelling pass to find that out."""
    shut = [d.held_shut for d in doors]
    if not any(shut):
        return list(doors), []
    graph = door_graph(plan, [d.point for d in doors], space.amap.open)
    made: list[_FloorTiles] = []

    def picker(fallback: Point, start: int) -> _Picker:
        """A picker for one walk; the floor tiles are sorted on the first pick of any walk."""
        if not made:
            made.append(_FloorTiles.of(space.amap.floor, graph, plan.width))
        return _Picker(made[0], space.taken, fallback, start)

    grower = Grower(graph, shut)
    start = graph.region(plan.arrival)
    chosen: _Picker | None = None
    keyed = list(doors)
    keys: list[Key] = []
    key_regions: dict[Point, list[int]] = {}
    """The regions each door's keys lie in, by door: not a scan of every key per door (big
    floors have thousands of both)."""
    home: bytes | None = None
    for index in grower.grow(start):
        if home is None:
            home = bytes(grower.reached)  # what the arrival reaches before its first key
        chosen = chosen or picker(plan.arrival, start)
        (x, y), region = chosen.pick(rng, grower.order)
        key = Key(len(keys) + 1, x, y, doors[index].point)
        space.take((x, y))
        keys.append(key)
        key_regions.setdefault(key.door, []).append(region)
        keyed[index] = _with_key(doors[index], key.id)
    home = home or bytes(grower.reached)
    for exit_ in plan.exits:
        if home[graph.region(exit_)]:
            # The walk back from it starts where the arrival's did: it grows the same way, and
            # the keys the arrival's walk placed lie where this one reaches, so it adds none.
            continue
        keys += _spares(graph, shut, doors, exit_, len(keys), key_regions, rng, space, picker)
    return keyed, keys


def _with_key(door: DoorDressing, key: int) -> DoorDressing:
    """The door naming its key (what `dataclasses.replace` does, without its field survey)."""
    return DoorDressing(door.x, door.y, door.material, door.quality, door.state, door.dc,
                        door.trapped, door.opening, door.reinforced, door.faces, key)


def _spares(
    graph: DoorGraph, shut: Sequence[bool], doors: Sequence[DoorDressing], exit_: Point,
    placed: int, key_regions: dict[Point, list[int]], rng: Rng, space: Space,
    picker: Callable[[Point, int], _Picker],
) -> list[Key]:
    """Spare keys for the walk from the way down `exit_` back to the arrival: one for each
    held-shut door on that walk whose keys all lie beyond it (`placed` keys so far, lying in
    `key_regions`, which the spares join)."""
    grower = Grower(graph, shut)
    reached = grower.reached
    start = graph.region(exit_)
    chosen: _Picker | None = None
    spares: list[Key] = []
    for index in grower.grow(start):
        point = doors[index].point
        if any(reached[region] for region in key_regions.get(point, ())):
            continue
        chosen = chosen or picker(exit_, start)
        (x, y), region = chosen.pick(rng, grower.order)
        space.take((x, y))
        spares.append(Key(placed + len(spares) + 1, x, y, point))
        key_regions.setdefault(point, []).append(region)
    return spares
