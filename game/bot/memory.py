"""What the autoplay bot remembers between turns, and what it reads off the game each turn: the
monsters in view and the items it carries by their effect."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from game.content.items import kind_of
from game.rules import identify
from game.rules.actions import Action, Move
from game.world.model import Actor, Game, Item

SLEEPY = ("asleep", "guard", "wander")
"""Monsters in these modes have not noticed the hero: no threat yet, and no reason to stop
resting (they are left alone or attacked on the bot's own terms)."""
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
    """After taking cover, hold still until this turn."""
    cover_rounds: int = 0
    """Cover-and-hold rounds since the last blow struck."""
    cover_off_until: int = -1
    """Until this turn the bot takes no cover: the shooters would not come."""
    failed: list[Action] = field(default_factory=list)
    """Actions refused since time last passed: not offered again until it does."""
    impossible_streak: int = 0
    visited: list[int] = field(default_factory=list)
    """Depths in order of first visit."""
    spent: list[int] = field(default_factory=list)
    """Ids of wands whose zap was refused (no charges left): left alone until recharged."""
    reason: str = ""
    """Why the last action was chosen (approach, search, retry, ...)."""
    tried: list[tuple[int, int, int]] = field(default_factory=list)
    """(depth, x, y) of features the bot has used or tried to: never walked back to."""
    feature_steps: dict[int, int] = field(default_factory=dict)
    """Depth -> steps taken toward features there."""
    tried_on: list[int] = field(default_factory=list)
    """Ids of unknown rings and amulets put on once to learn them."""
    trade_steps: dict[int, int] = field(default_factory=dict)
    """Depth -> steps taken toward merchants and altars there (game.bot.trading)."""
    offered: list[tuple[int, int, int]] = field(default_factory=list)
    """(depth, x, y) of altars and shrines the bot has made its offering at."""


def visible_monsters(game: Game) -> list[Actor]:
    """The living foes in the hero's view (allies and captives are not foes)."""
    floor = game.floor
    return [m for m in floor.monsters if m.alive and m.hostile and floor.visible[m.y, m.x]]


def carried(game: Game, effect: str) -> list[Item]:
    """Carried items the hero knows to have `effect` ("heal", "teleport": game.rules.effects), in
    pack order: an unknown potion may heal, but the bot counts only on what it knows."""
    return [item for item in game.hero.inventory
            if kind_of(item.kind).effect == effect and identify.known(game, item.kind)]


def moves(reason: str, step: Step) -> Iterator[tuple[str, Action]]:
    """The candidate move `step`, for `reason`, when there is one."""
    if step is not None:
        yield reason, Move(*step)
