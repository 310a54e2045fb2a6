"""The floor pipeline's last stage: a dressed layout furnished as the runtime Floor, with its
doors, traps, stairs, teleporters, monsters and items (the first stages are in game.pipeline).

Everything here is decided by the floor's recipe alone: the layout and dressing streams come from
(run seed, depth, generator), and the few choices made here (how monsters start out, which loot
lies where) use a third stream of the same floor seed, "spawn".
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from numpy.typing import NDArray

from game import pipeline, tiles
from game.content.bestiary import MonsterKind, default_bestiary
from game.content.items import ItemKind, found_amount, item_kinds, kind_of
from game.dressing import Dressing
from game.dressing.stairs import drawn_stairs
from game.floorplan import FloorPlan, Point
from game.run.recipe import FloorRecipe
from game.seeds import Rng, floor_seed
from game.world.kinds import Mode, Part
from game.world.model import (
    NORMAL_SPEED,
    Actor,
    DoorState,
    FeatureState,
    Floor,
    Item,
    Merchant,
    StairInfo,
    Trap,
)

SQUARES_PER_TURN = 6
"""The bestiary gives speed in squares a turn (6 is an ordinary walker): that is NORMAL_SPEED."""
HP_SCALE = 0.5
"""The bestiary's hit points are for a party of adventurers; the game has one hero."""
WANDER_CHANCE = 0.15
LOOT_PER_AREA = 0.6
"""Chance that an area holds a find: raised from 0.5 when the items file grew from 17 kinds to 44,
so that healing potions (a smaller share of a larger list) stay about as common on floor 1."""


def id_block(depth: int) -> int:
    """Ids of things made with a floor come from a block of their own, so that they do not depend
    on the order floors are visited in (the game's own counter stays below the first block)."""
    return depth * 1_000_000


def build_floor(recipe: FloorRecipe, run_seed: int, boss: bool) -> Floor:
    """The runtime floor of `recipe`, through every stage of the pipeline."""
    plan = pipeline.layout(recipe, run_seed)
    return furnish(recipe, plan, pipeline.dress(recipe, plan, run_seed, boss), run_seed)


def furnish(recipe: FloorRecipe, plan: FloorPlan, dressing: Dressing, run_seed: int) -> Floor:
    """The pipeline's last stage: the runtime floor of a dressed layout, its monsters and items
    numbered from the depth's id block."""
    floor = Floor(
        depth=recipe.depth,
        generator=recipe.generator,
        fingerprint=plan.fingerprint(),
        tiles=plan.tiles.copy(),
        explored=np.zeros(plan.tiles.shape, dtype=np.bool_),
        visible=np.zeros(plan.tiles.shape, dtype=np.bool_),
        arrival=plan.arrival,
        exits=plan.exits,
    )
    for pair in plan.teleporters:
        floor.teleports[pair.a] = pair.b
        floor.teleports[pair.b] = pair.a
    _stairs(floor, plan, dressing)
    _doors_and_traps(floor, dressing)
    _areas(floor, dressing)
    for feature in dressing.features:
        floor.features[feature.point] = FeatureState(feature.name, feature.effect)
    first_id = id_block(recipe.depth)
    ids = iter(range(first_id, first_id + 10_000_000))
    spawn = Rng(floor_seed(run_seed, recipe.depth, recipe.generator)).fork("spawn")
    _monsters(floor, dressing, ids, spawn)
    _items(floor, dressing, ids, spawn)
    _merchants(floor, dressing, ids)
    _purses(floor, Rng(floor_seed(run_seed, recipe.depth, recipe.generator)).fork("purses"))
    _captives(floor, dressing, ids)
    return floor


PURSE_CHANCE = 0.25
PURSE = "1d6"
"""A monster that opens doors (a thinking one: kobolds, orcs, bandits) carries a purse with
PURSE_CHANCE, of PURSE x depth gold, dropped where it dies (game.rules.abilities.on_death):
gold now buys things (game.rules.trade), and a fight for it should pay. A thief carries none:
its purse is what it steals."""


def _purses(floor: Floor, rng: Rng) -> None:
    """Purses for the floor's monsters, in id order, on their own stream: the floor's other
    rolls stay as they were."""
    bestiary = default_bestiary()
    for monster in floor.monsters:
        kind = bestiary.get(monster.kind)
        if not kind.opens_doors or any(a.use == "steal" for a in kind.abilities):
            continue
        if rng.chance(PURSE_CHANCE):
            monster.carried = rng.roll(PURSE) * floor.depth


def _merchants(floor: Floor, dressing: Dressing, ids: Iterator[int]) -> None:
    """The dressing's merchants with their wares (numbered after the floor's other items), and
    a shop's room named as one."""
    for placed in dressing.merchants:
        wares = [Item(next(ids), ware.kind, amount=found_amount(kind_of(ware.kind)))
                 for ware in placed.wares for _ in range(ware.count)]
        floor.merchants.append(Merchant(placed.id, placed.name, placed.kind, placed.x, placed.y,
                                        wares))
        if placed.kind == "shop" and 0 < placed.area <= len(floor.areas):
            x, y, w, h, text = floor.areas[placed.area - 1]
            floor.areas[placed.area - 1] = (x, y, w, h, f"{placed.name}'s shop ({text})")


def _stairs(floor: Floor, plan: FloorPlan, dressing: Dressing) -> None:
    floor.tiles = drawn_stairs(floor.tiles, dressing.stairs)
    for stair in dressing.stairs:
        floor.stairs[stair.point] = StairInfo(
            stair.kind, stair.direction, stair.dead_end, tuple(stair.leads_to)
        )
    for own in plan.stairs:  # the plan's own stairs always work, whatever the dressing says
        if (own.x, own.y) not in floor.stairs:
            leads = (floor.depth - 1,) if own.kind == "up" else (floor.depth + 1,)
            floor.stairs[(own.x, own.y)] = StairInfo("stairs", own.kind, False, leads)


def _doors_and_traps(floor: Floor, dressing: Dressing) -> None:
    for door in sorted(dressing.doors, key=lambda d: (d.y, d.x)):
        floor.doors[door.point] = DoorState(
            material=door.material, quality=door.quality, state=door.state, dc=door.dc,
            trapped=door.trapped, opening=door.opening, reinforced=door.reinforced,
            key_id=None if door.key is None else str(door.key),
        )
    for trap in sorted(dressing.traps, key=lambda t: t.id):
        floor.traps[trap.point] = Trap(trap.kind, trap.search_dc)
    for treasure in dressing.treasures:
        floor.treasure[(treasure.x, treasure.y)] = treasure.gold


def _areas(floor: Floor, dressing: Dressing) -> None:
    contents = {c.area: c for c in dressing.contents}
    for area in dressing.areas:
        words = {"room": "a room", "pocket": "a cave pocket", "sector": "part of the floor",
                 "corridor": "a stretch of corridor"}[area.source]
        found = contents.get(area.id)
        features = [] if found is None else [*found.minor, *found.major]
        text = f"{words} (area {area.id})"
        if features:
            text += ": " + ", ".join(features[:6]).lower()
        floor.areas.append((area.x, area.y, area.w, area.h, text))


def monster_from(kind: MonsterKind, monster_id: int, at: Point, elite: bool) -> Actor:
    """A bestiary kind made into an actor on the game's scale."""
    hp = max(1, round(kind.hp * HP_SCALE)) * (2 if elite else 1)
    return Actor(
        id=monster_id, kind=kind.key, name=("elite " if elite else "") + kind.name.lower(),
        glyph=kind.glyph, color=kind.colour, x=at[0], y=at[1], hp=hp, max_hp=hp, ac=kind.ac,
        attack=kind.attack, damage=kind.damage,
        speed=max(1, round(kind.speed * NORMAL_SPEED / SQUARES_PER_TURN)),
        xp=kind.xp * (2 if elite else 1), role=kind.role, opens_doors=kind.opens_doors,
        reach=max(1, kind.range),
    )


def part_of(tactic: str, kind: MonsterKind, boss: bool) -> Part:
    """A monster's place in its encounter's tactic, from its role and reach."""
    match tactic:
        case "hamper":
            return "controller" if kind.role == "controller" else "striker"
        case "screen":
            return "commander" if kind.role == "leader" else "troop"
        case "den":
            return "beast"
        case "lines":
            return "archer" if kind.range > 0 else "melee"
        case "flank":
            return "wolf"
        case "lair":
            return "boss" if boss else "troop"
    return ""


def _monsters(floor: Floor, dressing: Dressing, ids: Iterator[int], spawn: Rng) -> None:
    bestiary = default_bestiary()
    for encounter in sorted(dressing.encounters, key=lambda e: e.id):
        for placed in encounter.monsters:
            kind = bestiary.get(placed.kind)
            actor = monster_from(kind, next(ids), placed.point, placed.elite or placed.boss)
            actor.group = encounter.id
            actor.tactic = encounter.tactic
            actor.part = part_of(encounter.tactic, kind, placed.boss)
            actor.band = len(encounter.monsters)
            if actor.part in ("beast", "boss") or placed.role == "solo":
                actor.mode, actor.home = Mode.GUARD, placed.point
            elif spawn.chance(WANDER_CHANCE):
                actor.mode = Mode.WANDER
            floor.monsters.append(actor)


def _captives(floor: Floor, dressing: Dressing, ids: Iterator[int]) -> None:
    """The shackled captives (game.rules.allies): numbered after everything else of the floor,
    so a floor without one numbers its monsters and items as before."""
    bestiary = default_bestiary()
    for captive in dressing.captives:
        actor = monster_from(bestiary.get(captive.kind), next(ids), captive.point, False)
        actor.captive, actor.mode = True, Mode.GUARD
        actor.xp = 0  # no foe: killing a prisoner earns nothing
        floor.monsters.append(actor)


def _items(floor: Floor, dressing: Dressing, ids: Iterator[int], spawn: Rng) -> None:
    """Keys where the dressing put them, the relic, loot scattered over the areas and the
    vaults' items on their pedestals."""
    for key in sorted(dressing.keys, key=lambda k: k.id):
        floor.items.append(Item(next(ids), "key", key.x, key.y, key_for=key.door))
    if dressing.relic is not None:
        floor.items.append(Item(next(ids), "relic", *dressing.relic))
    kinds = [k for k in sorted(item_kinds().values(), key=lambda k: k.key)
             if k.weight > 0 and k.depth[0] <= floor.depth <= k.depth[1]]
    if kinds:
        _loot(floor, dressing, ids, spawn, kinds)
    for vault in dressing.vaults:  # after the loot: a floor's other items keep their ids
        floor.items.extend(Item(next(ids), placed.kind, *placed.point,
                                amount=found_amount(item_kinds()[placed.kind]), vault=vault.id)
                           for placed in vault.items)


def _loot(
    floor: Floor, dressing: Dressing, ids: Iterator[int], spawn: Rng, kinds: list[ItemKind]
) -> None:
    """Loot scattered over the areas, clear of what lies there already and of vaults' items."""
    free = floor.tiles == tiles.FLOOR
    taken = [item.pos for item in floor.items] + list(floor.stairs) + list(floor.teleports)
    taken += [*floor.traps, *(m.pos for m in floor.monsters), floor.arrival]
    taken += [item.point for vault in dressing.vaults for item in vault.items]
    taken += [m.point for m in dressing.merchants]
    for tx, ty in taken:
        free[ty, tx] = False
    weights = [k.weight for k in kinds]
    vaults = {vault.area for vault in dressing.vaults}
    for area in dressing.areas:
        if not spawn.chance(LOOT_PER_AREA):
            continue
        kind = kinds[spawn.weighted_index(weights)]
        if area.id in vaults:
            continue  # a vault holds its pedestals' items alone: taking one clears it
        spot = _free_spot_in(free, (area.x, area.y, area.w, area.h), spawn)
        if spot is not None:
            free[spot[1], spot[0]] = False
            floor.items.extend(Item(next(ids), kind.key, *spot, amount=found_amount(kind))
                               for _ in range(bundle_size(kind, spawn)))


def bundle_size(kind: ItemKind, rng: Rng) -> int:
    """How many lie together where one is found: half to all of `bundle` (1 unbundled)."""
    if kind.bundle <= 1:
        return 1
    return rng.randint((kind.bundle + 1) // 2, kind.bundle)


def _free_spot_in(
    free: NDArray[np.bool_], box: tuple[int, int, int, int], spawn: Rng
) -> Point | None:
    """A random free floor tile of the box (reading order, one draw), or None."""
    x, y, w, h = box
    ys, xs = np.nonzero(free[y : y + h, x : x + w])
    if len(ys) == 0:
        return None
    pick = spawn.below(len(ys))
    return int(xs[pick]) + x, int(ys[pick]) + y
