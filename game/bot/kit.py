"""The bot's things: which gear is better and which is junk, what is worth picking up, and
learning what unknown items are."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from numpy.typing import NDArray

from game.bot.fighting import RETREAT_HP, clear_shot
from game.bot.memory import Memory, carried
from game.content.items import kind_of
from game.floorplan import king_distance
from game.rules import gear, identify
from game.rules.actions import Action, Equip, Use
from game.rules.items import pack_full
from game.seeds import dice_mean
from game.world.model import Actor, Game, Item

TRY_HP = 0.9
"""Unknown potions and rings are tried alone, and unknown scrolls read, only above this share of
hit points: one in three is harmful (a burn, a lost turn, a band summoned)."""


def gear_score(key: str) -> float:
    """How good a weapon or launcher (mean damage, to-hit, armour piercing) or armour, a shield,
    a ring or an amulet (armour class, to-hit, strength, regeneration, less the cost of
    heavy armour's slow steps) is."""
    kind = kind_of(key)
    if kind.kind in ("weapon", "launcher"):
        return dice_mean(kind.damage) + kind.attack + kind.pierce / 4
    return (kind.ac + 1.5 * kind.attack + kind.strength + 2 * kind.regen + kind.ward / 5
            + kind.stealth / 10 - kind.move_cost / 10)


def _score(game: Game, key: str) -> float:
    """gear_score as far as the hero knows it: an unknown ring or amulet is worth nothing yet
    (it is put on to learn it when its place is free)."""
    return gear_score(key) if identify.known(game, key) else 0.0


def _worn_score(game: Game, slot: str) -> float:
    worn = game.hero.equipment.get(slot)
    item = next((i for i in game.hero.inventory if i.id == worn), None)
    if item is not None:
        return _score(game, item.kind)
    return dice_mean(game.player.damage) if slot == "weapon" else 0.0


def better_gear(game: Game) -> list[Item]:
    """Carried items that beat what is worn in their slot (the best one per slot)."""
    best: dict[str, Item] = {}
    for item in game.hero.inventory:
        slot = kind_of(item.kind).slot
        if not slot:
            continue
        current = best.get(slot)
        if current is None or _score(game, item.kind) > _score(game, current.kind):
            best[slot] = item
    return [item for slot, item in sorted(best.items())
            if game.hero.equipment.get(slot) != item.id
            and gear.stuck_on(game.hero, game.hero.equipment.get(slot, -1)) is None
            and _score(game, item.kind) > _worn_score(game, slot)]


def junk(game: Game) -> list[Item]:
    """Carried gear neither worn nor better than what is worn: a full pack drops it (keys hang
    on the ring and take no place). Unknown gear is never junk: `wanted` takes it up again at
    once (it is worth learning), so dropping it made a pack that was full drop and pick up the
    same unknown rings for ever; it is kept until tried on (`learn`)."""
    worn = set(game.hero.equipment.values())
    return [item for item in game.hero.inventory if item.id not in worn and (
        kind_of(item.kind).slot and not kind_of(item.kind).thrown
        and identify.known(game, item.kind)
        and _score(game, item.kind) <= _worn_score(game, kind_of(item.kind).slot))]


VAULT_VALUES = {"wand": 3.0, "potion": 2.0, "ring": 1.5, "amulet": 1.5}
"""What a vault's item that is not better gear is worth to the bot, by kind of thing."""


def vault_value(game: Game, item: Item) -> float:
    """How much the bot gains by taking `item` from a vault, as far as it knows: better gear by
    its score over what is worn (an unknown ring or amulet a little), else by kind of thing."""
    kind = kind_of(item.kind)
    if kind.slot and identify.known(game, item.kind):
        gain = gear_score(item.kind) - _worn_score(game, kind.slot)
        return gain if gain > 0 else 0.1 * gain
    return VAULT_VALUES.get(kind.kind, 0.5)


def vault_pick(game: Game, item: Item) -> bool:
    """`item` is the one the bot takes from its vault: the best of those still offered (the
    first in reading order on a tie), so it walks past the others rather than taking the first
    it stands on."""
    offered = [i for i in game.floor.items if i.vault == item.vault]
    best = max(offered, key=lambda i: (vault_value(game, i), -i.y, -i.x))
    return best is item


def wanted(game: Game, item: Item) -> bool:
    """Worth carrying: the relic, gold, anything usable, gear better than what the hero has;
    from a vault, only the best of its items."""
    kind = kind_of(item.kind)
    if kind.kind in ("relic", "gold"):
        return True
    if pack_full(game, item):
        return False
    if item.vault:
        return vault_pick(game, item)
    if item.kind == "key" and item.key_for not in game.floor.doors:
        return False
    if not kind.slot or kind.thrown or not identify.known(game, item.kind):
        return True  # usable, ammunition, made for throwing, or worth learning
    owned = [_score(game, i.kind) for i in game.hero.inventory
             if kind_of(i.kind).slot == kind.slot]
    return gear_score(item.kind) > max([_worn_score(game, kind.slot), *owned])


def wanted_here(game: Game) -> bool:
    here = game.floor.items_at(*game.player.pos)
    if not here:
        return False
    if pack_full(game, here[0]):
        return here[0].kind in ("relic", "gold")
    return any(wanted(game, item) for item in here)


def wanted_items_mask(game: Game) -> NDArray[np.bool_]:
    """Explored tiles holding something the bot wants (not where it stands: that is picked up)."""
    floor = game.floor
    mask = np.zeros(floor.tiles.shape, dtype=np.bool_)
    for item in floor.items:
        if (item.pos != game.player.pos and floor.in_bounds(item.x, item.y)
                and floor.explored[item.y, item.x] and wanted(game, item)):
            mask[item.y, item.x] = True
    return mask


def learn(game: Game, memory: Memory, foes: list[Actor],
          awake: list[Actor]) -> Iterator[tuple[str, Action]]:
    """Learn unknown items as a careful player does: a known scroll of identify when there is
    something to learn; an unknown scroll read at an awake foe a few steps off (most scrolls
    that need a target are meant for one); unknown potions drunk and rings worn when no
    monster is in view and the hero is nearly whole. Each ring or amulet is tried on once
    (Memory.tried_on): one whose bonus does not show stays unknown, and trying it again and
    again would swap rings for ever."""
    player = game.player
    unknown = [i for i in game.hero.inventory if not identify.known(game, i.kind)]
    if not unknown:
        return
    if not awake:
        for item in carried(game, "identify"):
            yield "identify", Use(item.id)
    steady = player.hp >= player.max_hp * max(RETREAT_HP, TRY_HP)
    near = [m for m in awake
            if 1 < king_distance(m.pos, player.pos) <= 8 and clear_shot(game, m, 8)]
    if near and steady:
        target = min(near, key=lambda m: (king_distance(m.pos, player.pos), m.id))
        for item in unknown:
            if kind_of(item.kind).kind == "scroll":
                yield "identify", Use(item.id, target.pos)
    if foes or player.hp < player.max_hp * TRY_HP:  # a bad potion must not meet a foe
        return
    for item in unknown:
        category = kind_of(item.kind).kind
        if category == "potion":
            yield "identify", Use(item.id)
        elif category in ("ring", "amulet") and item.id not in memory.tried_on and gear.stuck_on(
                game.hero, game.hero.equipment.get(kind_of(item.kind).slot, -1)) is None:
            yield "identify", Equip(item.id)  # tried on in place of a known one: it may be cursed
