"""The screen gallery (`run.py screens`): every screen drawn headless, none with cut text; and
the rules that keep text from being cut (the panel, the hover line, the aim banner)."""

from __future__ import annotations

from pathlib import Path

import pytest
import tcod.console
from tcod.event import KeySym
from ui_world import hand_game

from game.cli import main
from game.run import Run
from game.ui import gallery, gallery_scene
from game.ui.draw import Cuts, clip
from game.ui.render import STATUS_WIDTH, hover_lines, render_play, status_lines
from game.ui.sidebar import code_lines
from game.ui.state import BaseState, Pop
from game.ui.widgets.choices import ChoiceMenu
from game.world.dungeon import new_game

pytestmark = pytest.mark.usefixtures("config_home")


@pytest.fixture(scope="module")
def drawn(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """The whole gallery, drawn once by the command itself."""
    out = tmp_path_factory.mktemp("gallery")
    return out, main(["screens", "--out", str(out)])


def test_every_screen_is_drawn_with_nothing_cut(drawn: tuple[Path, int]) -> None:
    out, status = drawn
    assert status == 0, "a screen cut some text (run.py screens names it)"
    names = sorted(path.stem for path in out.glob("*.txt"))
    assert names == sorted(gallery.SHOTS) and len(names) >= 18
    for name in names:
        rows = (out / f"{name}.txt").read_text(encoding="utf-8").splitlines()
        assert len(rows) == 50 and all(len(row) == 80 for row in rows), name
        assert (out / f"{name}.png").read_bytes().startswith(b"\x89PNG"), name
        assert "".join(rows).strip(), f"{name} is blank"


def test_the_gallery_names_the_screens_the_issue_lists() -> None:
    wanted = {"main-menu", "new-game", "plan-editor", "parameter-editor", "load-game", "play",
              "inventory", "equip", "look", "help", "character", "history", "history-search",
              "floor-map", "level-up", "options", "key-bindings", "game-menu", "death",
              "victory", "lab", "lab-stats", "lab-dressing", "first-person", "replay"}
    assert wanted <= set(gallery.SHOTS)


def test_a_cut_is_detected(tmp_path: Path) -> None:
    """Both kinds of cut fail a screen: text a widget shortened, text past the edge."""

    class Careless(BaseState):
        def on_draw(self, console: tcod.console.Console) -> None:
            console.print(0, 0, clip("a sentence much too long for its place", 10))
            console.print(75, 1, "past the edge")

    gallery.SHOTS["careless"] = lambda scene: [Careless()]
    try:
        with gallery_scene.isolated(tmp_path):
            scene = gallery_scene.Scene(80, 50, tmp_path)
            picture = gallery.picture("careless", scene)
    finally:
        del gallery.SHOTS["careless"]
    assert picture.cuts == ("a sentence much too long for its place", "past the edge")
    assert Cuts.seen == []


def test_a_bad_name_or_size_is_one_line(capsys: pytest.CaptureFixture[str],
                                         tmp_path: Path) -> None:
    assert main(["screens", "--out", str(tmp_path), "--only", "nowhere"]) == 2
    assert "no screen named 'nowhere'" in capsys.readouterr().err
    with pytest.raises(SystemExit) as leaving:
        main(["screens", "--out", str(tmp_path), "--size", "40x20"])
    assert leaving.value.code == 2


def test_a_larger_console_is_drawn_too(tmp_path: Path) -> None:
    assert main(["screens", "--out", str(tmp_path), "--size", "120x60", "--only", "play",
                 "--only", "options"]) == 0
    rows = (tmp_path / "play.txt").read_text(encoding="utf-8").splitlines()
    assert len(rows) == 60 and len(rows[0]) == 120


# --- item 7: nothing is cut ---------------------------------------------------------------


def test_a_run_code_too_long_for_the_footer_breaks_on_whole_lines() -> None:
    for code in ("D3-0C100-1B8CN-P6RVS-XBVQK-W", "D3-" + "-".join(["ABCDE"] * 20) + "-Q"):
        lines = code_lines(code, 78)
        assert all(len(line) <= 78 for line in lines)
        assert "".join(line.strip() for line in lines) == "Code " + code


def test_the_status_column_never_exceeds_its_width() -> None:
    game = new_game(Run("a seed of quite some length, longer than the column"))
    game.hero.level, game.hero.xp, game.hero.pending_levels = 19, 109_999, 3
    game.player.effects.update({"confused": 3, "hasted": 3})
    lines = status_lines(game)
    assert all(len(line) <= STATUS_WIDTH for line in lines)
    assert any("109999/" in line for line in lines)


def test_a_long_hover_wraps_over_the_map() -> None:
    text = "A fountain of clear water stands here, and beside it lies a key. " * 2
    lines = hover_lines(text, 78)
    assert len(lines) == 2 and " ".join(lines) == text.strip()
    console = tcod.console.Console(80, 50, order="C")
    Cuts.seen.clear()
    render_play(console, hand_game(), notice=text)
    assert Cuts.seen == []


# --- item 12: floor fingerprints reach the terminal ------------------------------------------


def test_each_arrival_is_printed_once_on_the_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    from game.ui.screens.play import PlayState
    from game.ui.session import Session
    from game.world.dungeon import change_floor

    game = new_game(Run("hello"))
    play = PlayState(Session(game=game))
    play.aftermath()
    first = capsys.readouterr().out.splitlines()
    assert first == [f"Depth 1: a {game.floor.generator} floor (fingerprint "
                     f"{game.floor.fingerprint})."]
    change_floor(game, 2, "arrival")
    play.aftermath()
    assert capsys.readouterr().out.splitlines() == [
        f"Depth 2: a {game.floor.generator} floor (fingerprint {game.floor.fingerprint})."]


@pytest.mark.parametrize("name", ["load-game", "shop", "shop-sell", "altar", "game-menu"])
def test_esc_closes_the_menus_that_open_over_another_screen(name: str, tmp_path: Path) -> None:
    """ChoiceMenu.back_closes: Escape pops these menus, back to the screen under them."""
    with gallery_scene.isolated(tmp_path):
        menu = gallery.SHOTS[name](gallery_scene.Scene(80, 50, tmp_path))[-1]
        assert isinstance(menu, ChoiceMenu) and menu.back_closes
        assert isinstance(menu.on_event(gallery_scene.key(KeySym.ESCAPE)), Pop)
