"""What the dressing pass puts on a floor: plain frozen data, positions as (x, y).

A `Dressing` never holds the tile map: the layout stays the generator's (`FloorPlan`), and the
dressing only names things at its positions, so exports and the game read both side by side.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.content.bestiary import Role
from game.floorplan import Point

TACTICS: dict[str, str] = {
    "battlefield_control": "hamper", "commander_and_troops": "screen", "beasts_den": "den",
    "battle_lines": "lines", "wolf_pack": "flank", "boss": "lair",
}
"""How each template fights (game.ai.tactics): the controller hampers the hero for its strikers;
troops screen their commander; a beast guards its den on a leash; a melee line shields archers;
a pack flanks; a boss keeps its lair with its guard screening it."""


@dataclass(frozen=True, slots=True)
class Area:
    """A place that holds contents and encounters: a room, a cave pocket, a sector of a room-less
    floor, or a corridor spot where the tables generator rolled a random encounter.

    `id` counts from 1 (the number printed on the game master's map); `x, y, w, h` bound the area's
    tiles; `room` is the plan's room id when the area is a room; `size` counts its walkable tiles.
    """

    id: int
    x: int
    y: int
    w: int
    h: int
    source: str  # "room" | "pocket" | "sector" | "corridor"
    room: int | None
    size: int

    @property
    def center(self) -> Point:
        return (self.x + self.w // 2, self.y + self.h // 2)


@dataclass(frozen=True, slots=True)
class DoorDressing:
    """One door's type from the Doors table. `dc` is the break DC (None: unlocked, nothing to
    break); a reinforced door is held shut whatever its state: only its key (or a knock) opens it.
    `faces` are the d100 faces rolled (two when the first row said "reroll")."""

    x: int
    y: int
    material: str
    quality: str
    state: str
    dc: int | None
    trapped: bool
    opening: str
    reinforced: bool
    faces: tuple[int, ...]
    key: int | None = None

    @property
    def point(self) -> Point:
        return (self.x, self.y)

    @property
    def held_shut(self) -> bool:
        """Needs its key: locked, or magically reinforced."""
        return self.state == "locked" or self.reinforced


@dataclass(frozen=True, slots=True)
class Contents:
    """Chamber Contents of one area (d100), with the features it named (minor and major)."""

    area: int
    face: int | None
    text: str
    monster: bool
    features: bool
    treasure: bool
    trap: bool
    minor: tuple[str, ...] = ()
    major: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Feature:
    """A chamber feature placed on a tile of its area: its rolled name and effect class (the
    class is content data, game/content/features.py; "decor" for none)."""

    name: str
    x: int
    y: int
    effect: str
    area: int

    @property
    def point(self) -> Point:
        return (self.x, self.y)


@dataclass(frozen=True, slots=True)
class StairDressing:
    """Stairs with their kind from the Stairs table. `direction` is "up", "down" or "both" (a
    shaft); `leads_to` the depths reached (empty for a dead end); `placed` is False for stairs that
    are not the plan's arrival or way down (the dead ends the dressing adds, a tables floor's other
    rolled stairs); every one is drawn with its kind's tile (`stairs.drawn_stairs`)."""

    x: int
    y: int
    direction: str
    kind: str
    dead_end: bool
    leads_to: tuple[int, ...]
    faces: tuple[int, ...]
    text: str
    placed: bool = True

    @property
    def point(self) -> Point:
        return (self.x, self.y)


@dataclass(frozen=True, slots=True)
class Key:
    """A key lying at (x, y) that opens the door at `door`."""

    id: int
    x: int
    y: int
    door: Point

    @property
    def point(self) -> Point:
        return (self.x, self.y)


@dataclass(frozen=True, slots=True)
class Trap:
    """A trap, hidden until found (search DC). `source` says what put it there: a room's contents
    ("room"), a trapped door ("door": it sits on the door tile) or a beast's den ("encounter").
    `target` is where a teleport trap sends its victim."""

    id: int
    x: int
    y: int
    kind: str
    search_dc: int
    disarm_dc: int
    effect: str
    source: str
    area: int | None
    hidden: bool = True
    target: Point | None = None

    @property
    def point(self) -> Point:
        return (self.x, self.y)


@dataclass(frozen=True, slots=True)
class Treasure:
    """Hidden treasure: gold by depth, in an area whose contents said so, or a den's `hoard`
    beside its beast (an encounter's: the bestiary decides where it lies)."""

    x: int
    y: int
    gold: int
    area: int
    hoard: bool = False


@dataclass(frozen=True, slots=True)
class Monster:
    """One placed monster: its bestiary key and role. An elite has double hit points and XP."""

    kind: str
    role: Role
    x: int
    y: int
    elite: bool = False
    boss: bool = False

    @property
    def point(self) -> Point:
        return (self.x, self.y)


@dataclass(frozen=True, slots=True)
class Encounter:
    """An encounter of the floor's deck (or the boss): its template, difficulty and XP budget,
    the XP it came to (monsters and its traps) and where it waits. `cramped`: the area had no
    room for more, so the XP may fall short of the budget."""

    id: int
    template: str
    difficulty: str  # "easy" | "average" | "hard" | "boss"
    area: int
    room: int | None
    budget: int
    xp: int
    monsters: tuple[Monster, ...]
    traps: tuple[int, ...] = ()
    cramped: bool = False

    @property
    def tactic(self) -> str:
        """The template's way of fighting (a TACTICS id)."""
        return TACTICS[self.template]


@dataclass(frozen=True, slots=True)
class VaultItem:
    """One item on a vault's pedestal: its kind (assets/items.toml) and where it stands."""

    kind: str
    x: int
    y: int

    @property
    def point(self) -> Point:
        return (self.x, self.y)


@dataclass(frozen=True, slots=True)
class Captive:
    """A prisoner shackled in an encounter's area (game.dressing.captives): a bestiary kind the
    hero may free to follow it as an ally once it reaches it."""

    kind: str
    x: int
    y: int
    encounter: int
    area: int

    @property
    def point(self) -> Point:
        return (self.x, self.y)


@dataclass(frozen=True, slots=True)
class Ware:
    """One thing a merchant offers: an item kind and its asking price there
    (game.content.prices.ask)."""

    kind: str
    price: int
    count: int = 1
    """How many of it (arrows come by the bundle)."""


@dataclass(frozen=True, slots=True)
class Merchant:
    """A merchant the dressing placed (game.dressing.merchants): a wandering peddler camped in a
    quiet area, or a shopkeeper at the counter of a room given over to a shop. It stands still
    on its tile (x, y) and trades with a hero who bumps it."""

    id: int
    name: str
    kind: str  # "peddler" | "shop"
    x: int
    y: int
    area: int
    wares: tuple[Ware, ...]

    @property
    def point(self) -> Point:
        return (self.x, self.y)


@dataclass(frozen=True, slots=True)
class Vault:
    """A locked treasure vault (game.dressing.vaults): the area it fills (None: no area's), its
    sealed door, the id and place of that door's key, and the items of which the hero may take
    one (the rest vanish)."""

    id: int
    area: int | None
    door: Point
    key: int
    key_at: Point
    items: tuple[VaultItem, ...]


@dataclass(frozen=True, slots=True)
class Dressing:
    """Everything the dressing pass decided for one floor."""

    depth: int
    ruleset: str
    boss: bool
    areas: tuple[Area, ...]
    doors: tuple[DoorDressing, ...]
    contents: tuple[Contents, ...]
    stairs: tuple[StairDressing, ...]
    keys: tuple[Key, ...]
    traps: tuple[Trap, ...]
    treasures: tuple[Treasure, ...]
    encounters: tuple[Encounter, ...]
    relic: Point | None = None
    features: tuple[Feature, ...] = ()
    vaults: tuple[Vault, ...] = ()
    """Locked treasure vaults: take one item, the others vanish (at most one a floor)."""
    merchants: tuple[Merchant, ...] = ()
    """Peddlers and shops (game.dressing.merchants), placed after everything else."""
    captives: tuple[Captive, ...] = ()
    """Shackled prisoners of encounters (game.dressing.captives), placed last."""

