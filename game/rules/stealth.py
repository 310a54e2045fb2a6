"""The hero's stealth, in one place: a sum of named parts that the character screen shows and
the monsters' notice chance (game.ai.monsters.notice_chance) reads.

The parts, each a function of the game:
- armour and gear: what worn things add (plate clanks, a ring of stealth hushes);
- sneaking: a quiet turn (walking, waiting, using things) +1, a loud one (a blow, a shot, a
  throw, a zap, a shove) -2: a fight is heard;
- resting: resting or searching this turn +2, still and low;
- light: the light where the hero stands, the hero's own not counted (game.world.light): bright
  (a brazier, a lamp near) -2, dark (a cave, a corridor, an unlit room) +1, shrouded by a
  potion of darkness +2;
- talents: what the stealth path's talents add (game.rules.talents.stealth_bonus).

What the hero did this turn is `Game.stance` (the turn loop sets it from the action before the
monsters act; not saved: each turn sets it again). To add a part, append a (name, function)
pair to PARTS.

A monster's state as the player sees it (`awareness`: asleep, unaware, hunting, fleeing) lives
here too: the map marks it and describe names it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from game.rules import gear, talents
from game.world import light
from game.world.kinds import Mode
from game.world.model import Actor, Game

QUIET: Final = "quiet"
LOUD: Final = "loud"
STILL: Final = "still"
STANCES: Final = (QUIET, LOUD, STILL)
"""What the hero's turn sounded like (Game.stance)."""

SNEAKING: Final = {QUIET: 1, STILL: 1, LOUD: -2}
BASELINE: Final = 1
"""The stealth of a quiet turn in plain clothes away from lights: the monsters' notice chance
is game.ai.monsters.NOTICE_CHANCE there, less STEALTH_STEP a point above it."""
RESTING: Final = 2
LIGHT: Final = 2
DARK: Final = 1
LOUD_ACTIONS: Final = ("Attack", "Fire", "Throw", "Zap", "Shove")
STILL_ACTIONS: Final = ("Rest", "Search")
"""The actions (game.rules.actions, by class name: the map's drawing loads this module, not
the rules of play) that make a turn loud, or still."""


def stance_of(action: object) -> str:
    """The stance a turn spent on `action` leaves the hero in."""
    name = type(action).__name__
    if name in LOUD_ACTIONS:
        return LOUD
    if name in STILL_ACTIONS:
        return STILL
    return QUIET


def _gear(game: Game) -> int:
    return gear.total(game.hero, "stealth")


def _sneaking(game: Game) -> int:
    return SNEAKING.get(game.stance, SNEAKING[QUIET])


def _resting(game: Game) -> int:
    return RESTING if game.stance == STILL else 0


def _light(game: Game) -> int:
    player = game.player
    if "darkened" in player.effects:
        return LIGHT
    level = light.level_at(game.floor, player.x, player.y)
    if level >= light.BRIGHT:
        return -LIGHT
    return DARK if level < light.SEEN else 0


def _talents(game: Game) -> int:
    return talents.stealth_bonus(game.hero)


Part = Callable[[Game], int]
PARTS: list[tuple[str, Part]] = [
    ("armour and gear", _gear), ("sneaking", _sneaking), ("resting", _resting),
    ("light", _light), ("talents", _talents),
]
"""The parts of the hero's stealth, in the order the character screen lists them."""

WHY: Final = {
    "armour and gear": "what you wear",
    "sneaking": "+1 a quiet turn, -2 a turn of fighting",
    "resting": "+2 while you rest or search",
    "light": "-2 in bright light, +1 in the dark, +2 darkened",
    "talents": "what your stealth talents add",
}
"""What each part means, for the character screen."""


def stealth_parts(game: Game) -> list[tuple[str, int]]:
    """Each part of the hero's stealth now, by name."""
    return [(name, part(game)) for name, part in PARTS]


def stealth(game: Game) -> int:
    """The hero's stealth: the sum of its parts (above 0 idle monsters notice the hero less)."""
    return sum(value for _, value in stealth_parts(game))


AWARENESS: Final = {
    Mode.ASLEEP: "asleep", Mode.WANDER: "unaware", Mode.GUARD: "unaware",
    Mode.HUNT: "hunting", Mode.FLEE: "fleeing",
}
"""What a monster knows of the hero, by its mode: asleep; awake but unaware (wandering, or
guarding a den without having seen the hero); hunting the hero; fleeing."""
AWARENESS_WORDS: Final = {
    "asleep": "asleep", "unaware": "unaware of you", "hunting": "hunting you",
    "fleeing": "fleeing",
}
"""How describe says each state."""


def awareness(actor: Actor) -> str:
    """A monster's state as the player sees it: "asleep", "unaware", "hunting" or "fleeing"
    (any other mode by its own name)."""
    return AWARENESS.get(actor.mode, str(actor.mode))
