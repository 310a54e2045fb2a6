"""Items: picking up, dropping, wearing, and using potions and scrolls (some aimed at a target)."""

from __future__ import annotations

from game.content.items import ItemKind, kind_of
from game.floorplan import Point, king_distance
from game.rules import effects, gear, identify, vaults
from game.rules.actions import Alternative, Eat, Impossible, Result, Success, Zap
from game.rules.doors import door_name
from game.rules.progress import MAX_GOLD
from game.world import pack
from game.world.kinds import MessageKind
from game.world.model import MAX_CARRIED, Actor, Game, Item

INVENTORY_LIMIT = 26
"""Places in the pack, one per inventory letter: interchangeable items share one
(game.world.pack.pack_rows), so twenty potions of healing take one place."""
AUTO_PICKUP_KINDS = ("gold", "key", "potion", "scroll", "ammo", "food")
"""What auto-pickup takes (the interface's option decides whether it is asked for)."""


def carried(game: Game, item_id: int) -> Item | None:
    return next((i for i in game.hero.inventory if i.id == item_id), None)


def pack_full(game: Game, item: Item | None = None) -> bool:
    """No place for `item` in the pack (with no item: no place for a new kind of thing); a pack
    of MAX_CARRIED items takes nothing more, whatever it stacks."""
    if len(game.hero.inventory) >= MAX_CARRIED:
        return True
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
    worked = f" (+{len(item.improved)})" if item.improved else ""
    return identify.article(identify.name_of(game, item.kind)) + worked


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
    return f"You see here: {'; '.join(labels(game, here))}{vaults.note(here)}."


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
        return _pick_up_auto(game, [i for i in here
                                    if kind_of(i.kind).kind in AUTO_PICKUP_KINDS and not i.vault])
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
    if item.vault:
        vaults.taken(game, item)
    return Success()


def drop(game: Game, item_id: int) -> Result:
    item = carried(game, item_id)
    if item is None:
        return Impossible("You do not have that.")
    hero = game.hero
    if gear.stuck_on(hero, item_id) is not None:
        return Impossible(curse_holds(game, item))
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
    held = gear.stuck_on(hero, hero.equipment.get(kind.slot, -1))
    if held is not None:  # taking it off, or putting another in its place
        return Impossible(curse_holds(game, held))
    if hero.equipment.get(kind.slot) == item_id:
        del hero.equipment[kind.slot]
        game.log(f"You take off the {name}.", MessageKind.ITEM)
    else:
        hero.equipment[kind.slot] = item_id
        game.log(f"You {'wield' if kind.slot == 'weapon' else 'put on'} the {name}.",
                 MessageKind.ITEM)
        if kind.ac or kind.attack or kind.strength or kind.cursed:  # shown on the sheet at once
            identify.identify(game, item.kind)
        if gear.cursed(item):
            game.log(f"The {kind.name} tightens its grip: it is cursed, and will not come off!",
                     MessageKind.DANGER)
    return Success()


def curse_holds(game: Game, item: Item) -> str:
    """Why a worn cursed item stays where it is."""
    return (f"The {identify.name_of(game, item.kind)} is cursed: it will not come off until the"
            " curse is lifted.")


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
    if kind.kind == "food":
        return Alternative(Eat(item_id))
    if kind.kind not in ("potion", "scroll"):
        return Impossible(f"You cannot use the {name} like that.")
    if kind.target and target is None:
        return Impossible(f"The {name} needs a target.")
    if target is not None and kind.range and _reach(game, target) > kind.range:
        return Impossible(f"That is too far: the {name} reaches {kind.range} tiles.")
    unknown = not identify.known(game, item.kind)
    reason = _apply(game, game.player, kind, target)
    if reason and not unknown:
        return Impossible(reason)
    if reason:  # tried blind: it is used up all the same, and now the player knows it
        game.log(f"{reason.rstrip('.')}: the {name} is wasted.", MessageKind.ITEM)
    game.hero.inventory.remove(item)
    identify.identify(game, item.kind)
    slept = game.player.effects.get("asleep", 0) if kind.effect == "sleep" else 0
    return Success(turns=1 + slept)  # a potion of sleep: the turns asleep are lost


def quaff(game: Game, actor: Actor, kind: ItemKind) -> str:
    """A potion's effect on `actor`: the hero drinking it, or anyone a thrown one shatters over
    (game.rules.missiles). Returns a reason (and changes nothing) when it does nothing."""
    return _apply(game, actor, kind, None)


def _apply(game: Game, actor: Actor, kind: ItemKind, target: Point | None) -> str:
    """Carry out a potion's or scroll's effect (game.rules.effects); returns a reason (and
    changes nothing) when it cannot work, else ""."""
    outcome = effects.apply(game, actor, kind, target)
    return outcome if isinstance(outcome, str) else ""


def _reach(game: Game, target: Point) -> int:
    return king_distance(target, game.player.pos)


def plural(name: str) -> str:
    """"arrows", "sling stones", "wolves", "harpies"."""
    if name.endswith(("s", "x", "ch", "sh")):
        return name + "es"
    if name.endswith("f"):
        return name[:-1] + "ves"
    if name.endswith("y") and name[-2:-1] not in ("a", "e", "i", "o", "u"):
        return name[:-1] + "ies"
    return name + "s"
