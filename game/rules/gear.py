"""Item rules: what worn equipment adds to the hero, and how the pack stacks."""

from __future__ import annotations

from game.content.items import ItemKind, kind_of
from game.rules import crafting
from game.world.model import Hero, Item
from game.world.pack import QUIVER


def cursed(item: Item) -> bool:
    """An item of a cursed kind whose curse no scroll has lifted: worn, it stays on."""
    return kind_of(item.kind).cursed and not item.uncursed


def stuck_on(hero: Hero, item_id: int) -> Item | None:
    """The worn cursed item with id `item_id` (it cannot be taken off, dropped or thrown), or
    None when that item is free to leave its slot."""
    worn_ids = set(hero.equipment.values())
    item = next((i for i in hero.inventory if i.id == item_id), None)
    return item if item is not None and item_id in worn_ids and cursed(item) else None


def worn(hero: Hero) -> list[ItemKind]:
    """Kinds of the items the hero wears, in slot order."""
    by_id = {item.id: item for item in hero.inventory}
    return [kind_of(by_id[i].kind) for slot, i in sorted(hero.equipment.items())
            if i in by_id and slot != QUIVER]


def total(hero: Hero, stat: str) -> int:
    """What worn equipment adds to a stat: attack, ac, strength, regen, stealth, ward,
    move_cost; with what crafting features have added to the worn items themselves."""
    by_id = {item.id: item for item in hero.inventory}
    improved = sum(crafting.bonus(by_id[i], stat) for slot, i in sorted(hero.equipment.items())
                   if i in by_id and slot != QUIVER and by_id[i].improved)
    return sum(int(getattr(kind, stat)) for kind in worn(hero)) + improved


def weapon(hero: Hero) -> ItemKind | None:
    """The wielded weapon's kind, or None when fighting bare-handed."""
    return next((kind for kind in worn(hero) if kind.slot == "weapon"), None)


def weapon_dice(hero: Hero) -> str:
    """The wielded weapon's damage dice, or "" when fighting bare-handed."""
    wielded = weapon(hero)
    return wielded.damage if wielded is not None else ""


def melee_reach(hero: Hero) -> int:
    """How far the wielded weapon hits: 1, or its reach (a spear's 2)."""
    wielded = weapon(hero)
    return max(1, wielded.reach) if wielded is not None else 1


def key_ring(hero: Hero) -> list[Item]:
    """The keys carried: they hang on a ring, not in the pack (no letter, no place)."""
    return [item for item in hero.inventory if item.kind == "key"]
