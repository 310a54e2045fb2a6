"""Words for what the player knows is at a spot: the hover line, look mode and targeting."""

from __future__ import annotations

from game import tiles
from game.content.appearances import look_colour
from game.content.features import feature_kind
from game.content.items import kind_of
from game.rules import identify, stealth, vaults
from game.words import article, health_word, plain_name, some
from game.world.dreams import seen_as
from game.world.model import Actor, FeatureState, Floor, Game, Item, Merchant


def item_name(game: Game, item: Item) -> str:
    """An item as the player knows it: "12 gold", "oily crimson potion", "wand of digging (3)"."""
    kind = kind_of(item.kind)
    if kind.kind == "gold":
        return f"{item.amount} gold"
    name = identify.name_of(game, item.kind)
    return f"{name} ({item.amount})" if kind.kind == "wand" and identify.known(
        game, item.kind) else name


def item_colour(game: Game, item: Item) -> tuple[int, int, int]:
    """How the map draws `item`: its kind's colour once known, else its appearance's (so an
    unknown potion's colour gives nothing away)."""
    if identify.known(game, item.kind):
        return kind_of(item.kind).color
    return look_colour(identify.appearances(game.run.seed_hash)[item.kind])


def monster_text(actor: Actor) -> str:
    """Name, health, what it knows of the hero, and its role in its group: "an orc (wounded,
    hunting you) [brute]" (game.rules.stealth.awareness)."""
    effects = "".join(f", {name}" for name in sorted(actor.effects))
    if actor.captive:
        return captive_text(actor)
    if actor.ally:
        order = "waiting" if actor.waiting else "following you"
        return (f"{article(actor.name)} ({health_word(actor)} {actor.hp}/{actor.max_hp},"
                f" your ally, {order}{effects}) [{actor.role}]")
    state = stealth.awareness(actor)
    state = stealth.AWARENESS_WORDS.get(state, state)
    return f"{article(actor.name)} ({health_word(actor)}, {state}{effects}) [{actor.role}]"


def merchant_text(game: Game, seller: Merchant) -> str:
    """A merchant and a taste of its prices: "Wenna the tinker, a peddler (4 wares: potion of
    healing 20 gold, ...; walk into her to trade)"."""
    from game.rules.trade import price  # the trade rules load when a merchant is named

    shown = sorted({(kind_of(w.kind).name, price(game, w)) for w in seller.wares},
                   key=lambda pair: (pair[1], pair[0]))
    wares = ", ".join(f"{name} {cost} gold" for name, cost in shown[:3])
    more = ", ..." if len(shown) > 3 else ""
    what = "a shopkeeper" if seller.kind == "shop" else "a peddler"
    return (f"{seller.name}, {what} ({len(seller.wares)} wares: {wares}{more};"
            f" walk into them to trade)")


def captive_text(actor: Actor) -> str:
    """A shackled captive: what it is, how it came to be held, and how to free it."""
    from game.dressing.captives import why_held  # the captives file loads when one is named
    from game.ui import intents  # the key table: the first frame draws without it

    why = why_held(actor.kind)
    key = intents.first_key(intents.UseFeature()) or "the use key"
    return (f"{article(actor.name)}, shackled{f' ({why})' if why else ''}: press {key} beside"
            f" it or walk into it to free it, and it follows you as an ally [{actor.role}]")


def feature_text(floor: Floor, x: int, y: int) -> str:
    """The map feature at (x, y): door, trap, stairs, teleporter or plain tile."""
    tile = int(floor.tiles[y, x])
    if tile == tiles.SECRET_DOOR:
        return str(tiles.TILES["name"][tiles.WALL])  # not found yet: it looks like wall
    door = floor.doors.get((x, y))
    if door is not None:
        from game.rules.doors import describe  # the door rules load when a door is named

        return describe(door)
    trap = floor.traps.get((x, y))
    if trap is not None and trap.found:
        return f"{article(trap.kind)} trap" + (" (sprung)" if trap.spent else "")
    stair = floor.stairs.get((x, y))
    if stair is not None:
        if stair.dead_end:
            return "collapsed stairs (a dead end)"
        name = stair.kind.replace("_", " ")
        return f"{name} {stair.direction}" if name == "stairs" else f"a {name} ({stair.direction})"
    if tile == tiles.TELEPORTER:
        return "a teleporter"
    return str(tiles.TILES["name"][tile])


def chamber_text(feature: FeatureState) -> str:
    """A chamber feature: its name, whether its one use is spent, and what it is for, in
    brackets so that it joins a list of what is there ("it stops missiles., floor" before)."""
    kind = feature_kind(feature.name)
    spent = ", used" if feature.used else ""
    about = kind.text.strip().rstrip(".")
    about = about[:1].lower() + about[1:]
    return f"{some(plain_name(feature.name))} ({about}{spent})"


def area_text(floor: Floor, x: int, y: int) -> str:
    for ax, ay, aw, ah, text in floor.areas:
        if ax <= x < ax + aw and ay <= y < ay + ah:
            return text
    return ""


def describe_at(game: Game, x: int, y: int) -> str:
    """What the player knows is at (x, y); "" outside the floor."""
    floor = game.floor
    if not floor.in_bounds(x, y):
        return ""
    if not floor.explored[y, x]:
        return "unexplored"
    seen = bool(floor.visible[y, x])
    parts: list[str] = []
    if (x, y) == game.player.pos:
        parts.append("you")
    monster = floor.monster_at(x, y)
    if seen and monster is not None:
        dreamed = seen_as(game, monster)
        parts.append(monster_text(monster) if dreamed is None
                     else article(dreamed.name.lower()))
    here = floor.items_at(x, y)
    parts.extend(item_name(game, item) for item in here)
    if any(item.vault for item in here):
        parts.append(vaults.NOTE)
    seller = floor.merchant_at(x, y)
    if seller is not None:
        parts.append(merchant_text(game, seller))
    chamber = floor.features.get((x, y))
    if chamber is not None:
        parts.append(chamber_text(chamber))
    parts.append(feature_text(floor, x, y))
    area = area_text(floor, x, y)
    if area:
        parts.append(f"in {area}")
    text = ", ".join(parts)
    return text if seen else f"{text} (remembered)"
