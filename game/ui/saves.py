"""Hooks between the interface and saves, morgue and scores.

The screens call these and nothing of game.save directly. Saves live in one slot: the
user's data directory (game.userfiles.data_dir) unless `configure` names another (--save-dir).
A problem (a damaged save, a full disk, another copy of the game using the saves) is never
raised: the hook returns None or False and `problem()` gives the line to show the player.
"""

from __future__ import annotations

import sys
from pathlib import Path

from game.morgue import record_score, write_morgue
from game.save import AUTOSAVE_TURNS, crash
from game.save.format import SaveError
from game.save.store import SaveSlot
from game.userfiles import data_dir
from game.world.model import Game


class _Settings:
    """What the command line chose, and the slot in use (one per folder)."""

    directory: Path | None = None
    autosave_every: int = AUTOSAVE_TURNS
    slot: SaveSlot | None = None
    problem: str = ""
    loaded: tuple[Game, str] | None = None
    """The game saved_run returned last, and the note that came with it."""


def configure(directory: Path | None = None, autosave_every: int = AUTOSAVE_TURNS) -> None:
    """Use `directory` for saves (None: the data directory) and autosave every N turns."""
    if _Settings.slot is not None:
        _Settings.slot.release()
        _Settings.slot = None
    _Settings.directory = directory
    _Settings.autosave_every = autosave_every


def folder() -> Path:
    """Where saves and crash reports go."""
    return _Settings.directory if _Settings.directory is not None else data_dir()


def slot() -> SaveSlot:
    """The save slot (a new one, releasing the old lock, when the folder has changed)."""
    where = folder()
    current = _Settings.slot
    if current is None or current.folder != where:
        if current is not None:
            current.release()
        current = _Settings.slot = SaveSlot(where)
    return current


def problem() -> str:
    """The last line to show about saves: a problem, or a note on the run just loaded."""
    return _Settings.problem


def autosave_every() -> int:
    return _Settings.autosave_every


def set_autosave_every(turns: int) -> None:
    """Autosave every `turns` turns from now on (the Options screen; the slot is kept)."""
    _Settings.autosave_every = max(1, turns)


def saved_run() -> Game | None:
    """The run to continue from the main menu; None when there is none or it cannot be loaded
    (then `problem()` says why). A damaged save falls back to its backup, with a note."""
    _Settings.loaded = None
    try:
        restored = slot().load()
    except (SaveError, OSError) as failure:
        _Settings.problem = f"Cannot continue: {failure}"
        return None
    if restored is None:
        _Settings.problem = ""
        return None
    _Settings.problem = " ".join(restored.notes)
    _Settings.loaded = (restored.game, _Settings.problem)
    return restored.game


def note_for(game: Game) -> str:
    """What the player should hear about `game` if saved_run just loaded it (the backup was
    used, an older rules version); "" for any other game."""
    loaded = _Settings.loaded
    return loaded[1] if loaded is not None and loaded[0] is game else ""


def save_run(game: Game) -> bool:
    """Save `game` for Continue; False (and `problem()`) when it could not be saved, in which
    case the previous save is left as it was."""
    try:
        slot().save(game)
    except SaveError as failure:
        _Settings.problem = f"Not saved: {failure}."
        return False
    except OSError as failure:
        reason = failure.strerror or str(failure)
        _Settings.problem = f"Not saved ({reason}): the previous save is kept."
        return False
    _Settings.problem = ""
    return True


def saves_exist() -> bool:
    """Whether save_run can save (the menus say "save and quit" rather than "abandon"): false
    only while another copy of the game holds the saves or the folder cannot be made."""
    try:
        slot().claim()
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
    """The run has ended: write the morgue file and the high-score entry, and delete the save
    of this run (the morgue is kept).

    The one call site is the end screen, once per finished run. Returns a line for the player
    ("" when there is nothing to say); a file that cannot be written is reported, not raised.
    """
    lines = []
    try:
        current = slot()
        if current.belongs_to(game):
            current.delete()
    except (SaveError, OSError) as failure:
        lines.append(f"The save could not be deleted: {failure}")
    try:
        write_morgue(game)
        record_score(game)
    except OSError as failure:
        return " ".join([*lines, f"Could not record the run: {failure}"])
    return " ".join([*lines, "The run is recorded (morgue file and high scores)."])
