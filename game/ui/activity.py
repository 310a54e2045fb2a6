"""Multi-turn commands: travel to a clicked spot, run along a corridor, search or rest for
several turns (explore and the walk to the stairs are game.ui.seek's).

An activity gives one action per tick, so the player watches each step. It stops when it is done,
when an action does not succeed or gets nowhere, when the floor changes or the run ends, and when a
monster comes into view that was not in view when it started. A stop reason is a notice string
that the play screen also puts in the log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np

from game import pathing, tiles
from game.content.items import kind_of
from game.floorplan import Point, king_length
from game.rules import rest
from game.rules.actions import Action, Move, PickUp, Rest, Result, Success
from game.rules.doors import door_name, has_key, key_hint
from game.rules.items import AUTO_PICKUP_KINDS
from game.rules.noise import way_to
from game.turns import player_act
from game.ui import options
from game.words import article
from game.world.model import Floor, Game

TRAVEL_STEPS = 500
"""A path longer than this is cut (it is walked again on the next click)."""
HEAL_REST_TURNS = 2000
"""R rests until healed, however long that takes (a hundred turns, Z's rest, healed a hurt
hero by a third): this only bounds it."""


def pick_up_underfoot(game: Game) -> Result | None:
    """After any action: with the auto-pickup option on, ask the rules to take the gold, keys,
    potions and scrolls underfoot (an action of its own, so a replay records it)."""
    wanted = [i for i in game.floor.items_at(*game.player.pos)
              if kind_of(i.kind).kind in AUTO_PICKUP_KINDS and not i.vault]
    if not wanted or not options.current().auto_pickup or game.outcome:
        return None
    return player_act(game, PickUp(auto=True))


def visible_monsters(game: Game) -> frozenset[int]:
    floor = game.floor
    return frozenset(m.id for m in floor.monsters
                     if m.alive and m.hostile and floor.visible[m.y, m.x])


def travel_path(floor: Floor, start: Point, goal: Point) -> list[Point]:
    """Shortest known path from start to goal (excluded, included) over explored walkable tiles.

    Teleporters are avoided unless they are the goal: stepping on one sends you elsewhere.
    """
    if not floor.in_bounds(*goal) or not floor.explored[goal[1], goal[0]]:
        return []
    cost = (floor.walkable() & floor.explored).astype(np.int8)
    cost[floor.tiles == tiles.TELEPORTER] = 0
    if not floor.walkable()[goal[1], goal[0]] or goal == start:
        return []
    cost[goal[1], goal[0]] = 1
    return pathing.travel(cost, start, goal)


def must_force(game: Game, pos: Point) -> str:
    """The shut door at `pos` if only force would open it (stuck; locked and its key not
    carried; held by magic): "the iron door to your east is stuck"; "" for anything else. The
    walks stop before such a door: a bump would force it, a noisy choice left to the player
    (explore used to force locked doors whose key was not on the floor, unasked)."""
    floor = game.floor
    if floor.tiles[pos[1], pos[0]] != tiles.DOOR:
        return ""
    door = floor.doors.get(pos)
    if door is None or door.is_open or has_key(game, pos):
        return ""
    if door.state == "stuck":
        how = "stuck"
    elif door.reinforced and door.state != "broken":
        how = "held shut by magic"
    elif door.sealed:
        how = f"locked ({key_hint(game, pos)})"
    else:
        return ""
    return f"the {door_name(door)} {way_to(game, pos)} is {how}"


@dataclass
class Activity:
    """Actions repeated one per tick until done or interrupted."""

    doing: ClassVar[str] = "what you were doing"
    """Said when a key interrupts it: "You stop exploring."."""

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

    def recalled(self) -> frozenset[int]:
        """Monsters that stopped a walk a moment ago and do not stop this one for coming into
        view again (the walks remember; a rest or a single step does not)."""
        return frozenset()

    def announce(self, monster_id: int) -> None:
        """Remember that `monster_id` coming into view stopped this activity."""
        del monster_id

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
            newcomers -= self.recalled()  # asked only when someone new is in view
        if newcomers:
            first = min(newcomers)
            self.announce(first)
            name = next(m.name for m in game.floor.monsters if m.id == first)
            self.notice = f"You stop: {article(name)} comes into view."
            return False
        action = self.next_action()
        if action is None:
            return False
        before = game.player.pos
        result = player_act(game, action)
        pick_up_underfoot(game)
        return self.went_on(result, before)

    def went_on(self, result: Result, before: Point) -> bool:
        """Whether to take another action after `result` (from `before`)."""
        return isinstance(result, Success) and self.progressed(before)


@dataclass
class Repeat(Activity):
    """The same action a number of times (searching)."""

    doing: ClassVar[str] = "searching"

    action: Action = field(kw_only=True)
    times: int = field(kw_only=True)

    def next_action(self) -> Action | None:
        if self.times <= 0:
            return None
        self.times -= 1
        return self.action


@dataclass
class Resting(Activity):
    """R: rest until healed; Z: rest and search up to rest.REST_TURNS turns. Both stop for
    what game.rules.rest.interruption names, and say why."""

    doing: ClassVar[str] = "resting"

    watch: rest.Watch = field(kw_only=True)
    until_healed: bool = field(kw_only=True)
    turns: int = field(default=rest.REST_TURNS, kw_only=True)

    def next_action(self) -> Action | None:
        self.notice = rest.interruption(self.game, self.watch, self.until_healed)
        if self.notice:
            return None
        if self.turns <= 0:
            player = self.game.player
            self.notice = (f"You rest a long while: {player.hp}/{player.max_hp} hit points."
                           if self.until_healed else
                           f"You rest and search for {rest.REST_TURNS} turns.")
            return None
        self.turns -= 1
        return Rest()


def resting(game: Game, until_healed: bool) -> Resting | str:
    """A rest starting now (R: until healed; Z: a hundred turns), or why there can be none."""
    if until_healed and game.player.hp >= game.player.max_hp:
        return "You are already at full health."
    watch = rest.begin(game)
    if isinstance(watch, str):
        return watch
    turns = HEAL_REST_TURNS if until_healed else rest.REST_TURNS
    return Resting(game, watch=watch, until_healed=until_healed, turns=turns)


@dataclass
class Travel(Activity):
    """Walk a known path, one step a tick."""

    doing: ClassVar[str] = "walking"

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
        if king_length(dx, dy) != 1:
            self.notice = "You stop: you are not where you meant to be."
            return None
        blocker = self.game.floor.monster_at(x, y)
        if blocker is not None and not blocker.ally:  # an ally changes places with the hero
            self.notice = f"You stop: {article(blocker.name)} is in the way."
            return None
        shut = must_force(self.game, (x, y))
        if shut:
            self.notice = f"You stop: {shut}. Bump it to force it (noisy)."
            return None
        return Move(dx, dy)

    def progressed(self, before: Point) -> bool:
        """A step that stays put counts only when it opened the door ahead (once in a row)."""
        if self.game.player.pos != before:
            self.stalls = 0
            return True
        self.stalls += 1
        x, y = self.path[0]
        opened = bool(self.game.floor.tiles[y, x] != tiles.DOOR)  # a numpy bool is not False
        if not opened:
            self.notice = "You stop: the door does not open."
        return opened and self.stalls < 2


def travel(game: Game, goal: Point) -> Travel | None:
    """A travel activity to `goal`, or None when no known path leads there."""
    path = travel_path(game.floor, game.player.pos, goal)
    if not path:
        return None
    return Travel(game, path=path[:TRAVEL_STEPS])


def visible_items(game: Game) -> frozenset[int]:
    floor = game.floor
    return frozenset(i.id for i in floor.items if floor.visible[i.y, i.x])


def found_traps(floor: Floor) -> int:
    return sum(1 for trap in floor.traps.values() if trap.found)


ROOM_NEIGHBOURS = 5
"""A tile with at least this many walkable neighbours is open floor (a run goes straight on);
fewer: a corridor (a run follows its bends)."""
AROUND = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


@dataclass
class RunAlong(Activity):
    """Shift+direction, by the rules of Brogue and DCSS: along a corridor, following its bends;
    across open floor, straight on. It stops at forks, at doors, on items and stairs, when the
    walls beside change (an opening passed), when something new comes into view, and when a
    monster does (as every activity)."""

    doing: ClassVar[str] = "running"

    dx: int = field(kw_only=True)
    dy: int = field(kw_only=True)
    steps: int = 0
    room: bool = field(init=False)
    shape: int = field(init=False)
    items: frozenset[int] = field(init=False)
    traps: int = field(init=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        self.shape = len(open_around(self.game.floor, self.game.player.pos))
        self.room = self.shape >= ROOM_NEIGHBOURS
        self.items = visible_items(self.game)
        self.traps = found_traps(self.game.floor)

    def next_action(self) -> Action | None:
        game = self.game
        floor, here = game.floor, game.player.pos
        if self.steps and self.arrived(floor, here):
            return None
        around = open_around(floor, here)
        if self.steps and self.room and len(around) != self.shape:
            return None  # an opening passed, or a wall reached
        if self.steps and not self.room:
            way = self.corridor_way(floor, here)
            if way is None:
                return None  # a fork or a dead end
            self.dx, self.dy = way
        x, y = here[0] + self.dx, here[1] + self.dy
        if not (floor.in_bounds(x, y) and tiles.WALKABLE[floor.tiles[y, x]]):
            return None  # a wall, or a closed door: runs never bump
        if floor.monster_at(x, y) is not None or floor.tiles[y, x] == tiles.TELEPORTER:
            return None
        self.steps += 1
        return Move(self.dx, self.dy)

    def arrived(self, floor: Floor, here: Point) -> bool:
        """Whether the tile reached, or what came into view, ends the run."""
        if floor.items_at(*here) or here in floor.stairs or here in floor.doors:
            return True
        return bool(visible_items(self.game) - self.items) or found_traps(floor) > self.traps

    def corridor_way(self, floor: Floor, here: Point) -> tuple[int, int] | None:
        """The one way on (not back): straight ahead when it is part of it, else the step into
        it (orthogonal first); None at a fork or a dead end."""
        ahead = [(dx, dy) for dx, dy in open_around(floor, here)
                 if dx * self.dx + dy * self.dy >= 0 and (dx, dy) != (-self.dx, -self.dy)]
        if not ahead or len(_clusters(ahead)) != 1:
            return None
        if (self.dx, self.dy) in ahead:
            return (self.dx, self.dy)
        return min(ahead, key=lambda d: (abs(d[0]) + abs(d[1]), d))


def open_around(floor: Floor, pos: Point) -> list[tuple[int, int]]:
    """The steps from `pos` onto walkable tiles or closed doors."""
    found = []
    for dx, dy in AROUND:
        x, y = pos[0] + dx, pos[1] + dy
        if floor.in_bounds(x, y) and (tiles.WALKABLE[floor.tiles[y, x]]
                                      or floor.tiles[y, x] == tiles.DOOR):
            found.append((dx, dy))
    return found


def _clusters(steps: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """Steps grouped where they share a side: each group is one way on (two passages that
    only touch at a corner are two ways)."""
    groups: list[list[tuple[int, int]]] = []
    for step in steps:
        touching = [g for g in groups
                    if any(abs(step[0] - o[0]) + abs(step[1] - o[1]) == 1 for o in g)]
        merged = [step] + [s for g in touching for s in g]
        groups = [g for g in groups if g not in touching] + [merged]
    return groups
