"""d20 combat: an attack roll against armour class, damage dice, death and experience; and the one
rule of shots and throws (`shoot`), for monsters and the hero alike: the line of fire, the first
creature on it, range penalty and cover."""

from __future__ import annotations

from dataclasses import dataclass

from game.floorplan import Point, king_distance, king_length
from game.rules import abilities, gear, morale, progress, talents
from game.rules.noise import make_noise, rouse
from game.words import article
from game.world.kinds import RESTING, MessageKind, Mode, Outcome
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
FLANK_BONUS = 2
"""To-hit gained by a blow at a foe with an ally of the attacker beside it on the far side
(more than a right angle round from the attacker): the foe cannot face both."""
HIDDEN_BONUS = 4
"""To-hit gained by an attack the target cannot see coming: the hero's at a sleeping or unaware
monster, a monster's from outside the hero's sight (never from the hero's side: that one is
felt). The hero's hidden blow in melee (a sneak attack) also rolls its dice twice, as a critical
does."""
HAMPERED_PENALTY = 2
"""Armour class lost while webbed, slowed or confused: a hampered creature cannot dodge."""
HAMPERING = ("webbed", "slowed", "confused")
"""The conditions that hamper (game.ai.tactics reads them too: its strikers' signal)."""
HOME_BONUS = 2
"""Armour class of a den's beast or a lair's boss on its home ground (within HOME_RANGE of its
den): it knows every rock of it. The beast gains as much to hit there (the boss does not: the
last fight is hard enough)."""
HOME_RANGE = 8
"""Its home ground: as far as its leash (game.ai.tactics.LEASH) lets it chase."""
SHIELD_BONUS = 2
"""Armour class of a troop or a battle line's melee member with a comrade of the same part
beside it: shields locked, it cannot be got at from that side."""
COMMAND_BONUS = 2
"""Damage added to a troop's blow within COMMAND_RANGE of its commander (or boss): it strikes
where it is told."""
COMMAND_RANGE = 3
OPENING_BONUS = 2
"""To-hit of a battlefield controller's striker at a hampered foe (the opening it waited for);
such a blow in melee also rolls its damage dice twice."""
WARD_AC = 4
"""Armour class the hero's Ward talent gives while it holds (game.rules.feats)."""
WARDED = "warded"
MONSTER_DAMAGE_PERCENT = 100
"""Share of the bestiary's damage a monster deals: all of it. The lone hero's potions (a share of
maximum HP each) and rest stand in for a party's healer; this is the knob if that proves wrong."""


@dataclass(frozen=True, slots=True)
class Missile:
    """What flies: its damage dice ("" for the shooter's own), its to-hit bonus (for the hero
    in place of the melee weapon's), how far it goes, what the log calls it ("" for a monster's
    own shot) and whether the hero's strength adds to its damage."""

    reach: int
    dice: str = ""
    attack: int = 0
    name: str = ""
    strength: bool = True


def attack_bonus(game: Game, actor: Actor, missile: Missile | None = None) -> int:
    bonus = actor.attack + (BOLSTER_BONUS if "bolstered" in actor.effects else 0)
    bonus -= abilities.FEAR_PENALTY if "afraid" in actor.effects else 0
    if actor.id == PLAYER_ID:
        bonus += missile.attack if missile is not None else gear.total(game.hero, "attack")
    return bonus


def armour_class(game: Game, actor: Actor) -> int:
    ac = actor.ac - (HAMPERED_PENALTY if hampered(actor) else 0)
    if actor.part:
        ac += (HOME_BONUS if home_ground(actor) else 0) + (
            SHIELD_BONUS if shield_wall(game, actor) else 0)
    if actor.id == PLAYER_ID:
        ac += gear.total(game.hero, "ac")
        ac += WARD_AC if actor.effects and WARDED in actor.effects else 0
    return ac


def range_penalty(attacker: Actor, defender: Actor) -> int:
    """Shots from farther off are harder: -2 for every full LONG_RANGE tiles of distance."""
    return 2 * (king_distance(attacker.pos, defender.pos) // LONG_RANGE)


def hampered(actor: Actor) -> bool:
    """Webbed, slowed or confused (HAMPERING)."""
    effects = actor.effects
    return bool(effects) and any(name in effects for name in HAMPERING)


def home_ground(actor: Actor) -> bool:
    """A beast or a boss within HOME_RANGE of its den."""
    home = actor.home
    return (actor.part in ("beast", "boss") and home is not None
            and king_distance(actor.pos, home) <= HOME_RANGE)


def shield_wall(game: Game, actor: Actor) -> bool:
    """A troop (or a battle line's melee member) with one of its band's same part beside it."""
    if actor.part not in ("troop", "melee"):
        return False
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            other = game.floor.monster_at(actor.x + dx, actor.y + dy)
            if (other is not None and other is not actor and other.group == actor.group
                    and other.part == actor.part):
                return True
    return False


def hidden(game: Game, attacker: Actor, defender: Actor) -> bool:
    """The defender cannot see the attack coming: the hero strikes a monster that has not yet
    noticed anyone (asleep, wandering or guarding), or a monster attacks from a square outside
    the hero's sight (sight is symmetric: game.ai.monsters.sees_player)."""
    if attacker.id == PLAYER_ID:
        return defender.mode in RESTING
    if defender.id == PLAYER_ID:  # one at the hero's side is felt, seen or not
        return (king_distance(attacker.pos, defender.pos) > 1
                and not game.floor.visible[attacker.y, attacker.x])
    return False


def flanked(game: Game, attacker: Actor, defender: Actor) -> bool:
    """An ally of the attacker stands beside the defender on the far side from the attacker
    (more than a right angle round): the monsters are the hero's foes, each other's allies; the
    hero has no allies yet."""
    if attacker.id == PLAYER_ID or defender.id != PLAYER_ID:
        return False
    ax, ay = attacker.x - defender.x, attacker.y - defender.y
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            if dx * ax + dy * ay >= 0:
                continue  # not on the far side (and not the defender's own square)
            ally = game.floor.monster_at(defender.x + dx, defender.y + dy)
            if (ally is not None and ally.mode == Mode.HUNT and ally.id != attacker.id
                    and ally.hostile):
                return True
    return False


def to_hit(game: Game, attacker: Actor, defender: Actor, missile: Missile | None) -> int:
    """The bonus added to the d20: a shot loses range penalty and cover; a blow from a flank
    and any attack its target cannot see gain."""
    bonus = attack_bonus(game, attacker, missile)
    if missile is not None:
        bonus -= range_penalty(attacker, defender) + cover(game, defender)
    elif flanked(game, attacker, defender):
        bonus += FLANK_BONUS
    if hidden(game, attacker, defender):
        bonus += HIDDEN_BONUS
    if attacker.part == "beast" and home_ground(attacker):
        bonus += HOME_BONUS
    if opening(attacker, defender):
        bonus += OPENING_BONUS
    if attacker.id == PLAYER_ID and hampered(defender):
        bonus += talents.bonus(game.hero, "hampered_attack")
    return bonus


def commanded(game: Game, troop: Actor) -> bool:
    """A troop with its commander (or boss) alive within COMMAND_RANGE."""
    return any(m.group == troop.group and m.part in ("commander", "boss") and m.alive
               and king_distance(m.pos, troop.pos) <= COMMAND_RANGE for m in game.floor.monsters)


def opening(attacker: Actor, defender: Actor) -> bool:
    """A striker's blow at a hampered foe: what it waited for."""
    return attacker.part == "striker" and hampered(defender)


def defence(game: Game, attacker: Actor, defender: Actor, missile: Missile | None) -> int:
    """The armour class an attack must reach: the hero's melee weapon may pierce, ignoring that
    much of it (a shot never does)."""
    wielded = gear.weapon(game.hero) if attacker.id == PLAYER_ID and missile is None else None
    dodged = talents.bonus(game.hero, "missile_ac") if missile and defender.id == PLAYER_ID else 0
    return armour_class(game, defender) - (wielded.pierce if wielded is not None else 0) + dodged


def hit_chance(game: Game, attacker: Actor, defender: Actor, missile: Missile | None) -> int:
    """Percent chance that the attack hits (a natural 20 always does, a natural 1 never)."""
    needed = defence(game, attacker, defender, missile) - to_hit(game, attacker, defender, missile)
    return 5 * max(1, min(19, 21 - needed))


def line_of_fire(game: Game, start: Point, goal: Point, reach: int) -> list[Point]:
    """The squares a missile crosses from `start` (excluded) toward `goal`: a straight `line`
    that ends at the goal, after `reach` squares, or before the first square that blocks sight
    (a wall, a closed door, an opaque feature). A wand's bolt flies the same way, and a long
    weapon reaches a creature only if the squares before it let a missile through."""
    clear = game.floor.transparent()
    path: list[Point] = []
    for point in line(start, goal, min(reach, king_distance(start, goal))):
        if not game.floor.in_bounds(*point) or not clear[point[1], point[0]]:
            break
        path.append(point)
    return path


def line(start: Point, toward: Point, length: int) -> list[Point]:
    """The squares from `start` (not included) toward `toward` and on past it, `length` steps
    of Bresenham's line (integer arithmetic only, the same on every machine). The first steps
    are the same for any length, so a line cut short at its aim point ends there."""
    (x0, y0), (x1, y1) = start, toward
    dx, dy = x1 - x0, y1 - y0
    if (dx, dy) == (0, 0):
        return []
    scale = length // king_length(dx, dy) + 1  # stretch the line so it runs `length` steps
    dx, dy = dx * scale, dy * scale
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    dx, dy = abs(dx), -abs(dy)
    error, x, y = dx + dy, x0, y0
    points: list[Point] = []
    while len(points) < length:
        double = 2 * error
        if double >= dy:
            error += dy
            x += sx
        if double <= dx:
            error += dx
            y += sy
        points.append((x, y))
    return points


def first_in_line(game: Game, path: list[Point]) -> Actor | None:
    """The first creature on a line of fire: the one that takes the shot."""
    for x, y in path:
        found = game.player if game.player.pos == (x, y) else game.floor.monster_at(x, y)
        if found is not None:
            return found
    return None


def shoot(game: Game, shooter: Actor, goal: Point, missile: Missile) -> Point:
    """A shot or a throw toward `goal`: the first creature on the line of fire takes it (an
    attack roll with range penalty and cover). Returns where the missile comes down: where it
    struck, else the end of its flight."""
    path = line_of_fire(game, shooter.pos, goal, missile.reach)
    victim = first_in_line(game, path)
    if victim is not None:
        struck = victim.pos
        attack(game, shooter, victim, missile)
        return struck
    make_noise(game, shooter.pos, COMBAT_NOISE)
    if missile.name:
        game.log(f"The {missile.name} hits nothing.", MessageKind.COMBAT)
    return path[-1] if path else shooter.pos


def cover(game: Game, defender: Actor) -> int:
    """A defender on or next to a feature that gives cover (a barrel, a pillar, a table) is
    harder to shoot."""
    features = game.floor.features
    near = ((defender.x + dx, defender.y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    return COVER_BONUS if any(
        p in features and features[p].effect == "cover" for p in near) else 0


def damage_roll(game: Game, actor: Actor, critical: bool, missile: Missile | None = None) -> int:
    """The actor's damage dice (the wielded weapon's or the missile's for the player), twice on a
    critical."""
    dice = actor.damage
    bonus = 0
    if actor.id == PLAYER_ID:
        dice = (missile.dice if missile is not None else "") or gear.weapon_dice(game.hero) or dice
        strength = game.hero.strength + gear.total(game.hero, "strength")
        bonus = strength if missile is None or missile.strength else 0
        bonus += talents.bonus(game.hero, "melee_damage" if missile is None else "missile_damage")
    rolls = 2 if critical else 1
    if actor.part == "troop" and commanded(game, actor):
        bonus += COMMAND_BONUS
    total = sum(game.rng.roll(dice) for _ in range(rolls)) + bonus
    if actor.id != PLAYER_ID:
        total = total * MONSTER_DAMAGE_PERCENT // 100
    return max(1, total)


def attack(game: Game, attacker: Actor, defender: Actor, missile: Missile | None = None) -> None:
    """One attack; with a missile it is a shot (call it through `shoot`). In melee the hero's
    weapon may add blows: a quick one strikes the target again, a sweeping one strikes every other
    monster beside the hero too (in id order)."""
    strike(game, attacker, defender, missile)
    wielded = gear.weapon(game.hero) if attacker.id == PLAYER_ID and missile is None else None
    if wielded is None:
        return
    if wielded.quick and defender.alive and not game.outcome:
        strike(game, attacker, defender, penalty=QUICK_PENALTY)
    if wielded.sweep:
        beside = sorted((m for m in game.floor.monsters if m.id != defender.id and m.alive
                         and m.hostile and king_distance(m.pos, attacker.pos) == 1),
                        key=lambda m: m.id)
        for other in beside:
            if other.alive and not game.outcome:
                strike(game, attacker, other)


def strike(game: Game, attacker: Actor, defender: Actor, missile: Missile | None = None,
           penalty: int = 0) -> None:
    """One blow or shot: d20 + bonus against the defence, a natural 1 misses, a natural 20 hits
    and doubles the dice."""
    natural = game.rng.randint(1, 20)
    bonus = to_hit(game, attacker, defender, missile) - penalty
    sneak = missile is None and (opening(attacker, defender) or (
        attacker.id == PLAYER_ID and hidden(game, attacker, defender)))
    hit = natural == 20 or (natural != 1 and natural + bonus >= defence(game, attacker, defender,
                                                                        missile))
    make_noise(game, attacker.pos, COMBAT_NOISE)
    named = missile is not None and missile.name
    if not hit:
        who = f"The {missile.name}" if missile is not None and named else _name(attacker, True)
        miss = "misses" if named else _miss(attacker)
        game.log(f"{who} {miss} {_name(defender, False)}.", MessageKind.COMBAT)
        if attacker.id == PLAYER_ID:
            rouse(game, defender)
        return
    damage = damage_roll(game, attacker, natural == 20 or sneak, missile)
    if sneak and attacker.id == PLAYER_ID:
        damage += talents.bonus(game.hero, "sneak_damage")
    defender.hp -= damage
    kind = MessageKind.HURT if defender.id == PLAYER_ID else MessageKind.COMBAT
    crit = " hard" if natural == 20 or sneak else ""
    if missile is not None and named:
        subject = f"The {missile.name} hits"
    else:
        verb = ("shoot" if missile is not None else "hit")
        subject = f"{_name(attacker, True)} {verb}{'' if attacker.id == PLAYER_ID else 's'}"
    game.log(f"{subject} {_name(defender, False)}{crit} for {damage}.", kind)
    abilities.after_hit(game, attacker, defender, damage)
    if defender.hp <= 0:
        die(game, defender, attacker)
    elif attacker.id == PLAYER_ID:
        rouse(game, defender)
    elif defender.id != PLAYER_ID and defender.mode == Mode.ASLEEP:
        defender.mode = Mode.HUNT


def magic_hit(game: Game, victim: Actor, dice: str, source: str, kind: MessageKind,
              extra: int = 0) -> None:
    """A spell or a wand's bolt that never misses: `source` ("Lightning") strikes `victim` for
    `dice` (+ `extra`: the hero's Arcane focus); the hero gets the experience of a kill, and a
    sleeping victim wakes as from a blow."""
    damage = game.rng.roll(dice) + extra
    victim.hp -= damage
    game.log(f"{source} strikes the {victim.name} for {damage}!", kind)
    if victim.hp <= 0:
        die(game, victim, game.player)
    else:
        rouse(game, victim)


def reach_target(game: Game, pos: Point) -> Actor | None:
    """The monster the hero sees at `pos`, past the next square but within its weapon's reach
    (a spear's 2): what a click or the look cursor there attacks. None for anything else."""
    floor, player = game.floor, game.player
    distance = king_distance(pos, player.pos)
    found = floor.monster_at(*pos) if floor.in_bounds(*pos) else None
    if found is None or not floor.visible[pos[1], pos[0]]:
        return None
    return found if 1 < distance <= gear.melee_reach(game.hero) else None


def die(game: Game, victim: Actor, killer: Actor | None, cause: str = "") -> None:
    """Remove a dead monster (experience to the player) or end the run."""
    victim.hp = min(victim.hp, 0)
    if victim.id == PLAYER_ID:
        game.outcome = Outcome.DEAD
        game.cause = cause or (f"killed by {article(killer.name)}" if killer else "died")
        game.log("You die...", MessageKind.DEATH)
        return
    game.floor.monsters = [m for m in game.floor.monsters if m.id != victim.id]
    abilities.on_death(game, victim)
    if victim.ally:  # the hero's own: told as a loss (game.rules.allies)
        game.log(f"Your ally, the {victim.name}, dies!", MessageKind.DANGER)
        return
    game.log(f"{_name(victim, True)} dies.", MessageKind.COMBAT)
    morale.after_death(game, victim)
    if killer is not None and (killer.id == PLAYER_ID or killer.ally):
        progress.gain_xp(game, victim.xp)  # an ally's kill is the hero's (game.rules.allies)


def _name(actor: Actor, start: bool) -> str:
    if actor.id == PLAYER_ID:
        return "You" if start else "you"
    return f"{'The' if start else 'the'} {actor.name}"


def _miss(actor: Actor) -> str:
    return "miss" if actor.id == PLAYER_ID else "misses"
