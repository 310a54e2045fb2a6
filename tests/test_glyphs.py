"""One meaning per glyph, everywhere (issue 13, item 12): the tile table (its drawn glyphs and its
ASCII export characters), the items, the chamber features, the bestiary, found traps, the hero,
the lab's teleporter links and the game master's key all draw from tables, and no glyph stands
for two different things across them."""

from __future__ import annotations

from collections import defaultdict

from game import tiles
from game.content.bestiary import default_bestiary
from game.content.features import feature_kinds
from game.content.items import item_kinds
from game.export.textkey import LEGEND, MARKS
from game.ui.labwork import LINK_GLYPH
from game.ui.screens.help import symbols

DISGUISED = {tiles.SECRET_DOOR}
"""Tiles drawn on purpose like another (a secret door looks like wall until found; the help's
legend says so, and the ASCII exports give it a character of its own)."""


def meanings() -> dict[str, set[str]]:
    """Glyph -> every meaning any table gives it."""
    found: dict[str, set[str]] = defaultdict(set)
    for index, tile in enumerate(tiles.TILES):
        name = f"tile {tile['name']}"
        found[str(tile["char"])].add(name)
        if index not in DISGUISED:
            found[chr(tile["glyph"])].add(name)
    for kind in item_kinds().values():
        found[kind.glyph].add(f"item {kind.kind}")
    for feature in feature_kinds().values():
        found[feature.glyph].add(f"feature {feature.effect}")
    for monster in default_bestiary().kinds:
        found[monster.glyph].add("monster")
    found[tiles.TRAP_GLYPH].add("trap")
    found[tiles.HERO_GLYPH].add("hero")
    found[tiles.MERCHANT_GLYPH].add("merchant")
    found[chr(LINK_GLYPH)].add("teleporter link")
    for digit in "0123456789":
        found[digit].add("area number (game master's key)")
    return found


def test_no_glyph_means_two_things() -> None:
    clashes = {glyph: sorted(names) for glyph, names in meanings().items() if len(names) > 1}
    assert clashes == {}


def test_the_teleporter_is_never_drawn_as_a_trap() -> None:
    teleporter = tiles.TILES[tiles.TELEPORTER]
    assert chr(teleporter["glyph"]) != tiles.TRAP_GLYPH != str(teleporter["char"])
    assert meanings()["^"] == {"tile teleporter"}


def test_the_game_masters_key_marks_things_as_the_game_draws_them() -> None:
    items = item_kinds()
    wanted = {"trap": tiles.TRAP_GLYPH, "treasure": items["gold"].glyph,
              "key": items["key"].glyph, "relic": items["relic"].glyph}
    assert wanted == MARKS
    legend = " ".join(LEGEND)
    assert all(f"{glyph} {name}" in legend for name, glyph in MARKS.items())


def test_the_help_legend_names_every_glyph_the_map_draws() -> None:
    listed = {glyph for glyph, _ in symbols()}
    drawn = {chr(g) for g in tiles.TILES["glyph"]} | {k.glyph for k in item_kinds().values()}
    drawn |= {f.glyph for f in feature_kinds().values()} | {tiles.TRAP_GLYPH}
    assert drawn <= listed
