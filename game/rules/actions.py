"""Actions (one small frozen class per verb) and their results.

A result is Success (a turn passes), Impossible(reason) (no turn passes) or Alternative(action):
walking into a door becomes opening it, walking into a monster becomes attacking it. Replays and
the bot record actions, never raw input events.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.floorplan import Point
from game.world.kinds import StairsWay


@dataclass(frozen=True, slots=True)
class Success:
    """The action happened; `turns` is how long it took."""

    turns: int = 1


@dataclass(frozen=True, slots=True)
class Impossible:
    """The action cannot happen; no time passes. `reason` is shown to the player."""

    reason: str


@dataclass(frozen=True, slots=True)
class Illegal(Impossible):
    """Not an action this state has at all (a forged step, an item not carried): refused
    before any rule runs. The interface shows the reason like any Impossible; a replay that
    holds one is refused."""


@dataclass(frozen=True, slots=True)
class Alternative:
    """Do this instead (a bump into a door opens it)."""

    action: Action


Result = Success | Impossible | Alternative
"""(Illegal is an Impossible.)"""


@dataclass(frozen=True, slots=True)
class Move:
    dx: int
    dy: int


@dataclass(frozen=True, slots=True)
class Attack:
    target: int
    """The id of the actor attacked."""


@dataclass(frozen=True, slots=True)
class Wait:
    pass


@dataclass(frozen=True, slots=True)
class OpenDoor:
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class CloseDoor:
    x: int
    y: int


@dataclass(frozen=True, slots=True)
class PickUp:
    """The first thing underfoot; `auto`: all that auto-pickup takes, in no time (the
    interface issues it after a step, so replays record it like any other action)."""

    auto: bool = False


@dataclass(frozen=True, slots=True)
class Drop:
    item: int


@dataclass(frozen=True, slots=True)
class Use:
    item: int
    target: Point | None = None


@dataclass(frozen=True, slots=True)
class Zap:
    """Zap a carried wand at a square: its effect travels the line from the hero toward it."""

    item: int
    target: Point


@dataclass(frozen=True, slots=True)
class Equip:
    item: int


@dataclass(frozen=True, slots=True)
class Search:
    """One turn of searching nearby for hidden traps and treasure."""


@dataclass(frozen=True, slots=True)
class Fire:
    """Fire the readied missile (game.rules.missiles.readied: the launcher's ammunition, else
    the quivered or first throwing weapon) toward (x, y)."""

    target: Point


@dataclass(frozen=True, slots=True)
class Throw:
    """Throw one of the carried item `item` toward (x, y)."""

    item: int
    target: Point


@dataclass(frozen=True, slots=True)
class Quiver:
    """Make `item`'s kind what Fire throws or shoots when no launcher's ammunition is carried;
    no time passes."""

    item: int


@dataclass(frozen=True, slots=True)
class Rest:
    """One turn of resting: the hero also looks about quietly (a search that speaks only when
    it finds something). The interface repeats it (R, Z) until a stop (game.rules.rest)."""


@dataclass(frozen=True, slots=True)
class Eat:
    """Eat a carried food item (game.rules.hunger)."""

    item: int


@dataclass(frozen=True, slots=True)
class Interact:
    """Use the chamber feature at (x, y); (-1, -1): the one here, else the first one next to you."""

    x: int = -1
    y: int = -1


@dataclass(frozen=True, slots=True)
class Shove:
    """Push the monster beside the hero at (dx, dy) one square further (game.rules.shove)."""

    dx: int
    dy: int


@dataclass(frozen=True, slots=True)
class TakeStairs:
    direction: StairsWay


@dataclass(frozen=True, slots=True)
class ChooseLevelUp:
    """Spend a pending level-up on one of the talents it offers (`Hero.offers`); the four old
    choices (hp, attack, defense, strength) stand for their talents."""

    choice: str


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy the ware `item` from the merchant `merchant` beside the hero (game.rules.trade)."""

    merchant: int
    item: int


@dataclass(frozen=True, slots=True)
class Sell:
    """Sell the carried `item` to the merchant `merchant` beside the hero (game.rules.trade)."""

    merchant: int
    item: int


@dataclass(frozen=True, slots=True)
class Offer:
    """Offer `gold` at the altar or shrine at (x, y), beside the hero (game.rules.features)."""

    x: int
    y: int
    gold: int


@dataclass(frozen=True, slots=True)
class UseTalent:
    """Use the hero's active talent `key` (game.rules.feats), aimed at `target` when it aims."""

    key: str
    target: Point | None = None


@dataclass(frozen=True, slots=True)
class OrderAllies:
    """Tell the allies on this floor to wait where they stand (True) or follow (False); it
    takes no time (game.rules.allies)."""

    wait: bool


@dataclass(frozen=True, slots=True)
class GiveUp:
    """The hero gives up: the run ends here as a death would, with its morgue file, score and
    recording (NetHack's #quit, DCSS's "quit and lose the character"). Only the hero may."""


Action = (
    Move | Attack | Wait | OpenDoor | CloseDoor | PickUp | Drop | Use | Equip | Search
    | TakeStairs | ChooseLevelUp | Interact | Zap | Fire | Throw | Quiver | Rest | Shove | Eat
    | Buy | Sell | Offer | UseTalent | OrderAllies | GiveUp
)

ACTION_TYPES: dict[str, type[Action]] = {
    cls.__name__: cls
    for cls in (Move, Attack, Wait, OpenDoor, CloseDoor, PickUp, Drop, Use, Equip, Search,
                TakeStairs, ChooseLevelUp, Interact, Zap, Fire, Throw, Quiver, Rest, Shove, Eat,
                Buy, Sell, Offer, UseTalent, OrderAllies, GiveUp)
}
"""By name: replays store an action as its class name and fields."""
