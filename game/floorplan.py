"""FloorPlan: what every generator returns. Layout only: no monsters, no items, no window."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

Point = tuple[int, int]
"""(x, y): x is the column, y the row. Arrays are indexed [y, x]."""


def king_length(dx: int, dy: int) -> int:
    """How many king's moves (eight-way steps) cover an offset: the Chebyshev length."""
    return max(abs(dx), abs(dy))


def king_distance(a: Point, b: Point) -> int:
    """How many king's moves apart two points are."""
    return king_length(a[0] - b[0], a[1] - b[1])


ParamValue = int | float | bool | str


@dataclass(frozen=True, slots=True)
class Room:
    """A room or chamber. `x, y, w, h` bound it; `shape` says how it is carved inside that box."""

    id: int
    x: int
    y: int
    w: int
    h: int
    shape: str = "rectangle"

    @property
    def center(self) -> Point:
        return (self.x + self.w // 2, self.y + self.h // 2)

    def contains(self, point: Point) -> bool:
        px, py = point
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h


@dataclass(frozen=True, slots=True)
class Door:
    """A door tile in a wall line. `passage` is the way one walks through it: "ns" (walls east and
    west of it) or "ew" (walls north and south)."""

    x: int
    y: int
    passage: str


@dataclass(frozen=True, slots=True)
class TeleporterPair:
    """Two linked teleporter tiles; stepping on either moves you to the other."""

    a: Point
    b: Point


@dataclass(frozen=True, slots=True)
class Stair:
    """Stairs: kind is "up" (the arrival) or "down" (a way down) at this layer."""

    x: int
    y: int
    kind: str


@dataclass(frozen=True, slots=True)
class FloorPlan:
    """A generated floor layout. Tiles are ids into `game.tiles.TILES`, indexed [y, x]."""

    generator: str
    params: Mapping[str, ParamValue]
    tiles: NDArray[np.uint8]
    arrival: Point
    exits: tuple[Point, ...]
    rooms: tuple[Room, ...] = ()
    doors: tuple[Door, ...] = ()
    teleporters: tuple[TeleporterPair, ...] = ()
    stairs: tuple[Stair, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Generator-specific data that exports may use (e.g. the maze's cell walls and path)."""

    @property
    def width(self) -> int:
        return int(self.tiles.shape[1])

    @property
    def height(self) -> int:
        return int(self.tiles.shape[0])

    def features(self) -> dict[str, Any]:
        """Placed features in a canonical, JSON-ready form (sorted, plain types)."""
        return {
            "arrival": list(self.arrival),
            "exits": [list(p) for p in self.exits],
            "rooms": [[r.id, r.x, r.y, r.w, r.h, r.shape] for r in self.rooms],
            "doors": sorted([d.x, d.y, d.passage] for d in self.doors),
            "teleporters": sorted([*t.a, *t.b] for t in self.teleporters),
            "stairs": sorted([s.x, s.y, s.kind] for s in self.stairs),
        }

    def fingerprint(self) -> str:
        """A hash of tiles and placed features: equal fingerprints mean the same floor."""
        h = hashlib.blake2b(digest_size=8, person=b"delve-floor")
        tiles = np.ascontiguousarray(self.tiles, dtype=np.uint8)
        h.update(f"{self.width}x{self.height}".encode())
        h.update(tiles.tobytes())
        h.update(json.dumps(self.features(), sort_keys=True, separators=(",", ":")).encode())
        return h.hexdigest()
