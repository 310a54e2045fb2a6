"""Firing and throwing: what `f` readies, what a thrown thing does, where it comes down.

The flight and the attack roll are combat.shoot, the one rule monsters shoot by too. Here: the
hero's choice of missile (the worn launcher's ammunition, else the quivered kind, else the first
weapon made for throwing), the landing (on the square struck or at the end of the flight, where
it can be picked up again, unless it breaks), and a thrown potion's shattering.
"""

from __future__ import annotations

from dataclasses import replace

from game.content.items import ItemKind, kind_of
from game.floorplan import Point, king_distance
from game.rules import combat, gear, identify, items, talents
from game.rules.actions import Impossible, Result, Success
from game.world.kinds import MessageKind
from game.world.model import PLAYER_ID, Game, Item
from game.world.pack import QUIVER, worn_ids

MISSILE_SLOT = "missile"
"""Where a launcher is worn, beside the melee weapon."""
THROW_RANGE = 4
"""How far a thing not made for throwing flies."""
IMPROVISED = "1d2"
"""A thing not made for throwing (a potion, a sword) does this, with no strength."""
SPLASH = 1
"""A thrown potion shatters over everyone within this many squares of where it comes down."""


def launcher(game: Game) -> ItemKind | None:
    """The kind of the launcher the hero wears, if any."""
    worn = game.hero.equipment.get(MISSILE_SLOT)
    item = next((i for i in game.hero.inventory if i.id == worn), None)
    return kind_of(item.kind) if item is not None else None


def readied(game: Game) -> tuple[Item, combat.Missile] | str:
    """What `f` fires and how: the worn launcher's ammunition; else one of the quivered kind or
    the first carried weapon made for throwing (not the one wielded). A reason when nothing."""
    hero = game.hero
    bow = launcher(game)
    if bow is not None:
        ammo = [i for i in hero.inventory if i.kind == bow.ammo]
        if ammo:
            name = kind_of(bow.ammo).name
            return ammo[0], trained(game, combat.Missile(bow.range, bow.damage, bow.attack, name))
    wielded = worn_ids(hero)
    quivered = next((i for i in hero.inventory if i.id == hero.equipment.get(QUIVER)), None)
    throwing = [i for i in hero.inventory if kind_of(i.kind).thrown and i.id not in wielded]
    choice = quivered or (throwing[0] if throwing else None)
    if choice is not None:
        return choice, thrown_missile(game, kind_of(choice.kind))
    if bow is not None:
        return f"You have no {items.plural(kind_of(bow.ammo).name)} for the {bow.name}."
    return "You have nothing to fire: wear a sling or a bow, or carry something to throw."


def thrown_missile(game: Game, kind: ItemKind) -> combat.Missile:
    """A thrown thing: a throwing weapon at its full damage and range; anything else weakly
    (named as the hero knows it: an unknown potion by its look)."""
    if kind.thrown:
        return trained(game, combat.Missile(kind.range, kind.damage, kind.attack, kind.name))
    name = identify.name_of(game, kind.key)
    return combat.Missile(THROW_RANGE, IMPROVISED, 0, name, strength=False)


def trained(game: Game, missile: combat.Missile) -> combat.Missile:
    """A shot or a made-to-throw weapon with the hero's archery talents: further, surer."""
    hero = game.hero
    return replace(missile, reach=missile.reach + talents.bonus(hero, "missile_range"),
                   attack=missile.attack + talents.bonus(hero, "missile_attack"))


def loose(game: Game, item: Item, missile: combat.Missile, target: Point) -> Result:
    """Let `item` fly as `missile` (a talent's shot: game.rules.feats)."""
    return _loose(game, item, missile, target)


def fire(game: Game, target: Point) -> Result:
    chosen = readied(game)
    if isinstance(chosen, str):
        return Impossible(chosen)
    item, missile = chosen
    return _loose(game, item, missile, target)


def throw(game: Game, item_id: int, target: Point) -> Result:
    item = next((i for i in game.hero.inventory if i.id == item_id), None)
    if item is None:
        return Impossible("You do not have that.")
    if gear.stuck_on(game.hero, item_id) is not None:
        return Impossible(items.curse_holds(game, item))
    return _loose(game, item, thrown_missile(game, kind_of(item.kind)), target)


def quiver(game: Game, item_id: int) -> Result:
    """Ready `item` for `f` (no time passes)."""
    item = next((i for i in game.hero.inventory if i.id == item_id), None)
    if item is None:
        return Impossible("You do not have that.")
    game.hero.equipment[QUIVER] = item.id
    game.log(f"You ready the {identify.name_of(game, item.kind)} to fire.", MessageKind.ITEM)
    return Success(turns=0)


def _loose(game: Game, item: Item, missile: combat.Missile, target: Point) -> Result:
    """Let `item` fly: one of a stack leaves the pack (taken off if worn), strikes the first
    creature on the line and comes down, whole, broken or shattered."""
    player = game.player
    if target == player.pos:
        return Impossible("Choose a target other than yourself.")
    if king_distance(target, player.pos) > missile.reach:
        return Impossible(f"That is out of range: the {missile.name} reaches {missile.reach}.")
    _let_go(game, item)
    kind = kind_of(item.kind)
    if kind.kind == "potion":
        path = combat.line_of_fire(game, player.pos, target, missile.reach)
        victim = combat.first_in_line(game, path)
        where = victim.pos if victim is not None else (path[-1] if path else player.pos)
        shatter(game, kind, where)
        return Success()
    where = combat.shoot(game, player, target, missile)
    if kind.break_chance and game.rng.chance(kind.break_chance / 100):
        game.log(f"The {missile.name} breaks.", MessageKind.ITEM)
        return Success()
    item.x, item.y = where
    game.floor.items.append(item)
    return Success()


def _let_go(game: Game, item: Item) -> None:
    """Take `item` out of the pack; a quivered kind passes to the next of its stack."""
    hero = game.hero
    hero.inventory.remove(item)
    for slot, worn in list(hero.equipment.items()):
        if worn == item.id:
            del hero.equipment[slot]
            same = next((i for i in hero.inventory if i.kind == item.kind), None)
            if slot == QUIVER and same is not None:
                hero.equipment[QUIVER] = same.id


def shatter(game: Game, kind: ItemKind, where: Point) -> None:
    """A thrown potion breaks over everyone within SPLASH squares of `where`, and each of them
    takes its effect as if drinking it (items.quaff): healing heals them all, monsters too. The
    hero learns the potion when one it can see is changed."""
    floor = game.floor
    caught = [a for a in [game.player, *sorted(floor.monsters, key=lambda m: m.id)]
              if a.alive and king_distance(a.pos, where) <= SPLASH]
    game.log(f"The {identify.name_of(game, kind.key)} shatters!", MessageKind.MAGIC)
    seen = False
    for actor in caught:
        if actor.alive and not items.quaff(game, actor, kind):
            seen = seen or actor.id == PLAYER_ID or bool(floor.visible[actor.y, actor.x])
    if seen:
        identify.identify(game, kind.key)
