"""End-of-run records: where they go, what the morgue says, and a score table that survives
corruption and never pickles."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import platformdirs.windows
import pytest

from game import morgue
from game.morgue import Score, load_scores, record_score, write_morgue
from game.run import FloorRecipe, Run
from game.userfiles import data_dir
from game.world.dungeon import new_game
from game.world.kinds import Outcome
from game.world.model import Game, Item

RECIPES = (FloorRecipe(1, "cave", 50, 36), FloorRecipe(2, "maze", 41, 31))


def finished_game(seed: str = "morgue", gold: int = 40, outcome: str = "dead") -> Game:
    game = new_game(Run(seed, RECIPES))
    from game.world.dungeon import change_floor

    change_floor(game, 2, "arrival")
    game.turn = 321
    game.hero.gold = gold
    game.hero.xp = 130
    game.hero.level = 2
    game.outcome = Outcome(outcome)
    game.cause = "killed by a cave rat" if outcome == "dead" else "escaped with the relic"
    for number in range(30):
        game.log(f"message {number}")
    game.log("message 29")
    return game


# --- where --------------------------------------------------------------------------------------


def test_data_dir_argument_then_environment_then_platform(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("DELVE_DATA_DIR", str(tmp_path / "env"))
    assert data_dir(tmp_path / "arg") == tmp_path / "arg"
    assert data_dir() == tmp_path / "env"
    monkeypatch.delenv("DELVE_DATA_DIR")
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "delve"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")
    assert data_dir() == Path.home() / ".local" / "share" / "delve"
    monkeypatch.setattr("sys.platform", "win32")
    monkeypatch.setenv("APPDATA", str(tmp_path / "roaming"))
    # off Windows there is no registry to ask: platformdirs' reading of the environment stands in
    monkeypatch.setattr(platformdirs.windows, "get_win_folder",
                        platformdirs.windows.get_win_folder_from_env_vars)
    assert data_dir() == tmp_path / "roaming" / "Delve"
    monkeypatch.setattr("sys.platform", "darwin")
    assert data_dir() == Path.home() / "Library" / "Application Support" / "Delve"


# --- the morgue ---------------------------------------------------------------------------------


def test_morgue_names_everything_that_matters(tmp_path: Path) -> None:
    game = finished_game()
    path = write_morgue(game, tmp_path)
    assert path.parent == tmp_path / "morgue" and path.suffix == ".txt"
    text = path.read_text(encoding="utf-8")
    for expected in (
        "Run seed: morgue", "died: killed by a cave rat on depth 2", "Turns: 321",
        "Level 2", "XP 130", "Gold 40", f"Strength +{game.hero.strength}", f"HP {game.player.hp}/",
        "weapon: long sword (1d8, +0 to hit)", "body: leather armour (AC +2)",
        "potion of healing", f"depth 1: cave 50x36, fingerprint {game.floors[1].fingerprint}",
        f"depth 2: maze 41x31, fingerprint {game.floors[2].fingerprint}",
        "message 29 (x2)",
    ):
        assert expected in text, expected
    lines = text.split("Last 20 messages\n")[1].strip().splitlines()
    assert len(lines) == 20
    assert "message 9" not in text.split("Last 20 messages")[1]


def test_morgue_lists_stacks_with_valid_letters_and_the_key_ring(tmp_path: Path) -> None:
    game = finished_game()
    hero = game.hero
    for n in range(30):
        hero.inventory.append(Item(game.new_id(), "key", key_for=(n, 0)))
    for _ in range(5):
        hero.inventory.append(Item(game.new_id(), "scroll_mapping"))
    text = write_morgue(game, tmp_path).read_text(encoding="utf-8")
    assert "?)" not in text and "key ring: 30 keys" in text
    assert "scroll of magic mapping (x5)" in text
    letters = re.findall(r"^  ([a-z?])\) ", text, flags=re.MULTILINE)
    assert letters == list(string.ascii_lowercase[: len(letters)])


def test_morgue_never_overwrites_an_earlier_one(tmp_path: Path) -> None:
    first = write_morgue(finished_game(), tmp_path)
    second = write_morgue(finished_game(), tmp_path)
    assert first != second and first.exists() and second.exists()
    assert not [p for p in (tmp_path / "morgue").iterdir() if p.suffix == ".tmp"]


def test_morgue_of_a_winner_and_an_odd_seed(tmp_path: Path) -> None:
    game = finished_game(seed="../../etc/passwd ☃", outcome="won")
    path = write_morgue(game, tmp_path)
    assert path.parent == tmp_path / "morgue"
    assert "won: escaped with the relic" in path.read_text(encoding="utf-8")


def test_morgue_goes_to_the_environment_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("DELVE_DATA_DIR", str(tmp_path))
    assert write_morgue(finished_game()).parent == tmp_path / "morgue"


# --- scores -------------------------------------------------------------------------------------


def test_scores_round_trip_sorted_best_first(tmp_path: Path) -> None:
    assert load_scores(tmp_path) == []
    record_score(finished_game("a", gold=10), tmp_path, when="2026-01-01T00:00:00+00:00")
    record_score(finished_game("b", gold=500), tmp_path, when="2026-01-02T00:00:00+00:00")
    table = record_score(finished_game("c", gold=50, outcome="won"), tmp_path)
    assert [s.seed for s in table] == ["c", "b", "a"]
    assert load_scores(tmp_path) == table
    best = table[0]
    assert best.points == 50 + 130 + 2 * morgue.DEPTH_POINTS + morgue.WIN_BONUS
    assert (best.depth, best.turns, best.level, best.outcome) == (2, 321, 2, "won")
    raw = json.loads((tmp_path / "scores.json").read_text(encoding="utf-8"))
    assert raw["format"] == "delve-scores" and len(raw["scores"]) == 3
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_table_keeps_the_best_hundred(tmp_path: Path) -> None:
    table = [Score(n, f"s{n}", Outcome.DEAD, "", 1, 10, 1, 0, n, "t") for n in range(150)]
    morgue.save_scores(table, tmp_path)
    kept = record_score(finished_game(gold=10_000), tmp_path)
    assert len(kept) == morgue.MAX_SCORES and kept[0].seed == "morgue"
    assert [s.points for s in kept] == sorted((s.points for s in kept), reverse=True)


@pytest.mark.parametrize("content", [
    b"{not json", b"\xff\xfe", b"[]", b'{"format": "delve-scores", "version": 99, "scores": []}',
    b'{"format": "delve-scores", "version": 1, "scores": [{"points": "lots"}]}',
    b'{"format": "delve-scores", "version": 1, "scores": [7]}',
    b"\x80\x04\x95pickle",
    b"[" * 100_000 + b"]" * 100_000,  # nesting deep enough to exhaust the JSON decoder's stack
])
def test_a_corrupt_table_is_set_aside_with_a_message(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "scores.json").write_bytes(content)
    problems: list[str] = []
    assert load_scores(tmp_path, problems) == []
    assert len(problems) == 1 and "set aside" in problems[0]
    assert (tmp_path / "scores.json.corrupt-1").read_bytes() == content
    game = finished_game()
    table = record_score(game, tmp_path)
    assert [s.seed for s in table] == ["morgue"]
    assert load_scores(tmp_path) == table


def test_record_score_reports_a_corrupt_table_in_the_log(tmp_path: Path) -> None:
    (tmp_path / "scores.json").write_text("garbage", encoding="utf-8")
    game = finished_game()
    record_score(game, tmp_path)
    assert "set aside" in game.messages.shown()[-1].text
    assert (tmp_path / "scores.json.corrupt-1").exists()


def test_an_oversized_table_is_set_aside(tmp_path: Path) -> None:
    (tmp_path / "scores.json").write_bytes(b" " * (morgue.MAX_TABLE_BYTES + 1))
    problems: list[str] = []
    assert load_scores(tmp_path, problems) == []
    assert "larger than" in problems[0]


def test_an_unwritable_place_is_a_message_not_a_crash(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    game = finished_game()
    table = record_score(game, blocker)
    assert [s.seed for s in table] == ["morgue"]
    assert "Could not save the high scores" in game.messages.shown()[-1].text
    with pytest.raises(OSError):
        write_morgue(game, blocker)


def test_a_failed_write_keeps_the_old_table(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    record_score(finished_game("old"), tmp_path)
    before = (tmp_path / "scores.json").read_bytes()

    def broken(src: object, dst: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("os.replace", broken)
    game = finished_game("new")
    record_score(game, tmp_path)
    assert (tmp_path / "scores.json").read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert "disk full" in game.messages.shown()[-1].text


# --- run codes and daily runs ---------------------------------------------------------------------


def test_morgue_and_score_carry_the_run_code_and_mark_daily_runs(tmp_path: Path) -> None:
    game = finished_game()
    game.run = Run(game.run.seed, game.run.recipes, is_daily=True)
    text = write_morgue(game, tmp_path).read_text(encoding="utf-8")
    assert f"Run code: {game.run.code}\n" in text and "Run seed: morgue (daily run)" in text
    score = record_score(game, tmp_path)[0]
    assert (score.code, score.daily) == (game.run.code, True)
    assert load_scores(tmp_path) == [score]


def test_a_table_written_before_codes_still_loads(tmp_path: Path) -> None:
    old = {"points": 5, "seed": "s", "outcome": "dead", "cause": "", "depth": 1, "turns": 9,
           "level": 1, "xp": 0, "gold": 5, "when": "t"}
    (tmp_path / "scores.json").write_text(json.dumps(
        {"format": "delve-scores", "version": 1, "scores": [old]}), encoding="utf-8")
    assert load_scores(tmp_path) == [Score(5, "s", Outcome.DEAD, "", 1, 9, 1, 0, 5, "t")]
    bad = {**old, "daily": "yes"}
    (tmp_path / "scores.json").write_text(json.dumps(
        {"format": "delve-scores", "version": 1, "scores": [bad]}), encoding="utf-8")
    problems: list[str] = []
    assert load_scores(tmp_path, problems) == [] and "daily" in problems[0]


def test_daily_runs_are_kept_apart_from_plain_ones(tmp_path: Path) -> None:
    plain = [Score(1000 + n, f"p{n}", Outcome.DEAD, "", 1, 10, 1, 0, n, "t") for n in range(100)]
    daily = [Score(n, f"d{n}", Outcome.DEAD, "", 1, 10, 1, 0, n, "t", daily=True) for n in range(5)]
    morgue.save_scores(plain + daily, tmp_path)
    table = record_score(finished_game(gold=10_000), tmp_path)
    assert sum(s.daily for s in table) == 5  # low daily scores are not pushed out by plain ones
    assert sum(not s.daily for s in table) == morgue.MAX_SCORES
