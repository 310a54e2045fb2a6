"""Colours that tell kinds apart (issue 30, point 3): the colour-difference measure against its
published reference values, then the rule over the whole bestiary as `codex --json` gives it
(kinds sharing a letter differ by DISTINCT CIEDE2000 units to a typical eye and a deuteranope's;
the colour-blind palette also to a protanope's and a tritanope's), and no feature or tile drawn
with an item's glyph."""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import tcod.console
from ui_world import hand_game, monster

from game import tiles
from game.cli import main
from game.content.items import CATEGORY_GLYPHS
from game.ui import colourdiff, options, palette
from game.ui.colourdiff import DISTINCT, ciede2000, difference, lab, simulate, worst
from game.ui.draw import MONSTER_STATE_BG, cells
from game.ui.render import ALLY_BG, CAPTIVE_BG, draw_map, draw_things, play_camera
from game.world.kinds import Mode
from game.world.model import FeatureState, Item

SHARMA: tuple[tuple[float, ...], ...] = (
    (50.0000, 2.6772, -79.7751, 50.0000, 0.0000, -82.7485, 2.0425),
    (50.0000, 3.1571, -77.2803, 50.0000, 0.0000, -82.7485, 2.8615),
    (50.0000, 0.0000, 0.0000, 50.0000, -1.0000, 2.0000, 2.3669),
    (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0009, 7.1792),
    (50.0000, 2.5000, 0.0000, 73.0000, 25.0000, -18.0000, 27.1492),
    (50.0000, 2.5000, 0.0000, 61.0000, -5.0000, 29.0000, 22.8977),
    (50.0000, 2.5000, 0.0000, 56.0000, -27.0000, -3.0000, 31.9030),
    (50.0000, 2.5000, 0.0000, 58.0000, 24.0000, 15.0000, 19.4535),
    (60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644),
    (22.7233, 20.0904, -46.6940, 23.0331, 14.9730, -42.5619, 2.0373),
    (90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381),
    (2.0776, 0.0795, -1.1350, 0.9033, -0.0636, -0.5514, 0.9082),
)
"""Pairs from Sharma, Wu and Dalal (2005), Table 1: two CIELAB colours and their CIEDE2000."""


@pytest.mark.parametrize("pair", SHARMA)
def test_ciede2000_gives_the_published_values(pair: tuple[float, ...]) -> None:
    first, second, expected = pair[:3], pair[3:6], pair[6]
    assert ciede2000((first[0], first[1], first[2]), (second[0], second[1], second[2])) \
        == pytest.approx(expected, abs=5e-5)
    assert ciede2000((second[0], second[1], second[2]), (first[0], first[1], first[2])) \
        == pytest.approx(expected, abs=5e-5)


def test_srgb_to_lab_gives_the_published_values() -> None:
    """sRGB red and white in CIELAB (D65), as Lindbloom's calculator gives them."""
    assert lab((255, 255, 255)) == pytest.approx((100.0, 0.0, 0.0), abs=1e-3)
    assert lab((255, 0, 0)) == pytest.approx((53.2408, 80.0925, 67.2032), abs=1e-3)
    assert lab((0, 0, 255)) == pytest.approx((32.2970, 79.1875, -107.8602), abs=1e-3)


def test_the_dichromat_views_keep_greys_and_fold_red_onto_green() -> None:
    """Machado's rows each sum to one (a grey is seen as it is), and red and green, far apart to
    a typical eye, fall close for a protanope and a deuteranope but not for a tritanope."""
    for rows in colourdiff.MACHADO.values():
        assert all(sum(row) == pytest.approx(1.0, abs=1e-5) for row in rows)
    for view in colourdiff.VIEWS:
        assert simulate((128, 128, 128), view) == pytest.approx((128, 128, 128), abs=0.6)
    red, green = (200, 60, 40), (90, 140, 40)
    assert difference(red, green) > 40
    assert difference(red, green, "deutan") < 12 and difference(red, green, "protan") < 25
    assert difference(red, green, "tritan") > 30


def codex(capsys: pytest.CaptureFixture[str], section: str) -> list[dict[str, Any]]:
    assert main(["codex", section, "--json"]) == 0
    found: list[dict[str, Any]] = json.loads(capsys.readouterr().out)
    return found


def clashes(kinds: dict[str, tuple[str, tuple[int, int, int]]],
            views: tuple[str, ...]) -> list[str]:
    """Pairs of kinds sharing a letter whose colours differ by less than DISTINCT in a view."""
    found = []
    for (a, (glyph_a, colour_a)), (b, (glyph_b, colour_b)) in itertools.combinations(
            sorted(kinds.items()), 2):
        if glyph_a == glyph_b:
            least, view = worst(colour_a, colour_b, views)
            if least < DISTINCT:
                found.append(f"{a} and {b} ({glyph_a}): {least:.1f} for {view}")
    return found


def test_every_monster_kind_is_a_letter_and_colour_of_its_own(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Over the whole bestiary (bosses, captives and allies are its kinds): no two kinds drawn
    alike, and kinds sharing a letter told apart by colour, deuteranopes included."""
    monsters = codex(capsys, "monsters")
    looks = {m["key"]: (m["glyph"], (m["colour"][0], m["colour"][1], m["colour"][2]))
             for m in monsters}
    assert len(set(looks.values())) == len(looks)
    assert clashes(looks, ("normal", "deutan")) == []
    assert len({glyph for glyph, _ in looks.values()}) < len(looks), "some letters are shared"


def test_the_colour_blind_palette_keeps_them_apart_for_every_dichromat(
        capsys: pytest.CaptureFixture[str]) -> None:
    chosen = palette.palette(palette.COLOUR_BLIND)
    looks = {m["key"]: (m["glyph"], chosen.monsters.get(m["key"], tuple(m["colour"])))
             for m in codex(capsys, "monsters")}
    assert clashes(looks, colourdiff.VIEWS) == []
    floor = (12, 12, 16)
    states = [floor, *(chosen.tints[name] for name in ("asleep", "hunting", "fleeing"))]
    friends = [floor, chosen.tints["ally"], chosen.tints["captive"]]
    for group in (states, friends):
        for a, b in itertools.combinations(group, 2):
            assert worst(a, b, colourdiff.VIEWS)[0] >= DISTINCT, (a, b)


def test_no_feature_or_tile_is_drawn_with_an_item_glyph(
        capsys: pytest.CaptureFixture[str]) -> None:
    items = codex(capsys, "items")
    features = codex(capsys, "features")
    item_glyphs = {item["glyph"] for item in items}
    assert item_glyphs == set(CATEGORY_GLYPHS.values())
    assert {item["kind"]: item["glyph"] for item in items} == CATEGORY_GLYPHS
    assert all(isinstance(f["glyph"], str) and len(f["colour"]) == 3 for f in features)
    assert {f["name"]: f["glyph"] for f in features if f["glyph"] in item_glyphs} == {}
    drawn = {chr(int(g)) for g in tiles.TILES["glyph"]} | {str(c) for c in tiles.TILES["char"]}
    assert drawn & item_glyphs == set()


def test_a_feature_using_an_item_glyph_is_refused_on_load(tmp_path: Path) -> None:
    from game.content.features import FeatureDataError, load_features

    bad = tmp_path / "features.toml"
    bad.write_text('[pouch]\nname = "Pouch"\neffect = "container"\nglyph = "="\n'
                   'color = [1, 2, 3]\ntext = "A pouch."\n', encoding="utf-8")
    with pytest.raises(FeatureDataError, match=r"features.toml: feature 'pouch': glyph '='"):
        load_features(bad)


def test_a_bad_palette_file_names_the_file_and_the_entry(tmp_path: Path) -> None:
    bad = tmp_path / "colourblind.toml"
    bad.write_text("[monsters]\norc_thug = [1, 2]\n", encoding="utf-8")
    with pytest.raises(palette.PaletteError, match=r"colourblind.toml: \[monsters\] orc_thug"):
        palette.load_palette(bad, "test")
    bad.write_text("[monsters]\nno_such_orc = [1, 2, 3]\n", encoding="utf-8")
    with pytest.raises(palette.PaletteError, match="no_such_orc"):
        palette.load_palette(bad, "test")


def drawn(game: Any) -> Any:
    console = tcod.console.Console(40, 20, order="F")
    cam = play_camera(game, 40, 20)
    draw_map(console, game.floor, cam)
    draw_things(console, game, cam)
    return cells(console)


def test_the_map_draws_kinds_by_the_chosen_palette(config_home: Path) -> None:
    """A monster by its kind's colour (not the one its actor was saved with), swapped in the
    colour-blind palette with the state tints; a feature on a plate, an item and scenery
    bare."""
    game = hand_game()
    orc = monster(game, 5, 2, "orc_thug", mode="hunt")
    orc.glyph, orc.color = "X", (1, 2, 3)  # an old save's look: the kind's wins
    ally = monster(game, 6, 3, "goblin_guard", mode="hunt")
    ally.ally = True
    game.floor.features[(7, 2)] = FeatureState("chest", "container")
    game.floor.features[(7, 3)] = FeatureState("ash", "clue")
    game.floor.items.append(Item(id=game.new_id(), kind="potion_healing", x=8, y=2))
    from game.world.fov import update_fov

    update_fov(game.floor, *game.player.pos)
    from game.content.bestiary import default_bestiary

    thug = default_bestiary().get("orc_thug")
    guard = default_bestiary().get("goblin_guard")
    grid = drawn(game)
    cam = play_camera(game, 40, 20)

    def cell(x: int, y: int) -> Any:
        vx, vy = cam.to_view(x, y)
        return grid[vy, vx]

    assert chr(cell(5, 2)["ch"]) == "o" and tuple(cell(5, 2)["fg"]) == thug.colour
    assert tuple(cell(5, 2)["bg"]) == MONSTER_STATE_BG["hunting"]
    assert tuple(cell(6, 3)["fg"]) == guard.colour and tuple(cell(6, 3)["bg"]) == ALLY_BG
    features, items = dict(game.floor.features), list(game.floor.items)
    game.floor.features.clear()
    game.floor.items.clear()
    bare = drawn(game).copy()  # the same floor in the same light, nothing standing on it
    game.floor.features.update(features)
    game.floor.items.extend(items)

    def bare_bg(x: int, y: int) -> tuple[int, ...]:
        vx, vy = cam.to_view(x, y)
        return tuple(int(c) for c in bare[vy, vx]["bg"])

    assert tuple(cell(7, 2)["bg"]) != bare_bg(7, 2) and chr(cell(7, 2)["ch"]) == "■"
    assert tuple(cell(7, 3)["bg"]) == bare_bg(7, 3)
    assert chr(cell(8, 2)["ch"]) == "!" and tuple(cell(8, 2)["bg"]) == bare_bg(8, 2)

    options.save(replace(options.current(), map_colours="colour-blind"))
    chosen = palette.palette(palette.COLOUR_BLIND)
    grid = drawn(game)
    assert tuple(cell(5, 2)["fg"]) == chosen.monsters["orc_thug"] != thug.colour
    assert tuple(cell(5, 2)["bg"]) == chosen.tints["hunting"]
    assert tuple(cell(6, 3)["bg"]) == chosen.tints["ally"] != CAPTIVE_BG
    orc.mode = Mode.ASLEEP  # undimmed: its colour is what keeps it apart from the other orcs
    grid = drawn(game)
    assert tuple(cell(5, 2)["fg"]) == chosen.monsters["orc_thug"]
    assert tuple(cell(5, 2)["bg"]) == chosen.tints["asleep"]
