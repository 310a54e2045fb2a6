"""The dressing pass: door types, chamber contents, stairs kinds, keys, traps, treasure,
encounters and vaults onto a finished layout, from the dice tables and the bestiary.

It runs on its own stream, `dressing_rng(run_seed, depth, generator)`, a sibling of the layout
stream, and never changes the plan: editing a table or the bestiary never moves a wall. Each
purpose draws from its own named fork of that stream (doors, stairs, keys, contents, things,
encounters), so adding a monster to the bestiary changes no door, key, stairs or contents. Within
a fork the draws that decide types come before the draws that place things (door types before
door traps, stairs kinds before dead-end spots, contents before features). Features go on
tiles last, on their own fork, so placing them moves nothing else; merchants after them, on theirs,
then captives, on theirs (game.dressing.captives).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from game.content.bestiary import Bestiary, default_bestiary
from game.dressing.areas import Space, build_areas
from game.dressing.budget import PARTY, RULESETS
from game.dressing.captives import place_captives
from game.dressing.contents import door_traps, dress_contents, place_room_traps, place_treasure
from game.dressing.doors import dress_doors
from game.dressing.encounters import dress_encounters
from game.dressing.features import place_features
from game.dressing.keys import place_keys
from game.dressing.merchants import place_merchants
from game.dressing.model import (
    Area,
    Captive,
    Contents,
    DoorDressing,
    Dressing,
    Encounter,
    Feature,
    Key,
    Merchant,
    Monster,
    StairDressing,
    Trap,
    Treasure,
    Vault,
    VaultItem,
    Ware,
)
from game.dressing.stairs import dress_stairs, place_dead_ends
from game.dressing.vaults import dress_vaults
from game.floorplan import FloorPlan, ParamValue
from game.params import Param, resolve
from game.seeds import Rng, dressing_rng
from game.tables import TableSet, default_tables

DRESSING_PARAMS: Final = (
    Param(
        "ruleset", "4e", "encounter budget per 80x50 floor: 4e 10, 3.5 13, pathfinder 13/20/40",
        choices=tuple(RULESETS),
    ),
    Param("boss", False, "add the boss encounter, guarding a relic (the last floor of a run)"),
    Param("party", PARTY, "heroes the encounters are built for (the game has one)", 1, 8),
)

__all__ = [
    "DRESSING_PARAMS",
    "Area",
    "Captive",
    "Contents",
    "DoorDressing",
    "Dressing",
    "Encounter",
    "Feature",
    "Key",
    "Merchant",
    "Monster",
    "StairDressing",
    "Trap",
    "Treasure",
    "Vault",
    "VaultItem",
    "Ware",
    "dress",
    "dress_floor",
]


def dress(
    plan: FloorPlan,
    rng: Rng,
    depth: int,
    params: Mapping[str, str | ParamValue] | None = None,
    *,
    tables: TableSet | None = None,
    bestiary: Bestiary | None = None,
) -> Dressing:
    """Dress one floor. `params` are DRESSING_PARAMS as text or values (ParamError if bad)."""
    if depth < 1:
        raise ValueError(f"depth {depth} is below 1")
    values = resolve(DRESSING_PARAMS, params or {}, "the dressing")
    ruleset, boss = str(values["ruleset"]), bool(values["boss"])
    tables = tables or default_tables()
    bestiary = bestiary or default_bestiary()
    amap = build_areas(plan)
    space = Space(plan, amap)
    stairs_rng, doors_rng, things_rng = rng.fork("stairs"), rng.fork("doors"), rng.fork("things")
    stairs, waiting = dress_stairs(plan, depth, stairs_rng, tables)
    for stair in stairs:
        space.take(stair.point)
    doors, keys = place_keys(
        plan, dress_doors(plan.doors, doors_rng, tables), rng.fork("keys"), space
    )
    stairs += place_dead_ends(waiting, space, stairs_rng, depth)
    contents = dress_contents(plan, amap.areas, rng.fork("contents"), tables)
    traps = door_traps(doors, doors_rng, depth, plan.arrival)
    traps += place_room_traps(contents, space, things_rng, depth, len(traps) + 1)
    treasures = place_treasure(contents, space, things_rng, depth)
    met = dress_encounters(
        space, contents, rng.fork("encounters"), depth, ruleset, boss, bestiary, tables,
        len(traps) + 1, int(values["party"]),
    )
    features = place_features(contents, space, rng.fork("features"))
    doors, keys, vaults = dress_vaults(
        plan, doors, keys, space, depth, rng.fork("vaults"), met.relic
    )
    merchants = place_merchants(space, met.encounters, depth, boss, rng.fork("merchants"),
                                vaulted=tuple(v.area for v in vaults if v.area is not None))
    captives = place_captives(space, amap.areas, met.encounters, rng.fork("captives"), depth,
                              bestiary)
    return Dressing(
        depth=depth,
        ruleset=ruleset,
        boss=boss,
        areas=amap.areas,
        doors=tuple(doors),
        contents=tuple(contents),
        stairs=tuple(stairs),
        keys=tuple(keys),
        traps=tuple(traps) + met.traps,
        treasures=tuple(treasures) + met.hoards,
        encounters=met.encounters,
        relic=met.relic,
        features=tuple(features),
        vaults=vaults,
        merchants=merchants,
        captives=captives,
    )


def dress_floor(
    plan: FloorPlan, run_seed: int, depth: int,
    params: Mapping[str, str | ParamValue] | None = None,
) -> Dressing:
    """Dress a floor on its own stream: the recipe (run seed, depth, generator) alone decides."""
    return dress(plan, dressing_rng(run_seed, depth, plan.generator), depth, params)
