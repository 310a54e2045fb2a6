"""Multi-turn commands: travel to a clicked spot or the stairs, explore, search for several turns.

An activity gives one action per tick, so the player watches each step. It stops when it is done,
when an action does not succeed or gets nowhere, when the floor changes or the run ends, and when a
monster comes into view that was not in view when it started. A stop reason is a notice string
that the play screen also puts in the log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np
from numpy.typing import NDArray

from game import pathing, tiles
from game.bot import paths
from game.content.items import kind_of
from game.floorplan import Point
from game.rules import rest
from game.rules.actions import Action, Move, PickUp, Rest, Result, Success
from game.rules.doors import door_name, has_key
from game.rules.items import AUTO_PICKUP_KINDS
from game.rules.noise import way_to
from game.rules.stairs import stairs_mask
from game.turns import player_act
from game.ui import options
from game.words import article
from game.world.kinds import Mode, StairsWay
from game.world.model import Actor, Floor, Game

TRAVEL_STEPS = 500
"""A path longer than this is cut (it is walked again on the next click)."""
LOW_HP = 0.4
"""Exploring stops when a hurt hero's hit points fall below this share."""
STALLS = 6
"""Steps in a row that get nowhere before an activity gives up."""
EXPLORED = "Explored."
ON_AN_ITEM = "You stop here: g picks up, z explores on."
HEAL_REST_TURNS = 2000
"""R rests until healed, however long that takes (a hundred turns, Z's rest, healed a hurt
hero by a third): this only bounds it."""


def pick_up_underfoot(game: Game) -> Result | None:
    """After any action: with the auto-pickup option on, ask the rules to take the gold, keys,
    potions and scrolls underfoot (an action of its own, so a replay records it)."""
    wanted = [i for i in game.floor.items_at(*game.player.pos)
              if kind_of(i.kind).kind in AUTO_PICKUP_KINDS]
    if not wanted or not options.current().auto_pickup or game.outcome:
        return None
    return player_act(game, PickUp(auto=True))


def visible_monsters(game: Game) -> frozenset[int]:
    floor = game.floor
    return frozenset(m.id for m in floor.monsters if m.alive and floor.visible[m.y, m.x])


@dataclass
class Sightings:
    """How far each hunter in view stood when explore or the stairs walk last looked (each
    step, and each press of the key; the play screen keeps one): a hunter that has not come
    closer since, and cannot strike from where it stands, is hanging back (a leader behind
    troops that are elsewhere, a striker waiting, a beast on its leash) and no longer stops
    them. So a second press goes on past one that keeps its distance."""

    before: dict[int, int] = field(default_factory=dict)
    now: dict[int, int] = field(default_factory=dict)
    announced: dict[int, int] = field(default_factory=dict)
    """Monster id -> the turn its coming into view last stopped explore or the stairs walk: a
    flanker that slips out of sight and back does not stop every step (RECALL_TURNS)."""

    def recalled(self, game: Game) -> frozenset[int]:
        """The monsters whose coming into view stopped a walk within RECALL_TURNS (older ones
        are forgotten here, so the memory stays as small as the moment)."""
        self.announced = {i: turn for i, turn in self.announced.items()
                          if game.turn - turn <= RECALL_TURNS}
        return frozenset(self.announced)

    def look(self, game: Game) -> list[Actor]:
        """The hunters in view now, nearest first; remembers their distances."""
        floor, px, py = game.floor, game.player.x, game.player.y
        hunters = sorted((m for m in floor.monsters if m.alive and floor.visible[m.y, m.x]
                          and m.mode == Mode.HUNT),
                         key=lambda m: (max(abs(m.x - px), abs(m.y - py)), m.id))
        self.before, self.now = self.now, {}
        self.now = {m.id: max(abs(m.x - px), abs(m.y - py)) for m in hunters}
        return hunters

    def closing_in(self, monster: Actor) -> bool:
        """Just seen, nearer than last time, or near enough to strike."""
        last = self.before.get(monster.id)
        return self.striking(monster) or last is None or self.now[monster.id] < last

    def striking(self, monster: Actor) -> bool:
        return self.now[monster.id] <= max(1, monster.reach)


RECALL_TURNS = 20
"""How long a monster that came into view once is remembered by the walks (a wolf pack's rat
circling at the edge of sight stopped explore at every step, "x3", before)."""


def hunted_by(game: Game, sightings: Sightings) -> str:
    """Why explore and the walk to the stairs will not go on: a monster in view that is after
    the hero and closing in (a sleeping, wandering, fleeing or hanging-back one does not stop
    them); "" when none is."""
    hunters = [m for m in sightings.look(game) if sightings.closing_in(m)]
    if not hunters:
        return ""
    hunter = hunters[0]
    who = article(hunter.name)
    if sightings.striking(hunter):
        return f"Not with {who} after you: fight, flee or rest later."
    if hunter.id in sightings.before:  # it stopped the last press too, and came nearer
        return (f"The {hunter.name} {way_to(game, hunter.pos)} keeps closing in: fight it,"
                " or walk on yourself.")
    return f"Not with {who} after you: fight it, or press again to go on while it keeps away."


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
        if max(abs(dx), abs(dy)) != 1:
            self.notice = "You stop: you are not where you meant to be."
            return None
        blocker = self.game.floor.monster_at(x, y)
        if blocker is not None:
            self.notice = f"You stop: {article(blocker.name)} is in the way."
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


@dataclass
class Seek(Activity):
    """Walk toward the nearest of some goals by a fresh Dijkstra flood each step, so doors that
    open and tiles that come into view change the way at once. Chooses no path by chance."""

    failed: set[Point] = field(default_factory=set, kw_only=True)
    """Doors of this floor that did not open when bumped: never bumped again (the play screen
    keeps the set per floor, so the next press of the key remembers them too)."""
    sightings: Sightings = field(default_factory=Sightings, kw_only=True)

    def recalled(self) -> frozenset[int]:
        return self.sightings.recalled(self.game)

    def announce(self, monster_id: int) -> None:
        self.sightings.announced[monster_id] = self.game.turn
    """The hunters' distances at the last look (kept by the play screen across presses)."""
    items: frozenset[int] = field(init=False)
    traps: int = field(init=False)
    start_hp: int = field(init=False)
    target: Point = (-1, -1)
    """Where the last step went (a door bumped there may have stayed shut)."""
    stalls: int = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        self.items = visible_items(self.game)
        self.traps = found_traps(self.game.floor)
        self.start_hp = self.game.player.hp

    def goals(self, walk: NDArray[np.bool_]) -> tuple[NDArray[np.bool_], list[Point]]:
        """Goal tiles and teleporters worth entering; none left ends the activity."""
        raise NotImplementedError

    def finished(self) -> str:
        """The notice when no goal can be reached."""
        raise NotImplementedError

    def blocked(self) -> list[Point]:
        """Closed doors to walk around: sealed without the key, or already failed to open."""
        game, blocked = self.game, []
        for y, x in np.argwhere(game.floor.tiles == tiles.DOOR).tolist():
            door = game.floor.doors.get((x, y))
            if has_key(game, (x, y)):
                continue
            sealed = door is not None and door.known and door.sealed
            if sealed or (x, y) in self.failed:
                blocked.append((x, y))
        return blocked

    def next_action(self) -> Action | None:
        self.notice = self.interruption() or hunted_by(self.game, self.sightings)
        if self.notice:
            return None
        floor, here = self.game.floor, self.game.player.pos
        walk = paths.walkable_known(floor, self.blocked())
        goals, portals = self.goals(walk)
        step = None
        if portals or goals.any():
            step = pathing.step_toward(paths.flood(floor, walk, goals, portals), here)
        if step is None:
            self.notice = self.finished()
            return None
        blocker = floor.monster_at(here[0] + step[0], here[1] + step[1])
        if blocker is not None:
            self.notice = f"You stop: {article(blocker.name)} is in the way."
            return None
        self.target = (here[0] + step[0], here[1] + step[1])
        return Move(*step)

    def interruption(self) -> str:
        """Why to stop before the next step: an item or a trap seen, or hit points running low."""
        game = self.game
        if visible_items(game) - self.items:
            return "You stop: you see something lying here."
        return self.alarm()

    def alarm(self) -> str:
        """A trap found or hit points running low ("" when neither)."""
        game = self.game
        if found_traps(game.floor) > self.traps:
            return "You stop: you have found a trap."
        player = game.player
        if player.hp < self.start_hp and player.hp < player.max_hp * LOW_HP:
            return "You stop: your health is low."
        return ""

    def went_on(self, result: Result, before: Point) -> bool:
        """A bump at a door that stays shut marks it failed (said once; the way goes round it
        next); too many steps in a row that get nowhere end the activity."""
        del result
        if self.game.player.pos != before:
            self.stalls = 0
            return True
        self.stalls += 1
        if self.game.floor.tiles[self.target[1], self.target[0]] == tiles.DOOR:
            self.give_up_on(self.target)
        if self.stalls > STALLS:
            self.notice = "You stop: you are stuck."
            return False
        return True

    def give_up_on(self, pos: Point) -> None:
        """Remember a door that would not open, and say so once."""
        if pos in self.failed:
            return
        self.failed.add(pos)
        door = self.game.floor.doors.get(pos)
        if door is None:
            return
        how = "is stuck fast" if door.state == "stuck" else "stays locked"
        dc = f" (DC {door.dc})" if door.dc is not None else ""
        self.game.tell(f"The {door_name(door)} {way_to(self.game, pos)} {how}{dc}; "
                       "you leave it and go round.")


def visible_items(game: Game) -> frozenset[int]:
    floor = game.floor
    return frozenset(i.id for i in floor.items if floor.visible[i.y, i.x])


def found_traps(floor: Floor) -> int:
    return sum(1 for trap in floor.traps.values() if trap.found)


@dataclass
class Explore(Seek):
    """Auto-explore: toward the nearest unexplored edge of the known map."""

    doing: ClassVar[str] = "exploring"

    stood: list[Point] = field(default_factory=list)
    """Edge tiles already stood on: what they did not reveal stays hidden (no second visit)."""
    visited: set[tuple[int, int, int]] = field(default_factory=set, kw_only=True)
    """Items already stepped onto, as (id, x, y) (the play screen keeps the set): each is
    visited once where it lies. An item keeps its id when picked up and thrown again, so a dart
    the hero threw is new where it lands (by id alone explore walked over it without a word)."""

    def interruption(self) -> str:
        """Items seen do not stop exploring: it walks onto each one (once) instead."""
        return self.alarm()

    def went_on(self, result: Result, before: Point) -> bool:
        """On a thing auto-pickup left (gear, a wand...), stop on it, once: walking on would
        leave "You see here" pointing at a tile the hero has left, and `g` finding nothing."""
        going = super().went_on(result, before)
        fresh = [(i.id, i.x, i.y) for i in self.game.floor.items_at(*self.game.player.pos)
                 if (i.id, i.x, i.y) not in self.visited]
        if going and fresh:
            self.visited.update(fresh)
            self.notice = ON_AN_ITEM
            return False
        return going

    def goals(self, walk: NDArray[np.bool_]) -> tuple[NDArray[np.bool_], list[Point]]:
        floor, here = self.game.floor, self.game.player.pos
        self.visited.update((i.id, i.x, i.y) for i in floor.items_at(*here))
        edge = paths.frontier(floor, walk)
        if edge[here[1], here[0]]:
            self.stood.append(here)
        for x, y in self.stood:
            edge[y, x] = False
        for item in floor.items:
            if (item.id, item.x, item.y) not in self.visited and floor.explored[item.y, item.x] \
                    and walk[item.y, item.x]:
                edge[item.y, item.x] = True
        portals = [a for a, b in sorted(floor.teleports.items())
                   if walk[a[1], a[0]] and not floor.explored[b[1], b[0]]]
        return edge, portals

    def finished(self) -> str:
        """"Explored.", and what now: the way down, or where one may still be found; and a
        door that would not open with the unknown behind it, which explore leaves alone (a new
        hero whose first room was shut by stuck doors heard only "> walks to the stairs down",
        standing on a shaft, with the floor behind the doors unseen)."""
        floor = self.game.floor
        barred = self.barred()
        if stairs_mask(floor, "down").any() or not floor.exits:
            if not floor.exits:
                return EXPLORED
            if barred:
                return (f"{EXPLORED} > walks to the stairs down; or bump {barred} again to see"
                        " what lies behind it (each try may force it).")
            return f"{EXPLORED} > walks to the stairs down."
        if barred:
            return (f"{EXPLORED} No way down yet: bump {barred} again (each try may force it),"
                    " or search (s) along the walls for a secret door.")
        return f"{EXPLORED} No way down yet: search (s) along the walls for a secret door."

    def barred(self) -> str:
        """"the iron door to your east": the first (reading order) door explore gave up on
        that is still shut with unexplored floor beside it ("" if none); a player sees no
        coordinates."""
        floor = self.game.floor
        for x, y in sorted(self.failed, key=lambda p: (p[1], p[0])):
            door = floor.doors.get((x, y))
            if door is not None and door.is_open:
                continue
            beside = [(x + dx, y + dy) for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0))]
            if all(not floor.in_bounds(*p) or floor.explored[p[1], p[0]] for p in beside):
                continue
            name = "door" if door is None else door_name(door)
            return f"the {name} {way_to(self.game, (x, y))}"
        return ""


@dataclass
class ToStairs(Seek):
    """Walk to the nearest known stairs going `direction` (taking them is the next key)."""

    doing: ClassVar[str] = "walking to the stairs"

    direction: StairsWay = field(default="down", kw_only=True)

    def goals(self, walk: NDArray[np.bool_]) -> tuple[NDArray[np.bool_], list[Point]]:
        return stairs_mask(self.game.floor, self.direction), []

    def next_action(self) -> Action | None:
        if stairs_mask(self.game.floor, self.direction)[self.game.player.y, self.game.player.x]:
            key = ">" if self.direction == "down" else "<"
            self.notice = f"You are on the stairs {self.direction}: {key} again takes them."
            return None
        return super().next_action()

    def finished(self) -> str:
        return f"You know no way to stairs {self.direction}."



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
