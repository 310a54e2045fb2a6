"""A-Maze-ing's interactive mode ("TUI interactions: regenerate, toggle path, change themes,
quit"): the maze drawn in the terminal as the printed picture is, with a status line. `r` carves
a new maze (a new seed, shown, and OUTPUT_FILE rewritten), `p` shows or hides the shortest path,
`t` cycles the colour themes, `q` or Esc quits. The terminal is put in raw mode on the alternate
screen and always given back as it was.

The interface may draw a fresh seed at random; a maze is still a pure function of its seed.
"""

from __future__ import annotations

import os
import secrets
import select
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Final, TextIO

from game.content import themes

ALTERNATE_ON: Final = "\x1b[?1049h\x1b[?25l"
"""The alternate screen, cursor hidden: the shell's screen comes back untouched on quitting."""
ALTERNATE_OFF: Final = "\x1b[?25h\x1b[?1049l"
HOME: Final = "\x1b[H\x1b[2J"
ESCAPE: Final = b"\x1b"
SEQUENCE_WAIT: Final = 0.05
"""Seconds to wait after Esc for the rest of a key's sequence (an arrow sends Esc [ A)."""
KEYS_LINE: Final = "r regenerate   p path   t theme   q quit"


@dataclass
class Session:
    """What the screen shows: the seed of the maze, whether its path is drawn, which theme."""

    seed: int
    themes: list[themes.Theme]
    theme: int = 0
    show_path: bool = True
    status: list[str] = field(default_factory=list)

    def status_line(self) -> str:
        path = "shown" if self.show_path else "hidden"
        return (f"seed {self.seed}   path {path}   theme {self.themes[self.theme].name}"
                f"   |   {KEYS_LINE}")


def run(session: Session, draw: Callable[[Session], str], fd: int, out_fd: int) -> int:
    """The key loop on terminal `fd`, drawing to `out_fd`, until q or Esc; exit status 0."""
    with _raw(fd):
        _write(out_fd, ALTERNATE_ON)
        try:
            while True:
                _write(out_fd, HOME + draw(session) + session.status_line() + "\n"
                       + "".join(f"{line}\n" for line in session.status))
                key = _read_key(fd)
                if key in (b"q", b"Q", ESCAPE, b""):  # b"": the input was closed
                    return 0
                if key in (b"r", b"R"):
                    session.seed = secrets.randbits(31)
                elif key in (b"p", b"P"):
                    session.show_path = not session.show_path
                elif key in (b"t", b"T"):
                    session.theme = (session.theme + 1) % len(session.themes)
        finally:
            _write(out_fd, ALTERNATE_OFF)


def terminal_fds(stdin: TextIO, stdout: TextIO) -> tuple[int, int] | None:
    """The descriptors of a terminal on both ends, on a system with terminal modes (POSIX);
    None otherwise (a pipe, a file, streams with no descriptor)."""
    try:
        fds = stdin.fileno(), stdout.fileno()
    except (OSError, ValueError):  # io.UnsupportedOperation is both
        return None
    if sys.platform == "win32" or not all(os.isatty(fd) for fd in fds):
        return None
    return fds


def _read_key(fd: int) -> bytes:
    """One key press: a byte, or Esc with the rest of its sequence (which is not Esc alone)."""
    key = os.read(fd, 1)
    if key != ESCAPE:
        return key
    rest = b""
    while select.select([fd], [], [], SEQUENCE_WAIT)[0]:
        more = os.read(fd, 1)
        if not more:
            break
        rest += more
    return key + rest if rest else key


@contextmanager
def _raw(fd: int) -> Iterator[None]:
    """Raw keys (no echo, no line buffering) while inside; the old modes back afterwards."""
    import termios
    import tty

    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)


def _write(fd: int, text: str) -> None:
    data = text.encode("utf-8")
    while data:
        data = data[os.write(fd, data):]
