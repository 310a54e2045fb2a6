"""The autoplay bot's policy: one action for the game as it stands, by a fixed list of priorities.

Level up, heal (earlier when the foes in view could hit hard), escape when about to die and out of
potions (a scroll of teleportation, or the stairs up), fight what is adjacent, take cover from
shooters and casters or close in on them, strike them with lightning, use gear, pick things up
(a full pack drops junk), fall back when hurt, rest when hurt and alone (and before going down),
close in on nearby monsters, explore (one flood from the unexplored edge), search a little, then
go down; with the relic, climb back out. The bot reads the game and its own small `Memory` (door
tries, turns spent per floor, actions just refused) and never draws from `game.rng`: any
randomness comes from the actions it takes, so the same seed plays the same game in any process."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np
import tcod.constants
import tcod.map
from numpy.typing import NDArray

from game import pathing, tiles
from game.content.items import kind_of
from game.floorplan import Point
from game.pathing import portals
from game.rules import combat, doors, identify, missiles, rest
from game.rules.actions import (
    Action,
    Attack,
    ChooseLevelUp,
    Drop,
    Equip,
    Fire,
    Impossible,
    Move,
    PickUp,
    Rest,
    Result,
    Search,
    TakeStairs,
    Use,
    Wait,
    Zap,
)
from game.rules.items import pack_full
from game.rules.stairs import GOES, stairs_mask
from game.seeds import dice_mean
from game.turns import player_act
from game.world import fov
from game.world.kinds import Mode, StairsWay
from game.world.known import far_ends_unexplored, frontier, walkable_known
from game.world.model import NORMAL_SPEED, Actor, Floor, Game, Item

LOW_HP = 0.4
"""Drink a healing potion below this share of maximum HP when foes are in view (alone, rest)."""
THREAT_ROUNDS = 2.5
"""Also drink when HP would last fewer than this many monster rounds against the foes in view."""
ESCAPE_ROUNDS = 2.0
"""Out of potions, escape (teleport, or the stairs up) when HP would last fewer rounds than this."""
DANGER_HP = 0.6
"""Read a scroll of lightning at a visible monster below this share (at a shooter, any time)."""
RETREAT_HP = 0.5
RETREAT_STEPS = 12
"""Below RETREAT_HP, out of potions and with foes in view, head for stairs up this near (steps)
and climb them to rest on the floor above."""
APPROACH_RANGE = 6
"""Close in on visible monsters this near (in steps; an awake shooter, as far as it shoots)."""
COVER_FROM = 2
COVER_NEAR = 3
COVER_HOLD = 5
COVER_ROUNDS = 4
"""Shooters that keep their distance (battle lines, a controller) never come round the corner:
after COVER_ROUNDS cover-and-hold rounds with no blow struck, the bot stops taking cover from
them for COVER_OFF turns and goes at them, as a player would rather than wait forever."""
COVER_OFF = 40
"""With COVER_FROM awake shooters or casters in view and no awake foe within COVER_NEAR steps,
step where fewer of them can see the hero, and hold there up to COVER_HOLD turns: they must come
round the corner, into reach. Foes that near are charged instead."""
CHASE_LIMIT = 20
CHASE_PAUSE = 30
"""After CHASE_LIMIT approach steps without a blow, leave monsters be for CHASE_PAUSE turns."""
DEN_RADIUS = 7
"""On the way down, keep this far from a den whose guard the hero has seen (it rises when the
hero comes within 6); go through only when there is no other way down."""
DOOR_TRIES = 6
"""Bumps at a stuck or locked door before the bot takes it for a wall (per retry round)."""
JAM_WAIT = 25
"""Turns to leave a teleporter alone after its far end was found occupied."""
SEARCH_TURNS = 3
"""Turns of searching once a floor is explored, before leaving it."""
MIN_FLOOR_BUDGET = 300
REST_BELOW = 0.7
REST_UNTIL = 0.9
"""With no monster in sight, rest (search in place) from below REST_BELOW of maximum HP until
REST_UNTIL, as long as resting heals: no gain in REST_CHECK turns stops it for REST_OFF turns."""
SLEEPY = ("asleep", "guard", "wander")
"""Monsters in these modes have not noticed the hero: no threat yet, and no reason to stop
resting (they are left alone or attacked on the bot's own terms)."""
DESCEND_HP = 0.8
"""Rest (when resting heals) before taking the stairs down below this share."""
REST_CHECK = 30
REST_OFF = 500
SHOT_CHANCE = 35
"""Fire (shoot, or throw a weapon made for it) at an awake foe in a clear line when the hit
chance is at least this percent: what it costs is a missile, often picked up again."""
STRONG_ROLES = ("solo", "leader")
"""Foes worth a wand's charge whatever the hero's state (with shooters out of reach)."""
IMPOSSIBLE_LIMIT = 4
"""Refused actions in a row before the bot just waits a turn."""
Step = tuple[int, int] | None
"""A move (dx, dy), or None when there is nowhere to go."""


@dataclass(slots=True)
class Memory:
    """What the bot remembers between turns. Dicts are only looked up, never iterated."""

    door_tries: dict[tuple[int, int, int], int] = field(default_factory=dict)
    """(depth, x, y) -> bumps at that door that left it shut."""
    jammed: dict[tuple[int, int, int], int] = field(default_factory=dict)
    """(depth, x, y) of a teleporter whose far end was occupied -> the turn to try it again."""
    refused: list[tuple[int, int, int]] = field(default_factory=list)
    """Doors whose bump was refused outright (held by magic, or no door the rules know)."""
    door_round: dict[int, int] = field(default_factory=dict)
    floor_turns: dict[int, int] = field(default_factory=dict)
    searched: dict[int, int] = field(default_factory=dict)
    resting: bool = False
    rest_streak: int = 0
    rest_hp: int = 0
    rest_off_until: int = -1
    guards: list[int] = field(default_factory=list)
    """Ids of monsters seen guarding a den."""
    chase_steps: int = 0
    chase_pause_until: int = -1
    hold_until: int = -1
    cover_rounds: int = 0
    """Cover-and-hold rounds since the last blow struck."""
    cover_off_until: int = -1
    """Until this turn the bot takes no cover: the shooters would not come."""
    """After taking cover, hold still until this turn."""
    failed: list[Action] = field(default_factory=list)
    """Actions refused since time last passed: not offered again until it does."""
    impossible_streak: int = 0
    visited: list[int] = field(default_factory=list)
    """Depths in order of first visit."""
    spent: list[int] = field(default_factory=list)
    """Ids of wands whose zap was refused (no charges left): left alone until recharged."""
    reason: str = ""
    """Why the last action was chosen (approach, search, retry, ...)."""


def next_action(game: Game, memory: Memory | None = None) -> Action:
    """The bot's choice for this moment. Reads `game`; of `memory` sets only `reason`."""
    memory = memory if memory is not None else Memory()
    memory.reason = "wait"
    if game.outcome or memory.impossible_streak >= IMPOSSIBLE_LIMIT:
        return Wait()
    for reason, action in _candidates(game, memory):
        if action not in memory.failed:
            memory.reason = reason
            return action
    return Wait()


class Bot:
    """The policy plus its memory: `act` chooses, plays and remembers one action."""

    def __init__(self) -> None:
        self.memory = Memory()
        self.last_action: Action = Wait()
        """The action `act` played last (replays record it)."""

    def act(self, game: Game) -> Result:
        memory = self.memory
        if game.depth not in memory.visited:
            memory.visited.append(game.depth)
        action = next_action(game, memory)
        self.last_action = action
        depth, turn = game.depth, game.turn
        aim = _aim(game, action)
        door = aim if aim is not None and game.floor.tiles[aim[1], aim[0]] == tiles.DOOR else None
        result = player_act(game, action)
        _observe(game, memory, action, result, door, aim)
        memory.floor_turns[depth] = memory.floor_turns.get(depth, 0) + game.turn - turn
        if game.depth not in memory.visited:
            memory.visited.append(game.depth)
        return result


def _observe(
    game: Game, memory: Memory, action: Action, result: Result, door: Point | None,
    aim: Point | None,
) -> None:
    """Remember what the last action taught: refusals, shut doors, jammed teleporters."""
    depth = game.depth
    jammed = aim is not None and aim in game.floor.teleports and (
        isinstance(result, Impossible) or aim == game.player.pos)
    if jammed and aim is not None:  # refused, or stepped on and left standing there
        memory.jammed[(depth, *aim)] = game.turn + JAM_WAIT
    if isinstance(result, Impossible):
        memory.failed.append(action)
        memory.impossible_streak += 1
        if isinstance(action, Zap):
            memory.spent.append(action.item)
        if door is not None:
            memory.refused.append((depth, door[0], door[1]))
        return
    memory.failed.clear()
    memory.impossible_streak = 0
    if door is not None and game.floor.tiles[door[1], door[0]] == tiles.DOOR:
        key = (depth, door[0], door[1])
        memory.door_tries[key] = memory.door_tries.get(key, 0) + 1
    reason = memory.reason
    _note_rest(game, memory, reason == "rest")
    for monster in _visible_monsters(game):
        if monster.mode == Mode.GUARD and monster.id not in memory.guards:
            memory.guards.append(monster.id)
    if reason == "cover":
        memory.hold_until = game.turn + COVER_HOLD
        memory.cover_rounds += 1
        if memory.cover_rounds >= COVER_ROUNDS:
            memory.cover_off_until = game.turn + COVER_OFF
            memory.hold_until = -1
            memory.cover_rounds = 0
    if reason == "approach":
        memory.chase_steps += 1
        if memory.chase_steps >= CHASE_LIMIT:
            memory.chase_pause_until = game.turn + CHASE_PAUSE
            memory.chase_steps = 0
    elif reason == "attack":
        memory.chase_steps = 0
        memory.cover_rounds = 0
    elif reason == "search":
        memory.searched[depth] = memory.searched.get(depth, 0) + 1
    elif reason == "retry":
        memory.door_round[depth] = memory.door_round.get(depth, 0) + 1
    elif reason == "recharge":
        memory.spent.clear()
    elif reason == "knock" and isinstance(action, Use) and action.target is not None:
        spot = (depth, *action.target)
        memory.refused = [door for door in memory.refused if door != spot]
        memory.door_tries.pop(spot, None)


def _dens(game: Game, memory: Memory) -> NDArray[np.bool_] | None:
    """Tiles near a guard the hero has seen that still keeps its den, or None if there is none."""
    floor = game.floor
    guards = [m for m in floor.monsters if m.mode == Mode.GUARD and m.id in memory.guards]
    if not guards:
        return None
    den = np.zeros(floor.tiles.shape, dtype=np.bool_)
    for guard in guards:
        den[max(0, guard.y - DEN_RADIUS): guard.y + DEN_RADIUS + 1,
            max(0, guard.x - DEN_RADIUS): guard.x + DEN_RADIUS + 1] = True
    return den


def _note_rest(game: Game, memory: Memory, rested: bool) -> None:
    """Keep resting until healed; give up for a while when resting does not heal."""
    player = game.player
    if player.hp >= player.max_hp * REST_UNTIL:
        memory.resting = False
    if not rested:
        memory.rest_streak = 0
        return
    memory.resting = memory.resting or player.hp < player.max_hp * REST_UNTIL
    memory.rest_streak += 1
    if memory.rest_streak == 1:
        memory.rest_hp = player.hp
    elif memory.rest_streak >= REST_CHECK:
        if player.hp <= memory.rest_hp:
            memory.resting = False
            memory.rest_off_until = game.turn + REST_OFF
        memory.rest_streak = 0


def _rested_enough(game: Game, memory: Memory) -> bool:
    """Below DESCEND_HP on the stairs down, and resting still heals: rest before going on."""
    player = game.player
    return game.turn >= memory.rest_off_until and player.hp < player.max_hp * DESCEND_HP


def _should_rest(game: Game, memory: Memory) -> bool:
    player = game.player
    if game.turn < memory.rest_off_until:
        return False
    share = REST_UNTIL if memory.resting else REST_BELOW
    return player.hp < player.max_hp * share


def _aim(game: Game, action: Action) -> Point | None:
    """The tile a move steps to, if it is on the map."""
    if not isinstance(action, Move):
        return None
    x, y = game.player.x + action.dx, game.player.y + action.dy
    return (x, y) if game.floor.in_bounds(x, y) else None


def _candidates(game: Game, memory: Memory) -> Iterator[tuple[str, Action]]:
    """Every action worth trying now, best first. Lazy: floods run only when reached."""
    hero, player, floor = game.hero, game.player, game.floor
    if hero.pending_levels > 0:
        yield "level", ChooseLevelUp(level_choice(hero.level))
    foes = _visible_monsters(game)
    awake = [m for m in foes if m.mode not in SLEEPY]
    danger = threat(game, awake)
    low = player.hp < player.max_hp * LOW_HP
    potions = _carried(game, "potion_healing")
    weak = player.hp < player.max_hp * RETREAT_HP and not potions
    if (low and awake) or player.hp < danger * THREAT_ROUNDS:
        for item in potions:
            yield "heal", Use(item.id)
    if awake and (weak or player.hp < danger * ESCAPE_ROUNDS):
        for item in _carried(game, "scroll_teleport"):
            yield "escape", Use(item.id)
        if _usable_stairs(floor, player.pos, "up") and (game.depth > 1 or hero.has_relic):
            yield "escape", TakeStairs("up")
    for foe in sorted((m for m in foes if _reach(m.pos, player.pos) == 1),
                      key=lambda m: (m.hp, m.id)):
        yield "attack", Attack(foe.id)
    yield from _fire(game, awake)
    shooters = [m for m in awake if _shot(m)]
    if not any(_reach(m.pos, player.pos) <= COVER_NEAR for m in awake):
        if len(shooters) >= COVER_FROM and game.turn >= memory.cover_off_until:
            yield from _moves("cover", _cover(game, shooters))
        if game.turn < memory.hold_until and not _in_sight(game, shooters):
            yield "hold", Search()  # in cover: let them come round the corner
    if _in_range(game, foes, "scroll_lightning") and (
            player.hp < player.max_hp * DANGER_HP or _nearest_shoots(game, foes)):
        for item in _carried(game, "scroll_lightning"):
            yield "lightning", Use(item.id)
    yield from _zap(game, memory, awake)
    yield from _identify(game, memory, foes, awake)
    for item in better_gear(game):
        yield "equip", Equip(item.id)
    if _wanted_here(game):
        yield "pickup", PickUp()
    if pack_full(game):
        for item in junk(game)[:1]:
            yield "drop", Drop(item.id)
    if low and not awake and game.turn < memory.rest_off_until:  # alone, but rest does not heal
        for item in _carried(game, "potion_healing"):
            yield "heal", Use(item.id)
    if not awake and _should_rest(game, memory):
        yield "rest", _rest(game)
    walk = walkable_known(floor, blocked_doors(game, memory) + _jammed(game, memory))
    if awake and weak:
        yield from _moves("retreat", _retreat(game, walk))
        if any(not _shot(m) for m in awake):  # there is no outrunning a shot
            yield from _moves("flee", _flee(game, walk, foes))
        # Cornered, or only shooters after the hero: out of their sight if a step does it,
        # else at them; and let the rest come (the hero strikes whatever comes next to it).
        yield from _moves("cover", _cover(game, shooters))
        yield from _moves("approach", _approach(game, walk, shooters))
        yield "hold", Wait()
    if hero.has_relic and _usable_stairs(floor, player.pos, "up"):
        yield "climb", TakeStairs("up")
    if game.turn >= memory.chase_pause_until and not weak:
        yield from _moves("approach", _approach(game, walk, foes))
    if hero.has_relic:
        yield from _moves("return", _toward(floor, walk, stairs_mask(floor, "up"), player.pos))
    down: list[Step] = []

    def way_down() -> Step:
        """The first step toward known stairs down (flooded once, when first asked)."""
        if not down:
            down.append(_toward(floor, safe, stairs_mask(floor, "down"), player.pos))
        return down[0]

    going_down = not hero.has_relic and game.depth < game.last_depth
    den = _dens(game, memory) if going_down else None
    safe = walk if den is None else walk & ~den
    yield from _explore(game, memory, safe, way_down if going_down else None)
    if going_down:
        if _usable_stairs(floor, player.pos, "down"):
            if not awake and _rested_enough(game, memory):
                yield "rest", _rest(game)
            if not weak:
                yield "descend", TakeStairs("down")
        yield from _moves("descend", way_down())
    if den is not None:
        yield from _moves("descend", _toward(floor, walk, stairs_mask(floor, "down"), player.pos))
        yield from _explore(game, memory, walk, None)
    yield from _stuck(game, memory)
    yield "wait", _rest(game) if player.hp < player.max_hp else Wait()


def _rest(game: Game) -> Action:
    """A turn of rest when no monster is in view (what R does), else a turn of searching."""
    return Search() if isinstance(rest.begin(game), str) else Rest()


def _fire(game: Game, awake: list[Actor]) -> Iterator[tuple[str, Action]]:
    """Shoot or throw the readied missile at the nearest awake foe not next to the hero, when
    the line of fire reaches it first and the shot has a fair chance."""
    chosen = missiles.readied(game)
    if isinstance(chosen, str):
        return
    missile, player = chosen[1], game.player
    for foe in sorted(awake, key=lambda m: (_reach(m.pos, player.pos), m.id)):
        if not 1 < _reach(foe.pos, player.pos) <= missile.reach:
            continue
        line = combat.line_of_fire(game, player.pos, foe.pos, missile.reach)
        if (combat.first_in_line(game, line) is foe
                and combat.hit_chance(game, player, foe, missile) >= SHOT_CHANCE):
            yield "fire", Fire(foe.pos)
            return


def _zap(game: Game, memory: Memory, awake: list[Actor]) -> Iterator[tuple[str, Action]]:
    """A bolt at a strong foe, a shooter out of reach, or anything when hurt; slowness at a
    strong foe or when the foes in view hit hard; an unknown wand at a foe, to learn it."""
    player = game.player
    for foe in sorted(awake, key=lambda m: (_reach(m.pos, player.pos), m.id)):
        for wand in _wands(game, memory):
            reach = kind_of(wand.kind).range
            if (_reach(foe.pos, player.pos) <= reach and _clear_shot(game, foe, reach)
                    and _worth_a_charge(game, wand.kind, foe, awake)):
                yield "zap", Zap(wand.id, foe.pos)


def _worth_a_charge(game: Game, wand: str, foe: Actor, awake: list[Actor]) -> bool:
    player = game.player
    strong = foe.role in STRONG_ROLES or foe.name.startswith("elite")
    if not identify.known(game, wand):
        return _reach(foe.pos, player.pos) > 1
    if wand == "wand_bolt":
        out_of_reach = foe.reach > 1 and _reach(foe.pos, player.pos) > 1
        return strong or out_of_reach or player.hp < player.max_hp * DANGER_HP
    return "slowed" not in foe.effects and (
        strong or player.hp < threat(game, awake) * THREAT_ROUNDS * 2)


def _wands(game: Game, memory: Memory) -> list[Item]:
    """Carried wands not found empty: known bolts and slowness, and unknown ones to try."""
    return [item for item in game.hero.inventory if kind_of(item.kind).kind == "wand"
            and item.id not in memory.spent
            and (item.kind in ("wand_bolt", "wand_slow") or not identify.known(game, item.kind))]


def _clear_shot(game: Game, foe: Actor, reach: int) -> bool:
    """The line toward `foe` reaches it before anything else (a wall, another creature)."""
    return combat.first_in_line(game, combat.line_of_fire(game, game.player.pos, foe.pos,
                                                          reach)) is foe


def _identify(
    game: Game, memory: Memory, foes: list[Actor], awake: list[Actor],
) -> Iterator[tuple[str, Action]]:
    """Learn unknown items as a careful player does: a known scroll of identify when there is
    something to learn; an unknown scroll read at an awake foe a few steps off (most scrolls
    that need a target are meant for one); unknown potions drunk and rings worn when no
    monster is in view."""
    player = game.player
    unknown = [i for i in game.hero.inventory if not identify.known(game, i.kind)]
    if not unknown:
        return
    if not awake:
        for item in _carried(game, "scroll_identify"):
            yield "identify", Use(item.id)
    steady = player.hp >= player.max_hp * RETREAT_HP
    near = [m for m in awake if 1 < _reach(m.pos, player.pos) <= 8 and _clear_shot(game, m, 8)]
    if near and steady:
        target = min(near, key=lambda m: (_reach(m.pos, player.pos), m.id))
        for item in unknown:
            if kind_of(item.kind).kind == "scroll":
                yield "identify", Use(item.id, target.pos)
    if foes:
        return
    for item in unknown:
        category = kind_of(item.kind).kind
        if category == "potion":
            yield "identify", Use(item.id)
        elif category in ("ring", "amulet") and kind_of(item.kind).slot not in (
                game.hero.equipment):
            yield "identify", Equip(item.id)


def _moves(reason: str, step: Step) -> Iterator[tuple[str, Action]]:
    if step is not None:
        yield reason, Move(*step)


def _explore(
    game: Game, memory: Memory, walk: NDArray[np.bool_], way_down: Callable[[], Step] | None
) -> Iterator[tuple[str, Action]]:
    """Walk to the nearest unexplored edge or wanted item; then search a few turns in place.
    Heading down (`way_down` given) and over the floor's turn budget, exploring stops as soon as
    a way down is known."""
    floor, player = game.floor, game.player
    spent = memory.floor_turns.get(game.depth, 0)
    if way_down is not None and spent >= floor_budget(floor) and way_down() is not None:
        return
    edge = frontier(floor, walk)
    pads = far_ends_unexplored(floor, walk)
    goals = edge | wanted_items_mask(game)
    step = None
    if pads or goals.any():
        step = pathing.step_toward(
            portals.toward(walk, floor.teleports, goals, pads), player.pos)
    if step is not None:
        if edge.any():
            for item in _carried(game, "scroll_mapping"):
                yield "map", Use(item.id)
        yield "explore", Move(*step)
        return
    if memory.searched.get(game.depth, 0) < SEARCH_TURNS:
        yield "search", Search()


def _stuck(game: Game, memory: Memory) -> Iterator[tuple[str, Action]]:
    """Nothing left to do here: knock a sealed door open, or give shut doors another round
    (waiting would never open them; a natural 20 always forces a stuck door)."""
    floor, player = game.floor, game.player
    blocked = sorted(blocked_doors(game, memory))
    knocks = _carried(game, "scroll_knock")
    if knocks:
        reach = kind_of("scroll_knock").range
        for x, y in blocked:
            if floor.visible[y, x] and _reach((x, y), player.pos) <= reach:
                yield "knock", Use(knocks[0].id, (x, y))
    if player.pos in floor.teleports:
        yield from _moves("unjam", _off_teleporter(game))
    rounds = memory.door_round.get(game.depth, 0)
    budget = DOOR_TRIES * (1 + rounds)
    if any(_tired(game, memory, spot, budget) for spot in blocked):
        yield "retry", Search()
    # Shut in with nowhere left to go (come down through a trapdoor onto the far side of a
    # sealed door, say): a teleport lands where the arrival can be walked to without a key.
    for item in _carried(game, "scroll_teleport"):
        yield "unstick", Use(item.id)


def floor_budget(floor: Floor) -> int:
    """Turns to spend exploring a floor before heading down whenever a way down is known."""
    return max(MIN_FLOOR_BUDGET, int(tiles.walkable(floor.tiles).sum()) // 2)


LEVEL_CYCLE = ("attack", "defense", "attack", "strength", "attack", "hp")


def level_choice(level: int) -> str:
    """Hit points while young, then mostly attack (deeper monsters' armour rises fastest of
    all), with armour, strength and hit points in between, none of them neglected."""
    if level < 3:
        return "hp"
    return LEVEL_CYCLE[(level - 3) % len(LEVEL_CYCLE)]


def blocked_doors(game: Game, memory: Memory) -> list[Point]:
    """Closed doors the bot treats as walls: sealed without the key once tried, a lock no roll
    can beat, or too many failed bumps this round."""
    floor, hero = game.floor, game.hero
    budget = DOOR_TRIES * (1 + memory.door_round.get(game.depth, 0))
    blocked = []
    for y, x in np.argwhere(floor.tiles == tiles.DOOR).tolist():
        if doors.has_key(game, (x, y)):
            continue
        if (game.depth, x, y) in memory.refused:
            blocked.append((x, y))
            continue
        door = floor.doors.get((x, y))
        if door is None:
            continue
        magic = door.known and door.reinforced and door.state != "broken"
        hopeless = (door.known and door.state == "locked" and door.dc is not None
                    and 20 + hero.strength < door.dc)
        if magic or hopeless or _tired(game, memory, (x, y), budget):
            blocked.append((x, y))
    return blocked


def _off_teleporter(game: Game) -> Step:
    """A step off the teleporter the hero stands on: whoever waits on its far end cannot come
    through while the hero blocks this end, nor can the hero go while they block that one."""
    floor, (x, y) = game.floor, game.player.pos
    for dx, dy in pathing.STEPS:
        nx, ny = x + dx, y + dy
        if (floor.in_bounds(nx, ny) and floor.tiles[ny, nx] in (tiles.FLOOR, tiles.OPEN_DOOR)
                and floor.monster_at(nx, ny) is None):
            return (dx, dy)
    return None


def _jammed(game: Game, memory: Memory) -> list[Point]:
    """Teleporters to keep off for now: the last step onto them found the far end occupied."""
    return [spot for spot in sorted(game.floor.teleports)
            if memory.jammed.get((game.depth, *spot), -1) > game.turn]


def _tired(game: Game, memory: Memory, spot: Point, budget: int) -> bool:
    """Bumped `budget` times and still needing force (a knock or a key resets that)."""
    door = game.floor.doors.get(spot)
    tries = memory.door_tries.get((game.depth, spot[0], spot[1]), 0)
    return door is not None and door.state in ("stuck", "locked") and tries >= budget



def _usable_stairs(floor: Floor, spot: Point, direction: StairsWay) -> bool:
    stair = floor.stairs.get(spot)
    return stair is not None and stair.direction in GOES[direction] and not stair.dead_end


def _toward(
    floor: Floor, walk: NDArray[np.bool_], goals: NDArray[np.bool_], here: Point
) -> Step:
    if not goals.any():
        return None
    return pathing.step_toward(portals.toward(walk, floor.teleports, goals), here)


def _approach(game: Game, walk: NDArray[np.bool_], foes: list[Actor]) -> Step:
    """A step toward the nearest visible monster a few steps away, if the way is short. A
    guard keeps to its den (it comes out once it sees the hero near), so it is left alone."""
    player, floor = game.player, game.floor
    near = [m for m in foes
            if _reach(m.pos, player.pos) <= max(APPROACH_RANGE, _shot(m)) and m.mode != Mode.GUARD]
    if not near:
        return None
    goals = np.zeros(floor.tiles.shape, dtype=np.bool_)
    for monster in near:
        goals[monster.y, monster.x] = True
    dist = portals.toward(walk, floor.teleports, goals,
                          portals.pads_among(floor.teleports, goals))
    steps = max(APPROACH_RANGE, *(_shot(m) for m in near))
    if pathing.standing_value(dist, *player.pos) > steps * pathing.DIAGONAL:
        return None
    return pathing.step_toward(dist, player.pos)


def threat(game: Game, foes: list[Actor]) -> float:
    """The damage the foes in view are expected to deal in one monster round: those that can
    strike now (adjacent, or a shooter with the hero in range) count fully, a walker one step
    away by half; twice over while the hero is slowed (monsters then act twice)."""
    player = game.player
    ac = combat.armour_class(game, player)
    total = 0.0
    for foe in foes:
        distance = _reach(foe.pos, player.pos)
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
    return total * (2 if "slowed" in player.effects else 1)


def _nearest_shoots(game: Game, foes: list[Actor]) -> bool:
    """The monster a lightning bolt would strike (the nearest in view) is a shooter or caster,
    out of the hero's reach: the bolt is the only way to hit it now."""
    player = game.player
    near = min(foes, key=lambda m: (_reach(m.pos, player.pos), m.id), default=None)
    return near is not None and near.reach > 1 and _reach(near.pos, player.pos) > 1


def _retreat(game: Game, walk: NDArray[np.bool_]) -> Step:
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


def _flee(game: Game, walk: NDArray[np.bool_], foes: list[Actor]) -> Step:
    """A step down the flee map away from the foes in view, when one leads away."""
    floor = game.floor
    sources = np.zeros(floor.tiles.shape, dtype=np.bool_)
    for foe in foes:
        sources[foe.y, foe.x] = True
    pads = floor.teleports
    near = portals.toward(walk | sources, pads, sources, portals.pads_among(pads, sources))
    return portals.step_down(portals.flee(near, walk | sources, pads), game.player.pos,
                             floor.occupancy())


def _cover(game: Game, shooters: list[Actor]) -> Step:
    """The neighbouring step that hides the hero from the most shooters (sight is symmetric:
    a tile sees a shooter when the shooter sees it), if it hides from more than standing still."""
    floor, (x, y) = game.floor, game.player.pos
    clear = fov.transparency(floor)

    def seen_by(px: int, py: int) -> int:
        sight = tcod.map.compute_fov(clear, (py, px), fov.SIGHT_RADIUS, True,
                                     tcod.constants.FOV_SYMMETRIC_SHADOWCAST)
        return sum(1 for m in shooters if sight[m.y, m.x] and _reach(m.pos, (px, py)) <= m.reach)

    best: tuple[int, Step] = (seen_by(x, y), None)
    for dx, dy in pathing.STEPS:
        nx, ny = x + dx, y + dy
        if (floor.in_bounds(nx, ny) and floor.tiles[ny, nx] in (tiles.FLOOR, tiles.OPEN_DOOR)
                and floor.monster_at(nx, ny) is None):
            seen = seen_by(nx, ny)
            if seen < best[0]:
                best = (seen, (dx, dy))
    return best[1]


def _in_sight(game: Game, shooters: list[Actor]) -> bool:
    """Some shooter in view has the hero within its range."""
    return any(_reach(m.pos, game.player.pos) <= m.reach for m in shooters)


def _shot(monster: Actor) -> int:
    """How far an awake shooter or caster strikes from (0 for the rest): the bot closes in on
    one that can reach it, since standing off only lets it shoot."""
    return monster.reach if monster.reach > 1 and monster.mode not in SLEEPY else 0


def _visible_monsters(game: Game) -> list[Actor]:
    floor = game.floor
    return [m for m in floor.monsters if m.alive and floor.visible[m.y, m.x]]


def _in_range(game: Game, foes: list[Actor], scroll: str) -> bool:
    reach = kind_of(scroll).range
    return any(_reach(m.pos, game.player.pos) <= reach for m in foes)


def _reach(a: Point, b: Point) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _carried(game: Game, kind: str) -> list[Item]:
    """Carried items of `kind` that the hero knows to be of that kind."""
    if not identify.known(game, kind):
        return []
    return [item for item in game.hero.inventory if item.kind == kind]


def gear_score(key: str) -> float:
    """How good a weapon or launcher (mean damage, to-hit, armour piercing) or armour, a shield,
    a ring or an amulet (armour class, to-hit, strength, regeneration, less the cost of
    heavy armour's slow steps) is."""
    kind = kind_of(key)
    if kind.kind in ("weapon", "launcher"):
        return dice_mean(kind.damage) + kind.attack + kind.pierce / 4
    return (kind.ac + 1.5 * kind.attack + kind.strength + 2 * kind.regen + kind.ward / 5
            + kind.stealth / 10 - kind.move_cost / 10)


def _score(game: Game, key: str) -> float:
    """gear_score as far as the hero knows it: an unknown ring or amulet is worth nothing yet
    (it is put on to learn it when its place is free)."""
    return gear_score(key) if identify.known(game, key) else 0.0


def _worn_score(game: Game, slot: str) -> float:
    worn = game.hero.equipment.get(slot)
    item = next((i for i in game.hero.inventory if i.id == worn), None)
    if item is not None:
        return _score(game, item.kind)
    return dice_mean(game.player.damage) if slot == "weapon" else 0.0


def better_gear(game: Game) -> list[Item]:
    """Carried items that beat what is worn in their slot (the best one per slot)."""
    best: dict[str, Item] = {}
    for item in game.hero.inventory:
        slot = kind_of(item.kind).slot
        if not slot:
            continue
        current = best.get(slot)
        if current is None or _score(game, item.kind) > _score(game, current.kind):
            best[slot] = item
    return [item for slot, item in sorted(best.items())
            if game.hero.equipment.get(slot) != item.id
            and _score(game, item.kind) > _worn_score(game, slot)]


def junk(game: Game) -> list[Item]:
    """Carried gear neither worn nor better than what is worn: a full pack drops it (keys hang
    on the ring and take no place)."""
    worn = set(game.hero.equipment.values())
    return [item for item in game.hero.inventory if item.id not in worn and (
        kind_of(item.kind).slot and not kind_of(item.kind).thrown
        and _score(game, item.kind) <= _worn_score(game, kind_of(item.kind).slot))]


def wanted(game: Game, item: Item) -> bool:
    """Worth carrying: the relic, gold, anything usable, gear better than what the hero has."""
    kind = kind_of(item.kind)
    if kind.kind in ("relic", "gold"):
        return True
    if pack_full(game, item):
        return False
    if item.kind == "key" and item.key_for not in game.floor.doors:
        return False
    if not kind.slot or kind.thrown or not identify.known(game, item.kind):
        return True  # usable, ammunition, made for throwing, or worth learning
    owned = [_score(game, i.kind) for i in game.hero.inventory
             if kind_of(i.kind).slot == kind.slot]
    return gear_score(item.kind) > max([_worn_score(game, kind.slot), *owned])


def _wanted_here(game: Game) -> bool:
    here = game.floor.items_at(*game.player.pos)
    if not here:
        return False
    if pack_full(game, here[0]):
        return here[0].kind in ("relic", "gold")
    return any(wanted(game, item) for item in here)


def wanted_items_mask(game: Game) -> NDArray[np.bool_]:
    """Explored tiles holding something the bot wants (not where it stands: that is picked up)."""
    floor = game.floor
    mask = np.zeros(floor.tiles.shape, dtype=np.bool_)
    for item in floor.items:
        if (item.pos != game.player.pos and floor.in_bounds(item.x, item.y)
                and floor.explored[item.y, item.x] and wanted(game, item)):
            mask[item.y, item.x] = True
    return mask
