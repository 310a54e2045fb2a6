"""`python run.py` with no command opens the window on the main menu and plays.

Runs in a child process with SDL's dummy video driver (no screen needed); tcod.event.wait is
replaced by a script of events, so the real loop runs: context, present, convert_event, ticks.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from tcod.event import KeySym
from ui_world import key

from game.ui import options
from game.ui.app import App
from game.ui.options import Options
from game.ui.screens.menu import MainMenu
from game.ui.session import Session
from game.ui.window import opening_size

SCRIPT = """
import tcod.event
from tcod.event import KeyDown, KeySym, Modifier, MouseButton, MouseButtonDown, MouseMotion, Point
from tcod.event import Quit, Scancode

def press(sym):
    return KeyDown(scancode=Scancode.UNKNOWN, sym=sym, mod=Modifier.NONE)

frames = iter([
    [press(KeySym.RETURN)],  # the first run's introduction
    [press(KeySym.RETURN)], [press(KeySym.RETURN)],
    [MouseMotion(position=Point(400.0, 300.0))],
    [MouseButtonDown(position=Point(430.0, 790.0), button=MouseButton.LEFT)],  # the panel
    [], [], [],
    [press(KeySym.M)], [press(KeySym.ESCAPE)], [],
    [press(KeySym.ESCAPE)], [press(KeySym.DOWN)], [press(KeySym.RETURN)],
    [Quit()],
])
real_wait = tcod.event.wait

def scripted_wait(timeout=None):
    list(real_wait(0))
    return next(frames, [Quit()])

tcod.event.wait = scripted_wait
import game.ui.app as app
stacks = []
original_draw = app.App.draw

def draw(self):
    stacks.append(type(self.stack[-1]).__name__)
    return original_draw(self)

app.App.draw = draw
from game.cli import main
code = main([])
print(code, ",".join(dict.fromkeys(stacks)))
"""


def test_window_opens_plays_and_quits() -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          env=env, timeout=120, check=False)
    if done.returncode != 0 and "video" in done.stderr.lower():
        pytest.skip(f"no SDL video driver here: {done.stderr.strip()[-200:]}")
    assert done.returncode == 0, done.stderr
    *arrivals, last = done.stdout.splitlines()
    assert arrivals and all("fingerprint" in line for line in arrivals), "said on the terminal"
    code, screens = last.split()
    assert code == "0"
    assert screens.split(",") == ["IntroScreen", "MainMenu", "NewGameScreen", "PlayState",
                                  "FloorMapScreen", "GameMenu"]


def test_no_display_gives_one_line_not_a_traceback() -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "no-such-driver"}
    done = subprocess.run([sys.executable, "run.py"], cwd=Path(__file__).resolve().parent.parent,
                          capture_output=True, text=True, env=env, timeout=60, check=False)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "run.py: error: cannot open a window" in done.stderr


# --- the window's size, place and full screen (issue 13, item 13) -----------------------------

CONSOLE_PIXELS = (800, 800)
"""80x50 cells of the 10x16 tileset."""


def test_it_opens_to_suit_a_1080p_display() -> None:
    """On 1920x1080 (1040 usable) the window takes most of the height: cells of 16 pixels or
    more, the console's aspect kept; whole multiples only when integer scaling is on."""
    width, height = opening_size(CONSOLE_PIXELS, (1920, 1040), Options())
    assert width == height and 900 <= height <= 1040
    assert height / 50 >= 16 and width / 80 >= 11
    assert opening_size(CONSOLE_PIXELS, (1920, 1040), Options(integer_scaling=True)) == (800, 800)
    assert opening_size(CONSOLE_PIXELS, (3840, 2100), Options(integer_scaling=True)) == (
        1600, 1600)
    assert opening_size(CONSOLE_PIXELS, (1280, 700), Options()) == (800, 800), "never below 1:1"
    assert opening_size(CONSOLE_PIXELS, None, Options()) == CONSOLE_PIXELS


def test_a_chosen_scale_or_remembered_size_wins() -> None:
    assert opening_size(CONSOLE_PIXELS, (1920, 1040), Options(scale=2)) == (1600, 1600)
    remembered = Options(window_width=1000, window_height=700, scale=3)
    assert opening_size(CONSOLE_PIXELS, (1920, 1040), remembered) == (1000, 700)


def test_the_window_options_round_trip(config_home: Path) -> None:
    chosen = Options(integer_scaling=True, window_width=1234, window_height=987, window_x=-20,
                     window_y=15, window_placed=True, fullscreen=True)
    assert options.save(chosen) == ""
    options.reload()
    assert options.current() == chosen
    (config_home / options.OPTIONS_FILE).write_text("window_width = 99999\n")
    assert "window_width" in options.load_options()[1]


def test_f11_asks_the_window_loop_for_full_screen() -> None:
    app = App(Session())
    app.handle(key(KeySym.F11))
    assert app.fullscreen_wanted and isinstance(app.stack[-1], MainMenu)


SIZE_SCRIPT = """
import tcod.event
from tcod.event import KeyDown, KeySym, Modifier, Quit, Scancode

def press(sym):
    return KeyDown(scancode=Scancode.UNKNOWN, sym=sym, mod=Modifier.NONE)

frames = iter([[press(KeySym.RETURN)], [press(KeySym.F11)], [], [press(KeySym.F11)], [Quit()]])
real_wait = tcod.event.wait

def scripted_wait(timeout=None):
    list(real_wait(0))
    return next(frames, [Quit()])

tcod.event.wait = scripted_wait
from game.cli import main
print(main([]))
"""


def test_the_window_remembers_its_size_and_place(tmp_path: Path) -> None:
    """A real window (SDL's dummy driver): F11 twice, quit; the options file keeps the size and
    position it had, and full screen off."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "DELVE_CONFIG_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", SIZE_SCRIPT], capture_output=True, text=True,
                          env=env, timeout=120, check=False)
    if done.returncode != 0 and "video" in done.stderr.lower():
        pytest.skip(f"no SDL video driver here: {done.stderr.strip()[-200:]}")
    assert done.returncode == 0, done.stderr
    saved = options.parse_options((tmp_path / options.OPTIONS_FILE).read_text())
    assert saved.window_placed and not saved.fullscreen
    assert saved.window_width >= 800 and saved.window_width == saved.window_height
