"""Doors play as rolled: stuck doors need strength, locked ones a key or force, reinforced ones a
key or a scroll of knock; trapped ones fire unless the trap was found."""

from __future__ import annotations

from game import tiles
from game.rules.actions import Impossible, Result, Success
from game.rules.noise import DOOR_SOUND, hear, make_noise
from game.world.kinds import MessageKind
from game.world.model import PLAYER_ID, Actor, DoorState, Game

FORCE_NOISE = 10
OPENINGS = {
    "slides_side": "The door slides into the wall.",
    "slides_down": "The door slides down into the floor.",
    "slides_up": "The door slides up into the ceiling.",
}


def door_name(door: DoorState) -> str:
    quality = "" if door.quality in ("", "none") else f"{door.quality} "
    return f"{quality}{door.material} door"


def describe(door: DoorState) -> str:
    """The door as the player knows it (type and DC once seen up close)."""
    text = door_name(door)
    text = f"{'an' if text[:1] in 'aeiou' else 'a'} {text}"
    if not door.known:
        return text
    parts = [door.state if not door.is_open else "open"]
    if door.reinforced and door.state != "broken":
        parts.append("magically reinforced")
    if door.opening in OPENINGS:
        parts.append(door.opening.replace("_", " "))
    if door.trap_found and door.trapped:
        parts.append("trapped")
    if door.dc is not None and not door.is_open:
        parts.append(f"DC {door.dc}")
    return f"{text} ({', '.join(parts)})"


def has_key(game: Game, door_pos: tuple[int, int]) -> bool:
    return any(i.kind == "key" and i.key_for == door_pos for i in game.hero.inventory)


def key_here(game: Game, door: tuple[int, int]) -> bool:
    """Whether the key to `door` lies somewhere on this floor."""
    return any(i.kind == "key" and i.key_for == door for i in game.floor.items)


def key_hint(game: Game, door: tuple[int, int]) -> str:
    """What a locked door says about its key: where it is, as far as the floor tells."""
    return "its key lies on this floor" if key_here(game, door) else "its key is not on this floor"


def open_door(game: Game, actor: Actor, x: int, y: int) -> Result:
    floor = game.floor
    door = floor.doors.get((x, y))
    if door is None or floor.tiles[y, x] == tiles.SECRET_DOOR:
        return Impossible("There is no door there.")
    if door.is_open:
        return Impossible("That door is already open.")
    if floor.monster_at(x, y) is not None:
        return Impossible("Something is in the way.")
    player = actor.id == PLAYER_ID
    if player:
        door.known = True
    if not player:
        return _monster_opens(game, actor, door, x, y)
    if door.sealed:
        if has_key(game, (x, y)):
            game.log(f"The {door_name(door)} opens with the key you carry.", MessageKind.DOOR)
            door.state = "unlocked"
            door.reinforced = False
        elif door.reinforced:
            return Impossible(f"The door is held shut by magic: {key_hint(game, (x, y))};"
                              " it needs its key or a knock.")
        else:
            return _force(game, door, x, y, natural_20=False)
    elif door.state == "stuck":
        return _force(game, door, x, y, natural_20=True)
    _swing_open(game, actor, door, x, y)
    return Success()


def _force(game: Game, door: DoorState, x: int, y: int, natural_20: bool) -> Result:
    """A strength check against the break DC; every try takes a turn and makes noise (monsters
    come: that is the cost). A failed try weakens the door, its DC one lower for the next, as a
    game master rules a party hammering at it: no door short of magic holds out for ever."""
    make_noise(game, (x, y), FORCE_NOISE)
    roll = game.rng.randint(1, 20)
    dc = door.dc if door.dc is not None else 10
    if (natural_20 and roll == 20) or roll + game.hero.strength >= dc:
        verb = "force" if door.state == "stuck" else "break"
        door.state = "broken"
        game.log(f"You {verb} the {door_name(door)} open ({roll}+{game.hero.strength} vs DC {dc}).",
                 MessageKind.DOOR)
        _swing_open(game, game.player, door, x, y)
    else:
        door.dc = dc - 1
        what = "stuck" if door.state == "stuck" else f"locked: {key_hint(game, (x, y))}"
        game.log(f"The door is {what} ({roll}+{game.hero.strength} vs DC {dc}): it gives a little.",
                 MessageKind.DOOR)
    return Success()


def _monster_opens(game: Game, actor: Actor, door: DoorState, x: int, y: int) -> Result:
    if not actor.opens_doors or door.sealed:
        return Impossible("blocked by a door")
    if door.state == "stuck" and game.rng.randint(1, 20) + 2 < (door.dc or 10):
        make_noise(game, (x, y), FORCE_NOISE)
        return Success()
    door.state = "broken" if door.state == "stuck" else door.state
    _swing_open(game, actor, door, x, y)
    if game.floor.visible[y, x]:
        game.log(f"The {actor.name} opens a door.", MessageKind.DOOR)
    else:
        hear(game, (x, y), DOOR_SOUND, "a door open")
    return Success()


def _swing_open(game: Game, actor: Actor, door: DoorState, x: int, y: int) -> None:
    """Open the door; its trap fires on the player who opens it unwarned. Monsters know the traps
    of their lair and leave them set."""
    floor = game.floor
    door.is_open = True
    floor.tiles[y, x] = tiles.OPEN_DOOR
    if floor.visible[y, x] and door.opening in OPENINGS:
        game.log(OPENINGS[door.opening], MessageKind.DOOR)
    trap = floor.traps.get((x, y))
    if door.trapped and trap is not None and not trap.spent and actor.id == PLAYER_ID:
        if door.trap_found:
            game.log("You open the door carefully, keeping clear of its trap.", MessageKind.DOOR)
            trap.spent = True
        else:
            from game.rules.traps import spring

            spring(game, game.player, (x, y), trap)


def close_door(game: Game, actor: Actor, x: int, y: int) -> Result:
    floor = game.floor
    door = floor.doors.get((x, y))
    if door is None or not door.is_open:
        return Impossible("There is no open door there.")
    if floor.monster_at(x, y) is not None or (game.player.x, game.player.y) == (x, y):
        return Impossible("Something is in the doorway.")
    if floor.items_at(x, y):
        return Impossible("Something lies in the doorway.")
    door.is_open = False
    floor.tiles[y, x] = tiles.DOOR
    if actor.id == PLAYER_ID:
        game.log("You close the door.", MessageKind.DOOR)
    return Success()
