"""Wands: a charge zapped at a square sends the wand's effect down the line toward it.

A bolt (striking, slowness) flies like a missile (combat.line_of_fire): toward the square aimed
at, at most the wand's range, stopping at the first creature or at anything that blocks sight;
blinking moves the hero to a square it can see within range; digging carves the rock on the line
toward the aimed square and on past it (combat.line), up to the wand's range, into floor, so the
walkable and see-through masks, sight and every path map (all computed from the live tiles)
change at once. A wand whose effect the hero sees is identified.
"""

from __future__ import annotations

from game import tiles
from game.content.items import kind_of
from game.floorplan import Point
from game.rules import combat, identify
from game.rules.actions import Impossible, Result, Success
from game.rules.movement import arrive
from game.world.fov import update_fov
from game.world.kinds import MessageKind
from game.world.model import Actor, Game


def _victim(game: Game, target: Point, reach: int) -> Actor | None:
    """The first creature a bolt meets on its way to `target` (combat.line_of_fire: at most
    `reach` squares, stopped by a wall or a closed door), or None."""
    return combat.first_in_line(game, combat.line_of_fire(game, game.player.pos, target, reach))


def zap(game: Game, item_id: int, target: Point) -> Result:
    """Spend a charge of the carried wand `item_id` at `target`."""
    wand = next((i for i in game.hero.inventory if i.id == item_id), None)
    if wand is None:
        return Impossible("You do not have that.")
    kind = kind_of(wand.kind)
    name = identify.name_of(game, wand.kind)
    if kind.kind != "wand":
        return Impossible(f"You cannot zap the {name}.")
    if target == game.player.pos:
        return Impossible("Aim it away from yourself.")
    if wand.amount <= 0:
        return Impossible(f"The {name} has no charges left.")
    effect = {"wand_bolt": _bolt, "wand_slow": _slow, "wand_blink": _blink, "wand_dig": _dig}
    seen = effect[wand.kind](game, kind.key, target)
    if isinstance(seen, Impossible):
        return seen
    wand.amount -= 1
    if seen:
        identify.identify(game, wand.kind)
    return Success()


def _bolt(game: Game, key: str, target: Point) -> bool | Impossible:
    kind = kind_of(key)
    victim = _victim(game, target, kind.range)
    if victim is None:
        game.log("A bolt of force flies off and bursts on the stone.", MessageKind.MAGIC)
        return True
    combat.magic_hit(game, victim, kind.damage, "A bolt of force", MessageKind.MAGIC)
    return True


def _slow(game: Game, key: str, target: Point) -> bool | Impossible:
    kind = kind_of(key)
    victim = _victim(game, target, kind.range)
    if victim is None:
        game.log("Nothing seems to happen.", MessageKind.MAGIC)
        return False
    victim.effects["slowed"] = kind.turns
    game.log(f"The {victim.name} slows down.", MessageKind.MAGIC)
    return True


def _blink(game: Game, key: str, target: Point) -> bool | Impossible:
    kind, floor, player = kind_of(key), game.floor, game.player
    x, y = target
    if max(abs(x - player.x), abs(y - player.y)) > kind.range:
        return Impossible(f"That is too far to blink: at most {kind.range} squares.")
    if not floor.visible[y, x] or not floor.walkable()[y, x] or floor.monster_at(x, y):
        return Impossible("You can only blink to an empty square you can see.")
    floor.relocate(player, x, y)
    game.log("You blink across the room.", MessageKind.MAGIC)
    arrive(game, player)
    return True


def _dig(game: Game, key: str, target: Point) -> bool | Impossible:
    kind, floor, player = kind_of(key), game.floor, game.player
    carved = 0
    for x, y in combat.line(player.pos, target, kind.range):
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
    update_fov(floor, player.x, player.y)
    game.log(f"The rock melts away before you ({carved} square{'s' if carved > 1 else ''}).",
             MessageKind.MAGIC)
    return True
