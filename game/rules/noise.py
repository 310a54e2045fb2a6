"""Noise wakes monsters: forcing doors, combat and alarms are heard within a radius."""

from __future__ import annotations

from game.floorplan import Point
from game.world.kinds import RESTING, Mode
from game.world.model import Game


def make_noise(game: Game, origin: Point, radius: int) -> int:
    """Wake sleeping or wandering monsters within `radius` (straight line); returns how many."""
    ox, oy = origin
    reach = radius * radius
    woken = 0
    for monster in game.floor.monsters:  # every attack calls this: keep the loop lean
        if monster.mode in RESTING and (monster.x - ox) ** 2 + (monster.y - oy) ** 2 <= reach:
            monster.mode = Mode.HUNT
            woken += 1
    return woken
