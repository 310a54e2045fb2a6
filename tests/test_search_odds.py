"""Searching finds a hidden trap as the codex says it does: the codex's line is written from the
rule's own numbers, and the rule plays those numbers (issue 34: the codex promised a check
against the trap's DC that no rule made)."""

from __future__ import annotations

from scenario import scenario

from game import codex
from game.rules import traps
from game.seeds import Rng
from game.world.model import Trap

ROW = """
    #########
    #@ab....#
    #########
"""
TRIES = 600


def found_share(mark: str) -> float:
    """The share of fresh games in which one turn of searching finds a trap at `mark`."""
    found = 0
    for seed in range(TRIES):
        scene = scenario(ROW, legend={mark: Trap("dart", 30)}, rng=Rng(seed))
        traps.search(scene.game, scene.player, quiet=True)
        found += next(iter(scene.floor.traps.values())).found
    return found / TRIES


def test_one_turn_of_search_finds_as_often_as_the_codex_says() -> None:
    beside, two = found_share("a"), found_share("b")
    assert abs(beside - traps.spot_chance(1)) < 0.06
    assert abs(two - traps.spot_chance(2)) < 0.06
    assert beside > two  # a DC 30 trap is found all the same: search does not read the DC


def test_the_codex_line_gives_the_rules_numbers() -> None:
    line = codex.search_text()
    assert f"{traps.spot_chance(1):.0%} from beside it" in line
    assert f"{traps.spot_chance(2):.0%} from two squares" in line
    assert f"nothing past {traps.SEARCH_RADIUS}" in line
    assert traps.spot_chance(traps.SEARCH_RADIUS + 1) == 0.0
    for entry in codex.trap_entries():
        assert line in entry.lines
