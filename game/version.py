"""The rules version: one number for everything that decides a floor or a turn.

Bump it whenever a change makes the same run code give a different dungeon or a different game
(a generator, the dressing, the tables, the bestiary, the rules). Run codes carry it, and the
golden tests fail when stored floors change while it stays the same.
"""

from __future__ import annotations

from typing import Final

RULES_VERSION: Final = 11

__version__: Final = "0.1.0"
"""The package's version (pyproject reads it from here): what `delve --version` names beside
the rules version and the save format."""
