"""Item kinds from assets/items.toml, checked on load (the rules for carrying and wearing them are
in game.rules.gear)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from game.assets import ASSETS_DIR, toml_tables

ITEMS_PATH = ASSETS_DIR / "items.toml"
KINDS = ("potion", "scroll", "weapon", "launcher", "ammo", "armour", "key", "gold", "relic")
_DICE = re.compile(r"^\d*d\d+([+-]\d+)?$")


@dataclass(frozen=True, slots=True)
class ItemKind:
    """One entry of the items file."""

    key: str
    name: str
    kind: str
    glyph: str
    color: tuple[int, int, int]
    depth: tuple[int, int]
    weight: int
    slot: str = ""
    damage: str = ""
    heal: str = ""
    attack: int = 0
    ac: int = 0
    range: int = 0
    turns: int = 0
    target: bool = False
    ammo: str = ""
    """A launcher's: the key of the ammunition it fires (range and damage are the launcher's)."""
    thrown: bool = False
    """Made for throwing (full damage and its own `range`); other thrown things do little."""
    break_chance: int = 0
    """Percent chance that ammunition or a thrown weapon breaks when it comes down."""
    bundle: int = 0
    """Ammunition lies on a floor in bundles of 1..bundle."""


class ItemDataError(ValueError):
    """The items file is malformed; the message names the file and the entry."""


def load_items(path: Path) -> dict[str, ItemKind]:
    """Read and validate an items file (never executes anything in it)."""
    items: dict[str, ItemKind] = {}
    for key, entry in toml_tables(path, ItemDataError, "item"):
        where = f"{path}: item {key!r}"
        try:
            items[key] = _item(key, entry)
        except (KeyError, TypeError, ValueError) as problem:
            raise ItemDataError(f"{where}: {problem}") from None
    for key, kind in items.items():
        fired = items.get(kind.ammo)
        if kind.kind == "launcher" and (fired is None or fired.kind != "ammo"):
            raise ItemDataError(f"{path}: item {key!r}: ammo {kind.ammo!r} is not ammunition")
    return items


def _item(key: str, entry: dict[str, object]) -> ItemKind:
    known = set(ItemKind.__dataclass_fields__) - {"key"}
    unknown = sorted(set(entry) - known)
    if unknown:
        raise ValueError(f"unknown field {unknown[0]!r}")
    kind = _text(entry, "kind")
    if kind not in KINDS:
        raise ValueError(f"kind {kind!r} is not one of {', '.join(KINDS)}")
    color = entry.get("color")
    depth = entry.get("depth")
    if not (isinstance(color, list) and len(color) == 3
            and all(isinstance(c, int) and 0 <= c <= 255 for c in color)):
        raise ValueError("color must be [r, g, b] with 0..255")
    if not (isinstance(depth, list) and len(depth) == 2 and all(isinstance(d, int) for d in depth)):
        raise ValueError("depth must be [min, max]")
    for dice_field in ("damage", "heal"):
        dice = entry.get(dice_field, "")
        if dice and not (isinstance(dice, str) and _DICE.match(dice)):
            raise ValueError(f"{dice_field} {dice!r} is not dice")
    glyph = _text(entry, "glyph")
    if len(glyph) != 1:
        raise ValueError("glyph must be one character")
    if kind in ("weapon", "launcher", "armour") and not entry.get("slot"):
        raise ValueError(f"a {kind} needs a slot")
    return ItemKind(
        key=key, name=_text(entry, "name"), kind=kind, glyph=glyph,
        color=(color[0], color[1], color[2]), depth=(depth[0], depth[1]),
        weight=_int(entry, "weight"), slot=str(entry.get("slot", "")),
        damage=str(entry.get("damage", "")), heal=str(entry.get("heal", "")),
        attack=_int(entry, "attack"), ac=_int(entry, "ac"), range=_int(entry, "range"),
        turns=_int(entry, "turns"), target=bool(entry.get("target", False)),
        ammo=str(entry.get("ammo", "")), thrown=bool(entry.get("thrown", False)),
        break_chance=_int(entry, "break_chance"), bundle=_int(entry, "bundle"),
    )


def _text(entry: dict[str, object], name: str) -> str:
    value = entry[name]
    if not isinstance(value, str) or not value:
        raise ValueError(f"{name} must be text")
    return value


def _int(entry: dict[str, object], name: str) -> int:
    value = entry.get(name, 0)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{name} must be a whole number")
    return value


@functools.cache
def item_kinds() -> dict[str, ItemKind]:
    """The game's items, loaded once."""
    return load_items(ITEMS_PATH)


def kind_of(key: str) -> ItemKind:
    return item_kinds()[key]
