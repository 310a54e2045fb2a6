"""Light and darkness (issue 30, part L): the light map, seeing by it, stealth in the dark, each
generator's lighting, the lights file and the shading of the map."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest
from scenario import Scene, monster, scenario

from game import tiles
from game.ai import monsters
from game.content.features import feature_kinds
from game.content.lights import LightDataError, default_lights, load_lights
from game.rules import stealth
from game.run import FloorRecipe, Run
from game.ui import lighting, render
from game.world import light
from game.world.dungeon import new_game
from game.world.fov import SIGHT_RADIUS, update_fov
from game.world.model import FeatureState, Game

HALLS = """
    ######################
    #@...................#
    ###########.##########
    #.........#.#........#
    #....B....#.#........#
    #.........#.#........#
    ######################
"""
"""A brazier (B) in the west room, a corridor and the east room behind its wall."""

CORRIDOR = """
    ##################
    #@...............#
    ##################
"""


def in_the_dark(scene: Scene, generator: str = "cave") -> Scene:
    """The scene's floor lit as a generator's floor (drawn floors are lit throughout)."""
    scene.floor.generator = generator
    scene.floor.explored[:] = False
    update_fov(scene.floor, *scene.player.pos)
    return scene


def brazier_halls() -> Scene:
    return in_the_dark(scenario(HALLS, legend={"B": FeatureState("Brazier", "light")}))


def level(scene: Scene, x: int, y: int) -> float:
    assert scene.floor.light is not None
    return float(scene.floor.light[y, x].max())


def test_a_brazier_lights_its_room_and_not_behind_a_wall() -> None:
    scene = brazier_halls()
    static = light.static_light(scene.floor, scene.floor.transparent())
    assert static[4, 5].max() > static[4, 8].max() >= light.SEEN  # its room, brightest on it
    assert static[4, 1].max() >= light.SEEN
    for x, y in ((11, 4), (11, 3), (13, 4)):  # the corridor and room behind the wall
        assert static[y, x].max() == 0
    assert static[1, 15].max() == 0  # the dark hall far from the hero


def test_a_dark_corridor_is_seen_only_within_the_heros_light() -> None:
    scene = in_the_dark(scenario(CORRIDOR))
    reach = light.HERO_LIGHT.radius
    row = scene.floor.visible[1]
    assert row[1:2 + reach].all()
    assert not row[2 + reach:].any()  # in line of sight (SIGHT_RADIUS) but dark
    assert 2 + reach <= SIGHT_RADIUS
    assert not scene.floor.explored[1, 2 + reach]
    lit = scenario(CORRIDOR)  # the same floor lit throughout: seen to the sight radius
    assert lit.floor.visible[1, 2 + reach:1 + SIGHT_RADIUS].all()


def test_a_monster_in_the_dark_is_seen_only_lit_or_beside_the_hero() -> None:
    reach = light.HERO_LIGHT.radius
    far = "#@" + "." * (reach + 1) + "g" + "......#"
    scene = in_the_dark(scenario(f"{'#' * len(far)}\n{far}\n{'#' * len(far)}",
                                 legend={"g": monster(mode="asleep")}))
    goblin = scene.monster("g")
    assert max(abs(goblin.x - scene.player.x), 0) == reach + 2
    assert not scene.floor.visible[goblin.y, goblin.x]
    scene.floor.relocate(goblin, 2, 1)
    update_fov(scene.floor, *scene.player.pos)
    assert scene.floor.visible[goblin.y, goblin.x]


def test_a_monster_beside_the_hero_is_seen_even_in_magical_darkness() -> None:
    scene = in_the_dark(scenario("#####\n#@g.#\n#####", legend={"g": monster()}))
    scene.player.effects["darkened"] = 9
    update_fov(scene.floor, scene.player.x, scene.player.y, 0)
    assert scene.floor.visible[1, 2]


def test_a_glowing_monster_in_the_dark_is_seen() -> None:
    reach = light.HERO_LIGHT.radius
    far = "#@" + "." * (reach + 2) + "g" + "..#"
    drawn = f"{'#' * len(far)}\n{far}\n{'#' * len(far)}"
    imp = dataclasses.replace(monster(mode="asleep"), kind="fire_imp")
    glowing = in_the_dark(scenario(drawn, legend={"g": imp}))
    plain = in_the_dark(scenario(drawn, legend={"g": monster(mode="asleep")}))
    x = glowing.monster("g").x
    assert glowing.floor.visible[1, x] and not plain.floor.visible[1, x]
    assert level(glowing, x + 1, 1) > 0  # its glow lights round it too


def test_opening_a_door_lets_a_light_through() -> None:
    drawn = """
        ############
        #@..+..B...#
        ############
    """
    scene = in_the_dark(scenario(drawn, legend={"B": FeatureState("Brazier", "light")}))
    assert level(scene, 3, 1) == pytest.approx(light.HERO_LIGHT.colour[0] * 6 / 8, abs=0.01)
    scene.floor.doors[(4, 1)].is_open = True
    scene.floor.tiles[1, 4] = tiles.OPEN_DOOR
    update_fov(scene.floor, *scene.player.pos)
    assert level(scene, 3, 1) > light.HERO_LIGHT.colour[0] * 6 / 8 + 0.1


def light_part(scene: Scene) -> int:
    return dict(stealth.stealth_parts(scene.game))["light"]


def test_stealth_is_better_in_the_dark_and_worse_in_bright_light() -> None:
    drawn = "############\n#@.......a.#\n############"
    legend = {"a": monster(mode="asleep")}
    dark = in_the_dark(scenario(drawn, legend=legend))
    plain = scenario(drawn, legend=legend)
    assert light_part(dark) == stealth.DARK and light_part(plain) == 0
    assert stealth.stealth(dark.game) > stealth.stealth(plain.game)
    assert monsters.notice_chance(dark.game) < monsters.notice_chance(plain.game)
    bright = in_the_dark(scenario(drawn.replace("@.", "@B"),
                                  legend={**legend, "B": FeatureState("Brazier", "light")}))
    assert light_part(bright) == -stealth.LIGHT
    dark.player.effects["darkened"] = 5
    assert light_part(dark) == stealth.LIGHT  # the potion of darkness still hides


def test_a_lit_room_is_seen_whole_from_its_door_and_a_dark_one_is_not() -> None:
    drawn = """
        ##########################
        #@...........+...........#
        ##########################
    """
    scene = scenario(drawn)
    scene.floor.areas.append((14, 1, 11, 1, "a room (area 1)"))
    scene.floor.generator = "bsp"
    scene.floor.doors[(13, 1)].is_open = True
    scene.floor.tiles[1, 13] = tiles.OPEN_DOOR
    scene.floor.relocate(scene.player, 12, 1)
    update_fov(scene.floor, 12, 1)
    assert scene.floor.visible[1, 14:24].all()  # the room, lit, beyond the hero's light
    assert not scene.floor.visible[1, 1:12 - light.HERO_LIGHT.radius].any()  # the dark hall
    scene.floor.generator = "cave"  # caves light no rooms
    update_fov(scene.floor, 12, 1)
    assert not scene.floor.visible[1, 13 + light.HERO_LIGHT.radius:24].any()


SEEDS = ("a", "b", "c", "d", "e", "f")
GENERATORS = ("bsp", "power", "cave", "maze", "tables")


def fresh(seed: str, generator: str) -> Game:
    return new_game(Run(seed, (FloorRecipe(1, generator, 80, 45),)))


def test_the_hero_and_the_tiles_round_are_always_seen() -> None:
    for seed in SEEDS:
        for generator in GENERATORS:
            game = fresh(seed, generator)
            x, y = game.player.pos
            assert game.floor.visible[y - 1:y + 2, x - 1:x + 2].all(), (seed, generator)
            game.player.effects["darkened"] = 5
            update_fov(game.floor, x, y, 2)
            assert game.floor.visible[y - 1:y + 2, x - 1:x + 2].all(), (seed, generator)


def test_the_light_map_is_the_floors_own() -> None:
    """Same floor, same light: made twice from scratch, and on a second building of the floor."""
    for seed in SEEDS[:3]:
        for generator in GENERATORS:
            game, again = fresh(seed, generator), fresh(seed, generator)
            first = game.floor.light
            assert first is not None and again.floor.light is not None
            game.floor.light_cache = None
            update_fov(game.floor, *game.player.pos)
            remade = game.floor.light
            assert remade is not None and np.array_equal(first, remade)
            assert np.array_equal(first, again.floor.light)
            assert np.array_equal(game.floor.visible, again.floor.visible)


def test_caves_are_darker_than_tables_floors_and_the_maze_is_dim() -> None:
    def mean_light(generator: str) -> float:
        levels = []
        for seed in SEEDS:
            floor = fresh(seed, generator).floor
            static = light.static_light(floor, floor.transparent()).max(axis=2)
            levels.append(float(static[tiles.walkable(floor.tiles)].mean()))
        return sum(levels) / len(levels)

    cave, tables, bsp, maze = (mean_light(g) for g in ("cave", "tables", "bsp", "maze"))
    assert cave < tables and cave < bsp and cave < maze
    assert light.SEEN <= min(light.character("maze").ambient) < light.FULL


def test_lights_file_names_every_light_feature_and_real_monsters() -> None:
    lights = default_lights()
    for kind in feature_kinds().values():
        if kind.effect == "light":
            assert kind.key in lights.features, kind.key
    assert lights.monsters  # some monsters glow


@pytest.mark.parametrize(("text", "problem"), [
    ("[feature.brazier]\nradius = 0\ncolour = [1, 2, 3]\n", "feature 'brazier': radius"),
    ("[feature.brazier]\nradius = 3\ncolour = [1, 2]\n", "feature 'brazier': colour"),
    ("[feature.nothing]\nradius = 3\ncolour = [1, 2, 3]\n", "feature 'nothing': no such"),
    ("[monster.fire_imp]\nradius = 3\n", "monster 'fire_imp': needs 'colour'"),
    ("[monster.fire_imp]\nradius = 3\ncolour = [1, 2, 3]\nhue = 1\n", "unknown field 'hue'"),
    ("[item.torch]\nradius = 3\ncolour = [1, 2, 3]\n", "unknown section 'item'"),
])
def test_a_bad_lights_file_names_the_file_and_the_entry(tmp_path: Path, text: str,
                                                        problem: str) -> None:
    path = tmp_path / "lights.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LightDataError) as raised:
        load_lights(path, {"brazier"}, {"fire_imp"})
    assert "lights.toml" in str(raised.value) and problem in str(raised.value)


def test_more_light_draws_brighter_and_tinted_by_its_hue() -> None:
    dim, full = (np.full((1, 1, 3), v, dtype=np.float32) for v in (light.SEEN, light.FULL))
    assert lighting.factors(dim).max() == pytest.approx(lighting.SHADOW)
    assert lighting.factors(full) == pytest.approx(1.0)
    red = lighting.factors(np.array([[[0.5, 0.1, 0.1]]], dtype=np.float32))[0, 0]
    assert red[0] > red[1] == pytest.approx(red[2])


def test_remembered_things_are_dimmed_as_the_remembered_tiles() -> None:
    fg = tuple(int(c) for c in tiles.TILES["fg"][tiles.FLOOR])
    assert lighting.remembered((fg[0], fg[1], fg[2])) == tuple(
        int(c) for c in render.DARK["fg"][tiles.FLOOR])


def test_the_map_shades_seen_tiles_by_their_light() -> None:
    import tcod.console

    from game.ui.draw import cells

    drawn = "####################\n#@.................#\n####################"
    scene = in_the_dark(scenario(drawn))
    console = tcod.console.Console(40, 30, order="C")
    render.render_play(console, scene.game)
    grid = cells(console)
    cam = render.play_camera(scene.game, 40, 30)
    near = grid[cam.to_view(2, 1)[1], cam.to_view(2, 1)[0]]
    edge = grid[cam.to_view(8, 1)[1], cam.to_view(8, 1)[0]]
    assert int(near["fg"].sum()) > int(edge["fg"].sum()) > 0  # brighter near the hero
    assert int(near["bg"].sum()) > int(tiles.TILES["bg"][tiles.FLOOR].sum())  # its pool


def test_a_restored_game_has_its_light_and_the_same_sight() -> None:
    """The light map is not saved: a restored game makes it again, the same on what is seen."""
    from game.save import crash

    game = fresh("a", "cave")
    restored = crash.snapshot(game).restore()
    assert restored.floor.light is not None and game.floor.light is not None
    seen = game.floor.visible
    assert np.array_equal(restored.floor.visible, seen)
    assert np.array_equal(restored.floor.light[seen], game.floor.light[seen])  # as drawn
