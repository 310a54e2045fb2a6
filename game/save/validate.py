"""What a save's state must look like before `game_from_data` may trust it.

A schema of the current format's state (every field's type, range or length, no field missing or
unknown), then the checks that tie values together: floors and their arrays, positions inside
their floors, depths inside the plan. A file that passes cannot crash the loader or put the game
in a state its rules cannot handle (an unknown item kind, dice that would roll forever, a player
outside the map). Errors name the field: "floors.3.monsters[2].hp: expected a whole number".
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from game import generators, tiles
from game.content.backgrounds import background_keys
from game.content.bestiary import ROLES
from game.content.features import EFFECTS
from game.content.items import item_kinds
from game.content.talents import talents
from game.dressing.model import TACTICS
from game.rules.progress import MAX_GOLD, MAX_LEVEL, MAX_STAT, MAX_XP
from game.rules.talents import OFFERED
from game.save.format import SaveError
from game.seeds import PERIOD
from game.world.kinds import PARTS, MessageKind, Mode, Outcome
from game.world.model import MAX_CARRIED, MAX_ENERGY, MAX_SPEED

MAX_SIDE = 1000
"""Floors in play are at most 400 tiles a side (a run's recipes); bench scenes reach 200."""
MAX_DEPTH = 99
MAX_LIST = 100_000
MAX_TEXT = 4096
BIG = 10**12
ID_LIMIT = 2**62
POINT_KEY = re.compile(r"^\d{1,4},\d{1,4}$")
DICE = re.compile(r"^\d{0,2}d\d{1,3}([+-]\d{1,3})?$")
"""Dice a save may carry: at most 99 dice of 999 sides (rolling never takes long)."""
ARRAY_NAMES = ("tiles", "explored", "visible")
ARRAY_DTYPES: dict[str, np.dtype[Any]] = {"tiles": np.dtype(np.uint8),
                                          "explored": np.dtype(np.bool_),
                                          "visible": np.dtype(np.bool_)}


class SchemaError(Exception):
    """A value that does not fit its schema; containers add their key on the way out."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.path: list[str] = []

    def where(self) -> str:
        parts = "".join(f"[{p}]" if p.isdigit() else f".{p}" for p in reversed(self.path))
        return parts.lstrip(".")


class Schema:
    """One node of the schema: `check` raises SchemaError or returns None."""

    def check(self, value: Any) -> None:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Whole(Schema):
    low: int
    high: int

    def check(self, value: Any) -> None:
        if type(value) is not int:
            raise SchemaError(f"expected a whole number, got {_kind(value)}")
        if not self.low <= value <= self.high:
            raise SchemaError(f"{value} is outside {self.low}..{self.high}")


@dataclass(frozen=True, slots=True)
class Flag(Schema):
    def check(self, value: Any) -> None:
        if type(value) is not bool:
            raise SchemaError(f"expected true or false, got {_kind(value)}")


@dataclass(frozen=True, slots=True)
class Text(Schema):
    limit: int = 200
    pattern: re.Pattern[str] | None = None
    minimum: int = 0

    def check(self, value: Any) -> None:
        if type(value) is not str:
            raise SchemaError(f"expected text, got {_kind(value)}")
        if not self.minimum <= len(value) <= self.limit:
            raise SchemaError(f"text of {len(value)} characters, expected"
                          f" {self.minimum}..{self.limit}")
        if self.pattern is not None and not self.pattern.match(value):
            raise SchemaError(f"{value[:40]!r} is not of the form {self.pattern.pattern}")


@dataclass(frozen=True, slots=True)
class OneOf(Schema):
    """Text from a fixed set (item kinds, stair directions)."""

    choices: tuple[str, ...]

    def check(self, value: Any) -> None:
        if type(value) is not str or value not in self.choices:
            shown = repr(value[:40]) if type(value) is str else _kind(value)
            raise SchemaError(f"{shown} is not one of {', '.join(self.choices[:12])}")


@dataclass(frozen=True, slots=True)
class Maybe(Schema):
    inner: Schema

    def check(self, value: Any) -> None:
        if value is not None:
            self.inner.check(value)


@dataclass(frozen=True, slots=True)
class Many(Schema):
    """A list of any length up to `limit`, every element of one schema."""

    item: Schema
    limit: int = MAX_LIST

    def check(self, value: Any) -> None:
        if type(value) is not list:
            raise SchemaError(f"expected a list, got {_kind(value)}")
        if len(value) > self.limit:
            raise SchemaError(f"a list of {len(value)}, over the limit of {self.limit}")
        check = self.item.check
        for index, element in enumerate(value):
            try:
                check(element)
            except SchemaError as bad:
                bad.path.append(str(index))
                raise


@dataclass(frozen=True, slots=True)
class Row(Schema):
    """A fixed-length list (a point, a colour, a message)."""

    items: tuple[Schema, ...]

    def check(self, value: Any) -> None:
        if type(value) is not list or len(value) != len(self.items):
            raise SchemaError(f"expected a list of {len(self.items)}, got {_kind(value)}")
        for index, (schema, element) in enumerate(zip(self.items, value, strict=True)):
            try:
                schema.check(element)
            except SchemaError as bad:
                bad.path.append(str(index))
                raise


@dataclass(frozen=True, slots=True)
class Table(Schema):
    """An object with any keys of one form and values of one schema."""

    key: Text
    value: Schema
    limit: int = MAX_LIST

    def check(self, value: Any) -> None:
        if type(value) is not dict:
            raise SchemaError(f"expected an object, got {_kind(value)}")
        if len(value) > self.limit:
            raise SchemaError(f"an object of {len(value)} entries, over the limit of {self.limit}")
        for key, element in value.items():
            try:
                self.key.check(key)
                self.value.check(element)
            except SchemaError as bad:
                bad.path.append(key[:40])
                raise


@dataclass(frozen=True, slots=True)
class Record(Schema):
    """An object with exactly these fields; those named in `optional` may be left out."""

    fields: Mapping[str, Schema]
    optional: frozenset[str] = frozenset()

    def check(self, value: Any) -> None:
        if type(value) is not dict:
            raise SchemaError(f"expected an object, got {_kind(value)}")
        if value.keys() != self.fields.keys() - (self.optional - value.keys()):
            missing = sorted(self.fields.keys() - self.optional - value.keys())
            if missing:
                raise SchemaError(f"missing field {missing[0]!r}")
            extra = sorted(str(k)[:40] for k in value.keys() - self.fields.keys())
            raise SchemaError(f"unexpected field {extra[0]!r}")
        for key, schema in self.fields.items():
            if key not in value:
                continue
            try:
                schema.check(value[key])
            except SchemaError as bad:
                bad.path.append(key)
                raise


def _kind(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "text", bool: "true/false", int: "a number",
             float: "a fraction", type(None): "null"}
    return names.get(type(value), type(value).__name__)


COORD = Whole(-1, MAX_SIDE)
POINT = Row((Whole(0, MAX_SIDE), Whole(0, MAX_SIDE)))
COLOR = Row((Whole(0, 255),) * 3)
NAME = Text(64)
IDENT = Whole(0, ID_LIMIT)
STAT = Whole(-BIG, BIG)
POINT_TEXT = Text(9, POINT_KEY)

ACTOR = Record({
    "id": IDENT, "kind": NAME, "name": Text(200, minimum=1), "glyph": Text(1, minimum=1),
    "color": COLOR, "x": COORD, "y": COORD, "hp": STAT, "max_hp": Whole(1, BIG),
    "ac": Whole(-MAX_STAT, MAX_STAT), "attack": Whole(-MAX_STAT, MAX_STAT),
    "damage": Text(12, DICE),
    "speed": Whole(0, MAX_SPEED), "xp": Whole(0, BIG), "role": OneOf(("player", *ROLES)),
    "opens_doors": Flag(),
    "reach": Whole(0, MAX_SIDE), "mode": OneOf(tuple(Mode)), "energy": Whole(0, MAX_ENERGY),
    "home": Maybe(POINT),
    "group": Whole(-1, ID_LIMIT), "effects": Table(NAME, STAT, 64), "goal": Maybe(POINT),
    "tactic": OneOf(("", *TACTICS.values())), "part": OneOf(PARTS), "band": Whole(0, ID_LIMIT),
    "sighted": Flag(), "cooldowns": Table(NAME, STAT, 64), "carried": Whole(0, BIG),
    "ally": Flag(), "captive": Flag(), "waiting": Flag(),
}, optional=frozenset({"ally", "captive", "waiting"}))
"""An actor's ally, captive and waiting flags are written only when set (format 7)."""
DOOR = Record({
    "material": NAME, "quality": NAME, "state": NAME, "dc": Maybe(Whole(0, 1000)),
    "trapped": Flag(), "opening": NAME, "reinforced": Flag(), "key_id": Maybe(NAME),
    "is_open": Flag(), "trap_found": Flag(), "known": Flag(),
})
FEATURE = Record({"name": Text(MAX_TEXT, minimum=1), "effect": OneOf(EFFECTS), "used": Flag()})
"""A floor of an older save has no features: the field is optional, and missing means none."""
TRAP = Record({"kind": NAME, "dc": Whole(0, 1000), "found": Flag(), "spent": Flag()})
STAIR = Record({
    "kind": NAME, "direction": OneOf(("up", "down", "both")), "dead_end": Flag(),
    "leads_to": Many(Whole(0, MAX_DEPTH + 1), 4),
})
RECIPE = Record({
    "depth": Whole(1, MAX_DEPTH), "generator": NAME, "width": Whole(1, MAX_SIDE),
    "height": Whole(1, MAX_SIDE), "params": Many(Row((NAME, Text(MAX_TEXT))), 64),
})
MESSAGE = Row((Text(MAX_TEXT), OneOf(tuple(kind.value for kind in MessageKind)), Whole(1, BIG)))
"""A message's text, its kind (by name from format 5 on) and how many times it came."""
PACK_LETTERS = Many(Row((IDENT, Text(1, re.compile(r"^[a-z]$"), minimum=1))), MAX_CARRIED)
"""Item id -> pack letter (game.world.pack), from format 4 on."""
HERO_FIELDS = {
    "level": Whole(1, MAX_LEVEL), "xp": Whole(0, MAX_XP), "gold": Whole(0, MAX_GOLD),
    "strength": Whole(-MAX_STAT, MAX_STAT), "has_relic": Flag(),
    "pending_levels": Whole(0, MAX_LEVEL),
    "equipment": Table(NAME, IDENT, 16),
    "food": Whole(-BIG, BIG),
    "background": OneOf(background_keys()), "talents": Many(NAME, 64),
}


def talent_fields() -> dict[str, Schema]:
    """The hero's background and talents (format 7): talent keys of the talents file (a key it
    does not know would fail every lookup)."""
    known = OneOf(tuple(talents()))
    return {"background": NAME, "talents": Many(known, MAX_LEVEL + 16),
            "offers": Many(known, OFFERED)}


@functools.cache
def item_schema() -> Record:
    """Items name their kind in the items table: an unknown one would fail every lookup."""
    return Record({
        "id": IDENT, "kind": OneOf(tuple(sorted(item_kinds()))), "x": COORD, "y": COORD,
        "amount": Whole(0, BIG), "key_for": Maybe(POINT),
        "improved": Many(NAME, 16), "uncursed": Flag(), "vault": Whole(0, BIG),
    }, optional=frozenset({"improved", "uncursed", "vault"}))


def floor_schema(item: Schema) -> Record:
    return Record({
        "depth": Whole(1, MAX_DEPTH), "generator": NAME, "fingerprint": NAME, "arrival": POINT,
        "exits": Many(POINT, 64), "doors": Table(POINT_TEXT, DOOR),
        "traps": Table(POINT_TEXT, TRAP),
        "teleports": Table(POINT_TEXT, POINT), "stairs": Table(POINT_TEXT, STAIR),
        "monsters": Many(ACTOR), "items": Many(item),
        "areas": Many(Row((COORD, COORD, Whole(0, MAX_SIDE), Whole(0, MAX_SIDE),
                           Text(MAX_TEXT)))),
        "treasure": Table(POINT_TEXT, Whole(0, BIG)),
        "features": Table(POINT_TEXT, FEATURE),
        "merchants": Many(Record({
            "id": IDENT, "name": Text(MAX_TEXT, minimum=1), "kind": OneOf(("peddler", "shop")),
            "x": COORD, "y": COORD, "wares": Many(item, MAX_CARRIED),
        }), 16),
    }, optional=frozenset({"features", "merchants"}))


@functools.cache
def state_schema() -> Record:
    """The whole state of the current format version (`game_data`'s output)."""
    item = item_schema()
    return Record({
        "seed_text": Text(1000), "run_seed": Whole(0, 2**64 - 1),
        "recipes": Many(RECIPE, MAX_DEPTH), "player": ACTOR,
        "hero": Record({**HERO_FIELDS, "inventory": Many(item, MAX_CARRIED),
                        "letters": PACK_LETTERS, **talent_fields()}),
        "rng": Record({"seed": Whole(0, 2**64 - 1), "consumed": Whole(0, PERIOD - 1)}),
        "depth": Whole(1, MAX_DEPTH),
        "floors": Table(Text(2, re.compile(r"^[1-9]\d?$")), floor_schema(item), MAX_DEPTH),
        "turn": Whole(0, BIG), "next_id": IDENT, "messages": Many(MESSAGE, 10_000),
        "outcome": OneOf(tuple(Outcome)), "cause": Text(MAX_TEXT), "code": Text(MAX_TEXT),
        "daily": Flag(),
        "identified": Many(OneOf(tuple(sorted(item_kinds()))), 1000),
    })


def check_state(state: Any, arrays: dict[str, NDArray[Any]]) -> None:
    """SaveError naming the first problem; None when the state can be loaded and played."""
    try:
        state_schema().check(state)
    except SchemaError as bad:
        where = bad.where()
        detail = f"{where}: {bad.reason}" if where else bad.reason
        raise SaveError(f"state: {detail}") from None
    _check_plan(state)
    for key, floor in state["floors"].items():
        _check_floor(int(key), floor, arrays, len(state["recipes"]))
    expected = {f"floor{key}.{name}" for key in state["floors"] for name in ARRAY_NAMES}
    extra = sorted(set(arrays) - expected)
    if extra:
        raise SaveError(f"array {extra[0]!r} belongs to no floor")
    if str(state["depth"]) not in state["floors"]:
        raise SaveError(f"state: the player is on depth {state['depth']}, which was never made")
    floor = state["floors"][str(state["depth"])]
    player = state["player"]
    if not _inside(floor, arrays, player["x"], player["y"]):
        raise SaveError(f"state: the player at ({player['x']}, {player['y']}) is off the map")


def _check_plan(state: dict[str, Any]) -> None:
    names = generators.names()
    recipes = state["recipes"]
    if not recipes:
        raise SaveError("state: the run has no floors in its plan")
    for number, recipe in enumerate(recipes, start=1):
        if recipe["depth"] != number:
            raise SaveError(f"state: recipes[{number - 1}] is for depth {recipe['depth']},"
                            f" expected {number}")
        if recipe["generator"] not in names:
            raise SaveError(f"state: recipes[{number - 1}]: unknown generator"
                            f" {recipe['generator']!r}")


def _check_floor(depth: int, floor: dict[str, Any], arrays: dict[str, NDArray[Any]],
                 deepest: int) -> None:
    where = f"state: floors.{depth}"
    if floor["depth"] != depth or depth > deepest:
        raise SaveError(f"{where}: depth {floor['depth']} does not fit the plan of {deepest}")
    shape = None
    for name in ARRAY_NAMES:
        array = arrays.get(f"floor{depth}.{name}")
        if array is None:
            raise SaveError(f"{where}: the {name} array is missing")
        if array.dtype != ARRAY_DTYPES[name] or array.ndim != 2:
            raise SaveError(f"{where}: the {name} array is not a 2-D {ARRAY_DTYPES[name]} array")
        if shape is not None and array.shape != shape:
            raise SaveError(f"{where}: the {name} array is {array.shape}, the tiles {shape}")
        shape = array.shape
    assert shape is not None
    if not (1 <= shape[0] <= MAX_SIDE and 1 <= shape[1] <= MAX_SIDE):
        raise SaveError(f"{where}: a floor of {shape[1]}x{shape[0]} is outside 1..{MAX_SIDE}")
    if int(arrays[f"floor{depth}.tiles"].max()) >= len(tiles.TILES):
        raise SaveError(f"{where}: the tiles array holds an unknown tile id")
    _check_points(where, floor, arrays)


def _check_points(where: str, floor: dict[str, Any], arrays: dict[str, NDArray[Any]]) -> None:
    """Every position the rules index the floor's arrays with lies inside it."""
    points: list[tuple[str, Any, Any]] = [("arrival", *floor["arrival"])]
    points += [("an exit", x, y) for x, y in floor["exits"]]
    for table in ("doors", "traps", "stairs", "treasure", "teleports", "features"):
        points += [(f"{table} {key}", *key.split(",")) for key in floor.get(table, {})]
    points += [("a teleporter's far end", x, y) for x, y in floor["teleports"].values()]
    for monster in floor["monsters"]:
        points.append((f"monster {monster['id']}", monster["x"], monster["y"]))
        points += [(f"monster {monster['id']}'s {name}", *monster[name])
                   for name in ("home", "goal") if monster[name] is not None]
    points += [(f"item {item['id']}", item["x"], item["y"]) for item in floor["items"]]
    points += [(f"merchant {m['id']}", m["x"], m["y"]) for m in floor.get("merchants", [])]
    for what, x, y in points:
        if not _inside(floor, arrays, int(x), int(y)):
            raise SaveError(f"{where}: {what} at ({x}, {y}) is off the map")


def _inside(floor: dict[str, Any], arrays: dict[str, NDArray[Any]], x: int, y: int) -> bool:
    height, width = arrays[f"floor{floor['depth']}.tiles"].shape
    return 0 <= x < int(width) and 0 <= y < int(height)
