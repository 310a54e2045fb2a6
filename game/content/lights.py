"""Light sources as data (assets/lights.toml): which chamber features give light and which
monsters glow, each with a radius and a colour. Checked on load against the features file and
the bestiary; every problem names the file and the entry. The light map (game.world.light)
reads these; the files of glyphs and colours stay untouched by light."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final

from game.assets import ASSETS_DIR, read_toml
from game.content.bestiary import default_bestiary
from game.content.features import feature_kinds

LIGHTS_PATH: Final = ASSETS_DIR / "lights.toml"
SECTIONS: Final = ("feature", "monster")
FIELDS: Final = frozenset({"radius", "colour"})
MAX_RADIUS: Final = 12
"""A light reaches at most this far: the light map works on a window this size round it."""


class LightDataError(ValueError):
    """The lights file is malformed; the message names the file and the entry."""


@dataclass(frozen=True, slots=True)
class Light:
    """A light: how far it reaches (tiles) and its colour (0..1 per channel)."""

    radius: int
    colour: tuple[float, float, float]


DEFAULT_FEATURE_LIGHT: Final = Light(4, (1.0, 0.7, 0.35))
"""The light of a feature whose effect is "light" but that the lights file does not name."""


@dataclass(frozen=True, slots=True)
class Lights:
    """The lights file: feature key -> light, monster key -> glow."""

    features: Mapping[str, Light]
    monsters: Mapping[str, Light]


def load_lights(path: Path, features: set[str], monsters: set[str]) -> Lights:
    """Parse and check a lights file whose keys must be in `features` and `monsters`."""
    try:
        data = read_toml(path)
    except (OSError, UnicodeDecodeError, ValueError) as problem:
        raise LightDataError(f"{path}: {problem}") from None
    unknown = sorted(set(data) - set(SECTIONS))
    if unknown:
        raise LightDataError(f"{path}: unknown section {unknown[0]!r}; allowed: "
                             f"{', '.join(SECTIONS)}")
    found: dict[str, dict[str, Light]] = {}
    for section, known in zip(SECTIONS, (features, monsters), strict=True):
        table = data.get(section, {})
        if not isinstance(table, dict):
            raise LightDataError(f"{path}: [{section}] is not a table")
        found[section] = {}
        for key in sorted(table):
            where = f"{path}: {section} {key!r}"
            if key not in known:
                raise LightDataError(f"{where}: no such {section} key")
            found[section][key] = _light(table[key], where)
    return Lights(found["feature"], found["monster"])


def _light(entry: Any, where: str) -> Light:
    if not isinstance(entry, dict):
        raise LightDataError(f"{where}: is not a table")
    unknown = sorted(set(entry) - FIELDS)
    missing = sorted(FIELDS - set(entry))
    if unknown or missing:
        problem = f"unknown field {unknown[0]!r}" if unknown else f"needs {missing[0]!r}"
        raise LightDataError(f"{where}: {problem}")
    radius, colour = entry["radius"], entry["colour"]
    if not (isinstance(radius, int) and not isinstance(radius, bool)
            and 1 <= radius <= MAX_RADIUS):
        raise LightDataError(f"{where}: radius must be a whole number 1..{MAX_RADIUS}")
    if not (isinstance(colour, list) and len(colour) == 3 and any(colour)
            and all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255
                    for c in colour)):
        raise LightDataError(f"{where}: colour must be [r, g, b], 0..255, not all 0")
    return Light(radius, (colour[0] / 255, colour[1] / 255, colour[2] / 255))


@cache
def default_lights() -> Lights:
    """The game's lights, loaded once and checked against its features and bestiary."""
    features = {kind.key for kind in feature_kinds().values()}
    monsters = {kind.key for kind in default_bestiary().kinds}
    return load_lights(LIGHTS_PATH, features, monsters)


def feature_light(key: str, effect: str) -> Light | None:
    """The light a feature of this table key and effect class gives, if any."""
    light = default_lights().features.get(key)
    if light is None and effect == "light":
        return DEFAULT_FEATURE_LIGHT
    return light


def monster_glow(kind: str) -> Light | None:
    """The glow of a monster of this bestiary key, if it glows."""
    return default_lights().monsters.get(kind)
