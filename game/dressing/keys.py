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
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from game import tiles
from game.dressing.areas import Space
from game.dressing.model import DoorDressing, Key
from game.floorplan import FloorPlan, Point
from game.generators.common import label_regions
from game.seeds import Rng

_STEPS = ((0, -1), (0, 1), (-1, 0), (1, 0))
_TRIES = 8


@dataclass(frozen=True, slots=True, eq=False)
class DoorGraph:
    """Nodes: regions 1..count, then door j as count + 1 + j (doors in the given order)."""

    labels: NDArray[np.int32]
    count: int
    doors: tuple[Point, ...]
    sides: tuple[tuple[int, ...], ...]
    region_doors: tuple[tuple[int, ...], ...]
    links: tuple[tuple[int, ...], ...]

    def door_node(self, index: int) -> int:
        return self.count + 1 + index


def door_graph(plan: FloorPlan, doors: Sequence[Point]) -> DoorGraph:
    """Regions without doors, each door's walkable neighbours, teleporter links."""
    t = plan.tiles
    labels, count = label_regions(tiles.walkable(t) & (t != tiles.DOOR))
    index = {point: j for j, point in enumerate(doors)}
    near, secret = _door_neighbours(t, labels, doors)
    sides: list[tuple[int, ...]] = []
    region_doors: list[list[int]] = [[] for _ in range(count + 1)]
    for j, (x, y) in enumerate(doors):
        if secret[j]:  # a wall until found: never the way on
            sides.append(())
            continue
        nodes: list[int] = []
        for (dx, dy), label in zip(_STEPS, near[j], strict=True):
            if label > 0:
                nodes.append(label)
                region_doors[label].append(j)
            elif label == 0 and (x + dx, y + dy) in index:
                other = index[(x + dx, y + dy)]
                if not secret[other]:
                    nodes.append(count + 1 + other)
        sides.append(tuple(nodes))
    links: list[list[int]] = [[] for _ in range(count + 1)]
    for pair in plan.teleporters:
        a, b = int(labels[pair.a[1], pair.a[0]]), int(labels[pair.b[1], pair.b[0]])
        links[a].append(b)
        links[b].append(a)
    return DoorGraph(
        labels, count, tuple(doors), tuple(sides),
        tuple(tuple(d) for d in region_doors), tuple(tuple(r) for r in links),
    )


def _door_neighbours(
    t: NDArray[np.uint8], labels: NDArray[np.int32], doors: Sequence[Point]
) -> tuple[list[list[int]], list[bool]]:
    """For each door: the region label of each of its _STEPS neighbours (-1 off the map), and
    whether it is a secret door; gathered for all doors at once."""
    if not doors:
        return [], []
    h, w = t.shape
    at = np.array(doors, dtype=np.int64)
    xs = at[:, :1] + np.array([dx for dx, _ in _STEPS], dtype=np.int64)
    ys = at[:, 1:] + np.array([dy for _, dy in _STEPS], dtype=np.int64)
    on_map = (xs >= 0) & (xs < w) & (ys >= 0) & (ys < h)
    near = np.where(on_map, labels[ys.clip(0, h - 1), xs.clip(0, w - 1)], -1)
    secret = t[at[:, 1], at[:, 0]] == tiles.SECRET_DOOR
    return near.tolist(), secret.tolist()


class Grower:
    """Grows the reachable set; `grow` yields each door that needs a key, then opens it."""

    def __init__(self, graph: DoorGraph, shut: Sequence[bool]) -> None:
        self.graph = graph
        self.shut = shut
        self.reached = bytearray(graph.count + 1 + len(graph.doors))
        self.order: list[int] = []
        """Regions in the order they were reached."""

    def grow(self, start: int) -> Iterator[int]:
        frontier: list[int] = []
        stack: list[int] = []
        self._visit(start, stack)
        while True:
            self._flood(stack, frontier)
            door = self._next_needed(frontier)
            if door is None:
                return
            yield door
            node = self.graph.door_node(door)
            self.reached[node] = 1
            stack.append(node)

    def _flood(self, stack: list[int], frontier: list[int]) -> None:
        """Reach everything the stack leads to through open doors; shut doors met go on the
        frontier. (Visiting a region is written out inline: this loop runs for every region and
        door of the floor, once per growth.)"""
        g = self.graph
        base = g.count + 1
        reached, order = self.reached, self.order
        links, region_doors, sides = g.links, g.region_doors, g.sides
        while stack:
            node = stack.pop()
            if node < base:
                for region in links[node]:
                    if not reached[region]:
                        reached[region] = 1
                        order.append(region)
                        stack.append(region)
                self._doors(region_doors[node], stack, frontier)
                continue
            for side in sides[node - base]:
                if side >= base:
                    self._doors((side - base,), stack, frontier)
                elif not reached[side]:
                    reached[side] = 1
                    order.append(side)
                    stack.append(side)

    def _doors(self, doors: tuple[int, ...], stack: list[int], frontier: list[int]) -> None:
        """Open the doors that are not shut; put the shut ones on the frontier."""
        reached, shut, base = self.reached, self.shut, self.graph.count + 1
        for door in doors:
            node = base + door
            if reached[node]:
                continue
            if shut[door]:
                heapq.heappush(frontier, door)
            else:
                reached[node] = 1
                stack.append(node)

    def _visit(self, region: int, stack: list[int]) -> None:
        if not self.reached[region]:
            self.reached[region] = 1
            self.order.append(region)
            stack.append(region)

    def _next_needed(self, frontier: list[int]) -> int | None:
        """The lowest shut door on the edge that leads somewhere not yet reached."""
        while frontier:
            door = heapq.heappop(frontier)
            if self.reached[self.graph.door_node(door)]:
                continue
            if all(self.reached[side] for side in self.graph.sides[door]):
                continue
            return door
        return None


class _Picker:
    """Random free floor tiles of the reached regions, without a whole-map pass per key.

    Free floor tiles are sorted by region once; the reached regions keep running totals of their
    tiles, so a uniform pick is one bisection."""

    def __init__(
        self, plan: FloorPlan, graph: DoorGraph, taken: NDArray[np.bool_], fallback: Point
    ) -> None:
        floor = np.flatnonzero(plan.tiles.ravel() == tiles.FLOOR)
        owner = graph.labels.ravel()[floor]
        self.sorted = floor[np.argsort(owner, kind="stable")]
        counts = np.bincount(owner, minlength=graph.count + 1)
        self.counts = counts.tolist()
        self.starts = (np.cumsum(counts) - counts).tolist()
        self.width = plan.width
        self.fallback = fallback
        """Where a key goes when every free tile of the reached regions is taken: the stairs
        the walk starts on (the hero stands there, so the key is found at once)."""
        self.taken = taken
        self.totals: list[int] = []

    def pick(self, rng: Rng, order: list[int]) -> Point:
        for region in order[len(self.totals):]:
            self.totals.append((self.totals[-1] if self.totals else 0) + self.counts[region])
        total = self.totals[-1] if self.totals else 0
        for _ in range(_TRIES if total else 0):
            draw = rng.below(total)
            i = bisect_right(self.totals, draw)
            offset = draw - (self.totals[i - 1] if i else 0)
            point = self._tile(self.starts[order[i]] + offset)
            if not self.taken[point[1], point[0]]:
                return point
        for region in order:  # nearly everything taken: the first free one, else the fallback
            for k in range(self.counts[region]):
                point = self._tile(self.starts[region] + k)
                if not self.taken[point[1], point[0]]:
                    return point
        return self.fallback

    def _tile(self, position: int) -> Point:
        flat = int(self.sorted[position])
        return (flat % self.width, flat // self.width)


def place_keys(
    plan: FloorPlan, doors: Sequence[DoorDressing], rng: Rng, space: Space
) -> tuple[list[DoorDressing], list[Key]]:
    """Keys for the held-shut doors the way on needs; the doors come back with their key ids.
    A floor with no held-shut door needs no key, and no labelling pass to find that out."""
    shut = [d.held_shut for d in doors]
    if not any(shut):
        return list(doors), []
    graph = door_graph(plan, [d.point for d in doors])
    grower = Grower(graph, shut)
    start = int(graph.labels[plan.arrival[1], plan.arrival[0]])
    picker: _Picker | None = None
    keyed = list(doors)
    keys: list[Key] = []
    for index in grower.grow(start):
        picker = picker or _Picker(plan, graph, space.taken, plan.arrival)
        x, y = picker.pick(rng, grower.order)
        key = Key(len(keys) + 1, x, y, doors[index].point)
        space.take((x, y))
        keys.append(key)
        keyed[index] = _with_key(doors[index], key.id)
    for exit_ in plan.exits:
        keys += _spares(plan, graph, doors, exit_, keys, rng, space)
    return keyed, keys


def _with_key(door: DoorDressing, key: int) -> DoorDressing:
    """The door naming its key (what `dataclasses.replace` does, without its field survey)."""
    return DoorDressing(door.x, door.y, door.material, door.quality, door.state, door.dc,
                        door.trapped, door.opening, door.reinforced, door.faces, key)


def _spares(
    plan: FloorPlan, graph: DoorGraph, doors: Sequence[DoorDressing], exit_: Point,
    keys: list[Key], rng: Rng, space: Space,
) -> list[Key]:
    """Spare keys for the walk from the way down `exit_` back to the arrival: one for each
    held-shut door on that walk whose keys all lie beyond it."""
    grower = Grower(graph, [d.held_shut for d in doors])
    picker: _Picker | None = None
    spares: list[Key] = []
    by_door: dict[Point, list[Key]] = {}  # not a scan of every key per door: big floors have
    for key in keys:  # thousands of both
        by_door.setdefault(key.door, []).append(key)
    for index in grower.grow(int(graph.labels[exit_[1], exit_[0]])):
        point = doors[index].point
        if any(grower.reached[int(graph.labels[k.y, k.x])] for k in by_door.get(point, ())):
            continue
        picker = picker or _Picker(plan, graph, space.taken, exit_)
        x, y = picker.pick(rng, grower.order)
        space.take((x, y))
        spare = Key(len(keys) + len(spares) + 1, x, y, point)
        spares.append(spare)
        by_door.setdefault(point, []).append(spare)
    return spares
