"""The autoplay bot's policy: one action for the game as it stands, by a fixed list of priorities.

Level up (a talent: game.bot.talents), heal (Mend, then potions: earlier when the foes in view
could hit hard), escape when about to die and out of potions (a scroll of teleportation, or the
stairs up), use active talents, fight what is adjacent, take cover from
shooters and casters or close in on them, strike them with lightning, use gear, pick things up
(a full pack drops junk), fall back when hurt, rest when hurt and alone (and before going down),
close in on nearby monsters, explore (one flood from the unexplored edge), search a little, then
go down; with the relic, climb back out. The bot reads the game and its own small `Memory` (door
tries, turns spent per floor, actions just refused) and never draws from `game.rng`: any
randomness comes from the actions it takes, so the same seed plays the same game in any process."""

from __future__ import annotations

from collections.abc import Iterator

from game import tiles
from game.bot import eating, trading
from game.bot.captives import chained, free_captives
from game.bot.exploring import (
    JAM_WAIT,
    blocked_doors,
    dens,
    explore,
    jammed_teleporters,
    stuck,
    toward,
    usable_stairs,
)
from game.bot.fighting import (
    RETREAT_HP,
    THREAT_ROUNDS,
    approach,
    cover,
    dodge,
    fire,
    flee,
    in_sight,
    lightning,
    retreat,
    shot,
    threat,
    zap,
)
from game.bot.gadgets import scrolls, throw_potions, toward_feature, use_features
from game.bot.kit import better_gear, junk, learn, wanted_here
from game.bot.memory import SLEEPY, Memory, Step, carried, moves, visible_monsters
from game.bot.talents import mend, talent_choice, use_talents
from game.floorplan import Point, king_distance
from game.rules import rest
from game.rules.actions import (
    Action,
    Attack,
    ChooseLevelUp,
    Drop,
    Equip,
    Impossible,
    Interact,
    Move,
    Offer,
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
from game.rules.stairs import stairs_mask
from game.turns import player_act
from game.world.kinds import Mode
from game.world.known import walkable_known
from game.world.model import Game

LOW_HP = 0.4
"""Drink a healing potion below this share of maximum HP when foes are in view (alone, rest)."""
ESCAPE_ROUNDS = 2.0
"""Out of potions, escape (teleport, or the stairs up) when HP would last fewer rounds than this."""
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
REST_BELOW = 0.5
REST_UNTIL = 0.8
"""With no monster in sight, rest (search in place) from below REST_BELOW of maximum HP until
REST_UNTIL, as long as resting heals: no gain in REST_CHECK turns stops it for REST_OFF turns.
Time costs food and draws wandering bands (game.rules.hunger, game.rules.wandering): the bot
rests only when it must, not to top up (issue 28: Rest at most 15 % of its actions)."""
DESCEND_HP = 0.8
BOSS_DESCEND_HP = 0.95
"""Rest (when resting heals) before taking the stairs down below this share (onto the last
floor, where the boss waits, below BOSS_DESCEND_HP): the next floor's first fight is unknown."""
REST_CHECK = 30
REST_OFF = 500
IMPOSSIBLE_LIMIT = 4
"""Refused actions in a row before the bot just waits a turn."""


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
    if isinstance(action, Interact):  # used, or refused: either way not walked back to
        memory.tried.append((depth, action.x, action.y))
    if isinstance(action, Offer):  # one offering an altar, heard or not
        memory.offered.append((depth, action.x, action.y))
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
    if isinstance(action, Equip) and memory.reason == "identify":
        memory.tried_on.append(action.item)
    if door is not None and game.floor.tiles[door[1], door[0]] == tiles.DOOR:
        key = (depth, door[0], door[1])
        memory.door_tries[key] = memory.door_tries.get(key, 0) + 1
    reason = memory.reason
    _note_rest(game, memory, reason == "rest")
    for monster in visible_monsters(game):
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
    elif reason == "feature":
        memory.feature_steps[depth] = memory.feature_steps.get(depth, 0) + 1
    elif reason == "trade":
        memory.trade_steps[depth] = memory.trade_steps.get(depth, 0) + 1
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
    if eating.rest_hurts(game):
        return False
    share = BOSS_DESCEND_HP if game.depth + 1 == game.last_depth else DESCEND_HP
    return game.turn >= memory.rest_off_until and player.hp < player.max_hp * share


def _should_rest(game: Game, memory: Memory) -> bool:
    player = game.player
    if game.turn < memory.rest_off_until or eating.rest_hurts(game):
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
        yield "level", ChooseLevelUp(talent_choice(hero))
    foes = visible_monsters(game)
    awake = [m for m in foes if m.mode not in SLEEPY]
    yield from eating.eat(game, awake)
    danger = threat(game, awake)
    low = player.hp < player.max_hp * LOW_HP
    potions = carried(game, "heal")
    weak = player.hp < player.max_hp * RETREAT_HP and not potions
    yield from mend(game, awake)
    if (low and awake) or player.hp < danger * THREAT_ROUNDS:
        for item in potions:
            yield "heal", Use(item.id)
    if awake and (weak or player.hp < danger * ESCAPE_ROUNDS):
        for item in carried(game, "teleport"):
            yield "escape", Use(item.id)
        if usable_stairs(floor, player.pos, "up") and (game.depth > 1 or hero.has_relic):
            yield "escape", TakeStairs("up")
    yield from use_talents(game, awake)
    yield from moves("dodge", dodge(game, awake))
    for foe in sorted((m for m in foes if king_distance(m.pos, player.pos) == 1),
                      key=lambda m: (m.hp, m.id)):
        yield "attack", Attack(foe.id)
    yield from fire(game, awake)
    shooters = [m for m in awake if shot(m)]
    if not any(king_distance(m.pos, player.pos) <= COVER_NEAR for m in awake):
        if len(shooters) >= COVER_FROM and game.turn >= memory.cover_off_until:
            yield from moves("cover", cover(game, shooters))
        if game.turn < memory.hold_until and not in_sight(game, shooters):
            yield "hold", Search()  # in cover: let them come round the corner
    yield from lightning(game, foes)
    yield from zap(game, memory, awake)
    yield from throw_potions(game, awake)
    yield from scrolls(game, awake)
    yield from learn(game, memory, foes, awake)
    for item in better_gear(game):
        yield "equip", Equip(item.id)
    if wanted_here(game):
        yield "pickup", PickUp()
    if pack_full(game):
        for item in junk(game)[:1]:
            yield "drop", Drop(item.id)
    if low and not awake and game.turn < memory.rest_off_until:  # alone, but rest does not heal
        for item in carried(game, "heal"):
            yield "heal", Use(item.id)
    if not awake:
        yield from use_features(game, memory)
        yield from trading.trade_here(game)
        yield from trading.offer_here(game, memory)
    if not awake and _should_rest(game, memory):
        yield "rest", _rest(game)
    kept_off = blocked_doors(game, memory) + jammed_teleporters(game, memory)
    kept_off += chained(game)
    walk = walkable_known(floor, kept_off)
    if not awake:
        yield from free_captives(game, walk)
        yield from moves("feature", toward_feature(game, memory, walk))
        yield from moves("trade", trading.toward_trade(game, memory, walk))
    if awake and weak:
        yield from moves("retreat", retreat(game, walk))
        if any(not shot(m) for m in awake):  # there is no outrunning a shot
            yield from moves("flee", flee(game, walk, foes))
        # Cornered, or only shooters after the hero: out of their sight if a step does it,
        # else at them; and let the rest come (the hero strikes whatever comes next to it).
        yield from moves("cover", cover(game, shooters))
        yield from moves("approach", approach(game, walk, shooters))
        yield "hold", Wait()
    if hero.has_relic and usable_stairs(floor, player.pos, "up"):
        yield "climb", TakeStairs("up")
    if game.turn >= memory.chase_pause_until and not weak:
        yield from moves("approach", approach(game, walk, foes))
    if hero.has_relic:
        yield from moves("return", toward(floor, walk, stairs_mask(floor, "up"), player.pos))
    down: list[Step] = []

    def way_down() -> Step:
        """The first step toward known stairs down (flooded once, when first asked)."""
        if not down:
            down.append(toward(floor, safe, stairs_mask(floor, "down"), player.pos))
        return down[0]

    going_down = not hero.has_relic and game.depth < game.last_depth
    den = dens(game, memory) if going_down else None
    safe = walk if den is None else walk & ~den
    yield from explore(game, memory, safe, way_down if going_down else None)
    if going_down:
        if usable_stairs(floor, player.pos, "down"):
            if not awake and _rested_enough(game, memory):
                yield "rest", _rest(game)
            if not weak:
                yield "descend", TakeStairs("down")
        yield from moves("descend", way_down())
    if den is not None:
        yield from moves("descend", toward(floor, walk, stairs_mask(floor, "down"), player.pos))
        yield from explore(game, memory, walk, None)
    yield from stuck(game, memory)
    yield "wait", _rest(game) if player.hp < player.max_hp else Wait()


def _rest(game: Game) -> Action:
    """A turn of rest when no monster is in view (what R does), else a turn of searching."""
    return Search() if isinstance(rest.begin(game), str) else Rest()
