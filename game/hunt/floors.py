"""One run asked a query, floor by floor, each floor made only as far as the answer needs.

A floor's record starts from its recipe (depth, generator, size: no work at all); while the query
cannot answer (game.hunt.judge gives None) the next stage is made through the catalog's own
stages (`pipeline.layout`, `catalog.dressed`, `catalog.furnished`, the functions the game and
`run.py catalog` build floors with) and its fields added. A query of the layout alone never
dresses or furnishes; `depth==1 and item==wand_dig` furnishes depth 1 and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game import catalog, pipeline
from game.dressing import Dressing
from game.floorplan import FloorPlan
from game.hunt.judge import Record, ask
from game.hunt.query import Query
from game.run import FloorRecipe, Run


@dataclass(frozen=True, slots=True)
class Match:
    """A run that matched: its seed, its code, and every depth whose floor matched."""

    seed: str
    code: str
    depths: tuple[int, ...]

    def as_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "code": self.code, "depths": list(self.depths)}

    def as_text(self) -> str:
        depths = ", ".join(str(depth) for depth in self.depths)
        return f"seed {self.seed}  code {self.code}  depth{'s' if len(self.depths) > 1 else ''}" \
            f" {depths}"


STAGES_MADE = {"layout": 0, "dressing": 0, "full": 0}
"""How many floors each stage was made for in this process (the tests read it: a layout query
dresses nothing)."""


def recipe_fields(recipe: FloorRecipe) -> Record:
    """Stage 0: what the recipe says, before any floor is made."""
    return {"depth": recipe.depth, "generator": recipe.generator, "width": recipe.width,
            "height": recipe.height, "size": f"{recipe.width}x{recipe.height}"}


def layout_fields(plan: FloorPlan, names: frozenset[str]) -> Record:
    """The layout's counts, and its fingerprint when the query names it (hashing the tiles
    costs a twentieth of laying them out)."""
    record: Record = {"rooms": len(plan.rooms), "teleporters": len(plan.teleporters)}
    if "fingerprint" in names:
        record["fingerprint"] = plan.fingerprint()
    return record


def dressing_fields(dressing: Dressing) -> Record:
    """The dressing's doors, stairs, encounters, vaults, merchants, captives, features, traps
    (doors and captives named as the catalog names them)."""
    held_by = {e.id: e.template for e in dressing.encounters}
    return {
        "door": ["reinforced" if d.reinforced else d.state for d in dressing.doors],
        "stair": [{"kind": s.kind, "direction": s.direction} for s in dressing.stairs],
        "encounter": [
            {"template": e.template, "tactic": e.tactic, "difficulty": e.difficulty,
             "monster": [m.kind for m in e.monsters], "size": len(e.monsters)}
            for e in dressing.encounters
        ],
        "monster": [m.kind for e in dressing.encounters for m in e.monsters],
        "vault": [{"item": [i.kind for i in v.items]} for v in dressing.vaults],
        "merchant": [
            {"kind": m.kind, "name": m.name,
             "ware": [w.kind for w in m.wares for _ in range(w.count)]}
            for m in dressing.merchants
        ],
        "captive": [{"kind": c.kind, "held_by": held_by.get(c.encounter, "")}
                    for c in dressing.captives],
        "feature": [f.name for f in dressing.features],
        "trap": [t.kind for t in dressing.traps],
        "gold": sum(t.gold for t in dressing.treasures),
    }


def floor_matches(query: Query, run: Run, recipe: FloorRecipe) -> bool:
    """Does this floor of the run match? Made stage by stage, only while the answer is open."""
    record = recipe_fields(recipe)
    answer = ask(query.root, record)
    if answer is not None or query.stage < 1:
        return bool(answer)
    plan = pipeline.layout(recipe, run.seed_hash)
    STAGES_MADE["layout"] += 1
    record |= layout_fields(plan, query.names)
    answer = ask(query.root, record)
    if answer is not None or query.stage < 2:
        return bool(answer)
    dressing = catalog.dressed(recipe, run, plan)
    STAGES_MADE["dressing"] += 1
    record |= dressing_fields(dressing)
    answer = ask(query.root, record)
    if answer is not None or query.stage < 3:
        return bool(answer)
    floor = catalog.furnished(recipe, run, plan, dressing)
    STAGES_MADE["full"] += 1
    record["item"] = [item.kind for item in floor.items]
    return bool(ask(query.root, record))


def run_matches(query: Query, run: Run) -> Match | None:
    """The run's match: every depth whose floor matches (None when none does)."""
    depths = tuple(recipe.depth for recipe in run.recipes if floor_matches(query, run, recipe))
    return Match(run.seed, run.code, depths) if depths else None

