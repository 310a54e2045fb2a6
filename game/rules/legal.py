"""The legal set: whether an action is one the current state allows at all, before any rule
runs. `perform` asks this first for every action, whoever built it (the interface, the bot, a
replay file), so a forged action (a ten-square step, an attack on a monster out of sight, an item
the hero does not carry) is refused as Illegal and can never change the game.

An illegal action differs from an impossible one: walking into a wall is a legal one-square step
that the rules then refuse; a step of ten squares is not an action the game has at all.
"""

from __future__ import annotations

from game.floorplan import king_distance, king_length
from game.rules import combat, gear
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
    Interact,
    Move,
    Offer,
    OpenDoor,
    OrderAllies,
    Quiver,
    Sell,
    Shove,
    TakeStairs,
    Throw,
    Use,
    UseTalent,
    Zap,
)
from game.rules.progress import level_choice_refused
from game.rules.talents import actives
from game.world.model import PLAYER_ID, Actor, Game


def illegal(game: Game, actor: Actor, action: Action) -> str:
    """Why `actor` may not take `action` in this state ("" when it may)."""
    match action:
        case Move(dx, dy) | Shove(dx, dy):
            if king_length(dx, dy) != 1:
                return f"A step is one square, not ({dx}, {dy})."
        case Attack(target):
            return _attack(game, actor, target)
        case OpenDoor(x, y) | CloseDoor(x, y):
            if king_distance(actor.pos, (x, y)) != 1:
                return "That is not next to you."
        case Interact(x, y) if (x, y) != (-1, -1):
            if king_distance(actor.pos, (x, y)) > 1:
                return "That is not here or next to you."
        case (Drop() | Equip() | Use() | Zap() | TakeStairs() | ChooseLevelUp() | Fire() | Throw()
              | Quiver() | Eat()) if actor.id != PLAYER_ID:
            return "Only the hero carries items, takes stairs and gains levels."
        case (Drop(item) | Equip(item) | Use(item, _) | Zap(item, _) | Throw(item, _) | Quiver(item)
              | Eat(item)):
            if not any(carried.id == item for carried in game.hero.inventory):
                return "You do not have that."
            if isinstance(action, Use | Zap | Throw) and action.target is not None:
                return _target(game, action.target)
        case Fire(target):
            return _target(game, target)
        case TakeStairs(direction):
            if game.player.pos not in game.floor.stairs:
                return f"There are no stairs {direction} here."
        case OrderAllies() if actor.id != PLAYER_ID:
            return "Only the hero gives orders."
        case GiveUp() if actor.id != PLAYER_ID:
            return "Only the hero gives up the run."
        case ChooseLevelUp(choice):
            return level_choice_refused(game, choice)
        case UseTalent(key, target):
            if actor.id != PLAYER_ID or key not in actives(game.hero):
                return f"You have no active talent {key!r}."
            if target is not None:
                return _target(game, target)
        case Buy(merchant, _) | Sell(merchant, _):
            return _trade(game, actor, merchant)
        case Offer(x, y, gold):
            if actor.id != PLAYER_ID:
                return "Only the hero makes offerings."
            if king_distance(actor.pos, (x, y)) > 1:
                return "That is not here or next to you."
            if not 0 < gold <= game.hero.gold:
                return f"You cannot offer {gold} gold (you have {game.hero.gold})."
    return ""


def _trade(game: Game, actor: Actor, merchant: int) -> str:
    """The hero trades with a merchant of this floor standing beside it."""
    if actor.id != PLAYER_ID:
        return "Only the hero trades."
    found = next((m for m in game.floor.merchants if m.id == merchant), None)
    if found is None:
        return "There is no such merchant here."
    if king_distance(actor.pos, found.pos) != 1:
        return f"{found.name} is not next to you."
    return ""


def _attack(game: Game, actor: Actor, target: int) -> str:
    """An attack names a living actor on this floor within reach; the hero attacks only what
    it sees or touches (a bump finds an unseen monster)."""
    if target == actor.id:
        return "You cannot attack yourself."
    if target == PLAYER_ID:
        defender = game.player
    else:
        found = next((m for m in game.floor.monsters if m.id == target and m.alive), None)
        if found is None:
            return "There is nothing there to attack."
        defender = found
    distance = king_distance(actor.pos, defender.pos)
    hero = actor.id == PLAYER_ID
    reach = max(actor.reach, gear.melee_reach(game.hero)) if hero else actor.reach
    if distance > reach:
        return "That is out of reach."
    if hero and distance > actor.reach and len(combat.line_of_fire(
            game, actor.pos, defender.pos, distance)) < distance - 1:
        return "Something is in the way."
    if actor.id == PLAYER_ID and distance > 1 and not game.floor.visible[defender.y, defender.x]:
        return "You cannot see anything there."
    return ""


def _target(game: Game, target: tuple[int, int]) -> str:
    """An item's target is a square of this floor."""
    height, width = game.floor.tiles.shape
    x, y = target
    if not (0 <= x < width and 0 <= y < height):
        return "That is not a place on this floor."
    return ""
