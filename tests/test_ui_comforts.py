"""The comforts: auto-explore, travel to the stairs, key bindings and options files, F12
screenshots, history search, look descriptions, the first-run introduction."""

from __future__ import annotations

from pathlib import Path

import pytest
import tcod.console
from tcod.event import KeySym, Modifier
from ui_world import hand_game, key, monster

from game import pathing
from game.generators import names
from game.pathing import portals
from game.rules import wandering
from game.run import FloorRecipe, Run
from game.ui import intents, keyfile, options, saves
from game.ui.app import App
from game.ui.describe import describe_at
from game.ui.screens.help import HelpScreen, IntroScreen
from game.ui.screens.history import HistoryScreen
from game.ui.screens.options import OptionsScreen
from game.ui.screens.play import PlayState
from game.ui.seek import EXPLORED, Explore, Sightings, ToStairs
from game.ui.session import Session
from game.ui.state import draw_stack
from game.world.dungeon import new_game
from game.world.fov import update_fov
from game.world.kinds import Mode
from game.world.known import frontier, walkable_known
from game.world.model import DoorState, Game, StairInfo

STEP_LIMIT = 4000

pytestmark = pytest.mark.usefixtures("config_home")


def explore_fully(game: Game) -> tuple[int, list[str], Explore]:
    """Press z again after every stop (as a player would) until the floor is explored; the
    steps taken, the stop notices and the last activity."""
    steps, notices = 0, []
    visited: set[tuple[int, int, int]] = set()  # kept between presses, as the play screen keeps it
    failed: set[tuple[int, int]] = set()
    sightings = Sightings()
    activity = Explore(game)
    for _ in range(STEP_LIMIT):
        activity = Explore(game, visited=visited, failed=failed, sightings=sightings)
        moved = 0
        while activity.step():
            moved += 1
        steps += moved
        notices.append(activity.notice)
        if activity.notice.startswith(EXPLORED) or (moved == 0 and "stop" not in activity.notice) \
                or steps >= STEP_LIMIT:
            break
    return steps, notices, activity


def edge_reachable(activity: Explore) -> bool:
    """Whether any unexplored edge can still be walked to, past the doors the activity gave up
    on (sealed, or bumped in vain) and the edge tiles it stood on without learning more."""
    floor, player = activity.game.floor, activity.game.player
    walk = walkable_known(floor, activity.blocked())
    goals, pads = activity.goals(walk)
    dist = portals.toward(walk, floor.teleports, goals, pads)
    return bool(dist[player.y, player.x] != pathing.UNREACHED)


@pytest.mark.parametrize("generator", names())
@pytest.mark.parametrize("seed", ["alpha", "beta", "gamma"])
def test_auto_explore_explores_every_generator(
    generator: str, seed: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(wandering, "check", lambda game, resting: [])  # no band comes either
    game = new_game(Run(seed, (FloorRecipe(1, generator, 40, 30),)))
    game.floor.monsters.clear()
    steps, notices, last = explore_fully(game)
    assert steps < STEP_LIMIT
    assert not any("you are stuck" in notice or "not where" in notice for notice in notices), \
        notices
    assert notices[-1].startswith(EXPLORED), notices
    assert game.depth == 1 and (steps > 0 or bool(last.failed)), "moved, or shut in by doors"
    assert not edge_reachable(last)
    assert last.blocked() or last.stood or not frontier(
        game.floor, walkable_known(game.floor, [])).any()


def test_auto_explore_stops_for_a_monster() -> None:
    game = hand_game()
    activity = Explore(game)
    monster(game, 5, 3)
    game.floor.visible[3, 5] = True
    assert not activity.step()
    assert "goblin" in activity.notice


def test_explore_and_the_stairs_walk_refuse_while_a_monster_hunts_the_hero() -> None:
    """A hunter already in view when `z` is pressed is named, and nothing moves; a sleeping
    one does not stop either walk."""
    game = hand_game()
    sleeper = monster(game, 8, 3, name="cave rat")
    game.floor.visible[3, 8] = True
    explore = Explore(game)
    assert explore.next_action() is not None
    sleeper.mode = Mode.HUNT
    for activity in (Explore(game), ToStairs(game, direction="down")):
        assert activity.next_action() is None
        assert activity.notice == ("Not with a cave rat after you: fight it, or press again to"
                                   " go on while it keeps away.")


def test_a_hunter_hanging_back_stops_explore_once_then_no_more() -> None:
    """A leader whose troops are elsewhere keeps its distance and never comes on: the first
    z names it; after a turn in which it came no closer, z explores. One that closes in
    still stops it."""
    game = hand_game(player=(3, 3))
    leader = monster(game, 6, 3, name="goblin warchief", hp=20, mode="hunt")
    leader.role, leader.group = "leader", 7
    troop = monster(game, 15, 6, name="goblin", mode="asleep")  # in the other room, unseen
    troop.group = 7
    update_fov(game.floor, *game.player.pos)
    state = PlayState(Session(game=game))
    state.on_event(key(KeySym.Z))
    assert state.activity is not None
    state.on_tick()
    assert "goblin warchief after you" in state.notice
    assert game.player.pos == (3, 3)
    state.on_event(key(KeySym.PERIOD))
    assert max(abs(leader.x - 3), abs(leader.y - 3)) >= 3, "it hung back"
    state.on_event(key(KeySym.Z))
    start = game.player.pos
    for _ in range(3):
        state.on_tick()
    assert game.player.pos != start, "explore goes on past a hunter that hangs back"


def test_a_second_press_goes_on_past_a_hunter_that_keeps_away_but_not_one_beside_you() -> None:
    game = hand_game(player=(3, 3))
    far = monster(game, 9, 3, name="goblin cutthroat", hp=20, mode="hunt")
    update_fov(game.floor, *game.player.pos)
    state = PlayState(Session(game=game))
    for _ in range(2):
        state.on_event(key(KeySym.Z))
        state.on_tick()
    assert "press again" in game.messages.shown()[-1].text
    assert game.player.pos != (3, 3), "the second press went on"
    far.x, far.y = game.player.x + 1, game.player.y  # now it strikes: no press gets past it
    for _ in range(2):
        here = game.player.pos
        state.on_event(key(KeySym.Z))
        state.on_tick()
        assert game.player.pos == here
    assert game.messages.shown()[-1].text.startswith(
        "Not with a goblin cutthroat after you: fight, flee or rest later.")


def test_a_hunter_that_keeps_closing_in_is_placed_not_promised_away() -> None:
    """"Press again to go on" said twice over a rat that kept coming was a promise broken: the
    second refusal says where it is and what to do."""
    game = hand_game(player=(3, 3))
    rat = monster(game, 9, 3, name="cave rat", hp=20, mode="hunt")
    update_fov(game.floor, *game.player.pos)
    sightings = Sightings()
    first = Explore(game, sightings=sightings)
    assert first.next_action() is None and "press again" in first.notice
    rat.x = 7
    second = Explore(game, sightings=sightings)
    assert second.next_action() is None
    assert second.notice == ("The cave rat 4 squares east keeps closing in: fight it, or walk on"
                             " yourself.")


def test_a_fleeing_monster_does_not_stop_explore() -> None:
    game = hand_game(player=(3, 3))
    monster(game, 6, 3, name="kobold whelp", mode="flee")
    update_fov(game.floor, *game.player.pos)
    activity = Explore(game)
    assert activity.next_action() is not None, activity.notice


def test_a_monster_in_the_way_is_named() -> None:
    game = hand_game(player=(4, 2))
    game.floor.explored[:] = True
    monster(game, 5, 2, name="cave rat")  # asleep, on the way east to the stairs
    walk = ToStairs(game, direction="down")
    assert walk.next_action() is None
    assert walk.notice == "You stop: a cave rat is in the way."


def test_explore_key_starts_and_finishes() -> None:
    game = hand_game()
    game.floor.doors[(11, 2)] = DoorState("wood", "good", "unlocked", None, False, "swings",
                                          False)
    state = PlayState(Session(game=game))
    state.on_event(key(KeySym.Z))
    assert isinstance(state.activity, Explore)
    ticks = 0
    while state.activity is not None and ticks < STEP_LIMIT:
        state.on_tick()
        ticks += 1
    assert state.notice == f"{EXPLORED} > walks to the stairs down.", "it says what now"
    assert game.floor.explored[4, 20] and game.floor.explored[6, 5]  # through door and gap


def test_stairs_key_walks_to_known_stairs_first() -> None:
    game = hand_game(player=(14, 2))
    game.floor.explored[:] = True
    state = PlayState(Session(game=game))
    state.on_event(key(KeySym.PERIOD, Modifier.SHIFT))
    walk = state.activity
    assert isinstance(walk, ToStairs)
    for _ in range(50):
        state.on_tick()
    assert game.player.pos == (21, 2) and game.depth == 1
    assert state.activity is not walk
    said = "You are on the stairs down: > again takes them."
    assert state.notice == said and game.messages.shown()[-1].text == said, "the @ hides >"



def test_stairs_key_again_on_the_way_keeps_walking_and_another_key_stops() -> None:
    """> pressed twice (or held) walked one step and stopped: the second press asks for what is
    under way, so the walk goes on to the stairs; any other key still stops it."""
    game = hand_game(player=(14, 2))
    game.floor.explored[:] = True
    state = PlayState(Session(game=game))
    state.on_event(key(KeySym.PERIOD, Modifier.SHIFT))
    state.on_tick()
    walk = state.activity
    state.on_event(key(KeySym.PERIOD, Modifier.SHIFT))
    assert state.activity is walk and isinstance(walk, ToStairs)
    for _ in range(50):
        state.on_tick()
    assert game.player.pos == (21, 2) and game.depth == 1, "on the stairs, not yet down them"
    assert state.notice == "You are on the stairs down: > again takes them."
    game.player.x = 14
    state.on_event(key(KeySym.PERIOD, Modifier.SHIFT))
    state.on_tick()
    state.on_event(key(KeySym.COMMA, Modifier.SHIFT))  # < : another key
    assert state.activity is None and state.notice == "You stop walking to the stairs."


def test_stairs_key_walks_to_a_shaft_too() -> None:
    """A shaft goes both ways: ember-fox-3's only way down was the shaft the hero arrived on,
    and > said no stairs were known."""
    game = hand_game(player=(14, 2))
    game.floor.explored[:] = True
    game.floor.stairs = {pos: StairInfo("shaft", "both") for pos in game.floor.stairs}
    assert game.floor.stairs, "the hand-drawn floor has its stairs"
    state = PlayState(Session(game=game))
    state.on_event(key(KeySym.PERIOD, Modifier.SHIFT))
    assert isinstance(state.activity, ToStairs), state.notice
    for _ in range(50):
        state.on_tick()
    assert game.player.pos in game.floor.stairs
    assert state.notice == "You are on the stairs down: > again takes them."

# --- key bindings ----------------------------------------------------------------------------

def test_bindings_round_trip_through_the_file(config_home: Path) -> None:
    written = keyfile.write_defaults()
    assert written.parent == config_home
    table, problem = keyfile.load_bindings()
    assert problem == ""
    assert table == intents.DEFAULT_KEYS
    assert list(table) == list(intents.DEFAULT_KEYS)


def test_bindings_file_rebinds_an_intent(config_home: Path) -> None:
    config_home.mkdir(parents=True)
    (config_home / keyfile.KEYS_FILE).write_text('[keys]\nwait = ["w", "KP_5"]\n')
    assert keyfile.install() == ""
    assert intents.KEYS[(KeySym.W, Modifier.NONE)] == intents.WaitTurn()
    assert (KeySym.PERIOD, Modifier.NONE) not in intents.KEYS
    assert intents.intent_for(key(KeySym.W)) == intents.WaitTurn()
    assert any(keys.startswith("w Num5") for keys, _ in intents.help_lines())


@pytest.mark.parametrize("text, words", [
    ("[keys\nwait = 1", "not valid TOML"),
    ('[keys]\nfly = ["f"]\n', "unknown action 'fly'"),
    ('[keys]\nwait = ["no_such_key"]\n', "unknown key"),
    ('[keys]\nwait = "period"\n', "list of key names"),
])
def test_bad_bindings_fall_back_with_a_message(config_home: Path, text: str, words: str) -> None:
    config_home.mkdir(parents=True)
    (config_home / keyfile.KEYS_FILE).write_text(text)
    problem = keyfile.install()
    assert words in problem and "using the default keys" in problem
    assert intents.KEYS == intents.DEFAULT_KEYS


def test_bad_settings_are_shown_once_on_start(config_home: Path) -> None:
    config_home.mkdir(parents=True)
    (config_home / keyfile.KEYS_FILE).write_text("nonsense = = =")
    app = App(Session())
    app.start_up()
    assert "Bad key bindings" in app.toast
    bottom = "".join(chr(int(c)) for c in app.draw().rgb["ch"][-1])
    assert "Bad key bindings" in bottom
    app.handle(key(KeySym.DOWN))
    assert app.toast == ""


# --- options ---------------------------------------------------------------------------------

def test_options_round_trip_and_bad_file(config_home: Path) -> None:
    chosen = options.Options(scale=2, fullscreen=True, theme="amber", autosave_every=50)
    assert options.save(chosen) == ""
    options.reload()
    assert options.current() == chosen
    (config_home / options.OPTIONS_FILE).write_text('theme = "neon"\n')
    loaded, problem = options.load_options()
    assert loaded == options.Options() and "theme must be one of" in problem
    (config_home / options.OPTIONS_FILE).write_text("scale = 'big'\n")
    assert "scale must be a int" in options.load_options()[1]


def test_options_screen_changes_and_saves(config_home: Path) -> None:
    screen = OptionsScreen()
    screen.on_event(key(KeySym.RIGHT))  # scale: fit the screen -> 1x
    screen.on_event(key(KeySym.RIGHT))  # 1x -> 2x
    for _ in range(4):
        screen.on_event(key(KeySym.DOWN))
    screen.on_event(key(KeySym.LEFT))  # autosave 100 -> 50
    screen.on_event(key(KeySym.ESCAPE))
    options.reload()
    assert options.current().scale == 2 and options.current().autosave_every == 50
    assert saves.autosave_every() == 50


def test_f2_opens_options_anywhere() -> None:
    app = App(Session())
    app.handle(key(KeySym.F2))
    assert isinstance(app.stack[-1], OptionsScreen)


def test_intro_shown_once_and_in_help(config_home: Path) -> None:
    app = App(Session())
    app.start_up()
    assert isinstance(app.stack[-1], IntroScreen)
    options.reload()
    assert options.current().intro_seen
    again = App(Session())
    again.start_up()
    assert not isinstance(again.stack[-1], IntroScreen)
    assert any("run code" in text for text, _ in HelpScreen().lines(76))


# --- screenshots, history, look --------------------------------------------------------------

def test_f12_writes_a_png(config_home: Path) -> None:
    app = App(Session(game=hand_game()))
    app.handle(key(KeySym.F12))
    shots = list((config_home.parent / "data" / "screenshots").glob("*.png"))
    assert len(shots) == 1 and str(shots[0]) in app.toast
    assert shots[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_history_search_finds_and_highlights_a_message() -> None:
    game = hand_game()
    for number in range(60):
        game.log(f"Filler message {number}.")
    game.log("The door creaks open.")
    for number in range(60):
        game.log(f"More filler {number}.")
    screen = HistoryScreen(game)
    console = tcod.console.Console(80, 50)
    draw_stack([screen], console)
    screen.on_event(key(KeySym.SLASH))
    for sym in (KeySym.C, KeySym.R, KeySym.E, KeySym.A, KeySym.K):
        screen.on_event(key(sym))
    screen.on_event(key(KeySym.RETURN))
    target = next(i for i, m in enumerate(game.messages.shown()) if "creaks" in m.text)
    assert screen.match == target
    draw_stack([screen], console)
    text = ["".join(chr(int(c)) for c in row) for row in console.rgb["ch"]]
    row = next(i for i, line in enumerate(text) if "The door creaks open." in line)
    assert tuple(console.rgb["bg"][row, 5]) != (0, 0, 0)
    screen.on_event(key(KeySym.N))  # the only match: stays
    assert screen.match == target


def test_look_describes_a_known_door_with_its_dc() -> None:
    game = hand_game(player=(10, 2))
    door = DoorState("iron", "good", "locked", 18, False, "swings", False, known=True)
    game.floor.doors[(11, 2)] = door
    assert "DC 18" in describe_at(game, 11, 2)
    door.known = False
    assert "DC" not in describe_at(game, 11, 2)


def test_look_gives_a_monster_its_role_and_health() -> None:
    game = hand_game()
    foe = monster(game, 5, 2)
    foe.hp = 1
    game.floor.visible[2, 5] = True
    text = describe_at(game, 5, 2)
    assert "[soldier]" in text and "badly wounded" in text


def test_a_key_that_interrupts_an_activity_says_what_stopped() -> None:
    """z pressed while resting stops the rest and does nothing else: say so, or the key
    seems dead."""
    game = hand_game()
    game.player.hp = game.player.max_hp // 2
    state = PlayState(Session(game=game))
    state.on_event(key(KeySym.R, Modifier.LSHIFT))
    state.on_tick()
    resting = state.activity
    assert resting is not None
    state.on_event(key(KeySym.Z))
    assert state.activity is not resting and not isinstance(state.activity, Explore)
    assert state.notice == "You stop resting."
    assert game.messages.shown()[-1].text == "You stop resting."


def test_stairs_key_with_no_stairs_known_says_where_to_look() -> None:
    """'There are no stairs down here' left a newcomer with nothing to do: say explore."""
    game = hand_game(player=(4, 2))
    state = PlayState(Session(game=game))
    state.on_event(key(KeySym.PERIOD, Modifier.SHIFT))
    said = "You know no stairs down yet: z explores to find them."
    assert state.notice == said and game.messages.shown()[-1].text == said
    assert game.turn == 0


def test_stairs_key_beside_collapsed_stairs_says_they_lead_nowhere() -> None:
    """A '>' two squares away and "You know no stairs down yet" read as a bug: name the dead end."""
    game = hand_game(player=(4, 2))
    game.floor.stairs[(6, 2)] = StairInfo("stairs", "down", True)
    game.floor.explored[2, 6] = True  # seen; the true stairs lie beyond the door, unknown
    state = PlayState(Session(game=game))
    state.on_event(key(KeySym.PERIOD, Modifier.SHIFT))
    assert state.notice == ("The stairs 2 squares east are collapsed (a dead end); you know no"
                            " other stairs down yet: z explores to find them.")
    assert game.turn == 0
