"""The bestiary: monster kinds as data (assets/monsters.toml), checked on load.

Every kind has a 4e-style role that the encounter templates ask for, its stats, the glyph and
colour the game draws it with, and the band of depths it lives at. Loading is data only (tomllib,
type and range checks); every problem names the file and the entry.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final, Literal, TypeGuard, get_args

from game.assets import ASSETS_DIR, checked_fields, is_band, keyed_entries

Role = Literal[
    "controller", "leader", "minion", "soldier", "brute", "artillery", "skirmisher", "solo",
]
"""A monster's 4e-style role: the encounter templates ask for it and the AI acts by it."""
ROLES: Final[tuple[Role, ...]] = get_args(Role)
REQUIRED: Final = (
    "key", "name", "role", "depth", "hp", "ac", "attack", "damage", "speed", "xp", "opens_doors",
    "glyph", "colour",
)
OPTIONAL: Final = ("range", "abilities")
RESERVED_GLYPHS: Final = frozenset("#.+^<>'_*0123456789 )[]!?/=\"$(%{}&")
"""Map characters, digits (the game master's map numbers its areas with them) and the item
glyphs (a weapon, armour, a potion... and the marks of keys, treasure and the relic)."""

KEY_PATTERN: Final = re.compile(r"^[a-z][a-z0-9_]*$")
"""A key: lower_case_words (monsters, and the bosses that name them)."""
_DICE = re.compile(r"^\d*d\d+([+-]\d+)?$")


def _is_role(word: Any) -> TypeGuard[Role]:
    return word in ROLES


class BestiaryError(ValueError):
    """The bestiary file is malformed; the message names the file and the entry."""


@dataclass(frozen=True, slots=True)
class Ability:
    """One thing a kind can do that no role gives it (game/rules/abilities.py carries it out).
    `use` names it; the other fields are its parameters, 0 or "" where it has none: `range` in
    squares, `cooldown` in the monster's turns between uses, `damage`/`heal` dice, `shape`
    (cone, line) and `element` of a breath, `turns` a condition lasts, `amount` (hit points
    a turn, gold), `kind` and `count` of what it summons, `percent` of a blow drained."""

    use: str
    range: int = 0
    cooldown: int = 0
    damage: str = ""
    heal: str = ""
    shape: str = ""
    element: str = ""
    turns: int = 0
    amount: int = 0
    kind: str = ""
    count: int = 0
    percent: int = 0


ABILITY_USES: Final[dict[str, tuple[str, ...]]] = {
    "breath": ("shape", "range", "damage", "element", "cooldown"),
    "regenerate": ("amount",),
    "poison": ("turns",),
    "web": ("range", "turns", "cooldown"),
    "summon": ("kind", "count", "range", "cooldown"),
    "steal": ("amount",),
    "gaze": ("range", "turns", "cooldown"),
    "charge": ("range", "cooldown"),
    "blink": ("range", "cooldown"),
    "fear": ("range", "turns", "cooldown"),
    "heal": ("range", "heal", "cooldown"),
    "howl": ("range", "cooldown"),
    "drain": ("percent",),
    "heads": ("count",),
}
"""Each ability's parameters: all of them required, no others allowed."""
SHAPES: Final = ("cone", "line")
ELEMENTS: Final = ("fire", "poison", "cold", "lightning")


@dataclass(frozen=True, slots=True)
class MonsterKind:
    """One kind of monster. `range` is 0 for melee, else squares; `speed` squares a turn."""

    key: str
    name: str
    role: Role
    depth_min: int
    depth_max: int
    hp: int
    ac: int
    attack: int
    damage: str
    speed: int
    xp: int
    opens_doors: bool
    range: int
    glyph: str
    colour: tuple[int, int, int]
    abilities: tuple[Ability, ...] = ()

    def band_distance(self, depth: int) -> int:
        """0 inside the kind's depth band, else how many floors it is off."""
        return max(0, self.depth_min - depth, depth - self.depth_max)


@dataclass(frozen=True, slots=True)
class Bestiary:
    """The monster kinds of one bestiary file, in the file's order."""

    path: Path
    kinds: tuple[MonsterKind, ...]

    def get(self, key: str) -> MonsterKind:
        for kind in self.kinds:
            if kind.key == key:
                return kind
        raise KeyError(f"{self.path.name}: no monster {key!r}")

    def candidates(
        self,
        roles: Collection[str],
        depth: int,
        keep: Callable[[MonsterKind], bool] = lambda kind: True,
    ) -> list[MonsterKind]:
        """Kinds of these roles living at `depth`; if none does, those of the nearest band."""
        fitting = [k for k in self.kinds if k.role in roles and keep(k)]
        if not fitting:
            return []
        best = min(k.band_distance(depth) for k in fitting)
        return [k for k in fitting if k.band_distance(depth) == best]


def bestiary_path() -> Path:
    return ASSETS_DIR / "monsters.toml"


@cache
def default_bestiary() -> Bestiary:
    """The game's bestiary, loaded once (it is immutable)."""
    return load_bestiary(bestiary_path())


def load_bestiary(path: Path) -> Bestiary:
    """Parse and check a bestiary file: [[monster]] entries with the fields of MonsterKind."""
    kinds = keyed_entries(path, BestiaryError, "monster", _kind)
    keys = {kind.key for kind in kinds}
    for number, kind in enumerate(kinds, start=1):
        for ability in kind.abilities:
            if ability.kind and ability.kind not in keys:
                raise BestiaryError(f"{path.name}: monster {number} ({kind.key}): ability"
                                    f" {ability.use} summons {ability.kind!r}, no such monster")
    return Bestiary(path, tuple(kinds))


def _kind(entry: Mapping[str, Any], where: str) -> MonsterKind:
    checked_fields(entry, where, BestiaryError, REQUIRED, OPTIONAL)

    def fail(name: str, expected: str) -> BestiaryError:
        return BestiaryError(f"{where}: {name} = {entry.get(name)!r} is not {expected}")

    def number(name: str, low: int) -> int:
        value = entry.get(name, 0)
        if not isinstance(value, int) or isinstance(value, bool) or value < low:
            raise fail(name, f"a whole number >= {low}")
        return value

    key, name, role = entry["key"], entry["name"], entry["role"]
    if not isinstance(key, str) or not KEY_PATTERN.match(key):
        raise fail("key", "lower_case_words")
    if not isinstance(name, str) or not name.strip():
        raise fail("name", "text")
    if not _is_role(role):
        raise fail("role", f"one of {', '.join(ROLES)}")
    depth = entry["depth"]
    if not is_band(depth):
        raise fail("depth", "[first, last] floors with 1 <= first <= last")
    damage = entry["damage"]
    if not isinstance(damage, str) or not _DICE.match(damage.replace(" ", "")):
        raise fail("damage", "dice such as 1d8+2")
    if not isinstance(entry["opens_doors"], bool):
        raise fail("opens_doors", "true or false")
    glyph = entry["glyph"]
    if not isinstance(glyph, str) or len(glyph) != 1 or not glyph.isprintable() \
            or glyph in RESERVED_GLYPHS or not glyph.isascii():
        raise fail("glyph", "one printable ASCII character, not a digit, map tile or mark")
    colour = entry["colour"]
    if (not isinstance(colour, list) or len(colour) != 3
            or not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255
                       for c in colour)):
        raise fail("colour", "[red, green, blue] in 0..255")
    reach = number("range", 0)
    if role == "artillery" and reach == 0:
        raise fail("range", "above 0 (artillery attacks from range)")
    return MonsterKind(
        key, name, role, depth[0], depth[1], number("hp", 1), number("ac", 1),
        number("attack", -20), damage.replace(" ", ""), number("speed", 1), number("xp", 1),
        entry["opens_doors"], reach, glyph, (colour[0], colour[1], colour[2]),
        _abilities(entry.get("abilities", []), where),
    )


def _abilities(entries: Any, where: str) -> tuple[Ability, ...]:
    """`abilities = [{ use = "breath", shape = "cone", ... }, ...]`: each use once, with exactly
    the parameters ABILITY_USES names for it."""
    if not isinstance(entries, list):
        raise BestiaryError(f"{where}: abilities = {entries!r} is not a list of tables")
    found: list[Ability] = []
    for number, entry in enumerate(entries, start=1):
        use = entry.get("use") if isinstance(entry, dict) else None
        at = f"{where}: ability {number} ({use or '?'})"
        if not isinstance(entry, dict):
            raise BestiaryError(f"{at}: not a table such as {{ use = \"regenerate\", amount = 2 }}")
        if use not in ABILITY_USES:
            raise BestiaryError(f"{at}: use = {use!r} is not one of {', '.join(ABILITY_USES)}")
        if any(a.use == use for a in found):
            raise BestiaryError(f"{at}: {use} is given twice")
        wanted = ABILITY_USES[use]
        unknown = sorted(set(entry) - {"use", *wanted})
        missing = [name for name in wanted if name not in entry]
        if unknown or missing:
            raise BestiaryError(f"{at}: needs exactly {', '.join(wanted)}"
                                f" ({'unknown ' + ', '.join(unknown) if unknown else ''}"
                                f"{'; ' if unknown and missing else ''}"
                                f"{'missing ' + ', '.join(missing) if missing else ''})")
        values: dict[str, Any] = {}
        for name in wanted:
            value = entry[name]
            if name in ("damage", "heal"):
                if not isinstance(value, str) or not _DICE.match(value.replace(" ", "")):
                    raise BestiaryError(f"{at}: {name} = {value!r} is not dice such as 2d6")
                value = value.replace(" ", "")
            elif name in ("shape", "element", "kind"):
                allowed = {"shape": SHAPES, "element": ELEMENTS}.get(name)
                if not isinstance(value, str) or (allowed and value not in allowed) or (
                        name == "kind" and not KEY_PATTERN.match(value)):
                    choice = f"one of {', '.join(allowed)}" if allowed else "a monster key"
                    raise BestiaryError(f"{at}: {name} = {value!r} is not {choice}")
            elif not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 100:
                raise BestiaryError(f"{at}: {name} = {value!r} is not a whole number 1..100")
            values[name] = value
        found.append(Ability(use, **values))
    return tuple(found)
