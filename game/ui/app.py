"""The application: a state stack driven by events and ticks, headless or in a tcod window.

`App` is the loop's logic without a window (tests and the monkey test drive it with synthetic
events); `run()` opens the window, feeds it real events converted to console cells, and presents
the console with integer scaling so the tileset stays crisp when the window is resized.
"""

from __future__ import annotations

import time
from typing import Final

import tcod.console
import tcod.context
import tcod.event

from game import assets
from game.ui.screens.menu import MainMenu
from game.ui.session import Session
from game.ui.state import State, Transition, apply, draw_stack

TICK_SECONDS: Final = 1 / 30
"""Time between ticks: travel and searching take one step per tick."""
WINDOW_FLAGS: Final = tcod.context.SDL_WINDOW_RESIZABLE


class App:
    """The state stack, the shared session and the console they draw on."""

    def __init__(self, session: Session | None = None) -> None:
        self.session = session or Session()
        self.console = tcod.console.Console(self.session.columns, self.session.rows, order="C")
        self.stack: list[State] = [MainMenu(self.session)]
        if self.session.game is not None:  # started with a run code: straight into play
            from game.ui.screens.play import PlayState

            self.stack = [PlayState(self.session)]

    @property
    def running(self) -> bool:
        return bool(self.stack)

    def apply(self, transition: Transition | None) -> None:
        apply(self.stack, transition)

    def handle(self, event: tcod.event.Event) -> None:
        """One event (mouse positions already in console cells) to the top state."""
        if isinstance(event, tcod.event.Quit):
            self.stack.clear()
        elif self.stack:
            self.apply(self.stack[-1].on_event(event))

    def tick(self) -> None:
        if self.stack:
            self.apply(self.stack[-1].on_tick())

    def draw(self) -> tcod.console.Console:
        draw_stack(self.stack, self.console)
        return self.console


def run(columns: int = 80, rows: int = 50, session: Session | None = None) -> int:
    """Open the window and play until the player quits; returns the exit status."""
    app = App(session or Session(columns=columns, rows=rows))
    with tcod.context.new(columns=columns, rows=rows, tileset=assets.tileset(), title="Delve",
                          vsync=True, sdl_window_flags=WINDOW_FLAGS) as context:
        next_tick = time.monotonic()
        while app.running:
            context.present(app.draw(), keep_aspect=True, integer_scaling=True)
            for event in tcod.event.wait(timeout=TICK_SECONDS):
                app.handle(context.convert_event(event))  # after a Quit, events are ignored
            if time.monotonic() >= next_tick:
                app.tick()
                next_tick = time.monotonic() + TICK_SECONDS
    return 0
