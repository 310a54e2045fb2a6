"""The walks (explore, the walk to the stairs) say what they stop for and where, stop once per
kind of thing on a floor, and ask before a teleporter (issue 30's small betrayals)."""

from __future__ import annotations

import pytest
from tcod.event import KeySym
from ui_world import hand_game, key

from game.ui.screens.play import PlayState
from game.ui.seek import Explore, Sightings, ToStairs
from game.ui.session import Session
from game.world.model import Game, Item

pytestmark = pytest.mark.usefixtures("config_home")

HALL = """
#####################
#...................#
#..................>#
#####################
"""

PADS = """
##########
#...^#^..#
##########
"""


def lay(game: Game, kind: str, x: int, y: int) -> Item:
    item = Item(game.new_id(), kind, x, y)
    game.floor.items.append(item)
    return item


def test_the_stairs_walk_names_what_it_sees_and_where_not_here() -> None:
    """"You stop: you see something lying here" was said of an item far off; `g` then found
    nothing. Now it names the thing and where it lies."""
    game = hand_game(HALL, player=(1, 1))
    game.floor.explored[:] = True
    walk = ToStairs(game, direction="down", sightings=Sightings())
    lay(game, "dagger", 6, 2)
    assert walk.next_action() is None
    assert walk.notice == "You stop: you see a dagger 5 squares east."
    assert "here" not in walk.notice


def test_the_stairs_walk_stops_once_per_kind_on_a_floor() -> None:
    """Three stops on one floor for things already seen: another of a kind that stopped a
    walk here does not stop the next; a new kind does; each stop names the nearest."""
    game = hand_game(HALL, player=(1, 1))
    game.floor.explored[:] = True
    memory = Sightings()
    first = ToStairs(game, direction="down", sightings=memory)
    lay(game, "dagger", 9, 1)
    lay(game, "dagger", 4, 2)
    assert first.next_action() is None and first.notice == "You stop: you see a dagger 3" \
        " squares east."
    again = ToStairs(game, direction="down", sightings=memory)
    lay(game, "dagger", 12, 2)
    assert again.next_action() is not None, "another dagger: the walk goes on"
    lay(game, "potion_healing", 10, 1)
    assert again.next_action() is None and "potion" in again.notice


def test_explore_stops_before_a_teleporter_and_goes_through_when_pressed_again() -> None:
    """Explore walked through teleporters unasked. It stops before one and says so; the next
    press goes through."""
    game = hand_game(PADS, player=(1, 1))
    game.floor.teleports = {(4, 1): (6, 1), (6, 1): (4, 1)}
    state = PlayState(Session(game=game))
    state.on_event(key(KeySym.Z))
    for _ in range(50):
        if state.activity is None:
            break
        state.on_tick()
    assert game.player.pos == (3, 1), "it stopped before the pad"
    said = [m.text for m in game.messages.shown()]
    assert said[-1] == ("You stop: a teleporter lies to your east. Step on it, or press again"
                        " to go through.")
    state.on_event(key(KeySym.Z))
    for _ in range(50):
        if state.activity is None:
            break
        state.on_tick()
    assert game.player.x >= 6, "the second press went through"


def test_a_fresh_explore_without_the_memory_still_stops_before_the_pad() -> None:
    """The memory of pads asked about is the play screen's (Sightings), kept across presses."""
    game = hand_game(PADS, player=(3, 1))
    game.floor.teleports = {(4, 1): (6, 1), (6, 1): (4, 1)}
    walk = Explore(game, sightings=Sightings())
    assert walk.next_action() is None and "teleporter" in walk.notice
