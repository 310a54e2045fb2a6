"""The seed catalog: what each depth of a run holds, without playing it (no window, no save).

Each floor is made from its recipe alone, so the catalog of depths 3-4 is the same whether or not
depths 1-2 were listed, and matches the floors a player meets in the game.
"""

from __future__ import annotations

import io
import json
from collections import Counter
from typing import Any

from game import pipeline
from game.dressing.model import Dressing, Merchant
from game.floorplan import FloorPlan
from game.run import FloorRecipe, Run
from game.world import build
from game.world.model import Floor

SPOILERS = ("layout", "full")


def floor_entry(recipe: FloorRecipe, run: Run, spoilers: str) -> dict[str, Any]:
    """One depth's line of the catalog: the floor made once, through the game's own stages
    (furnished too with full spoilers, for the items the game would lay out)."""
    plan = pipeline.layout(recipe, run.seed_hash)
    dressing = dressed(recipe, run, plan)
    doors = Counter(
        "reinforced" if d.reinforced else d.state for d in dressing.doors
    )
    entry: dict[str, Any] = {
        "depth": recipe.depth,
        "generator": recipe.generator,
        "width": recipe.width,
        "height": recipe.height,
        "params": dict(recipe.params),
        "fingerprint": plan.fingerprint(),
        "rooms": len(plan.rooms),
        "teleporter_pairs": len(plan.teleporters),
        "doors": dict(sorted(doors.items())),
        "stairs": sorted(
            f"{s.direction} {s.kind}{' (dead end)' if s.dead_end else ''}" for s in dressing.stairs
        ),
    }
    if spoilers == "full":
        floor = furnished(recipe, run, plan, dressing)
        entry["encounters"] = [
            {
                "template": e.template,
                "tactic": e.tactic,
                "difficulty": e.difficulty,
                "monsters": sorted(Counter(m.kind for m in e.monsters).items()),
            }
            for e in dressing.encounters
        ]
        entry["items"] = sorted(Counter(item.kind for item in floor.items).items())
        entry["vaults"] = [
            {"area": v.area, "door": list(v.door), "key": list(v.key_at),
             "items": [item.kind for item in v.items]}
            for v in dressing.vaults
        ]
        entry["merchants"] = [merchant_entry(m) for m in dressing.merchants]
        held_by = {e.id: e.template for e in dressing.encounters}
        entry["captives"] = [
            {"kind": c.kind, "x": c.x, "y": c.y, "held_by": held_by.get(c.encounter, "")}
            for c in dressing.captives
        ]
    return entry


def dressed(recipe: FloorRecipe, run: Run, plan: FloorPlan) -> Dressing:
    """A depth's layout dressed as the game dresses it (the boss on the run's last floor): the
    catalog's second stage, which `run.py hunt` takes only when its query asks for it."""
    return pipeline.dress(recipe, plan, run.seed_hash, boss=recipe.depth == run.last_depth)


def furnished(recipe: FloorRecipe, run: Run, plan: FloorPlan, dressing: Dressing) -> Floor:
    """The dressed layout furnished as in play (the items the game lays out): the last stage."""
    return build.furnish(recipe, plan, dressing, run.seed_hash)


def merchant_entry(merchant: Merchant) -> dict[str, Any]:
    """A merchant as the catalog and the floor JSON list it: who, where, and what at what price."""
    return {
        "name": merchant.name, "kind": merchant.kind, "x": merchant.x, "y": merchant.y,
        "area": merchant.area,
        "wares": [{"kind": w.kind, "price": w.price, "count": w.count} for w in merchant.wares],
    }


def catalog(run: Run, depths: range, spoilers: str) -> dict[str, Any]:
    """The catalog object for the listed depths of a run."""
    return {
        "code": run.code,
        "rules_version": run.rules_version,
        "floors": [
            floor_entry(run.recipes[depth - 1], run, spoilers)
            for depth in depths
            if 1 <= depth <= run.last_depth
        ],
    }


def as_text(data: dict[str, Any]) -> str:
    lines = [f"Run code {data['code']} (rules version {data['rules_version']})", ""]
    for floor in data["floors"]:
        doors = ", ".join(f"{n} {k}" for k, n in floor["doors"].items()) or "no doors"
        lines.append(
            f"Depth {floor['depth']:2d}  {floor['generator']:7s} {floor['width']}x{floor['height']}"
            f"  fingerprint {floor['fingerprint']}  rooms {floor['rooms']}"
            f"  teleporter pairs {floor['teleporter_pairs']}"
        )
        lines.append(f"          doors: {doors}; stairs: {', '.join(floor['stairs'])}")
        for encounter in floor.get("encounters", []):
            monsters = ", ".join(f"{n} {k}" for k, n in encounter["monsters"])
            kind = f"{encounter['difficulty']:7s} {encounter['template']} ({encounter['tactic']})"
            lines.append(f"          {kind}: {monsters}")
        if "items" in floor:
            items = ", ".join(f"{n} {k}" for k, n in floor["items"]) or "none"
            lines.append(f"          items: {items}")
        for vault in floor.get("vaults", []):
            lines.append(f"          vault: area {vault['area']}, door {tuple(vault['door'])},"
                         f" key at {tuple(vault['key'])}: take one of"
                         f" {', '.join(vault['items'])}")
        for merchant in floor.get("merchants", []):
            wares = ", ".join(f"{w['count']} {w['kind']} {w['price']} gp"
                              for w in merchant["wares"])
            lines.append(f"          {merchant['kind']} {merchant['name']} at"
                         f" ({merchant['x']}, {merchant['y']}): {wares}")
        for captive in floor.get("captives", []):
            where = f"({captive['x']}, {captive['y']})"
            lines.append(f"          captive: {captive['kind']} at {where},"
                         f" held by the {captive['held_by']}")
    return "\n".join(lines) + "\n"


def as_csv(data: dict[str, Any]) -> str:
    import csv  # only this format writes CSV

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    full = any("encounters" in floor for floor in data["floors"])
    header = ["depth", "generator", "width", "height", "fingerprint", "rooms",
              "teleporter_pairs", "doors", "stairs"]
    writer.writerow(header + (["encounters", "items"] if full else []))
    for floor in data["floors"]:
        row = [floor["depth"], floor["generator"], floor["width"], floor["height"],
               floor["fingerprint"], floor["rooms"], floor["teleporter_pairs"],
               json.dumps(floor["doors"], sort_keys=True), "; ".join(floor["stairs"])]
        if full:
            row += [json.dumps(floor["encounters"]), json.dumps(floor["items"])]
        writer.writerow(row)
    return out.getvalue()
