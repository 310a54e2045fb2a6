"""The application: a state stack driven by events and ticks, headless or in a tcod window.

`App` is the loop's logic without a window (tests and the monkey test drive it with synthetic
events); `run()` opens the window, feeds it real events converted to console cells, and presents
the console scaled to the window keeping its aspect (game.ui.window sizes and places it).
`run_replay()` opens the same window on a replay instead of the main menu.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Final

import tcod.console
import tcod.event

from game.replay import Recording
from game.ui import intents, keyfile, options, saves
from game.ui import window as ui_window
from game.ui.draw import clip
from game.ui.screens.help import IntroScreen
from game.ui.screens.menu import MainMenu
from game.ui.screens.options import OptionsScreen
from game.ui.screens.play import PlayState
from game.ui.screens.replay import ReplayState
from game.ui.screenshot import save_screenshot
from game.ui.session import Session
from game.ui.state import TICKS_PER_SECOND, Push, State, Transition, apply, draw_stack

TICK_SECONDS: Final = 1 / TICKS_PER_SECOND
"""Time between ticks: travel and searching take one step per tick."""


class App:
    """The state stack, the shared session and the console they draw on."""

    def __init__(self, session: Session | None = None, first: State | None = None) -> None:
        self.session = session or Session()
        self.console = tcod.console.Console(self.session.columns, self.session.rows, order="C")
        self.stack: list[State] = [first or self.first_state()]
        self.toast = ""
        """A line from the application itself (a screenshot saved, a bad settings file), drawn
        on the bottom row until the next key."""
        self.fullscreen_wanted = False
        """F11 was pressed: the window loop toggles full screen (the app owns no window)."""

    def first_state(self) -> State:
        """The main menu, or play when the session already holds a run (started with a code)."""
        if self.session.game is not None:
            return PlayState(self.session)
        return MainMenu(self.session)

    @property
    def running(self) -> bool:
        return bool(self.stack)

    def apply(self, transition: Transition | None) -> None:
        apply(self.stack, transition)

    def handle(self, event: tcod.event.Event) -> None:
        """One event (mouse positions already in console cells) to the top state."""
        if isinstance(event, tcod.event.Quit):
            self.save_on_close()
            self.stack.clear()
        elif isinstance(event, tcod.event.KeyDown) and self.global_key(event):
            return
        elif self.stack:
            if isinstance(event, tcod.event.KeyDown):
                self.toast = ""
            self.apply(self.stack[-1].on_event(event))

    def global_key(self, event: tcod.event.KeyDown) -> bool:
        """Keys that work on every screen: F12 (screenshot), F2 (options), F11 (full screen).
        True if handled."""
        intent = intents.intent_for(event)
        if isinstance(intent, intents.TakeScreenshot):
            self.toast = save_screenshot(self.draw())
            return True
        if isinstance(intent, intents.ToggleFullscreen):
            self.fullscreen_wanted = True
            return True
        opening = isinstance(intent, intents.ShowOptions) and self.stack
        if opening and not isinstance(self.stack[-1], OptionsScreen):
            self.apply(Push(OptionsScreen()))
            return True
        return False

    def start_up(self) -> None:
        """Load the key bindings and options (a bad file is said once, on the bottom row) and
        show the introduction on the first run."""
        problems = [keyfile.install(), options.take_problem()]
        chosen = options.current()
        saves.set_autosave_every(chosen.autosave_every)
        self.toast = " ".join(problem for problem in problems if problem)
        if not chosen.intro_seen and not self.toast:
            problem = options.save(replace(chosen, intro_seen=True))
            self.apply(Push(IntroScreen()))
            self.toast = problem

    def save_on_close(self) -> None:
        """Closing the window saves the run in play (a replay being watched is not one)."""
        for state in self.stack:
            if isinstance(state, PlayState):
                saves.save_on_close(state.game)

    def tick(self) -> None:
        if self.stack:
            self.apply(self.stack[-1].on_tick())

    def draw(self) -> tcod.console.Console:
        draw_stack(self.stack, self.console)
        options.apply_theme(self.console, options.current().theme)
        if self.toast:
            bottom = self.console.height - 1
            self.console.print(0, bottom, clip(self.toast, self.console.width).ljust(
                self.console.width), fg=(255, 230, 120), bg=(40, 20, 20))
        return self.console



class WindowError(Exception):
    """The window could not be opened (no display): reported in one line."""

def run(columns: int = 80, rows: int = 50, session: Session | None = None) -> int:
    """Open the window and play until the player quits; returns the exit status."""
    return window(App(session or Session(columns=columns, rows=rows)))


def run_replay(recording: Recording, columns: int = 80, rows: int = 50) -> int:
    """Watch a replay in the window. A code that cannot be played raises (RunCodeError or
    RecipeError) before the window opens."""
    session = Session(columns=columns, rows=rows)
    return window(App(session, ReplayState(session, recording)))


def window(app: App) -> int:
    """The window loop: draw, handle events, tick, until the stack is empty; the exit status.
    The window's size and position are remembered when it closes (game.ui.window)."""
    app.start_up()
    try:
        context = ui_window.open_context(app.session.columns, app.session.rows,
                                         options.current())
    except RuntimeError as problem:  # no display: say so in one line, not a traceback
        reason = " ".join(str(problem).split()[-3:])
        raise WindowError(f"cannot open a window ({reason}); `run.py snapshot` draws the "
                          "screen to a PNG without one") from None
    with context:
        next_tick = time.monotonic()
        while app.running:
            ui_window.present(context, app.draw())
            for event in tcod.event.wait(timeout=TICK_SECONDS):
                app.handle(context.convert_event(event))  # after a Quit, events are ignored
            if app.fullscreen_wanted:
                app.fullscreen_wanted = False
                app.toast = ui_window.toggle_fullscreen(context)
            if time.monotonic() >= next_tick:
                app.tick()
                next_tick = time.monotonic() + TICK_SECONDS
        ui_window.remember(context)
    return 0
