"""The autoplay bot's policy: one action for the game as it stands, by a fixed list of priorities.

Level up, heal, fight what is adjacent, use gear, pick things up, rest when hurt and alone, close
in on nearby monsters, explore (one flood from the unexplored edge), search a little, then go
down; with the relic, climb back out. The bot reads the game and its own small `Memory` (door
tries, turns spent per floor, actions just refused) and never draws from `game.rng`: any
randomness comes from the actions it takes, so the same seed plays the same game in any process.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from game import tiles
from game.bot import paths
from game.floorplan import Point
from game.rules import doors
from game.rules.actions import (
    Action,
    Attack,
    ChooseLevelUp,
    Equip,
    Impossible,
    Move,
    PickUp,
    Result,
    Search,
    TakeStairs,
    Use,
    Wait,
)
from game.rules.items import INVENTORY_LIMIT
from game.rules.stairs import GOES
from game.rules.turns import player_act
from game.world import gear
from game.world.model import Actor, Floor, Game, Item

LOW_HP = 0.4
"""Drink a healing potion below this share of maximum HP."""
DANGER_HP = 0.6
"""Read a scroll of lightning at a visible monster below this share."""
APPROACH_RANGE = 6
"""Close in on visible monsters this near (in steps)."""
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
REST_BELOW = 0.5
REST_UNTIL = 0.9
"""With no monster in sight, rest (search in place) from below REST_BELOW of maximum HP until
REST_UNTIL, as long as resting heals: no gain in REST_CHECK turns stops it for REST_OFF turns."""
REST_CHECK = 30
REST_OFF = 500
IMPOSSIBLE_LIMIT = 4
"""Refused actions in a row before the bot just waits a turn."""
_DICE = re.compile(r"^(\d*)d(\d+)([+-]\d+)?$")
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
    failed: list[Action] = field(default_factory=list)
    """Actions refused since time last passed: not offered again until it does."""
    impossible_streak: int = 0
    visited: list[int] = field(default_factory=list)
    """Depths in order of first visit."""
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
        if monster.mode == "guard" and monster.id not in memory.guards:
            memory.guards.append(monster.id)
    if reason == "approach":
        memory.chase_steps += 1
        if memory.chase_steps >= CHASE_LIMIT:
            memory.chase_pause_until = game.turn + CHASE_PAUSE
            memory.chase_steps = 0
    elif reason == "attack":
        memory.chase_steps = 0
    elif reason == "search":
        memory.searched[depth] = memory.searched.get(depth, 0) + 1
    elif reason == "retry":
        memory.door_round[depth] = memory.door_round.get(depth, 0) + 1
    elif reason == "knock" and isinstance(action, Use) and action.target is not None:
        spot = (depth, *action.target)
        memory.refused = [door for door in memory.refused if door != spot]
        memory.door_tries.pop(spot, None)


def _dens(game: Game, memory: Memory) -> NDArray[np.bool_] | None:
    """Tiles near a guard the hero has seen that still keeps its den, or None if there is none."""
    floor = game.floor
    guards = [m for m in floor.monsters if m.mode == "guard" and m.id in memory.guards]
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
    if player.hp < player.max_hp * LOW_HP:
        for item in _carried(game, "potion_healing"):
            yield "heal", Use(item.id)
    foes = _visible_monsters(game)
    for foe in sorted((m for m in foes if _reach(m.pos, player.pos) == 1),
                      key=lambda m: (m.hp, m.id)):
        yield "attack", Attack(foe.id)
    if player.hp < player.max_hp * DANGER_HP and _in_range(game, foes, "scroll_lightning"):
        for item in _carried(game, "scroll_lightning"):
            yield "lightning", Use(item.id)
    for item in better_gear(game):
        yield "equip", Equip(item.id)
    if _wanted_here(game):
        yield "pickup", PickUp()
    if not foes and _should_rest(game, memory):
        yield "rest", Search()
    walk = paths.walkable_known(floor, blocked_doors(game, memory) + _jammed(game, memory))
    if hero.has_relic and _usable_stairs(floor, player.pos, "up"):
        yield "climb", TakeStairs("up")
    if game.turn >= memory.chase_pause_until:
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
            yield "descend", TakeStairs("down")
        yield from _moves("descend", way_down())
    if den is not None:
        yield from _moves("descend", _toward(floor, walk, stairs_mask(floor, "down"), player.pos))
        yield from _explore(game, memory, walk, None)
    yield from _stuck(game, memory)
    yield "wait", Wait()


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
    edge = paths.frontier(floor, walk)
    portals = [a for a, b in sorted(floor.teleports.items())
               if walk[a[1], a[0]] and not floor.explored[b[1], b[0]]]
    goals = edge | wanted_items_mask(game)
    step = None
    if portals or goals.any():
        step = paths.step_toward(floor, paths.flood(floor, walk, goals, portals), player.pos)
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
        reach = gear.kind_of("scroll_knock").range
        for x, y in blocked:
            if floor.visible[y, x] and _reach((x, y), player.pos) <= reach:
                yield "knock", Use(knocks[0].id, (x, y))
    if player.pos in floor.teleports:
        yield from _moves("unjam", _off_teleporter(game))
    rounds = memory.door_round.get(game.depth, 0)
    budget = DOOR_TRIES * (1 + rounds)
    if any(_tired(game, memory, spot, budget) for spot in blocked):
        yield "retry", Search()


def floor_budget(floor: Floor) -> int:
    """Turns to spend exploring a floor before heading down whenever a way down is known."""
    return max(MIN_FLOOR_BUDGET, int(tiles.WALKABLE[floor.tiles].sum()) // 2)


def level_choice(level: int) -> str:
    """Hit points while young, then attack and strength by turns."""
    if level < 3:
        return "hp"
    return "attack" if level % 2 else "strength"


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
    for dx, dy in paths.STEPS:
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


def stairs_mask(floor: Floor, direction: str) -> NDArray[np.bool_]:
    mask = np.zeros(floor.tiles.shape, dtype=np.bool_)
    for (x, y), stair in floor.stairs.items():
        if stair.direction in GOES[direction] and not stair.dead_end and floor.explored[y, x]:
            mask[y, x] = True
    return mask


def _usable_stairs(floor: Floor, spot: Point, direction: str) -> bool:
    stair = floor.stairs.get(spot)
    return stair is not None and stair.direction in GOES[direction] and not stair.dead_end


def _toward(
    floor: Floor, walk: NDArray[np.bool_], goals: NDArray[np.bool_], here: Point
) -> Step:
    if not goals.any():
        return None
    return paths.step_toward(floor, paths.flood(floor, walk, goals), here)


def _approach(game: Game, walk: NDArray[np.bool_], foes: list[Actor]) -> Step:
    """A step toward the nearest visible monster a few steps away, if the way is short. A
    guard keeps to its den (it comes out once it sees the hero near), so it is left alone."""
    player, floor = game.player, game.floor
    near = [m for m in foes
            if _reach(m.pos, player.pos) <= APPROACH_RANGE and m.mode != "guard"]
    if not near:
        return None
    goals = np.zeros(floor.tiles.shape, dtype=np.bool_)
    for monster in near:
        goals[monster.y, monster.x] = True
    dist = paths.flood(floor, walk, goals)
    if paths.standing_value(floor, dist, *player.pos) > APPROACH_RANGE * paths.DIAGONAL:
        return None
    return paths.step_toward(floor, dist, player.pos)


def _visible_monsters(game: Game) -> list[Actor]:
    floor = game.floor
    return [m for m in floor.monsters if m.alive and floor.visible[m.y, m.x]]


def _in_range(game: Game, foes: list[Actor], scroll: str) -> bool:
    reach = gear.kind_of(scroll).range
    return any(_reach(m.pos, game.player.pos) <= reach for m in foes)


def _reach(a: Point, b: Point) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _carried(game: Game, kind: str) -> list[Item]:
    return [item for item in game.hero.inventory if item.kind == kind]


def dice_mean(dice: str) -> float:
    """Average of "XdY+Z" dice text."""
    match = _DICE.match(dice.replace(" ", ""))
    if match is None:
        return 0.0
    count = int(match.group(1) or 1)
    bonus = int(match.group(3)) if match.group(3) else 0
    return count * (int(match.group(2)) + 1) / 2 + bonus


def gear_score(key: str) -> float:
    """How good a weapon (mean damage plus to-hit) or armour (its AC) is."""
    kind = gear.kind_of(key)
    if kind.kind == "weapon":
        return dice_mean(kind.damage) + kind.attack
    return float(kind.ac)


def _worn_score(game: Game, slot: str) -> float:
    worn = game.hero.equipment.get(slot)
    item = next((i for i in game.hero.inventory if i.id == worn), None)
    if item is not None:
        return gear_score(item.kind)
    return dice_mean(game.player.damage) if slot == "weapon" else 0.0


def better_gear(game: Game) -> list[Item]:
    """Carried items that beat what is worn in their slot (the best one per slot)."""
    best: dict[str, Item] = {}
    for item in game.hero.inventory:
        slot = gear.kind_of(item.kind).slot
        if not slot:
            continue
        current = best.get(slot)
        if current is None or gear_score(item.kind) > gear_score(current.kind):
            best[slot] = item
    return [item for slot, item in sorted(best.items())
            if game.hero.equipment.get(slot) != item.id
            and gear_score(item.kind) > _worn_score(game, slot)]


def wanted(game: Game, item: Item) -> bool:
    """Worth carrying: the relic, gold, anything usable, gear better than what the hero has."""
    kind = gear.kind_of(item.kind)
    if kind.kind in ("relic", "gold"):
        return True
    if len(game.hero.inventory) >= INVENTORY_LIMIT:
        return False
    if not kind.slot:
        return True
    owned = [gear_score(i.kind) for i in game.hero.inventory
             if gear.kind_of(i.kind).slot == kind.slot]
    return gear_score(item.kind) > max([_worn_score(game, kind.slot), *owned])


def _wanted_here(game: Game) -> bool:
    here = game.floor.items_at(*game.player.pos)
    if not here:
        return False
    if len(game.hero.inventory) >= INVENTORY_LIMIT:
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
