"""Bad input outside save files: run files, replays, run codes and command-line values each give
one line and exit status 2, never a traceback (deeply nested files used to raise RecursionError).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import main


def one_line_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    try:
        code = main(list(argv))
    except SystemExit as leaving:
        code = int(str(leaving.code))
    out, err = capsys.readouterr()
    assert (code, out) == (2, ""), err
    assert err.count("\n") == 1 and "Traceback" not in err
    return err


def test_run_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    deep = tmp_path / "deep.toml"
    deep.write_text("seed = " + "[" * 5000 + "]" * 5000 + "\n")
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00seed")
    huge = tmp_path / "huge.toml"
    huge.write_bytes(b"#" * (1024 * 1024 + 1))
    assert "nested more than 32 levels deep" in one_line_error(
        capsys, "catalog", "--config", str(deep))
    assert "is not UTF-8 text" in one_line_error(capsys, "catalog", "--config", str(binary))
    assert "is larger than" in one_line_error(capsys, "autoplay", "--config", str(huge))
    assert "is not a regular file" in one_line_error(capsys, "catalog", "--config", str(tmp_path))
    assert "No such file" in one_line_error(capsys, "catalog", "--config", str(tmp_path / "no"))


def test_replay_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    deep = tmp_path / "deep.replay"
    deep.write_text('{"format": "delve-replay", "version": 1, "code": "D1-"}\n'
                    + "[" * 2000 + "]" * 2000 + "\n")
    assert "line 2: nested too deeply" in one_line_error(capsys, "replay", str(deep), "--verify")
    binary = tmp_path / "binary.replay"
    binary.write_bytes(b"\x80\x04\x95pickle")
    assert "is not UTF-8 text" in one_line_error(capsys, "replay", str(binary), "--verify")


def test_run_codes_seeds_and_plans(capsys: pytest.CaptureFixture[str]) -> None:
    assert "too long" in one_line_error(capsys, "catalog", "--code", "D1-" + "A" * 20_000)
    assert "start with D" in one_line_error(capsys, "catalog", "--code", "")
    assert "longer than 1000 bytes" in one_line_error(
        capsys, "autoplay", "--seed", "x" * 3000, "--turns", "2")
    assert "within 1..99" in one_line_error(
        capsys, "catalog", "--seed", "x", "--plan", "1-99999999999999999:bsp")


def test_numbers_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert "outside 1..10000000" in one_line_error(
        capsys, "autoplay", "--seed", "x", "--turns", "9" * 30)
    assert "is outside 1..10" in one_line_error(
        capsys, "catalog", "--seed", "x", "--depths", "1-" + "9" * 30)
    assert "outside 0..1000" in one_line_error(capsys, "bench", "saves", "--repeat", "-1")
    assert "saves has one fixed run" in one_line_error(capsys, "bench", "saves", "--sizes", "9x9")
