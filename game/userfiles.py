"""The user's own files: where the game keeps data and settings, and reading a text file that a
user hands over without trusting its size or encoding."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def platform_dir(kind: str, override_env: str) -> Path:
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
