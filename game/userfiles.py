"""The user's own files: where the game keeps data and settings, reading a text file that a
user hands over without trusting its size or encoding, and writing files so that a crash or a
full disk never leaves half of one."""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

DATA_ENV = "DELVE_DATA_DIR"
"""Overrides the data directory (tests, portable installs)."""
CONFIG_ENV = "DELVE_CONFIG_DIR"
"""Overrides the config directory."""


def data_dir(directory: str | os.PathLike[str] | None = None) -> Path:
    """Where saves, morgue files, scores, crash reports and screenshots go: `directory` if given,
    else $DELVE_DATA_DIR, else the platform's place for data."""
    if directory is not None:
        return Path(directory)
    return _platform_dir("data", DATA_ENV)


def config_dir() -> Path:
    """Where options.toml and keys.toml live: $DELVE_CONFIG_DIR, else the platform's place for
    settings."""
    return _platform_dir("config", CONFIG_ENV)


def _platform_dir(kind: str, override_env: str) -> Path:
    """$override_env, else the platform's place for `kind` ("data" or "config") in a folder of
    the game's own: %APPDATA% on Windows; ~/Library/Application Support (data) or Preferences
    (config) on macOS; $XDG_DATA_HOME or ~/.local/share (data), $XDG_CONFIG_HOME or ~/.config
    (config) elsewhere."""
    override = os.environ.get(override_env)
    if override:
        return Path(override)
    if sys.platform == "win32":
        appdata = os.environ.get("APPDATA")
        base = Path(appdata) if appdata else Path.home() / "AppData" / "Roaming"
        return base / "Delve"
    if sys.platform == "darwin":
        folder = "Application Support" if kind == "data" else "Preferences"
        return Path.home() / "Library" / folder / "Delve"
    variable, fallback = (("XDG_DATA_HOME", Path.home() / ".local" / "share") if kind == "data"
                          else ("XDG_CONFIG_HOME", Path.home() / ".config"))
    xdg = os.environ.get(variable, "")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else fallback
    return base / "delve"


def read_text(path: Path, limit: int) -> str:
    """A UTF-8 text file of at most `limit` bytes; ValueError in one line naming the problem."""
    try:
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except OSError as problem:
        raise ValueError(f"cannot read {path}: {problem.strerror}") from None
    if len(data) > limit:
        raise ValueError(f"{path} is larger than {limit} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{path} is not UTF-8 text") from None


def unused_path(directory: Path, stem: str, suffix: str) -> Path:
    """`directory/stem.suffix`, or with -2, -3, ... added: never an earlier file's name."""
    path = directory / f"{stem}{suffix}"
    number = 1
    while path.exists():
        number += 1
        path = directory / f"{stem}-{number}{suffix}"
    return path


def write_atomic(
    path: Path, data: bytes | str, before_replace: Callable[[Path], None] | None = None
) -> None:
    """Replace `path` with `data` (text as UTF-8) so that, whatever happens, `path` holds either
    the old bytes or the new ones: a temporary file in the same folder, written and fsynced, then
    `os.replace`, then the folder fsynced so the rename survives a power cut. `before_replace`
    runs once the new bytes are safe on disk, just before they take the old file's place (the
    save store keeps its backup there). OSError (disk full, no permission) leaves the old file
    as it was and no temporary file behind."""
    blob = data.encode("utf-8") if isinstance(data, str) else data
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    temporary = Path(name)
    try:
        try:
            _write_all(handle, blob)
            os.fsync(handle)
        finally:
            os.close(handle)
        if before_replace is not None:
            before_replace(path)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
    fsync_folder(folder)


def _write_all(handle: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(handle, view)
        view = view[written:]


def fsync_folder(folder: Path) -> None:
    """Make renames in `folder` durable (POSIX; Windows has no directory handles to sync)."""
    if sys.platform == "win32":
        return
    handle = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)
