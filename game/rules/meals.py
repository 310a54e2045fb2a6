"""Meals and the hunger clock's turn: food runs down, warnings, faints, starving, eating.

The states and their numbers are game.rules.hunger's."""

from __future__ import annotations

from game.content.items import kind_of
from game.rules import combat
from game.rules.actions import Impossible, Result, Success
from game.rules.hunger import (
    FAINT_CHANCE,
    FAINT_TURNS,
    FOOD_MAX,
    FULL,
    STARVE_EVERY,
    STARVING,
    STATES,
    UNCONSCIOUS,
    WARNINGS,
    state,
)
from game.world.kinds import MessageKind
from game.world.model import Game


def tick(game: Game) -> None:
    """One turn's hunger: a food gone, a warning on a worse state, a faint, a starving wound."""
    hero, player = game.hero, game.player
    before = state(hero)
    hero.food -= 1
    now = state(hero)
    if now != before and STATES.index(now) > STATES.index(before):
        game.log(WARNINGS[now], MessageKind.DANGER)
    if hero.food <= 0 and UNCONSCIOUS not in player.effects and game.rng.chance(FAINT_CHANCE):
        player.effects[UNCONSCIOUS] = game.rng.roll(FAINT_TURNS) + 1  # this turn's tick spends one
        game.log("You faint from hunger.", MessageKind.DANGER)
    if hero.food <= STARVING and game.turn % STARVE_EVERY == 0:
        player.hp -= 1
        game.log("Hunger gnaws at you.", MessageKind.HURT)
        if player.hp <= 0:
            combat.die(game, player, None, cause=f"starved on depth {game.depth}")


def fainted(game: Game) -> bool:
    """The hero lies in a faint: turns pass without it (the turn loop asks after each action)."""
    return UNCONSCIOUS in game.player.effects


def eat(game: Game, item_id: int) -> Result:
    """Eat a carried food item (a turn): its nutrition back, up to FOOD_MAX."""
    hero = game.hero
    item = next((i for i in hero.inventory if i.id == item_id), None)
    if item is None:
        return Impossible("You do not have that.")
    kind = kind_of(item.kind)
    if kind.kind != "food":
        return Impossible(f"You cannot eat the {kind.name}.")
    if hero.food > FULL:
        return Impossible("You are too full to eat.")
    before = state(hero)
    hero.inventory.remove(item)
    hero.food = min(FOOD_MAX, hero.food + kind.nutrition)
    game.log(f"You eat the {kind.name}.", MessageKind.ITEM)
    if before and not state(hero):
        game.log("You are no longer hungry.", MessageKind.BOON)
    return Success()
