"""A run's dungeon: starting a game, making floors on first arrival, moving between floors.

A floor is made from its recipe alone (run seed, depth, generator, size, parameters), never from
the order in which floors are visited or from anything the player did.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from game import tiles
from game.content.backgrounds import DEFAULT, background_of
from game.content.items import UNKNOWN_KINDS, kind_of
from game.floorplan import Point, TeleporterPair
from game.pathing import UNREACHED, walk_distance
from game.run import Run
from game.seeds import Rng, derive
from game.world import pack
from game.world.build import build_floor
from game.world.fov import update_fov
from game.world.kinds import Landing, MessageKind
from game.world.model import PLAYER_ID, Actor, Floor, Game, Hero, Item

HERO_HP = 50
"""A lone hero on the bestiary's scale: about a 4e first-level fighter (AC 16 before armour,
+6 to hit, strength 3), since the monsters' bonuses assume such defences. The fighter of
assets/backgrounds.toml has these numbers; the other backgrounds are measured against it."""
STARTING_KIT = ("sword", "leather", "potion_healing", "potion_healing", "potion_healing",
                "food_ration", "food_ration")
"""The fighter's kit. Three potions: on the first floor a lone hero has no levels banked and no
finds yet, and that is where a new player learns the game. Two rations: the first floors' food
(game.rules.hunger)."""
UNARMED = "1d3"
"""The hero's own damage, with no weapon wielded."""


def new_game(run: Run, background: str = DEFAULT) -> Game:
    """A fresh run on floor 1, standing on its arrival stairs, the hero made by `background`
    (KeyError for an unknown one). The background sets only the hero: the floors, the play rng
    and every id the floors use are the run's alone, so one run code is one dungeon whatever
    the player chose."""
    chosen = background_of(background)
    player = Actor(
        id=PLAYER_ID, kind="player", name="you", glyph=tiles.HERO_GLYPH, color=tiles.HERO_COLOUR,
        x=0, y=0, hp=chosen.hp, max_hp=chosen.hp, ac=chosen.ac, attack=chosen.attack,
        damage=UNARMED,
    )
    hero = Hero(strength=chosen.strength, background=chosen.key, talents=[chosen.signature])
    game = Game(run=run, player=player, hero=hero, rng=Rng(derive(run.seed_hash, "play")),
                actions=[])  # a new run is recorded from its first action
    for kind in chosen.kit:
        game.hero.inventory.append(Item(game.new_id(), kind))
    for kind in chosen.equip:
        item = next(i for i in game.hero.inventory if i.kind == kind)
        game.hero.equipment[kind_of(kind).slot] = item.id
    pack.settle(game.hero)
    # the hero knows the potions, scrolls and wands it set out with
    game.identified = sorted({k for k in chosen.kit if kind_of(k).kind in UNKNOWN_KINDS})
    game.log(f"Welcome to Delve. Run code {run.code} (seed {run.seed!r}). Press ? for help.",
             MessageKind.PROGRESS)
    if chosen.key != DEFAULT:
        article = "an" if chosen.name[:1].lower() in "aeiou" else "a"
        game.log(f"You set out as {article} {chosen.name.lower()}.", MessageKind.PROGRESS)
    change_floor(game, 1, "arrival")
    return game


def floor_at(game: Game, depth: int) -> Floor:
    """The floor at `depth`, made now if this is the first visit."""
    if depth not in game.floors:
        recipe = game.run.recipes[depth - 1]
        game.floors[depth] = build_floor(recipe, game.run.seed_hash, boss=depth == game.last_depth)
    return game.floors[depth]


def change_floor(game: Game, depth: int, where: Landing) -> None:
    """Put the player on `depth`: at its "arrival", its "exit" (coming up) or a "random" spot."""
    floor = floor_at(game, depth)
    if where == "arrival":
        spot = floor.arrival
    elif where == "exit":
        spot = floor.exits[0]
    else:
        spot = random_free_spot(game, floor, safe=True)
    game.depth = depth
    game.player.x, game.player.y = _free_near(floor, spot)
    update_fov(floor, game.player.x, game.player.y)
    recipe = game.run.recipes[depth - 1]
    game.log(
        f"Depth {depth}: a {recipe.generator} floor (fingerprint {floor.fingerprint}).",
        MessageKind.PROGRESS,
    )
    stair = floor.stairs.get(game.player.pos)
    if stair is not None and stair.direction == "both" and not stair.dead_end:
        # the @ hides it, and a newcomer on ember-fox-3 never learnt that the shaft went down
        game.log(f"You stand on a {stair.kind.replace('_', ' ')}: it leads up and down"
                 " (< climbs, > descends).")


def fall(game: Game, depth: int) -> None:
    """Drop through the floor to a random spot of the floor below."""
    change_floor(game, depth, "random")


def random_free_spot(game: Game, floor: Floor, safe: bool = False) -> Point:
    """A random plain floor tile with nothing on it or in it: no door, stairs, teleporter, trap,
    feature, monster, or the player. With `safe`, only where the arrival can be walked to without
    a key: a player sent there by a trap or a scroll is never shut in behind a sealed door."""
    free = floor.tiles == tiles.FLOOR
    if safe:
        free &= _open_from_arrival(floor)
    for monster in floor.monsters:
        free[monster.y, monster.x] = False
    for x, y in [*floor.traps, *floor.features, *(m.pos for m in floor.merchants)]:
        free[y, x] = False
    if game.floors.get(game.depth) is floor:
        free[game.player.y, game.player.x] = False
    spots = np.argwhere(free)
    if len(spots) == 0:
        return floor.arrival
    y, x = spots[game.rng.below(len(spots))]
    return (int(x), int(y))


def _open_from_arrival(floor: Floor) -> NDArray[np.bool_]:
    """Tiles joined to the arrival without passing a sealed door (teleporters count)."""
    walk = floor.walkable()
    for (x, y), door in floor.doors.items():
        if door.sealed and not door.is_open:
            walk[y, x] = False
    pairs = [TeleporterPair(a, b) for a, b in floor.teleports.items() if a < b]
    reached: NDArray[np.bool_] = walk_distance(walk, [floor.arrival], pairs) != UNREACHED
    return reached


def _free_near(floor: Floor, spot: Point) -> Point:
    """`spot`, or the nearest walkable tile to it that no monster stands on."""
    if floor.monster_at(*spot) is None:
        return spot
    walk = floor.walkable()
    for monster in floor.monsters:
        walk[monster.y, monster.x] = False
    spots = np.argwhere(walk)
    if len(spots) == 0:
        return spot
    order = np.abs(spots[:, 1] - spot[0]) + np.abs(spots[:, 0] - spot[1])
    y, x = spots[int(np.argmin(order))]
    return (int(x), int(y))


def spots_near(game: Game, floor: Floor, spot: Point, count: int) -> list[Point]:
    """Up to `count` plain free floor tiles nearest `spot` by walk (no monster, the player, trap
    or feature on them), nearest first, ties in reading order: where allies who came down the
    stairs with the hero stand."""
    if count <= 0:
        return []
    walk = floor.walkable()
    dist = walk_distance(walk, [spot])
    free = (floor.tiles == tiles.FLOOR) & (dist != UNREACHED) & (dist > 0)
    for monster in floor.monsters:
        if monster.alive:
            free[monster.y, monster.x] = False
    for x, y in [*floor.traps, *floor.features, game.player.pos]:
        free[y, x] = False
    ys, xs = np.nonzero(free)
    order = sorted(zip(dist[ys, xs].tolist(), ys.tolist(), xs.tolist(), strict=True))
    return [(x, y) for _, y, x in order[:count]]


def drop_gold(game: Game, floor: Floor, spot: Point, amount: int) -> None:
    floor.items.append(Item(game.new_id(), "gold", spot[0], spot[1], amount=amount))
