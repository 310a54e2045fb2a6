"""The party the game is played by: one hero.

Defined once, here, where the floor pipeline (which must not load the dressing to make a layout)
and the dressing's budgets both read it: the game dresses its floors for it, and it is the default
of the dressing's `party` parameter, so `catalog`, `generate` and the game master's key place the
same encounters on the same floor as the game.
"""

from __future__ import annotations

from typing import Final

HEROES: Final = 1
