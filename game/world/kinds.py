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
    """What a log message is about; the screen picks its colour (game/ui/draw.py)."""

    INFO = "info"
    """Plain news: picking up, dropping, wielding, what lies here."""
    WELCOME = "welcome"
    ARRIVAL = "arrival"
    """A new depth: its generator and fingerprint."""
    FUTILE = "futile"
    """An attack that misses, or an action that cannot be done."""
    HIT = "hit"
    """The hero or a monster hits a monster."""
    HURT = "hurt"
    """The hero takes damage (a blow or a trap)."""
    DEATH = "death"
    """The hero dies."""
    FOE_BEATEN = "foe_beaten"
    """A monster dies or turns to flee."""
    DANGER = "danger"
    """A threat: a den rises, the floor gives way, something could not be written."""
    NOTICED = "noticed"
    CONFUSED = "confused"
    RESISTED = "resisted"
    SPELL = "spell"
    """Magic takes hold of the hero or of a monster."""
    TRIUMPH = "triumph"
    """The run is won, or lightning strikes."""
    BOON = "boon"
    """A level gained or hit points healed."""
    RECOVERY = "recovery"
    """An effect wears off."""
    DISCOVERY = "discovery"
    """Something found by searching, or a teleporter crossed."""
    TELEPORT = "teleport"
    DOOR = "door"
    """A door opens, or a known trap is stepped past."""
    GOLD = "gold"
    """Gold picked up, or a key turned in its lock."""
    DEAD_END = "dead_end"
    FORCED = "forced"
    """A door broken or forced open."""
    STUCK = "stuck"
    """A door that resists forcing."""
    ALARM = "alarm"
    RELIC = "relic"
    MAPPED = "mapped"
    UNLOCKED = "unlocked"
    """A scroll throws a door's locks open."""
    NOISE = "noise"
    """Something heard out of sight (a rest stops for it)."""


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
