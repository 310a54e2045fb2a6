"""The bot and the hero's allies (game.rules.allies): it frees a captive it has seen once no
foe is near it and the hero is fit, and it never attacks an ally or a captive (its foes are
`memory.visible_monsters`, which leaves them out). Its allies always follow: it gives no order."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from numpy.typing import NDArray

from game.bot.exploring import toward
from game.bot.memory import moves
from game.floorplan import Point, king_distance
from game.rules import allies
from game.rules.actions import Action, Interact
from game.world.model import Actor, Game

FREE_HP = 0.6
"""The hero frees a captive only with at least this share of its hit points."""
GUARD_NEAR = 6
"""A foe this near the captive is still guarding it: the bot leaves it for now."""


def free_captives(game: Game, walk: NDArray[np.bool_]) -> Iterator[tuple[str, Action]]:
    """Free the nearest captive in sight beside the hero, else a step toward it."""
    player, floor = game.player, game.floor
    if player.hp < player.max_hp * FREE_HP or len(allies.all_allies(game)) >= allies.MAX_ALLIES:
        return
    foes = [m for m in floor.monsters if m.alive and m.hostile]
    free = [c for c in floor.monsters if c.captive and c.alive and floor.visible[c.y, c.x]
            and not _guarded(c, foes)]
    if not free:
        return
    target = min(free, key=lambda c: (king_distance(c.pos, player.pos), c.id))
    if king_distance(target.pos, player.pos) == 1:
        yield "free", Interact(*target.pos)
        return
    goals = np.zeros(floor.tiles.shape, dtype=np.bool_)
    goals[target.y, target.x] = True
    yield from moves("free", toward(floor, walk | goals, goals, player.pos))


def chained(game: Game) -> list[Point]:
    """The captives the hero cannot free now (it leads MAX_ALLIES): walked round, not into."""
    if len(allies.all_allies(game)) < allies.MAX_ALLIES:
        return []
    return [c.pos for c in game.floor.monsters if c.captive and c.alive]


def _guarded(captive: Actor, foes: list[Actor]) -> bool:
    return any(king_distance(f.pos, captive.pos) <= GUARD_NEAR for f in foes)
