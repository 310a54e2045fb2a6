"""Traps and searching. A hidden trap fires on whoever sets it off; searching finds traps,
trapped doors and hidden treasure, with a chance that falls with distance, and secret doors right
beside the searcher (SECRET_CHANCE a turn: a dead-end corridor is worth a few turns)."""

from __future__ import annotations

from game import tiles
from game.floorplan import Point, king_distance
from game.rules.actions import Result, Success
from game.rules.noise import make_noise
from game.world.kinds import MessageKind, Mode
from game.world.model import PLAYER_ID, Actor, Game, Trap

WOUNDS = {
    "pit": ("1d6", "You fall into a pit"),
    "dart": ("1d6", "A dart shoots out and hits you"),
    "poison_needle": ("1d6+1", "A poisoned needle in the lock pricks you"),
    "scything_blade": ("2d8", "A scything blade swings out of the wall and cuts you"),
}
"""Traps that hurt: their damage (plus half the depth) and what the player reads. A pit is ten
feet deep (its table says so: 1d6 a ten feet, a climb out): you climb back out where you fell;
the trapdoor is the one that drops you a floor."""
SEARCH_RADIUS = 5
SECRET_CHANCE = 0.35
"""The chance a turn of searching finds each secret door beside the searcher."""
NEIGHBOURS = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
ALARM_RADIUS = 1000


def spring(game: Game, victim: Actor, pos: Point, trap: Trap) -> None:
    """Set off a trap at `pos` on the player (monsters know their lair's traps)."""
    from game.rules import combat
    from game.world import dungeon

    trap.found = True
    trap.spent = trap.kind != "alarm"
    floor = game.floor
    if trap.kind in WOUNDS:
        dice, text = WOUNDS[trap.kind]
        damage = game.rng.roll(dice) + floor.depth // 2
        victim.hp -= damage
        game.log(f"{text} for {damage}!", MessageKind.HURT)
        if victim.hp <= 0:
            name = trap.kind.replace("_", " ")
            combat.die(game, victim, None, cause=f"killed by a {name} trap on depth {floor.depth}")
        elif trap.kind == "pit":
            game.log("You climb back out.")
    elif trap.kind == "trapdoor":
        fall(game, victim, "A trapdoor gives way beneath you")
    elif trap.kind == "teleport":
        spot = dungeon.random_free_spot(game, game.floor, safe=True)
        victim.x, victim.y = spot
        game.log("A flash of light: you are somewhere else!", MessageKind.DANGER)
    else:
        woken = make_noise(game, pos, ALARM_RADIUS)
        # the hero hears the stirring, not a head count
        stirring = " Somewhere, things stir." if woken else ""
        game.log(f"An alarm shrieks!{stirring}", MessageKind.DANGER)


def fall(game: Game, victim: Actor, what: str) -> None:
    """`what` ("A trapdoor gives way beneath you") drops the victim to a random spot on the
    floor below for 1d6; on the deepest floor there is no below, and it climbs out."""
    from game.rules import combat
    from game.world import dungeon

    depth = game.floor.depth
    if depth >= game.last_depth:
        game.log(f"{what}, but the bottom is near: you climb out.", MessageKind.DANGER)
        return
    game.log(f"{what}: you fall!", MessageKind.DANGER)
    victim.hp -= game.rng.roll("1d6")
    if victim.hp <= 0:
        combat.die(game, victim, None, cause=f"fell to death from depth {depth}")
        return
    dungeon.fall(game, depth + 1)


def drop(game: Game, monster: Actor, name: str, by: Actor | None = None) -> None:
    """A monster goes into a chasm or a hole (`name`): it falls to a random spot of the floor
    below, hurt for 1d6 and awake (a fall that kills it counts as `by`'s kill); on the deepest
    floor it climbs out, hurt."""
    from game.rules import combat
    from game.world import dungeon

    floor, depth = game.floor, game.floor.depth
    if floor.visible[monster.y, monster.x]:
        game.log(f"The {monster.name} falls into the {name}!", MessageKind.COMBAT)
    monster.hp -= game.rng.roll("1d6")
    if monster.hp <= 0:
        combat.die(game, monster, by)
        return
    if depth >= game.last_depth:
        return  # nowhere to fall: it climbs back out where it went in
    below = dungeon.floor_at(game, depth + 1)
    floor.monsters = [m for m in floor.monsters if m.id != monster.id]
    monster.x, monster.y = dungeon.random_free_spot(game, below)
    monster.mode = Mode.WANDER
    monster.goal = None
    monster.energy = 0  # the rest of its turn is the fall
    below.monsters.append(monster)


def search(game: Game, searcher: Actor, quiet: bool = False) -> Result:
    """One turn of searching: hidden things nearby may be found, the nearer the likelier.
    `quiet` (a turn of rest): say only what was found, never "nothing"."""
    floor = game.floor
    sx, sy = searcher.pos
    found: list[str] = []
    for (x, y), trap in floor.traps.items():
        if not trap.found and not trap.spent and _spotted(game, sx, sy, x, y):
            trap.found = True
            door = floor.doors.get((x, y))
            if door is not None:
                door.trap_found = True
                found.append("a trap on a door")
            else:
                found.append(f"a {trap.kind} trap")
    for (x, y), gold in sorted(floor.treasure.items()):
        if _spotted(game, sx, sy, x, y):
            del floor.treasure[(x, y)]
            from game.world.dungeon import drop_gold

            drop_gold(game, floor, (x, y), gold)
            found.append("hidden treasure")
    for dx, dy in NEIGHBOURS:
        x, y = sx + dx, sy + dy
        if (floor.in_bounds(x, y) and floor.tiles[y, x] == tiles.SECRET_DOOR
                and game.rng.chance(SECRET_CHANCE)):
            floor.tiles[y, x] = tiles.DOOR
            found.append("a secret door")
    if searcher.id == PLAYER_ID:  # a search always reports (a run of them stacks: "x5")
        if found:
            game.log(f"You find {', '.join(found)}!", MessageKind.DISCOVERY)
        elif not quiet:
            game.log("You search and find nothing.")
    return Success()


def spot_chance(distance: int) -> float:
    """The chance a turn of searching finds a hidden trap or treasure `distance` squares away:
    the nearer, the likelier, nothing past SEARCH_RADIUS. (A trap's rolled search DC is the game
    master's number, shown in the key; the hero's search does not read it.)"""
    return 0.6 / (1 + distance) if distance <= SEARCH_RADIUS else 0.0


def _spotted(game: Game, sx: int, sy: int, x: int, y: int) -> bool:
    distance = king_distance((x, y), (sx, sy))
    if distance > SEARCH_RADIUS or not game.floor.explored[y, x]:
        return False
    if not tiles.WALKABLE[game.floor.tiles[y, x]]:
        return False
    return game.rng.chance(spot_chance(distance))
