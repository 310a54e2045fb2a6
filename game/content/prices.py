"""What things cost: a merchant's asking price for an item kind at a depth, and what a merchant
pays for one. One place for every price, so the shop screen, describe, the catalog and the bot
all agree.

A kind's `price` in assets/items.toml is its depth-1 price; a kind without one is priced from its
category and numbers (armour by its armour class, a weapon by the depth it is first found, a
ring or wand as magic). Prices rise a tenth a depth (deeper merchants know what their wares are
worth down here). A merchant pays half the asking price for a kind the hero knows, and a fifth
for an unknown one (a stranger's unnamed potion is a gamble for the buyer too).
"""

from __future__ import annotations

from typing import Final

from game.content.items import ItemKind

CATEGORY: Final[dict[str, int]] = {
    "potion": 25, "scroll": 25, "wand": 60, "weapon": 15, "launcher": 25, "ammo": 2,
    "armour": 20, "shield": 15, "ring": 70, "amulet": 90, "food": 10,
}
"""Depth-1 price of a kind of each category with no `price` of its own (before its numbers)."""
UNSOLD: Final = frozenset({"key", "gold", "relic"})
"""Categories no merchant buys or sells."""
SELL_SHARE: Final = 2
"""A merchant pays 1/SELL_SHARE of its asking price for a known kind."""
UNKNOWN_SHARE: Final = 5
"""... and 1/UNKNOWN_SHARE for a kind the hero has not identified."""


def base_price(kind: ItemKind) -> int:
    """A kind's depth-1 asking price for one (0: not for sale)."""
    if kind.kind in UNSOLD:
        return 0
    if kind.price:
        return kind.price
    price = CATEGORY[kind.kind]
    if kind.kind in ("weapon", "launcher"):
        price += 10 * max(0, kind.depth[0] - 1) + 5 * kind.attack
    elif kind.kind in ("armour", "shield"):
        price += 15 * kind.ac
    if kind.cursed or kind.harmful:
        price = max(5, price // 2)
    return price


def ask(kind: ItemKind, depth: int) -> int:
    """What a merchant on `depth` asks for one of `kind` (0: not for sale)."""
    price = base_price(kind)
    return price + price * max(0, depth - 1) // 10


def offer(kind: ItemKind, depth: int, known: bool) -> int:
    """What a merchant on `depth` pays for one of `kind`: half the asking price, a fifth if the
    seller does not know what it is (0: merchants do not buy it)."""
    if not base_price(kind):
        return 0
    return max(1, ask(kind, depth) // (SELL_SHARE if known else UNKNOWN_SHARE))
