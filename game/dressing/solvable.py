"""What every dressed floor promises, as functions that list what is wrong (empty: sound).

`reach_problems` is the solvability proof. It does not trust how the keys were placed: it walks
the floor as a player would, from the arrival, through every door that opens without a key,
picking up each key it finds and opening that key's door when it reaches it. The way down, every
key and every walkable tile must be reached. The player's side of a locked door is wherever the
walk reaches first, so a key behind its own door, or a reinforced door that is the only way on
without a key, leaves tiles unreached and is reported. `return_problems` walks back the same way
from each way down with no keys in hand (a hero who fell past this floor comes up there): the
arrival must be reached.

Secret doors are walls to the proof: a player may never search the right spot, so a floor must be
solvable, every walkable tile reached, without finding one. Finding one only opens a shortcut.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from numpy.typing import NDArray

from game import tiles
from game.dressing.model import Dressing
from game.floorplan import FloorPlan, Point, king_distance
from game.grids import label4
from game.pathing.graphs import breadth_first

MATERIALS = ("wooden", "stone", "iron")
STATES = ("unlocked", "stuck", "locked")
REINFORCED_DC = {"wooden": 30, "stone": 40, "iron": 40}

Node = int | Point
"""A region label (int) or a door tile (x, y)."""


def problems(plan: FloorPlan, dressing: Dressing) -> list[str]:
    """Every promise of the dressing pass, checked on one floor."""
    return (
        door_problems(plan, dressing)
        + key_problems(plan, dressing)
        + reach_problems(plan, dressing)
        + return_problems(plan, dressing)
        + placement_problems(plan, dressing)
        + vault_problems(plan, dressing)
    )


def door_problems(plan: FloorPlan, dressing: Dressing) -> list[str]:
    found: list[str] = []
    dressed = sorted(d.point for d in dressing.doors)
    if dressed != sorted((d.x, d.y) for d in plan.doors) or len(set(dressed)) != len(dressed):
        found.append("the dressed doors are not exactly the plan's doors")
    for door in dressing.doors:
        if door.material not in MATERIALS or door.state not in STATES:
            found.append(f"door {door.point}: unknown material or state")
        elif door.reinforced and door.dc != REINFORCED_DC[door.material]:
            found.append(f"door {door.point}: reinforced {door.material} door with DC {door.dc}")
        elif not door.reinforced and (door.dc is None) != (door.state == "unlocked"):
            found.append(f"door {door.point}: {door.state} with break DC {door.dc}")
    return found


def key_problems(plan: FloorPlan, dressing: Dressing) -> list[str]:
    found: list[str] = []
    doors = {d.point: d for d in dressing.doors}
    ids = [k.id for k in dressing.keys]
    if ids != list(range(1, len(ids) + 1)):
        found.append(f"key ids are not 1..{len(ids)}")
    first: dict[Point, int] = {}
    for key in dressing.keys:
        first.setdefault(key.door, key.id)
        door = doors.get(key.door)
        if door is None or not door.held_shut:
            found.append(f"key {key.id} opens {key.door}, not a locked or reinforced door")
        elif door.key != first[key.door]:
            found.append(f"door {key.door} names key {door.key}, but key {first[key.door]}"
                         " is its first")
        tile = int(plan.tiles[key.y, key.x])
        if not tiles.WALKABLE[tile] or tile == tiles.DOOR:
            found.append(f"key {key.id} at {key.point} is not on open floor")
    named = {d.key for d in dressing.doors if d.key is not None}
    if named - set(ids):
        found.append(f"doors name keys that do not exist: {sorted(named - set(ids))}")
    return found


def reach_problems(plan: FloorPlan, dressing: Dressing) -> list[str]:
    """Walk from the arrival picking up keys; report what stays out of reach."""
    labels, links = _graph(plan)
    return _unreached(plan, dressing, labels, _walk(plan, dressing, labels, links, plan.arrival))


def return_problems(plan: FloorPlan, dressing: Dressing) -> list[str]:
    """Walk back from each way down with empty hands, picking up keys: the arrival must be
    reached (a hero who fell past this floor comes up its stairs down with none of its keys)."""
    labels, links = _graph(plan)
    home = int(labels[plan.arrival[1], plan.arrival[0]])
    return [
        f"the arrival cannot be reached back from the way down at ({x}, {y})"
        for x, y in plan.exits
        if home not in _walk(plan, dressing, labels, links, (x, y))
    ]


def _graph(plan: FloorPlan) -> tuple[NDArray[np.int32], dict[Node, list[Node]]]:
    t = plan.tiles
    labels, _ = label4(tiles.walkable(t) & (t != tiles.DOOR))
    return labels, _links(plan, labels)


def _walk(
    plan: FloorPlan, dressing: Dressing, labels: NDArray[np.int32],
    links: dict[Node, list[Node]], start: Point,
) -> set[Node]:
    """Everything a player starting at `start` with no keys reaches, picking keys up on the way."""
    shut = {d.point for d in dressing.doors if d.held_shut}
    keys_at: dict[int, list[Point]] = {}
    for key in dressing.keys:
        keys_at.setdefault(int(labels[key.y, key.x]), []).append(key.door)
    held: set[Point] = set()
    met: set[Point] = set()
    """Held-shut doors the walk stood before without their key."""

    def onward(node: Node) -> Iterator[Node]:
        """Where the walk goes from `node`. In a region it first picks up the keys lying
        there: a door it met before without its key now opens."""
        if isinstance(node, int):
            for door in keys_at.get(node, ()):
                held.add(door)
                if door in met:
                    yield door
        for other in links.get(node, ()):
            if other in shut and other not in held:
                met.add(other)
            else:
                yield other

    home: Node = int(labels[start[1], start[0]])
    return set(breadth_first([home], onward))


def _links(plan: FloorPlan, labels: NDArray[np.int32]) -> dict[Node, list[Node]]:
    """Both ways: each door to the regions and doors beside it; teleporter ends to each other."""
    links: dict[Node, list[Node]] = {}
    h, w = labels.shape
    doors = {(d.x, d.y) for d in plan.doors if plan.tiles[d.y, d.x] != tiles.SECRET_DOOR}
    for x, y in sorted(doors):
        for nx, ny in ((x, y - 1), (x, y + 1), (x - 1, y), (x + 1, y)):
            if not (0 <= nx < w and 0 <= ny < h):
                continue
            other: Node | None = int(labels[ny, nx]) or ((nx, ny) if (nx, ny) in doors else None)
            if other is not None:
                links.setdefault((x, y), []).append(other)
                links.setdefault(other, []).append((x, y))
    for pair in plan.teleporters:
        a, b = int(labels[pair.a[1], pair.a[0]]), int(labels[pair.b[1], pair.b[0]])
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    return links


def _unreached(
    plan: FloorPlan, dressing: Dressing, labels: NDArray[np.int32], seen: set[Node]
) -> list[str]:
    found: list[str] = []
    reached = np.zeros(int(labels.max()) + 1, dtype=np.bool_)
    reached[[n for n in seen if isinstance(n, int)]] = True
    for x, y in plan.exits:
        if not reached[labels[y, x]]:
            found.append(f"the way down at ({x}, {y}) cannot be reached from the arrival")
    for key in dressing.keys:
        if not reached[labels[key.y, key.x]]:
            found.append(f"key {key.id} at {key.point} cannot be reached")
    stranded = (labels > 0) & ~reached[labels]
    if stranded.any():
        y, x = np.argwhere(stranded)[0]
        found.append(f"{int(stranded.sum())} walkable tiles cannot be reached, e.g. ({x}, {y})")
    return found


def placement_problems(plan: FloorPlan, dressing: Dressing) -> list[str]:
    """Monsters never on or beside the arrival, nor on stairs, doors or teleporters; things that
    lie on the floor never share a tile; the boss only when asked for, with its relic."""
    found: list[str] = []
    stairs = {s.point for s in dressing.stairs}
    for encounter in dressing.encounters:
        for m in encounter.monsters:
            if king_distance(m.point, plan.arrival) <= 1:
                found.append(f"encounter {encounter.id}: {m.kind} at {m.point} by the arrival")
            if plan.tiles[m.y, m.x] != tiles.FLOOR or m.point in stairs:
                found.append(f"encounter {encounter.id}: {m.kind} at {m.point} not on plain floor")
    things = [m.point for e in dressing.encounters for m in e.monsters]
    last_resorts = (plan.arrival, *plan.exits)  # keys may pile up on stairs when all else is full
    things += [k.point for k in dressing.keys if k.point not in last_resorts]
    things += [s.point for s in dressing.stairs if not s.placed]
    things += [t.point for t in dressing.traps if t.source != "door"]
    things += [(t.x, t.y) for t in dressing.treasures]
    things += [dressing.relic] if dressing.relic is not None else []
    things += [item.point for vault in dressing.vaults for item in vault.items]
    if len(set(things)) != len(things):
        found.append("two things share a tile")
    bosses = [e for e in dressing.encounters if e.difficulty == "boss"]
    if bosses and not dressing.boss:
        found.append("a boss encounter on a floor that did not ask for one")
    if len(bosses) > 1 or (bosses and dressing.relic is None):
        found.append("the boss must be one encounter guarding a relic")
    return found


def vault_problems(plan: FloorPlan, dressing: Dressing) -> list[str]:
    """A vault's door is held shut by the key it names, which lies outside; its items stand on
    plain floor."""
    found: list[str] = []
    doors = {d.point: d for d in dressing.doors}
    keys = {k.id: k for k in dressing.keys}
    for vault in dressing.vaults:
        door, key = doors.get(vault.door), keys.get(vault.key)
        if door is None or not door.held_shut or door.key != vault.key:
            found.append(f"vault {vault.id}: its door {vault.door} is not sealed by its key")
        if key is None or key.door != vault.door or key.point != vault.key_at:
            found.append(f"vault {vault.id}: key {vault.key} is not its door's key")
        if not 3 <= len(vault.items) <= 5:
            found.append(f"vault {vault.id}: {len(vault.items)} items, not 3-5")
        for item in vault.items:
            if plan.tiles[item.y, item.x] != tiles.FLOOR:
                found.append(f"vault {vault.id}: {item.kind} at {item.point} not on plain floor")
    return found
