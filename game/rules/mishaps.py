"""The harmful effects: what trying the wrong unknown potion or scroll does, and the scroll that
lifts a curse.

They share the shape of every effect in game.rules.effects (which registers them): `(game, actor,
kind, target)`, `actor` being who drinks the potion or is splashed by it, or who reads the scroll.
Trying an unknown item is a gamble, not a death sentence: each of these sets the hero back (a
floor awake, a band to fight, a few blind or lost turns, a burn) and says so in the log. Thrown,
a bad potion is a weapon: it works on the monsters it shatters over as on the hero.
"""

from __future__ import annotations

from typing import Final

from game.content.bestiary import default_bestiary
from game.content.items import ItemKind
from game.floorplan import Point, king_distance
from game.rules import combat, gear, identify
from game.world.dreams import HALLUCINATING
from game.world.kinds import MessageKind, Mode
from game.world.model import PLAYER_ID, Actor, Game
from game.world.spawning import spawn

SUMMONED_ROLES: Final = ("minion", "soldier", "brute", "skirmisher")
"""What a scroll of summon monster calls: fighters of the floor's depth, never a boss or a solo."""
SUMMON_DEEPER: Final = 5
"""From this depth on, the band is three strong (two above it)."""
Outcome = bool | str
BURST: Final = 1
"""A potion of incineration burns everyone within this many squares of the drinker."""


def _who(actor: Actor) -> tuple[bool, str]:
    you = actor.id == PLAYER_ID
    return you, "You" if you else f"The {actor.name}"


def darken(game: Game, actor: Actor, kind: ItemKind, target: Point | None) -> Outcome:
    """Sight shrinks to a few squares (game.world.fov.sight_radius) for `turns`."""
    if actor.id != PLAYER_ID:  # a monster hunts by scent and sound: darkness costs it nothing
        return False
    actor.effects["darkened"] = kind.turns
    game.log("Darkness falls over your eyes: you can barely see!", MessageKind.DANGER)
    return True


def hallucinate(game: Game, actor: Actor, kind: ItemKind, target: Point | None) -> Outcome:
    """Monsters look like anything at all for `turns` (the map draws them so; the rules hold
    only the condition)."""
    if actor.id != PLAYER_ID:
        return False
    actor.effects[HALLUCINATING] = kind.turns
    game.log("Oh wow, everything looks so cosmic!", MessageKind.MAGIC)
    return True


def incinerate(game: Game, actor: Actor, kind: ItemKind, target: Point | None) -> Outcome:
    """A burst of flame: the drinker and everyone within BURST squares take `damage`."""
    floor = game.floor
    caught = [a for a in [game.player, *sorted(floor.monsters, key=lambda m: m.id)]
              if a.alive and king_distance(a.pos, actor.pos) <= BURST]
    you, who = _who(actor)
    game.log(f"Flames burst from the potion around {'you' if you else who.lower()}!",
             MessageKind.DANGER)
    for victim in caught:
        if not victim.alive:
            continue
        if victim.id != PLAYER_ID:
            combat.magic_hit(game, victim, kind.damage, "The fire", MessageKind.MAGIC)
            continue
        burned = game.rng.roll(kind.damage)
        victim.hp -= burned
        game.log(f"The fire burns you ({burned}).", MessageKind.HURT)
        if victim.hp <= 0:
            combat.die(game, victim, None,
                       cause=f"burned by a {kind.name} on depth {game.floor.depth}")
    return True


def sleep(game: Game, actor: Actor, kind: ItemKind, target: Point | None) -> Outcome:
    """The drinker falls asleep: the hero loses `turns` turns (game.rules.items.use spends them),
    a monster drops off as if it had never woken."""
    you, who = _who(actor)
    if you:
        actor.effects["asleep"] = kind.turns
        game.log("A heavy drowsiness overcomes you: you fall asleep!", MessageKind.DANGER)
    else:
        actor.mode = Mode.ASLEEP
        game.log(f"{who} falls asleep.", MessageKind.MAGIC)
    return True


def aggravate(game: Game, actor: Actor, kind: ItemKind, target: Point | None) -> Outcome:
    """Every monster on the floor wakes and comes for the reader."""
    woken = 0
    for monster in sorted(game.floor.monsters, key=lambda m: m.id):
        if monster.alive and monster.mode != Mode.HUNT and monster.hostile:
            monster.mode = Mode.HUNT
            woken += 1
        if monster.alive:
            monster.goal = actor.pos
    stirring = "the whole floor is coming for you" if woken else "but nothing seems to stir"
    game.log(f"A piercing shriek rings out: {stirring}!", MessageKind.DANGER)
    return True


def summon(game: Game, actor: Actor, kind: ItemKind, target: Point | None) -> Outcome:
    """A band of fighters of the floor's depth appears within `range` steps, hunting."""
    depth = game.floor.depth
    fighters = default_bestiary().candidates(SUMMONED_ROLES, depth)
    if not fighters:
        return "Nothing answers the call."
    chosen = fighters[game.rng.below(len(fighters))]
    count = 3 if depth >= SUMMON_DEEPER else 2
    made = [spawn(game, game.floor, chosen.key, actor.pos, within=kind.range)
            for _ in range(count)]
    arrived = sum(monster is not None for monster in made)
    if not arrived:
        game.log("The air shimmers, but nothing comes.", MessageKind.MAGIC)
        return True
    what = f"a {chosen.name}" if arrived == 1 else f"{arrived} {chosen.name}s"
    game.log(f"The scroll tears open a rift: {what} step out of it!", MessageKind.DANGER)
    return True


def uncurse(game: Game, actor: Actor, kind: ItemKind, target: Point | None) -> Outcome:
    """Every cursed thing the hero carries is freed of its curse (its minus stays)."""
    freed = [item for item in game.hero.inventory if gear.cursed(item)]
    for item in freed:
        item.uncursed = True
        game.log(f"The curse on your {identify.name_of(game, item.kind)} is lifted.",
                 MessageKind.BOON)
    if not freed:
        game.log("You feel as if someone is watching over you.", MessageKind.MAGIC)
    return True
