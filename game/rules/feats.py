"""What the active talents do (`UseTalent`): each is one function here, checked first (a reason
when it cannot work, changing nothing), then done; a talent used goes on its cooldown
(`game.player.cooldowns`, counted down by game.rules.talents.tick). The passive talents are
bonuses read by the rules themselves (game.rules.talents.bonus)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from game.content.talents import talents
from game.floorplan import Point, king_distance
from game.rules import combat, missiles
from game.rules.actions import Impossible, Result, Success
from game.rules.movement import arrive
from game.rules.noise import rouse
from game.rules.talents import cooldown_left, knows
from game.world.kinds import MessageKind, Mode
from game.world.model import Actor, Game

TUMBLE_RANGE = 3
CRY_RANGE = 3
CRY_TURNS = 6
PIN_ATTACK = 2
PIN_TURNS = 6
DUST_TURNS = 4
MEND_BASE = 5
MEND_SHARE = 5
"""Mend heals MEND_BASE + max HP // MEND_SHARE; Greater mend adds max HP // GREATER_SHARE."""
GREATER_SHARE = 8
GREATER_COOLDOWN = 30
SMITE_DICE = "2d8"
WARD_TURNS = 8
"""Ward: +combat.WARD_AC armour class (the hero's condition combat.WARDED) this many turns."""

Feat = Callable[[Game, Point | None], str | None]
"""Does the talent (None) or says why it cannot (a reason, nothing changed)."""


def use(game: Game, key: str, target: Point | None) -> Result:
    """Use active talent `key` (the legal set has checked the hero knows it) at `target`."""
    talent = talents()[key]
    left = cooldown_left(game, key)
    if left:
        return Impossible(f"{talent.name} is not ready: {left} more turn{'s' * (left != 1)}.")
    reason = FEATS[key](game, target)
    if reason:
        return Impossible(reason)
    cooldown = talent.cooldown
    if key == "mend" and knows(game.hero, "greater_mend"):
        cooldown = GREATER_COOLDOWN
    game.player.cooldowns[key] = cooldown
    return Success()


def adjacent_foes(game: Game) -> list[Actor]:
    """The living foes beside the hero (no ally, no captive), in id order."""
    here = game.player.pos
    return sorted((m for m in game.floor.monsters
                   if m.alive and m.hostile and king_distance(m.pos, here) == 1),
                  key=lambda m: m.id)


def _cleave(game: Game, target: Point | None) -> str | None:
    foes = adjacent_foes(game)
    if not foes:
        return "There is no foe beside you to cleave."
    game.log(f"You swing wide at {len(foes)} foe{'s' * (len(foes) != 1)}!", MessageKind.COMBAT)
    for foe in foes:
        if foe.alive and not game.outcome:
            combat.strike(game, game.player, foe)
    return None


def _battle_cry(game: Game, target: Point | None) -> str | None:
    floor, here = game.floor, game.player.pos
    afraid = [m for m in sorted(floor.monsters, key=lambda m: m.id)
              if m.alive and m.hostile and floor.visible[m.y, m.x] and m.part != "boss"
              and king_distance(m.pos, here) <= CRY_RANGE]
    if not afraid:
        return "No foe you can see is near enough to hear your cry."
    for monster in afraid:
        monster.mode = Mode.FLEE
        monster.effects["afraid"] = CRY_TURNS
    game.log(f"You roar a battle cry: {len(afraid)} foe{'s' * (len(afraid) != 1)} turn"
             f"{'s' * (len(afraid) == 1)} to flee!", MessageKind.COMBAT)
    return None


def bow_ready(game: Game) -> str | None:
    """Why the worn launcher cannot shoot now (None: it can)."""
    bow = missiles.launcher(game)
    if bow is None:
        return "You need a worn sling or bow."
    chosen = missiles.readied(game)
    if isinstance(chosen, str) or chosen[0].kind != bow.ammo:
        return f"You have no ammunition for the {bow.name}."
    return None


def _aim(game: Game, target: Point | None) -> tuple[Point, Actor | None] | str:
    """A shot's aim point and the creature first on its line (None: it flies on)."""
    if target is None or target == game.player.pos:
        return "Choose a target for the shot."
    problem = bow_ready(game)
    if problem:
        return problem
    chosen = missiles.readied(game)
    assert not isinstance(chosen, str)
    reach = chosen[1].reach
    if king_distance(target, game.player.pos) > reach:
        return f"That is out of range: the {chosen[1].name} reaches {reach}."
    return target, combat.first_in_line(game, combat.line_of_fire(
        game, game.player.pos, target, reach))


def _pinning_shot(game: Game, target: Point | None) -> str | None:
    aimed = _aim(game, target)
    if isinstance(aimed, str):
        return aimed
    point, victim = aimed
    before = victim.hp if victim is not None else 0
    chosen = missiles.readied(game)
    assert not isinstance(chosen, str)
    item, missile = chosen
    missiles.loose(game, item, replace(missile, attack=missile.attack + PIN_ATTACK), point)
    if victim is not None and victim.alive and victim.hp < before and victim is not game.player:
        victim.effects["slowed"] = PIN_TURNS
        game.log(f"The {victim.name} is pinned and slowed.", MessageKind.COMBAT)
    return None


def _double_shot(game: Game, target: Point | None) -> str | None:
    aimed = _aim(game, target)
    if isinstance(aimed, str):
        return aimed
    for _ in range(2):
        if game.outcome or bow_ready(game):
            break
        missiles.fire(game, aimed[0])
    return None


def tumble_reason(game: Game, target: Point) -> str | None:
    """Why the hero cannot tumble to `target` (None: it can): a free square in sight within
    TUMBLE_RANGE, no wall or closed door on the way (creatures are leapt over)."""
    floor, here = game.floor, game.player.pos
    distance = king_distance(target, here)
    if not 1 <= distance <= TUMBLE_RANGE:
        return f"You can tumble 1 to {TUMBLE_RANGE} squares."
    if not floor.in_bounds(*target) or not floor.visible[target[1], target[0]]:
        return "You can only tumble to a square you see."
    walkable, clear = floor.walkable(), floor.transparent()
    for x, y in combat.line(here, target, distance):
        if not (walkable[y, x] and clear[y, x]):
            return "Something solid is in the way."
    if floor.monster_at(*target) is not None:
        return "Someone stands there."
    return None


def _tumble(game: Game, target: Point | None) -> str | None:
    if target is None:
        return "Choose where to tumble."
    reason = tumble_reason(game, target)
    if reason:
        return reason
    game.floor.relocate(game.player, *target)
    game.log("You tumble away.", MessageKind.COMBAT)
    arrive(game, game.player)
    return None


def _blinding_dust(game: Game, target: Point | None) -> str | None:
    foes = adjacent_foes(game)
    if not foes:
        return "There is no foe beside you to blind."
    for foe in foes:
        foe.effects["confused"] = DUST_TURNS
        rouse(game, foe)
    game.log(f"You throw dust in {len(foes)} pair{'s' * (len(foes) != 1)} of eyes: they"
             f" stagger about.", MessageKind.COMBAT)
    return None


def mend_amount(game: Game) -> int:
    """What Mend heals at most (before the missing hit points cap it)."""
    player = game.player
    amount = MEND_BASE + player.max_hp // MEND_SHARE
    if knows(game.hero, "greater_mend"):
        amount += player.max_hp // GREATER_SHARE
    return amount


def _mend(game: Game, target: Point | None) -> str | None:
    player = game.player
    if player.hp >= player.max_hp:
        return "You are already at full health."
    healed = min(player.max_hp - player.hp, mend_amount(game))
    player.hp += healed
    game.log(f"You pray, and your wounds close (+{healed} HP).", MessageKind.BOON)
    return None


def _smite(game: Game, target: Point | None) -> str | None:
    foes = adjacent_foes(game)
    if target is not None:
        foes = [m for m in foes if m.pos == target]
    if not foes:
        return "There is no foe beside you to smite."
    victim = min(foes, key=lambda m: (m.hp, m.id))
    combat.magic_hit(game, victim, f"{SMITE_DICE}+{game.hero.level}", "Your smite",
                     MessageKind.COMBAT)
    return None


def _ward(game: Game, target: Point | None) -> str | None:
    game.player.effects[combat.WARDED] = WARD_TURNS
    game.log(f"A ward settles over you (+{combat.WARD_AC} armour class).", MessageKind.BOON)
    return None


FEATS: dict[str, Feat] = {
    "cleave": _cleave, "battle_cry": _battle_cry, "pinning_shot": _pinning_shot,
    "double_shot": _double_shot, "tumble": _tumble, "blinding_dust": _blinding_dust,
    "mend": _mend, "smite": _smite, "ward": _ward,
}
"""Active talent key -> what it does (tests check every active talent of the file has one)."""

TARGETED = ("pinning_shot", "double_shot", "tumble")
"""The actives aimed at a square; the others act where the hero stands (smite: the weakest foe
beside the hero unless one is named)."""
