"""Chamber features from assets/features.toml: how each feature the tables can roll looks, what
class of effect it has, whether it blocks movement or sight, and its line of text. Checked on load;
a name the file does not know is decor (so an edited table never breaks a floor)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from game.assets import ASSETS_DIR, toml_tables
from game.content.items import CATEGORY_GLYPHS

FEATURES_PATH: Final = ASSETS_DIR / "features.toml"
EFFECTS: Final = (
    "light", "cover", "container", "water", "hazard", "sacred", "noise", "craft", "clue",
    "terrain", "passage", "decor",
)
"""The effect classes; "decor" does nothing but keep its line of text."""
_FIELDS: Final = frozenset({"name", "effect", "glyph", "color", "blocks_move", "blocks_sight",
                            "text"})


@dataclass(frozen=True, slots=True)
class FeatureKind:
    """One entry of the features file; `key` is the tables' row key."""

    key: str
    name: str
    effect: str
    glyph: str
    color: tuple[int, int, int]
    blocks_move: bool = False
    blocks_sight: bool = False
    text: str = ""


DECOR_KIND: Final = FeatureKind("decor", "decor", "decor", "`", (120, 120, 130),
                                text="Nothing useful.")


class FeatureDataError(ValueError):
    """The features file is malformed; the message names the file and the entry."""


def load_features(path: Path) -> dict[str, FeatureKind]:
    """Read and validate a features file, keyed by the lower-case feature name."""
    found: dict[str, FeatureKind] = {}
    for key, entry in toml_tables(path, FeatureDataError, "feature"):
        try:
            kind = _feature(key, entry)
        except (KeyError, TypeError, ValueError) as problem:
            raise FeatureDataError(f"{path}: feature {key!r}: {problem}") from None
        found[kind.name.lower()] = kind
    return found


def _feature(key: str, entry: dict[str, Any]) -> FeatureKind:
    unknown = sorted(set(entry) - _FIELDS)
    if unknown:
        raise ValueError(f"unknown field {unknown[0]!r}")
    name, effect, glyph, text = (entry[f] for f in ("name", "effect", "glyph", "text"))
    if not all(isinstance(v, str) for v in (name, effect, glyph, text)) or not name:
        raise ValueError("name, effect, glyph and text must be text")
    if effect not in EFFECTS:
        raise ValueError(f"effect {effect!r} is not one of {', '.join(EFFECTS)}")
    if len(glyph) != 1:
        raise ValueError("glyph must be one character")
    if glyph in CATEGORY_GLYPHS.values():
        raise ValueError(f"glyph {glyph!r} is an item's: a feature must not look like an item")
    color = entry["color"]
    if not (isinstance(color, list) and len(color) == 3
            and all(isinstance(c, int) and 0 <= c <= 255 for c in color)):
        raise ValueError("color must be [r, g, b] with 0..255")
    flags = [entry.get(f, False) for f in ("blocks_move", "blocks_sight")]
    if not all(isinstance(f, bool) for f in flags):
        raise ValueError("blocks_move and blocks_sight must be true or false")
    return FeatureKind(key, name, effect, glyph, (color[0], color[1], color[2]), flags[0],
                       flags[1], text)


@functools.cache
def feature_kinds() -> dict[str, FeatureKind]:
    """The game's features by lower-case name, loaded once."""
    return load_features(FEATURES_PATH)


def feature_kind(name: str) -> FeatureKind:
    """The kind of a rolled feature name (any case); decor when the file does not know it."""
    return feature_kinds().get(name.lower(), DECOR_KIND)
