"""The transition table: how one screen opens another without importing it.

Screens return transitions (Push, Replace, Reset) holding the next state; the next state is made
by a factory from this table, never by importing the other screen's module, so the screen
modules form no ring. `game.ui.screens` (the package) fills the table once, when any screen is
first imported; it is the only module that knows every screen.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from game.floorplan import Point
from game.rules.actions import Action
from game.ui.camera import Camera
from game.ui.session import Session
from game.ui.state import Reset, State, Transition
from game.world.model import Game, Item

if TYPE_CHECKING:
    from game.codex import Entry


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
                 cursor: Point | None = None, verb: str = "use") -> State: ...


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


_table: list[Routes] = []


def install(routes: Routes) -> None:
    """Set the table (done once, by game.ui.screens)."""
    _table[:] = [routes]


def to() -> Routes:
    """The table: `Push(routes.to().help())`."""
    if not _table:
        raise RuntimeError("no screens installed: import game.ui.screens first")
    return _table[0]


def play_run(session: Session, game: Game) -> Transition:
    """Play a run just loaded (Continue, the Load screen): it replaces every screen."""
    session.game = game
    return Reset(to().play(session))
