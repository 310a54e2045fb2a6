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
