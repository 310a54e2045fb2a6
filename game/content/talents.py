"""Talents as data (assets/talents.toml), checked on load: what a level gained may bring. The
rules (game.rules.talents) read the numbers; this module only knows their shape."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from game.assets import ASSETS_DIR, checked_fields, keyed_entries

TALENTS_PATH: Final = ASSETS_DIR / "talents.toml"
PATHS: Final = ("weapons", "archery", "stealth", "devotion")
"""The four paths, in the order the codex and the level-up screen list them."""
GRANTS: Final = ("max_hp", "attack", "ac", "strength")
"""Stats a talent raises once, when it is learned (the old level-up choices)."""
BONUSES: Final = ("melee_damage", "missile_attack", "missile_damage", "missile_range", "stealth",
                  "sneak_damage", "potion_heal", "magic_damage", "hampered_attack", "missile_ac")
"""Passive bonuses the rules read where they compute them (game.rules.talents.bonus)."""
_REQUIRED: Final = ("key", "name", "path", "text")
_OPTIONAL: Final = ("requires", "active", "cooldown", "repeatable", "signature", "legacy", "grants",
                    "bonus", "short")
SHORT: Final = 8
"""The longest `short` name of an active talent: the side panel lists them in a narrow column."""
_KEY: Final = re.compile(r"^[a-z][a-z_]*$")


@dataclass(frozen=True, slots=True)
class Talent:
    """One entry of the talents file."""

    key: str
    name: str
    path: str
    text: str
    requires: tuple[str, ...] = ()
    active: bool = False
    cooldown: int = 0
    repeatable: bool = False
    signature: bool = False
    """A background's own: starts known, never offered."""
    legacy: str = ""
    """The old level-up choice ("hp", "attack", ...) this talent stands for in old replays."""
    grants: Mapping[str, int] = field(default_factory=dict)
    bonus: Mapping[str, int] = field(default_factory=dict)
    short: str = ""
    """The side panel's name for it (the name when it is short enough)."""


class TalentDataError(ValueError):
    """The talents file is malformed; the message names the file and the entry."""


def load_talents(path: Path) -> dict[str, Talent]:
    """Read and check a talents file: the talents by key, in the file's order."""
    found = {talent.key: talent for talent in keyed_entries(path, TalentDataError, "talent",
                                                             _talent)}
    for talent in found.values():
        for needed in talent.requires:
            if needed not in found or needed == talent.key:
                raise TalentDataError(f"{path.name}: talent {talent.key!r}: requires"
                                      f" {needed!r}, which is not another talent of the file")
    return found


def _talent(entry: Mapping[str, Any], where: str) -> Talent:
    checked_fields(entry, where, TalentDataError, _REQUIRED, _OPTIONAL)
    try:
        return _checked_talent(entry)
    except ValueError as problem:
        raise TalentDataError(f"{where}: {problem}") from None


def _checked_talent(entry: Mapping[str, Any]) -> Talent:
    key, name, path, text = (entry[f] for f in _REQUIRED)
    if not isinstance(key, str) or not _KEY.match(key):
        raise ValueError("key must be lower_case_words")
    if not all(isinstance(v, str) and v for v in (name, text)):
        raise ValueError("name and text must be text")
    if path not in PATHS:
        raise ValueError(f"path {path!r} is not one of {', '.join(PATHS)}")
    requires = entry.get("requires", [])
    if not isinstance(requires, list) or not all(isinstance(r, str) for r in requires):
        raise ValueError("requires must be a list of talent keys")
    flags = [entry.get(f, False) for f in ("active", "repeatable", "signature")]
    if not all(isinstance(f, bool) for f in flags):
        raise ValueError("active, repeatable and signature must be true or false")
    active, repeatable, signature = flags
    cooldown = entry.get("cooldown", 0)
    if not isinstance(cooldown, int) or isinstance(cooldown, bool) or not 0 <= cooldown <= 1000:
        raise ValueError("cooldown must be a whole number of turns, 0..1000")
    if active != (cooldown > 0):
        raise ValueError("an active talent has a cooldown, a passive one none")
    legacy, short = entry.get("legacy", ""), entry.get("short", name)
    if not isinstance(legacy, str):
        raise ValueError("legacy must be text")
    if not isinstance(short, str) or (active and not 0 < len(short) <= SHORT):
        raise ValueError(f"an active talent needs a name or a short of 1 to {SHORT} characters")
    return Talent(key, name, path, text, tuple(requires), active, cooldown, repeatable,
                  signature, legacy, _numbers(entry, "grants", GRANTS),
                  _numbers(entry, "bonus", BONUSES), short)


def _numbers(entry: Mapping[str, Any], name: str, allowed: tuple[str, ...]) -> dict[str, int]:
    table = entry.get(name, {})
    if not isinstance(table, dict):
        raise ValueError(f"{name} must be a table")
    for stat, value in table.items():
        if stat not in allowed:
            raise ValueError(f"{name}: {stat!r} is not one of {', '.join(allowed)}")
        if not isinstance(value, int) or isinstance(value, bool) or not -100 <= value <= 100:
            raise ValueError(f"{name}: {stat} must be a whole number, -100..100")
    return dict(table)


@functools.cache
def talents() -> dict[str, Talent]:
    """The game's talents by key, in the file's order, loaded once."""
    return load_talents(TALENTS_PATH)


def talent(key: str) -> Talent:
    """The talent `key` (KeyError when the file has none)."""
    return talents()[key]


LEGACY_CHOICES: Final = ("hp", "attack", "defense", "strength")
"""The four level-up choices before talents: old replays and saves still name them."""


def legacy_talent(choice: str) -> str:
    """The talent an old level-up choice stands for ("" when `choice` is none of them)."""
    return next((t.key for t in talents().values() if t.legacy and t.legacy == choice), "")
