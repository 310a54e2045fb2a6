"""What every command shares: the usage error (one line, exit 2), the whole-number range check
of every numeric flag, and writing a command's output to a file the user named."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

EXIT_USAGE = 2


def program() -> str:
    """The command's name in messages: `delve` when run as the installed command, else
    `run.py` (a checkout, the tests)."""
    return "delve" if Path(sys.argv[0]).name == "delve" else "run.py"


class UsageError(Exception):
    """Bad input from the user: reported as one line with exit status 2."""


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse `type=`: a whole number in low..high (no upper bound when `high` is None), so
    that every numeric flag refuses bad input with the same words."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if high is None and value < low:
            raise argparse.ArgumentTypeError(f"{value} is below {low}")
        if high is not None and not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is outside {low}..{high}")
        return value

    return parse


def write_output(path: Path, payload: str | bytes) -> None:
    """A command's output (text as UTF-8) into the file named by --out, --record and the like,
    atomically; a FIFO, device or folder there is refused in one line."""
    from game.userfiles import write_atomic

    try:
        write_atomic(path, payload, make_folder=False)
    except OSError as problem:
        raise UsageError(write_problem(path, problem)) from None


def write_problem(path: Path, problem: OSError) -> str:
    """One line saying why `path` was not written."""
    from game.userfiles import UnsafeTargetError

    if isinstance(problem, UnsafeTargetError):
        return str(problem)  # it names the path
    return f"cannot write {path}: {problem.strerror or problem}"


def checked_seed(text: str) -> str:
    """A --seed no longer than a run's seed may be (the same bound for every command)."""
    from game.run import MAX_SEED_BYTES

    if len(text.encode("utf-8")) > MAX_SEED_BYTES:
        raise UsageError(f"--seed is longer than {MAX_SEED_BYTES} bytes")
    return text


def chosen_background(args: argparse.Namespace) -> str:
    """--background as given before or after the command, else the fighter."""
    chosen: str = getattr(args, "background", "fighter")
    return chosen
