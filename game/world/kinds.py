"""The engine's vocabulary: what a message means, what a monster is doing, where a hero arrives.

The engine says what happened (a kind of message, a mode, an outcome) and never how it looks:
only `game/ui` turns a message kind into a colour. Values that a save stores are `StrEnum`s whose
values are the strings earlier versions wrote, so saves and state hashes stay byte-identical.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from game.content.bestiary import Role


class MessageKind(StrEnum):
    """What a log message says happened; the screen picks its colour (game/ui/draw.py), a save
    stores the value."""

    INFO = "info"
    """Plain news: what lies here, what the hero sees or does that changes nothing much."""
    COMBAT = "combat"
    """Blows given and missed, missiles flying, a foe falling or breaking to run."""
    HURT = "hurt"
    """The hero loses hit points (a blow, a trap, a burn, poison)."""
    DEATH = "death"
    """The hero dies."""
    DANGER = "danger"
    """A threat: a foe notices the hero or rises, a trap springs or is seen underfoot."""
    DISCOVERY = "discovery"
    """Something found or learnt: a search, an identified item, the map, a foe's whereabouts."""
    ITEM = "item"
    """Things picked up, dropped, worn, fired or lost; gold."""
    DOOR = "door"
    """A door opens, closes, is unlocked, forced or holds."""
    PROGRESS = "progress"
    """The run moves on: it begins, a new depth, a level gained, the relic taken, the win."""
    BOON = "boon"
    """The hero is healed, strengthened or blessed, or an ill wears off."""
    MAGIC = "magic"
    """A spell, scroll, wand, potion or teleporter takes hold of someone."""
    NOISE = "noise"
    """Something heard out of sight (a rest stops for it)."""
    SYSTEM = "system"
    """The game rather than the dungeon speaks: a refusal, an activity's stop, a file problem."""


class Mode(StrEnum):
    """What a monster is doing (saved as these strings)."""

    ASLEEP = "asleep"
    HUNT = "hunt"
    WANDER = "wander"
    FLEE = "flee"
    GUARD = "guard"


RESTING: tuple[Mode, ...] = (Mode.ASLEEP, Mode.WANDER, Mode.GUARD)
"""The modes of a monster not yet fighting, which noise wakes: a tuple made once, because
every `Mode.X` is a lookup through the enum's metaclass and these are tested for every monster
of every turn."""


class Outcome(StrEnum):
    """How the run stands: playing ("") until the hero dies or wins."""

    PLAYING = ""
    DEAD = "dead"
    WON = "won"


ActorRole = Role | Literal["player"]
"""An actor's role: the hero's own, or a monster's bestiary role."""

Part = Literal[
    "", "controller", "striker", "commander", "troop", "beast", "melee", "archer", "wolf", "boss",
]
"""A monster's place in its encounter's tactic (game.ai.tactics); "" for none."""
PARTS: tuple[Part, ...] = (
    "", "controller", "striker", "commander", "troop", "beast", "melee", "archer", "wolf", "boss",
)

Landing = Literal["arrival", "exit", "random"]
"""Where `change_floor` puts the hero: the floor's arrival (coming down), its exit (coming up), or
a random safe spot (a fall)."""

StairsWay = Literal["up", "down"]
"""Which way a flight of stairs is taken."""
