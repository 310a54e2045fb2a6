"""Floor invariants, as functions that list what is wrong (empty list: the floor is sound)."""

from __future__ import annotations

import numpy as np

from game import tiles
from game.floorplan import FloorPlan
from game.pathing import UNREACHED, to_yx, walk_distance


def problems(plan: FloorPlan) -> list[str]:
    """Every invariant the generator library promises, checked on one floor."""
    found: list[str] = []
    found += border_problems(plan)
    found += reach_problems(plan)
    found += door_problems(plan)
    found += teleporter_problems(plan)
    return found


def border_problems(plan: FloorPlan) -> list[str]:
    t = plan.tiles
    border = np.concatenate([t[0, :], t[-1, :], t[:, 0], t[:, -1]])
    if (border != tiles.WALL).any():
        return ["the border is not closed wall"]
    return []


def reach_problems(plan: FloorPlan) -> list[str]:
    walk = tiles.walkable(plan.tiles)
    found: list[str] = []
    if not walk[to_yx(plan.arrival)]:
        return [f"arrival {plan.arrival} is not walkable"]
    if not plan.exits:
        found.append("no way down")
    dist = walk_distance(walk, [plan.arrival], plan.teleporters)
    stranded = walk & (dist == UNREACHED)
    if stranded.any():
        y, x = np.argwhere(stranded)[0]
        found.append(f"{int(stranded.sum())} walkable tiles unreachable, e.g. ({x}, {y})")
    found += [f"way down {p} unreachable" for p in plan.exits if dist[to_yx(p)] == UNREACHED]
    return found


def door_problems(plan: FloorPlan) -> list[str]:
    t = plan.tiles
    walk = tiles.walkable(t)
    found: list[str] = []
    listed = {(d.x, d.y) for d in plan.doors}
    drawn = {(int(x), int(y)) for y, x in np.argwhere(np.isin(t, tiles.DOORS))}
    if listed != drawn:
        found.append(f"door list and door tiles differ: {sorted(listed ^ drawn)[:3]}")
    h, w = t.shape
    for door in plan.doors:
        x, y = door.x, door.y
        if not (0 < x < w - 1 and 0 < y < h - 1):
            found.append(f"door ({x}, {y}) on the border")
            continue
        ns = (t[y, x - 1] == tiles.WALL and t[y, x + 1] == tiles.WALL
              and walk[y - 1, x] and walk[y + 1, x])
        ew = (t[y - 1, x] == tiles.WALL and t[y + 1, x] == tiles.WALL
              and walk[y, x - 1] and walk[y, x + 1])
        expected = ns if door.passage == "ns" else ew if door.passage == "ew" else False
        if not expected:
            found.append(f"door ({x}, {y}) passage {door.passage!r} is not in a wall line")
    return found


def teleporter_problems(plan: FloorPlan) -> list[str]:
    found: list[str] = []
    ends = [p for pair in plan.teleporters for p in (pair.a, pair.b)]
    if len(set(ends)) != len(ends):
        found.append("a teleporter tile belongs to two ends")
    for point in ends:
        if plan.tiles[to_yx(point)] != tiles.TELEPORTER:
            found.append(f"teleporter end {point} is not drawn as a teleporter")
        if plan.rooms and not any(room.contains(point) for room in plan.rooms):
            found.append(f"teleporter end {point} is not in a room")
    drawn = {(int(x), int(y)) for y, x in np.argwhere(plan.tiles == tiles.TELEPORTER)}
    if drawn != set(ends):
        found.append("teleporter tiles and teleporter pairs differ")
    return found
