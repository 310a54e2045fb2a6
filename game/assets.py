"""The repository's `assets/` folder and the tileset in it (made by tools/make_tileset.py).

The project is installed editable, so the folder is found next to the `game` package rather
than through package data.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeVar

import numpy as np

if TYPE_CHECKING:
    import tcod.tileset

def toml_tables(path: Path, error: type[ValueError], what: str) -> list[tuple[str, dict[str, Any]]]:
    """The (key, table) entries of a content file in key order, read as data only (never
    executed); `error` names the file (and the entry that is not a table)."""
    try:
        data = read_toml(path)
    except (OSError, UnicodeDecodeError, TomlSyntaxError) as problem:
        raise error(f"{path}: {problem}") from None
    for key in sorted(data):
        if not isinstance(data[key], dict):
            raise error(f"{path}: {what} {key!r} is not a table")
    return [(key, data[key]) for key in sorted(data)]


def toml_entries(path: Path, error: type[ValueError], name: str) -> list[Any]:
    """The `[[name]]` entries of a content file, read as data only (never executed); `error`
    names the file when it cannot be read, is not TOML, holds another key or no entries."""
    try:
        data = read_toml(path)
    except TomlSyntaxError as problem:
        raise error(f"{path.name}: not valid TOML: {problem}") from None
    except (OSError, UnicodeDecodeError) as problem:
        raise error(f"{path.name}: cannot read: {problem}") from None
    unknown = sorted(set(data) - {name})
    if unknown:
        raise error(f"{path.name}: unknown key {', '.join(unknown)}; allowed: {name}")
    entries = data.get(name)
    if not isinstance(entries, list) or not entries:
        raise error(f"{path.name}: needs [[{name}]] entries")
    return entries


class Keyed(Protocol):
    """A content entry named by its key."""

    @property
    def key(self) -> str: ...


EntryT = TypeVar("EntryT", bound=Keyed)


def keyed_entries(path: Path, error: type[ValueError], name: str,
                  build: Callable[[Mapping[str, Any], str], EntryT]) -> list[EntryT]:
    """The file's `[[name]]` entries, each made by `build(entry, where)`, where `where` names the
    file, the entry's number and its key for every error; a key used twice is refused."""
    found: list[EntryT] = []
    for number, entry in enumerate(toml_entries(path, error, name), start=1):
        label = entry.get("key", "?") if isinstance(entry, dict) else "?"
        where = f"{path.name}: {name} {number} ({label})"
        if not isinstance(entry, dict):
            raise error(f"{where}: not a table")
        made = build(entry, where)
        if any(other.key == made.key for other in found):
            raise error(f"{where}: key {made.key!r} is used twice")
        found.append(made)
    return found


def checked_fields(entry: Mapping[str, Any], where: str, error: type[ValueError],
                   required: Sequence[str], optional: Sequence[str] = ()) -> None:
    """Refuse an entry with a field it may not have, or without one it must have."""
    unknown = sorted(set(entry) - set(required) - set(optional))
    if unknown:
        raise error(f"{where}: unknown field {', '.join(unknown)}")
    missing = [field for field in required if field not in entry]
    if missing:
        raise error(f"{where}: missing field {', '.join(missing)}")


def is_band(depth: Any) -> bool:
    """A [first, last] pair of floors with 1 <= first <= last."""
    return (isinstance(depth, list) and len(depth) == 2
            and all(isinstance(d, int) and not isinstance(d, bool) for d in depth)
            and 1 <= depth[0] <= depth[1])


class TomlSyntaxError(ValueError):
    """A content file that is not valid TOML, with tomllib's message: tomllib (and its error
    class) loads only when a file is parsed afresh, not in a process that reads the cache."""


def read_toml(path: Path) -> dict[str, Any]:
    """A content file parsed as TOML (tomllib: data only), kept parsed as JSON where Python
    keeps its bytecode, for the next process.

    Why: tomllib is pure Python, and parsing the content every dressed floor needs (monsters,
    features, tables) took a third as long as importing numpy and tcod; json.loads reads the
    same data in a hundredth of that. The cache is named by a hash of the file's text, so an
    edited file is parsed afresh and a bad one still fails as before; one that cannot be read
    back is ignored; it is written only where bytecode would be (not under
    PYTHONDONTWRITEBYTECODE); TomlSyntaxError when the file is not TOML."""
    text = path.read_text(encoding="utf-8")
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=12).hexdigest()
    cache = _cache_folder(path) / f"{path.stem}.{digest}.json"
    try:
        cached = json.loads(cache.read_bytes())
        if isinstance(cached, dict):
            return cached
    except (OSError, ValueError):
        pass
    import tomllib  # a cache miss only: its import costs a few milliseconds

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as problem:
        raise TomlSyntaxError(str(problem)) from None
    if not sys.dont_write_bytecode:
        _write_cache(cache, path.stem, data)
    return data


def _cache_folder(path: Path) -> Path:
    """Where Python would put bytecode for a module in `path`'s folder."""
    folder = path.resolve().parent
    if sys.pycache_prefix:
        return Path(sys.pycache_prefix, *folder.parts[1:])
    return folder / "__pycache__"


def _write_cache(cache: Path, stem: str, data: dict[str, Any]) -> None:
    """Write the parsed data beside its stale versions' place (which it replaces); any failure
    (a read-only install, a value JSON cannot hold) only leaves the file uncached."""
    try:
        text = json.dumps(data)
        cache.parent.mkdir(parents=True, exist_ok=True)
        for stale in cache.parent.glob(f"{stem}.*.json"):
            stale.unlink(missing_ok=True)
        spare = cache.with_name(f"{cache.name}.{os.getpid()}.tmp")
        spare.write_text(text, encoding="utf-8")
        os.replace(spare, cache)
    except (OSError, TypeError, ValueError):
        pass


def _assets_dir() -> Path:
    """The data files. In a checkout (game/ beside run.py and assets/: `make run`, the tests)
    they are the checkout's assets/; in an installed copy (`pip install`) they are the package
    delve_assets, found through importlib.resources, wherever the installer put it."""
    checkout = Path(__file__).resolve().parent.parent
    if (checkout / "run.py").is_file() and (checkout / "assets").is_dir():
        return checkout / "assets"
    import importlib.resources

    return Path(str(importlib.resources.files("delve_assets")))


ASSETS_DIR: Final = _assets_dir()
TILESET_PATH: Final = ASSETS_DIR / "tileset.png"


@functools.cache
def tileset() -> tcod.tileset.Tileset:
    """The CP437 tileset, loaded once; shared, so callers must not modify it."""
    import tcod.tileset  # only the exports and the window draw; data readers need no tcod

    loaded = tcod.tileset.load_tilesheet(TILESET_PATH, 16, 16, tcod.tileset.CHARMAP_CP437)
    add_quadrant_glyphs(loaded)
    add_ellipsis(loaded)
    return loaded


QUADRANTS: Final[dict[int, tuple[bool, bool, bool, bool]]] = {
    0x2596: (False, False, True, False), 0x2597: (False, False, False, True),
    0x2598: (True, False, False, False), 0x2599: (True, False, True, True),
    0x259A: (True, False, False, True), 0x259B: (True, True, True, False),
    0x259C: (True, True, False, True), 0x259D: (False, True, False, False),
    0x259E: (False, True, True, False), 0x259F: (False, True, True, True),
}
"""Quadrant block glyphs (top-left, top-right, bottom-left, bottom-right inked), which
draw_semigraphics writes and the CP437 tileset lacks."""


ELLIPSIS: Final = 0x2026
"""…, which game.ui.draw.abbreviate ends a shortened text with: CP437 has no such glyph."""


def add_ellipsis(tileset: tcod.tileset.Tileset) -> None:
    """Give `tileset` the ellipsis it lacks: the full stop's dot three times across the cell,
    so an abbreviated name ends in a mark the eye reads as "more" (idempotent)."""
    if tileset.get_tile(ELLIPSIS)[:, :, 3].any():
        return
    dot = tileset.get_tile(ord("."))
    height, width = tileset.tile_height, tileset.tile_width
    inked = np.argwhere(dot[:, :, 3] > 0)
    if not len(inked):
        return
    tile = np.full((height, width, 4), 255, dtype=np.uint8)
    tile[:, :, 3] = 0
    rows = inked[:, 0]
    bottom = int(rows.max())
    for centre in (width // 6, width // 2, width - 1 - width // 6):
        tile[bottom - 1 : bottom + 1, max(0, centre - 1) : centre + 1, 3] = 255
    tileset[ELLIPSIS] = tile


def add_quadrant_glyphs(tileset: tcod.tileset.Tileset) -> None:
    """Give `tileset` the quadrant glyphs it lacks (leaves glyphs it has alone; idempotent)."""
    height, width = tileset.tile_height, tileset.tile_width
    for codepoint, (top_left, top_right, bottom_left, bottom_right) in QUADRANTS.items():
        if tileset.get_tile(codepoint)[:, :, 3].any():
            continue
        tile = np.full((height, width, 4), 255, dtype=np.uint8)  # RGBA: white, inked by alpha
        alpha = tile[:, :, 3]
        alpha[: height // 2, : width // 2] = 255 * top_left
        alpha[: height // 2, width // 2 :] = 255 * top_right
        alpha[height // 2 :, : width // 2] = 255 * bottom_left
        alpha[height // 2 :, width // 2 :] = 255 * bottom_right
        tileset[codepoint] = tile

