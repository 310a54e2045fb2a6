"""Wands: a charge zapped at a square sends the wand's effect down the line toward it.

A bolt (striking, slowness) flies like a missile (combat.line_of_fire): toward the square aimed
at, at most the wand's range, stopping at the first creature or at anything that blocks sight;
blinking moves the hero to a square it can see within range; digging carves the rock on the line
toward the aimed square and on past it (combat.line), up to the wand's range, into floor, so the
walkable and see-through masks, sight and every path map (all computed from the live tiles)
change at once. A wand whose effect the hero sees is identified. The effects themselves are
game.rules.effects's, named by each wand's `effect`.
"""

from __future__ import annotations

from game.content.items import kind_of
from game.floorplan import Point
from game.rules import effects, identify
from game.rules.actions import Impossible, Result, Success
from game.world.model import Game


def zap(game: Game, item_id: int, target: Point) -> Result:
    """Spend a charge of the carried wand `item_id` at `target`."""
    wand = next((i for i in game.hero.inventory if i.id == item_id), None)
    if wand is None:
        return Impossible("You do not have that.")
    kind = kind_of(wand.kind)
    name = identify.name_of(game, wand.kind)
    if kind.kind != "wand":
        return Impossible(f"You cannot zap the {name}.")
    if target == game.player.pos:
        return Impossible("Aim it away from yourself.")
    if wand.amount <= 0:
        return Impossible(f"The {name} has no charges left.")
    seen = effects.apply(game, game.player, kind, target)
    if isinstance(seen, str):
        return Impossible(seen)
    wand.amount -= 1
    if seen:
        identify.identify(game, wand.kind)
    return Success()
