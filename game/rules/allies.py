"""Captives and allies (issue 29; Brogue CE's captives are the anchor).

A captive stands shackled in an encounter (game.dressing.captives): it does not act, and no one
attacks it. The hero frees it with one action next to it (the use key towards it, or a step into
it): its guards need not be dead, but freeing it under their blows is a gamble. Freed, it is an
ally: it follows the hero, fights the hero's foes (game.ai.allies) and the foes fight it back;
it comes along on the stairs when near the hero; it can be told to wait or follow (one order for
all, costing no time). The hero leads at most MAX_ALLIES. A foe an ally kills gives the hero its
full experience: the hero led the fight, and a run with allies should not level more slowly.
"""

from __future__ import annotations

from game.floorplan import Point, king_distance
from game.pathing import walk_distance
from game.rules.actions import Impossible, Result, Success
from game.world import dungeon
from game.world.kinds import MessageKind, Mode
from game.world.model import Actor, Floor, Game

MAX_ALLIES = 3
"""Allies the hero may lead at once: a fourth captive stays in its chains."""
STAIRS_RANGE = 6
"""A following ally within this walk of the hero takes the stairs with it: near enough to hear
the hero go and follow on its heels, round a corner too."""
STAIRS_WALK = 9
"""...counted in square steps (game.pathing.walk_distance): a diagonal is two."""
HEAL_EVERY = 5
"""An ally heals one hit point every this many turns (the hero: every 6, game.turns)."""


def allies(floor: Floor) -> list[Actor]:
    """The living allies on `floor`, in id order."""
    return sorted((m for m in floor.monsters if m.ally and m.alive), key=lambda m: m.id)


def all_allies(game: Game) -> list[Actor]:
    """Every living ally of the run, on any floor (the limit counts those left waiting too)."""
    return [a for depth in sorted(game.floors) for a in allies(game.floors[depth])]


def captive_at(floor: Floor, spot: Point) -> Actor | None:
    """The shackled captive standing at `spot`, if any."""
    found = floor.monster_at(*spot) if floor.in_bounds(*spot) else None
    return found if found is not None and found.captive else None


def captive_beside(game: Game, actor: Actor, x: int, y: int) -> Actor | None:
    """The captive an Interact at (x, y) means: there, or ((-1, -1)) the first one beside the
    hero in reading order."""
    floor = game.floor
    if (x, y) != (-1, -1):
        return captive_at(floor, (x, y)) if king_distance(actor.pos, (x, y)) == 1 else None
    beside = [(actor.y + dy, actor.x + dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]
    for row, column in sorted(beside):
        found = captive_at(floor, (column, row))
        if found is not None:
            return found
    return None


def free(game: Game, captive: Actor) -> Result:
    """Break the captive's shackles: it becomes an ally, unless the hero leads MAX_ALLIES."""
    if len(all_allies(game)) >= MAX_ALLIES:
        return Impossible(f"You already lead {MAX_ALLIES} allies: the {captive.name} stays in"
                          " its chains (an ally must fall before another can join you).")
    captive.captive, captive.ally, captive.waiting = False, True, False
    captive.mode, captive.group, captive.energy = Mode.HUNT, -1, 0
    game.log(f"You break the {captive.name}'s shackles: it joins you as an ally!",
             MessageKind.BOON)
    return Success()


def swap(game: Game, ally: Actor) -> Result:
    """The hero steps into an ally's square: they change places."""
    floor, hero = game.floor, game.player
    there, here = ally.pos, hero.pos
    floor.relocate(ally, -1, -1)
    floor.relocate(hero, *there)
    floor.relocate(ally, *here)
    game.log(f"You change places with the {ally.name}.")
    return Success()


def order(game: Game, wait: bool) -> Result:
    """Tell every ally on this floor to wait where it stands, or to follow: no time passes."""
    here = allies(game.floor)
    if not here:
        return Impossible("You have no allies here to give orders to.")
    for ally in here:
        ally.waiting = wait
    who = "your ally" if len(here) == 1 else "your allies"
    game.log(f"You tell {who} to {'wait here' if wait else 'follow you'}.", MessageKind.INFO)
    return Success(turns=0)


def heal(game: Game, ally: Actor) -> None:
    """An ally's slow healing, once a turn."""
    if game.turn % HEAL_EVERY == 0 and 0 < ally.hp < ally.max_hp:
        ally.hp += 1


def depart(game: Game) -> list[Actor]:
    """The following allies near enough to take the stairs with the hero, taken off the floor
    it leaves (call before the hero moves)."""
    hero, floor = game.player.pos, game.floor
    following = [a for a in allies(floor)
                 if not a.waiting and king_distance(a.pos, hero) <= STAIRS_RANGE]
    if not following:
        return []
    walk = floor.walkable()
    for ally in following:
        walk[ally.y, ally.x] = True  # an ally in a doorway stands on a walkable tile
    dist = walk_distance(walk, [hero])
    party = [a for a in following if dist[a.y, a.x] <= STAIRS_WALK]
    gone = {a.id for a in party}
    game.floor.monsters = [m for m in game.floor.monsters if m.id not in gone]
    return party


def arrive(game: Game, party: list[Actor], left: Floor) -> None:
    """Put the allies who took the stairs down beside the hero on the new floor, and say so;
    one with no room there stays behind on `left`, waiting where it stood."""
    spots = dungeon.spots_near(game, game.floor, game.player.pos, len(party))
    for ally, spot in zip(party, spots, strict=False):
        ally.x, ally.y = spot
        ally.energy = 0
        game.floor.monsters.append(ally)
    for ally in party[len(spots):]:
        ally.waiting = True
        left.monsters.append(ally)
    if not spots:
        return
    names = ", ".join(f"the {a.name}" for a in party[: len(spots)])
    game.log(f"Your allies follow you: {names}." if len(spots) > 1
             else f"Your ally follows you: {names}.", MessageKind.INFO)
