"""Backgrounds as data (assets/backgrounds.toml), checked on load against the item kinds.

A background is who the hero was before the dungeon: its starting numbers, its kit and its
signature talent. It is the player's choice on the New game screen and changes only the hero,
never the floors. Every problem names the file and the entry.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final

from game.assets import ASSETS_DIR, checked_fields, keyed_entries
from game.content.bestiary import KEY_PATTERN
from game.content.items import ItemKind, item_kinds

FIELDS: Final = ("key", "name", "text", "hp", "ac", "attack", "strength", "kit", "equip",
                 "signature")
DEFAULT: Final = "fighter"
"""The background of a hero from before backgrounds (old saves and replays) and of a new game
that names none."""
MAX_STAT: Final = 99
MAX_HP: Final = 999
MAX_KIT: Final = 60
"""Items a kit may hold in all (the pack's MAX_CARRIED is well above it)."""
_COUNTED = re.compile(r"^(?:(\d+) )?([a-z][a-z0-9_]*)$")


class BackgroundError(ValueError):
    """The backgrounds file is malformed; the message names the file and the entry."""


@dataclass(frozen=True, slots=True)
class Background:
    """One background: the hero's starting numbers, kit and signature talent."""

    key: str
    name: str
    text: str
    """What the player reads on the New game screen."""
    hp: int
    ac: int
    """Armour class before armour."""
    attack: int
    """To hit before the weapon."""
    strength: int
    kit: tuple[str, ...]
    """Item kinds the hero sets out with, one per item, in pack order."""
    equip: tuple[str, ...]
    """Kinds of the kit worn at the start (the first item of each), one per slot."""
    signature: str
    """The talent key the hero starts with (assets/talents.toml)."""

    def counted_kit(self) -> list[tuple[str, int]]:
        """The kit as (kind, how many), in order: "3 potion_healing" as one pair."""
        counted: list[tuple[str, int]] = []
        for kind in self.kit:
            if counted and counted[-1][0] == kind:
                counted[-1] = (kind, counted[-1][1] + 1)
            else:
                counted.append((kind, 1))
        return counted


def backgrounds_path() -> Path:
    return ASSETS_DIR / "backgrounds.toml"


@cache
def default_backgrounds() -> tuple[Background, ...]:
    """The game's backgrounds, in the file's order (the New game screen's)."""
    return load_backgrounds(backgrounds_path(), item_kinds())


def background_keys() -> tuple[str, ...]:
    return tuple(b.key for b in default_backgrounds())


def background_of(key: str) -> Background:
    """The background named `key` (KeyError naming the choices when there is none)."""
    for background in default_backgrounds():
        if background.key == key:
            return background
    raise KeyError(f"no background {key!r}; choose from {', '.join(background_keys())}")


def background_name(key: str) -> str:
    """The name a player reads for `key` ("Archer"), or the key itself when the game no longer
    has it (an old record)."""
    try:
        return background_of(key).name
    except KeyError:
        return key


def load_backgrounds(path: Path, items: Mapping[str, ItemKind]) -> tuple[Background, ...]:
    """Parse and check a backgrounds file: [[background]] entries whose kits are `items`."""
    found = tuple(keyed_entries(path, BackgroundError, "background",
                                lambda entry, where: _background(entry, where, items)))
    if DEFAULT not in (b.key for b in found):
        raise BackgroundError(f"{path.name}: needs the {DEFAULT!r} background (old saves)")
    return found


def _background(entry: Mapping[str, Any], where: str,
                items: Mapping[str, ItemKind]) -> Background:
    checked_fields(entry, where, BackgroundError, FIELDS)

    def fail(name: str, expected: str) -> BackgroundError:
        return BackgroundError(f"{where}: {name} = {entry.get(name)!r} is not {expected}")

    for name in ("key", "signature"):
        if not isinstance(entry[name], str) or not KEY_PATTERN.match(entry[name]):
            raise fail(name, "lower_case_words")
    for name in ("name", "text"):
        if not isinstance(entry[name], str) or not entry[name].strip():
            raise fail(name, "text")
    for name, low, high in (("hp", 1, MAX_HP), ("ac", 0, MAX_STAT), ("attack", -MAX_STAT,
                            MAX_STAT), ("strength", -MAX_STAT, MAX_STAT)):
        value = entry[name]
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise fail(name, f"a whole number {low}..{high}")
    kit = _kit(entry["kit"], items, where)
    equip = entry["equip"]
    if not isinstance(equip, list) or not all(isinstance(k, str) and k in kit for k in equip):
        raise fail("equip", "a list of kinds of the kit")
    slots = [items[k].slot for k in equip]
    if not all(slots) or len(set(slots)) != len(slots) or len(set(equip)) != len(equip):
        raise fail("equip", "worn gear, one kind per slot")
    return Background(entry["key"], entry["name"], " ".join(entry["text"].split()), entry["hp"],
                      entry["ac"], entry["attack"], entry["strength"], kit, tuple(equip),
                      entry["signature"])


def _kit(value: Any, items: Mapping[str, ItemKind], where: str) -> tuple[str, ...]:
    """The kit one kind per item: a list of known kinds, each maybe counted ("3 arrow")."""
    if not isinstance(value, list) or not value:
        raise BackgroundError(f"{where}: kit is not a list of item kinds")
    kit: list[str] = []
    for part in value:
        match = _COUNTED.match(part) if isinstance(part, str) else None
        if match is None or match[2] not in items or int(match[1] or 1) < 1:
            raise BackgroundError(f"{where}: kit item {part!r} is not an item kind of"
                                  " items.toml, or a count and one (\"3 potion_healing\")")
        kit += [match[2]] * int(match[1] or 1)
    if len(kit) > MAX_KIT:
        raise BackgroundError(f"{where}: kit holds {len(kit)} items, over {MAX_KIT}")
    return tuple(kit)
