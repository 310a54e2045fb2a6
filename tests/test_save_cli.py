"""The command line: save-info on good and bad files, autoplay --save-to / --save-dir, the save
options, and bench saves. Bad input is one line and exit 2, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from save_games import forge, save_of, state_of
from test_save_format import pickle_payloads

from game.cli import main, play
from game.cli.parser import build_parser
from game.save import codec
from game.save.codec import load_bytes
from game.ui import saves
from game.world.serial import state_hash

ROOT = Path(__file__).resolve().parent.parent


def run_main(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Exit status, output and errors of `run.py ARGV` (argparse's own errors exit)."""
    try:
        code = main(list(argv))
    except SystemExit as leaving:
        code = int(str(leaving.code))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = run_main(capsys, *argv)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "Traceback" not in err
    return err.strip()


def test_save_info_of_a_valid_save(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "run.delve"
    path.write_bytes(save_of())
    game = load_bytes(save_of()).game
    code, out, _ = run_main(capsys, "save-info", str(path))
    assert code == 0
    assert f"format version {codec.FORMAT_VERSION}" in out
    assert f"run code:   {game.run.code}" in out
    assert f"depth:      {game.depth} of 3, turn {game.turn}" in out
    assert f"state hash: {state_hash(game)}" in out
    code, out, _ = run_main(capsys, "save-info", str(path), "--json")
    info = json.loads(out)
    assert code == 0
    assert (info["format_version"], info["code"], info["depth"], info["turn"]) == (
        codec.FORMAT_VERSION, game.run.code, game.depth, game.turn)
    assert info["state_hash"] == state_hash(game)
    assert info["player"]["hp"] == game.player.hp and info["player"]["level"] == game.hero.level


def bad_files(tmp_path: Path) -> dict[str, bytes]:
    blob = save_of()
    data, arrays = state_of()
    data["hero"].pop("gold")
    flipped = bytearray(blob)
    flipped[len(blob) // 2] ^= 4
    return {
        "empty": b"", "truncated": blob[: len(blob) // 3], "flipped": bytes(flipped),
        "random": os.urandom(3000), "text": b"just some notes\n", "missing": forge(data, arrays),
        "newer": forge(*state_of(), version=codec.FORMAT_VERSION + 1),
        **{f"pickle{n}": payload for n, payload in enumerate(pickle_payloads(tmp_path / "fired"))},
    }


def test_save_info_of_anything_else(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    expected = {
        "empty": "the file is empty", "truncated": "the file is truncated",
        "flipped": "checksum mismatch", "random": "not a Delve save",
        "text": "not a Delve save", "missing": "state: hero: missing field 'gold'",
        "newer": f"save format version {codec.FORMAT_VERSION + 1} is newer than this game's"
                 f" version {codec.FORMAT_VERSION}",
    }
    for name, blob in bad_files(tmp_path).items():
        path = tmp_path / f"{name}.delve"
        path.write_bytes(blob)
        line = one_line_error(capsys, "save-info", str(path), "--json")
        assert line.startswith(f"run.py save-info: error: {path}: ")
        assert expected.get(name, "") in line
    assert not (tmp_path / "fired").exists()
    assert "no such file" in one_line_error(capsys, "save-info", str(tmp_path / "nothing"))
    assert "is not a regular file" in one_line_error(capsys, "save-info", str(tmp_path))


def test_save_info_through_the_real_entry_point(tmp_path: Path) -> None:
    path = tmp_path / "bad.delve"
    path.write_bytes(save_of()[:-1])
    done = subprocess.run([sys.executable, "run.py", "save-info", str(path)], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"run.py save-info: error: {path}: the file is truncated (")
    assert done.stderr.count("\n") == 1


def test_autoplay_save_to_keeps_the_printed_state(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "deep" / "final.delve"
    code, out, _ = run_main(capsys, "autoplay", "--seed", "cli-save", "--turns", "150",
                            "--save-to", str(path), "--json")
    assert code == 0
    printed = json.loads(out)["state_hash"]
    assert state_hash(load_bytes(path.read_bytes()).game) == printed
    code, out, _ = run_main(capsys, "save-info", str(path), "--json")
    assert json.loads(out)["state_hash"] == printed
    code, out, _ = run_main(capsys, "autoplay", "--seed", "cli-save", "--turns", "150",
                            "--plan", "1-3:cave", "--save-to", str(path))
    assert code == 0 and out.split("state ")[-1].strip() == state_hash(
        load_bytes(path.read_bytes()).game)


def test_autoplay_save_dir_leaves_a_run_to_continue(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run_main(capsys, "autoplay", "--seed", "cli-slot", "--turns", "60",
                            "--save-dir", str(tmp_path), "--json")
    assert code == 0
    saves.configure(tmp_path)
    game = saves.saved_run()
    assert game is not None and state_hash(game) == json.loads(out)["state_hash"]
    code, _, _ = run_main(capsys, "--save-dir", str(tmp_path / "x"), "autoplay", "--seed", "s",
                          "--turns", "5")
    assert code == 0 and [path.name[:2] for path in (tmp_path / "x").glob("*.delve")] == ["s-"]


def test_bad_save_options(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("x")
    assert "exists and is not a folder" in one_line_error(capsys, "--save-dir", str(afile))
    assert "outside 1..100000" in one_line_error(capsys, "--autosave", "0")
    assert "'often' is not a whole number" in one_line_error(capsys, "--autosave", "often")
    assert "leave out --runs" in one_line_error(
        capsys, "autoplay", "--seed", "x", "--runs", "2", "--save-to", str(tmp_path / "f"))
    assert "cannot write" in one_line_error(
        capsys, "autoplay", "--seed", "x", "--turns", "3", "--save-to", str(afile / "inside"))
    assert "save-info" in one_line_error(capsys, "save-info")


def test_play_options_reach_the_save_hooks(tmp_path: Path) -> None:
    args = build_parser().parse_args(["--save-dir", str(tmp_path), "--autosave", "7"])
    play.configure_saves(args)
    assert (saves.folder(), saves.autosave_every()) == (tmp_path, 7)
    play.configure_saves(build_parser().parse_args([]))
    assert saves.autosave_every() == 100 and saves.folder() != tmp_path


def test_bench_saves_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(capsys, "bench", "saves", "--json", "--repeat", "1")
    report = json.loads(out)
    assert code == 0
    assert list(report) == ["save_ms", "load_ms", "reference_flood_ms"]
    assert all(isinstance(value, float) and value > 0 for value in report.values())
    code, out, _ = run_main(capsys, "bench", "saves", "--repeat", "1")
    assert code == 0 and "save a 10-floor run" in out and "load a 10-floor run" in out
