"""Item rules: what worn equipment adds to the hero, and how the pack stacks."""

from __future__ import annotations

from game.content.items import ItemKind, kind_of
from game.world.model import Hero, Item


def worn(hero: Hero) -> list[ItemKind]:
    """Kinds of the items the hero wears, in slot order."""
    by_id = {item.id: item for item in hero.inventory}
    return [kind_of(by_id[i].kind) for _, i in sorted(hero.equipment.items()) if i in by_id]


def total(hero: Hero, stat: str) -> int:
    """What worn equipment adds to a stat: attack, ac, strength, regen, stealth, ward,
    move_cost."""
    return sum(getattr(kind, stat) for kind in worn(hero))


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


def pack_rows(hero: Hero, extra: Item | None = None) -> list[list[Item]]:
    """The pack (plus `extra`, if given) as rows: interchangeable items (same kind and amount,
    not worn, not the key to one door) share a row, in the order first carried; the rest have a
    row each. A row is one inventory letter and one of the pack's places."""
    worn = set(hero.equipment.values())
    rows: list[list[Item]] = []
    row_of: dict[tuple[str, int], int] = {}
    for item in [*hero.inventory, *([extra] if extra is not None else [])]:
        if item.kind == "key":
            continue  # on the key ring: no place in the pack
        alike = item.id not in worn and item.key_for is None
        kind = (item.kind, item.amount)
        if alike and kind in row_of:
            rows[row_of[kind]].append(item)
            continue
        if alike:
            row_of[kind] = len(rows)
        rows.append([item])
    return rows
