"""A monkey test: thousands of random key, mouse and wheel events over every screen, no exception.

The events are random but seeded, so a failure replays. Each run starts from a stack that has a
given screen on top (reached the way a player would), with awake monsters next to the player so
that fights, deaths and level-ups happen; drawing must never change the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
import tcod.event
from tcod.event import KeySym, Modifier, MouseButton, Point
from ui_world import click, key, monster

from game.bot import autoplay
from game.replay import Recording
from game.run import FloorRecipe, Run
from game.ui import saves
from game.ui.app import App
from game.ui.intents import KEYS, ToggleFullscreen
from game.ui.screens.menu import NEW, TOP
from game.ui.screens.newgame import FIRST_DEPTH, NewGameScreen
from game.ui.screens.play import PlayState
from game.ui.screens.replay import ReplayState
from game.ui.session import Session, rows_of
from game.world.kinds import Outcome
from game.world.model import Game
from game.world.serial import state_hash

SEED = 20240611
EVENTS_PER_SCREEN = 500
SMALL_PLAN = (
    FloorRecipe(1, "bsp", 40, 30), FloorRecipe(2, "cave", 40, 30),
    FloorRecipe(3, "maze", 31, 21), FloorRecipe(4, "power", 40, 30),
)
BOUND = sorted((k for k, i in KEYS.items() if i != ToggleFullscreen()), key=repr)
"""Every bound key but F11, which only a window answers."""
EXTRA_KEYS = [KeySym.A, KeySym.Q, KeySym.Z, KeySym.N0, KeySym.N9, KeySym.MINUS, KeySym.BACKSPACE,
              KeySym.F1, KeySym.TAB, KeySym.HOME, KeySym.DELETE, KeySym.LEFTBRACKET,
              KeySym.RIGHTBRACKET, KeySym.INSERT, KeySym.PLUS, KeySym.SPACE, KeySym.V]
MODS = [Modifier.NONE] * 6 + [Modifier.SHIFT, Modifier.CTRL, Modifier.NUM, Modifier.ALT]


def new_app() -> App:
    return App(Session(seed_text="monkey", recipes=rows_of(SMALL_PLAN)))


def populate(game: Game, rng: random.Random) -> None:
    """Awake monsters around the player, so that fights and deaths happen."""
    floor, player = game.floor, game.player
    for dx, dy in rng.sample([(-2, 0), (2, 0), (0, -2), (0, 2), (2, 2)], 3):
        x, y = player.x + dx, player.y + dy
        if floor.in_bounds(x, y) and floor.monster_at(x, y) is None:
            monster(game, x, y, rng.choice(["rat", "kobold", "orc"]), hp=4, mode="hunt")
    game.player.hp = min(game.player.hp, 12)


def play_app(rng: random.Random) -> App:
    app = new_app()
    app.handle(key(KeySym.RETURN))
    app.handle(key(KeySym.RETURN))
    assert isinstance(app.stack[-1], PlayState)
    populate(app.stack[-1].game, rng)
    return app


def via_keys(*syms: KeySym) -> Callable[[random.Random], App]:
    def start(rng: random.Random) -> App:
        app = play_app(rng)
        for sym in syms:
            app.handle(key(sym))
        return app

    return start


def new_game_screen(rng: random.Random) -> App:
    del rng
    app = new_app()
    app.handle(click(app.session.columns // 2, TOP + NEW))
    assert isinstance(app.stack[-1], NewGameScreen)
    return app


def param_editor(rng: random.Random) -> App:
    app = new_game_screen(rng)
    for _ in range(FIRST_DEPTH):
        app.handle(key(KeySym.DOWN))
    app.handle(key(KeySym.RETURN))
    return app


def replay(rng: random.Random) -> App:
    recording = Recording("")
    autoplay.play(Run("monkey-replay", SMALL_PLAN), 30, recording=recording)
    del rng
    session = Session()
    return App(session, ReplayState(session, recording))


def poked(change: Callable[[Game], None], *syms: KeySym) -> Callable[[random.Random], App]:
    """Play with the game changed, then these keys pressed."""
    def start(rng: random.Random) -> App:
        app = play_app(rng)
        play = app.stack[-1]
        assert isinstance(play, PlayState)
        change(play.game)
        app.tick()
        for sym in syms:
            app.handle(key(sym))
        return app

    return start


def level_up(game: Game) -> None:
    game.hero.pending_levels = 2


def dead(game: Game) -> None:
    game.outcome, game.cause = Outcome.DEAD, "the monkey"


STARTS: dict[str, Callable[[random.Random], App]] = {
    "menu": lambda rng: new_app(),
    "new game": new_game_screen,
    "parameters": param_editor,
    "replay": replay,
    "play": play_app,
    "inventory": via_keys(KeySym.I),
    "drop": via_keys(KeySym.D),
    "door": via_keys(KeySym.O),
    "look": via_keys(KeySym.X),
    "map": via_keys(KeySym.M),
    "history": via_keys(KeySym.V),
    "help": via_keys(KeySym.QUESTION),
    "character": via_keys(KeySym.AT),
    "game menu": via_keys(KeySym.ESCAPE),
    "describe": via_keys(KeySym.SEMICOLON),
    "level up": poked(level_up, KeySym.PLUS),
    "end": poked(dead),
}


def random_event(rng: random.Random, app: App) -> tcod.event.Event:
    roll = rng.random()
    columns, rows = app.session.columns, app.session.rows
    cell = Point(rng.uniform(-2, columns + 2), rng.uniform(-2, rows + 2))
    if roll < 0.55:
        sym, mod = rng.choice(BOUND)
        return key(sym, mod)
    if roll < 0.65:
        return key(rng.choice(EXTRA_KEYS), rng.choice(MODS))
    if roll < 0.82:
        return tcod.event.MouseMotion(position=cell)
    if roll < 0.95:
        button = rng.choice([MouseButton.LEFT, MouseButton.LEFT, MouseButton.RIGHT,
                             MouseButton.MIDDLE])
        return tcod.event.MouseButtonDown(position=cell, button=button)
    return tcod.event.MouseWheel(x=0, y=rng.choice([-1, 1]), flipped=False)


def test_random_events_over_every_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(saves, "record_run_end", lambda game: "")
    rng = random.Random(SEED)
    tops: set[str] = set()
    for name, start in STARTS.items():
        app = start(rng)
        tops.add(type(app.stack[-1]).__name__)
        for count in range(EVENTS_PER_SCREEN):
            if not app.running:
                app = start(rng)
            app.handle(random_event(rng, app))
            for _ in range(rng.choice([1, 1, 3])):
                app.tick()
            if app.running:
                tops.add(type(app.stack[-1]).__name__)
                game = app.session.game
                before = state_hash(game) if game is not None and count % 40 == 0 else ""
                app.draw()
                assert game is None or not before or state_hash(game) == before, name
    assert tops >= {
        "MainMenu", "NewGameScreen", "ParamEditor", "ReplayState", "PlayState",
        "InventoryScreen", "DoorPrompt", "LookScreen",
        "FloorMapScreen", "HistoryScreen", "HelpScreen", "CharacterScreen", "GameMenu",
        "LevelUpScreen", "EndScreen",
    }
