"""Walking: bumps become attacks or door openings; teleporters and traps act on arrival."""

from __future__ import annotations

from game import tiles
from game.rules import allies, features, gear
from game.rules.actions import (
    Alternative,
    Attack,
    Impossible,
    Interact,
    OpenDoor,
    Result,
    Success,
)
from game.rules.progress import MAX_GOLD
from game.world.kinds import MessageKind
from game.world.model import PLAYER_ID, Actor, Game

DIRECTIONS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


def move(game: Game, actor: Actor, dx: int, dy: int) -> Result:
    floor = game.floor
    stumbling = "confused" in actor.effects and game.rng.chance(0.5)
    if stumbling:
        dx, dy = DIRECTIONS[game.rng.below(len(DIRECTIONS))]
    nx, ny = actor.x + dx, actor.y + dy
    if (dx, dy) == (0, 0) or not floor.in_bounds(nx, ny):
        return Impossible("You cannot go that way.")
    occupant = floor.monster_at(nx, ny)
    player = game.player
    if actor.id != PLAYER_ID and (nx, ny) == player.pos:
        return Alternative(Attack(PLAYER_ID))
    if occupant is not None:
        if actor.id == PLAYER_ID and occupant.ally:
            return allies.swap(game, occupant)
        if actor.id == PLAYER_ID and occupant.captive:
            return Alternative(Interact(nx, ny))  # freeing it (game.rules.allies)
        if actor.id == PLAYER_ID:
            return Alternative(Attack(occupant.id))
        return Impossible("blocked by another monster")
    tile = floor.tiles[ny, nx]
    if tile == tiles.DOOR:
        return Alternative(OpenDoor(nx, ny))
    if not tiles.WALKABLE[tile]:
        if stumbling:  # confusion chose the way, so the turn is lost (no free retries)
            if actor.id == PLAYER_ID:
                game.log("You stumble into the wall.", MessageKind.MAGIC)
            return Success()
        return Impossible("A wall blocks the way." if actor.id == PLAYER_ID else "blocked")
    if "webbed" in actor.effects:  # held fast: the turn goes on tearing at the strands
        if actor.id == PLAYER_ID:
            game.log("You struggle against the webs.", MessageKind.DANGER)
        return Success()
    seller = floor.merchant_at(nx, ny)
    if seller is not None and actor.id == PLAYER_ID and not stumbling:
        from game.rules.trade import greeting  # a merchant is met seldom: its rules load then

        return Impossible(greeting(game, seller))  # a bump trades: never an attack
    if floor.blocks_move(nx, ny):
        if actor.id == PLAYER_ID and not stumbling:
            return Alternative(Interact(nx, ny))
        return Success() if stumbling else Impossible("blocked")
    floor.relocate(actor, nx, ny)
    arrive(game, actor)
    turns = 1 + _burden(game, actor)
    feature = floor.features.get((nx, ny))
    if feature is None or game.outcome or game.floor is not floor:
        return Success(turns=turns)
    return Success(turns=turns + features.step_on(game, actor, (nx, ny), feature))


def _burden(game: Game, actor: Actor) -> int:
    """1 when the hero's heavy gear makes this step take an extra turn (its `move_cost` is the
    percent chance), else 0. Only a hero in such gear draws from the stream."""
    cost = gear.total(game.hero, "move_cost") if actor.id == PLAYER_ID else 0
    return int(cost > 0 and game.rng.below(100) < cost)


def arrive(game: Game, actor: Actor) -> None:
    """What happens on stepping onto a tile: a teleporter sends you on; a hidden trap fires."""
    floor = game.floor
    destination = floor.teleports.get(actor.pos)
    if destination is not None:
        blocked = floor.monster_at(*destination) is not None or (
            actor.id != PLAYER_ID and destination == game.player.pos
        )
        if blocked:
            if actor.id == PLAYER_ID:
                game.log("The teleporter hums, but something stands on the other end.")
        else:
            floor.relocate(actor, *destination)
            if actor.id == PLAYER_ID:
                game.log("The teleporter whisks you away!", MessageKind.MAGIC)
            elif floor.visible[destination[1], destination[0]]:
                game.log(f"The {actor.name} steps out of a teleporter.", MessageKind.MAGIC)
    if actor.id != PLAYER_ID:
        return
    trap = floor.traps.get(actor.pos)
    if trap is not None and not trap.spent and actor.pos not in floor.doors:
        if trap.found:
            game.log(f"You step carefully past the {trap.kind} trap.", MessageKind.DANGER)
        else:
            from game.rules.traps import spring

            spring(game, actor, actor.pos, trap)
    if game.outcome or game.floor is not floor:
        return  # dead, or fallen to the floor below: nothing more happens up here
    here = floor.items_at(*actor.pos)
    for item in [i for i in here if i.kind == "gold"]:
        game.hero.gold = min(game.hero.gold + item.amount, MAX_GOLD)
        floor.items.remove(item)
        game.log(f"You pick up {item.amount} gold.", MessageKind.ITEM)
    stair = floor.stairs.get(actor.pos)
    if stair is not None and stair.dead_end:
        game.log("These stairs are collapsed: they lead nowhere.", MessageKind.INFO)
