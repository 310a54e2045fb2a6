"""What using an item does: one registry, effect name -> the rule that carries it out.

Each potion, scroll and wand names its effect in assets/items.toml (`effect`, checked on load
against game.content.items.EFFECTS); this table holds one function for each of those names, and
nothing else in the game decides an item's behaviour by its key. Every effect is called the same
way, `(game, actor, kind, target)`: `actor` is who uses it (the reader, the one zapping) or, for a
potion, whoever drinks it or is splashed by it; `target` the square aimed at, or None. So an item
kind may borrow any effect (a potion that bursts into lightning needs a row of data, no code), and
monster abilities can later take their own table of the same shape.

An effect returns an `Outcome`: True when it worked and the user could see it, False when it
worked unseen (a bolt of slowness that found no one: nothing learned), or a str, the reason it
cannot work, having changed nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import numpy as np
from numpy.typing import NDArray

from game import tiles
from game.content.items import ItemKind, kind_of
from game.floorplan import Point, king_distance
from game.rules import combat, identify, mishaps, talents
from game.rules.movement import arrive
from game.rules.noise import rouse
from game.rules.progress import MAX_STAT
from game.world import dungeon
from game.world.fov import update_fov
from game.world.kinds import MessageKind, Mode
from game.world.model import PLAYER_ID, Actor, Game

Outcome = bool | str
Effect = Callable[[Game, Actor, ItemKind, Point | None], Outcome]

HEAL_SHARE = 4
"""A potion of healing restores its dice or 1/HEAL_SHARE of maximum HP, whichever is more: the
potions found deep down must still matter to a hero who has grown to three times the HP."""


def apply(game: Game, actor: Actor, kind: ItemKind, target: Point | None) -> Outcome:
    """Carry out `kind`'s effect for `actor` at `target`."""
    return EFFECTS[kind.effect](game, actor, kind, target)


def _aimed(rule: Callable[[Game, Actor, ItemKind, Point], Outcome]) -> Effect:
    """An effect that works at the square aimed at: with none, nothing happens."""
    def effect(game: Game, actor: Actor, kind: ItemKind, target: Point | None) -> Outcome:
        return "Nothing happens." if target is None else rule(game, actor, kind, target)
    return effect


def _who(actor: Actor) -> tuple[bool, str]:
    """Whether `actor` is the hero, and how a message names it ("You", "The orc")."""
    you = actor.id == PLAYER_ID
    return you, "You" if you else f"The {actor.name}"


# --- potions: on whoever drinks one or is splashed by it ---------------------------------------

def _heal(game: Game, actor: Actor, kind: ItemKind, target: Point | None) -> Outcome:
    you, who = _who(actor)
    if actor.hp >= actor.max_hp:
        return f"{who} {'are' if you else 'is'} already at full health."
    rolled = max(game.rng.roll(kind.heal), actor.max_hp // HEAL_SHARE)
    if you:  # the hero's Potion lore
        rolled += rolled * talents.bonus(game.hero, "potion_heal") // 100
    healed = min(actor.max_hp - actor.hp, rolled)
    actor.hp += healed
    game.log(f"{who} {'feel' if you else 'looks'} better (+{healed} HP).",
             MessageKind.BOON if you else MessageKind.MAGIC)
    return True


def _restore(game: Game, actor: Actor, kind: ItemKind, target: Point | None) -> Outcome:
    you, who = _who(actor)
    actor.hp = actor.max_hp
    actor.effects.clear()
    game.log(f"{who} {'feel' if you else 'looks'} wholly restored.",
             MessageKind.BOON if you else MessageKind.MAGIC)
    return True


def _strengthen(game: Game, actor: Actor, kind: ItemKind, target: Point | None) -> Outcome:
    you, who = _who(actor)
    if you:
        game.hero.strength = min(game.hero.strength + 1, MAX_STAT)
        game.log("You feel stronger (+1 strength).", MessageKind.BOON)
    else:  # a monster has no strength score: its blows land more often instead
        actor.attack += 1
        game.log(f"{who} looks stronger.", MessageKind.MAGIC)
    return True


def _confuse(game: Game, actor: Actor, kind: ItemKind, target: Point | None) -> Outcome:
    you, who = _who(actor)
    actor.effects["confused"] = kind.turns
    game.log("Your head spins: you are confused!" if you else f"{who} looks confused.",
             MessageKind.MAGIC)
    return True


def _harm(game: Game, actor: Actor, kind: ItemKind, target: Point | None) -> Outcome:
    you, who = _who(actor)
    hurt = game.rng.roll(kind.damage)
    actor.hp -= hurt
    game.log(f"{who} {'are' if you else 'is'} burned ({hurt}).",
             MessageKind.HURT if you else MessageKind.COMBAT)
    if actor.hp <= 0:
        combat.die(game, actor, game.player,
                   cause=f"killed by a {kind.name} on depth {game.floor.depth}")
    return True


# --- scrolls: read by the hero, some aimed at a square -----------------------------------------

def _identify(game: Game, actor: Actor, kind: ItemKind, target: Point | None) -> Outcome:
    learned = [i.kind for i in game.hero.inventory
               if i.kind != kind.key and not identify.known(game, i.kind)]
    for key in sorted(set(learned)):
        identify.identify(game, key)
    if not learned:
        game.log("You feel knowledgeable, but carry nothing unknown.", MessageKind.MAGIC)
    return True


def _fear(game: Game, actor: Actor, kind: ItemKind, target: Point | None) -> Outcome:
    floor = game.floor
    afraid = [m for m in floor.monsters if floor.visible[m.y, m.x] and m.part != "boss"
              and m.hostile and king_distance(m.pos, actor.pos) <= kind.range]
    for monster in afraid:
        monster.mode = Mode.FLEE
        monster.effects["afraid"] = kind.turns
    fled = {0: "nothing hears it", 1: "a foe turns to flee"}.get(
        len(afraid), f"{len(afraid)} foes turn to flee")
    game.log(f"A dreadful cry rings out: {fled}!", MessageKind.MAGIC)
    return True


def _recharge(game: Game, actor: Actor, kind: ItemKind, target: Point | None) -> Outcome:
    wands = [i for i in game.hero.inventory if kind_of(i.kind).kind == "wand"]
    for wand in wands:
        wand.amount = max(wand.amount, kind_of(wand.kind).charges)
    game.log("Your wands hum with power." if wands else "A charge crackles and fades away.",
             MessageKind.MAGIC)
    return True


def _map(game: Game, actor: Actor, kind: ItemKind, target: Point | None) -> Outcome:
    floor = game.floor
    floor.tiles[floor.tiles == tiles.SECRET_DOOR] = tiles.DOOR  # secret doors show as doors
    floor.explored |= tiles.walkable(floor.tiles) | _next_to_walkable(floor.tiles)
    game.log("The floor's layout floods into your mind.", MessageKind.DISCOVERY)
    return True


def _next_to_walkable(tile_map: NDArray[np.uint8]) -> NDArray[np.bool_]:
    walk = tiles.WALKABLE[tile_map]
    near = walk.copy()
    near[1:, :] |= walk[:-1, :]
    near[:-1, :] |= walk[1:, :]
    near[:, 1:] |= walk[:, :-1]
    near[:, :-1] |= walk[:, 1:]
    return near


def _teleport(game: Game, actor: Actor, kind: ItemKind, target: Point | None) -> Outcome:
    actor.x, actor.y = dungeon.random_free_spot(game, game.floor, safe=True)
    game.log("You are whisked away!", MessageKind.MAGIC)
    return True


def _lightning(game: Game, actor: Actor, kind: ItemKind, target: Point | None) -> Outcome:
    floor = game.floor
    visible = [m for m in floor.monsters if floor.visible[m.y, m.x] and m.hostile
               and king_distance(m.pos, actor.pos) <= kind.range]
    if not visible:
        return "No enemy is close enough to strike."
    victim = min(visible, key=lambda m: (king_distance(m.pos, actor.pos), m.id))
    combat.magic_hit(game, victim, kind.damage, "Lightning", MessageKind.MAGIC,
                     _focus(game, actor))
    return True


def _confuse_monster(game: Game, actor: Actor, kind: ItemKind, target: Point) -> Outcome:
    floor = game.floor
    dazed = floor.monster_at(*target)
    if dazed is None or not floor.visible[target[1], target[0]]:
        return "There is no monster you can see there."
    dazed.effects["confused"] = kind.turns
    game.log(f"The {dazed.name} looks confused.", MessageKind.MAGIC)
    rouse(game, dazed)
    return True


def _knock(game: Game, actor: Actor, kind: ItemKind, target: Point) -> Outcome:
    floor = game.floor
    door = floor.doors.get(target)
    hidden = floor.tiles[target[1], target[0]] == tiles.SECRET_DOOR
    if door is None or hidden or not floor.visible[target[1], target[0]]:
        return "There is no door you can see there."
    if not door.sealed and door.state != "stuck":
        return "That door is not locked."
    door.state = "unlocked"
    door.reinforced = False
    game.log("The door's locks and wards fall open with a click.", MessageKind.DOOR)
    return True


# --- wands: a charge sent down the line toward the square aimed at ------------------------------

def _victim(game: Game, actor: Actor, target: Point, reach: int) -> Actor | None:
    """The first creature a bolt meets on its way to `target` (combat.line_of_fire: at most
    `reach` squares, stopped by a wall or a closed door), or None."""
    return combat.first_in_line(game, combat.line_of_fire(game, actor.pos, target, reach))


def _bolt(game: Game, actor: Actor, kind: ItemKind, target: Point) -> Outcome:
    victim = _victim(game, actor, target, kind.range)
    if victim is None:
        game.log("A bolt of force flies off and bursts on the stone.", MessageKind.MAGIC)
        return True
    combat.magic_hit(game, victim, kind.damage, "A bolt of force", MessageKind.MAGIC,
                     _focus(game, actor))
    return True


def _focus(game: Game, actor: Actor) -> int:
    """The damage the hero's Arcane focus adds to its bolts and lightning."""
    return talents.bonus(game.hero, "magic_damage") if actor.id == PLAYER_ID else 0


def _slow(game: Game, actor: Actor, kind: ItemKind, target: Point) -> Outcome:
    victim = _victim(game, actor, target, kind.range)
    if victim is None:
        game.log("Nothing seems to happen.", MessageKind.MAGIC)
        return False
    victim.effects["slowed"] = kind.turns
    game.log(f"The {victim.name} slows down.", MessageKind.MAGIC)
    rouse(game, victim)
    return True


def _blink(game: Game, actor: Actor, kind: ItemKind, target: Point) -> Outcome:
    floor, (x, y) = game.floor, target
    if king_distance(target, actor.pos) > kind.range:
        return f"That is too far to blink: at most {kind.range} squares."
    if not floor.visible[y, x] or not floor.walkable()[y, x] or floor.monster_at(x, y):
        return "You can only blink to an empty square you can see."
    floor.relocate(actor, x, y)
    game.log("You blink across the room.", MessageKind.MAGIC)
    arrive(game, actor)
    return True


def _dig(game: Game, actor: Actor, kind: ItemKind, target: Point) -> Outcome:
    """Carve the rock on the line toward `target` and on past it (combat.line), up to the range,
    into floor: the walkable and see-through masks, sight and every path map (all computed from
    the live tiles) change at once."""
    floor = game.floor
    carved = 0
    for x, y in combat.line(actor.pos, target, kind.range):
        inside = 0 < x < floor.width - 1 and 0 < y < floor.height - 1  # the rim stays rock
        tile = floor.tiles[y, x] if floor.in_bounds(x, y) else tiles.WALL
        if inside and tile == tiles.WALL:
            floor.tiles[y, x] = tiles.FLOOR
            carved += 1
        elif not inside or not tiles.WALKABLE[tile] or floor.blocks_move(x, y):
            break
    if not carved:
        game.log("The wand's beam finds no rock to carve.", MessageKind.MAGIC)
        return False
    update_fov(floor, actor.x, actor.y)
    game.log(f"The rock melts away before you ({carved} square{'s' if carved > 1 else ''}).",
             MessageKind.MAGIC)
    return True


EFFECTS: Final[dict[str, Effect]] = {
    "heal": _heal, "restore": _restore, "strengthen": _strengthen, "confuse": _confuse,
    "harm": _harm, "identify": _identify, "fear": _fear, "recharge": _recharge, "map": _map,
    "teleport": _teleport, "lightning": _lightning, "confuse_monster": _aimed(_confuse_monster),
    "knock": _aimed(_knock), "bolt": _aimed(_bolt), "slow": _aimed(_slow),
    "blink": _aimed(_blink), "dig": _aimed(_dig),
    "darken": mishaps.darken, "hallucinate": mishaps.hallucinate,
    "incinerate": mishaps.incinerate, "sleep": mishaps.sleep, "aggravate": mishaps.aggravate,
    "summon": mishaps.summon, "uncurse": mishaps.uncurse,
}
"""Effect name (game.content.items.EFFECTS) -> the rule that carries it out."""
