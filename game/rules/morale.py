"""Nerve: an encounter that loses its commander may rout; a pack half down scatters.

Called when a monster dies (game.rules.combat.die), so the news reaches the survivors at once.
Fleeing monsters then run down the shared flee map (game.ai.monsters).
"""

from __future__ import annotations

from game.world.kinds import MessageKind, Mode
from game.world.model import Actor, Game

NERVE_DC = 11
"""A troop whose commander falls keeps its nerve on d20 >= NERVE_DC (about half of them)."""


def after_death(game: Game, victim: Actor) -> None:
    """The dead monster's encounter reacts: troops test their nerve, a pack may scatter."""
    if victim.group < 0 or victim.part not in ("commander", "boss", "wolf"):
        return
    band = sorted((m for m in game.floor.monsters
                   if m.group == victim.group and m.alive and m.mode != Mode.FLEE),
                  key=lambda m: m.id)  # nerve rolls in id order, whatever the list's order
    if victim.part == "wolf":
        if band and 2 * (len(band) + _fled(game, victim.group)) <= victim.band:
            for wolf in band:
                wolf.mode = Mode.FLEE
            game.log("Half the pack is down: the rest scatter!", MessageKind.COMBAT)
        return
    routed = [m for m in band if m.part == "troop" and game.rng.randint(1, 20) < NERVE_DC]
    for troop in routed:
        troop.mode = Mode.FLEE
    if routed:
        game.log(f"With the {victim.name} fallen, {len(routed)} of its troops break and run!",
                 MessageKind.COMBAT)
    elif any(m.part == "troop" for m in band):
        game.log(f"The {victim.name} falls, but its troops stand firm.", MessageKind.DANGER)


def _fled(game: Game, group: int) -> int:
    return sum(1 for m in game.floor.monsters if m.group == group and m.mode == Mode.FLEE)
