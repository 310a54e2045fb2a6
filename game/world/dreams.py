"""What a hallucinating hero takes each monster for: one rule for the map, the hover line and
look, so all three tell the same lie.

The kind is drawn from the monster's id and the turn, not from the game's random streams, so
looking changes nothing and a replay draws the same dreams; it holds for a whole turn (no flicker
between two frames) and changes the next.
"""

from __future__ import annotations

from game.content.bestiary import MonsterKind, default_bestiary
from game.world.model import Actor, Game

HALLUCINATING = "hallucinating"
"""The hero's condition (a potion of hallucination) under which monsters look like anything."""


def seen_as(game: Game, actor: Actor) -> MonsterKind | None:
    """The kind the hero takes the monster for, or None when the hero sees it as it is."""
    if HALLUCINATING not in game.player.effects or actor.id == game.player.id:
        return None
    kinds = default_bestiary().kinds
    mix = (actor.id * 2654435761 + game.turn * 40503) % (1 << 32)
    return kinds[mix % len(kinds)]
