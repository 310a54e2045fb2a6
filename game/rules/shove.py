"""The shove: the hero pushes an adjacent monster one square, into whatever lies there (a chasm
drops it to the floor below, mold poisons it, cobwebs hold it, rubble costs it a turn).

A strength check: d20 + the hero's strength (worn strength too) against SHOVE_DC plus the
monster's heft (a tenth of its hit points): a goblin goes over about two times in three, a troll
seldom, a dragon never. Hit or miss, the monster is roused as by a blow (game.rules.noise.rouse).
"""

from __future__ import annotations

from typing import Final

from game import tiles
from game.rules import features, gear
from game.rules.actions import Impossible, Result, Success
from game.rules.noise import make_noise, rouse
from game.world.kinds import MessageKind
from game.world.model import Actor, Game

SHOVE_DC: Final = 10
"""The number a shove's d20 + strength must reach, before the monster's heft."""
HEFT_PER: Final = 10
"""Hit points of a monster per point it adds to the check."""
SHOVE_NOISE: Final = 8


def heft(monster: Actor) -> int:
    """What a monster's bulk adds to the check: a tenth of its full hit points."""
    return monster.max_hp // HEFT_PER


def shove_chance(game: Game, monster: Actor) -> int:
    """Percent chance the hero's shove moves `monster` (a natural 20 always does, a 1 never)."""
    needed = SHOVE_DC + heft(monster) - strength(game)
    return 5 * max(1, min(19, 21 - needed))


def strength(game: Game) -> int:
    return game.hero.strength + gear.total(game.hero, "strength")


def shove(game: Game, actor: Actor, dx: int, dy: int) -> Result:
    """Push the monster at the hero's side (dx, dy) one square further that way."""
    floor = game.floor
    x, y = actor.x + dx, actor.y + dy
    victim = floor.monster_at(x, y) if floor.in_bounds(x, y) else None
    if victim is None or not victim.alive:
        return Impossible("There is no one there to shove.")
    to = (x + dx, y + dy)
    if (not floor.in_bounds(*to) or not tiles.WALKABLE[floor.tiles[to[1], to[0]]]
            or floor.blocks_move(*to) or floor.monster_at(*to) is not None
            or to == actor.pos):
        return Impossible(f"There is no room to shove the {victim.name} into.")
    natural = game.rng.randint(1, 20)
    moved = natural == 20 or (natural != 1 and natural + strength(game) >= SHOVE_DC + heft(victim))
    make_noise(game, actor.pos, SHOVE_NOISE)
    rouse(game, victim)
    if not moved:
        game.log(f"You shove the {victim.name}, but it stands its ground.", MessageKind.COMBAT)
        return Success()
    feature = floor.features.get(to)
    into = f" into the {feature.name.lower()}" if feature is not None else " back"
    game.log(f"You shove the {victim.name}{into}!", MessageKind.COMBAT)
    floor.relocate(victim, *to)
    if feature is not None:
        features.step_on(game, victim, to, feature, by=actor)
    return Success()
