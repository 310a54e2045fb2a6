"""One save per run, as Brogue keeps its saved games: a folder of files, each named by the run
and the moment it started (`<seed slug>-<YYYYMMDD-HHMMSS>.delve`), so starting a new run never
touches another run's save.

The listing checks each file as loading does, so a save it calls loadable does load; a damaged
file is listed with its problem, never raised. The wall-clock stamps live in the header's
summary, not in the state: the state, its hash and replays stay deterministic. The single slot
of earlier versions (`save.delve`) is renamed into this scheme the first time the folder is
claimed, so a player's run is not lost.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game.save import codec
from game.save.format import SaveError, unpack
from game.save.migrate import FIRST_VERSION
from game.save.store import (
    BACKUP_SUFFIX,
    LOCK_NAME,
    SAVE_NAME,
    SaveLock,
    SaveSlot,
    read_limited,
)
from game.userfiles import fsync_folder
from game.world.model import Game

SUFFIX = ".delve"
MAX_SLUG = 32
"""The longest seed slug in a file name (seeds may be long; the name stays short)."""
NAME_TIME = "%Y%m%d-%H%M%S"
STAMP_TIME = "%Y-%m-%dT%H:%M:%SZ"
"""The stamps in the header: ISO 8601 in UTC, so that they sort as text."""


def slug(text: str) -> str:
    """`text` as a file-name part: lower-case ASCII letters and digits, runs of anything else
    as one '-', at most MAX_SLUG characters; "run" when nothing is left."""
    parts: list[str] = []
    for char in text.lower():
        if char.isascii() and char.isalnum():
            parts.append(char)
        elif parts and parts[-1] != "-":
            parts.append("-")
    return "".join(parts).strip("-")[:MAX_SLUG].strip("-") or "run"


def stamp(moment: datetime) -> str:
    """A moment as the header stores it."""
    return moment.astimezone(UTC).strftime(STAMP_TIME)


def parse_stamp(text: str) -> datetime | None:
    """A header stamp back as a moment; None for anything else."""
    try:
        return datetime.strptime(text, STAMP_TIME).replace(tzinfo=UTC)
    except ValueError:
        return None


def file_name(label: str, started: datetime, taken: set[str]) -> str:
    """The file of a run labelled `label` (its seed) that started at `started`: never one of
    `taken` (two runs of one seed started in the same second get "-2", "-3", ...)."""
    base = f"{slug(label)}-{started.astimezone(UTC).strftime(NAME_TIME)}"
    name, count = base + SUFFIX, 1
    lowered = {existing.lower() for existing in taken}  # case-insensitive file systems
    while name.lower() in lowered or (name + BACKUP_SUFFIX).lower() in lowered:
        count += 1
        name = f"{base}-{count}{SUFFIX}"
    return name


@dataclass(frozen=True, slots=True)
class SaveEntry:
    """One run's save as listed: what its header says, or the problem that stops it loading."""

    path: Path
    code: str = ""
    seed: str = ""
    depth: int = 0
    turn: int = 0
    hero_level: int = 0
    started_at: str = ""
    saved_at: str = ""
    outcome: str = ""
    problem: str = ""
    """"" for a sound save; else what is wrong (with `loadable` when the backup will do)."""
    loadable: bool = True
    background: str = ""
    """The hero's background ("" for a file that cannot be read)."""

    def as_json(self) -> dict[str, Any]:
        """The `run.py saves --json` object (a contract: extend, never rename)."""
        return {"file": str(self.path), "code": self.code, "seed": self.seed,
                "depth": self.depth, "turn": self.turn, "hero_level": self.hero_level,
                "started_at": self.started_at, "saved_at": self.saved_at,
                "outcome": self.outcome, "loadable": self.loadable, "problem": self.problem,
                "background": self.background}


def _facts(path: Path) -> dict[str, Any]:
    """What the listing shows of a save file: the run's facts from the state itself (the whole
    file is checked as loading checks it, so "loadable" never lies), the stamps from the
    header's summary."""
    try:
        blob = read_limited(path)
    except FileNotFoundError:
        raise SaveError("no such file") from None
    game = codec.load_bytes(blob).game
    notes = unpack(blob, FIRST_VERSION, codec.FORMAT_VERSION).header["summary"]
    return {"code": game.run.code, "seed": game.run.seed, "depth": game.depth, "turn": game.turn,
            "level": game.hero.level, "outcome": str(game.outcome),
            "background": game.hero.background,
            "started_at": _text(notes, "started_at"), "saved_at": _text(notes, "saved_at")}


def _text(notes: dict[str, Any], key: str) -> str:
    value = notes.get(key)
    return value if isinstance(value, str) else ""


def _modified(path: Path) -> str:
    """A file's modification time as a stamp ("" when it cannot be read)."""
    try:
        return stamp(datetime.fromtimestamp(path.stat().st_mtime, UTC))
    except (OSError, ValueError, OverflowError):
        return ""


def read_entry(path: Path) -> SaveEntry:
    """The listing entry of one save file; the backup stands in for a damaged save."""
    try:
        facts, problem, source = _facts(path), "", path
    except SaveError as failure:
        backup = path.with_name(path.name + BACKUP_SUFFIX)
        try:
            facts, source = _facts(backup), backup
        except SaveError:
            return SaveEntry(path, saved_at=_modified(path), problem=str(failure),
                             loadable=False)
        problem = f"{failure}; its backup will be loaded"
    return SaveEntry(
        path, code=facts["code"], seed=facts["seed"], depth=facts["depth"],
        turn=facts["turn"], hero_level=facts["level"], started_at=facts["started_at"],
        saved_at=facts["saved_at"] or _modified(source), outcome=facts["outcome"],
        problem=problem, background=facts["background"])


def list_saves(folder: Path) -> list[SaveEntry]:
    """Every run's save in `folder`, newest first (by when saved, then by name), the files that
    cannot be loaded last; [] when the folder does not exist. Reads only; never changes a
    file."""
    try:
        paths = sorted(path for path in folder.glob(f"*{SUFFIX}") if path.is_file())
    except OSError:
        return []
    entries = [read_entry(path) for path in paths]
    by_name = sorted(entries, key=lambda entry: entry.path.name, reverse=True)
    newest = sorted(by_name, key=lambda entry: entry.saved_at, reverse=True)
    return sorted(newest, key=lambda entry: not entry.loadable)


def _names(folder: Path) -> set[str]:
    return {path.name for path in folder.iterdir()}


def migrate_old_slot(folder: Path) -> Path | None:
    """Rename the single slot of earlier versions (and its backup) to the run's own file name;
    the new path, or None when there was nothing to rename. A slot that cannot be read at all
    stays as it is (it is listed under its old name, with its problem). Call with the folder's
    lock held."""
    old = folder / SAVE_NAME
    backup = folder / (SAVE_NAME + BACKUP_SUFFIX)
    if not (old.is_file() or backup.is_file()):
        return None
    entry = read_entry(old)
    if not entry.loadable:
        return None
    started = (parse_stamp(entry.started_at) or parse_stamp(entry.saved_at)
               or datetime.now(UTC))
    name = file_name(entry.seed or entry.code, started, _names(folder))
    new = folder / name
    if backup.is_file():
        os.rename(backup, folder / (name + BACKUP_SUFFIX))
    if old.is_file():
        os.rename(old, new)
    else:  # only the backup survived: it becomes the save
        os.rename(folder / (name + BACKUP_SUFFIX), new)
    fsync_folder(folder)
    return new


def _same_folder(one: Path, other: Path) -> bool:
    """Whether two paths name one folder (a relative --load path into the saves folder must
    share its lock: a second flock on the same file from one process would refuse itself)."""
    try:
        return one.resolve() == other.resolve()
    except (OSError, RuntimeError):
        return one == other


@dataclass
class RunSaves:
    """The saves folder: one lock for every run's slot in it, a name for each new run."""

    folder: Path
    lock: SaveLock = field(init=False)

    def __post_init__(self) -> None:
        self.lock = SaveLock(self.folder / LOCK_NAME)

    def claim(self) -> None:
        """Hold the folder (SaveBusyError while another game does) and bring an old single
        slot into the list."""
        if self.lock.held:
            return
        self.lock.acquire()
        with contextlib.suppress(OSError):
            migrate_old_slot(self.folder)

    def entries(self) -> list[SaveEntry]:
        self.claim()
        return list_saves(self.folder)

    def slot(self, path: Path) -> SaveSlot:
        """The slot of the save at `path` (sharing the folder's lock when it lies in it)."""
        if _same_folder(path.parent, self.folder):
            return SaveSlot(self.folder, path.name, self.lock)
        return SaveSlot(path.parent, path.name)

    def new_slot(self, game: Game, started: datetime) -> SaveSlot:
        """A slot for a run that has no save yet, named so that it replaces none."""
        self.claim()
        name = file_name(game.run.seed or game.run.code, started, _names(self.folder))
        return SaveSlot(self.folder, name, self.lock)

    def release(self) -> None:
        self.lock.release()
