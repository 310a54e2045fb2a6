"""Noise wakes monsters: forcing doors, combat and alarms are heard within a radius; the hero hears
what happens out of sight within that radius too (and a rest stops for it: game.rules.rest)."""

from __future__ import annotations

from game.floorplan import Point, king_length
from game.world.kinds import RESTING, MessageKind, Mode
from game.world.model import PLAYER_ID, Actor, Game

DOOR_SOUND = 8
"""How far off the hero hears a door opened out of sight."""
PROVOKED_TURNS = 20
"""A monster the hero struck hunts this many of its turns past any leash or post (renewed by
each blow): a guard shot from beyond its den comes for the shooter."""


def make_noise(game: Game, origin: Point, radius: int) -> int:
    """Wake sleeping or wandering monsters within `radius` (straight line); returns how many."""
    ox, oy = origin
    reach = radius * radius
    woken = 0
    for monster in game.floor.monsters:  # every attack calls this: keep the loop lean
        if monster.mode in RESTING and (monster.x - ox) ** 2 + (monster.y - oy) ** 2 <= reach:
            monster.mode = Mode.HUNT
            woken += 1
    hear(game, origin, radius, "a noise")
    return woken


def hear(game: Game, origin: Point, radius: int, what: str) -> None:
    """The hero hears `what` from `origin`, out of sight and within `radius`: "You hear a noise
    to the north-east." (MessageKind.NOISE)."""
    player = game.player
    dx, dy = origin[0] - player.x, origin[1] - player.y
    if dx * dx + dy * dy > radius * radius or game.floor.visible[origin[1], origin[0]]:
        return
    game.log(f"You hear {what} to the {direction_word(dx, dy)}.", MessageKind.NOISE)


def way_to(game: Game, spot: Point) -> str:
    """"to your east", "5 squares north-west": where `spot` lies from the hero, as a player
    reads it (no coordinates)."""
    hero = game.player
    dx, dy = spot[0] - hero.x, spot[1] - hero.y
    steps, way = king_length(dx, dy), direction_word(dx, dy)
    if steps == 0:
        return "here"
    return f"to your {way}" if steps == 1 else f"{steps} squares {way}"


def direction_word(dx: int, dy: int) -> str:
    """"north", "south-west": the nearest of the eight ways from a step of (dx, dy)."""
    north_south = "north" if dy < 0 and 2 * -dy >= abs(dx) else (
        "south" if dy > 0 and 2 * dy >= abs(dx) else "")
    east_west = "east" if dx > 0 and 2 * dx >= abs(dy) else (
        "west" if dx < 0 and 2 * -dx >= abs(dy) else "")
    return "-".join(part for part in (north_south, east_west) if part) or "here"


def rouse(game: Game, victim: Actor) -> None:
    """The hero struck at `victim` (a blow, a shot, a throw or a bolt, hit or miss): it wakes and
    hunts its attacker, leaving any post (`provoked`), and its encounter is alerted as by a noise.
    """
    if victim.id == PLAYER_ID or not victim.alive:
        return
    if victim.mode in RESTING:
        victim.mode = Mode.HUNT
    victim.effects["provoked"] = PROVOKED_TURNS
    if victim.group < 0:
        return
    for member in game.floor.monsters:
        if member.group == victim.group and member.mode in RESTING and member.alive:
            member.mode = Mode.HUNT
