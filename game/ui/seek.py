"""Walks that flood afresh each step: auto-explore and the walk to the stairs.

Each step floods the known map toward the goals (game.pathing.portals, over the tiles
game.world.known says a careful hero walks on), so doors that open and tiles that come into
view change the way at once. They stop when a hunter closes in, an item or a trap is seen, or
hit points run low; and before a step the player should choose: onto a teleporter, or into a
door that only force would open.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np
from numpy.typing import NDArray

from game import pathing, tiles
from game.floorplan import Point, king_distance
from game.pathing import portals
from game.rules.actions import Action, Move, Result
from game.rules.doors import door_name, has_key
from game.rules.noise import way_to
from game.rules.stairs import stairs_mask
from game.ui.activity import Activity, found_traps, must_force, visible_items
from game.ui.describe import item_name
from game.words import article
from game.world.kinds import Mode, StairsWay
from game.world.known import far_ends_unexplored, frontier, walkable_known
from game.world.model import Actor, Game

LOW_HP = 0.4
"""Exploring stops when a hurt hero's hit points fall below this share."""
STALLS = 6
"""Steps in a row that get nowhere before a walk gives up."""
EXPLORED = "Explored."
ON_AN_ITEM = "You stop here: g picks up, z explores on."


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
    told_kinds: dict[int, set[str]] = field(default_factory=dict)
    """Depth -> the item kinds whose sighting stopped a walk there: another of the same kind on
    that floor does not stop one again (the walk to the stairs stopped three times on one
    floor for things the player had seen)."""
    pads_asked: set[tuple[int, int, int]] = field(default_factory=set)
    """(depth, x, y) of teleporters a walk stopped before: the next press goes through."""

    def recalled(self, game: Game) -> frozenset[int]:
        """The monsters whose coming into view stopped a walk within RECALL_TURNS (older ones
        are forgotten here, so the memory stays as small as the moment)."""
        self.announced = {i: turn for i, turn in self.announced.items()
                          if game.turn - turn <= RECALL_TURNS}
        return frozenset(self.announced)

    def look(self, game: Game) -> list[Actor]:
        """The hunters in view now, nearest first; remembers their distances."""
        floor, here = game.floor, game.player.pos
        hunters = sorted((m for m in floor.monsters if m.alive and floor.visible[m.y, m.x]
                          and m.mode == Mode.HUNT and m.hostile),
                         key=lambda m: (king_distance(m.pos, here), m.id))
        self.before, self.now = self.now, {}
        self.now = {m.id: king_distance(m.pos, here) for m in hunters}
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


@dataclass
class Seek(Activity):
    """Walk toward the nearest of some goals by a fresh Dijkstra flood each step, so doors that
    open and tiles that come into view change the way at once. Chooses no path by chance."""

    failed: set[Point] = field(default_factory=set, kw_only=True)
    """Doors of this floor that did not open when bumped: never bumped again (the play screen
    keeps the set per floor, so the next press of the key remembers them too)."""
    sightings: Sightings = field(default_factory=Sightings, kw_only=True)
    """The hunters' distances at the last look (kept by the play screen across presses)."""
    items: set[int] = field(init=False)
    """Items the walk has seen or knew of when it began: each stops it at most once."""
    traps: int = field(init=False)
    start_hp: int = field(init=False)
    target: Point = (-1, -1)
    """Where the last step went (a door bumped there may have stayed shut)."""
    stalls: int = 0

    def __post_init__(self) -> None:
        super().__post_init__()
        floor = self.game.floor
        self.items = set(visible_items(self.game)) | {i.id for i in floor.items
                                                 if floor.explored[i.y, i.x]}
        self.traps = found_traps(self.game.floor)
        self.start_hp = self.game.player.hp

    def recalled(self) -> frozenset[int]:
        return self.sightings.recalled(self.game)

    def announce(self, monster_id: int) -> None:
        self.sightings.announced[monster_id] = self.game.turn

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
        walk = walkable_known(floor, self.blocked())
        goals, pads = self.goals(walk)
        step = None
        if pads or goals.any():
            step = pathing.step_toward(portals.toward(walk, floor.teleports, goals, pads), here)
        if step is None:
            self.notice = self.finished()
            return None
        blocker = floor.monster_at(here[0] + step[0], here[1] + step[1])
        if blocker is not None and not blocker.ally:  # an ally changes places with the hero
            self.notice = f"You stop: {article(blocker.name)} is in the way."
            return None
        self.target = (here[0] + step[0], here[1] + step[1])
        self.notice = self.ask_first(self.target)
        return None if self.notice else Move(*step)

    def ask_first(self, pos: Point) -> str:
        """Why not to take the step onto `pos` unasked: a teleporter (once each: the next press
        goes through), or a door only force would open (remembered with the failed ones, so the
        next press goes round it). "" when the step is an ordinary one."""
        game = self.game
        shut = must_force(game, pos)
        if shut:
            self.failed.add(pos)
            return (f"You stop: {shut}. Bump it to force it (noisy), or press again to go"
                    " round.")
        pad = (game.depth, *pos)
        if game.floor.tiles[pos[1], pos[0]] == tiles.TELEPORTER and \
                pad not in self.sightings.pads_asked:
            self.sightings.pads_asked.add(pad)
            return (f"You stop: a teleporter lies {way_to(game, pos)}. Step on it, or press"
                    " again to go through.")
        return ""

    def interruption(self) -> str:
        """Why to stop before the next step: an item of a kind not yet seen on this floor comes
        into view (named, with where it lies), a trap is found, or hit points run low."""
        game = self.game
        floor, here = game.floor, game.player.pos
        new = sorted((i for i in floor.items if floor.visible[i.y, i.x] and i.id not in self.items),
                     key=lambda i: (king_distance((i.x, i.y), here), i.id))
        self.items |= {i.id for i in new}
        told = self.sightings.told_kinds.setdefault(game.depth, set())
        worth = [i for i in new if i.kind not in told]
        told.update(i.kind for i in new)
        if worth:
            item = worth[0]
            where = way_to(game, (item.x, item.y))
            return f"You stop: you see {article(item_name(game, item))} {where}."
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
        edge = frontier(floor, walk)
        if edge[here[1], here[0]]:
            self.stood.append(here)
        for x, y in self.stood:
            edge[y, x] = False
        for item in floor.items:
            if (item.id, item.x, item.y) not in self.visited and floor.explored[item.y, item.x] \
                    and walk[item.y, item.x]:
                edge[item.y, item.x] = True
        return edge, far_ends_unexplored(floor, walk)

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
                return (f"{EXPLORED} > walks to the stairs down; or bump {barred} to see what"
                        " lies behind it (each try may force it, noisily).")
            return f"{EXPLORED} > walks to the stairs down."
        if barred:
            return (f"{EXPLORED} No way down yet: bump {barred} (each try may force it,"
                    " noisily), or search (s) along the walls for a secret door.")
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
