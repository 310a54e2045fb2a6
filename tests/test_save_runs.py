"""One save per run (issue 13, item 1): runs saved side by side never clobber one another, a new
game never touches an existing save, Continue is the latest, the Load screen lists, loads and
deletes (after a yes/no), the old single slot is migrated, `run.py saves` and `--load` keep their
contract; and the main menu preselects Continue (item 12)."""

from __future__ import annotations

import json
import string
from datetime import UTC, datetime
from pathlib import Path

import pytest
import tcod.console
import tcod.event
from save_games import played
from tcod.event import KeySym
from test_save_cli import one_line_error, run_main
from ui_world import key, motion

from game.save.runs import file_name, list_saves, parse_stamp, slug, stamp
from game.save.store import SaveSlot, read_save
from game.ui import app, saves
from game.ui.draw import cells
from game.ui.screens.loadgame import LoadScreen
from game.ui.screens.menu import CONTINUE, LOAD, NEW, MainMenu
from game.ui.screens.newgame import NewGameScreen
from game.ui.screens.play import PlayState
from game.ui.session import Session
from game.ui.state import Push, Reset, State, draw_stack
from game.userfiles import data_dir
from game.world.kinds import Outcome
from game.world.model import Game
from game.world.serial import state_hash

JSON_KEYS = {"file", "code", "depth", "turn", "saved_at", "hero_level", "seed", "started_at",
             "outcome", "loadable", "problem", "background"}


def run_files(folder: Path | None = None) -> list[Path]:
    return sorted((folder or data_dir()).glob("*.delve"))


def text_of(state: State) -> str:
    console = tcod.console.Console(80, 50, order="C")
    draw_stack([state], console)
    return "\n".join("".join(chr(int(c)) for c in row) for row in cells(console)["ch"])


def loaded_hash(path: Path) -> str:
    return state_hash(read_save(path).game)


def save_later(game: Game, moment: str) -> None:
    """Save `game` as though at `moment` (saved_at decides the order of the list)."""
    assert saves.save_run(game)
    bound = saves._binding(game)
    assert bound is not None
    bound.slot.save(game, {"started_at": bound.started_at, "saved_at": moment})


# --- names ----------------------------------------------------------------------------------------


def test_file_names_are_safe_deterministic_and_never_taken() -> None:
    started = datetime(2026, 12, 1, 1, 2, 3, tzinfo=UTC)
    assert file_name("hello", started, set()) == "hello-20261201-010203.delve"
    assert file_name("hello", started, set()) == file_name("hello", started, set())
    assert file_name("hello", started, {"hello-20261201-010203.delve"}) == (
        "hello-20261201-010203-2.delve")
    assert file_name("HELLO", started, {"hello-20261201-010203.delve",
                                        "hello-20261201-010203-2.delve"}).endswith("-3.delve")
    for nasty in ("../../etc/passwd", "a/b\\c:d*e?f", "\x00\n", "ü" * 50, "", "CON", "x" * 300):
        name = slug(nasty)
        assert name and len(name) <= 32
        assert set(name) <= set(string.ascii_lowercase + string.digits + "-")
        assert not name.startswith("-") and not name.endswith("-")
    assert slug("Amber Ash 12!") == "amber-ash-12"
    assert parse_stamp(stamp(started)) == started and parse_stamp("yesterday") is None


# --- runs side by side ----------------------------------------------------------------------------


def test_several_runs_are_saved_side_by_side_and_none_clobbers_another() -> None:
    games = [played("alpha", 10), played("beta", 20), played("alpha", 30)]  # two runs of a seed
    for game in games:
        assert saves.save_run(game)
    for game in games:  # each saves again, to its own file
        assert saves.save_run(game)
    files = run_files()
    assert len(files) == 3
    assert sorted(loaded_hash(path) for path in files) == sorted(state_hash(g) for g in games)
    assert sum(path.name.startswith("alpha-") for path in files) == 2


def test_a_new_game_never_touches_an_existing_save() -> None:
    old = played("old run", 30)
    assert saves.save_run(old)
    (kept,) = run_files()
    before = kept.read_bytes()
    session = Session(seed_text="old run")  # even the same seed
    result = NewGameScreen(session).on_event(key(KeySym.RETURN))
    assert result is not None and session.game is not None and session.game is not old
    application = app.App(session)
    application.handle(tcod.event.Quit())  # closing the window saves the new run
    assert kept.read_bytes() == before
    assert len(run_files()) == 2


def test_continue_is_the_latest_and_is_preselected() -> None:
    menu = MainMenu(Session())
    assert menu.choices.index == NEW and not menu.choices.enabled(CONTINUE)
    first, second = played("first", 10), played("second", 20)
    save_later(first, "2026-11-30T10:00:00Z")
    save_later(second, "2026-11-30T11:00:00Z")
    save_later(first, "2026-11-30T12:00:00Z")  # played again: now the latest
    menu = MainMenu(Session())
    assert menu.choices.index == CONTINUE and menu.choices.enabled(LOAD)
    result = menu.on_event(key(KeySym.RETURN))
    assert isinstance(result, Reset) and isinstance(result.state, PlayState)
    assert state_hash(result.state.game) == state_hash(first)


def test_the_menu_ignores_the_mouse_resting_where_it_opens() -> None:
    assert saves.save_run(played("rest", 5))
    menu = MainMenu(Session())
    menu.on_event(motion(40, 20 + NEW))  # the mouse was already over "New game"
    menu.on_event(motion(40, 20 + NEW))
    assert menu.choices.index == CONTINUE
    menu.on_event(motion(40, 20 + LOAD))  # now it moves
    assert menu.choices.index == LOAD


def test_a_finished_run_cannot_be_continued() -> None:
    game = played("ended", 10)
    assert saves.save_run(game)
    game.outcome = Outcome.DEAD
    saves.record_run_end(game)
    assert run_files() == [] and saves.latest_run() is None


# --- the Load screen ------------------------------------------------------------------------------


def test_the_load_screen_lists_newest_first_and_loads_the_chosen_run() -> None:
    older, newer = played("older", 10), played("newer", 20)
    save_later(older, "2026-11-30T10:00:00Z")
    save_later(newer, "2026-11-30T11:00:00Z")
    screen = LoadScreen(Session())
    assert [entry.seed for entry in screen.entries] == ["newer", "older"]
    text = text_of(screen)
    assert "newer" in text and "older" in text and newer.run.code in "".join(text.split())
    screen.on_event(key(KeySym.DOWN))
    result = screen.on_event(key(KeySym.RETURN))
    assert isinstance(result, Reset) and isinstance(result.state, PlayState)
    game = result.state.game
    assert state_hash(game) == state_hash(older)
    game.turn += 1  # it plays on, and saves back to its own file
    assert saves.save_run(game)
    assert len(run_files()) == 2
    assert read_save(screen.entries[1].path).game.turn == older.turn + 1


def test_delete_asks_first_and_removes_only_that_run() -> None:
    keep, drop = played("keep", 10), played("drop", 20)
    save_later(keep, "2026-11-30T10:00:00Z")
    save_later(drop, "2026-11-30T11:00:00Z")
    assert saves.save_run(drop)  # a backup too
    screen = LoadScreen(Session())
    screen.on_event(key(KeySym.D))
    assert "Delete the save of drop" in text_of(screen)
    screen.on_event(key(KeySym.N))
    assert len(run_files()) == 2 and screen.asking is None
    screen.on_event(key(KeySym.D))
    screen.on_event(key(KeySym.Y))
    assert [path.name[:5] for path in run_files()] == ["keep-"]
    assert not list(data_dir().glob("drop-*"))  # its backup went too
    assert [entry.seed for entry in screen.entries] == ["keep"]


def test_a_damaged_save_is_listed_and_can_be_deleted() -> None:
    assert saves.save_run(played("good", 10))
    bad = data_dir() / "bad-20260101-000000.delve"
    bad.write_bytes(b"not a save at all")
    screen = LoadScreen(Session())
    rows = {entry.path.name: entry for entry in screen.entries}
    assert not rows[bad.name].loadable and "not a Delve save" in rows[bad.name].problem
    screen.choices.index = screen.entries.index(rows[bad.name])
    assert screen.on_event(key(KeySym.RETURN)) is None and "cannot be loaded" in screen.error
    screen.on_event(key(KeySym.D))
    screen.on_event(key(KeySym.Y))
    assert not bad.exists() and len(run_files()) == 1


def test_the_load_screen_draws_without_saves_and_with_many(tmp_path: Path) -> None:
    assert "No saved runs" in text_of(LoadScreen(Session()))
    for index in range(30):
        assert saves.save_run(played(f"many-{index}", 1))
    screen = LoadScreen(Session())
    for _ in range(29):
        screen.on_event(key(KeySym.DOWN))
    assert screen.entries[29].seed in text_of(screen)  # scrolled into view
    assert isinstance(MainMenu(Session()).choose(LOAD), Push)


# --- the old single slot --------------------------------------------------------------------------


def test_the_old_single_slot_is_migrated_into_the_list() -> None:
    older, newer = played("legacy", 10), played("legacy", 20)
    old = SaveSlot(data_dir())  # how earlier versions saved: save.delve and save.delve.bak
    old.save(older)
    old.save(newer)
    old.release()
    stamp_time = datetime.fromtimestamp((data_dir() / "save.delve").stat().st_mtime, UTC)
    entries = saves.saved_runs()
    assert [entry.seed for entry in entries] == ["legacy"]
    (path,) = run_files()
    assert path.name == file_name("legacy", stamp_time, set())
    assert (data_dir() / (path.name + ".bak")).exists()
    assert not (data_dir() / "save.delve").exists()
    assert loaded_hash(path) == state_hash(newer)
    game = saves.saved_run()
    assert game is not None and state_hash(game) == state_hash(newer)
    assert saves.save_run(game) and run_files() == [path]  # it saves back to the same file


# --- the command line -----------------------------------------------------------------------------


def test_saves_json_contract(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saves.configure(tmp_path)
    first, second = played("json-a", 10), played("json-b", 20)
    save_later(first, "2026-11-30T10:00:00Z")
    save_later(second, "2026-11-30T11:00:00Z")
    (tmp_path / "broken-20250101-000000.delve").write_bytes(b"\x00" * 10)
    saves.configure()
    code, out, _ = run_main(capsys, "saves", "--save-dir", str(tmp_path), "--json")
    assert code == 0
    listed = json.loads(out)
    assert [set(item) for item in listed] == [JSON_KEYS] * 3
    good = [item for item in listed if item["loadable"]]
    assert [item["seed"] for item in good] == ["json-b", "json-a"]
    assert good[0] == {**good[0], "code": second.run.code, "depth": second.depth,
                       "turn": second.turn, "hero_level": second.hero.level,
                       "saved_at": "2026-11-30T11:00:00Z", "problem": "",
                       "background": "fighter"}
    assert Path(good[0]["file"]).parent == tmp_path
    (broken,) = [item for item in listed if not item["loadable"]]
    assert "not a Delve save" in broken["problem"]
    code, text, _ = run_main(capsys, "--save-dir", str(tmp_path), "saves")
    assert code == 0 and "json-b" in text and "problem: not a Delve save" in text
    assert text.index("json-b") < text.index("json-a")
    code, text, _ = run_main(capsys, "saves", "--save-dir", str(tmp_path / "none"))
    assert code == 0 and "no saved runs" in text
    assert list_saves(tmp_path / "none") == []


def test_load_starts_the_game_from_that_save(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    game = played("cli-load", 15)
    assert saves.save_run(game)
    (path,) = run_files()
    started: list[Session] = []

    def opened(session: Session | None = None) -> int:
        assert session is not None
        started.append(session)
        return 0

    monkeypatch.setattr(app, "run", opened)
    code, _, _ = run_main(capsys, "--load", str(path))
    assert code == 0 and started[0].game is not None
    assert state_hash(started[0].game) == state_hash(game)
    started[0].game.turn += 1
    assert saves.save_run(started[0].game) and read_save(path).game.turn == game.turn + 1
    assert run_files() == [path]
    monkeypatch.chdir(path.parent)  # a relative path into the saves folder shares its lock
    code, _, _ = run_main(capsys, "--load", path.name)
    again = started[1].game
    assert code == 0 and again is not None and saves.save_run(again) and run_files() == [path]
    assert len(saves.saved_runs()) == 1 and saves.problem() == ""  # not busy with itself
    junk = tmp_path / "junk.delve"
    junk.write_bytes(b"junk")
    assert "not a Delve save" in one_line_error(capsys, "--load", str(junk))
    assert "no such file" in one_line_error(capsys, "--load", str(tmp_path / "missing.delve"))
    assert "leave out the seed" in one_line_error(capsys, "--load", str(path), "--seed", "x")
    assert len(started) == 2



def test_a_custom_plan_saved_under_older_rules_still_loads() -> None:
    """Before packed codes (rules 4) a plan's parameters were kept as spelled ("stamp=42"), so the
    old code cannot be recomputed; the seed hash still has to match, and a current code must."""
    from dataclasses import replace

    from game.run import Run
    from game.world.serial import run_data, run_from_data

    run = Run.from_plan("hello", "1-2:bsp,3:maze(stamp=42)")
    old = replace(run, rules_version=3)
    data = run_data(old) | {"code": "D3-ANY-OLD-CODE"}
    for recipe in data["recipes"]:
        if recipe["generator"] == "maze":
            recipe["params"].append(["stamp", "42"])  # as rules 3 stored it
    assert run_from_data(data).seed == "hello"
    with pytest.raises(ValueError, match="seed hash"):
        run_from_data(data | {"run_seed": data["run_seed"] + 1})
    with pytest.raises(ValueError, match="code"):
        wrong = run.code[:-1] + ("A" if run.code[-1] != "A" else "B")
        run_from_data(run_data(run) | {"code": wrong})
