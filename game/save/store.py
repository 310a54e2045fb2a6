"""Save files on disk: written so that a crash or a full disk never loses the previous save.

A save is written by `game.userfiles.write_atomic`: to a temporary file in the same folder,
flushed and fsynced, then renamed over the old one with `os.replace` (atomic), and the folder is
fsynced so the rename itself survives a power cut. Before that the old save, if sound, becomes
the backup (a hard link, renamed into place); a damaged one is set aside instead, so it never
replaces a good backup. Loading falls back to the backup when the main save is damaged. A lock
held for as long as a game runs stops a second copy of the game from using the same saves; the
kernel drops it when the process dies, so a crash never leaves a stale lock. Leftover temporary
files are never read, and are deleted once the lock is held.
"""

from __future__ import annotations

import contextlib
import os
import sys
from dataclasses import InitVar, dataclass, field
from pathlib import Path
from typing import IO

from game.save import codec
from game.save.format import MAX_FILE_BYTES, SaveError, unpack
from game.save.migrate import FIRST_VERSION
from game.userfiles import MissingFileError, fsync_folder, read_bytes, write_atomic
from game.world.model import Game

SAVE_NAME = "save.delve"
BACKUP_SUFFIX = ".bak"
DAMAGED_SUFFIX = ".damaged"
LOCK_NAME = "save.lock"
MAX_LOCK_BYTES = 64


class SaveBusyError(SaveError):
    """Another running game holds the lock on these saves."""


def read_limited(path: Path) -> bytes:
    """A file's bytes, refusing more than a save may hold and anything but a regular file (a
    FIFO never blocks): SaveError, never a traceback; FileNotFoundError passes through."""
    try:
        return read_bytes(path, MAX_FILE_BYTES)
    except MissingFileError:
        raise FileNotFoundError(path) from None
    except ValueError as problem:
        raise SaveError(str(problem)) from None


def read_save(path: Path) -> codec.Loaded:
    """Load one save file; SaveError (with the file's name) for anything that is not one."""
    try:
        blob = read_limited(path)
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file") from None
    try:
        return codec.load_bytes(blob)
    except SaveError as problem:
        raise SaveError(f"{path}: {problem}") from None


def is_sound(blob: bytes) -> bool:
    """Whether every checksum of a save holds (cheap: no state is rebuilt)."""
    try:
        unpack(blob, FIRST_VERSION, codec.FORMAT_VERSION)
    except SaveError:
        return False
    return True


def _keep_backup(path: Path) -> None:
    """The current save becomes the backup if it is sound; a damaged one is set aside."""
    try:
        blob = read_limited(path)
    except (FileNotFoundError, SaveError):
        return
    if not is_sound(blob):
        os.replace(path, path.with_name(path.name + DAMAGED_SUFFIX))
        return
    backup = path.with_name(path.name + BACKUP_SUFFIX)
    spare = path.with_name(f".{path.name}.bak-{os.getpid()}.tmp")
    with contextlib.suppress(FileNotFoundError):
        spare.unlink()
    try:
        os.link(path, spare)  # no copy: the old save's own bytes, under a second name
    except OSError:  # a file system without hard links: a copy, written as safely
        write_atomic(backup, blob)
        return
    os.replace(spare, backup)


@dataclass
class SaveLock:
    """An exclusive lock on a folder of saves: fcntl.flock on POSIX, msvcrt on Windows.

    Held through an open file; the operating system releases it when the process ends, however
    it ends. The file holds the holder's process id, for the message a second game shows."""

    path: Path
    _handle: IO[bytes] | None = field(default=None, init=False, repr=False)

    @property
    def held(self) -> bool:
        return self._handle is not None

    def acquire(self) -> None:
        """Take the lock (SaveBusyError when another process has it; OSError when the folder
        cannot be written)."""
        if self._handle is not None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle = self.path.open("a+b")
        try:
            _lock(handle)
        except OSError:
            handle.close()
            holder = self.holder()
            who = f"another Delve (process {holder})" if holder else "another Delve"
            raise SaveBusyError(f"{who} is using the saves in {self.path.parent}") from None
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()).encode())
        handle.flush()
        self._handle = handle

    def holder(self) -> str:
        """The process id written by the holder, or "" when it cannot be read."""
        try:
            with self.path.open("rb") as handle:
                text = handle.read(MAX_LOCK_BYTES).decode("ascii", "replace").strip()
        except OSError:
            return ""
        return text if text.isdigit() else ""

    def release(self) -> None:
        if self._handle is not None:
            with contextlib.suppress(OSError):
                _unlock(self._handle)
            self._handle.close()
            self._handle = None


if sys.platform == "win32":
    import msvcrt

    def _lock(handle: IO[bytes]) -> None:
        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)

    def _unlock(handle: IO[bytes]) -> None:
        handle.seek(0)
        msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock(handle: IO[bytes]) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(handle: IO[bytes]) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


@dataclass
class Restored:
    """A run loaded from a slot, and what the player should be told about it."""

    game: Game
    notes: list[str]


@dataclass
class SaveSlot:
    """One run's save in a folder: the save, its backup and the folder's lock (game.save.runs
    names one file per run; the slots of one folder share its lock, since a process that took
    flock twice on the same file would refuse itself)."""

    folder: Path
    name: str = SAVE_NAME
    shared_lock: InitVar[SaveLock | None] = None
    lock: SaveLock = field(init=False)

    def __post_init__(self, shared_lock: SaveLock | None) -> None:
        self.lock = shared_lock or SaveLock(self.folder / LOCK_NAME)

    @property
    def path(self) -> Path:
        return self.folder / self.name

    @property
    def backup(self) -> Path:
        return self.folder / (self.name + BACKUP_SUFFIX)

    def claim(self) -> None:
        """Hold the lock for as long as this process uses the slot, and clear leftovers of
        writes that never finished (only the holder may: no one else is writing)."""
        if self.lock.held:
            return
        self.lock.acquire()
        for leftover in sorted(self.folder.glob(f".{self.name}.*.tmp")):
            with contextlib.suppress(OSError):
                leftover.unlink()

    def save(self, game: Game, stamps: dict[str, str] | None = None) -> None:
        """Write the run, with `stamps` (when it started, when saved) in the header's summary
        (SaveBusyError, or OSError with the previous save intact)."""
        self.claim()
        write_atomic(self.path, codec.save_bytes(game, stamps), before_replace=_keep_backup)

    def load(self) -> Restored | None:
        """The saved run, from the backup when the save is damaged; None when there is none.
        SaveError when neither can be loaded (or the slot is busy); files are never changed."""
        self.claim()
        try:
            loaded = read_save(self.path)
        except SaveError as problem:
            if not self.path.exists():
                if not self.backup.exists():
                    return None
                return self._from_backup(f"The save {self.path} is missing")
            return self._from_backup(f"The save is damaged ({problem})")
        return Restored(loaded.game, list(loaded.notes))

    def _from_backup(self, why: str) -> Restored:
        try:
            loaded = read_save(self.backup)
        except SaveError as problem:
            raise SaveError(f"{why}; its backup cannot be loaded either ({problem})") from None
        note = f"{why}; continuing from the backup (turn {loaded.game.turn})."
        return Restored(loaded.game, [note, *loaded.notes])

    def exists(self) -> bool:
        return self.path.exists() or self.backup.exists()

    def belongs_to(self, game: Game) -> bool:
        """Whether the stored save is an earlier point of `game`'s run (same run code, not
        later than now): the one a finished run may delete."""
        for path in (self.path, self.backup):
            try:
                container = unpack(read_limited(path), FIRST_VERSION, codec.FORMAT_VERSION)
            except (FileNotFoundError, SaveError):
                continue
            notes = container.header.get("summary")
            if isinstance(notes, dict):
                return notes.get("code") == game.run.code and _turn(notes) <= game.turn
        return False

    def delete(self) -> None:
        """Remove the save and its backup (the run is over; its morgue is kept elsewhere)."""
        self.claim()
        for path in (self.path, self.backup):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
        fsync_folder(self.folder)

    def release(self) -> None:
        self.lock.release()


def _turn(notes: dict[str, object]) -> int:
    turn = notes.get("turn")
    return turn if type(turn) is int else 1 << 62
