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

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import accumulate

import numpy as np
from numpy.typing import NDArray

from game import tiles
from game.dressing.areas import Space
from game.dressing.model import DoorDressing, Key
from game.floorplan import FloorPlan, Point
from game.grids import label4
from game.pathing.graphs import GatedWalk
from game.seeds import Rng

_TRIES = 8


@dataclass(frozen=True, slots=True, eq=False)
class DoorGraph:
    """Nodes: regions 1..count, then door j as count + 1 + j (doors in the given order)."""

    labels: NDArray[np.int32]
    count: int
    doors: tuple[Point, ...]
    neighbours: Sequence[Sequence[int]]
    """By node: a region's teleporter links, then its doors' nodes; a door's sides."""

    def region(self, point: Point) -> int:
        """The region of a walkable tile that is not a door."""
        return int(self.labels[point[1], point[0]])

    def door_index(self, node: int) -> int:
        """The index in `doors` of a door's node."""
        return node - self.count - 1


def door_graph(plan: FloorPlan, doors: Sequence[Point], open_: NDArray[np.bool_]) -> DoorGraph:
    """Regions without doors, each door's walkable neighbours, teleporter links. `open_` is the
    plan's walkable tiles that are not closed doors (the areas' `open`: worked out once a
    floor)."""
    t = plan.tiles
    labels, count = label4(open_)
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
    neighbours: list[list[int]] = [[] for _ in range(base)]
    for pair in plan.teleporters:
        a, b = int(labels[pair.a[1], pair.a[0]]), int(labels[pair.b[1], pair.b[0]])
        neighbours[a].append(b)
        neighbours[b].append(a)
    for j, row in enumerate(near.tolist()):
        side = [node for node in row if node]
        neighbours.append(side)
        for node in side:
            if node < base:
                neighbours[node].append(base + j)
    return DoorGraph(labels, count, tuple(doors), neighbours)


def door_walk(graph: DoorGraph, shut: Sequence[bool]) -> GatedWalk:
    """The walk over the door graph whose gates are the held-shut doors."""
    return GatedWalk(graph.neighbours, [False] * (graph.count + 1) + list(shut))


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
        self.regions: list[int] = []
        """The reached regions, in the order the walk reached them."""
        self.totals: list[int] = []
        """The running total of their floor tiles."""
        self.seen = 0
        """How much of the walk's order `regions` has taken in."""

    def pick(self, rng: Rng, order: Sequence[int]) -> tuple[Point, int]:
        """A free tile of the regions reached so far (`order`: the walk's nodes, regions and
        doors, in the order reached) and the region it lies in."""
        floor, regions, totals = self.floor, self.regions, self.totals
        for node in order[self.seen:]:
            if node < len(floor.counts):  # a region, not a door
                regions.append(node)
                totals.append((totals[-1] if totals else 0) + floor.counts[node])
        self.seen = len(order)
        total = totals[-1] if totals else 0
        for _ in range(_TRIES if total else 0):
            draw = rng.below(total)
            i = bisect_right(totals, draw)
            offset = draw - (totals[i - 1] if i else 0)
            flat = int(floor.sorted[floor.starts[regions[i]] + offset])
            if not self.taken[flat]:
                return (flat % floor.width, flat // floor.width), regions[i]
        for region in regions:  # nearly everything taken: the first free one, else the fallback
            for k in range(floor.counts[region]):
                flat = int(floor.sorted[floor.starts[region] + k])
                if not self.taken[flat]:
                    return (flat % floor.width, flat // floor.width), region
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

    walk = door_walk(graph, shut)
    start = graph.region(plan.arrival)
    chosen: _Picker | None = None
    keyed = list(doors)
    keys: list[Key] = []
    key_regions: dict[Point, list[int]] = {}
    """The regions each door's keys lie in, by door: not a scan of every key per door (big
    floors have thousands of both)."""
    home: bytes | None = None
    for gate in walk.grow(start):
        index = graph.door_index(gate)
        if home is None:
            home = bytes(walk.reached)  # what the arrival reaches before its first key
        chosen = chosen or picker(plan.arrival, start)
        (x, y), region = chosen.pick(rng, walk.order)
        key = Key(len(keys) + 1, x, y, doors[index].point)
        space.take((x, y))
        keys.append(key)
        key_regions.setdefault(key.door, []).append(region)
        keyed[index] = replace(doors[index], key=key.id)
    home = home or bytes(walk.reached)
    for exit_ in plan.exits:
        if home[graph.region(exit_)]:
            # The walk back from it starts where the arrival's did: it grows the same way, and
            # the keys the arrival's walk placed lie where this one reaches, so it adds none.
            continue
        keys += _spares(graph, shut, doors, exit_, len(keys), key_regions, rng, space, picker)
    return keyed, keys


def _spares(
    graph: DoorGraph, shut: Sequence[bool], doors: Sequence[DoorDressing], exit_: Point,
    placed: int, key_regions: dict[Point, list[int]], rng: Rng, space: Space,
    picker: Callable[[Point, int], _Picker],
) -> list[Key]:
    """Spare keys for the walk from the way down `exit_` back to the arrival: one for each
    held-shut door on that walk whose keys all lie beyond it (`placed` keys so far, lying in
    `key_regions`, which the spares join)."""
    walk = door_walk(graph, shut)
    reached = walk.reached
    start = graph.region(exit_)
    chosen: _Picker | None = None
    spares: list[Key] = []
    for gate in walk.grow(start):
        point = doors[graph.door_index(gate)].point
        if any(reached[region] for region in key_regions.get(point, ())):
            continue
        chosen = chosen or picker(exit_, start)
        (x, y), region = chosen.pick(rng, walk.order)
        space.take((x, y))
        spares.append(Key(placed + len(spares) + 1, x, y, point))
        key_regions.setdefault(point, []).append(region)
    return spares


def place_vault_key(
    plan: FloorPlan, doors: Sequence[Point], vault_door: Point, rng: Rng, space: Space,
    key_id: int,
) -> Key:
    """The key of a vault's door (game.dressing.vaults), placed as the keys above are: on a
    random free floor tile of what the arrival reaches with that door left out of the graph,
    so it never lies behind its own door (the other held-shut doors' keys lie within reach)."""
    others = [door for door in doors if door != vault_door]
    graph = door_graph(plan, others, space.amap.open)
    walk = door_walk(graph, [False] * len(others))
    start = graph.region(plan.arrival)
    for _ in walk.grow(start):
        pass  # nothing is a gate: one walk reaches all
    chosen = _Picker(_FloorTiles.of(space.amap.floor, graph, plan.width), space.taken,
                     plan.arrival, start)
    (x, y), _region = chosen.pick(rng, walk.order)
    space.take((x, y))
    return Key(key_id, x, y, vault_door)
