"""Encounter budgets: how many encounters a floor gets, how hard each is, and what each is worth.

The source (shared seed 002, Step 4) builds a dungeon's encounters from a deck sized by the
ruleset's budget for one character level, about 20% easy, 60% average and 20% hard, each made
from one of five templates; a boss encounter, exceptionally hard, is kept for the end (here: the
last floor of a run asks for it with boss=true; the boss guards a relic).

Budgets are in standard-monster XP of the floor's depth (4e's table, `STANDARD_XP`): an easy
encounter is worth two standard monsters, an average three, a hard four, the boss six and a
half.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from game.party import HEROES
from game.seeds import Rng
from game.tables import TableSet

RULESETS: Final = {
    "4e": 10, "3.5": 13, "pathfinder-fast": 13, "pathfinder-medium": 20, "pathfinder-slow": 40,
}
"""Encounters for one character level, by ruleset (the source's "Limiting the Dungeon")."""

REFERENCE_TILES: Final = 80 * 50
"""A floor of this many tiles gets the ruleset's whole budget; others in proportion."""

FACTORS: Final = {"easy": 2.0, "average": 3.0, "hard": 4.0, "boss": 6.5}
"""Standard monsters an encounter is worth. The boss's six and a half buys floor 10's red
dragon; six bought a wyvern and a wight, which 88 % of the soak's heroes beat (BALANCE.md)."""


@dataclass(frozen=True, slots=True)
class Card:
    template: str
    difficulty: str


STANDARD_XP: Final = (100, 125, 150, 175, 200, 250, 300, 350, 400, 500, 600, 700, 800)
"""A standard monster's XP at levels 1-13, from the 4e DMG's table that the source builds its
deck from ("level-appropriate monsters"): a floor's depth is its level. Past 13 the table grows
faster than the bestiary can follow (a party of three's packs are already sixteen strong from
floor 9), so the floors go on by the table's step there, 100 a level. Rules 1-6 used 100 + 25 a
floor, the table's first five levels carried on in a straight line, which fell behind it from
floor 6 (225 against 250; 325 against 500 on floor 10): the rules-6 soak won 91 % of its runs."""


def standard_xp(depth: int) -> int:
    last = len(STANDARD_XP)
    if depth <= last:
        return STANDARD_XP[depth - 1]
    return STANDARD_XP[-1] + (STANDARD_XP[-1] - STANDARD_XP[-2]) * (depth - last)


SOURCE_PARTY: Final = 3
"""The party the source's factors are for: an average encounter is one standard monster per
hero."""

PARTY: Final = HEROES
"""The game's party, one hero (game.party): the game (game.pipeline), `catalog`, `generate` and
the game master's key all dress for it unless a recipe's `party` says otherwise, so the exported
floor is the played one."""


def xp_budget(depth: int, difficulty: str, party: int = PARTY) -> int:
    """The encounter's XP: the factor's standard monsters, scaled to the party's size."""
    return round(standard_xp(depth) * FACTORS[difficulty] * party / SOURCE_PARTY)


def trap_xp(depth: int) -> int:
    """A den's trap is worth a minion."""
    return standard_xp(depth) // 4


def deck_size(ruleset: str, width: int, height: int) -> int:
    """The ruleset's budget scaled by the floor's area against 80x50, at least one."""
    scaled = RULESETS[ruleset] * width * height
    return max(1, (2 * scaled + REFERENCE_TILES) // (2 * REFERENCE_TILES))


GENTLE_DEPTH: Final = 1
"""The floor a new player learns the game on: its hard encounters are easy ones instead. Its
templates are whole like every floor's, filled by the lesser kinds that live there (a kobold
taskmaster, a goblin snarer, pebblers, a giant centipede). A level-1 hero alone, with no levels
banked, once met two goblin warchiefs and a hexer whose slowing hex doubled its blows there, and
spent most of its potions on them."""


def difficulties(size: int, depth: int) -> list[str]:
    """About 20% easy and 20% hard (each rounded half up), the rest average; on the gentle
    first floor the hard share is easy too."""
    share = (2 * size + 5) // 10
    hard = "easy" if depth <= GENTLE_DEPTH else "hard"
    return ["easy"] * share + [hard] * share + ["average"] * (size - 2 * share)


def deal(size: int, rng: Rng, tables: TableSet, depth: int) -> list[Card]:
    """Templates rolled on the d10 table, difficulties in their proportions, then shuffled."""
    cards = [
        Card(tables.roll("encounter_templates", rng).string("key"), difficulty)
        for difficulty in difficulties(size, depth)
    ]
    rng.shuffle(cards)
    return cards
