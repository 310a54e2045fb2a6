"""Floor metrics for `generate --stats` and the lab: shape numbers that tell generators apart."""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

import numpy as np
from numpy.typing import NDArray

from game import tiles
from game.floorplan import FloorPlan
from game.grids import label4
from game.pathing import UNREACHED, to_yx, walk_distance
from game.seeds import Rng

PAIR_SOURCES, PAIR_TARGETS = 4, 20
"""Room pairs for the room pair ratio: four floods (a 1000x1000 floor's flood is a fifth of a
second), twenty rooms each."""
PAIR_STREAM = 0x5EED_0F_0A1B5
"""The fixed stream the pairs are drawn on: the same floor always gives the same figure."""


@dataclass(frozen=True, slots=True)
class FloorStats:
    """Counts over the walkable graph: tiles are nodes, 4-neighbour steps and teleporters edges."""

    floor_ratio: float
    rooms: int
    doors: int
    dead_ends: int
    loops: int
    regions: int
    path_ratio: float
    teleporter_pairs: int
    secret_doors: int = 0
    notes: tuple[str, ...] = ()
    """What the generator could not do as asked (its plan's `extra["notes"]`)."""
    room_pair_ratio: float = 0.0
    """`pair_path_ratio` over PAIR_SOURCES x PAIR_TARGETS room pairs drawn on a fixed stream:
    how far a walk between two rooms runs beside the straight line (0 without two rooms)."""

    def as_dict(self) -> dict[str, float | int | list[str]]:
        values = asdict(self)
        values["notes"] = list(self.notes)
        return values

    def lines(self) -> list[str]:
        return [
            f"floor ratio      {self.floor_ratio:.3f}",
            f"rooms            {self.rooms}",
            f"doors            {self.doors}",
            f"dead ends        {self.dead_ends}",
            f"loops            {self.loops}",
            f"regions          {self.regions}",
            f"path ratio       {self.path_ratio:.2f} stairs",
            f"room pair ratio  {self.room_pair_ratio:.2f}",
            f"teleporter pairs {self.teleporter_pairs}",
            f"secret doors     {self.secret_doors}",
            *(f"note: {note}" for note in self.notes),
        ]


def floor_stats(plan: FloorPlan) -> FloorStats:
    """Metrics of one floor.

    dead ends: walkable tiles with one way out; loops: the cyclomatic number E - V + C of the
    walkable graph (teleporter links are edges; every open 2x2 block counts, as the definition
    says); regions: 4-connected walkable areas without teleporters; path ratio: walking distance
    from the arrival to the nearest way down over the straight-line distance (generators that put
    the stairs as far apart by walk as they can, as bsp does, make it large on purpose); room
    pair ratio: the same for rooms drawn at random, the measure of how winding the floor is.
    """
    walk = tiles.walkable(plan.tiles)
    nodes = int(walk.sum())
    horizontal = walk[:, 1:] & walk[:, :-1]
    vertical = walk[1:, :] & walk[:-1, :]
    degree = np.zeros(walk.shape, dtype=np.int32)
    degree[:, 1:] += horizontal
    degree[:, :-1] += horizontal
    degree[1:, :] += vertical
    degree[:-1, :] += vertical
    for pair in plan.teleporters:
        degree[to_yx(pair.a)] += 1
        degree[to_yx(pair.b)] += 1
    edges = int(horizontal.sum()) + int(vertical.sum()) + len(plan.teleporters)
    labels, regions = label4(walk)
    return FloorStats(
        floor_ratio=nodes / walk.size,
        rooms=len(plan.rooms),
        doors=len(plan.doors),
        dead_ends=int((walk & (degree == 1)).sum()),
        loops=edges - nodes + _linked_components(plan, labels, regions),
        regions=regions,
        path_ratio=_path_ratio(plan, walk),
        teleporter_pairs=len(plan.teleporters),
        secret_doors=int((plan.tiles == tiles.SECRET_DOOR).sum()),
        notes=tuple(str(note) for note in plan.extra.get("notes", ())),
        room_pair_ratio=pair_path_ratio(plan, Rng(PAIR_STREAM), PAIR_SOURCES, PAIR_TARGETS),
    )


def _linked_components(plan: FloorPlan, labels: NDArray[np.int32], regions: int) -> int:
    """Components once teleporter pairs join regions (union-find over region labels)."""
    parent = list(range(regions + 1))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for pair in plan.teleporters:
        a, b = find(int(labels[to_yx(pair.a)])), find(int(labels[to_yx(pair.b)]))
        if a != b:
            parent[max(a, b)] = min(a, b)
    return len({find(i) for i in range(1, regions + 1)})


def _path_ratio(plan: FloorPlan, walk: NDArray[np.bool_]) -> float:
    if not plan.exits:
        return 0.0
    dist = walk_distance(walk, [plan.arrival], plan.teleporters)
    best = min(plan.exits, key=lambda p: int(dist[to_yx(p)]))
    steps = int(dist[to_yx(best)])
    straight = math.dist(plan.arrival, best)
    if steps == UNREACHED or straight == 0:
        return 0.0
    return steps / straight


def pair_path_ratio(plan: FloorPlan, rng: Rng, sources: int, targets: int) -> float:
    """The mean, over `sources` x `targets` pairs of rooms drawn at random (a source's targets
    share its flood), of the walking distance between the rooms' centres (4-neighbour steps, a
    teleporter hop costs 1) over the straight-line distance. Pairs with the same centre are
    skipped; a floor without two rooms gives 0."""
    walk = tiles.walkable(plan.tiles)
    rooms = plan.rooms
    ratios: list[float] = []
    for _ in range(sources if len(rooms) > 1 else 0):
        start = rooms[rng.below(len(rooms))].center
        dist = walk_distance(walk, [start], plan.teleporters)
        for _ in range(targets):
            end = rooms[rng.below(len(rooms))].center
            straight = math.dist(start, end)
            if straight > 0:
                ratios.append(int(dist[to_yx(end)]) / straight)
    return sum(ratios) / len(ratios) if ratios else 0.0
