"""Hunger: the hero's food runs down a turn at a time, and eating puts it back.

Time costs food, so resting is a choice and not free: a hero who explores a floor and moves on
finds more food than it eats (about one ration a floor, FOOD_START and the starting kit's
rations ahead), while one who rests to full after every fight runs short. The states and what
each costs, from the food left (`Hero.food`):

    above HUNGRY        fed
    HUNGRY .. WEAK      Hungry: a warning only
    WEAK .. 0           Weak: no natural healing (the turn loop asks `heals`)
    0 .. STARVING       Fainting: each turn a FAINT_CHANCE to pass out for a few turns
    STARVING and below  Starving: faints, and one hit point lost every STARVE_EVERY turns
                        until the hero eats or dies ("starved")
"""

from __future__ import annotations

from typing import Final

from game.content.items import kind_of
from game.rules import combat
from game.rules.actions import Impossible, Result, Success
from game.world.kinds import MessageKind
from game.world.model import FOOD_START, Game, Hero

__all__ = ["FOOD_START"]

FOOD_MAX: Final = 2000
"""The most food the hero holds: more eaten is wasted."""
FULL: Final = 1500
"""Above this the hero is too full to eat."""
HUNGRY: Final = 300
WEAK: Final = 100
STARVING: Final = -200
FAINT_CHANCE: Final = 0.08
FAINT_TURNS: Final = "1d4+1"
"""How long a faint lasts: the hero lies helpless while the monsters act."""
STARVE_EVERY: Final = 4
UNCONSCIOUS: Final = "unconscious"
"""The effect a faint leaves on the hero (the turn loop passes turns while it lasts)."""

STATES: Final = ("", "Hungry", "Weak", "Fainting", "Starving")
"""From fed to starving: what the status panel shows."""
WARNINGS: Final = {
    "Hungry": "You are getting hungry.",
    "Weak": "You feel weak with hunger: you no longer heal as you go.",
    "Fainting": "You are fainting from hunger! Eat something now.",
    "Starving": "You are starving to death!",
}


def state(hero: Hero) -> str:
    """The hero's hunger state by its food: "" when fed, else a name of STATES."""
    food = hero.food
    if food > HUNGRY:
        return ""
    if food > WEAK:
        return "Hungry"
    if food > 0:
        return "Weak"
    return "Fainting" if food > STARVING else "Starving"


def heals(hero: Hero) -> bool:
    """Natural healing (the turn loop's regeneration) stops from Weak on."""
    return hero.food > WEAK


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
