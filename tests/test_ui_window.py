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

from game.ui import options, window
from game.ui.app import App
from game.ui.options import Options
from game.ui.screens.menu import MainMenu
from game.ui.session import Session
from game.ui.window import FILL, opening_size, whole_scaling

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
    assert width == height and 900 <= height <= 1040 * FILL
    assert height / 50 >= 16 and width / 80 >= 11
    assert opening_size(CONSOLE_PIXELS, (1920, 1040), Options(integer_scaling=True)) == (800, 800)
    assert opening_size(CONSOLE_PIXELS, (3840, 2100), Options(integer_scaling=True)) == (
        1600, 1600)
    assert opening_size(CONSOLE_PIXELS, None, Options()) == CONSOLE_PIXELS


USABLE = {"1366x768": (1366, 728), "1920x1080": (1920, 1040), "2560x1440": (2560, 1400)}
"""Three common screens, less a task bar: what SDL calls their usable bounds."""


@pytest.mark.parametrize("screen", sorted(USABLE))
@pytest.mark.parametrize("whole", [False, True])
def test_it_opens_within_nine_tenths_of_the_screen(screen: str, whole: bool) -> None:
    """At most 90 % of the usable display each way (a 1366x768 laptop's window was 800 rows
    of its 728), the aspect kept, and whole multiples with integer scaling whenever one fits."""
    display = USABLE[screen]
    width, height = opening_size(CONSOLE_PIXELS, display, Options(integer_scaling=whole))
    assert width <= display[0] * 0.9 and height <= display[1] * 0.9
    assert abs(width / height - 1) < 0.01
    fit = min(display[0] * 0.9 / 800, display[1] * 0.9 / 800)
    if whole and fit >= 1:
        assert (width, height) == (800 * int(fit), 800 * int(fit))
    else:
        assert height >= display[1] * 0.9 - 2, "as big as fits"


def test_whole_scaling_only_when_the_window_holds_the_console(config_home: Path) -> None:
    """Below 1:1 no whole scale exists: the picture is scaled down to fill the window."""
    del config_home
    options.save(Options(integer_scaling=True))
    assert whole_scaling((800, 800), CONSOLE_PIXELS)
    assert not whole_scaling((655, 655), CONSOLE_PIXELS)
    options.save(Options(integer_scaling=False))
    assert not whole_scaling((1600, 1600), CONSOLE_PIXELS)


def test_a_chosen_scale_or_remembered_size_wins() -> None:
    assert opening_size(CONSOLE_PIXELS, (3840, 2100), Options(scale=2)) == (1600, 1600)
    remembered = Options(window_width=1000, window_height=700, scale=3)
    assert opening_size(CONSOLE_PIXELS, (1920, 1040), remembered) == (1000, 700)


def test_a_chosen_scale_or_size_too_big_for_the_screen_gives_way() -> None:
    """Scale 2 on a laptop, or a size left on a bigger screen, would open past the screen."""
    assert opening_size(CONSOLE_PIXELS, (1366, 728), Options(scale=2)) == (655, 655)
    assert opening_size(CONSOLE_PIXELS, (1920, 1040), Options(scale=2)) == (936, 936)
    left = Options(window_width=1800, window_height=1300)
    assert opening_size(CONSOLE_PIXELS, (1366, 728), left) == (655, 655)


def test_the_window_asks_for_high_dpi() -> None:
    """SDL's high-DPI flag: a Retina or scaled display gets its own pixels, a sharp picture."""
    import tcod.context

    assert window.HIGH_DPI == tcod.context.SDL_WINDOW_ALLOW_HIGHDPI


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
    assert saved.window_width == saved.window_height  # the dummy display is 1024x768:
    assert 600 <= saved.window_height <= 768 * FILL  # nine tenths of it, not 800 rows
