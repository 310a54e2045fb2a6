"""Items: picking up, dropping, wearing, and using potions and scrolls (some aimed at a target)."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from game import tiles
from game.content.items import ItemKind, kind_of
from game.floorplan import Point
from game.rules import identify
from game.rules.actions import Alternative, Impossible, Result, Success, Zap
from game.rules.doors import door_name
from game.rules.progress import MAX_GOLD, MAX_STAT
from game.world import dungeon, pack
from game.world.kinds import MessageKind, Mode
from game.world.model import PLAYER_ID, Actor, Game, Item

INVENTORY_LIMIT = 26
"""Places in the pack, one per inventory letter: interchangeable items share one
(game.world.pack.pack_rows), so twenty potions of healing take one place."""
AUTO_PICKUP_KINDS = ("gold", "key", "potion", "scroll", "ammo")
"""What auto-pickup takes (the interface's option decides whether it is asked for)."""
HEAL_SHARE = 4
"""A potion of healing restores its dice or 1/HEAL_SHARE of maximum HP, whichever is more: the
potions found deep down must still matter to a hero who has grown to three times the HP."""


def carried(game: Game, item_id: int) -> Item | None:
    return next((i for i in game.hero.inventory if i.id == item_id), None)


def pack_full(game: Game, item: Item | None = None) -> bool:
    """No place for `item` in the pack (with no item: no place for a new kind of thing)."""
    if item is None:
        return len(pack.pack_rows(game.hero)) >= INVENTORY_LIMIT
    return len(pack.pack_rows(game.hero, item)) > INVENTORY_LIMIT


def label(game: Game, item: Item) -> str:
    """An item as the player reads it: "12 gold", "a key to the iron door", "a potion of ..."."""
    kind = kind_of(item.kind)
    if kind.kind == "gold":
        return f"{item.amount} gold"
    if kind.kind == "key" and item.key_for is not None:
        door = game.floor.doors.get(item.key_for)
        if door is not None:
            where = quarter(game.floor.width, game.floor.height, item.key_for)
            return f"a key to the {door_name(door)}, depth {game.depth}, {where}"
        return "a key to a door on another floor"
    return identify.article(identify.name_of(game, item.kind))


def quarter(width: int, height: int, pos: Point) -> str:
    """Where on a floor `pos` lies, by thirds from its centre: "north-east", "centre"."""
    x, y = pos
    north_south = "north" if 3 * y < height else "south" if 3 * y >= 2 * height else ""
    east_west = "west" if 3 * x < width else "east" if 3 * x >= 2 * width else ""
    return "-".join(part for part in (north_south, east_west) if part) or "centre"


def underfoot(game: Game) -> str:
    """"You see here: ..." for what lies under the player ("" when nothing does)."""
    here = game.floor.items_at(*game.player.pos)
    if not here:
        return ""
    return f"You see here: {'; '.join(labels(game, here))}."


def labels(game: Game, items: list[Item]) -> list[str]:
    """Each thing once, in order, a bundle counted: "10 arrows", not ten times "an arrow"."""
    named = [label(game, item) for item in items]
    counted = [(text, named.count(text), item) for text, item in zip(named, items, strict=True)]
    return [text if count == 1 else f"{count} {plural(identify.name_of(game, item.kind))}"
            for index, (text, count, item) in enumerate(counted) if text not in named[:index]]


def pick_up(game: Game, auto: bool = False) -> Result:
    """Pick up the first thing underfoot (a turn); `auto`: everything auto-pickup takes, at no
    cost in time (the interface asks for it after a step when the option is on)."""
    floor, player = game.floor, game.player
    here = floor.items_at(*player.pos)
    if auto:
        return _pick_up_auto(game, [i for i in here if kind_of(i.kind).kind in AUTO_PICKUP_KINDS])
    if not here:
        return Impossible("There is nothing here to pick up.")
    first = kind_of(here[0].kind)
    if first.kind != "ammo" and not first.thrown:
        return _take(game, here[0])
    bundle = [i for i in here if i.kind == first.key]  # arrows come up together
    taken = [_take(game, item, quiet=True) for item in bundle]
    count = sum(isinstance(result, Success) for result in taken)
    if not count:
        return taken[0]
    what = label(game, bundle[0]) if count == 1 else f"{count} {plural(first.name)}"
    game.log(f"You pick up {what}.", MessageKind.ITEM)
    return Success()


def _pick_up_auto(game: Game, wanted: list[Item]) -> Result:
    """Take what auto-pickup covers and say it once: the "You see here" the step just logged
    gives way to "You pick up ..." and, when something stays, what still lies here."""
    seen = underfoot(game)
    retracted = game.messages.retract(seen)
    taken = [item for item in wanted if isinstance(_take(game, item, quiet=True), Success)]
    if not taken:
        if retracted:
            game.log(seen)
        return Impossible("")
    things = [item for item in taken if item.kind != "gold"]
    if things:
        game.log(f"You pick up {'; '.join(labels(game, things))}.", MessageKind.ITEM)
    left = underfoot(game)
    if retracted and left:
        game.log(left)
    return Success(turns=0)


def _take(game: Game, item: Item, quiet: bool = False) -> Result:
    floor = game.floor
    if item.kind == "gold":
        floor.items.remove(item)
        game.hero.gold = min(game.hero.gold + item.amount, MAX_GOLD)
        game.log(f"You pick up {item.amount} gold.", MessageKind.ITEM)
        return Success()
    if item.kind == "relic":
        game.hero.has_relic = True
        game.log("You take the relic! Now climb back out of the dungeon.", MessageKind.PROGRESS)
    elif pack_full(game, item):
        return Impossible("Your pack is full.")
    floor.items.remove(item)
    item.x = item.y = -1
    if item.kind != "relic":
        game.hero.inventory.append(item)
        if not quiet:
            game.log(f"You pick up {label(game, item)}.", MessageKind.ITEM)
    return Success()


def drop(game: Game, item_id: int) -> Result:
    item = carried(game, item_id)
    if item is None:
        return Impossible("You do not have that.")
    hero = game.hero
    for slot, worn in list(hero.equipment.items()):
        if worn == item_id:
            del hero.equipment[slot]
    hero.inventory.remove(item)
    item.x, item.y = game.player.pos
    game.floor.items.append(item)
    game.log(f"You drop the {identify.name_of(game, item.kind)}.", MessageKind.ITEM)
    return Success()


def equip(game: Game, item_id: int) -> Result:
    item = carried(game, item_id)
    if item is None:
        return Impossible("You do not have that.")
    kind = kind_of(item.kind)
    name = identify.name_of(game, item.kind)
    if not kind.slot:
        return Impossible(f"You cannot wear the {name}.")
    hero = game.hero
    if hero.equipment.get(kind.slot) == item_id:
        del hero.equipment[kind.slot]
        game.log(f"You take off the {name}.", MessageKind.ITEM)
    else:
        hero.equipment[kind.slot] = item_id
        game.log(f"You {'wield' if kind.slot == 'weapon' else 'put on'} the {name}.",
                 MessageKind.ITEM)
        if kind.ac or kind.attack or kind.strength:  # a bonus the character sheet shows at once
            identify.identify(game, item.kind)
    return Success()


def use(game: Game, item_id: int, target: Point | None) -> Result:
    item = carried(game, item_id)
    if item is None:
        return Impossible("You do not have that.")
    kind = kind_of(item.kind)
    name = identify.name_of(game, item.kind)
    if kind.slot:
        return equip(game, item_id)
    if kind.kind == "wand" and target is not None:
        return Alternative(Zap(item_id, target))
    if kind.kind not in ("potion", "scroll"):
        return Impossible(f"You cannot use the {name} like that.")
    if kind.target and target is None:
        return Impossible(f"The {name} needs a target.")
    if target is not None and kind.range and _reach(game, target) > kind.range:
        return Impossible(f"That is too far: the {name} reaches {kind.range} tiles.")
    unknown = not identify.known(game, item.kind)
    reason = _effect(game, kind, target)
    if reason and not unknown:
        return Impossible(reason)
    if reason:  # tried blind: it is used up all the same, and now the player knows it
        game.log(f"{reason.rstrip('.')}: the {name} is wasted.", MessageKind.ITEM)
    game.hero.inventory.remove(item)
    identify.identify(game, item.kind)
    return Success()


def _effect(game: Game, kind: ItemKind, target: Point | None) -> str:
    """Apply an item's effect; returns a reason (and changes nothing) when it cannot work."""
    player, floor = game.player, game.floor
    if kind.kind == "potion":
        return quaff(game, player, kind)
    if kind.key == "scroll_identify":
        learned = [i.kind for i in game.hero.inventory
                   if i.kind != kind.key and not identify.known(game, i.kind)]
        for key in sorted(set(learned)):
            identify.identify(game, key)
        if not learned:
            game.log("You feel knowledgeable, but carry nothing unknown.", MessageKind.MAGIC)
    elif kind.key == "scroll_fear":
        afraid = [m for m in floor.monsters if floor.visible[m.y, m.x] and m.part != "boss"
                  and max(abs(m.x - player.x), abs(m.y - player.y)) <= kind.range]
        for monster in afraid:
            monster.mode = Mode.FLEE
            monster.effects["afraid"] = kind.turns
        fled = {0: "nothing hears it", 1: "a foe turns to flee"}.get(
            len(afraid), f"{len(afraid)} foes turn to flee")
        game.log(f"A dreadful cry rings out: {fled}!", MessageKind.MAGIC)
    elif kind.key == "scroll_recharging":
        wands = [i for i in game.hero.inventory if kind_of(i.kind).kind == "wand"]
        for wand in wands:
            wand.amount = max(wand.amount, kind_of(wand.kind).charges)
        game.log("Your wands hum with power." if wands else "A charge crackles and fades away.",
                 MessageKind.MAGIC)
    elif kind.key == "scroll_mapping":
        floor.tiles[floor.tiles == tiles.SECRET_DOOR] = tiles.DOOR  # secret doors show as doors
        floor.explored |= tiles.walkable(floor.tiles) | _next_to_walkable(floor.tiles)
        game.log("The floor's layout floods into your mind.", MessageKind.DISCOVERY)
    elif kind.key == "scroll_teleport":
        player.x, player.y = dungeon.random_free_spot(game, floor, safe=True)
        game.log("You are whisked away!", MessageKind.MAGIC)
    elif kind.key == "scroll_lightning":
        visible = [m for m in floor.monsters if floor.visible[m.y, m.x]
                   and max(abs(m.x - player.x), abs(m.y - player.y)) <= kind.range]
        if not visible:
            return "No enemy is close enough to strike."
        victim = min(visible, key=lambda m: (max(abs(m.x - player.x), abs(m.y - player.y)), m.id))
        from game.rules import combat

        combat.magic_hit(game, victim, kind.damage, "Lightning", MessageKind.MAGIC)
    elif kind.key == "scroll_confusion" and target is not None:
        dazed = floor.monster_at(*target)
        if dazed is None or not floor.visible[target[1], target[0]]:
            return "There is no monster you can see there."
        dazed.effects["confused"] = kind.turns
        game.log(f"The {dazed.name} looks confused.", MessageKind.MAGIC)
    elif kind.key == "scroll_knock" and target is not None:
        door = floor.doors.get(target)
        hidden = floor.tiles[target[1], target[0]] == tiles.SECRET_DOOR
        if door is None or hidden or not floor.visible[target[1], target[0]]:
            return "There is no door you can see there."
        if not door.sealed and door.state != "stuck":
            return "That door is not locked."
        door.state = "unlocked"
        door.reinforced = False
        game.log("The door's locks and wards fall open with a click.", MessageKind.DOOR)
    else:
        return "Nothing happens."
    return ""


def quaff(game: Game, actor: Actor, kind: ItemKind) -> str:
    """A potion's effect on `actor`: the hero drinking it, or anyone a thrown one shatters over
    (game.rules.missiles). Returns a reason (and changes nothing) when it does nothing."""
    you = actor.id == PLAYER_ID
    who = "You" if you else f"The {actor.name}"
    if kind.heal:
        if actor.hp >= actor.max_hp:
            return f"{who} {'are' if you else 'is'} already at full health."
        rolled = max(game.rng.roll(kind.heal), actor.max_hp // HEAL_SHARE)
        healed = min(actor.max_hp - actor.hp, rolled)
        actor.hp += healed
        game.log(f"{who} {'feel' if you else 'looks'} better (+{healed} HP).",
                 MessageKind.BOON if you else MessageKind.MAGIC)
    elif kind.key == "potion_restoration":
        actor.hp = actor.max_hp
        actor.effects.clear()
        game.log(f"{who} {'feel' if you else 'looks'} wholly restored.",
                 MessageKind.BOON if you else MessageKind.MAGIC)
    elif kind.key == "potion_strength":
        if you:
            game.hero.strength = min(game.hero.strength + 1, MAX_STAT)
            game.log("You feel stronger (+1 strength).", MessageKind.BOON)
        else:  # a monster has no strength score: its blows land more often instead
            actor.attack += 1
            game.log(f"{who} looks stronger.", MessageKind.MAGIC)
    elif kind.key == "potion_confusion":
        actor.effects["confused"] = kind.turns
        game.log("Your head spins: you are confused!" if you else f"{who} looks confused.",
                 MessageKind.MAGIC)
    elif kind.damage:
        hurt = game.rng.roll(kind.damage)
        actor.hp -= hurt
        game.log(f"{who} {'are' if you else 'is'} burned ({hurt}).",
                 MessageKind.HURT if you else MessageKind.COMBAT)
        if actor.hp <= 0:
            from game.rules import combat

            combat.die(game, actor, game.player,
                       cause=f"killed by a {kind.name} on depth {game.floor.depth}")
    else:
        return "Nothing happens."
    return ""


def _reach(game: Game, target: Point) -> int:
    player = game.player
    return max(abs(target[0] - player.x), abs(target[1] - player.y))


def _next_to_walkable(tile_map: NDArray[np.uint8]) -> NDArray[np.bool_]:
    walk = tiles.WALKABLE[tile_map]
    near = walk.copy()
    near[1:, :] |= walk[:-1, :]
    near[:-1, :] |= walk[1:, :]
    near[:, 1:] |= walk[:, :-1]
    near[:, :-1] |= walk[:, 1:]
    return near


def plural(name: str) -> str:
    """"arrows", "sling stones", "wolves", "harpies"."""
    if name.endswith(("s", "x", "ch", "sh")):
        return name + "es"
    if name.endswith("f"):
        return name[:-1] + "ves"
    if name.endswith("y") and name[-2:-1] not in ("a", "e", "i", "o", "u"):
        return name[:-1] + "ies"
    return name + "s"
