"""Noise wakes monsters: forcing doors, combat and alarms are heard within a radius."""

from __future__ import annotations

from game.floorplan import Point
from game.world.kinds import Mode
from game.world.model import Game


def make_noise(game: Game, origin: Point, radius: int) -> int:
    """Wake sleeping or wandering monsters within `radius` (straight line); returns how many."""
    ox, oy = origin
    woken = 0
    for monster in game.floor.monsters:
        if monster.mode in (Mode.ASLEEP, Mode.WANDER, Mode.GUARD) and (
            (monster.x - ox) ** 2 + (monster.y - oy) ** 2 <= radius * radius
        ):
            monster.mode = Mode.HUNT
            woken += 1
    return woken
