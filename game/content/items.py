"""Item kinds from assets/items.toml, checked on load (the rules for carrying and wearing them are
in game.rules.gear)."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from game.assets import ASSETS_DIR, toml_tables

ITEMS_PATH = ASSETS_DIR / "items.toml"
KINDS = ("potion", "scroll", "wand", "weapon", "launcher", "ammo", "armour", "shield", "ring",
         "amulet", "key", "gold", "relic", "food")
CATEGORY_GLYPHS: dict[str, str] = {
    "weapon": ")", "armour": "[", "potion": "!", "scroll": "?", "wand": "/", "ring": "=",
    "amulet": '"', "gold": "$", "key": "(", "food": "%", "shield": "]", "launcher": "}",
    "ammo": "{", "relic": "&",
}
"""Each category's one glyph, by roguelike convention (a key is a tool, `(`; ammunition and
launchers take Angband's `{` and `}`): checked on load, and no feature or tile uses one
(game/content/features.py, tests/test_glyphs.py)."""
WORN_KINDS = ("weapon", "launcher", "armour", "shield", "ring", "amulet")
"""Categories worn in a slot: each needs one."""
UNKNOWN_KINDS = ("potion", "scroll", "wand", "ring", "amulet")
"""Categories that look different in every run until identified (game/content/appearances.py)."""
USED_KINDS = ("potion", "scroll", "wand")
"""Categories used up or zapped: each names its effect, and only they have one."""
EFFECTS: dict[str, tuple[str, ...]] = {
    "heal": ("heal",), "restore": (), "strengthen": (), "confuse": ("turns",), "harm": ("damage",),
    "identify": (), "fear": ("range", "turns"), "recharge": (), "map": (), "teleport": (),
    "lightning": ("damage", "range"), "confuse_monster": ("turns",), "knock": (),
    "bolt": ("damage", "range"), "slow": ("range", "turns"), "blink": ("range",), "dig": ("range",),
    "darken": ("turns",), "hallucinate": ("turns",), "incinerate": ("damage",),
    "sleep": ("turns",), "aggravate": (), "summon": ("range",), "uncurse": (),
}
"""The effects an item may name -> the fields its kind must set for it (the rules that carry
them out are game.rules.effects, which holds one for each name here)."""
HARMFUL_EFFECTS = ("confuse", "harm", "darken", "hallucinate", "incinerate", "sleep", "aggravate",
                   "summon")
"""Effects that hurt whoever tries an unknown item of the kind (a thrown one may still help)."""
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
    reach: int = 0
    """A melee weapon that hits this many squares away (0: next to you only)."""
    sweep: bool = False
    """A blow also strikes every other enemy beside the wielder."""
    pierce: int = 0
    """Armour class of the target the blow ignores."""
    quick: bool = False
    """A second blow follows each attack (at combat.QUICK_PENALTY to hit)."""
    stealth: int = 0
    """Worn: how much harder (negative: easier) a sleeping monster notices the wearer."""
    move_cost: int = 0
    """Worn: percent chance that a step takes an extra turn."""
    regen: int = 0
    """Worn: extra hit points healed every turns.REGEN_EVERY turns."""
    strength: int = 0
    """Worn: added to strength (damage and forcing doors)."""
    ward: int = 0
    """Worn: added to the saving throw against hexes."""
    charges: int = 0
    """A wand's charges when found."""
    ammo: str = ""
    """A launcher's: the key of the ammunition it fires (range and damage are the launcher's)."""
    thrown: bool = False
    """Made for throwing (full damage and its own `range`); other thrown things do little."""
    break_chance: int = 0
    """Percent chance that ammunition or a thrown weapon breaks when it comes down."""
    bundle: int = 0
    """Ammunition lies on a floor in bundles of 1..bundle."""
    effect: str = ""
    """What using a potion, scroll or wand does: a name of EFFECTS."""
    text: str = ""
    """What the effect does beyond the numbers, in words for the codex ("" for nothing more)."""
    nutrition: int = 0
    """Food: the turns of hunger one eaten staves off (game.rules.hunger)."""
    cursed: bool = False
    """Worn gear that cannot be taken off once put on, until a scroll lifts the curse."""
    price: int = 0
    """What a merchant asks for one on depth 1, in gold (0: game.content.prices works it out
    from the kind's category, numbers and rarity)."""

    @property
    def harmful(self) -> bool:
        """Trying one unknown hurts: a bad potion or scroll, or cursed gear."""
        return self.cursed or self.effect in HARMFUL_EFFECTS


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
    if kind in WORN_KINDS and not entry.get("slot"):
        raise ValueError(f"a {kind} needs a slot")
    _check_effect(kind, entry)
    if (kind == "food") != (_int(entry, "nutrition") > 0):
        raise ValueError("food, and only food, has a nutrition above 0")
    if entry.get("cursed") and kind not in WORN_KINDS:
        raise ValueError(f"a {kind} cannot be cursed (only worn gear can)")
    if glyph != CATEGORY_GLYPHS[kind]:
        raise ValueError(f"glyph must be {CATEGORY_GLYPHS[kind]!r}, the glyph of every {kind}")
    return ItemKind(
        key=key, name=_text(entry, "name"), kind=kind, glyph=glyph,
        color=(color[0], color[1], color[2]), depth=(depth[0], depth[1]),
        weight=_int(entry, "weight"), slot=str(entry.get("slot", "")),
        damage=str(entry.get("damage", "")), heal=str(entry.get("heal", "")),
        attack=_int(entry, "attack"), ac=_int(entry, "ac"), range=_int(entry, "range"),
        turns=_int(entry, "turns"), target=_flag(entry, "target"), reach=_int(entry, "reach"),
        sweep=_flag(entry, "sweep"), pierce=_int(entry, "pierce"), quick=_flag(entry, "quick"),
        stealth=_int(entry, "stealth"), move_cost=_int(entry, "move_cost"),
        regen=_int(entry, "regen"), strength=_int(entry, "strength"), ward=_int(entry, "ward"),
        charges=_int(entry, "charges"), ammo=str(entry.get("ammo", "")),
        thrown=_flag(entry, "thrown"), break_chance=_int(entry, "break_chance"),
        bundle=_int(entry, "bundle"), effect=str(entry.get("effect", "")),
        text=str(entry.get("text", "")), nutrition=_int(entry, "nutrition"),
        cursed=_flag(entry, "cursed"), price=_int(entry, "price"),
    )


def _check_effect(kind: str, entry: dict[str, object]) -> None:
    """A potion, scroll or wand names a known effect and sets the fields it works with."""
    effect = entry.get("effect", "")
    if kind not in USED_KINDS:
        if effect:
            raise ValueError(f"a {kind} has no effect (only {', '.join(USED_KINDS)} do)")
        return
    if not isinstance(effect, str) or effect not in EFFECTS:
        raise ValueError(f"effect {effect!r} is not one of {', '.join(EFFECTS)}")
    for needed in EFFECTS[effect]:
        if not entry.get(needed):
            raise ValueError(f"effect {effect!r} needs {needed}")


def _text(entry: dict[str, object], name: str) -> str:
    value = entry[name]
    if not isinstance(value, str) or not value:
        raise ValueError(f"{name} must be text")
    return value


def _flag(entry: dict[str, object], name: str) -> bool:
    value = entry.get(name, False)
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be true or false")
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


def found_amount(kind: ItemKind) -> int:
    """An item's `amount` when it is made: a wand's charges, else one."""
    return kind.charges or 1
