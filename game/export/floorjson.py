"""The JSON floor export (format "dungeon-floor", version 1): a contract other tools rely on.

Later versions add keys; they never change or remove these.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from game import tiles
from game.floorplan import FloorPlan


def legend(plan: FloorPlan) -> dict[str, dict[str, Any]]:
    """Every character that appears in the map, with its tile's name and properties."""
    used = np.unique(plan.tiles)
    result: dict[str, dict[str, Any]] = {}
    for tile_id in used:
        row = tiles.TILES[int(tile_id)]
        result[str(row["char"])] = {
            "name": str(row["name"]),
            "walkable": bool(row["walkable"]),
            "transparent": bool(row["transparent"]),
        }
    return result


def floor_to_dict(plan: FloorPlan, seed: str, depth: int) -> dict[str, Any]:
    """The export object; deterministic (no timestamps), x is the column, y the row."""
    return {
        "format": "dungeon-floor",
        "version": 1,
        "generator": plan.generator,
        "seed": seed,
        "depth": depth,
        "fingerprint": plan.fingerprint(),
        "width": plan.width,
        "height": plan.height,
        "params": dict(plan.params),
        "tiles": tiles.to_ascii(plan.tiles),
        "legend": legend(plan),
        "arrival": list(plan.arrival),
        "exits": [list(p) for p in plan.exits],
        "rooms": [
            {"id": r.id, "x": r.x, "y": r.y, "w": r.w, "h": r.h, "shape": r.shape}
            for r in plan.rooms
        ],
        "doors": [{"x": d.x, "y": d.y, "passage": d.passage} for d in plan.doors],
        "teleporters": [{"a": list(t.a), "b": list(t.b)} for t in plan.teleporters],
        "stairs": [{"x": s.x, "y": s.y, "kind": s.kind} for s in plan.stairs],
    }
