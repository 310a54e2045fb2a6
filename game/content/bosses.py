"""Boss encounters as data (assets/bosses.toml), checked on load against the bestiary.

The last floor of a run is kept by a boss drawn from these entries, each a leader with its
court, so that runs do not all end at the same fight. Loading is data only; every problem names
the file and the entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final

from game.assets import ASSETS_DIR, checked_fields, is_band, keyed_entries
from game.content.bestiary import KEY_PATTERN, Bestiary, default_bestiary

FIELDS: Final = ("key", "name", "leader", "court", "depth")


class BossError(ValueError):
    """The bosses file is malformed; the message names the file and the entry."""


@dataclass(frozen=True, slots=True)
class BossKind:
    """A boss encounter: the leader's bestiary key, its court's keys, the floors it keeps."""

    key: str
    name: str
    leader: str
    court: tuple[str, ...]
    depth_min: int
    depth_max: int

    def band_distance(self, depth: int) -> int:
        """0 inside the boss's depth band, else how many floors it is off."""
        return max(0, self.depth_min - depth, depth - self.depth_max)


def bosses_path() -> Path:
    return ASSETS_DIR / "bosses.toml"


@cache
def default_bosses() -> tuple[BossKind, ...]:
    """The game's boss encounters, loaded once and checked against the game's bestiary."""
    return load_bosses(bosses_path(), default_bestiary())


def load_bosses(path: Path, bestiary: Bestiary) -> tuple[BossKind, ...]:
    """Parse and check a bosses file: [[boss]] entries whose monsters are in `bestiary`."""
    known = {kind.key for kind in bestiary.kinds}
    return tuple(keyed_entries(path, BossError, "boss",
                               lambda entry, where: _boss(entry, where, known)))


def _boss(entry: Mapping[str, Any], where: str, known: set[str]) -> BossKind:
    checked_fields(entry, where, BossError, FIELDS)

    def fail(name: str, expected: str) -> BossError:
        return BossError(f"{where}: {name} = {entry.get(name)!r} is not {expected}")

    key, name, leader, court, depth = (entry[f] for f in FIELDS)
    if not isinstance(key, str) or not KEY_PATTERN.match(key):
        raise fail("key", "lower_case_words")
    if not isinstance(name, str) or not name.strip():
        raise fail("name", "text")
    if not isinstance(leader, str) or leader not in known:
        raise fail("leader", "a monster of the bestiary")
    if (not isinstance(court, list) or not court
            or not all(isinstance(k, str) and k in known for k in court)):
        raise fail("court", "a list of monsters of the bestiary")
    if not is_band(depth):
        raise fail("depth", "[first, last] floors with 1 <= first <= last")
    return BossKind(key, name, leader, tuple(court), depth[0], depth[1])
