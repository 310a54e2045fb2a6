"""Hooks between the interface and saves, morgue and scores.

The screens call these and nothing of game.save directly. Each run saves to a file of its own
(game.save.runs) in the user's data directory (game.userfiles.data_dir) unless `configure`
names another (--save-dir); the run in play stays bound to its file, so a new run never replaces
another's save.
A problem (a damaged save, a full disk, another copy of the game using the saves) is never
raised: the hook returns None or False and `problem()` gives the line to show the player.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import ClassVar

from game import recorder
from game.morgue import record_score, write_morgue
from game.save import AUTOSAVE_TURNS, crash
from game.save.format import SaveError
from game.save.runs import RunSaves, SaveEntry, read_entry, stamp
from game.save.store import SaveSlot
from game.userfiles import data_dir
from game.world.model import Game


@dataclass
class _Binding:
    """The run in play and the file it saves to (identity: a new run is a new Game)."""

    game: Game
    slot: SaveSlot
    started_at: str
    written: int = 0
    """The game's actions already in its recording file (game.recorder)."""


class _Settings:
    """What the command line chose, the saves folder in use and the run bound to its file."""

    directory: Path | None = None
    autosave_every: int = AUTOSAVE_TURNS
    store: RunSaves | None = None
    bound: ClassVar[list[_Binding]] = []
    """The runs of this process bound to their files, the latest last (one at a time in play;
    a few kept so that a run put aside and taken up again keeps its file)."""
    problem: str = ""
    loaded: tuple[Game, str] | None = None
    """The game load_run returned last, and the note that came with it."""


def configure(directory: Path | None = None, autosave_every: int = AUTOSAVE_TURNS) -> None:
    """Use `directory` for saves (None: the data directory) and autosave every N turns."""
    _unbind()
    if _Settings.store is not None:
        _Settings.store.release()
        _Settings.store = None
    _Settings.directory = directory
    _Settings.autosave_every = autosave_every


def folder() -> Path:
    """Where saves and crash reports go."""
    return _Settings.directory if _Settings.directory is not None else data_dir()


def store() -> RunSaves:
    """The saves folder (a new one, releasing the old lock, when the folder has changed)."""
    where = folder()
    current = _Settings.store
    if current is None or current.folder != where:
        configure(_Settings.directory, _Settings.autosave_every)
        current = _Settings.store = RunSaves(where)
    return current


KEPT_BINDINGS = 8


def _binding(game: Game) -> _Binding | None:
    return next((bound for bound in _Settings.bound if bound.game is game), None)


def _bind(binding: _Binding) -> None:
    """Bind a run to its file, dropping any other run bound to the same file."""
    _unbind(lambda bound: bound.slot.path == binding.slot.path or bound.game is binding.game)
    _Settings.bound.append(binding)
    while len(_Settings.bound) > KEPT_BINDINGS:
        _unbind(lambda bound: bound is _Settings.bound[0])


def _unbind(which: Callable[[_Binding], bool] = lambda bound: True) -> None:
    """Forget the bindings `which` picks (all by default), releasing the lock of a file loaded
    from another folder."""
    shared = getattr(_Settings.store, "lock", None)
    for bound in [bound for bound in _Settings.bound if which(bound)]:
        _Settings.bound.remove(bound)
        if bound.slot.lock is not shared and not any(
                other.slot.lock is bound.slot.lock for other in _Settings.bound):
            bound.slot.release()


def problem() -> str:
    """The last line to show about saves: a problem, or a note on the run just loaded."""
    return _Settings.problem


def autosave_every() -> int:
    return _Settings.autosave_every


def set_autosave_every(turns: int) -> None:
    """Autosave every `turns` turns from now on (the Options screen; the folder is kept)."""
    _Settings.autosave_every = max(1, turns)


def saved_runs() -> list[SaveEntry]:
    """Every run's save, newest first (the Load screen); [] with `problem()` when the folder
    cannot be used."""
    try:
        entries = store().entries()
    except (SaveError, OSError) as failure:
        _Settings.problem = f"Cannot continue: {failure}"
        return []
    _Settings.problem = ""
    return entries


def latest_run(entries: list[SaveEntry] | None = None) -> SaveEntry | None:
    """The run Continue plays: the newest save of a run still in play that can be loaded.
    `problem()` names a damaged save (the latest one's backup in use, or a file that cannot be
    loaded at all: it stays listed on the Load screen, to be deleted there). `entries`: the
    listing, when the caller has just read it (each file is checked in full: read it once)."""
    listed = saved_runs() if entries is None else entries
    entries = [entry for entry in listed if not entry.outcome]
    latest = next((entry for entry in entries if entry.loadable), None)
    broken = [entry for entry in entries if not entry.loadable]
    if latest is not None and latest.problem:
        _Settings.problem = (f"The save {latest.path.name} is damaged ({latest.problem}):"
                             " continuing from its backup.")
    elif broken:
        more = f" (and {len(broken) - 1} more)" if len(broken) > 1 else ""
        _Settings.problem = (f"The save {broken[0].path.name}{more} is damaged"
                             f" ({broken[0].problem}): it cannot be loaded.")
    return latest


def saved_run() -> Game | None:
    """The run to continue from the main menu (the latest); None when there is none or it
    cannot be loaded (then `problem()` says why)."""
    entry = latest_run()
    return load_run(entry.path) if entry is not None else None


def load_run(path: Path) -> Game | None:
    """Load the save at `path` and make it the run in play: its saves go back to that file.
    None (and `problem()`) when it cannot be loaded; a damaged save falls back to its backup,
    with a note."""
    _Settings.loaded = None
    try:
        slot = store().slot(path)
        restored = slot.load()
    except (SaveError, OSError) as failure:
        _Settings.problem = f"Cannot continue: {failure}"
        return None
    if restored is None:
        _Settings.problem = f"Cannot continue: {path} is gone"
        return None
    lost = recorder.take_up(recorder.beside(path), restored.game)
    _bind(_Binding(restored.game, slot, read_entry(path).started_at,
                   len(restored.game.actions or ())))
    _Settings.problem = " ".join([*restored.notes, *([lost] if lost else [])])
    _Settings.loaded = (restored.game, _Settings.problem)
    return restored.game


def delete_run(path: Path) -> bool:
    """Delete one run's save and its backup (the Load screen asked first); False and
    `problem()` when it could not be."""
    try:
        slot = store().slot(path)
        slot.delete()
        recorder.beside(path).unlink(missing_ok=True)
    except (SaveError, OSError) as failure:
        _Settings.problem = f"Not deleted: {failure}"
        return False
    _unbind(lambda bound: bound.slot.path == path)
    _Settings.problem = ""
    return True


def carry_over(old: Game, new: Game) -> None:
    """`new` replaces `old` in play (an action undone): it keeps saving to the same file."""
    bound = _binding(old)
    if bound is not None:
        bound.game = new


def note_for(game: Game) -> str:
    """What the player should hear about `game` if load_run just loaded it (the backup was
    used, an older rules version); "" for any other game."""
    loaded = _Settings.loaded
    return loaded[1] if loaded is not None and loaded[0] is game else ""


def _slot_for(game: Game) -> _Binding:
    """The file `game` saves to: its own, or (a run never saved) a new one named by its seed
    and the moment it is first saved, so that no other run's save is ever replaced."""
    bound = _binding(game)
    if bound is None:
        now = datetime.now(UTC)
        bound = _Binding(game, store().new_slot(game, now), stamp(now))
        _bind(bound)
    return bound


def save_run(game: Game) -> bool:
    """Save `game` to its run's file; False (and `problem()`) when it could not be saved, in
    which case the previous save is left as it was."""
    try:
        bound = _slot_for(game)
        stamps = {"started_at": bound.started_at, "saved_at": stamp(datetime.now(UTC))}
        _record(bound)
        bound.slot.save(game, stamps)
    except SaveError as failure:
        _Settings.problem = f"Not saved: {failure}."
        return False
    except OSError as failure:
        reason = failure.strerror or str(failure)
        _Settings.problem = f"Not saved ({reason}): the previous save is kept."
        return False
    _Settings.problem = ""
    return True


def _record(bound: _Binding) -> None:
    """Bring the run's recording up to the moment being saved (before the save: a crash
    between the two leaves the recording ahead, which loading cuts back). A recording that
    cannot be written stops recording this run, with a note; the save goes on."""
    try:
        bound.written = recorder.append(recorder.beside(bound.slot.path), bound.game,
                                        bound.written)
    except OSError as failure:
        bound.game.actions = None
        bound.game.tell(f"The recording could not be written ({failure.strerror or failure}):"
                        " this run is not recorded from here.")


def saves_exist() -> bool:
    """Whether save_run can save (the menus say "save and quit" rather than "abandon"): false
    only while another copy of the game holds the saves or the folder cannot be made."""
    try:
        store().claim()
    except (SaveError, OSError) as failure:
        _Settings.problem = f"Saving is off: {failure}"
        return False
    return True


def save_on_close(game: Game | None) -> None:
    """The window is closing: save a run still in play (a failure can only be printed now)."""
    if game is not None and not game.outcome and not save_run(game):
        print(f"delve: {problem()}", file=sys.stderr)


def report_crash(game: Game, what: str, error: BaseException) -> str:
    """Write a crash report; the line for the player says where (or why it could not)."""
    try:
        path = crash.write_report(folder(), game, what, error)
    except OSError as failure:
        return f"no crash report could be written ({failure.strerror or failure})"
    return f"crash report: {path}"


def record_run_end(game: Game) -> str:
    """The run has ended: write the morgue file, its recording beside it (both in the saves
    folder's morgue/) and the high-score entry, and delete this run's save and its recording in
    progress, as Brogue and DCSS do (a dead hero cannot be reloaded; a won run is over too).
    The morgue, the recording and the score keep the run; other runs' saves are never touched.

    The one call site is the end screen, once per finished run. Returns a line for the player
    ("" when there is nothing to say); a file that cannot be written is reported, not raised.
    """
    lines = []
    try:
        morgue = write_morgue(game, folder())
        recorded = recorder.finish(recorder.beside(morgue), game)
        record_score(game)
    except OSError as failure:
        return f"Could not record the run: {failure}"
    bound = _binding(game)
    try:
        if bound is not None and bound.slot.belongs_to(game):
            bound.slot.delete()
            recorder.beside(bound.slot.path).unlink(missing_ok=True)
    except (SaveError, OSError) as failure:
        lines.append(f"The save could not be deleted: {failure}")
    _unbind(lambda other: other is bound)
    kept = "morgue file, replay and high scores" if recorded else "morgue file and high scores"
    return " ".join([f"The run is recorded ({kept}).", *lines])
