"""A-Maze-ing's interactive mode, driven through a pseudo-terminal as a person at a terminal
would: no argument reads config.txt; r, p, t change the maze, the path and the theme; q exits 0;
the output file holds the last maze shown."""

from __future__ import annotations

import os
import pty
import re
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.export import hexmaze
from game.generators import mazegen

ROOT = Path(__file__).resolve().parent.parent
STATUS = re.compile(r"seed (\d+)   path (shown|hidden)   theme (\w+)")

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")


class Terminal:
    """`run.py amazeing` on the slave side of a pseudo-terminal, read from the master."""

    def __init__(self, folder: Path, *args: str) -> None:
        self.master, slave = pty.openpty()
        env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm-256color"}
        env.pop("NO_COLOR", None)
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "run.py"), "amazeing", *args],
            stdin=slave, stdout=slave, stderr=slave, cwd=folder, env=env, close_fds=True)
        os.close(slave)
        self.screen = ""

    def read_until(self, pattern: re.Pattern[str], after: int = 0) -> re.Match[str]:
        """Read output until `pattern` matches past offset `after` (20 s at most)."""
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            found = list(pattern.finditer(self.screen, after))
            if found:
                return found[-1]
            if select.select([self.master], [], [], 0.2)[0]:
                try:
                    self.screen += os.read(self.master, 65536).decode("utf-8", "replace")
                except OSError:  # the child closed the terminal
                    break
        raise AssertionError(f"no {pattern.pattern!r} in {self.screen[after:][-400:]!r}")

    def press(self, key: str, pattern: re.Pattern[str] = STATUS) -> tuple[re.Match[str], str]:
        """Send a key; the status line it leads to and the frame drawn before it."""
        start = len(self.screen)
        os.write(self.master, key.encode())
        status = self.read_until(pattern, start)
        frame = self.screen[self.screen.rfind("\x1b[H", start, status.start()):status.start()]
        return status, frame


def hex_of(seed: int) -> str:
    maze = mazegen.MazeGenerator(20, 18, seed, True)
    maze.generate()
    _, letters = mazegen.maze_solver(maze.cells, (0, 0), (9, 9))
    return hexmaze.maze_to_hex(maze.cells, (0, 0), (9, 9), letters)


def test_the_keys_change_maze_path_and_theme_and_q_quits(tmp_path: Path) -> None:
    shutil.copy(ROOT / "config.txt", tmp_path / "config.txt")
    terminal = Terminal(tmp_path)
    first = terminal.read_until(STATUS)
    assert first.groups() == ("1337", "shown", "parchment")
    assert "·" in terminal.screen and "\x1b[?1049h" in terminal.screen  # the alternate screen
    assert (tmp_path / "maze.txt").read_text() == hex_of(1337)

    hidden, frame = terminal.press("p")
    assert hidden.groups() == ("1337", "hidden", "parchment") and "·" not in frame
    shown, frame = terminal.press("p")
    assert shown.group(2) == "shown" and "·" in frame

    themed, frame = terminal.press("t")
    assert themed.group(3) != "parchment" and themed.group(1) == "1337"

    seeds = {1337}
    for _ in range(3):
        fresh, frame = terminal.press("r")
        seeds.add(int(fresh.group(1)))
        assert (tmp_path / "maze.txt").read_text() == hex_of(int(fresh.group(1)))
    assert len(seeds) == 4  # each r a new maze, its seed shown

    os.write(terminal.master, b"q")
    assert terminal.process.wait(timeout=20) == 0
    terminal.read_until(re.compile(re.escape("\x1b[?1049l")))  # the shell's screen given back
    os.close(terminal.master)


def test_esc_quits_and_no_tui_prints_once(tmp_path: Path) -> None:
    shutil.copy(ROOT / "config.txt", tmp_path / "config.txt")
    terminal = Terminal(tmp_path)
    terminal.read_until(STATUS)
    os.write(terminal.master, b"\x1b")
    assert terminal.process.wait(timeout=20) == 0
    os.close(terminal.master)
    once = Terminal(tmp_path, "--no-tui")
    once.read_until(re.compile(r"wrote maze\.txt: 20x18 cells perfect, seed 1337"))
    assert once.process.wait(timeout=20) == 0 and "\x1b[?1049h" not in once.screen
    os.close(once.master)


def test_without_a_config_txt_it_says_so(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(ROOT / "run.py"), "amazeing"], check=False,
                          cwd=tmp_path, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 2
    assert "config.txt" in done.stderr and len(done.stderr.strip().splitlines()) == 1
