"""The generator lab: every key, exports, themes, the path, and generation off the window thread."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import numpy as np
import pytest
import tcod.console
from tcod.event import KeySym, Modifier
from ui_world import key

from game import generators, tiles
from game.content import themes as themefile
from game.export.pngfile import encode_png
from game.floorplan import FloorPlan, TeleporterPair
from game.pathing import walk_distance
from game.ui import labwork
from game.ui.draw import cells
from game.ui.screens import lab as labscreen
from game.ui.screens.lab import LabScreen
from game.ui.screens.menu import LAB, MainMenu
from game.ui.screens.params import ParamEditor
from game.ui.screens.play import PlayState
from game.ui.session import Session
from game.ui.state import Pop, Push, Reset, draw_stack


def small_lab(themes_path: Path = themefile.THEMES_PATH) -> LabScreen:
    """A lab on a small bsp floor (made at once, on this thread)."""
    lab = LabScreen(Session(seed_text="lab-test"), themes_path)
    assert lab.floor is not None and not lab.busy
    return lab


def busy(lab: LabScreen) -> bool:
    """Read through a call, so the type checker keeps no narrowing across key presses."""
    return lab.busy


def exporting(lab: LabScreen) -> bool:
    return lab.exporting


def drawn(lab: LabScreen, width: int = 80, height: int = 50) -> tuple[str, tcod.console.Console]:
    console = tcod.console.Console(width, height, order="C")
    draw_stack([lab], console)
    text = "\n".join("".join(chr(int(c)) for c in row) for row in cells(console)["ch"])
    return text, console


def test_menu_opens_the_lab() -> None:
    result = MainMenu(Session()).choose(LAB)
    assert isinstance(result, Push) and isinstance(result.state, LabScreen)


def test_the_floor_is_drawn_whole_with_title_and_help() -> None:
    lab = small_lab()
    text, console = drawn(lab)
    assert "Generator lab: bsp 80x45" in text and "seed lab-test" in text
    assert "n new seed" in text and "e export" in text
    plan = lab.floor.plan  # type: ignore[union-attr]
    assert (plan.width, plan.height) == (80, 45)
    grid = cells(console)
    walls = grid["bg"] == np.array(lab.theme.wall, dtype=np.uint8)
    assert walls.all(axis=-1).sum() > 500  # walls are drawn as solid blocks


def test_seed_keys_step_forward_and_back() -> None:
    lab = small_lab()
    first = lab.floor.plan.fingerprint()  # type: ignore[union-attr]
    lab.on_event(key(KeySym.N))
    assert len(lab.seeds) == 2 and lab.floor is not None
    assert lab.floor.setup.seed_text == lab.seeds[-1]
    lab.on_event(key(KeySym.B))
    assert lab.seeds == ["lab-test"]
    assert lab.floor.plan.fingerprint() == first  # same seed, same floor
    lab.on_event(key(KeySym.B))
    assert "first seed" in lab.notice[0]


def test_generator_and_size_keys() -> None:
    lab = small_lab()
    names = []
    for _ in range(len(generators.names())):
        lab.on_event(key(KeySym.G))
        names.append(lab.floor.plan.generator)  # type: ignore[union-attr]
    assert sorted(names) == generators.names()  # every generator, never "random"
    lab.on_event(key(KeySym.G, Modifier.SHIFT))
    assert lab.row.generator == names[-2]
    before = lab.setup()
    lab.on_event(key(KeySym.RIGHTBRACKET))
    bigger = lab.setup()
    assert bigger.width * bigger.height > before.width * before.height
    lab.on_event(key(KeySym.LEFTBRACKET))
    lab.on_event(key(KeySym.LEFTBRACKET))
    smaller = lab.setup()
    spec = generators.get(smaller.generator)
    assert smaller.width >= spec.min_width and smaller.height >= spec.min_height
    assert lab.floor is not None and lab.floor.setup == smaller


def test_toggles_theme_and_stats() -> None:
    lab = small_lab()
    assert lab.show_path and not lab.show_dressing and not lab.show_stats
    for sym in (KeySym.P, KeySym.D, KeySym.S):
        lab.on_event(key(sym))
    assert (lab.show_path, lab.show_dressing, lab.show_stats) == (False, True, True)
    text, _ = drawn(lab)
    assert "floor ratio" in text and "path ratio" in text and "encounters:" in text
    names = set()
    for _ in range(len(lab.themes)):
        lab.on_event(key(KeySym.T))
        names.add(lab.theme.name)
        drawn(lab)
    assert len(names) == len(lab.themes) >= 4


def test_layers_colour_doors_and_monsters() -> None:
    lab = small_lab()
    floor = lab.floor
    assert floor is not None and floor.dressing.doors and floor.dressing.encounters
    plain = labwork.floor_cells(floor, lab.theme, 1, path=False, dressing=False)
    layered = labwork.floor_cells(floor, lab.theme, 1, path=False, dressing=True)
    door = floor.dressing.doors[0]
    want = labwork.REINFORCED if door.reinforced else labwork.DOOR_STATES[door.state]
    assert tuple(layered["fg"][door.y, door.x]) == want
    monster = floor.dressing.encounters[0].monsters[0]
    assert tuple(layered["fg"][monster.y, monster.x]) == labwork.DIFFICULTY[
        floor.dressing.encounters[0].difficulty]
    assert (plain["ch"] != layered["ch"]).any()
    pathed = labwork.floor_cells(floor, lab.theme, 1, path=True, dressing=False)
    marked = (pathed["bg"] == np.array(lab.theme.path, dtype=np.uint8)).all(axis=-1)
    assert marked.sum() == len(floor.path)


def test_teleporter_links_are_lines() -> None:
    lab = LabScreen(Session(seed_text="lab-demo"))  # a bsp floor with two teleporter pairs
    floor = lab.floor
    assert floor is not None and floor.plan.teleporters
    layered = labwork.floor_cells(floor, lab.theme, 1, path=False, dressing=True)
    assert (layered["ch"] == labwork.LINK_GLYPH).sum() > 0


def test_shortest_path_runs_from_exit_to_arrival_through_teleporters() -> None:
    text = """
#########
#<..#...#
#...#...#
#.^.#.^>#
#########
"""
    tile_map = tiles.from_ascii(text)
    plan = FloorPlan(tiles=tile_map, arrival=(1, 1), exits=((7, 3),),
                     teleporters=(TeleporterPair((2, 3), (6, 3)),), generator="hand",
                     params={})
    path = labwork.shortest_path(plan)
    assert tuple(path[0]) == (3, 7) and tuple(path[-1]) == (1, 1)
    dist = walk_distance(tiles.walkable(tile_map), [plan.arrival], plan.teleporters)
    assert len(path) == dist[3, 7] + 1
    assert list(dist[path[:, 0], path[:, 1]]) == list(range(len(path) - 1, -1, -1))


def test_shrunk_maze_keeps_walls() -> None:
    lab = small_lab()
    lab.set_row(lab.row.__class__(1, 1, "maze", (81, 45), ()))
    plan = lab.floor.plan  # type: ignore[union-attr]
    shrunk = labwork.shrunk_tiles(plan.tiles, 2)
    assert (shrunk == tiles.WALL).sum() > shrunk.size // 5
    assert (shrunk == tiles.STAIRS_UP).sum() == 1


def test_exports_write_every_format(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DELVE_DATA_DIR", str(tmp_path))
    lab = small_lab()
    for sym in (KeySym.A, KeySym.J, KeySym.G, KeySym.K):
        lab.on_event(key(KeySym.E))
        assert exporting(lab) and "Export:" in drawn(lab)[0]
        lab.on_event(key(sym))
        assert not exporting(lab) and lab.notice[0].startswith("Wrote ")
    written = sorted(p.name for p in (tmp_path / "lab").iterdir())
    assert written == ["bsp-lab-test-80x45-floor.json", "bsp-lab-test-80x45-key.txt",
                       "bsp-lab-test-80x45-map.png", "bsp-lab-test-80x45-map.txt"]
    ascii_map = (tmp_path / "lab" / "bsp-lab-test-80x45-map.txt").read_text().splitlines()
    assert ascii_map == tiles.to_ascii(lab.floor.plan.tiles)  # type: ignore[union-attr]
    lab.on_event(key(KeySym.E))
    lab.on_event(key(KeySym.H))
    assert "only mazes" in lab.notice[0] and lab.notice[1] == labscreen.ERROR
    lab.on_event(key(KeySym.E))
    lab.on_event(key(KeySym.Z))
    assert lab.notice[0] == "Export cancelled."


def test_hex_export_of_a_maze(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DELVE_DATA_DIR", str(tmp_path))
    lab = small_lab()
    lab.set_row(lab.row.__class__(1, 1, "maze", (61, 41), ()))
    lab.on_event(key(KeySym.E))
    lab.on_event(key(KeySym.H))
    assert (tmp_path / "lab" / "maze-lab-test-61x41-maze.hex").exists()


def test_export_error_is_shown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("DELVE_DATA_DIR", str(blocker))
    lab = small_lab()
    lab.on_event(key(KeySym.E))
    lab.on_event(key(KeySym.A))
    assert lab.notice[1] == labscreen.ERROR and "exporting ascii" in lab.notice[0]


def test_parameters_editor_regenerates() -> None:
    lab = small_lab()
    result = lab.on_event(key(KeySym.O))
    assert isinstance(result, Push) and isinstance(result.state, ParamEditor)
    editor = result.state
    editor.select(2)  # the first generator parameter, after width and height
    editor.apply(step=1)
    assert lab.row.params
    lab.on_tick()
    assert lab.floor is not None and lab.floor.setup.params == lab.row.params
    assert lab.floor.plan.params  # the generator got it


def test_enter_plays_this_floor() -> None:
    lab = small_lab()
    lab.on_event(key(KeySym.N))
    expected = lab.floor.plan.fingerprint()  # type: ignore[union-attr]
    result = lab.on_event(key(KeySym.RETURN))
    assert isinstance(result, Reset) and isinstance(result.state, PlayState)
    game = lab.session.game
    assert game is not None and game.run.seed == lab.seeds[-1]
    assert game.floor.fingerprint == expected
    assert game.run.recipes[1].generator == "power" and len(game.run.recipes) == 10


def test_play_refuses_floors_too_large_for_a_run() -> None:
    lab = small_lab()
    monkeypatched = lab.row.__class__(1, 1, "bsp", (1000, 1000), ())
    lab.editing.recipes = (monkeypatched,)
    assert lab.on_event(key(KeySym.RETURN)) is None
    assert "20..400" in lab.notice[0]


def test_escape_goes_back() -> None:
    assert isinstance(small_lab().on_event(key(KeySym.ESCAPE)), Pop)


def test_bad_theme_file_falls_back(tmp_path: Path) -> None:
    bad = tmp_path / "themes.toml"
    colours = "".join(f'{name} = "#102030"\n' for name in themefile.THEME_COLOURS)
    bad.write_text("[themes.ugly]\n" + colours.replace('wall = "#102030"', 'wall = "red"'))
    lab = small_lab(themes_path=bad)
    assert lab.themes == (themefile.DEFAULT_THEME,)
    assert "'ugly'" in lab.notice[0] and str(bad) in lab.notice[0] and "wall" in lab.notice[0]
    shown = " ".join(line.strip() for line in drawn(lab)[0].splitlines())
    assert "themes.toml" in shown and "'ugly'" in shown  # the notice is two lines at most
    bad.write_text("[themes.fine]\n" + colours)
    assert themefile.load_themes(bad)[0][0].wall == (16, 32, 48)
    bad.write_text("[themes.extra]\n" + colours + 'glow = "#ffffff"\n')
    assert "unknown key 'glow'" in themefile.load_themes(bad)[1]
    themes, problem = themefile.load_themes(tmp_path / "missing.toml")
    assert themes == (themefile.DEFAULT_THEME,) and "missing.toml" in problem
    bad.write_text("[themes")
    assert "not valid TOML" in themefile.load_themes(bad)[1]


def test_the_shipped_themes_load() -> None:
    themes, problem = themefile.load_themes()
    assert problem == "" and len(themes) >= 4
    assert len({t.name for t in themes}) == len(themes)


def test_large_floors_are_made_off_the_window_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    lab = small_lab()
    release = threading.Event()
    real = labwork.make_floor

    def slow(setup: labwork.Setup) -> labwork.LabFloor:
        assert threading.current_thread() is not threading.main_thread()
        release.wait(10)
        return real(labwork.Setup(setup.generator, 80, 45, setup.params, setup.seed_text))

    monkeypatch.setattr(labwork, "make_floor", slow)
    monkeypatch.setattr(labscreen, "BACKGROUND_AREA", 100)
    lab.on_event(key(KeySym.N))
    assert lab.busy
    for _ in range(5):  # the worker waits 10 s for `release`: a blocking tick would wait too
        start = time.perf_counter()
        lab.on_tick()
        text, _ = drawn(lab)
        assert time.perf_counter() - start < 5
    assert "generating 80x45" in text and lab.busy
    lab.on_event(key(KeySym.E))
    assert not lab.exporting and "Wait" in lab.notice[0]
    release.set()
    deadline = time.monotonic() + 10
    while busy(lab) and time.monotonic() < deadline:
        lab.on_tick()
        time.sleep(0.01)
    assert not busy(lab) and lab.floor is not None
    assert lab.floor.setup.seed_text == lab.seeds[-1]
    lab.close()


def test_snapshot_png(tmp_path: Path) -> None:
    from game import assets

    lab = small_lab()
    lab.on_event(key(KeySym.D))
    lab.on_event(key(KeySym.S))
    _, console = drawn(lab)
    rgba = assets.tileset().render(console)
    data = encode_png(np.ascontiguousarray(rgba[:, :, :3]))
    (tmp_path / "lab.png").write_bytes(data)
    assert data.startswith(b"\x89PNG")


def test_the_lab_shows_secret_doors() -> None:
    floor = labwork.make_floor(labwork.Setup("power", 80, 50, (("secret", "0.5"),), "lab-secret"))
    hidden = [(int(x), int(y)) for y, x in np.argwhere(floor.plan.tiles == tiles.SECRET_DOOR)]
    assert hidden
    theme = themefile.DEFAULT_THEME
    for dressing in (False, True):
        grid = labwork.floor_cells(floor, theme, 1, path=False, dressing=dressing)
        assert all(grid["ch"][y, x] == ord("S") for x, y in hidden)
    assert "secret doors     " + str(len(hidden)) in floor.stats
