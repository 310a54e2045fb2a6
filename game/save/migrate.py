"""Older save formats brought up to the current one, one version at a time.

A save records its format version; loading an older one runs the migrations from that version up
before the current schema checks it. Each released version keeps one function here for good, and
tests/data/saves/ keeps a save of each released version that must keep loading. Migrations see
unchecked data, so they may fail on a damaged file: every failure becomes a SaveError.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from numpy.typing import NDArray

from game.save.format import SaveError

Arrays = dict[str, NDArray[Any]]
Migration = Callable[[dict[str, Any], Arrays], tuple[dict[str, Any], Arrays]]

FIRST_VERSION = 1
"""The oldest format this game reads: the first release."""
MIGRATIONS: dict[int, Migration] = {}
"""Version N -> the function that turns a version N state into a version N + 1 state. Empty while
version 1 is the only release."""


def migrate(version: int, current: int, state: Any, arrays: Arrays) -> tuple[Any, Arrays]:
    """The state of a version `version` save as the `current` version writes it."""
    while version < current:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveError(f"save format version {version} cannot be read: no migration to"
                            f" version {version + 1}")
        if not isinstance(state, dict):
            raise SaveError(f"the version {version} state is not a JSON object")
        try:
            state, arrays = step(state, arrays)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as problem:
            raise SaveError(f"the version {version} save could not be upgraded"
                            f" ({type(problem).__name__}: {problem})") from None
        version += 1
    return state, arrays
