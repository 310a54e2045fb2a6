"""Runtime state of a run: actors, items, doors, traps, floors and the game. Plain data only.

The rules change this state; the ui reads it. Everything here is built from plain values (ints,
strings, tuples, numpy arrays) so that a save can write it as JSON and arrays without pickle, and
`state_hash` can digest it. Collections that decide outcomes are lists or dicts built in a sorted,
deterministic order; nothing iterates a set.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from game import tiles
from game.content.features import feature_kind
from game.floorplan import Point
from game.run import Run
from game.seeds import Rng
from game.world.kinds import ActorRole, MessageKind, Mode, Outcome, Part

PLAYER_ID = 0
NORMAL_SPEED = 10
MAX_SPEED = 1000
"""The fastest any actor may be (a hundred actions a turn): the bound a save is held to."""
MAX_ENERGY = MAX_SPEED + NORMAL_SPEED
"""More energy than play can leave an actor (under NORMAL_SPEED after its turn, plus one turn's
speed): so however a save was made, one actor acts at most a hundred times a turn."""
MAX_CARRIED = 1000
"""Items a hero may carry, keys and stacks counted one by one: the pack's own limit, and the
one a save is held to, so a pack that play filled is always a pack a save may hold."""
"""Energy an actor needs to act; an actor gains its speed in energy every turn."""


@dataclass(slots=True, eq=False)
class Actor:
    """The player or a monster. Monsters copy their stats from the bestiary when spawned.
    Two actors are the same only if they are the same object (an entity, not a value)."""

    id: int
    kind: str
    name: str
    glyph: str
    color: tuple[int, int, int]
    x: int
    y: int
    hp: int
    max_hp: int
    ac: int
    attack: int
    damage: str
    speed: int = NORMAL_SPEED
    xp: int = 0
    role: ActorRole = "player"
    opens_doors: bool = True
    reach: int = 1
    """Attack range in tiles: 1 is melee; more shoots (artillery) or casts (controllers)."""
    mode: Mode = Mode.ASLEEP
    """AI mode: asleep, wander, hunt, flee, guard. The player's is unused."""
    energy: int = 0
    home: Point | None = None
    group: int = -1
    """The encounter this monster belongs to (-1: none)."""
    tactic: str = ""
    """Its encounter's way of fighting (game.dressing.model.TACTICS; "" alone)."""
    part: Part = ""
    """Its place in that tactic (game.ai.tactics.PARTS: commander, troop, wolf ...; "" alone)."""
    band: int = 0
    """How many its encounter numbered when placed (a pack scatters when half are down)."""
    sighted: bool = False
    """The hero has seen its encounter: the log named it once."""
    effects: dict[str, int] = field(default_factory=dict)
    """Timed conditions by name (confused, slowed, bolstered): turns left."""
    goal: Point | None = None
    """Where a wandering monster is going."""
    cooldowns: dict[str, int] = field(default_factory=dict)
    """Its abilities (game.rules.abilities) by name: turns until it may use each again."""
    carried: int = 0
    """Gold a thief has stolen from the hero: dropped where it dies."""
    ally: bool = False
    """Follows and fights for the hero (a freed captive: game.rules.allies)."""
    captive: bool = False
    """Shackled in an encounter: it does not act and no one attacks it until the hero frees it."""
    waiting: bool = False
    """An ally told to wait: it holds its ground instead of following the hero."""

    @property
    def pos(self) -> Point:
        return (self.x, self.y)

    @property
    def alive(self) -> bool:
        return self.hp > 0

    @property
    def hostile(self) -> bool:
        """A foe of the hero: neither an ally nor a shackled captive."""
        return not (self.ally or self.captive)


@dataclass(slots=True)
class Item:
    """An item on a floor (x, y set) or carried (x = y = -1). `kind` keys assets/items.toml."""

    id: int
    kind: str
    x: int = -1
    y: int = -1
    amount: int = 1
    """Gold pieces, or charges; 1 for most items."""
    key_for: Point | None = None
    """For a key: the door it opens."""
    improved: list[str] = field(default_factory=list)
    """The crafting features (by feature key, in order) that have improved this item: each
    kind of feature works on an item once (game.rules.crafting)."""
    uncursed: bool = False
    """A cursed kind's curse lifted from this item (game.rules.gear.cursed)."""
    vault: int = 0
    """On a vault's pedestal: the vault's id on its floor (0: none). Taking one item of a vault
    makes the others vanish (game.rules.vaults)."""

    @property
    def pos(self) -> Point:
        return (self.x, self.y)


@dataclass(slots=True)
class DoorState:
    """A door as rolled on the Doors table, and what has happened to it since."""

    material: str
    quality: str
    state: str
    """unlocked, stuck, locked; "broken" once forced."""
    dc: int | None
    trapped: bool
    opening: str
    reinforced: bool
    key_id: str | None = None
    is_open: bool = False
    trap_found: bool = False
    known: bool = False
    """The player has seen it up close (look mode shows type and DC)."""

    @property
    def sealed(self) -> bool:
        """Needs its key (or knock): locked, or held shut by magic."""
        return self.state == "locked" or (self.reinforced and self.state != "broken")


@dataclass(slots=True)
class Trap:
    """A trap: hidden until found by searching or set off."""

    kind: str
    """dart, pit, trapdoor, teleport, alarm."""
    dc: int
    found: bool = False
    spent: bool = False


@dataclass(slots=True)
class FeatureState:
    """A chamber feature standing on a tile: its rolled name, its effect class (content data,
    game/content/features.py) and whether its one use is spent (a chest searched, an anvil
    used, a gong struck)."""

    name: str
    effect: str
    used: bool = False


@dataclass(slots=True)
class Merchant:
    """A merchant in play (game.rules.trade): a peddler or a shopkeeper standing on its tile,
    with the wares it sells (carried items, x = y = -1; what the hero sells it joins them).
    It never moves or fights: monsters pay it no heed, and a hero who bumps it trades."""

    id: int
    name: str
    kind: str
    """peddler or shop."""
    x: int
    y: int
    wares: list[Item] = field(default_factory=list)

    @property
    def pos(self) -> Point:
        return (self.x, self.y)


@dataclass(slots=True)
class StairInfo:
    """Stairs as rolled on the Stairs table."""

    kind: str
    """stairs, trapdoor_ladder, shaft."""
    direction: str
    """up, down, both."""
    dead_end: bool = False
    leads_to: tuple[int, ...] = ()


@dataclass(slots=True)
class Floor:
    """One floor in play. `tiles` is live: opening a door changes DOOR to OPEN_DOOR."""

    depth: int
    generator: str
    fingerprint: str
    tiles: NDArray[np.uint8]
    explored: NDArray[np.bool_]
    visible: NDArray[np.bool_]
    arrival: Point
    exits: tuple[Point, ...]
    doors: dict[Point, DoorState] = field(default_factory=dict)
    traps: dict[Point, Trap] = field(default_factory=dict)
    teleports: dict[Point, Point] = field(default_factory=dict)
    stairs: dict[Point, StairInfo] = field(default_factory=dict)
    monsters: list[Actor] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    areas: list[tuple[int, int, int, int, str]] = field(default_factory=list)
    """(x, y, w, h, description) of rooms and areas, for look mode and the floor map."""
    treasure: dict[Point, int] = field(default_factory=dict)
    """Hidden gold by position, found by searching."""
    features: dict[Point, FeatureState] = field(default_factory=dict)
    """Chamber features by position; those that block movement or sight are obstacles."""
    merchants: list[Merchant] = field(default_factory=list)
    """Merchants by id order (game.rules.trade): each blocks its tile, like a pillar."""
    _obstacles: tuple[NDArray[np.bool_], NDArray[np.bool_], NDArray[np.int64]] | None = field(
        default=None, repr=False, compare=False)
    """(blocks movement, blocks sight) masks of the features and the (x, y) rows of those that
    widen sight, built on first use: features never move, so one pass over them serves every
    later flood and field of view."""
    light: NDArray[np.float32] | None = field(default=None, repr=False, compare=False)
    """The light map of this turn (game.world.light: height x width x 3, per channel 0..),
    made with the field of view and never saved; None until sight is first updated."""
    light_cache: object = field(default=None, repr=False, compare=False)
    """The floor's static light and what it was made from (game.world.light), not saved."""
    light_here: tuple[int, int, float] | None = field(default=None, repr=False, compare=False)
    """(x, y, light) at the hero's tile when sight was last updated, the hero's own light not
    counted: the stealth's light part reads it."""
    _where: dict[Point, Actor] = field(default_factory=dict, repr=False, compare=False)
    """Living monsters by position: an index `monster_at` rebuilds when monsters come or go,
    kept current by `relocate` as they move (a turn with 500 monsters asks thousands of times)."""
    _where_of: list[Actor] | None = field(default=None, repr=False, compare=False)
    """The monsters list the index was built from, and its length then (_where_count): asked
    before every monster's step, so two plain comparisons."""
    _where_count: int = field(default=-1, repr=False, compare=False)

    @property
    def width(self) -> int:
        return int(self.tiles.shape[1])

    @property
    def height(self) -> int:
        return int(self.tiles.shape[0])

    def in_bounds(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def monster_at(self, x: int, y: int) -> Actor | None:
        if self._where_of is not self.monsters or self._where_count != len(self.monsters):
            self._reindex()
        found = self._where.get((x, y))
        if found is not None and (found.pos != (x, y) or not found.alive):
            self._reindex()  # something moved it without `relocate`: trust the list
            found = self._where.get((x, y))
        return found

    def occupancy(self) -> dict[Point, Actor]:
        """The live position index of living monsters (kept current by `relocate`): for loops
        that ask about many tiles at once. Read it, never change it."""
        if self._where_of is not self.monsters or self._where_count != len(self.monsters):
            self._reindex()
        return self._where

    def relocate(self, actor: Actor, x: int, y: int) -> None:
        """Move a monster (or the player) and keep the position index current."""
        here = (actor.x, actor.y)
        if self._where.get(here) is actor:
            del self._where[here]
        actor.x, actor.y = x, y
        if actor.id != PLAYER_ID:
            self._where[(x, y)] = actor

    def _reindex(self) -> None:
        self._where = {m.pos: m for m in self.monsters if m.alive}
        self._where_of, self._where_count = self.monsters, len(self.monsters)

    def obstacles(self) -> tuple[NDArray[np.bool_], NDArray[np.bool_], NDArray[np.int64]]:
        """Masks of the tiles a feature makes impassable and opaque, and where lights stand."""
        if self._obstacles is None or self._obstacles[0].shape != self.tiles.shape:
            move = np.zeros(self.tiles.shape, dtype=np.bool_)
            sight = np.zeros(self.tiles.shape, dtype=np.bool_)
            lights: list[Point] = []
            for (x, y), feature in self.features.items():
                kind = feature_kind(feature.name)
                move[y, x], sight[y, x] = kind.blocks_move, kind.blocks_sight
                if kind.effect == "light":
                    lights.append((x, y))
            for merchant in self.merchants:
                move[merchant.y, merchant.x] = True
            self._obstacles = (move, sight, np.array(lights, dtype=np.int64).reshape(-1, 2))
        return self._obstacles

    def forget_obstacles(self) -> None:
        """Features or merchants were set after the masks were made (a scenario placing a
        merchant): make them again on next use."""
        self._obstacles = None
        self.light_cache = None

    def lit(self, x: int, y: int, reach: int) -> bool:
        """A light feature stands within `reach` tiles (Chebyshev) of (x, y)."""
        lights = self.obstacles()[2]
        return bool(len(lights)) and bool(
            (np.maximum(np.abs(lights[:, 0] - x), np.abs(lights[:, 1] - y)) <= reach).any())

    def walkable(self) -> NDArray[np.bool_]:
        """Walkable tiles of the live map, less those a feature blocks."""
        result: NDArray[np.bool_] = tiles.walkable(self.tiles) & ~self.obstacles()[0]
        return result

    def transparent(self) -> NDArray[np.bool_]:
        """See-through tiles of the live map (closed doors block sight), less opaque features."""
        result: NDArray[np.bool_] = tiles.TRANSPARENT.take(self.tiles) & ~self.obstacles()[1]
        return result

    def blocks_move(self, x: int, y: int) -> bool:
        """A feature stands in the way at (x, y)."""
        return bool(self.obstacles()[0][y, x])

    def merchant_at(self, x: int, y: int) -> Merchant | None:
        """The merchant standing at (x, y), if any."""
        return next((m for m in self.merchants if m.pos == (x, y)), None)

    def items_at(self, x: int, y: int) -> list[Item]:
        return [item for item in self.items if item.x == x and item.y == y]


@dataclass(slots=True)
class Message:
    """One line of the message log; `count` is how many times it came in a row."""

    text: str
    kind: MessageKind
    count: int = 1


NOTICE_LIMIT = 100
"""Notices kept for the history screen; older ones are forgotten."""


@dataclass(slots=True)
class MessageLog:
    """Messages in order; a repeat of the last one stacks ("x2") instead of adding a line.

    `messages` is what the rules said: the save writes it and the state hash digests it.
    `notices` is what the screen told the player between them (a refusal, an activity's stop,
    a file problem), each with the number of messages that came before it. Notices are shown
    among the messages but are never saved or hashed, so a replay or a hash never depends on
    the interface that played it."""

    messages: list[Message] = field(default_factory=list)
    limit: int = 1000
    notices: list[tuple[int, Message]] = field(default_factory=list)

    def add(self, text: str, kind: MessageKind = MessageKind.INFO) -> None:
        if self.messages and self.messages[-1].text == text:
            self.messages[-1].count += 1
            return
        self.messages.append(Message(text, kind))
        if len(self.messages) > self.limit:
            cut = len(self.messages) - self.limit
            del self.messages[:cut]
            self.notices = [(at - cut, notice) for at, notice in self.notices if at >= cut]

    def tell(self, text: str, kind: MessageKind = MessageKind.SYSTEM) -> None:
        """A notice after the messages said so far; told twice in a row, it stacks."""
        at = len(self.messages)
        if self.notices and self.notices[-1][0] == at and self.notices[-1][1].text == text:
            self.notices[-1][1].count += 1
            return
        self.notices.append((at, Message(text, kind)))
        del self.notices[:-NOTICE_LIMIT]

    def shown(self) -> list[Message]:
        """Messages and notices in the order the player heard them, oldest first."""
        lines: list[Message] = []
        told = iter(self.notices)
        pending = next(told, None)
        for index in range(len(self.messages) + 1):
            while pending is not None and pending[0] <= index:
                lines.append(pending[1])
                pending = next(told, None)
            if index < len(self.messages):
                lines.append(self.messages[index])
        while pending is not None:  # told after messages a crash took back
            lines.append(pending[1])
            pending = next(told, None)
        return lines

    def retract(self, text: str, within: int = 8) -> bool:
        """Take back `text` said once among the last `within` messages (a later message says it
        better; what monsters did in the same turn may have come after it)."""
        recent = range(len(self.messages) - 1, max(-1, len(self.messages) - 1 - within), -1)
        for index in recent:
            message = self.messages[index]
            if text and message.text == text and message.count == 1:
                del self.messages[index]
                self.notices = [(at - 1 if at > index else at, notice)
                                for at, notice in self.notices]
                return True
        return False


FOOD_START = 1200
"""A new hero's food (game.rules.hunger): a good meal before setting out."""


@dataclass(slots=True)
class Hero:
    """What only the player has: level, gold, inventory and equipment."""

    level: int = 1
    xp: int = 0
    gold: int = 0
    strength: int = 2
    """Bonus to strength checks (forcing doors) and melee damage."""
    inventory: list[Item] = field(default_factory=list)
    equipment: dict[str, int] = field(default_factory=dict)
    """Slot name -> id of the carried item worn there."""
    has_relic: bool = False
    pending_levels: int = 0
    """Level-ups waiting for the player's choice."""
    letters: dict[int, str] = field(default_factory=dict)
    """Carried item id -> its pack letter (game.world.pack): letters stay put as items come
    and go."""
    food: int = FOOD_START
    """Turns of food in the hero (game.rules.hunger): one gone a turn, eating adds; low, the
    hero is hungry, then weak; below zero it faints, then starves."""
    background: str = "fighter"
    """The background chosen on the New game screen (assets/backgrounds.toml)."""
    talents: list[str] = field(default_factory=list)
    """Talent keys the hero has, in the order gained (assets/talents.toml)."""
    offers: list[str] = field(default_factory=list)
    """The talents the pending level-up offers (game.rules.progress): drawn when the level is
    gained, so saving and loading never changes them."""


@dataclass(slots=True)
class Game:
    """A whole run being played. Floors are made on first arrival from the run's seed and the
    depth's recipe alone."""

    run: Run
    """The seed, the recipes and the daily flag: fixed for the whole game (and its code)."""
    player: Actor
    hero: Hero
    rng: Rng
    """Gameplay randomness (combat, AI, searching): never a generation stream."""
    depth: int = 1
    floors: dict[int, Floor] = field(default_factory=dict)
    turn: int = 0
    next_id: int = 1
    messages: MessageLog = field(default_factory=MessageLog)
    outcome: Outcome = Outcome.PLAYING
    """PLAYING ("", falsy) while playing; DEAD or WON at the end."""
    cause: str = ""
    identified: list[str] = field(default_factory=list)
    """Item kinds of unknown appearance the player has identified, sorted (saved)."""
    stance: str = "quiet"
    """What the hero's last turn sounded like, for stealth (game.rules.stealth): set by the turn
    loop from the action before the monsters act; not saved, since every turn sets it again."""
    actions: list[object] | None = None
    """Every action the player took since the run began, in order (game.turns.player_act keeps
    it), while this process has them all: a new game starts it, a save loaded with its
    recording takes it up (game.recorder). What the game's recording is written from; None for
    a run loaded without one. Not saved or hashed: the recording file holds it. (The actions
    are game.rules.actions classes, named `object` here: the world does not import the rules.)"""

    @property
    def floor(self) -> Floor:
        return self.floors[self.depth]

    @property
    def last_depth(self) -> int:
        return self.run.last_depth

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    def log(self, text: str, kind: MessageKind = MessageKind.INFO) -> None:
        """What happened in the dungeon: saved, hashed and replayed."""
        self.messages.add(text, kind)

    def tell(self, text: str, kind: MessageKind = MessageKind.SYSTEM) -> None:
        """What the interface tells the player (a refusal, a stop, a file problem): shown in the
        log, never saved or hashed (`MessageLog.notices`)."""
        self.messages.tell(text, kind)
