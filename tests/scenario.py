"""Scenario tests from hand-drawn maps (Hauberk style): draw a floor as text, act, assert.

    scene = scenario('''
        #######
        #@.+.g#
        #######
    ''', legend={"g": monster("soldier"), "+": door("stuck", dc=15)})
    scene.act(Move(1, 0))

Map characters: the tile characters of game.tiles (`#` wall, `.` floor, `+` closed door, `'` open
door, `S` secret door, `<` `>` stairs, `^` teleporter), `@` the player (on floor, or on what the
legend names for `@`), and any other character either named in `legend` or left as a *mark*: a
floor tile whose position `scene.at(char)` gives back.
A legend entry is a monster template (an `Actor`, see `monster`), a `DoorState` (drawn as a door),
a `Trap` (a hidden trap on floor), a `FeatureState` (a chamber feature on floor), a `StairInfo`
(stairs of that kind) or an item kind key (the item on floor; gold gets `gold` pieces). Unnamed
doors (secret ones too) are plain unlocked wooden doors, unnamed stairs ordinary stairs;
teleporter tiles pair up in reading order (1st with 2nd, 3rd with 4th).

Several maps make several depths (the first is depth 1); `@` must be on exactly one of them, and
the game starts there. No generator ever runs: every depth the test visits must be drawn.
"""

from __future__ import annotations

import dataclasses
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from game import tiles
from game.content.bestiary import Role
from game.content.items import UNKNOWN_KINDS, kind_of
from game.floorplan import Point
from game.rules.actions import Action, Result
from game.run import MIN_SIDE, FloorRecipe, Run
from game.seeds import Rng, derive
from game.turns import player_act
from game.world.fov import update_fov
from game.world.kinds import Mode, Part
from game.world.model import (
    PLAYER_ID,
    Actor,
    DoorState,
    FeatureState,
    Floor,
    Game,
    Hero,
    Item,
    StairInfo,
    Trap,
)

Legend = Mapping[str, "Actor | DoorState | Trap | StairInfo | FeatureState | str"]


def monster(
    role: Role = "soldier", *, hp: int = 10, ac: int = 10, attack: int = 2, damage: str = "1d4",
    reach: int = 1, opens_doors: bool = True, mode: str = "hunt", speed: int = 10, xp: int = 10,
    group: int = -1, name: str = "", tactic: str = "", part: Part = "", band: int = 0,
) -> Actor:
    """A monster template; each letter drawn with it on a map becomes one copy. A beast or boss
    part gets its drawn position as its den."""
    return Actor(
        id=-1, kind=role, name=name or role, glyph="m", color=(200, 80, 80), x=-1, y=-1, hp=hp,
        max_hp=hp, ac=ac, attack=attack, damage=damage, speed=speed, xp=xp, role=role,
        opens_doors=opens_doors, reach=reach, mode=Mode(mode), group=group, tactic=tactic,
        part=part, band=band,
    )


def door(
    state: str = "unlocked", *, dc: int | None = None, trapped: bool = False,
    opening: str = "normal", reinforced: bool = False, material: str = "wooden",
    quality: str = "simple",
) -> DoorState:
    """A closed door as the Doors table would roll it."""
    return DoorState(material, quality, state, dc, trapped, opening, reinforced)


class ScriptedRng(Rng):
    """A real stream whose next d20 faces and `chance` outcomes can be set in advance.

    Only draws of exactly `randint(1, 20)` take from `d20`; other draws use the seeded stream, so a
    test pins the roll that matters and leaves the rest alone.
    """

    def __init__(self, seed: int = 1, d20: Sequence[int] = (),
                 chances: Sequence[bool] = ()) -> None:
        super().__init__(seed)
        self.d20 = list(d20)
        self.chances = list(chances)
        self.asked: list[float] = []
        """Every probability `chance` was asked about, in order."""

    def randint(self, low: int, high: int) -> int:
        if (low, high) == (1, 20) and self.d20:
            return self.d20.pop(0)
        return super().randint(low, high)

    def chance(self, probability: float) -> bool:
        self.asked.append(probability)
        if self.chances:
            return self.chances.pop(0)
        return super().chance(probability)


@dataclass
class Scene:
    """A game built from maps, with the marks and monsters drawn on them."""

    game: Game
    marks: dict[str, list[tuple[int, Point]]] = field(default_factory=dict)
    letters: dict[str, list[int]] = field(default_factory=dict)
    """Monster ids by the letter they were drawn with, in reading order."""

    def act(self, action: Action) -> Result:
        return player_act(self.game, action)

    def at(self, char: str, index: int = 0) -> Point:
        """Where `char` was drawn (the `index`-th time, in reading order, over all depths)."""
        return self.marks[char][index][1]

    def monster(self, char: str, index: int = 0) -> Actor:
        """The monster drawn as `char`, on whatever floor it is now (KeyError once it died)."""
        wanted = self.letters[char][index]
        for floor in self.game.floors.values():
            for actor in floor.monsters:
                if actor.id == wanted:
                    return actor
        raise KeyError(f"monster {char!r} #{index} (id {wanted}) is no longer on any floor")

    def alive(self, char: str, index: int = 0) -> bool:
        wanted = self.letters[char][index]
        return any(m.id == wanted and m.alive for m in self.game.floor.monsters)

    def render(self) -> str:
        """The current floor as text, with monsters and the player (for failure messages)."""
        floor = self.game.floor
        rows = [list(row) for row in tiles.to_ascii(floor.tiles)]
        for actor in floor.monsters:
            rows[actor.y][actor.x] = actor.kind[0]
        rows[self.game.player.y][self.game.player.x] = "@"
        return "\n".join("".join(row) for row in rows)

    @property
    def floor(self) -> Floor:
        return self.game.floor

    @property
    def player(self) -> Actor:
        return self.game.player


def scenario(
    *maps: str, legend: Legend | None = None, seed: str = "scenario", depths: int | None = None,
    hp: int = 30, rng: Rng | None = None,
) -> Scene:
    """A game whose floors are `maps` (depth 1, 2, ...); `depths` floors in all (default: as many
    as drawn). The player is bare-handed with an empty pack and no gear."""
    legend = legend or {}
    depths = depths or len(maps)
    if depths < len(maps):
        raise ValueError("more maps than depths")
    player = Actor(
        id=PLAYER_ID, kind="player", name="you", glyph="@", color=(255, 255, 255),
        x=-1, y=-1, hp=hp, max_hp=hp, ac=12, attack=3, damage="1d3",
    )
    # The floors are drawn, not generated: the recipes only count the depths (and are never
    # built, since a scene's player never reaches an undrawn depth).
    run = Run(seed, tuple(FloorRecipe(d, "bsp", MIN_SIDE, MIN_SIDE) for d in range(1, depths + 1)))
    game = Game(
        run=run, player=player, hero=Hero(), rng=rng or Rng(derive(run.seed_hash, "play")),
    )
    scene = Scene(game)
    for depth, text in enumerate(maps, start=1):
        game.floors[depth] = _floor(scene, depth, text, legend)
    if player.x < 0:
        raise ValueError("no @ on any map")
    update_fov(game.floor, player.x, player.y)
    return scene


def _floor(scene: Scene, depth: int, text: str, legend: Legend) -> Floor:
    rows = textwrap.dedent(text).strip("\n").splitlines()
    width = max(len(row) for row in rows)
    grid = np.zeros((len(rows), width), dtype=np.uint8)
    floor = Floor(
        depth=depth, generator="scenario", fingerprint=f"scenario-{depth}", tiles=grid,
        explored=np.zeros(grid.shape, dtype=np.bool_), visible=np.zeros(grid.shape, dtype=np.bool_),
        arrival=(-1, -1), exits=(),
    )
    pads: list[Point] = []
    for y, row in enumerate(rows):
        for x, char in enumerate(row.ljust(width, "#")):
            grid[y, x] = _place(scene, floor, (x, y), char, legend.get(char))
            if grid[y, x] == tiles.TELEPORTER:
                pads.append((x, y))
    if len(pads) % 2:
        raise ValueError(f"depth {depth}: teleporters pair up; {len(pads)} drawn")
    for a, b in zip(pads[::2], pads[1::2], strict=True):
        floor.teleports[a] = b
        floor.teleports[b] = a
    ups = [p for p, s in floor.stairs.items() if s.direction != "down"]
    downs = [p for p, s in floor.stairs.items() if s.direction != "up"]
    anywhere = _first_floor_tile(grid)
    floor.arrival = ups[0] if ups else anywhere
    floor.exits = tuple(downs) or (floor.arrival,)
    return floor


def _place(scene: Scene, floor: Floor, pos: Point, char: str,
           entry: Actor | DoorState | Trap | StairInfo | FeatureState | str | None) -> int:
    """Put what `char` stands for at `pos`; returns the tile id to draw there."""
    game, (x, y) = scene.game, pos
    scene.marks.setdefault(char, []).append((floor.depth, pos))
    if char == "@":
        if game.player.x >= 0:
            raise ValueError("more than one @")
        game.player.x, game.player.y = pos
        game.depth = floor.depth
        if entry is None:
            return tiles.FLOOR
    if isinstance(entry, Actor):
        home = pos if entry.part in ("beast", "boss") else entry.home
        actor = dataclasses.replace(entry, id=game.new_id(), x=x, y=y, effects={}, home=home,
                                    cooldowns={})
        floor.monsters.append(actor)
        scene.letters.setdefault(char, []).append(actor.id)
        return tiles.FLOOR
    if isinstance(entry, DoorState) or (entry is None and char in "+'S"):
        state = dataclasses.replace(entry) if isinstance(entry, DoorState) else door()
        state.is_open = state.is_open or char == "'"
        floor.doors[pos] = state
        if state.trapped:
            floor.traps[pos] = Trap("dart", 15)
        if state.is_open:
            return tiles.OPEN_DOOR
        return tiles.SECRET_DOOR if entry is None and char == "S" else tiles.DOOR
    if isinstance(entry, Trap):
        floor.traps[pos] = dataclasses.replace(entry)
        return tiles.FLOOR
    if isinstance(entry, FeatureState):
        floor.features[pos] = dataclasses.replace(entry)
        return tiles.FLOOR
    if isinstance(entry, StairInfo) or (entry is None and char in "<>"):
        stair = entry if isinstance(entry, StairInfo) else StairInfo(
            "stairs", "up" if char == "<" else "down")
        step = {"up": (-1,), "down": (1,), "both": (-1, 1)}[stair.direction]
        leads = stair.leads_to or tuple(floor.depth + s for s in step)
        floor.stairs[pos] = dataclasses.replace(stair, leads_to=leads)
        return tiles.STAIRS_UP if stair.direction == "up" else tiles.STAIRS_DOWN
    if isinstance(entry, str):
        amount = 10 if entry == "gold" else 1
        floor.items.append(Item(game.new_id(), entry, x, y, amount=amount))
        return tiles.FLOOR
    return tiles.CHAR_TO_ID.get(char, tiles.FLOOR)


def _first_floor_tile(grid: NDArray[np.uint8]) -> Point:
    spots = np.argwhere(grid == tiles.FLOOR)
    return (int(spots[0][1]), int(spots[0][0]))


def give(scene: Scene, kind: str, *, key_for: Point | None = None, amount: int = 1,
         known: bool = True) -> Item:
    """Put an item of `kind` in the player's pack; `known`: the hero knows what such items are
    (else a potion, scroll, wand, ring or amulet shows its unknown appearance)."""
    item = Item(scene.game.new_id(), kind, amount=amount, key_for=key_for)
    scene.game.hero.inventory.append(item)
    if known and kind_of(kind).kind in UNKNOWN_KINDS and kind not in scene.game.identified:
        scene.game.identified = sorted([*scene.game.identified, kind])
    return item


def messages(scene: Scene) -> list[str]:
    return [m.text for m in scene.game.messages.messages]
