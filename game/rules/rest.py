"""Resting: when a rest may begin and why it stops. The interface (R, Z) and the bot repeat the
Rest action (a turn of rest and quiet searching) and ask `interruption` before each one."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules import hunger
from game.world.kinds import MessageKind
from game.world.model import Game, Message

REST_TURNS = 100
"""Z rests (and searches) this many turns at most."""


@dataclass
class Watch:
    """What the hero knew when the rest began: who was in view, the last noise heard, the hit
    points (a rest stops when any of these changes for the worse)."""

    seen: frozenset[int]
    noise: tuple[Message | None, int]
    hp: int
    hunger: str = ""
    """The hunger state (game.rules.hunger): a rest stops when it grows worse."""


def in_view(game: Game) -> frozenset[int]:
    floor = game.floor
    return frozenset(m.id for m in floor.monsters
                     if m.alive and m.hostile and floor.visible[m.y, m.x])


def _last_noise(game: Game) -> tuple[Message | None, int]:
    for message in reversed(game.messages.messages):
        if message.kind == MessageKind.NOISE:
            return message, message.count
    return None, 0


def begin(game: Game) -> Watch | str:
    """A watch for a rest starting now, or why the hero cannot rest."""
    if in_view(game):
        return "You cannot rest with enemies in view."
    return Watch(in_view(game), _last_noise(game), game.player.hp, hunger.state(game.hero))


def interruption(game: Game, watch: Watch, until_healed: bool) -> str:
    """Why the rest stops before its next turn ("" to go on): healed (when resting until
    healed), something in view (a wandering band come hunting too), a noise heard (a band's
    arrival among them), hurt, or hungrier."""
    player = game.player
    newcomers = sorted(in_view(game) - watch.seen)
    if newcomers:
        name = next(m.name for m in game.floor.monsters if m.id == newcomers[0])
        return f"You stop resting: {'an' if name[:1] in 'aeiou' else 'a'} {name} comes into view."
    heard, count = _last_noise(game)
    if heard is not None and (heard is not watch.noise[0] or count != watch.noise[1]):
        return f"You stop resting: {heard.text[0].lower()}{heard.text[1:]}"
    if player.hp < watch.hp:
        return "You stop resting: you are hurt."
    watch.hp = player.hp
    if hunger.state(game.hero) != watch.hunger:
        watch.hunger = hunger.state(game.hero)
        if watch.hunger:
            return f"You stop resting: you are {watch.hunger.lower()}."
    if until_healed and player.hp >= player.max_hp:
        return "You stop resting: you are fully healed."
    return ""
