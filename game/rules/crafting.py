"""Crafting features: an anvil, a whetstone, a forge or an idol improves one item, once.

A crafting feature works once (it is then used up, game.rules.features) on one item the hero
wears: the first in its order of slots (CRAFTS) that no feature of the same kind has improved
yet, so the player chooses what is worked on by what they wield and wear. The item keeps the
improvement (Item.improved, the feature keys that worked on it), which adds IMPROVEMENT to its
own number (a weapon's to-hit, armour's or a shield's armour class) while it is worn: nothing is
added to the hero for ever, and no item is improved twice by the same kind of feature.
"""

from __future__ import annotations

from typing import Final

from game.content.items import kind_of
from game.rules import identify
from game.world.kinds import MessageKind
from game.world.model import Game, Hero, Item

IMPROVEMENT: Final = 1
"""What one feature adds to the item it works on."""
CRAFTS: Final[dict[str, tuple[str, ...]]] = {
    "anvil": ("weapon", "body", "shield"),
    "forge": ("weapon", "body", "shield"),
    "whetstone": ("weapon",),
    "grinder": ("weapon",),
    "bellows": ("weapon", "body", "shield"),
    "tongs": ("weapon", "body", "shield"),
    "tools": ("body", "shield", "weapon"),
    "workbench": ("body", "shield", "weapon"),
    "idol": ("weapon",),
    "evil_symbol": ("weapon",),
}
"""Feature key -> the slots it works on, in the order it looks at them."""
STAT_OF: Final = {"weapon": "attack", "body": "ac", "shield": "ac"}
"""The number an improvement adds to, by the item's slot."""
SLOT_WORDS: Final = {"weapon": "weapon", "body": "armour", "shield": "shield"}
WORDS: Final = {"weapon": ("hone", "+{n} to hit"), "body": ("mend", "+{n} armour class"),
                "shield": ("mend", "+{n} armour class")}


def candidate(hero: Hero, feature_key: str) -> Item | None:
    """The worn item a feature of this kind would improve now, or None."""
    by_id = {item.id: item for item in hero.inventory}
    for slot in CRAFTS.get(feature_key, ()):
        item = by_id.get(hero.equipment.get(slot, -1))
        if item is not None and kind_of(item.kind).slot == slot \
                and feature_key not in item.improved:
            return item
    return None


def bonus(item: Item, stat: str) -> int:
    """What the improvements on `item` add to `stat` while it is worn."""
    slot = kind_of(item.kind).slot
    return IMPROVEMENT * len(item.improved) if STAT_OF.get(slot) == stat else 0


def refusal(hero: Hero, feature_key: str, name: str) -> str:
    """Why the feature can do nothing for the hero now ("" when it can)."""
    if candidate(hero, feature_key) is not None:
        return ""
    what = " or ".join(SLOT_WORDS[slot] for slot in CRAFTS.get(feature_key, ("weapon",)))
    return f"The {name} can improve nothing you wear (a {what} it has not yet worked on)."


def improve(game: Game, feature_key: str, name: str) -> Item | None:
    """Work the feature on its candidate item; logs what changed. None when nothing could be."""
    item = candidate(game.hero, feature_key)
    if item is None:
        game.log(refusal(game.hero, feature_key, name), MessageKind.INFO)
        return None
    slot = kind_of(item.kind).slot
    item.improved.append(feature_key)
    verb, gain = WORDS[slot]
    game.log(f"You {verb} your {identify.name_of(game, item.kind)} at the {name}"
             f" ({gain.format(n=IMPROVEMENT)}).", MessageKind.BOON)
    return item
