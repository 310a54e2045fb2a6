"""Wandering monsters: the game master's check as turns pass.

Shared seed 002's random dungeon makes "Random Encounter" one face of its corridor d20 (a 20:
one chance in twenty each time the map grows), and builds every encounter from the "Random
Encounter Types" d10 (game/assets/tables/encounter_templates.toml). Here time stands in for the
corridor: every CHECK_EVERY turns the game master rolls a d20, and every REST_CHECK_EVERY turns
while the hero rests (a resting party makes camp and is found); a 20 brings a band. The band is
a template rolled on the d10, composed by the dressing's own composer to an easy encounter's
budget at this depth, and arrives out of the hero's sight MIN_AWAY to MAX_AWAY steps away,
hunting: the hero hears it coming.

So a brisk floor of about 700 turns holds four or five checks (about one chance in five of a
band), while a hundred turns of rest hold six or seven more (about 30 %), and resting the whole
floor back to health after every fight meets several bands.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from game import tiles
from game.content.bestiary import default_bestiary
from game.dressing.budget import xp_budget
from game.dressing.composer import Composer
from game.dressing.model import TACTICS
from game.floorplan import Point
from game.pathing import UNREACHED, walk_distance
from game.pipeline import PARTY
from game.tables import default_tables
from game.world.build import part_of
from game.world.kinds import MessageKind, Mode
from game.world.model import Actor, Game
from game.world.spawning import spawn

CHECK_EVERY: Final = 150
"""Turns between the game master's checks while the hero is up and about."""
REST_CHECK_EVERY: Final = 15
"""Turns between checks while the hero rests."""
DIE: Final = 20
"""The check is a d20 and a band comes on a 20 (the seed's corridor table): 1 in 20."""
DIFFICULTY: Final = "easy"
"""A wandering band is an easy encounter of the depth: a toll on time, not a set piece."""
MIN_AWAY: Final = 12
MAX_AWAY: Final = 40
"""A band arrives this many steps' walk from the hero (and never where the hero sees)."""
SPREAD: Final = 3
"""Its members stand within this many steps of the spot it arrives at."""
MAX_BAND: Final = 8
ARRIVES: Final = "You hear something approaching..."


def due(turn: int, resting: bool) -> bool:
    """Whether the game master checks on this turn."""
    return turn % CHECK_EVERY == 0 or (resting and turn % REST_CHECK_EVERY == 0)


def check(game: Game, resting: bool) -> list[Actor]:
    """The check for the turn just ended (game.turn): the band that arrived, if one did. The
    play stream is drawn only on a check turn, so the rest of play keeps its draws."""
    if game.outcome or not due(game.turn, resting):
        return []
    if game.rng.randint(1, DIE) != DIE:
        return []
    return arrive(game)


def arrive(game: Game) -> list[Actor]:
    """A band from the tables, out of sight and hunting the hero (none when the floor has no
    hidden place far enough away)."""
    floor = game.floor
    spots = hidden_spots(game)
    if not spots:
        return []
    spot = spots[game.rng.below(len(spots))]
    template = default_tables().roll("encounter_templates", game.rng).string("key")
    composer = Composer(default_bestiary(), floor.depth, game.rng)
    party = composer.compose(template, xp_budget(floor.depth, DIFFICULTY, PARTY), MAX_BAND)
    group = 1 + max((m.group for m in floor.monsters), default=0)
    tactic = TACTICS[template]
    band: list[Actor] = []
    for member in party.members:
        actor = spawn(game, floor, member.kind.key, spot, within=SPREAD, elite=member.elite,
                      mode=Mode.HUNT, group=group)
        if actor is None:
            break
        if floor.visible[actor.y, actor.x]:  # never in sight: it arrives, it does not appear
            floor.monsters.remove(actor)
            continue
        actor.tactic = tactic
        actor.part = part_of(tactic, member.kind, False)
        band.append(actor)
    for actor in band:
        actor.band = len(band)
    if band:
        game.log(ARRIVES, MessageKind.NOISE)
    return band


def hidden_spots(game: Game) -> list[Point]:
    """Free floor tiles the hero cannot see, MIN_AWAY to MAX_AWAY steps' walk away, in reading
    order."""
    floor, player = game.floor, game.player
    dist = walk_distance(floor.walkable(), [player.pos])
    ok = ((floor.tiles == tiles.FLOOR) & ~floor.visible & (dist >= MIN_AWAY)
          & (dist <= MAX_AWAY) & (dist != UNREACHED))
    for monster in floor.monsters:
        if monster.alive:
            ok[monster.y, monster.x] = False
    ys, xs = np.nonzero(ok)
    return [(int(x), int(y)) for y, x in zip(ys, xs, strict=True)]
