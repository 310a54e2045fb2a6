"""Monster abilities: what each bestiary ability (assets/monsters.toml `abilities`) does, and when
it pays, in one place.

Three kinds of ability:
- used on the monster's turn, before its role behaviour, when it pays (`act`): breath, web,
  summon, steal, gaze, charge, blink, fear, heal, howl, heads. Each checks its own range, line of
  sight and cooldown (in turns, kept on the actor: `Actor.cooldowns`), so none is wasted;
- passive, every turn (`tick`): regenerate, and the cooldowns counting down;
- riding on a blow that lands (`after_hit`): poison, drain; and a thief's gold falls where it
  dies (`on_death`).
Conditions they leave on the hero live in its `effects` (poisoned, afraid, petrifying, webbed,
slowed) and wear off at the end of its turn (game.turns); `hero_turn` does what they do then.

Fairness: a breath is drawn a turn before it comes ("draws a deep breath"), so a hero who steps
out of its sight or range escapes it; a saving throw (d20 + half the hero's level + ward against
SAVE_DC + half the monster's attack bonus) halves a breath and resists a web, a gaze or fear.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Final

from game.content.bestiary import Ability, default_bestiary
from game.floorplan import Point, king_distance
from game.rules import combat, gear
from game.world import spawning
from game.world.kinds import MessageKind, Mode
from game.world.model import PLAYER_ID, Actor, Game, Item

SAVE_DC: Final = 10
"""A saving throw: d20 + half the hero's level + its ward >= SAVE_DC + half the attack bonus."""
CHARGE_BONUS: Final = 4
"""To hit added to the blow that ends a charge."""
FEAR_PENALTY: Final = 4
"""To hit an afraid hero loses (game.rules.combat.attack_bonus)."""
STONE_AT: Final = 10
"""Turns of petrifying past which the hero's limbs turn to stone: gazes that keep landing (a
hero who stays in the gazer's sight) build it up; each wears off a turn at a time."""
STONE_SHARE: Final = 4
"""Turning to stone costs a STONE_SHARE-th of the hero's maximum hit points."""
POISON_STEP: Final = 5
"""A poisoned hero loses 1 + (turns left // POISON_STEP) hit points a turn: strong at first."""
BREATH_WORDS: Final = {"fire": "fire", "poison": "poison gas", "cold": "frost",
                       "lightning": "lightning"}
SUMMON_NEAR: Final = 8
"""Summoned monsters of the kind within this many squares count toward the summoner's cap."""
HEAL_BELOW: Final = 0.6
"""A healer mends an ally (or itself) below this share of its hit points."""
AWAKE: Final = (Mode.ASLEEP, Mode.WANDER)


@cache
def _table() -> dict[str, tuple[Ability, ...]]:
    return {kind.key: kind.abilities for kind in default_bestiary().kinds}


def abilities_of(actor: Actor) -> tuple[Ability, ...]:
    """The actor's kind's abilities (none for the hero or a kind the bestiary lacks)."""
    return _table().get(actor.kind, ()) if actor.id != PLAYER_ID else ()


def ability(actor: Actor, use: str) -> Ability | None:
    return next((a for a in abilities_of(actor) if a.use == use), None)


def slowing(actor: Actor) -> bool:
    """Slowed, or stiffening under a gaze: monsters act twice for each of its turns."""
    return "slowed" in actor.effects or "petrifying" in actor.effects


def ready(actor: Actor, found: Ability) -> bool:
    return actor.cooldowns.get(found.use, 0) <= 0


def _spend(actor: Actor, found: Ability) -> None:
    if found.cooldown:
        actor.cooldowns[found.use] = found.cooldown


def sees_hero(game: Game, monster: Actor, within: int) -> bool:
    """The hero is in the monster's sight (sight is symmetric) and within `within` squares."""
    return bool(game.floor.visible[monster.y, monster.x]) and king_distance(
        monster.pos, game.player.pos) <= within


def saves(game: Game, monster: Actor) -> bool:
    """The hero's saving throw against the monster's ability."""
    roll = game.rng.randint(1, 20) + game.hero.level // 2 + gear.total(game.hero, "ward")
    return roll >= SAVE_DC + monster.attack // 2


def _seen(game: Game, actor: Actor) -> bool:
    return bool(game.floor.visible[actor.y, actor.x])


def _hurt_hero(game: Game, damage: int, cause: str, source: Actor | None) -> None:
    player = game.player
    player.hp -= damage
    if player.hp <= 0:
        combat.die(game, player, source, cause)


# --- every turn ---------------------------------------------------------------------------------


def tick(game: Game, monster: Actor) -> None:
    """A turn passes for the monster: cooldowns count down; a regenerator heals."""
    for name in sorted(monster.cooldowns):
        monster.cooldowns[name] -= 1
        if monster.cooldowns[name] <= 0:
            del monster.cooldowns[name]
    regen = ability(monster, "regenerate")
    if regen is not None and 0 < monster.hp < monster.max_hp:
        monster.hp = min(monster.max_hp, monster.hp + regen.amount)


def hero_turn(game: Game) -> None:
    """What the hero's conditions do at the end of its turn (before they wear off)."""
    player = game.player
    turns = player.effects.get("poisoned", 0)
    if turns > 0 and player.hp > 0:
        damage = 1 + turns // POISON_STEP
        game.log(f"The poison burns you for {damage}.", MessageKind.HURT)
        _hurt_hero(game, damage, "killed by poison", None)


# --- on a blow ----------------------------------------------------------------------------------


def after_hit(game: Game, attacker: Actor, defender: Actor, damage: int) -> None:
    """A blow landed: poison seeps in, a drainer drinks."""
    if attacker.id == PLAYER_ID or damage <= 0:
        return
    poison = ability(attacker, "poison")
    if poison is not None and defender.id == PLAYER_ID and defender.hp > 0:
        if defender.effects.get("poisoned", 0) < poison.turns:
            defender.effects["poisoned"] = poison.turns
        game.log(f"The {attacker.name}'s poison is in your blood!", MessageKind.HURT)
    drain = ability(attacker, "drain")
    if drain is not None and attacker.hp < attacker.max_hp:
        healed = min(attacker.max_hp - attacker.hp, max(1, damage * drain.percent // 100))
        attacker.hp += healed
        if _seen(game, attacker):
            game.log(f"The {attacker.name} drinks your life ({healed}).", MessageKind.HURT)


def on_death(game: Game, victim: Actor) -> None:
    """A thief drops the gold it stole where it falls."""
    if victim.carried > 0 and victim.id != PLAYER_ID:
        game.floor.items.append(Item(game.new_id(), "gold", victim.x, victim.y,
                                     amount=victim.carried))
        victim.carried = 0


# --- used on the monster's turn -----------------------------------------------------------------


def act(game: Game, monster: Actor) -> bool:
    """Use the first of the monster's abilities that pays now; True when its turn is spent."""
    for found in abilities_of(monster):
        use = USES.get(found.use)
        if use is not None and use(game, monster, found):
            return True
    return False


def _breath(game: Game, monster: Actor, found: Ability) -> bool:
    """Draw breath (the warning) when the cone or line toward the hero holds no other monster,
    then on the next turn breathe on everyone in it, if the hero is still in sight and range; a
    save halves it."""
    drawn = monster.effects.get("inhaling", 0)
    if drawn == 1:
        del monster.effects["inhaling"]
        if not sees_hero(game, monster, found.range):
            return False  # the hero stepped out of its sight: the breath is lost
        _breathe(game, monster, found)
        return True
    if drawn or not ready(monster, found) or not sees_hero(game, monster, found.range):
        return False
    area = breath_area(game, monster.pos, game.player.pos, found)
    if any(game.floor.monster_at(x, y) is not None for x, y in area):
        return False  # it does not breathe on its own kind: worth it only on the hero alone
    _spend(monster, found)
    monster.effects["inhaling"] = 2  # the end of this turn leaves 1: it breathes next turn
    game.log(f"The {monster.name} draws a deep breath!", MessageKind.DANGER)
    return True


def breath_area(game: Game, origin: Point, aim: Point, found: Ability) -> list[Point]:
    """The squares a breath covers: a line toward `aim`, or a cone (within 45 degrees of it)
    of squares the breather can see, `range` squares deep."""
    if found.shape == "line":
        return combat.line_of_fire(game, origin, aim, found.range)
    ax, ay = aim[0] - origin[0], aim[1] - origin[1]
    squares: list[Point] = []
    for y in range(origin[1] - found.range, origin[1] + found.range + 1):
        for x in range(origin[0] - found.range, origin[0] + found.range + 1):
            dx, dy = x - origin[0], y - origin[1]
            dot = dx * ax + dy * ay
            if (dx, dy) == (0, 0) or dot <= 0 or not game.floor.in_bounds(x, y):
                continue
            if 2 * dot * dot < (dx * dx + dy * dy) * (ax * ax + ay * ay):
                continue  # wider than 45 degrees from the aim
            path = combat.line_of_fire(game, origin, (x, y), found.range)
            if path and path[-1] == (x, y):
                squares.append((x, y))
    return squares


def _breathe(game: Game, monster: Actor, found: Ability) -> None:
    words = BREATH_WORDS.get(found.element, found.element)
    game.log(f"The {monster.name} breathes {words}!", MessageKind.DANGER)
    area = breath_area(game, monster.pos, game.player.pos, found)
    for x, y in area:
        victim = game.player if game.player.pos == (x, y) else game.floor.monster_at(x, y)
        if victim is None or victim is monster or not victim.alive or game.outcome:
            continue
        damage = game.rng.roll(found.damage)
        if victim.id == PLAYER_ID:
            if saves(game, monster):
                damage = max(1, damage // 2)
                game.log(f"You dodge half the {words}: {damage} damage.", MessageKind.HURT)
            else:
                game.log(f"The {words} engulfs you for {damage}!", MessageKind.HURT)
            _hurt_hero(game, damage, f"killed by the {monster.name}'s {words}", monster)
        else:
            victim.hp -= damage
            if victim.hp <= 0:
                combat.die(game, victim, monster)


def _web(game: Game, monster: Actor, found: Ability) -> bool:
    player = game.player
    if (not ready(monster, found) or "webbed" in player.effects
            or king_distance(monster.pos, player.pos) < 2
            or not sees_hero(game, monster, found.range)):
        return False
    _spend(monster, found)
    if saves(game, monster):
        game.log(f"The {monster.name} spits a web; you tear free.", MessageKind.DANGER)
    else:
        player.effects["webbed"] = found.turns
        game.log(f"The {monster.name} spits a web: you are webbed!", MessageKind.DANGER)
    return True


def _summon(game: Game, monster: Actor, found: Ability) -> bool:
    if not ready(monster, found) or not sees_hero(game, monster, found.range):
        return False
    around = sum(1 for m in game.floor.monsters if m.alive and m.kind == found.kind
                 and king_distance(m.pos, monster.pos) <= SUMMON_NEAR)
    if around >= 2 * found.count:
        return False  # its servants already stand about it
    _spend(monster, found)
    made = 0
    for _ in range(found.count):
        servant = spawning.spawn(game, game.floor, found.kind, monster.pos, group=monster.group)
        if servant is not None:
            servant.xp = 0  # raised, not earned: a summoner is no experience farm
            made += 1
    if made:
        game.log(f"The {monster.name} calls up {made} {servant_name(found, made)}!",
                 MessageKind.DANGER)
    return bool(made)


def servant_name(found: Ability, count: int) -> str:
    name = default_bestiary().get(found.kind).name.lower()
    return name if count == 1 else f"{name}s"


def _steal(game: Game, monster: Actor, found: Ability) -> bool:
    hero, player = game.hero, game.player
    if (monster.carried or hero.gold <= 0 or king_distance(monster.pos, player.pos) != 1
            or monster.mode == Mode.FLEE):
        return False
    if combat.hit_chance(game, monster, player, None) <= game.rng.below(100):
        game.log(f"The {monster.name} grabs at your purse and misses.", MessageKind.COMBAT)
        return True
    taken = min(hero.gold, 1 + game.rng.below(found.amount))
    hero.gold -= taken
    monster.carried = taken
    monster.mode = Mode.FLEE
    game.log(f"The {monster.name} snatches {taken} gold and runs!", MessageKind.DANGER)
    return True


def _gaze(game: Game, monster: Actor, found: Ability) -> bool:
    player = game.player
    if not ready(monster, found) or not sees_hero(game, monster, found.range):
        return False
    _spend(monster, found)
    if saves(game, monster):
        game.log(f"You avert your eyes from the {monster.name}'s gaze.", MessageKind.MAGIC)
        return True
    turns = player.effects.get("petrifying", 0) + found.turns
    if turns <= STONE_AT:
        player.effects["petrifying"] = turns
        game.log(f"The {monster.name}'s gaze meets yours: your limbs stiffen! Break its line"
                 f" of sight.", MessageKind.DANGER)
        return True
    player.effects.pop("petrifying", None)
    player.effects["slowed"] = found.turns
    damage = max(1, player.max_hp // STONE_SHARE)
    game.log(f"Your flesh turns to stone under the {monster.name}'s gaze! ({damage})",
             MessageKind.HURT)
    _hurt_hero(game, damage, f"turned to stone by the {monster.name}", monster)
    return True


def _charge(game: Game, monster: Actor, found: Ability) -> bool:
    """Rush along a clear straight line to the hero and strike with CHARGE_BONUS to hit."""
    player = game.player
    distance = king_distance(monster.pos, player.pos)
    if (not ready(monster, found) or distance < 2 or "webbed" in monster.effects
            or not sees_hero(game, monster, found.range)):
        return False
    path = combat.line_of_fire(game, monster.pos, player.pos, distance)
    if not path or path[-1] != player.pos:
        return False
    walk, floor = game.floor.walkable(), game.floor
    if any(not walk[y, x] or floor.monster_at(x, y) is not None for x, y in path[:-1]):
        return False
    _spend(monster, found)
    floor.relocate(monster, *path[-2])
    game.log(f"The {monster.name} charges!", MessageKind.DANGER)
    combat.strike(game, monster, player, penalty=-CHARGE_BONUS)
    return True


def _blink(game: Game, monster: Actor, found: Ability) -> bool:
    """A shooter blinks away from a hero beside it; a fighter blinks to the hero's side."""
    player = game.player
    distance = king_distance(monster.pos, player.pos)
    if not ready(monster, found) or not sees_hero(game, monster, found.range + 1):
        return False
    spots: list[Point]
    if monster.reach > 1:
        if distance > 1:
            return False
        spots = [p for p in spawning.free_tiles_near(game, game.floor, monster.pos, found.range)
                 if king_distance(p, player.pos) >= 3 and game.floor.visible[p[1], p[0]]]
    else:
        if distance <= 2:
            return False
        spots = [p for p in spawning.free_tiles_near(game, game.floor, player.pos, 1)
                 if king_distance(p, monster.pos) <= found.range]
    if not spots:
        return False
    _spend(monster, found)
    game.floor.relocate(monster, *spots[0])
    game.log(f"The {monster.name} blinks through the air!", MessageKind.DANGER)
    return True


def _fear(game: Game, monster: Actor, found: Ability) -> bool:
    player = game.player
    if (not ready(monster, found) or "afraid" in player.effects
            or not sees_hero(game, monster, found.range)):
        return False
    _spend(monster, found)
    if saves(game, monster):
        game.log(f"Dread rolls off the {monster.name}; you stand firm.", MessageKind.MAGIC)
        return False  # the aura costs it nothing: it fights on this turn
    player.effects["afraid"] = found.turns
    game.log(f"Dread rolls off the {monster.name}: you are afraid (-{FEAR_PENALTY} to hit)!",
             MessageKind.DANGER)
    return False


def _heal(game: Game, healer: Actor, found: Ability) -> bool:
    if not ready(healer, found):
        return False
    hurt = [m for m in game.floor.monsters if m.alive and m.hp < m.max_hp * HEAL_BELOW
            and king_distance(m.pos, healer.pos) <= found.range
            and (m.group == healer.group >= 0 or m is healer)]
    if not hurt:
        return False
    patient = min(hurt, key=lambda m: (m.hp * 1000 // m.max_hp, m.id))
    _spend(healer, found)
    mended = min(patient.max_hp - patient.hp, game.rng.roll(found.heal))
    patient.hp += mended
    if _seen(game, healer):
        who = "itself" if patient is healer else f"the {patient.name}"
        game.log(f"The {healer.name} mends {who} ({mended}).", MessageKind.DANGER)
    return True


def _howl(game: Game, monster: Actor, found: Ability) -> bool:
    if not ready(monster, found) or not sees_hero(game, monster, found.range):
        return False
    sleepers = [m for m in game.floor.monsters if m.alive and m.mode in AWAKE
                and king_distance(m.pos, monster.pos) <= found.range]
    if not sleepers:
        return False
    _spend(monster, found)
    for other in sleepers:
        other.mode = Mode.HUNT
    game.log(f"The {monster.name} howls: {len(sleepers)} answer the call!", MessageKind.DANGER)
    return True


def _heads(game: Game, monster: Actor, found: Ability) -> bool:
    player = game.player
    if king_distance(monster.pos, player.pos) != 1:
        return False
    for _ in range(found.count):
        if player.alive and not game.outcome:
            combat.strike(game, monster, player)
    return True


USES: Final[dict[str, Callable[[Game, Actor, Ability], bool]]] = {
    "breath": _breath, "web": _web, "summon": _summon, "steal": _steal, "gaze": _gaze,
    "charge": _charge, "blink": _blink, "fear": _fear, "heal": _heal, "howl": _howl,
    "heads": _heads,
}
"""The abilities used on a monster's turn (regenerate, poison and drain act on their own)."""
