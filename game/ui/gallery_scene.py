"""What the screen gallery (game.ui.gallery) draws from and with: a `Scene` (a session holding
a played run, scratch folders), a console that records text printed past its edges, the keys a
shot presses, and the isolation that keeps the player's own files out of it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import tcod.console
import tcod.constants
import tcod.event
from tcod.event import KeySym, Modifier, Scancode

from game.replay import Recording
from game.run import Run
from game.save import crash
from game.ui import options, saves
from game.ui.draw import Cuts, cells
from game.ui.screens.play import PlayState
from game.ui.session import Session
from game.ui.state import State
from game.world.model import Game

SEED: Final = "hello"
"""The README's seed: the gallery shows the run a new reader would try first."""
TURNS: Final = 300
"""Turns the bot plays before the pictures, so the log, the map and the pack hold something."""
MIN_SIZE: Final = (80, 50)
"""The smallest console the interface supports (the window scales it, never shrinks it)."""


class CheckedConsole(tcod.console.Console):
    """A console that records, in Cuts, any text printed past its edges (tcod drops it)."""

    def print(self, x: int, y: int, text: str, *args: Any, **kwargs: Any) -> int:  # type: ignore[override]
        if kwargs.get("width") is None and kwargs.get("height") is None:
            alignment = kwargs.get("alignment", args[3] if len(args) > 3 else tcod.constants.LEFT)
            longest = max((len(line.rstrip()) for line in text.split("\n")), default=0)
            if alignment == tcod.constants.CENTER:
                left = x - longest // 2
            elif alignment == tcod.constants.RIGHT:
                left = x - longest + 1
            else:
                left = x
            if text.strip() and (left < 0 or left + longest > self.width or not
                                 0 <= y < self.height):
                Cuts.seen.append(text.strip())
        result: int = super().print(x, y, text, *args, **kwargs)
        return result


@dataclass
class Scene:
    """What the screens are drawn from: a session whose run the bot has played a while."""

    columns: int
    rows: int
    folder: Path
    """Scratch space: saves, morgue files and scores written while drawing go here."""
    _game: Game | None = None
    _recording: Recording | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def game(self) -> Game:
        """A fresh copy of the played run (a screen may change what it is given)."""
        if self._game is None:
            from game.bot import autoplay

            self._recording = Recording("")
            self._game, _ = autoplay.play(Run(SEED), TURNS, recording=self._recording)
        return crash.snapshot(self._game).restore()

    def recording(self) -> Recording:
        self.game()
        assert self._recording is not None
        return self._recording

    def saved(self) -> None:
        """The played run saved once (Continue and the Load screen list it)."""
        if not self.extra.get("saved"):
            self.extra["saved"] = saves.save_run(self.game())

    def session(self, game: Game | None = None) -> Session:
        return Session(seed_text=SEED, game=game, columns=self.columns, rows=self.rows)

    def play(self, game: Game | None = None) -> PlayState:
        """The play screen on a copy of the run (or on `game`)."""
        return PlayState(self.session(game or self.game()))


def key(sym: KeySym, mod: Modifier = Modifier.NONE) -> tcod.event.KeyDown:
    return tcod.event.KeyDown(scancode=Scancode.UNKNOWN, sym=sym, mod=mod)


def press(state: State, *keys: KeySym) -> State:
    """Send keys to a state (its transitions ignored): a screen in the middle of its use."""
    for sym in keys:
        state.on_event(key(sym))
    return state


@dataclass(frozen=True, slots=True)
class Picture:
    name: str
    text: str
    png: bytes
    cuts: tuple[str, ...]


def console_text(console: tcod.console.Console) -> str:
    """The console's characters, one line per row (trailing blanks kept: rows are whole)."""
    return "\n".join("".join(chr(int(c)) for c in row) for row in cells(console)["ch"]) + "\n"


@contextmanager
def isolated(folder: Path) -> Iterator[None]:
    """Saves, settings, morgue files and scores in `folder` while the gallery draws: a gallery
    never touches the player's own files, and draws the same whatever they hold."""
    names = ("DELVE_DATA_DIR", "DELVE_CONFIG_DIR")
    before = {name: os.environ.get(name) for name in names}
    os.environ["DELVE_DATA_DIR"] = str(folder / "data")
    os.environ["DELVE_CONFIG_DIR"] = str(folder / "config")
    saves.configure(folder / "saves")
    options.reload()
    try:
        yield
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        saves.configure(None)
        options.reload()
