"""Dispatch: one function per verb, each returning Success, Impossible or Alternative."""

from __future__ import annotations

from game.floorplan import king_distance
from game.rules import (
    allies,
    combat,
    doors,
    feats,
    features,
    items,
    meals,
    missiles,
    movement,
    progress,
    shove,
    stairs,
    trade,
    traps,
    wands,
)
from game.rules.actions import (
    Action,
    Attack,
    Buy,
    ChooseLevelUp,
    CloseDoor,
    Drop,
    Eat,
    Equip,
    Fire,
    GiveUp,
    Illegal,
    Impossible,
    Interact,
    Move,
    Offer,
    OpenDoor,
    OrderAllies,
    PickUp,
    Quiver,
    Rest,
    Result,
    Search,
    Sell,
    Shove,
    Success,
    TakeStairs,
    Throw,
    Use,
    UseTalent,
    Wait,
    Zap,
)
from game.rules.legal import illegal
from game.world import pack
from game.world.kinds import MessageKind, Outcome
from game.world.model import PLAYER_ID, Actor, Game


def perform(game: Game, actor: Actor, action: Action) -> Result:
    """Do `action` for `actor`: first the legal-set check (game.rules.legal), which nothing
    bypasses, then the verb's own rules."""
    refused = illegal(game, actor, action)
    if refused:
        return Illegal(refused)
    result = _verb(game, actor, action)
    if actor.id == PLAYER_ID:
        pack.settle(game.hero)  # what came or went this action: letters stay put
    return result


def _verb(game: Game, actor: Actor, action: Action) -> Result:
    """The verb's own rules, once the action is known to be legal."""
    match action:
        case Move(dx, dy):
            return movement.move(game, actor, dx, dy)
        case Shove(dx, dy):
            return shove.shove(game, actor, dx, dy)
        case Attack(target):
            return _attack(game, actor, target)
        case Wait():
            return Success()
        case OpenDoor(x, y):
            return doors.open_door(game, actor, x, y)
        case CloseDoor(x, y):
            return doors.close_door(game, actor, x, y)
        case Search():
            return traps.search(game, actor)
        case Rest():
            return traps.search(game, actor, quiet=True)
        case Fire(target):
            return missiles.fire(game, target)
        case Throw(item, target):
            return missiles.throw(game, item, target)
        case Quiver(item):
            return missiles.quiver(game, item)
        case Interact(x, y):
            captive = allies.captive_beside(game, actor, x, y)
            if captive is not None:
                return allies.free(game, captive)
            return features.interact(game, actor, x, y)
        case Eat(item):
            return meals.eat(game, item)
        case TakeStairs(direction):
            return stairs.take_stairs(game, direction)
        case PickUp(auto):
            return items.pick_up(game, auto)
        case Drop(item):
            return items.drop(game, item)
        case Use(item, target):
            return items.use(game, item, target)
        case Zap(item, target):
            return wands.zap(game, item, target)
        case Equip(item):
            return items.equip(game, item)
        case ChooseLevelUp(choice):
            reason = progress.choose(game, choice)
            return Impossible(reason) if reason else Success(turns=0)
        case Buy(merchant, item):
            return trade.buy(game, merchant, item)
        case Sell(merchant, item):
            return trade.sell(game, merchant, item)
        case Offer(x, y, gold):
            return features.offer(game, actor, (x, y), gold)
        case UseTalent(key, target):
            return feats.use(game, key, target)
        case OrderAllies(wait):
            return allies.order(game, wait)
        case GiveUp():
            return _give_up(game)


def _give_up(game: Game) -> Result:
    """End the run here, as a death would: no monster acts again (the action takes no time)."""
    game.outcome, game.cause = Outcome.DEAD, progress.GAVE_UP
    game.log("You give up the run.", MessageKind.PROGRESS)
    return Success(turns=0)


def _attack(game: Game, actor: Actor, target: int) -> Result:
    """The legal-set check has found `target` alive and in reach."""
    defender = game.player if target == PLAYER_ID else next(
        m for m in game.floor.monsters if m.id == target and m.alive)
    if _touching(actor, defender) or actor.id == PLAYER_ID:  # the hero's long weapon: melee
        combat.attack(game, actor, defender)
    else:  # a monster's shot from afar: the first creature on the line takes it
        combat.shoot(game, actor, defender.pos, combat.Missile(actor.reach))
    return Success()


def _touching(a: Actor, b: Actor) -> bool:
    return king_distance(a.pos, b.pos) <= 1
