"""The bot's use of the world's things: chamber features worth a turn (a chest searched, an
anvil worked, an altar prayed at), bad potions thrown at foes, and the scrolls that lift a curse
or scare a pack off.

Every feature is tried at most once (Memory.tried): whatever it did, the bot does not walk back
to it, so a feature that refuses (an anvil with nothing to work on) can never hold it in a loop.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

import numpy as np
from numpy.typing import NDArray

from game.bot.exploring import toward
from game.bot.memory import Memory, Step, carried
from game.content.features import feature_kind
from game.content.items import kind_of
from game.floorplan import king_distance
from game.rules import combat, crafting, gear, identify
from game.rules.actions import Action, Interact, Throw, Use
from game.rules.features import LOOT, ONCE, PROFANE, SEERS
from game.rules.missiles import SPLASH, THROW_RANGE
from game.world.model import Actor, FeatureState, Game

THROWN_EFFECTS: Final = ("sleep", "incinerate", "confuse", "harm")
"""Known potions worth more shattered over a foe than drunk."""
FEATURE_STEPS: Final = 150
"""Steps a floor toward features at most: whatever pulls the other way, the walk ends."""
PRAY_BELOW: Final = 0.7
"""An altar makes the hero whole, a fountain may heal: worth the walk below this share."""
PROFANE_ABOVE: Final = 0.6
"""An idol burns (1d4) as it works a weapon: touched only above this share."""
FEAR_BELOW: Final = 0.35


def worth_using(game: Game, feature: FeatureState) -> bool:
    """A feature the bot would spend a turn on now: a container or a corpse to search, a craft
    feature with something to work on, an altar or a fountain when hurt (a fountain's water
    may heal, or poison or confuse: never to death), an idol with a weapon to work."""
    kind = feature_kind(feature.name)
    if feature.used and kind.effect in ONCE:
        return False
    player = game.player
    if kind.key in crafting.CRAFTS:
        if crafting.candidate(game.hero, kind.key) is None:
            return False
        return kind.key not in PROFANE or player.hp > player.max_hp * PROFANE_ABOVE
    if kind.effect == "container" or (kind.effect == "clue" and kind.key in LOOT):
        return True
    hurt = player.hp < player.max_hp * PRAY_BELOW
    return hurt and (kind.effect == "water" or (kind.effect == "sacred" and kind.key not in SEERS))


def _wanted(game: Game, memory: Memory) -> list[tuple[int, int]]:
    floor = game.floor
    return [pos for pos, feature in sorted(floor.features.items())
            if (game.depth, *pos) not in memory.tried and floor.explored[pos[1], pos[0]]
            and worth_using(game, feature)]


def use_features(game: Game, memory: Memory) -> Iterator[tuple[str, Action]]:
    """Use a wanted feature on or next to the hero's tile."""
    player = game.player
    for pos in _wanted(game, memory):
        if king_distance(pos, player.pos) <= 1:
            yield "interact", Interact(*pos)


def toward_feature(game: Game, memory: Memory, walk: NDArray[np.bool_]) -> Step:
    """A step toward the nearest wanted feature: onto it, or beside it when it blocks (at most
    FEATURE_STEPS a floor)."""
    floor = game.floor
    if memory.feature_steps.get(game.depth, 0) >= FEATURE_STEPS:
        return None
    goals = np.zeros(floor.tiles.shape, dtype=np.bool_)
    for x, y in _wanted(game, memory):
        if walk[y, x]:
            goals[y, x] = True
        else:
            goals[max(0, y - 1): y + 2, max(0, x - 1): x + 2] = True
    return toward(floor, walk, goals & walk, game.player.pos)


def throw_potions(game: Game, awake: list[Actor]) -> Iterator[tuple[str, Action]]:
    """Shatter a known bad potion over an awake foe out of melee reach, in a clear line and far
    enough off that the splash misses the hero."""
    player = game.player
    potions = [item for item in game.hero.inventory if kind_of(item.kind).kind == "potion"
               and kind_of(item.kind).effect in THROWN_EFFECTS and identify.known(game, item.kind)]
    if not potions:
        return
    for foe in sorted(awake, key=lambda m: (king_distance(m.pos, player.pos), m.id)):
        distance = king_distance(foe.pos, player.pos)
        if not SPLASH < distance <= THROW_RANGE:
            continue
        line = combat.line_of_fire(game, player.pos, foe.pos, THROW_RANGE)
        if combat.first_in_line(game, line) is foe:
            yield "throw", Throw(potions[0].id, foe.pos)
            return


def scrolls(game: Game, awake: list[Actor]) -> Iterator[tuple[str, Action]]:
    """Lift a curse from worn gear when a scroll can; scare the foes off when about to fall."""
    hero, player = game.hero, game.player
    if any(gear.stuck_on(hero, item_id) for item_id in sorted(hero.equipment.values())):
        for item in carried(game, "uncurse"):
            yield "uncurse", Use(item.id)
    if awake and player.hp < player.max_hp * FEAR_BELOW:
        for item in carried(game, "fear"):
            yield "fear", Use(item.id)
