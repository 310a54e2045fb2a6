"""Pulling the plug mid-save: a process killed with SIGKILL anywhere in a save leaves a save that
loads, and it is the previous state or the new one, never garbage."""

from __future__ import annotations

import os
import random
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from save_games import save_of

from game.save.codec import load_bytes
from game.save.store import SaveSlot, read_save
from game.world.model import Game
from game.world.serial import state_hash

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="fork and SIGKILL are POSIX")

RANDOM_TRIALS = 24
SYSCALLS = ("write", "fsync", "link", "replace")


def two_states() -> tuple[Game, Game]:
    """The previous save and the new one: two different points of one run."""
    first, second = load_bytes(save_of("plug", 30)).game, load_bytes(save_of("plug", 60)).game
    assert state_hash(first) != state_hash(second)
    return first, second


def in_child(work: Callable[[], None]) -> int:
    """Run `work` in a forked child that never returns into pytest; its process id."""
    pid = os.fork()
    if pid == 0:
        try:
            work()
        finally:
            os._exit(0)
    return pid


def saving_forever(folder: Path, games: tuple[Game, Game]) -> Callable[[], None]:
    def work() -> None:
        slot = SaveSlot(folder)
        for number in range(1_000_000):
            slot.save(games[number % 2])

    return work


def killed_at_call(folder: Path, game: Game, name: str, count: int) -> Callable[[], None]:
    """Save once, dying just before the `count`-th call of os.`name`."""

    def work() -> None:
        real = getattr(os, name)
        calls = [0]

        def fatal(*args: Any) -> Any:
            calls[0] += 1
            if calls[0] == count:
                os.kill(os.getpid(), signal.SIGKILL)
            return real(*args)

        setattr(os, name, fatal)
        SaveSlot(folder).save(game)

    return work


def check_folder(folder: Path, hashes: set[str]) -> str:
    """The main save loads by itself (no fallback needed) and is one of the two states; so is
    the backup when there is one. Returns the main save's hash."""
    main = state_hash(read_save(folder / "save.delve").game)
    assert main in hashes
    backup = folder / "save.delve.bak"
    if backup.exists():
        assert state_hash(read_save(backup).game) in hashes
    slot = SaveSlot(folder)
    restored = slot.load()  # and the slot itself: it also clears the leftovers
    assert restored is not None and restored.notes == []
    assert state_hash(restored.game) == main
    assert not list(folder.glob(".save.delve.*"))
    slot.release()
    return main


def test_killed_at_random_moments_while_saving(tmp_path: Path) -> None:
    first, second = two_states()
    hashes = {state_hash(first), state_hash(second)}
    chance = random.Random(2024)
    seen = set()
    for trial in range(RANDOM_TRIALS):
        folder = tmp_path / f"trial{trial}"
        slot = SaveSlot(folder)
        slot.save(first)
        slot.release()
        pid = in_child(saving_forever(folder, (second, first)))
        time.sleep(chance.uniform(0.002, 0.06))
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        seen.add(check_folder(folder, hashes))
    assert seen == hashes  # the kills landed at different points of the cycle


@pytest.mark.parametrize("name", SYSCALLS)
def test_killed_before_each_step_of_a_save(tmp_path: Path, name: str) -> None:
    """Die before the 1st, 2nd, ... call of each file operation a save makes."""
    first, second = two_states()
    hashes = {state_hash(first), state_hash(second)}
    for count in (1, 2, 3):
        folder = tmp_path / f"{name}{count}"
        slot = SaveSlot(folder)
        slot.save(first)
        slot.release()
        pid = in_child(killed_at_call(folder, second, name, count))
        _, status = os.waitpid(pid, 0)
        main = check_folder(folder, hashes)
        if os.WIFEXITED(status):  # the save made fewer calls than `count`: it finished
            assert main == state_hash(second)
