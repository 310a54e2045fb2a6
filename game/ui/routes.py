"""The transition table: how one screen opens another without importing it.

Screens return transitions (Push, Replace, Reset) holding the next state; the next state is made
by a factory from this table, never by importing the other screen's module, so the screen
modules form no ring. The table is written out once, in `to`, the only place that names every
screen: it is made on first use, whatever was imported before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Protocol

from game.floorplan import Point
from game.rules.actions import Action
from game.ui.camera import Camera
from game.ui.session import Session
from game.ui.state import Reset, State, Transition
from game.world.model import Game, Item

if TYPE_CHECKING:
    from game.codex_text import Entry
    from game.replay import Recording


class Play(Protocol):
    """What the screens opened over play (inventory, look, door prompt, level-up) use of it."""

    session: Session
    game: Game

    def act(self, action: Action) -> Transition | None:
        """Perform one player action; the transition its aftermath needs."""
        ...

    def camera(self) -> Camera:
        """The play screen's camera (look mode starts from it, so the map does not jump)."""
        ...


class LookFactory(Protocol):
    def __call__(self, play: Play, item: Item | None = None,
                 cursor: Point | None = None, verb: str = "use", talent: str = "") -> State: ...


@dataclass(frozen=True, slots=True)
class Routes:
    """One factory per screen another screen opens."""

    main_menu: Callable[[Session], State]
    play: Callable[[Session], State]
    new_game: Callable[[Session], State]
    param_editor: Callable[[Session, int], State]
    lab: Callable[[Session], State]
    load_game: Callable[[Session], State]
    scores: Callable[[], State]
    options: Callable[[], State]
    help: Callable[[], State]
    game_menu: Callable[[Session], State]
    end: Callable[[Session], State]
    character: Callable[[Game], State]
    history: Callable[[Game], State]
    floor_map: Callable[[Game], State]
    inventory: Callable[[Play, str], State]
    look: LookFactory
    door_prompt: Callable[[Play, str], State]
    level_up: Callable[[Play], State]
    describe: Callable[[list[Entry]], State]
    shop: Callable[[Play, int], State]
    altar: Callable[[Play, Point], State]
    past_games: Callable[[Session], State]
    replay: Callable[[Session, Recording], State]


@cache
def to() -> Routes:
    """The table: `Push(routes.to().help())`. The screens are imported here, when the table is
    first asked for, not at the top: every screen module imports this one."""
    from game.ui.screens.character import CharacterScreen
    from game.ui.screens.describe import DescribeScreen
    from game.ui.screens.direction import DoorPrompt
    from game.ui.screens.end import EndScreen
    from game.ui.screens.floormap import FloorMapScreen
    from game.ui.screens.gamemenu import GameMenu
    from game.ui.screens.help import HelpScreen
    from game.ui.screens.history import HistoryScreen
    from game.ui.screens.inventory import InventoryScreen
    from game.ui.screens.lab import LabScreen
    from game.ui.screens.levelup import LevelUpScreen
    from game.ui.screens.loadgame import LoadScreen
    from game.ui.screens.look import LookScreen
    from game.ui.screens.menu import MainMenu
    from game.ui.screens.newgame import NewGameScreen
    from game.ui.screens.options import OptionsScreen
    from game.ui.screens.params import ParamEditor
    from game.ui.screens.pastgames import PastGamesScreen
    from game.ui.screens.play import PlayState
    from game.ui.screens.replay import ReplayState
    from game.ui.screens.scores import ScoresScreen
    from game.ui.screens.shop import AltarScreen, ShopScreen

    return Routes(
        main_menu=MainMenu, play=PlayState, new_game=NewGameScreen, param_editor=ParamEditor,
        lab=LabScreen, load_game=LoadScreen, scores=ScoresScreen, options=OptionsScreen,
        help=HelpScreen, game_menu=GameMenu, end=EndScreen, character=CharacterScreen,
        history=HistoryScreen, floor_map=FloorMapScreen, inventory=InventoryScreen,
        look=LookScreen, door_prompt=DoorPrompt, level_up=LevelUpScreen, describe=DescribeScreen,
        shop=ShopScreen, altar=AltarScreen, past_games=PastGamesScreen, replay=ReplayState,
    )


def play_run(session: Session, game: Game) -> Transition:
    """Play a run just loaded (Continue, the Load screen): it replaces every screen."""
    session.game = game
    return Reset(to().play(session))
