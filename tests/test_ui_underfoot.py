"""Issue 13, items 2, 3, 5, 8 in the interface: auto-pickup after a step (an action the rules
perform), silent keys that now answer, search that always reports, the deferred level-up."""

from __future__ import annotations

import textwrap
from dataclasses import replace

import pytest
from tcod.event import KeySym, Modifier
from ui_world import hand_game, key, monster

from game import tiles
from game.rules.actions import Success, Throw
from game.turns import player_act
from game.ui import options
from game.ui.render import status_lines
from game.ui.screens.levelup import LevelUpScreen
from game.ui.screens.play import SEARCH_TURNS, UNKNOWN_KEY, PlayState
from game.ui.seek import EXPLORED, ON_AN_ITEM, RECALL_TURNS, Explore, Sightings
from game.ui.session import Session
from game.ui.state import Pop, Push
from game.world.fov import update_fov
from game.world.model import DoorState, Game, Item

pytestmark = pytest.mark.usefixtures("config_home")


def texts(game: Game) -> list[str]:
    return [m.text for m in game.messages.shown()]


def lay(game: Game, kind: str, x: int, y: int) -> Item:
    item = Item(game.new_id(), kind, x, y)
    game.floor.items.append(item)
    return item

def finish(state: PlayState, ticks: int) -> None:
    """Tick the running activity until it ends (at most `ticks` ticks)."""
    for _ in range(ticks):
        if state.activity is None:
            return
        state.on_tick()



def test_auto_pickup_takes_potions_and_scrolls_in_no_time_but_leaves_gear() -> None:
    game = hand_game()
    potion, sword = lay(game, "potion_healing", 4, 2), lay(game, "sword", 4, 2)
    state = PlayState(Session(game=game))
    state.on_event(key(KeySym.L))
    assert game.player.pos == (4, 2)
    assert potion in game.hero.inventory and sword not in game.hero.inventory
    assert game.turn == 1, "the pickup itself took no time"
    log = texts(game)
    assert log[-2:] == ["You pick up a potion of healing.", "You see here: a long sword."], log
    assert sum("potion of healing" in t for t in log) == 1, "the potion is named once"


def test_auto_pickup_off_leaves_things_and_g_still_takes_anything() -> None:
    options.save(replace(options.current(), auto_pickup=False))
    game = hand_game()
    potion = lay(game, "potion_healing", 4, 2)
    state = PlayState(Session(game=game))
    state.on_event(key(KeySym.L))
    assert potion not in game.hero.inventory
    state.on_event(key(KeySym.G))
    assert potion in game.hero.inventory
    assert game.turn == 2, "g takes a turn"


def test_an_unbound_key_says_so_once_and_a_modifier_alone_never() -> None:
    state = PlayState(Session(game=hand_game()))
    state.on_event(key(KeySym.LSHIFT))
    assert state.notice == ""
    state.on_event(key(KeySym.F7))
    assert state.notice == UNKNOWN_KEY
    state.notice = ""
    state.on_event(key(KeySym.F7))
    assert state.notice == "", "said once, not on every press"
    state.on_event(key(KeySym.PERIOD))  # a bound key: the next unknown one is said again
    state.on_event(key(KeySym.F7))
    assert state.notice == UNKNOWN_KEY


def test_searching_reports_even_when_it_finds_nothing() -> None:
    game = hand_game()
    state = PlayState(Session(game=game))
    state.on_event(key(KeySym.S))
    while state.activity is not None:
        state.on_tick()
    assert game.turn == SEARCH_TURNS
    last = game.messages.shown()[-1]
    assert (last.text, last.count) == ("You search and find nothing.", SEARCH_TURNS)


STUCK_ROOM = """
##############
#........#...#
#........+...#
#........#...#
##############
"""


def test_explore_says_a_stuck_door_once_routes_elsewhere_and_logs_why_it_stopped() -> None:
    """Explore stops before a door only force would open, says so once, never forces it (a
    noisy choice left to the player), and the next press goes round."""
    game = hand_game(STUCK_ROOM, player=(2, 2))
    game.floor.doors[(9, 2)] = DoorState("iron", "none", "stuck", 28, False, "normal", False)
    game.floor.items.append(Item(game.new_id(), "sword", 6, 3))
    state = PlayState(Session(game=game))
    for _ in range(3):  # three presses of z
        state.on_event(key(KeySym.Z))
        finish(state, 200)
    log = texts(game)
    said = ("You stop: the iron door to your north-east is stuck. Bump it to force it (noisy),"
            " or press again to go round.")
    assert log.count(said) == 1, log
    assert not any(t.startswith("The door is stuck") for t in log), "never forced unasked"
    assert game.floor.doors[(9, 2)].dc == 28
    assert "You see here: a long sword." in log, "explore stepped onto the sword"
    assert log[-1].startswith(EXPLORED), "the stop reason reaches the log"


def lay_thing(kind: str) -> tuple[Game, Item]:
    """The stuck-door room with a `kind` lying two steps east of the hero."""
    game = hand_game(STUCK_ROOM, player=(2, 2))
    return game, lay(game, kind, 4, 2)


def explore_to(laid: tuple[Game, Item]) -> tuple[PlayState, Item]:
    """Press z on the play screen and let explore run until it stops."""
    game, item = laid
    state = PlayState(Session(game=game))
    state.on_event(key(KeySym.Z))
    finish(state, 200)
    return state, item


def test_explore_stops_on_a_thing_it_does_not_pick_up_so_g_takes_it() -> None:
    """'You see here: a long sword.' and the hero already gone: g found nothing. Explore stops
    on it once; the next z goes on and does not come back for it."""
    state, sword = explore_to(lay_thing("sword"))
    game = state.game
    assert game.player.pos == (4, 2)
    assert texts(game)[-2:] == ["You see here: a long sword.", ON_AN_ITEM]
    state.on_event(key(KeySym.G))
    assert sword in game.hero.inventory
    state.on_event(key(KeySym.Z))
    finish(state, 200)
    assert texts(game)[-1].startswith(EXPLORED)


def test_explore_stops_again_on_a_dart_the_hero_threw_after_picking_it_up() -> None:
    """A thrown item keeps its id: explore, which steps onto each item once, walked over the
    darts the hero had picked up once and thrown, without a word. Once is per place."""
    state, dart = explore_to(lay_thing("dart"))
    game = state.game
    assert game.player.pos == (4, 2) and texts(game)[-1] == ON_AN_ITEM
    state.on_event(key(KeySym.G))
    assert dart in game.hero.inventory
    assert isinstance(player_act(game, Throw(dart.id, (7, 2))), Success)
    assert dart in game.floor.items and (dart.x, dart.y) == (7, 2), "it did not break"
    state.on_event(key(KeySym.Z))
    finish(state, 200)
    assert game.player.pos == (7, 2) and texts(game)[-1] == ON_AN_ITEM


def explore_stuck_room(text: str) -> tuple[PlayState, Game]:
    """The stuck-door room drawn as `text` (its door an iron one, stuck at DC 28), explored
    from the west half with two presses of z (the first stops before the door)."""
    game = hand_game(text, player=(2, 2))
    game.floor.doors[(9, 2)] = DoorState("iron", "none", "stuck", 28, False, "normal", False)
    state = PlayState(Session(game=game))
    for _ in range(2):
        state.on_event(key(KeySym.Z))
        finish(state, 300)
    return state, game


def test_explored_with_no_way_down_names_the_door_to_try_again() -> None:
    """'Explored.' and no stairs known, the way down behind a door that stuck: say what now."""
    _, game = explore_stuck_room(STUCK_ROOM.replace("+...#", "+.>.#"))
    assert texts(game)[-1] == (
        f"{EXPLORED} No way down yet: bump the iron door to your east (each try may force"
        " it, noisily), or search (s) along the walls for a secret door.")


def test_explored_with_a_way_down_still_names_a_stuck_door_with_the_unknown_behind_it() -> None:
    """A first room shut by stuck doors, the way down at hand: "> walks to the stairs down" alone
    hid the rest of the floor. The door is named while its far side is unseen; once it is
    open and what lay behind explored, the plain message comes back."""
    state, game = explore_stuck_room(STUCK_ROOM.replace("#....", "#...>", 1))
    assert texts(game)[-1] == (
        f"{EXPLORED} > walks to the stairs down; or bump the iron door to your east to see"
        " what lies behind it (each try may force it, noisily).")
    game.floor.doors[(9, 2)].is_open = True
    game.floor.tiles[2, 9] = tiles.OPEN_DOOR
    state.on_event(key(KeySym.Z))
    finish(state, 300)
    assert game.floor.explored[2, 11], "explore went through"
    assert texts(game)[-1] == f"{EXPLORED} > walks to the stairs down."


def run_from(text: str, start: tuple[int, int], way: KeySym) -> Game:
    game = hand_game(textwrap.dedent(text).replace("@", "."), player=start)
    state = PlayState(Session(game=game))
    state.on_event(key(way, Modifier.SHIFT))
    finish(state, 100)
    return game


def test_shift_direction_follows_a_corridor_round_its_bend_and_stops_at_the_fork() -> None:
    corridor = """
    #########
    #@...####
    ####.####
    ####...##
    ####.#.##
    #########
    """
    game = run_from(corridor, (1, 1), KeySym.L)
    assert game.player.pos == (4, 3), "round the bend, then stopped where the way forks"


def test_a_run_across_a_room_goes_straight_and_stops_before_a_door() -> None:
    room = """
    ##########
    #@......+#
    #.......##
    ##########
    """
    game = run_from(room, (1, 1), KeySym.L)
    assert game.player.pos == (7, 1)


def test_a_run_stops_on_an_item() -> None:
    room = """
    ##########
    #@.......#
    #........#
    ##########
    """
    game = hand_game(textwrap.dedent(room).replace("@", "."), player=(1, 1))
    game.floor.items.append(Item(game.new_id(), "sword", 4, 1))
    state = PlayState(Session(game=game))
    state.on_event(key(KeySym.RIGHT, Modifier.SHIFT))
    finish(state, 100)
    assert game.player.pos == (4, 1)


def test_a_level_waits_while_a_monster_is_in_view_and_esc_leaves_it_for_the_key() -> None:
    game = hand_game()
    watcher = monster(game, 6, 2, mode="hunt")
    update_fov(game.floor, *game.player.pos)
    state = PlayState(Session(game=game))
    game.hero.pending_levels = 1
    assert state.on_tick() is None, "never opens with a monster in view"
    assert any("LEVEL UP: press +" in line for line in status_lines(game))
    game.floor.monsters.remove(watcher)
    opened = state.on_tick()
    assert isinstance(opened, Push) and isinstance(opened.state, LevelUpScreen)
    assert isinstance(opened.state.on_event(key(KeySym.ESCAPE)), Pop)
    assert state.on_tick() is None, "offered once; then it waits for its key"
    again = state.on_event(key(KeySym.PLUS))
    assert isinstance(again, Push) and isinstance(again.state, LevelUpScreen)


def test_a_click_beyond_a_stuck_door_stops_before_it_and_says_why() -> None:
    """A click beyond a stuck door once bumped it over and over (a numpy bool that `is False`
    never matched); then once, forcing it unasked. Travel now stops before it and says why:
    forcing is the player's noisy choice."""
    game = hand_game(STUCK_ROOM, player=(2, 2))
    game.floor.explored[:] = True
    game.floor.doors[(9, 2)] = DoorState("iron", "none", "stuck", 30, False, "normal", False)
    state = PlayState(Session(game=game))
    state.click_move((11, 2))
    finish(state, 100)
    assert not [t for t in texts(game) if t.startswith("The door is stuck")]
    assert game.player.pos == (8, 2)
    assert state.activity is None and state.notice == (
        "You stop: the iron door to your east is stuck. Bump it to force it (noisy).")


def test_a_locked_door_whose_key_is_elsewhere_is_not_forced_by_explore() -> None:
    """Explore forced locked doors whose key "is not on this floor", with noise, unasked."""
    game = hand_game(STUCK_ROOM, player=(2, 2))
    game.floor.doors[(9, 2)] = DoorState("iron", "none", "locked", 20, False, "normal", False)
    state = PlayState(Session(game=game))
    state.on_event(key(KeySym.Z))
    finish(state, 300)
    assert texts(game)[-1] == ("You stop: the iron door to your east is locked (its key is not"
                               " on this floor). Bump it to force it (noisy), or press again to"
                               " go round.")
    assert game.floor.doors[(9, 2)].dc == 20 and not game.floor.doors[(9, 2)].is_open


def test_a_monster_that_slips_out_of_sight_and_back_stops_explore_once() -> None:
    """A wolf pack's rat circling at the edge of sight stopped explore at every step ("You
    stop: a cave rat comes into view. x3"); once said, it is remembered for RECALL_TURNS."""
    game = hand_game(player=(3, 2))
    rat = monster(game, 7, 3, "cave rat", mode="wander")
    update_fov(game.floor, *game.player.pos)
    assert game.floor.visible[rat.y, rat.x]
    memory = Sightings()

    def walk() -> Explore:
        explore = Explore(game, sightings=memory)
        explore.seen = frozenset()  # as if the rat had just stepped back into view
        return explore

    first = walk()
    assert not first.step() and first.notice == "You stop: a cave rat comes into view."
    again = walk()
    assert again.step(), "the same rat a moment later: explore goes on"
    game.turn += RECALL_TURNS + 1
    later = walk()
    assert not later.step() and "cave rat" in later.notice, "long after, it is news again"
