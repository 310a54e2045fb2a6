"""Treasure vaults: every few floors one dead-end room becomes a locked vault of "take one".

The stage runs after every other one, on its own fork of the dressing stream ("vaults"), so a
floor without a vault is dressed exactly as before. A vault is a region of the door graph with
a single door (a room behind it, or a cave pocket) with no stairs, arrival, key, relic or
teleporter in it and no secret door into it (a trap, a feature or a sleeping beast may stay: a
guarded vault). Its door becomes a magically reinforced iron door, locked (the Doors table's
sealed door: only its key or a knock opens it), and its key goes where the key placer would
put one (game.dressing.keys.place_vault_key): on a free tile the arrival reaches without that
key, so every floor stays solvable. Inside, 3 to 5 items good for the depth stand on pedestals
(different kinds of thing: a wand, a ring, armour, a rare potion); the hero may take one and
the rest vanish (game.rules.vaults).

A floor with no door that leads to such a dead end has no vault: caves and mazes have no doors
at all, so their floors never hold one.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

import numpy as np

from game import tiles
from game.content.items import ItemKind, item_kinds
from game.dressing.areas import Space
from game.dressing.keys import door_graph, place_vault_key
from game.dressing.model import DoorDressing, Key, Vault, VaultItem
from game.floorplan import FloorPlan, Point
from game.seeds import Rng

VAULT_CHANCE: Final = 0.7
"""Chance that a floor from FIRST_DEPTH on holds a vault (when it has a dead end to lock)."""
FIRST_DEPTH: Final = 2
ITEMS: Final = (3, 5)
"""How many items a vault offers, at least and at most (fewer only if its room is tiny)."""
SIZE: Final = (6, 160)
"""Walkable tiles a vault's region may have: a room, not half the floor."""
AHEAD: Final = 1
"""A vault's items may be from this many floors deeper than the floor (a reward)."""
GROUPS: Final = ("wand", "ring", "amulet", "armour", "shield", "weapon", "launcher", "potion")
"""The kinds of thing a vault offers, one item of each kind chosen at most."""
RARE_POTIONS: Final = ("potion_restoration", "potion_strength", "potion_healing")
VAULT_DC: Final = 40
"""The break DC of a reinforced iron door (game.dressing.solvable.REINFORCED_DC)."""


def vault_kinds(depth: int) -> dict[str, list[ItemKind]]:
    """The good item kinds of each group for a vault at `depth`: found on the floors near it,
    never harmful, cursed or common clutter (only the rarer potions)."""
    groups: dict[str, list[ItemKind]] = {}
    for kind in sorted(item_kinds().values(), key=lambda k: k.key):
        if kind.weight <= 0 or kind.harmful or kind.kind not in GROUPS:
            continue
        if not kind.depth[0] <= depth + AHEAD or depth > kind.depth[1]:
            continue
        if kind.kind == "potion" and kind.key not in RARE_POTIONS:
            continue
        groups.setdefault(kind.kind, []).append(kind)
    return groups


def dress_vaults(
    plan: FloorPlan, doors: list[DoorDressing], keys: list[Key], space: Space, depth: int,
    rng: Rng, relic: Point | None = None,
) -> tuple[list[DoorDressing], list[Key], tuple[Vault, ...]]:
    """At most one vault on the floor; the doors and keys come back with its door sealed and
    its key added."""
    if depth < FIRST_DEPTH or not doors or not rng.chance(VAULT_CHANCE):
        return doors, keys, ()
    held = [k.point for k in keys] + ([relic] if relic is not None else [])
    found = _dead_end(plan, doors, space, held)
    if found is None:
        return doors, keys, ()
    index, cells = found
    door = doors[index]
    key = place_vault_key(plan, [d.point for d in doors], door.point, rng, space, len(keys) + 1)
    sealed = replace(door, material="iron", state="locked", dc=VAULT_DC, reinforced=True,
                     key=key.id)
    items = _items(cells, space, depth, rng)
    owner = int(np.bincount(space.amap.owner.ravel().take(cells)).argmax())
    vault = Vault(1, owner or None, door.point, key.id, key.point, tuple(items))
    doors = [*doors[:index], sealed, *doors[index + 1:]]
    return doors, [*keys, key], (vault,)


def _dead_end(
    plan: FloorPlan, doors: list[DoorDressing], space: Space, held: list[Point]
) -> tuple[int, list[int]] | None:
    """The first door in reading order (with its region's free floor tiles) that is the only
    way into a region of vault size with no stairs, teleporter, key or relic in it (`held`: the
    keys and relic): a plain closed door no key opens yet. What else lies there (a feature, a
    trap, a sleeping beast) stays: a vault may be guarded."""
    graph = door_graph(plan, [d.point for d in doors], space.amap.open)
    base = graph.count + 1
    labels = graph.labels.ravel()
    flagged = np.zeros(base, dtype=np.bool_)  # regions a vault may not take
    w = plan.width
    marks = [plan.arrival, *plan.exits, *(p.a for p in plan.teleporters),
             *(p.b for p in plan.teleporters), *((s.x, s.y) for s in plan.stairs), *held]
    flagged[[int(labels[y * w + x]) for x, y in marks]] = True
    for door in doors:
        if plan.tiles[door.y, door.x] == tiles.SECRET_DOOR:  # a way in that no key seals
            for x, y in ((door.x, door.y - 1), (door.x, door.y + 1),
                         (door.x - 1, door.y), (door.x + 1, door.y)):
                if 0 <= x < w and 0 <= y < plan.height:
                    flagged[int(labels[y * w + x])] = True
    flagged[0] = True
    sizes = np.bincount(labels, minlength=base)
    order = sorted(range(len(doors)), key=lambda i: (doors[i].y, doors[i].x))
    for i in order:
        door = doors[i]
        if door.held_shut or door.trapped or plan.tiles[door.y, door.x] != tiles.DOOR:
            continue
        sides = set(graph.neighbours[base + i])
        for region in sorted(r for r in sides if r < base):
            if flagged[region] or not SIZE[0] <= sizes[region] <= SIZE[1]:
                continue
            if list(graph.neighbours[region]) != [base + i] or sides == {region}:
                continue  # another way in (a door, a teleporter), or nothing beyond the door
            cells = np.flatnonzero(
                (labels == region) & (plan.tiles.ravel() == tiles.FLOOR) & ~space.taken)
            if len(cells) >= ITEMS[0]:
                return i, cells.tolist()
    return None


def _items(cells: list[int], space: Space, depth: int, rng: Rng) -> list[VaultItem]:
    """3-5 items of different groups on pedestals: spread over the region's floor tiles."""
    groups = vault_kinds(depth)
    names = sorted(groups)
    rng.shuffle(names)
    count = min(rng.randint(*ITEMS), len(names), len(cells))
    spots = list(cells)
    rng.shuffle(spots)
    chosen = sorted(spots[:count])
    items = []
    for group, cell in zip(names[:count], chosen, strict=True):
        kinds = groups[group]
        kind = kinds[rng.weighted_index([k.weight for k in kinds])]
        x, y = space.point(cell)
        space.take((x, y))
        items.append(VaultItem(kind.key, x, y))
    return items
