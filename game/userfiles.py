"""The user's own files: where the game keeps data and settings, reading a text file that a
user hands over without trusting its size or encoding, and writing files so that a crash or a
full disk never leaves half of one."""

from __future__ import annotations

import contextlib
import io
import os
import re
import stat
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

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
    the game's own, as platformdirs knows it: %APPDATA%\\Delve on Windows (roaming), under
    ~/Library/Application Support on macOS, $XDG_DATA_HOME/delve or $XDG_CONFIG_HOME/delve
    (~/.local/share, ~/.config) elsewhere. The platform is read when asked, not at import."""
    override = os.environ.get(override_env)
    if override:
        return Path(override)
    import platformdirs.macos
    import platformdirs.unix
    import platformdirs.windows

    dirs: platformdirs.api.PlatformDirsABC
    if sys.platform == "win32":
        dirs = platformdirs.windows.Windows("Delve", appauthor=False, roaming=True)
    elif sys.platform == "darwin":
        dirs = platformdirs.macos.MacOS("Delve")
    else:
        dirs = platformdirs.unix.Unix("delve")
    return Path(dirs.user_data_dir if kind == "data" else dirs.user_config_dir)


class UnsafeTargetError(OSError):
    """A path the game will not write over: a FIFO, a device, a folder, or a link to one."""


class MissingFileError(ValueError):
    """The file a user named does not exist."""


def read_bytes(path: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes. Opened without blocking (a FIFO
    named as a file never hangs the game) and checked to be a regular file before anything is
    read. ValueError in one line naming the file and the problem: MissingFileError, a kind of
    it, when there is no such file (which often means "use the defaults")."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        handle = os.open(path, flags)
    except FileNotFoundError:
        raise MissingFileError(f"cannot read {path}: No such file or directory") from None
    except OSError as problem:
        raise ValueError(f"cannot read {path}: {problem.strerror or problem}") from None
    try:
        status = os.fstat(handle)
        if not stat.S_ISREG(status.st_mode):
            raise ValueError(f"{path} is not a regular file")
        if status.st_size > limit:
            raise ValueError(f"{path} is larger than {limit} bytes")
        with os.fdopen(handle, "rb", closefd=False) as stream:
            data = stream.read(limit + 1)
    except OSError as problem:
        raise ValueError(f"cannot read {path}: {problem.strerror or problem}") from None
    finally:
        os.close(handle)
    if len(data) > limit:
        raise ValueError(f"{path} is larger than {limit} bytes")
    return data


def read_text(path: Path, limit: int) -> str:
    """A UTF-8 text file of at most `limit` bytes (read_bytes' checks), holding only valid
    Unicode; ValueError in one line naming the problem (MissingFileError when missing)."""
    try:
        return read_bytes(path, limit).decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{path} is not UTF-8 text") from None


MAX_NESTING = 32
"""How deeply brackets may nest in a TOML or JSON file a user hands over: far more than any of
our formats uses, far less than what makes a recursive parser overflow its stack."""


def nesting(text: str) -> int:
    """The deepest bracket nesting ([ and {) in `text`, counted without parsing, so that a
    hostile file is refused before a recursive parser sees it. Brackets inside strings count
    too: an over-estimate only refuses absurd files sooner."""
    depth = deepest = 0
    for match in _BRACKETS.finditer(text):
        if match.group() in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth = max(depth - 1, 0)
    return deepest


_BRACKETS = re.compile(r"[\[\]{}]")


def check_nesting(text: str, limit: int = MAX_NESTING) -> None:
    """ValueError (one line) when `text` nests brackets deeper than `limit`."""
    if nesting(text) > limit:
        raise ValueError(f"nested more than {limit} levels deep")


def parse_toml(text: str) -> dict[str, Any]:
    """TOML text parsed as data only (tomllib: no code runs), refusing deep nesting first;
    ValueError in one line saying what is wrong (the caller names the file)."""
    import tomllib  # only the commands that read a user's file pay for loading it

    check_nesting(text)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as problem:
        raise ValueError(f"not valid TOML ({problem})") from None
    except RecursionError:
        raise ValueError("nested too deeply") from None


MAX_CONFIG_BYTES = 1024 * 1024
"""The largest settings or run file read (keys, options, run files, the maze config)."""


def read_toml(path: Path, limit: int = MAX_CONFIG_BYTES) -> dict[str, Any]:
    """A user's TOML file through every bound: regular file, size, encoding, nesting, syntax.
    ValueError in one line naming the file (MissingFileError when missing, so a caller can
    fall back to its defaults)."""
    text = read_text(path, limit)
    try:
        return parse_toml(text)
    except ValueError as problem:
        raise ValueError(f"{path}: {problem}") from None


def is_scalar_text(text: str) -> bool:
    """Whether `text` holds only Unicode scalar values (no lone surrogates, which JSON escapes
    and surrogate-escaped command-line bytes can produce and which no terminal can draw)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def unused_path(directory: Path, stem: str, suffix: str) -> Path:
    """`directory/stem.suffix`, or with -2, -3, ... added: never an earlier file's name."""
    path = directory / f"{stem}{suffix}"
    number = 1
    while path.exists():
        number += 1
        path = directory / f"{stem}-{number}{suffix}"
    return path


def write_atomic(
    path: Path, data: bytes | str, before_replace: Callable[[Path], None] | None = None,
    *, make_folder: bool = True,
) -> None:
    """Replace `path` with `data` (text as UTF-8) through `replacing`: whatever happens, `path`
    holds either the old bytes or the new ones."""
    with replacing(path, before_replace, make_folder=make_folder) as handle:
        handle.write(data.encode("utf-8") if isinstance(data, str) else data)


@contextlib.contextmanager
def replacing(
    path: Path, before_replace: Callable[[Path], None] | None = None, *, make_folder: bool = True
) -> Iterator[io.RawIOBase]:
    """A binary file to write `path`'s new bytes into, piece by piece (an export too big to
    hold whole): a temporary file in the same folder, fsynced when the block ends, then
    `os.replace`, then the folder fsynced so the rename survives a power cut. `before_replace`
    runs once the new bytes are safe on disk, just before they take the old file's place (the
    save store keeps its backup there). An error inside the block or while writing (disk full,
    no permission) leaves the old file as it was and no temporary file behind. A target that is
    not a regular file is never replaced (see writable_target), and stale temporaries of
    earlier writes are cleared. `make_folder`: the game's own folders are made when missing; a
    file a user names on the command line is not (a missing folder is their typing slip, and a
    dangling link must not make folders wherever it points). This is the one way the program
    writes a file."""
    import tempfile  # with shutil, bz2 and lzma: only the commands that write files load it

    path = writable_target(path)
    folder = path.parent
    if make_folder:
        folder.mkdir(parents=True, exist_ok=True)
    clear_stale_temporaries(path)
    handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    temporary = Path(name)
    try:
        stream = _Descriptor(handle)
        try:
            yield stream
            os.fsync(handle)
        finally:
            stream.close()  # a wrapper left holding unwritten text can no longer reach the file
            os.close(handle)
        if before_replace is not None:
            before_replace(path)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
    fsync_folder(folder)


MAX_LINKS = 16


def writable_target(path: Path) -> Path:
    """The file `write_atomic` may replace for `path`: `path` itself when it is missing or a
    regular file; for a symbolic link, the file it points at (so the new bytes go through the
    link, renamed into place in the target's folder, and the link itself is kept). Anything
    else (a FIFO, a device, a folder, a link to one, a loop of links) is UnsafeTargetError, and the
    node is left untouched."""
    seen = 0
    while True:
        try:
            status = os.lstat(path)
        except FileNotFoundError:
            return path
        except OSError as problem:
            raise UnsafeTargetError(problem.strerror or str(problem)) from None
        if stat.S_ISREG(status.st_mode):
            return path
        if not stat.S_ISLNK(status.st_mode):
            raise UnsafeTargetError(f"{path} is not a regular file (it is never replaced)")
        seen += 1
        if seen > MAX_LINKS:
            raise UnsafeTargetError(f"{path}: too many levels of symbolic links")
        path = path.parent / os.readlink(path)


STALE_SECONDS = 60.0
"""A temporary file of ours older than this was left by a write that never finished (a kill -9,
a power cut): a live write finishes in far less."""


def clear_stale_temporaries(path: Path, now: float | None = None) -> None:
    """Delete leftovers of earlier writes to `path` that never finished: files named like our
    own temporaries (`.NAME.XXXXXXXX.tmp`, regular files) that have not changed for
    STALE_SECONDS. Another file of that shape (a user's own) is left alone."""
    moment = time.time() if now is None else now
    pattern = re.compile(re.escape(f".{path.name}.") + r"[A-Za-z0-9_]{8}\.tmp")
    try:
        names = os.listdir(path.parent)
    except OSError:
        return
    for name in sorted(names):
        if not pattern.fullmatch(name):
            continue
        leftover = path.parent / name
        with contextlib.suppress(OSError):
            status = os.lstat(leftover)
            if stat.S_ISREG(status.st_mode) and moment - status.st_mtime > STALE_SECONDS:
                leftover.unlink()


class _Descriptor(io.RawIOBase):
    """An open file descriptor as an unbuffered stream that writes with `os.write` (every write
    the program makes to a user's file is that one call); closing it leaves the descriptor to
    `replacing`, which fsyncs and closes it."""

    def __init__(self, handle: int) -> None:
        super().__init__()
        self.handle = handle

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        """All of `data`, however many calls the system takes."""
        whole = memoryview(data).cast("B")
        view = whole
        while view:
            view = view[os.write(self.handle, view):]
        return whole.nbytes


def fsync_folder(folder: Path) -> None:
    """Make renames in `folder` durable (POSIX; Windows has no directory handles to sync)."""
    if sys.platform == "win32":
        return
    handle = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)
