"""A game as save-file bytes and back: the state as JSON, each floor's arrays as raw bytes.

The state section holds exactly the bytes that `state_hash` digests (`game_data` as canonical
JSON), so the header can record the state hash and loading can confirm the state is the one that
was hashed. Arrays are raw bytes read back with `np.frombuffer` from a whitelisted dtype and a
checked shape: nothing is unpickled, evaluated or looked up by a name the file chooses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from game.params import ParamError
from game.run.recipes import RecipeError
from game.save import migrate
from game.save.format import MAX_SECTION_BYTES, SaveError, Section, pack, parse_json, unpack
from game.save.validate import check_state
from game.version import RULES_VERSION
from game.world.model import Game
from game.world.serial import (
    Arrays,
    canonical_json,
    content_hash,
    game_data,
    game_from_data,
)

FORMAT = "delve-save"
FORMAT_VERSION = 7
"""Bump it (and add a migration from the old version) whenever `game_data`'s output changes."""
STATE = "state"
DTYPES: dict[str, np.dtype[Any]] = {"uint8": np.dtype(np.uint8), "bool": np.dtype(np.bool_)}
"""The only array element types a save may hold, by the name the header gives them."""
DTYPE_NAMES = {dtype: name for name, dtype in DTYPES.items()}
_HEADER_KEYS = frozenset({"format", "rules_version", "program", "summary"})


@dataclass(frozen=True, slots=True)
class Loaded:
    """A save that loaded: the game, what the file says about itself, and notes for the player
    (an older rules version, a migration)."""

    game: Game
    format_version: int
    rules_version: int
    state_hash: str
    notes: list[str] = field(default_factory=list)


def summary(game: Game) -> dict[str, Any]:
    """What the header says about the run, for a glance without loading the state."""
    player, hero = game.player, game.hero
    return {
        "code": game.run.code, "seed": game.run.seed, "depth": game.depth, "turn": game.turn,
        "outcome": game.outcome,
        "player": {"level": hero.level, "hp": player.hp, "max_hp": player.max_hp,
                   "xp": hero.xp, "gold": hero.gold, "x": player.x, "y": player.y},
    }


def save_bytes(game: Game, stamps: dict[str, str] | None = None) -> bytes:
    """The save file of `game`; `stamps` (the wall-clock times the run started and was saved,
    which the state never holds: it stays deterministic) join the header's summary."""
    data, arrays = game_data(game)
    return encode(data, arrays, {**summary(game), **(stamps or {})})


def encode(
    data: dict[str, Any], arrays: Arrays, notes: dict[str, Any],
    version: int = FORMAT_VERSION, rules: int = RULES_VERSION,
) -> bytes:
    """A save file of a state as `game_data` gives it; `notes` (the summary) gains the state
    hash. The version arguments exist for tests of older and newer files."""
    state = canonical_json(data)
    sections = [Section(STATE, state)]
    for name in sorted(arrays):
        array = np.ascontiguousarray(arrays[name])
        sections.append(Section(name, array.tobytes(), "array", DTYPE_NAMES[array.dtype],
                                tuple(int(side) for side in array.shape)))
    header = {"format": FORMAT, "rules_version": rules, "program": "delve",
              "summary": {**notes, "state_hash": content_hash(state, arrays)}}
    return pack(version, header, sections)


def load_bytes(blob: bytes) -> Loaded:
    """The game a save file holds; SaveError says what is wrong with anything else."""
    container = unpack(blob, migrate.FIRST_VERSION, FORMAT_VERSION)
    rules, recorded = check_header(container.header)
    state_bytes, arrays = _parts(container.sections)
    notes: list[str] = []
    if content_hash(state_bytes, arrays) != recorded:  # every format wrote it the same way
        raise SaveError("the state does not match the state hash in the header")
    state = parse_json(state_bytes, "the state")
    if container.version < FORMAT_VERSION:
        state, arrays = migrate.migrate(container.version, FORMAT_VERSION, state, arrays)
        notes.append(f"The save was upgraded from format version {container.version}.")
    check_state(state, arrays)
    try:
        game = game_from_data(state, arrays)
    except (RecipeError, ParamError) as problem:  # the recipes, checked as every plan is
        raise SaveError(f"state: recipes: {problem}") from None
    except (KeyError, TypeError, ValueError, IndexError) as problem:  # a gap in check_state
        raise SaveError(f"the state does not fit the game ({type(problem).__name__})") from None
    if rules < RULES_VERSION:
        notes.append(f"This run was saved under rules version {rules}; this game plays version"
                     f" {RULES_VERSION}, so floors not yet visited may differ.")
    return Loaded(game, container.version, rules, recorded, notes)


def check_header(header: dict[str, Any]) -> tuple[int, str]:
    """The rules version and the recorded state hash, once the header's fields check out."""
    if header.get("format") != FORMAT:
        raise SaveError(f"the header does not name the {FORMAT} format")
    if set(header) != _HEADER_KEYS:
        raise SaveError("the header's fields are not the ones this version writes")
    rules = header["rules_version"]
    if type(rules) is not int or not 1 <= rules <= 1_000_000:
        raise SaveError("the header's rules version is not a positive whole number")
    if rules > RULES_VERSION:
        raise SaveError(f"the run was saved under rules version {rules}, newer than this game's"
                        f" {RULES_VERSION}: it needs a newer Delve")
    notes = header["summary"]
    recorded = notes.get("state_hash") if isinstance(notes, dict) else None
    if not isinstance(recorded, str) or len(recorded) != 32:
        raise SaveError("the header's summary has no state hash")
    return rules, recorded


def _parts(sections: list[Section]) -> tuple[bytes, Arrays]:
    """The state's JSON bytes and the arrays, each array checked and rebuilt."""
    state = b""
    arrays: Arrays = {}
    for section in sections:
        if section.kind == "array":
            arrays[section.name] = _array(section)
        elif section.name == STATE:
            state = section.data
        else:
            raise SaveError(f"section {section.name!r} is not one this version writes")
    if not state:
        raise SaveError("the file has no state section")
    return state, arrays


def _array(section: Section) -> np.ndarray[Any, Any]:
    """A section's bytes as an array of its declared dtype and shape (a writable copy)."""
    dtype = DTYPES.get(section.dtype)
    if dtype is None:
        raise SaveError(f"section {section.name!r}: element type {section.dtype[:16]!r} is not"
                        f" one of {', '.join(DTYPES)}")
    count = 1
    for side in section.shape:
        count *= side
    if count * dtype.itemsize != len(section.data) or count * dtype.itemsize > MAX_SECTION_BYTES:
        raise SaveError(f"section {section.name!r}: {len(section.data)} bytes do not make a"
                        f" {'x'.join(map(str, section.shape))} {section.dtype} array")
    raw = np.frombuffer(section.data, dtype=np.uint8)
    if dtype == np.bool_ and raw.size and int(raw.max()) > 1:
        raise SaveError(f"section {section.name!r}: a true/false array holds other values")
    return raw.view(dtype).reshape(section.shape).copy()
