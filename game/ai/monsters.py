"""Monster turns: sleep, wander, guard, hunt and flee, with behaviour by role.

Every monster reads the same per-turn Dijkstra maps (game.ai.maps); none builds its own
pathfinder. Monsters act in id order, so the same seed plays the same way in any process.

Roles (from the bestiary, used by the encounter templates):
- minion, soldier, brute: close in and fight hand to hand (minions swarm);
- artillery: keeps its distance and shoots;
- controller: keeps its distance and slows or confuses the player at range;
- leader: hangs back behind its troops and bolsters them;
- skirmisher: strikes, then steps back before striking again;
- solo: guards its den until disturbed, then hunts.
Any monster but a minion or solo flees when badly hurt.
"""

from __future__ import annotations

from operator import attrgetter

from game.ai import allies, tactics
from game.ai.maps import TurnMaps
from game.ai.steps import away, step, toward
from game.floorplan import king_distance
from game.pathing import STEPS, UNREACHED
from game.rules import abilities, combat, gear, stealth
from game.rules.actions import Success
from game.rules.features import MIRED, harmful
from game.world.dungeon import random_free_spot
from game.world.kinds import RESTING, MessageKind, Mode
from game.world.model import MAX_ENERGY, NORMAL_SPEED, Actor, Game

NOTICE_RANGE = 9
NOTICE_CHANCE = 0.35
"""The notice chance for a hero of stealth.BASELINE: a quiet turn in no stealthy or noisy gear,
away from lights."""
STEALTH_STEP = 0.08
"""Notice chance lost per point of the hero's stealth (gained per point below 0): plate (-4)
makes a sleeping monster notice the hero about twice as fast, a ring of stealth (+3) three
times slower."""
GUARD_RANGE = 6
FLEE_BELOW = 0.25
KEEP_AWAY = 3
BOLSTER_RANGE = 5
BOLSTER_TURNS = 3
SPELL_TURNS = 4
SPELL_RECHARGE = 16
"""Monster turns before a controller can cast again: a hex is a moment, not a prison. Monsters
act twice a turn while the hero is slowed, so a slow (SPELL_TURNS = 4 of the hero's turns)
uses half of this; one caster keeps the hero hexed at most about half the time."""
STAGGER_CHANCE = 0.5
"""A confused monster loses this share of its turns stumbling about, attacks included."""
STRIKERS_NEAR = tactics.STRIKE_RANGE + 1
"""A battlefield controller slows, rather than webs, a hero with a striker this near."""
HEX_DC = 10
"""A hex is resisted on d20 + half the hero's level >= HEX_DC + half the caster's attack bonus
(a goblin hexer's first hex is shrugged off about half the time)."""
GIVE_GROUND_TURNS = 3
"""After stepping back from the player, a shooter stands and fights hand to hand for this many
turns: it gives ground once, it does not run circles round a hero who chases it."""
RANGED_ROLES = ("artillery", "controller")
BY_ID = attrgetter("id")
"""Sort key of the turn order (a C getter: the sort runs over every monster every turn)."""


def take_turns(game: Game) -> None:
    """Every monster on the player's floor gains energy and acts while it has enough."""
    floor = game.floor
    maps: TurnMaps | None = None
    for monster in sorted(floor.monsters, key=BY_ID):
        if not monster.alive or game.outcome or game.floor is not floor or monster.captive:
            continue  # a captive in its shackles does nothing (game.rules.allies)
        abilities.tick(game, monster)
        speed = monster.speed // 2 if "slowed" in monster.effects else monster.speed
        if monster.effects and MIRED in monster.effects:
            speed = 0  # picking its way over rough ground
        monster.energy = min(monster.energy + speed, MAX_ENERGY)
        while monster.energy >= NORMAL_SPEED and monster.alive and not game.outcome:
            monster.energy -= NORMAL_SPEED
            if monster.ally:
                maps = maps or TurnMaps.for_turn(floor, game.player.pos)
                allies.act(game, monster, maps)
                continue
            if monster.mode in RESTING:
                _idle(game, monster)
                continue
            if maps is None:
                maps = TurnMaps.for_turn(floor, game.player.pos)
            _act(game, monster, maps)
        if monster.effects:
            _tick(monster)
        if monster.ally:
            allies.turn_over(game, monster)


def _tick(monster: Actor) -> None:
    for name in sorted(monster.effects):
        monster.effects[name] -= 1
        if monster.effects[name] <= 0:
            del monster.effects[name]
            healthy = monster.hp > monster.max_hp * FLEE_BELOW
            if name == "afraid" and monster.mode == Mode.FLEE and healthy:
                monster.mode = Mode.HUNT  # the scroll's terror passes; a wound's fear stays


def sees_player(game: Game, monster: Actor, within: int) -> bool:
    """Sight is symmetric: a monster on a tile the player sees can see the player."""
    player = game.player
    seen = bool(game.floor.visible[monster.y, monster.x])
    return seen and king_distance(monster.pos, player.pos) <= within


def _idle(game: Game, monster: Actor) -> None:
    if monster.mode == Mode.GUARD:
        if sees_player(game, monster, GUARD_RANGE):
            monster.mode = Mode.HUNT
            game.log(f"The {monster.name} rises to defend its den!", MessageKind.DANGER)
        return
    if sees_player(game, monster, NOTICE_RANGE) and game.rng.chance(notice_chance(game)):
        monster.mode = Mode.HUNT
        game.log(f"The {monster.name} notices you!", MessageKind.DANGER)
        return
    if monster.mode == Mode.WANDER:
        _wander(game, monster)


def notice_chance(game: Game) -> float:
    """The chance a turn that an idle monster in sight notices the hero, by the hero's stealth
    (game.rules.stealth: gear, sneaking, resting, light)."""
    above = stealth.stealth(game) - stealth.BASELINE
    return min(0.95, max(0.05, NOTICE_CHANCE - STEALTH_STEP * above))


def _wander(game: Game, monster: Actor) -> None:
    """Drift toward a goal; pick a new one on arrival or when stuck."""
    if monster.goal is None or monster.pos == monster.goal:
        monster.goal = random_free_spot(game, game.floor)
    gx, gy = monster.goal
    dx = (gx > monster.x) - (gx < monster.x)
    dy = (gy > monster.y) - (gy < monster.y)
    features = game.floor.features
    for way in ((dx, dy), (dx, 0), (0, dy)):
        spot = features.get((monster.x + way[0], monster.y + way[1])) if features else None
        if spot is not None and harmful(spot):
            continue  # it knows its floor's hazards
        if way != (0, 0) and isinstance(step(game, monster, way), Success):
            return
    monster.goal = None


def _act(game: Game, monster: Actor, maps: TurnMaps) -> None:
    if "confused" in monster.effects and game.rng.chance(STAGGER_CHANCE):
        _stagger(game, monster)
        return
    player = game.player
    distance = king_distance(monster.pos, player.pos)
    hurt = monster.hp <= monster.max_hp * FLEE_BELOW
    if hurt and monster.role not in ("minion", "solo") and monster.mode != Mode.FLEE:
        monster.mode = Mode.FLEE
        if game.floor.visible[monster.y, monster.x]:
            game.log(f"The {monster.name} turns to flee!", MessageKind.COMBAT)
    if monster.mode == Mode.FLEE:
        if not away(game, monster, maps) and distance == 1:
            combat.attack(game, monster, player)
        return
    if distance > 1 and maps.allied and _strike_ally(game, monster):
        return  # the hero's ally is beside it and the hero is not: it fights what it can reach
    if abilities.act(game, monster):
        return  # an ability of its own that pays now (game.rules.abilities)
    if monster.part and tactics.act(game, monster, maps, distance):
        return
    role = monster.role
    if role == "leader":
        _bolster(game, monster)
    if role in RANGED_ROLES and _ranged_turn(game, monster, distance, maps):
        return
    if role == "leader" and distance <= KEEP_AWAY and _has_troops(game, monster):
        backed = distance < KEEP_AWAY and away(game, monster, maps)
        if backed or distance > 1:
            return  # hold back behind the troops; fight only when cornered next to the player
    backing_off = role == "skirmisher" and "retreat" in monster.effects and distance <= 2
    if backing_off and away(game, monster, maps):
        return
    if distance == 1:
        combat.attack(game, monster, player)
        if role == "skirmisher":
            monster.effects["retreat"] = 2
        return
    if not toward(game, monster, maps):
        take_cover(game, monster, maps)


def _strike_ally(game: Game, monster: Actor) -> bool:
    """Strike an ally of the hero's beside the monster (the most hurt, then by id); True when
    it did."""
    floor = game.floor
    beside = [other for dx in (-1, 0, 1) for dy in (-1, 0, 1)
              if (other := floor.monster_at(monster.x + dx, monster.y + dy)) is not None
              and other.ally]
    if not beside:
        return False
    combat.attack(game, monster, min(beside, key=lambda m: (m.hp, m.id)))
    return True


def take_cover(game: Game, monster: Actor, maps: TurnMaps) -> bool:
    """A monster in the hero's sight with no walk to the hero (across a chasm, behind bars)
    does not stand there being shot: it steps out of sight, else away. True when it moved."""
    approach = maps.approach(monster.opens_doors)
    floor = game.floor
    if approach[monster.y, monster.x] < UNREACHED or not floor.visible[monster.y, monster.x]:
        return False
    occupied = floor.occupancy()
    walk = maps.plain
    for dx, dy in STEPS:
        x, y = monster.x + dx, monster.y + dy
        if (floor.in_bounds(x, y) and walk[y, x] and not floor.visible[y, x]
                and (x, y) not in occupied and (x, y) != game.player.pos):
            return isinstance(step(game, monster, (dx, dy)), Success)
    return away(game, monster, maps)


def _stagger(game: Game, monster: Actor) -> None:
    """A confused monster's lost turn: a step in a random direction (into a wall, nowhere; into
    the player, a wild swing)."""
    if game.floor.visible[monster.y, monster.x]:
        game.log(f"The {monster.name} stumbles about in confusion.", MessageKind.MAGIC)
    step(game, monster, STEPS[game.rng.below(len(STEPS))])


def _ranged_turn(game: Game, monster: Actor, distance: int, maps: TurnMaps) -> bool:
    """Shoot or cast when the player is in sight and range; give ground once when the player
    closes in, then stand."""
    if distance == 1 and "holding" not in monster.effects and away(game, monster, maps):
        monster.effects["holding"] = GIVE_GROUND_TURNS
        return True
    if distance <= 1 or not sees_player(game, monster, monster.reach):
        return False
    player = game.player
    hexed = tactics.hampered(player)
    if monster.role == "controller" and not hexed and "recharging" not in monster.effects:
        monster.effects["recharging"] = SPELL_RECHARGE
        _hex(game, monster)
        return True
    line = combat.line_of_fire(game, monster.pos, player.pos, monster.reach)
    if combat.first_in_line(game, line) is not player:
        return False  # a wall corner or another creature in the way: come on instead
    combat.shoot(game, monster, player.pos, combat.Missile(monster.reach))
    return True


def _hex(game: Game, caster: Actor) -> None:
    """Slow, confuse or web the player, who may resist (a saving throw that grows with level)."""
    # Battlefield control pins the hero for its strikers; other casters slow or confuse.
    effect = _hampering(game, caster)
    save = game.rng.randint(1, 20) + game.hero.level // 2 + gear.total(game.hero, "ward")
    if save >= HEX_DC + caster.attack // 2:
        game.log(f"The {caster.name} casts a spell, but you resist it.", MessageKind.MAGIC)
        return
    game.player.effects[effect] = SPELL_TURNS
    game.log(f"The {caster.name} casts a spell: you are {effect}!", MessageKind.MAGIC)


def _hampering(game: Game, caster: Actor) -> str:
    """The hex: a battlefield controller slows a hero its strikers are upon (two blows for each
    of the hero's) and webs one they are not (pinned till they come); others slow or confuse at
    random."""
    if caster.tactic != "hamper":
        return "slowed" if game.rng.coin() else "confused"
    hero = game.player.pos
    near = any(m.part == "striker" and m.alive and king_distance(m.pos, hero) <= STRIKERS_NEAR
               for m in game.floor.monsters if m.group == caster.group)
    return "slowed" if near else "webbed"


def _bolster(game: Game, leader: Actor) -> None:
    if leader.group < 0:
        return  # no encounter: no troops
    for ally in game.floor.monsters:
        if (ally.group == leader.group and ally.id != leader.id and ally.alive
                and king_distance(ally.pos, leader.pos) <= BOLSTER_RANGE):
            ally.effects["bolstered"] = BOLSTER_TURNS


def _has_troops(game: Game, leader: Actor) -> bool:
    return leader.group >= 0 and any(
        m.group == leader.group and m.id != leader.id and m.alive for m in game.floor.monsters
    )
