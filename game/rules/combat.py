"""d20 combat: an attack roll against armour class, damage dice, death and experience."""

from __future__ import annotations

from game.floorplan import Point
from game.rules import gear, morale, progress
from game.rules.noise import make_noise
from game.world.kinds import MessageKind, Mode, Outcome
from game.world.model import PLAYER_ID, Actor, Game

COMBAT_NOISE = 8
BOLSTER_BONUS = 2
COVER_BONUS = 2
"""To-hit lost by a shot at someone beside a feature that gives cover."""
LONG_RANGE = 2
"""Every full LONG_RANGE tiles between a shooter and its target cost 2 to hit (-2 at 2-3 tiles,
-6 at 6): a shot from across a room lands only on a lucky roll, so shooters must come close,
where the hero can reach them, to be deadly; round a corner they cannot shoot at all."""
QUICK_PENALTY = 4
"""To-hit lost by the second blow of a quick weapon."""
MONSTER_DAMAGE_PERCENT = 100
"""Share of the bestiary's damage a monster deals: all of it. The lone hero's potions (a share of
maximum HP each) and rest stand in for a party's healer; this is the knob if that proves wrong."""


def attack_bonus(game: Game, actor: Actor) -> int:
    bonus = actor.attack + (BOLSTER_BONUS if "bolstered" in actor.effects else 0)
    if actor.id == PLAYER_ID:
        bonus += gear.total(game.hero, "attack")
    return bonus


def armour_class(game: Game, actor: Actor) -> int:
    ac = actor.ac
    if actor.id == PLAYER_ID:
        ac += gear.total(game.hero, "ac")
    return ac


def range_penalty(attacker: Actor, defender: Actor) -> int:
    """Shots from farther off are harder: -2 for every full LONG_RANGE tiles of distance."""
    distance = max(abs(attacker.x - defender.x), abs(attacker.y - defender.y))
    return 2 * (distance // LONG_RANGE)


def cover(game: Game, defender: Actor) -> int:
    """A defender on or next to a feature that gives cover (a barrel, a pillar, a table) is
    harder to shoot."""
    features = game.floor.features
    near = ((defender.x + dx, defender.y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    return COVER_BONUS if any(
        p in features and features[p].effect == "cover" for p in near) else 0


def damage_roll(game: Game, actor: Actor, critical: bool) -> int:
    """The actor's damage dice (the wielded weapon's for the player), twice on a critical."""
    dice = actor.damage
    bonus = 0
    if actor.id == PLAYER_ID:
        dice = gear.weapon_dice(game.hero) or dice
        bonus = game.hero.strength + gear.total(game.hero, "strength")
    rolls = 2 if critical else 1
    total = sum(game.rng.roll(dice) for _ in range(rolls)) + bonus
    if actor.id != PLAYER_ID:
        total = total * MONSTER_DAMAGE_PERCENT // 100
    return max(1, total)


def attack(game: Game, attacker: Actor, defender: Actor, ranged: bool = False) -> None:
    """One attack. The hero's weapon may add blows: a quick one strikes the target again, a
    sweeping one strikes every other monster beside the hero too (in id order)."""
    strike(game, attacker, defender, ranged)
    wielded = gear.weapon(game.hero) if attacker.id == PLAYER_ID and not ranged else None
    if wielded is None:
        return
    if wielded.quick and defender.alive and not game.outcome:
        strike(game, attacker, defender, penalty=QUICK_PENALTY)
    if wielded.sweep:
        beside = sorted((m for m in game.floor.monsters if m.id != defender.id and m.alive
                         and max(abs(m.x - attacker.x), abs(m.y - attacker.y)) == 1),
                        key=lambda m: m.id)
        for other in beside:
            if other.alive and not game.outcome:
                strike(game, attacker, other)


def strike(game: Game, attacker: Actor, defender: Actor, ranged: bool = False,
           penalty: int = 0) -> None:
    """Roll d20 + bonus against AC: a natural 1 misses, a natural 20 hits and doubles the dice.
    The hero's weapon may pierce: it ignores that much of the defender's armour class."""
    natural = game.rng.randint(1, 20)
    bonus = attack_bonus(game, attacker) - penalty
    if ranged:
        bonus -= range_penalty(attacker, defender) + cover(game, defender)
    defence = armour_class(game, defender)
    if attacker.id == PLAYER_ID and not ranged:
        wielded = gear.weapon(game.hero)
        defence -= wielded.pierce if wielded is not None else 0
    hit = natural == 20 or (natural != 1 and natural + bonus >= defence)
    make_noise(game, attacker.pos, COMBAT_NOISE)
    if not hit:
        game.log(f"{_name(attacker, True)} {_miss(attacker)} {_name(defender, False)}.",
                 MessageKind.FUTILE)
        return
    damage = damage_roll(game, attacker, critical=natural == 20)
    defender.hp -= damage
    kind = MessageKind.HURT if defender.id == PLAYER_ID else MessageKind.HIT
    crit = " hard" if natural == 20 else ""
    verb = ("shoot" if ranged else "hit") + ("" if attacker.id == PLAYER_ID else "s")
    game.log(f"{_name(attacker, True)} {verb} {_name(defender, False)}{crit} for {damage}.", kind)
    if defender.hp <= 0:
        die(game, defender, attacker)
    elif defender.id != PLAYER_ID and defender.mode == Mode.ASLEEP:
        defender.mode = Mode.HUNT


def magic_hit(game: Game, victim: Actor, dice: str, source: str, kind: MessageKind) -> None:
    """A spell or a wand's bolt that never misses: `source` ("Lightning") strikes `victim` for
    `dice`; the hero gets the experience of a kill, and a sleeping victim wakes as from a blow."""
    damage = game.rng.roll(dice)
    victim.hp -= damage
    game.log(f"{source} strikes the {victim.name} for {damage}!", kind)
    if victim.hp <= 0:
        die(game, victim, game.player)
    elif victim.mode in (Mode.ASLEEP, Mode.WANDER, Mode.GUARD):
        victim.mode = Mode.HUNT


def reach_target(game: Game, pos: Point) -> Actor | None:
    """The monster the hero sees at `pos`, past the next square but within its weapon's reach
    (a spear's 2): what a click or the look cursor there attacks. None for anything else."""
    floor, player = game.floor, game.player
    distance = max(abs(pos[0] - player.x), abs(pos[1] - player.y))
    found = floor.monster_at(*pos) if floor.in_bounds(*pos) else None
    if found is None or not floor.visible[pos[1], pos[0]]:
        return None
    return found if 1 < distance <= gear.melee_reach(game.hero) else None


def die(game: Game, victim: Actor, killer: Actor | None, cause: str = "") -> None:
    """Remove a dead monster (experience to the player) or end the run."""
    victim.hp = min(victim.hp, 0)
    if victim.id == PLAYER_ID:
        game.outcome = Outcome.DEAD
        game.cause = cause or (f"killed by {killer.name}" if killer else "died")
        game.log("You die...", MessageKind.DEATH)
        return
    game.floor.monsters = [m for m in game.floor.monsters if m.id != victim.id]
    game.log(f"{_name(victim, True)} dies.", MessageKind.FOE_BEATEN)
    morale.after_death(game, victim)
    if killer is not None and killer.id == PLAYER_ID:
        progress.gain_xp(game, victim.xp)


def _name(actor: Actor, start: bool) -> str:
    if actor.id == PLAYER_ID:
        return "You" if start else "you"
    return f"{'The' if start else 'the'} {actor.name}"


def _miss(actor: Actor) -> str:
    return "miss" if actor.id == PLAYER_ID else "misses"
