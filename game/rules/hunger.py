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

This module is the states alone (the status panel draws them on the first frame, before any
rule of play is loaded); game.rules.meals runs the clock and eats.
"""

from __future__ import annotations

from typing import Final

from game.world.model import FOOD_START, Hero

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
