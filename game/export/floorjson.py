"""The JSON floor export (format "dungeon-floor"): a contract other tools rely on.

Later versions add keys; they never change or remove these. A dressed floor
(`dressed_floor_to_dict`) is the same object with the dressing's keys added. Version 2 added each
encounter's `tactic` and the dressed floor's `features`, each `{"name", "x", "y", "effect"}`
("decor": no effect). A dressed floor's `vaults` (issue 29) list each locked treasure vault:
`{"id", "area", "door": [x, y], "key": key id, "key_at": [x, y], "items": [{"kind", "x", "y"}]}`
(the hero takes one item, the rest vanish). Its `merchants` (issue 29) are each `{"id", "name",
"kind" (peddler or shop), "x", "y", "area", "wares": [{"kind", "price", "count"}]}`. A dressed
floor's `tiles` show every stairs entry with its kind's tile (as the game draws them), so no
stairs lies on plain floor; its `legend` names those tiles too. Issue 29 also added `captives`, each
`{"kind", "x", "y", "encounter", "area"}` (a shackled prisoner of that encounter, which the hero
may free as an ally). Issue 31 made `run.py generate` the game's floor and added `items` (every
item the game lays on the floor, `{"kind", "x", "y", "amount"}`, in the game's id order, as the
catalog's full spoilers count them) and, for a floor of a run, its run `code`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import numpy as np
from numpy.typing import NDArray

from game import tiles
from game.floorplan import FloorPlan

FORMAT_VERSION: Final = 2

if TYPE_CHECKING:
    from game.dressing.model import (
        Contents,
        DoorDressing,
        Dressing,
        Encounter,
        StairDressing,
        Trap,
    )
    from game.world.model import Floor


def legend(tile_ids: NDArray[np.uint8]) -> dict[str, dict[str, Any]]:
    """Every character that appears in the map, with its tile's name and properties."""
    used = np.unique(tile_ids)
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
        "version": FORMAT_VERSION,
        "generator": plan.generator,
        "seed": seed,
        "depth": depth,
        "fingerprint": plan.fingerprint(),
        "width": plan.width,
        "height": plan.height,
        "params": dict(plan.params),
        "tiles": tiles.to_ascii(plan.tiles),
        "legend": legend(plan.tiles),
        "arrival": list(plan.arrival),
        "exits": [list(p) for p in plan.exits],
        "rooms": [
            {"id": r.id, "x": r.x, "y": r.y, "w": r.w, "h": r.h, "shape": r.shape}
            for r in plan.rooms
        ],
        "doors": [
            {"x": d.x, "y": d.y, "passage": d.passage,
             "secret": bool(plan.tiles[d.y, d.x] == tiles.SECRET_DOOR)}
            for d in plan.doors
        ],
        "teleporters": [{"a": list(t.a), "b": list(t.b)} for t in plan.teleporters],
        "stairs": [{"x": s.x, "y": s.y, "kind": s.kind} for s in plan.stairs],
    }


def dressed_floor_to_dict(
    plan: FloorPlan, dressing: Dressing, seed: str, depth: int
) -> dict[str, Any]:
    """`floor_to_dict` plus the dressing, by additions only: existing keys keep their meaning.

    Doors, rooms and stairs gain fields; stairs that are not the plan's arrival or way down
    (dead ends the dressing placed, a tables floor's other rolled stairs) are appended to
    `stairs` with "placed": false. The stairs' table
    kind is "stair_kind", since "kind" already says up or down. `tiles` and `legend` show the
    stairs as drawn in the game (`drawn_stairs`)."""
    from game.dressing.stairs import drawn_stairs

    data = floor_to_dict(plan, seed, depth)
    drawn = drawn_stairs(plan.tiles, dressing.stairs)
    data["tiles"] = tiles.to_ascii(drawn)
    data["legend"] = legend(drawn)
    doors = {d.point: d for d in dressing.doors}
    for entry in data["doors"]:
        entry.update(_door(doors[(entry["x"], entry["y"])]))
    contents = {c.area: c for c in dressing.contents}
    area_of_room = {a.room: a.id for a in dressing.areas if a.room is not None}
    for entry in data["rooms"]:
        area = area_of_room.get(entry["id"])
        entry["area"] = area
        entry.update(_contents(contents.get(area) if area is not None else None))
    stairs = {s.point: s for s in dressing.stairs if s.placed}
    for entry in data["stairs"]:
        entry.update(_stair_fields(stairs[(entry["x"], entry["y"])]))
    data["stairs"] += [
        {"x": s.x, "y": s.y, "kind": "up" if s.direction == "up" else "down", **_stair_fields(s)}
        for s in dressing.stairs
        if not s.placed
    ]
    data["dressing"] = {"ruleset": dressing.ruleset, "boss": dressing.boss}
    data["areas"] = [
        {"id": a.id, "x": a.x, "y": a.y, "w": a.w, "h": a.h, "source": a.source, "room": a.room,
         "size": a.size, **_contents(contents.get(a.id))}
        for a in dressing.areas
    ]
    data["encounters"] = [_encounter(e) for e in dressing.encounters]
    data["keys"] = [
        {"id": k.id, "x": k.x, "y": k.y, "door": list(k.door)} for k in dressing.keys
    ]
    data["traps"] = [_trap(t) for t in dressing.traps]
    data["treasure"] = [
        {"x": t.x, "y": t.y, "gold": t.gold, "area": t.area, "hoard": t.hoard}
        for t in dressing.treasures
    ]
    data["features"] = [
        {"name": f.name, "x": f.x, "y": f.y, "effect": f.effect, "area": f.area}
        for f in dressing.features
    ]
    data["captives"] = [
        {"kind": c.kind, "x": c.x, "y": c.y, "encounter": c.encounter, "area": c.area}
        for c in dressing.captives
    ]
    if dressing.boss:
        data["relic"] = list(dressing.relic) if dressing.relic is not None else None
    data["vaults"] = [
        {"id": v.id, "area": v.area, "door": list(v.door), "key": v.key, "key_at": list(v.key_at),
         "items": [{"kind": i.kind, "x": i.x, "y": i.y} for i in v.items]}
        for v in dressing.vaults
    ]
    data["merchants"] = [
        {"id": m.id, "name": m.name, "kind": m.kind, "x": m.x, "y": m.y, "area": m.area,
         "wares": [{"kind": w.kind, "price": w.price, "count": w.count} for w in m.wares]}
        for m in dressing.merchants
    ]
    return data


def add_run_fields(data: dict[str, Any], code: str | None, floor: Floor | None) -> None:
    """The fields of the floor as the game furnishes it: the run `code` that plays it (when it
    is a run's) and the `items` lying on it."""
    if code is not None:
        data["code"] = code
    if floor is not None:
        data["items"] = [{"kind": i.kind, "x": i.x, "y": i.y, "amount": i.amount}
                         for i in floor.items]


def _door(door: DoorDressing) -> dict[str, Any]:
    return {
        "material": door.material,
        "quality": door.quality,
        "state": door.state,
        "dc": door.dc,
        "trapped": door.trapped,
        "opening": door.opening,
        "reinforced": door.reinforced,
        "key": door.key,
    }


def _contents(contents: Contents | None) -> dict[str, Any]:
    if contents is None:
        return {"contents": None, "features": {"minor": [], "major": []}}
    return {
        "contents": {
            "face": contents.face,
            "text": contents.text,
            "monster": contents.monster,
            "features": contents.features,
            "treasure": contents.treasure,
            "trap": contents.trap,
        },
        "features": {"minor": list(contents.minor), "major": list(contents.major)},
    }


def _stair_fields(stair: StairDressing) -> dict[str, Any]:
    """`leads_to` is a depth, both depths for a shaft, or None for a dead end."""
    leads: int | list[int] | None = None
    if len(stair.leads_to) == 1:
        leads = stair.leads_to[0]
    elif stair.leads_to:
        leads = list(stair.leads_to)
    return {
        "stair_kind": stair.kind,
        "direction": stair.direction,
        "leads_to": leads,
        "dead_end": stair.dead_end,
        "placed": stair.placed,
        "text": stair.text,
    }


def _encounter(encounter: Encounter) -> dict[str, Any]:
    return {
        "id": encounter.id,
        "template": encounter.template,
        "tactic": encounter.tactic,
        "difficulty": encounter.difficulty,
        "room": encounter.room,
        "area": encounter.area,
        "xp_budget": encounter.budget,
        "xp": encounter.xp,
        "traps": list(encounter.traps),
        "cramped": encounter.cramped,
        "monsters": [
            {"kind": m.kind, "role": m.role, "x": m.x, "y": m.y, "elite": m.elite, "boss": m.boss}
            for m in encounter.monsters
        ],
    }


def _trap(trap: Trap) -> dict[str, Any]:
    return {
        "id": trap.id,
        "x": trap.x,
        "y": trap.y,
        "kind": trap.kind,
        "search_dc": trap.search_dc,
        "disarm_dc": trap.disarm_dc,
        "effect": trap.effect,
        "hidden": trap.hidden,
        "source": trap.source,
        "area": trap.area,
        "target": list(trap.target) if trap.target is not None else None,
    }
