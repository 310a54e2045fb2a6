"""The bot in a fight: how hard the foes in view hit, and the moves and shots that answer them
(fire, zap, a scroll of lightning, cover from shooters, closing in, retreat and flight)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from operator import attrgetter

import numpy as np
import tcod.constants
import tcod.map
from numpy.typing import NDArray

from game import pathing, tiles
from game.bot.memory import SLEEPY, Memory, Step, carried
from game.content.bestiary import default_bestiary
from game.content.items import kind_of
from game.floorplan import king_distance
from game.pathing import portals
from game.rules import abilities, combat, identify, missiles
from game.rules.actions import Action, Fire, Use, Zap
from game.rules.stairs import stairs_mask
from game.seeds import dice_mean
from game.world import fov
from game.world.kinds import Mode
from game.world.model import NORMAL_SPEED, Actor, Game, Item

THREAT_ROUNDS = 2.5
"""Also drink when HP would last fewer than this many monster rounds against the foes in view."""
DANGER_HP = 0.6
"""Read a scroll of lightning at a visible monster below this share (at a shooter, any time)."""
RETREAT_HP = 0.5
RETREAT_STEPS = 12
"""Below RETREAT_HP, out of potions and with foes in view, head for stairs up this near (steps)
and climb them to rest on the floor above."""
APPROACH_RANGE = 6
"""Close in on visible monsters this near (in steps; an awake shooter, as far as it shoots)."""
SHOT_CHANCE = 35
"""Fire (shoot, or throw a weapon made for it) at an awake foe in a clear line when the hit
chance is at least this percent: what it costs is a missile, often picked up again."""
STRONG_ROLES = ("solo", "leader")
"""Foes worth a wand's charge whatever the hero's state (with shooters out of reach)."""


def threat(game: Game, foes: list[Actor]) -> float:
    """The damage the foes in view are expected to deal in one monster round: those that can
    strike now (adjacent, or a shooter with the hero in range) count fully, a walker one step
    away by half; twice over while the hero is slowed or stiffening (monsters then act twice)."""
    player = game.player
    ac = combat.armour_class(game, player)
    total = 0.0
    for foe in foes:
        distance = king_distance(foe.pos, player.pos)
        if distance <= 1 or (foe.reach > 1 and distance <= foe.reach):
            share = 1.0
        elif distance == 2:
            share = 0.5
        else:
            continue
        bonus = combat.attack_bonus(game, foe)
        if distance > 1:
            bonus -= combat.range_penalty(foe, player)
        hit = min(0.95, max(0.05, (21 + bonus - ac) / 20))
        damage = dice_mean(foe.damage) * combat.MONSTER_DAMAGE_PERCENT / 100
        total += share * hit * damage * max(1.0, foe.speed / NORMAL_SPEED)
    return total * (2 if abilities.slowing(player) else 1)


def fire(game: Game, awake: list[Actor]) -> Iterator[tuple[str, Action]]:
    """Shoot or throw the readied missile at the nearest awake foe not next to the hero, when
    the line of fire reaches it first and the shot has a fair chance."""
    chosen = missiles.readied(game)
    if isinstance(chosen, str):
        return
    missile, player = chosen[1], game.player
    for foe in sorted(awake, key=lambda m: (king_distance(m.pos, player.pos), m.id)):
        if not 1 < king_distance(foe.pos, player.pos) <= missile.reach:
            continue
        line = combat.line_of_fire(game, player.pos, foe.pos, missile.reach)
        if (combat.first_in_line(game, line) is foe
                and combat.hit_chance(game, player, foe, missile) >= SHOT_CHANCE):
            yield "fire", Fire(foe.pos)
            return


def zap(game: Game, memory: Memory, awake: list[Actor]) -> Iterator[tuple[str, Action]]:
    """A bolt at a strong foe, a shooter out of reach, or anything when hurt; slowness at a
    strong foe or when the foes in view hit hard; an unknown wand at a foe, to learn it."""
    player = game.player
    for foe in sorted(awake, key=lambda m: (king_distance(m.pos, player.pos), m.id)):
        for wand in _wands(game, memory):
            reach = kind_of(wand.kind).range
            if (king_distance(foe.pos, player.pos) <= reach and clear_shot(game, foe, reach)
                    and _worth_a_charge(game, wand.kind, foe, awake)):
                yield "zap", Zap(wand.id, foe.pos)


def _worth_a_charge(game: Game, wand: str, foe: Actor, awake: list[Actor]) -> bool:
    player = game.player
    strong = foe.role in STRONG_ROLES or foe.name.startswith("elite")
    if not identify.known(game, wand):
        return king_distance(foe.pos, player.pos) > 1
    if kind_of(wand).effect == "bolt":
        out_of_reach = foe.reach > 1 and king_distance(foe.pos, player.pos) > 1
        return strong or out_of_reach or player.hp < player.max_hp * DANGER_HP
    return "slowed" not in foe.effects and (
        strong or player.hp < threat(game, awake) * THREAT_ROUNDS * 2)


def _wands(game: Game, memory: Memory) -> list[Item]:
    """Carried wands not found empty: known bolts and slowness, and unknown ones to try."""
    return [item for item in game.hero.inventory if kind_of(item.kind).kind == "wand"
            and item.id not in memory.spent
            and (kind_of(item.kind).effect in ("bolt", "slow")
                 or not identify.known(game, item.kind))]


def clear_shot(game: Game, foe: Actor, reach: int) -> bool:
    """The line toward `foe` reaches it before anything else (a wall, another creature)."""
    return combat.first_in_line(game, combat.line_of_fire(game, game.player.pos, foe.pos,
                                                          reach)) is foe


def nearest_shoots(game: Game, foes: list[Actor]) -> bool:
    """The monster a lightning bolt would strike (the nearest in view) is a shooter or caster,
    out of the hero's reach: the bolt is the only way to hit it now."""
    player = game.player
    near = min(foes, key=lambda m: (king_distance(m.pos, player.pos), m.id), default=None)
    return near is not None and near.reach > 1 and king_distance(near.pos, player.pos) > 1


def lightning(game: Game, foes: list[Actor]) -> Iterator[tuple[str, Action]]:
    """A known scroll of lightning, read when a foe in view is within its range and the hero is
    hurt, or the foe it would strike is a shooter out of the hero's reach."""
    player = game.player
    if player.hp >= player.max_hp * DANGER_HP and not nearest_shoots(game, foes):
        return
    for item in carried(game, "lightning"):
        reach = kind_of(item.kind).range
        if any(king_distance(m.pos, player.pos) <= reach for m in foes):
            yield "lightning", Use(item.id)


def approach(game: Game, walk: NDArray[np.bool_], foes: list[Actor]) -> Step:
    """A step toward the nearest visible monster a few steps away, if the way is short. A
    guard keeps to its den (it comes out once it sees the hero near), so it is left alone."""
    player, floor = game.player, game.floor
    near = [m for m in foes if m.mode != Mode.GUARD
            and king_distance(m.pos, player.pos) <= max(APPROACH_RANGE, shot(m))]
    if not near:
        return None
    goals = np.zeros(floor.tiles.shape, dtype=np.bool_)
    for monster in near:
        goals[monster.y, monster.x] = True
    dist = portals.toward(walk, floor.teleports, goals,
                          portals.pads_among(floor.teleports, goals))
    steps = max(APPROACH_RANGE, *(shot(m) for m in near))
    if pathing.standing_value(dist, *player.pos) > steps * pathing.DIAGONAL:
        return None
    return pathing.step_toward(dist, player.pos)


def retreat(game: Game, walk: NDArray[np.bool_]) -> Step:
    """A step toward known stairs up, if they are near enough to reach before being cut down."""
    floor, player = game.floor, game.player
    if game.depth == 1 and not game.hero.has_relic:
        return None
    goals = stairs_mask(floor, "up")
    if not goals.any():
        return None
    dist = portals.toward(walk, floor.teleports, goals)
    if pathing.standing_value(dist, *player.pos) > RETREAT_STEPS * pathing.CARDINAL:
        return None
    return pathing.step_toward(dist, player.pos)


def flee(game: Game, walk: NDArray[np.bool_], foes: list[Actor]) -> Step:
    """A step down the flee map away from the foes in view, when one leads away."""
    floor = game.floor
    sources = np.zeros(floor.tiles.shape, dtype=np.bool_)
    for foe in foes:
        sources[foe.y, foe.x] = True
    pads = floor.teleports
    near = portals.toward(walk | sources, pads, sources, portals.pads_among(pads, sources))
    return portals.step_down(portals.flee(near, walk | sources, pads), game.player.pos,
                             floor.occupancy())


def cover(game: Game, shooters: list[Actor],
          reach: Callable[[Actor], int] = attrgetter("reach")) -> Step:
    """The neighbouring step that hides the hero from the most shooters (sight is symmetric:
    a tile sees a shooter when the shooter sees it) or takes it out of their `reach`, if it
    hides from more than standing still."""
    floor, (x, y) = game.floor, game.player.pos
    clear = fov.transparency(floor)

    def seen_by(px: int, py: int) -> int:
        sight = tcod.map.compute_fov(clear, (py, px), fov.SIGHT_RADIUS, True,
                                     tcod.constants.FOV_SYMMETRIC_SHADOWCAST)
        return sum(1 for m in shooters
                   if sight[m.y, m.x] and king_distance(m.pos, (px, py)) <= reach(m))

    best: tuple[int, Step] = (seen_by(x, y), None)
    for dx, dy in pathing.STEPS:
        nx, ny = x + dx, y + dy
        if (floor.in_bounds(nx, ny) and floor.tiles[ny, nx] in (tiles.FLOOR, tiles.OPEN_DOOR)
                and floor.monster_at(nx, ny) is None):
            seen = seen_by(nx, ny)
            if seen < best[0]:
                best = (seen, (dx, dy))
    return best[1]


def ability_range(monster: Actor, use: str) -> int:
    """How far the monster's own ability `use` reaches (0: it has none)."""
    kind = default_bestiary().get(monster.kind)
    return max((a.range for a in kind.abilities if a.use == use), default=0)


def dodge(game: Game, awake: list[Actor]) -> Step:
    """A step out of the sight or reach of a monster drawing breath (it breathes next turn on a
    hero it still sees), and of gazers while the hero's limbs stiffen (the next gaze that lands
    turns flesh to stone)."""
    threats = [m for m in awake if "inhaling" in m.effects]
    if "petrifying" in game.player.effects:
        threats += [m for m in awake if ability_range(m, "gaze") and m not in threats]
    if not threats:
        return None
    return cover(game, threats, lambda m: max(ability_range(m, "breath"),
                                              ability_range(m, "gaze")))


def in_sight(game: Game, shooters: list[Actor]) -> bool:
    """Some shooter in view has the hero within its range."""
    return any(king_distance(m.pos, game.player.pos) <= m.reach for m in shooters)


def shot(monster: Actor) -> int:
    """How far an awake shooter or caster strikes from (0 for the rest): the bot closes in on
    one that can reach it, since standing off only lets it shoot."""
    return monster.reach if monster.reach > 1 and monster.mode not in SLEEPY else 0
