"""Stairs as rolled: down and up stairs, trapdoors with ladders, shafts both ways, and collapsed
dead-end stairs that lead nowhere. Leaving floor 1 upwards ends the run: a win with the relic."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from game.rules import allies
from game.rules.actions import Impossible, Result, Success
from game.world import dungeon
from game.world.kinds import MessageKind, Outcome, StairsWay
from game.world.model import Floor, Game

GOES: dict[StairsWay, tuple[str, str]] = {"down": ("down", "both"), "up": ("up", "both")}
"""The stairs' own directions that go each way: a shaft goes both."""


def stairs_mask(floor: Floor, direction: StairsWay) -> NDArray[np.bool_]:
    """Known, usable stairs going `direction`, shafts included (the walk to the stairs, explore's
    last word and the bot all ask the same question)."""
    mask = np.zeros(floor.tiles.shape, dtype=np.bool_)
    for (x, y), stair in floor.stairs.items():
        if stair.direction in GOES[direction] and not stair.dead_end and floor.explored[y, x]:
            mask[y, x] = True
    return mask


def take_stairs(game: Game, direction: StairsWay) -> Result:
    floor = game.floor
    stair = floor.stairs.get(game.player.pos)
    if stair is None:
        return Impossible(f"There are no stairs {direction} here.")
    if stair.dead_end:
        return Impossible("These stairs are collapsed: they lead nowhere.")
    if stair.direction not in GOES[direction]:
        return Impossible(f"These stairs do not lead {direction}.")
    if direction == "down":
        if floor.depth >= game.last_depth:
            return Impossible("This is the deepest floor.")
        party = allies.depart(game)
        dungeon.change_floor(game, floor.depth + 1, "arrival")
        allies.arrive(game, party, floor)
        return Success()
    if floor.depth == 1:
        if not game.hero.has_relic:
            return Impossible("You will not leave without the relic from the deepest floor.")
        game.outcome = Outcome.WON
        game.cause = "escaped with the relic"
        game.log("You climb out into daylight with the relic. You win!", MessageKind.PROGRESS)
        return Success()
    party = allies.depart(game)
    dungeon.change_floor(game, floor.depth - 1, "exit")
    allies.arrive(game, party, floor)
    return Success()
