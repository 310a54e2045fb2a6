"""The bot's meals: it eats when hungry, as a player does, and never rests on an empty belly."""

from __future__ import annotations

from collections.abc import Iterator

from game.content.items import kind_of
from game.rules import hunger
from game.rules.actions import Action, Eat
from game.world.model import Actor, Game, Item

URGENT = ("Fainting", "Starving")
"""Hunger states in which the bot eats even with foes about (a faint in a fight is death)."""


def food(game: Game) -> list[Item]:
    """Carried food, the smallest meal first (a strip of meat before a whole ration)."""
    carried = [i for i in game.hero.inventory if kind_of(i.kind).kind == "food"]
    return sorted(carried, key=lambda i: (kind_of(i.kind).nutrition, i.id))


def eat(game: Game, awake: list[Actor]) -> Iterator[tuple[str, Action]]:
    """Eat when hungry and no foe is awake in view; at once when fainting or starving."""
    state = hunger.state(game.hero)
    if not state or (awake and state not in URGENT):
        return
    meals = food(game)
    if state != "Hungry":  # weak or worse: the biggest meal, to be done with it
        meals.reverse()
    for item in meals[:1]:
        yield "eat", Eat(item.id)


def rest_hurts(game: Game) -> bool:
    """Resting now only makes the hero hungrier: it is weak (no healing) with nothing to eat."""
    return not hunger.heals(game.hero) and not food(game)
