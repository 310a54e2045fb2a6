"""Multi-turn commands: travel to a clicked spot, search for several turns.

An activity gives one action per tick, so the player watches each step. It stops when it is done,
when an action does not succeed or gets nowhere, when the floor changes or the run ends, and when a
monster comes into view that was not in view when it started. The interface never writes to the
game's message log (replays must hash the same without it), so a stop reason is a notice string.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import tcod.path

from game import tiles
from game.floorplan import Point
from game.rules.actions import Action, Move, Success
from game.rules.turns import player_act
from game.ui.describe import article
from game.world.model import Floor, Game

TRAVEL_STEPS = 500
"""A path longer than this is cut (it is walked again on the next click)."""


def visible_monsters(game: Game) -> frozenset[int]:
    floor = game.floor
    return frozenset(m.id for m in floor.monsters if m.alive and floor.visible[m.y, m.x])


def travel_path(floor: Floor, start: Point, goal: Point) -> list[Point]:
    """Shortest known path from start to goal (excluded, included) over explored walkable tiles.

    Teleporters are avoided unless they are the goal: stepping on one sends you elsewhere.
    """
    if not floor.in_bounds(*goal) or not floor.explored[goal[1], goal[0]]:
        return []
    cost = (tiles.WALKABLE[floor.tiles] & floor.explored).astype(np.int8)
    cost[floor.tiles == tiles.TELEPORTER] = 0
    if not tiles.WALKABLE[floor.tiles[goal[1], goal[0]]] or goal == start:
        return []
    cost[goal[1], goal[0]] = 1
    route = tcod.path.path2d(cost, start_points=[start[::-1]], end_points=[goal[::-1]],
                             cardinal=2, diagonal=3)
    return [(int(x), int(y)) for y, x in route[1:]]


@dataclass
class Activity:
    """Actions repeated one per tick until done or interrupted."""

    game: Game
    seen: frozenset[int] = field(init=False)
    depth: int = field(init=False)
    notice: str = ""
    """Why the activity stopped early ("" while running or when it finished normally)."""

    def __post_init__(self) -> None:
        self.seen = visible_monsters(self.game)
        self.depth = self.game.depth

    def next_action(self) -> Action | None:
        raise NotImplementedError

    def progressed(self, before: Point) -> bool:
        """Whether the last action got anywhere (a step that stays put may still have helped)."""
        del before
        return True

    def step(self) -> bool:
        """Take one action; False when the activity is over (do not call it again)."""
        game = self.game
        if game.outcome or game.depth != self.depth:
            return False
        newcomers = visible_monsters(game) - self.seen
        if newcomers:
            first = min(newcomers)
            name = next(m.name for m in game.floor.monsters if m.id == first)
            self.notice = f"You stop: {article(name)} comes into view."
            return False
        action = self.next_action()
        if action is None:
            return False
        before = game.player.pos
        result = player_act(game, action)
        return isinstance(result, Success) and self.progressed(before)


@dataclass
class Repeat(Activity):
    """The same action a number of times (searching)."""

    action: Action = field(kw_only=True)
    times: int = field(kw_only=True)

    def next_action(self) -> Action | None:
        if self.times <= 0:
            return None
        self.times -= 1
        return self.action


@dataclass
class Travel(Activity):
    """Walk a known path, one step a tick."""

    path: list[Point] = field(kw_only=True)
    stalls: int = 0

    def next_action(self) -> Action | None:
        player = self.game.player
        if self.path and self.path[0] == player.pos:
            self.path.pop(0)
        if not self.path:
            return None
        x, y = self.path[0]
        dx, dy = x - player.x, y - player.y
        if max(abs(dx), abs(dy)) != 1:
            self.notice = "You stop: you are not where you meant to be."
            return None
        if self.game.floor.monster_at(x, y) is not None:
            self.notice = "You stop: something is in the way."
            return None
        return Move(dx, dy)

    def progressed(self, before: Point) -> bool:
        """A step that stays put counts only when it opened the door ahead (once in a row)."""
        if self.game.player.pos != before:
            self.stalls = 0
            return True
        self.stalls += 1
        x, y = self.path[0]
        opened = self.game.floor.tiles[y, x] != tiles.DOOR
        if not opened:
            self.notice = "You stop: the door does not open."
        return opened and self.stalls < 2


def travel(game: Game, goal: Point) -> Travel | None:
    """A travel activity to `goal`, or None when no known path leads there."""
    path = travel_path(game.floor, game.player.pos, goal)
    if not path:
        return None
    return Travel(game, path=path[:TRAVEL_STEPS])
